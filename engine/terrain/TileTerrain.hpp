#pragma once
/// \file TileTerrain.hpp
/// The terrain name of one tile of a Tiled map, and where it came from, so that any Tiled map
/// plays: a tile's terrain is, in this order,
///
/// 1. its string custom property `terrain` (Tiled: Tileset editor > tile > Custom Properties);
/// 2. else its wang colour: of the first wang set of its tileset that lists the tile, the colour
///    that covers most of the tile's eight corners and edges (corner, edge and mixed sets alike:
///    Tiled leaves the slots a set does not use at 0). A tie goes to the dearer terrain under
///    the rules given (impassable before any cost, then the higher cost x multiplier; a name the
///    rules do not know costs 1), then to the colour listed first;
/// 3. else its class (Tiled 1.9+ `class`, older `type`).
///
/// An empty value counts as none. When rules are given and know the name (without regard to
/// case, or as one of a terrain's `aliases`), the name is the rules' spelling ("Water" ->
/// "water"); else it stays as the map writes it.
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// const isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();   // checked: MapLoader.hpp
/// const isostar::terrain::TerrainConfig config = isostar::terrain::defaultTerrainConfig();
/// const isostar::map::Gid gid = map.layers[0].tiles.at(0, 0);   // the tile at the ground layer's (0,0)
/// if (auto t = isostar::terrain::tileTerrainName(map, gid, &config.base))
///     std::cout << t->name << " from the " << isostar::terrain::originText(*t) << '\n';
/// \endcode

#include "engine/map/MapData.hpp"
#include "engine/terrain/TerrainRules.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace isostar::terrain {

/// Which of the three places gave a tile its terrain name.
enum class TerrainNameSource {
    Property,  ///< the tile's `terrain` property
    WangColor, ///< a wang colour of its tileset
    Class,     ///< the tile's class / type
};

struct TileTerrainName {
    std::string name;          ///< the rules' spelling when they know it, else as written
    TerrainNameSource source = TerrainNameSource::Property;
    std::string file;          ///< file name (no folder) of the tileset: its .tsx/.tsj, or the map for an inline one
    bool operator==(const TileTerrainName&) const = default;
};

/// The terrain name of a gid's tile (flip bits removed); nullopt for gid 0, an unknown gid or a
/// tile that gives none. `rules` [opt] break wang ties and give names their spelling.
std::optional<TileTerrainName> tileTerrainName(const map::MapData& map, map::Gid gid,
                                               const TerrainRules* rules = nullptr);

/// "terrain property", "wang colour", "class".
std::string_view terrainNameSourceName(TerrainNameSource source);
/// Where the name came from, for messages: "wang colour in desert.tsx".
std::string originText(const TileTerrainName& t);

/// The one wording of a terrain name the rules do not know (warnings, isopath info, the game's
/// tile panel): `unknown terrain "Brick" (wang colour in desert.tsx) costs 1: add
/// [terrain.brick] to the config`; without `origin` the parenthesis is left out.
std::string unknownTerrainText(std::string_view name, std::string_view origin);

} // namespace isostar::terrain
