#pragma once
/// \file Palette.hpp
/// The brush palette: every tile of a map's tilesets that carries a `terrain` property, as the
/// editor HUD lists it. Autotiled terrains (roads, walls) appear once, as their representative
/// tile: the brush picks the connection variant from the neighbours when painting.
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// const isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();   // checked: MapLoader.hpp
/// for (const isostar::edit::BrushTile& b : isostar::edit::buildPalette(map))
///     std::cout << b.tileset << '#' << b.localId << ' ' << b.terrain << (b.overlay ? " (overlay)" : "") << '\n';
/// \endcode

#include "engine/map/MapData.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace isostar::edit {

class TileCatalog;

/// One palette entry.
struct BrushTile {
    std::uint32_t gid = 0;       ///< global id in the map
    std::string terrain;         ///< the tile's `terrain` property
    bool overlay = false;        ///< goes to the overlay layer (else the ground layer)
    bool autotile = false;       ///< part of an edge wang set: the variant is picked from the neighbours
    std::string tileset;         ///< tileset name
    int localId = 0;             ///< id inside the tileset
    bool operator==(const BrushTile&) const = default;
};

/// Every tile of the map's tilesets with a non-empty `terrain` property, in tileset then id
/// order; for an autotiled terrain (all tiles of one wang colour, see TileCatalog.hpp) one entry
/// per terrain (the representative tile), at the place of the family's lowest-id tile. Transition
/// tiles are left out: a tile of a corner or mixed wang set whose corners are not all one colour
/// (ground.tsx's grass with snow drifting into a corner) is a border, not a brush.
std::vector<BrushTile> buildPalette(const map::MapData& map);
/// Same, from a catalog already built for `map`.
std::vector<BrushTile> buildPalette(const map::MapData& map, const TileCatalog& catalog);

/// "ground#31 road (overlay, autotile) gid 32".
std::ostream& operator<<(std::ostream& os, const BrushTile& b);

} // namespace isostar::edit
