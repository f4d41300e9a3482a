#pragma once
/// \file JumpQuery.hpp
/// Internal to engine/path: the part of a jump query around WeightedJumpSearch's search loop:
/// the refusals, the same-island search or the partial path to the closest reachable cell, and
/// the cell-by-cell path from the jump points.

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/detail/ClosestCells.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <vector>

namespace isostar::path::detail {

/// The status a jump query refuses with before searching (`supported`: the search supports
/// the layer and its jump data matches it), or nullopt when it may search. Clears `out`.
/// `startOpen(start)`, asked of a cell inside the grid: its passability (the jump table's open
/// plane, in cache where the layer's costs are not; the grid's by default).
template <class StartOpen>
std::optional<PathStatus> refuseJumpQuery(const NavGrid& grid, bool supported, TileCoord start, TileCoord goal,
                                          PathResult& out, const StartOpen& startOpen)
{
    out.path.clear();
    out.cost = 0.0;
    out.expanded = 0;
    if (!supported)
        return PathStatus::InvalidInput;
    if (!grid.inBounds(start) || !startOpen(start))
        return PathStatus::StartInvalid;
    if (!grid.inBounds(goal))
        return PathStatus::GoalInvalid;
    return std::nullopt;
}

inline std::optional<PathStatus> refuseJumpQuery(const NavGrid& grid, int layer, bool supported, TileCoord start,
                                                 TileCoord goal, PathResult& out)
{
    return refuseJumpQuery(grid, supported, start, goal, out,
                           [&grid, layer](TileCoord c) { return grid.passable(layer, c); });
}

/// Runs a jump query on `layer` from padded start to goal and sets out.status and
/// out.expanded; `write(startNode, endNode)` fills out.path and out.cost. The search is
/// `search(startNode, goalNode, expanded)` (true when it reached the goal; the scratch then
/// holds that search) and `g(node)` the cost it found. Goal on another island: NoPath without
/// a search when partial paths are off; else the start island's cells closest (Euclidean) to
/// the goal, searched one by one, the cheapest kept (ties: lower row-major index, as
/// GridQuery) and searched again last unless it already was.
template <class Search, class G, class Write>
PathStatus runJumpQuery(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, bool partialPaths,
                        std::vector<std::uint32_t>& targets, PathResult& out, Search&& search, G&& g, Write&& write)
{
    const std::int32_t* islands = grid.paddedIslands(layer);
    const std::uint32_t startNode = grid.toNode(start);
    const std::uint32_t goalNode = grid.toNode(goal);
    int expanded = 0;
    if (islands[goalNode] == islands[startNode]) {
        // Same island: the search reaches the goal (an exhausted open list would be a bug;
        // it is reported as NoPath rather than a path through stale parents).
        const bool reached = search(startNode, goalNode, expanded);
        if (reached)
            write(startNode, goalNode);
        out.status = reached ? PathStatus::Found : PathStatus::NoPath;
        out.expanded = expanded;
        return out.status;
    }
    if (!partialPaths) {
        out.status = PathStatus::NoPath;
        return out.status;
    }
    closestCellsOnIsland(islands, islands[startNode], grid.width(), grid.height(), goal, targets);
    std::sort(targets.begin(), targets.end());
    constexpr std::uint32_t kNoTarget = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t bestTarget = kNoTarget;
    double bestCost = 0.0;
    for (std::uint32_t t : targets) {
        if (!search(startNode, t, expanded))
            continue;  // cannot happen: the candidates are on the start's island
        if (bestTarget == kNoTarget || g(t) < bestCost) {
            bestTarget = t;
            bestCost = g(t);
        }
    }
    out.expanded = expanded;
    if (bestTarget == kNoTarget) {
        out.status = PathStatus::NoPath;
        return out.status;
    }
    if (bestTarget != targets.back()) {
        search(startNode, bestTarget, expanded);  // the scratch holds the last search only
        out.expanded = expanded;
    }
    write(startNode, bestTarget);
    out.status = PathStatus::Partial;
    return out.status;
}

/// Fills `jumps` with the jump points start..end, `parentOf(node)` giving each one's parent
/// (the start is its own) over padded nodes of row length `stride` (`rowOf(node)`: node /
/// stride).
template <class RowOfNode, class ParentOf>
void collectJumpPoints(std::uint32_t startNode, std::uint32_t endNode, int stride, const RowOfNode& rowOf,
                       const ParentOf& parentOf, std::vector<TileCoord>& jumps)
{
    jumps.clear();
    for (std::uint32_t n = endNode;; n = parentOf(n)) {
        const int y = rowOf(n);
        jumps.push_back({int(n) - y * stride - 1, y - 1});
        if (n == startNode)
            break;
    }
    std::reverse(jumps.begin(), jumps.end());
}

/// Fills `path` with the cells of the jump points `jumps` (collectJumpPoints). A jump runs
/// diagonally first, then straight along the longer axis: a straight or diagonal jump is the
/// case with one leg.
inline void cellsOfJumps(const std::vector<TileCoord>& jumps, std::vector<TileCoord>& path)
{
    std::size_t cells = 1;
    for (std::size_t i = 1; i < jumps.size(); ++i)
        cells += std::size_t(std::max(std::abs(jumps[i].x - jumps[i - 1].x), std::abs(jumps[i].y - jumps[i - 1].y)));
    path.resize(cells);
    TileCoord* out = path.data();
    *out++ = jumps[0];
    for (std::size_t i = 1; i < jumps.size(); ++i) {
        const TileCoord a = jumps[i - 1];
        const TileCoord b = jumps[i];
        const int ax = std::abs(b.x - a.x);
        const int ay = std::abs(b.y - a.y);
        const int diagonalSteps = std::min(ax, ay);
        const int straightSteps = std::max(ax, ay) - diagonalSteps;
        const int sx = (b.x > a.x) - (b.x < a.x);
        const int sy = (b.y > a.y) - (b.y < a.y);
        for (int s = 1; s <= diagonalSteps; ++s)
            out[s - 1] = {a.x + sx * s, a.y + sy * s};
        out += diagonalSteps;
        const TileCoord m{a.x + sx * diagonalSteps, a.y + sy * diagonalSteps};
        const int tx = ax > ay ? sx : 0;  // the straight leg's step
        const int ty = ay > ax ? sy : 0;
        for (int s = 1; s <= straightSteps; ++s)
            out[s - 1] = {m.x + tx * s, m.y + ty * s};
        out += straightSteps;
    }
}

/// The cost of a path on a uniform layer from its jump points (collectJumpPoints), summed step
/// by step in path order as A* sums it (`cell`: the cost of every cell, `diagonal`: of a
/// diagonal step), without reading the cells.
inline double uniformJumpCost(const std::vector<TileCoord>& jumpPoints, double cell, double diagonal)
{
    double cost = 0.0;
    for (std::size_t i = 1; i < jumpPoints.size(); ++i) {
        const int ax = std::abs(jumpPoints[i].x - jumpPoints[i - 1].x);
        const int ay = std::abs(jumpPoints[i].y - jumpPoints[i - 1].y);
        for (int s = std::min(ax, ay); s > 0; --s)
            cost += diagonal;
        for (int s = std::max(ax, ay) - std::min(ax, ay); s > 0; --s)
            cost += cell;
    }
    return cost;
}

} // namespace isostar::path::detail
