#pragma once
/// \file Formation.hpp
/// Goal tiles for a group order: every unit gets a distinct, reachable tile near the clicked one.

#include "engine/core/TileCoord.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "game/rules/CellMarks.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace game {

struct FormationResult {
    /// The tile the formation is built around: the clicked tile, or the reachable tile closest
    /// to it when the click was on a wall or on another island. nullopt: click off the map or
    /// no unit can move.
    std::optional<isostar::TileCoord> anchor;
    bool anchorMoved = false;            ///< true when the clicked tile was not reachable
    std::vector<isostar::TileCoord> goals;   ///< goals[i] for units[i]; distinct tiles
};

/// Is a tile taken by a unit that is not part of the order (never a formation goal)?
using FormationBlocked = std::function<bool(isostar::TileCoord)>;

/// Where planFormation works, kept between calls by a caller that plans many formations (no
/// allocation once its buffers have grown). Its contents mean nothing between calls.
struct FormationScratch {
    struct Pair {
        std::int64_t d;  ///< squared distance from the unit to the candidate
        std::uint32_t cand, unit;
    };
    CellMarks seen;                          ///< the flood's visited cells (sized by the flood, not the map)
    std::vector<isostar::TileCoord> queue;       ///< the flood's queue: every cell it visited
    std::vector<isostar::TileCoord> candidates;  ///< the flood's picks, closest first
    std::vector<char> assigned, taken;       ///< per unit / per candidate: paired
    std::vector<int> unitIsland, candIsland;
    std::vector<Pair> pairs;                 ///< unit-candidate pairs: a heap by distance per unit
    std::vector<std::pair<std::size_t, std::size_t>> ranges;  ///< per unit: its heap in `pairs`
    std::vector<Pair> heads;                 ///< each unit's first pair, a heap
};

/// Builds a formation on one layer of `grid` around `clicked` for units standing on `units`
/// (their current cells). Candidate tiles are flooded outward from the anchor over passable
/// cells (4-neighbours, on a hex grid the six edge neighbours, so a wall is never crossed to
/// reach a candidate), skipping the tiles
/// `blocked` answers true for (tiles of units that are not part of the order; asked once per
/// cell the flood reaches, so its cost is the flood's, not the number of units); the closest
/// ones (Euclidean, between hexagon centres on a hex grid; then row-major) are assigned to the units greedily by shortest
/// unit-to-goal distance, so units do not swap sides. Every goal is reachable from its unit
/// (same island of the layer). Cost: the cells the flood visits (4 per unit + 8 candidates and
/// the blocked tiles among them) and the pairs of units and candidates, never the map's size;
/// `scratch` holds memory in proportion to the same. `query` finds the closest reachable tile of an unreachable click
/// (a Partial search). `scratch`: buffers reused from an earlier call.
/// Units of `unitSize` > 1 (all of them; `layer` is their footprint layer, Footprint.hpp):
/// goals are the footprints' northern corners, on a lattice of step `unitSize` from the anchor
/// so no two goals overlap, and a goal whose footprint holds a blocked tile is never picked.
FormationResult planFormation(const isostar::path::NavGrid& grid, int layer, isostar::path::GridQuery& query,
                              isostar::TileCoord clicked, std::span<const isostar::TileCoord> units,
                              const FormationBlocked& blocked, FormationScratch& scratch, int unitSize = 1);

/// The same with the blocked tiles as a list (fresh scratch).
FormationResult planFormation(const isostar::path::NavGrid& grid, int layer, isostar::path::GridQuery& query,
                              isostar::TileCoord clicked, std::span<const isostar::TileCoord> units,
                              std::span<const isostar::TileCoord> blocked);

} // namespace game
