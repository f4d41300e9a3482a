#pragma once
/// \file Formation.hpp
/// Goal tiles for a group order: every unit gets a distinct, reachable tile near the clicked one.

#include "engine/core/TileCoord.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"

#include <optional>
#include <span>
#include <vector>

namespace game {

struct FormationResult {
    /// The tile the formation is built around: the clicked tile, or the reachable tile closest
    /// to it when the click was on a wall or on another island. nullopt: click off the map or
    /// no unit can move.
    std::optional<eng::TileCoord> anchor;
    bool anchorMoved = false;            ///< true when the clicked tile was not reachable
    std::vector<eng::TileCoord> goals;   ///< goals[i] for units[i]; distinct tiles
};

/// Builds a formation on one layer of `grid` around `clicked` for units standing on `units`
/// (their current cells). Candidate tiles are flooded outward from the anchor over passable
/// cells (4-neighbours, so a wall is never crossed to reach a candidate), skipping `blocked`
/// (tiles of units that are not part of the order); the closest ones (Euclidean, then
/// row-major) are assigned to the units greedily by shortest unit-to-goal distance, so units do
/// not swap sides. Every goal is reachable from its unit (same island of the layer). `query`
/// finds the closest reachable tile of an unreachable click (a Partial search).
FormationResult planFormation(const eng::path::NavGrid& grid, int layer, eng::path::GridQuery& query,
                              eng::TileCoord clicked, std::span<const eng::TileCoord> units,
                              std::span<const eng::TileCoord> blocked);

} // namespace game
