#pragma once
/// \file ArticleTerrain.hpp
/// Generated weighted maps with the article's terrain rules, for pathbench: grass 1, snow 3,
/// road x0.5, walls impassable, erupting volcanoes (each within d <= 4.5 divides the cost by
/// (5 - d) * 2) and tombstones (each within d <= 2.5 multiplies it by ((3 - d) + 0.5) * 1.1).
/// Closed rooms without doors make islands, so unreachable goals exist.

#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"

#include <cstdint>
#include <vector>

namespace pathbench {

struct ArticleMap {
    isostar::path::CostField field;
    std::vector<isostar::TileCoord> closedRoomCells;  ///< one passable cell inside each doorless room
};

/// Deterministic for a given (width, height, seed) on a given standard library.
ArticleMap generateArticleTerrain(int width, int height, std::uint32_t seed);

} // namespace pathbench
