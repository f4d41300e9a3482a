#pragma once
/// \file ReferenceDijkstra.hpp
/// The plain Dijkstra that randomized tests hold GridPathfinder against: written as simply as
/// possible (std::priority_queue, bounds-checked neighbours, no padding, no islands), straight
/// from the movement rules' text, so it shares no code with the search it checks.

#include "engine/path/CostField.hpp"
#include "engine/path/MoveRules.hpp"

#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace testsupport {

inline constexpr double Unreachable = std::numeric_limits<double>::infinity();

/// Every diagonal rule, for tests that cover them all.
inline constexpr isostar::path::DiagonalMode kAllDiagonalModes[] = {
    isostar::path::DiagonalMode::Never, isostar::path::DiagonalMode::NoCornerCutting,
    isostar::path::DiagonalMode::AtMostOneObstacle, isostar::path::DiagonalMode::Always};

/// May a unit step from `from` by (dx, dy) (each in -1..1) under `mode`?
inline bool canStep(const isostar::path::CostField& f, isostar::path::DiagonalMode mode, isostar::TileCoord from,
                    int dx, int dy)
{
    using isostar::path::DiagonalMode;
    const isostar::TileCoord to{from.x + dx, from.y + dy};
    if (!f.passable(to))
        return false;
    if (dx == 0 || dy == 0)
        return true;
    const bool a = f.passable({from.x + dx, from.y});
    const bool b = f.passable({from.x, from.y + dy});
    switch (mode) {
    case DiagonalMode::Never: return false;
    case DiagonalMode::NoCornerCutting: return a && b;
    case DiagonalMode::AtMostOneObstacle: return a || b;
    case DiagonalMode::Always: return true;
    }
    return false;
}

/// Cost of entering `to`, times the diagonal factor for a diagonal step.
inline double stepCost(const isostar::path::CostField& f, const isostar::path::MoveRules& rules, isostar::TileCoord to,
                       bool diagonal)
{
    const double c = double(f.at(to));
    return diagonal ? c * rules.diagonalFactor : c;
}

/// Single-source Dijkstra: the cheapest cost from `start` to every cell (Unreachable if none).
inline std::vector<double> referenceDijkstra(const isostar::path::CostField& f, const isostar::path::MoveRules& rules,
                                             isostar::TileCoord start)
{
    std::vector<double> dist(f.cost.size(), Unreachable);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    dist[std::size_t(f.index(start))] = 0.0;
    open.push({0.0, f.index(start)});
    while (!open.empty()) {
        const auto [d, i] = open.top();
        open.pop();
        if (d > dist[std::size_t(i)])
            continue;
        const isostar::TileCoord c = f.coord(i);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if ((dx == 0 && dy == 0) || !canStep(f, rules.diagonal, c, dx, dy))
                    continue;
                const isostar::TileCoord n{c.x + dx, c.y + dy};
                const double nd = d + stepCost(f, rules, n, dx != 0 && dy != 0);
                if (nd < dist[std::size_t(f.index(n))]) {
                    dist[std::size_t(f.index(n))] = nd;
                    open.push({nd, f.index(n)});
                }
            }
    }
    return dist;
}

} // namespace testsupport
