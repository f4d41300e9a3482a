#pragma once
/// \file ClosestCells.hpp
/// The cells of one island closest (Euclidean) to a goal, for partial paths (GridQuery and
/// the jump search share it).

#include "engine/core/GridTopology.hpp"
#include "engine/core/TileCoord.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace isostar::path::detail {

/// Fills `out` with the padded nodes (stride = width + 2, one cell of padding) of the cells of
/// `island` at the smallest squared distance to `goal`, in ring order. Scans square rings of
/// growing Chebyshev radius r around the goal: a cell on ring r is at least r away, so once r^2
/// exceeds the best squared distance no closer cell can follow. O(r^2) for a goal r cells from
/// the island; the island itself is not searched. Hex grids (`topology`): closest in hex steps
/// (the square of the hex distance: a cell on ring r is at least r steps away, so the same bound
/// holds).
inline void closestCellsOnIsland(const std::int32_t* islands, std::int32_t island, int width, int height,
                                 TileCoord goal, std::vector<std::uint32_t>& out,
                                 const GridTopology& topology = GridTopology::square())
{
    out.clear();
    long long best = std::numeric_limits<long long>::max();
    const int stride = width + 2;
    auto consider = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height)
            return;
        const std::uint32_t node = std::uint32_t((y + 1) * stride + x + 1);
        if (islands[node] != island)
            return;
        const long long dx = x - goal.x;
        const long long dy = y - goal.y;
        const long long dh = topology.hex ? topology.hexDistance({x, y}, goal) : 0;
        const long long d2 = topology.hex ? dh * dh : dx * dx + dy * dy;
        if (d2 < best) {
            best = d2;
            out.clear();
        }
        if (d2 == best)
            out.push_back(node);
    };
    const int maxR = std::max(width, height);
    for (int r = 0; r <= maxR && (long long)r * r <= best; ++r) {
        if (r == 0) {
            consider(goal.x, goal.y);
            continue;
        }
        for (int x = goal.x - r; x <= goal.x + r; ++x) {
            consider(x, goal.y - r);
            consider(x, goal.y + r);
        }
        for (int y = goal.y - r + 1; y <= goal.y + r - 1; ++y) {
            consider(goal.x - r, y);
            consider(goal.x + r, y);
        }
    }
}

} // namespace isostar::path::detail
