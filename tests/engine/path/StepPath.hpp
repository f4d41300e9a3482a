#pragma once
// The shape check of a cell-by-cell path that the jump point search tests share
// (JumpPointSearchTest, WeightedJumpSearchTest).

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

namespace testsupport {

/// Checks that r.path starts at `start`, is 8-connected over passable cells, never cuts a
/// corner (a diagonal step has both orthogonal neighbours passable), and that its step costs
/// (the entered cell's cost, x the diagonal factor for a diagonal step), summed in path order,
/// give r.cost exactly.
inline void checkStepPath(const isostar::path::NavGrid& grid, int layer, const isostar::path::PathResult& r,
                          isostar::TileCoord start)
{
    REQUIRE_FALSE(r.path.empty());
    CHECK(r.path.front() == start);
    const double diag = grid.rules(layer).diagonalFactor;
    double sum = 0.0;
    for (std::size_t i = 1; i < r.path.size(); ++i) {
        const isostar::TileCoord a = r.path[i - 1];
        const isostar::TileCoord b = r.path[i];
        const int dx = b.x - a.x;
        const int dy = b.y - a.y;
        INFO("step " << i << ": " << a << " -> " << b);
        REQUIRE(std::abs(dx) <= 1);
        REQUIRE(std::abs(dy) <= 1);
        REQUIRE((dx != 0 || dy != 0));
        REQUIRE(grid.passable(layer, b));
        const double c = double(grid.cost(layer, b));
        if (dx != 0 && dy != 0) {
            REQUIRE(grid.passable(layer, {a.x + dx, a.y}));
            REQUIRE(grid.passable(layer, {a.x, a.y + dy}));
            sum = sum + c * diag;
        } else {
            sum = sum + c;
        }
    }
    CHECK(sum == r.cost);
}

} // namespace testsupport
