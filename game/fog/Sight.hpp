#pragma once
/// \file Sight.hpp
/// Line of sight on a grid of cells, for the fog of war. Pure functions over a SightMap (which
/// cells stop sight); no window, no game state.
///
/// A cell `to` is in sight of a unit on cell `from` within radius r when
/// - it lies within the radius: dx^2 + dy^2 <= r^2 + r (the distance rounded to the nearest
///   cell is at most r, so with r >= 1 all eight neighbours are seen), and
/// - the straight line from the centre of `from` to the centre of `to` enters no blocking cell
///   before `to` (the blocking cell itself is seen). Where the line passes exactly through a
///   corner it is stopped only when both cells beside that corner block (a diagonal wall seals,
///   a single corner does not). The eight neighbours are always in sight (radius >= 1): a unit
///   knows every cell it could step into, even diagonally between two walls.
///
/// Hex maps (SightMap::topology): the radius counts hex steps (hexDistance <= r), the line is Red
/// Blob Games' cube lerp between the two centres (GridTopology::hexLineCell), and where it runs
/// exactly along an edge between two cells it is stopped only when the cells on both sides block
/// (it looks along both of its nudged lines). The six neighbours are always in sight.
///
/// \code
/// game::SightMap map = game::sightBlockers(world.terrains[0].terrain);
/// std::vector<isostar::TileCoord> seen;
/// game::cellsInSight(map, {4, 4}, 7, seen);
/// \endcode

#include "engine/core/GridShape.hpp"
#include "engine/core/GridTopology.hpp"
#include "engine/core/TileCoord.hpp"

#include <algorithm>

#include <cstdint>
#include <vector>

namespace isostar::terrain {
class TerrainField;
}

namespace game {

/// Which cells stop sight (1) and which do not (0), row-major; and which are void (not part of
/// the map: off a staggered map's cells or an infinite map's tiles, isostar::terrain::TerrainGrid).
struct SightMap {
    isostar::GridShape shape;
    std::vector<std::uint8_t> blocks;  ///< per cell, shape.index(c)
    std::vector<std::uint8_t> voids;   ///< [opt] 1 = a void cell, per cell; empty = no void cell
    isostar::GridTopology topology;    ///< square, or the hex layout of a hexagonal map

    SightMap() = default;
    /// A w x h map where nothing blocks.
    SightMap(int w, int h) : shape{std::max(0, w), std::max(0, h)}, blocks(shape.size(), 0) {}
    bool inBounds(isostar::TileCoord c) const { return shape.inBounds(c); }
    /// True for a blocking in-bounds cell; cells off the map do not block (nothing lies there).
    bool blocking(isostar::TileCoord c) const { return inBounds(c) && blocks[shape.index(c)] != 0; }
    /// True for an in-bounds void cell.
    bool isVoid(isostar::TileCoord c) const { return inBounds(c) && !voids.empty() && voids[shape.index(c)] != 0; }
    void set(isostar::TileCoord c, bool block)
    {
        if (inBounds(c))
            blocks[shape.index(c)] = block ? 1 : 0;
    }
};

/// The cells of a terrain field whose effective terrains (those not hidden by a covering one)
/// include one with `blocks_sight`, under the field's rules; the field's void cells as voids.
SightMap sightBlockers(const isostar::terrain::TerrainField& field);

/// True when `radius` reaches from `from` to `to` (dx^2 + dy^2 <= radius^2 + radius).
bool withinSight(isostar::TileCoord from, isostar::TileCoord to, int radius);
/// withinSight() on a grid of `topology` (hex: hexDistance(from, to) <= radius).
bool withinSight(const isostar::GridTopology& topology, isostar::TileCoord from, isostar::TileCoord to, int radius);

/// True when the line from the centre of `from` to the centre of `to` enters no blocking cell
/// of `map` before `to` (see the file comment). A cell always sees itself.
bool lineOfSight(const SightMap& map, isostar::TileCoord from, isostar::TileCoord to);

/// Appends to `out` every in-bounds cell in sight of `from` within `radius` (radius < 0: none;
/// radius 0: the cell itself), row by row.
void cellsInSight(const SightMap& map, isostar::TileCoord from, int radius, std::vector<isostar::TileCoord>& out);

} // namespace game
