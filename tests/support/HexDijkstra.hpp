#pragma once
/// \file HexDijkstra.hpp
/// The plain Dijkstra that hex-grid tests hold the engine's searches against, written from the
/// rule's text and sharing no code with engine/core/GridTopology: a cell's neighbours are the six
/// cells that share an edge with it (found here by the doubled-coordinates picture of the layout:
/// shoved lines sit half a cell over), every step costs the entered cell's cost.

#include "engine/path/CostField.hpp"
#include "tests/support/ReferenceDijkstra.hpp"

#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace testsupport {

/// One of Tiled's four hex layouts: staggeraxis y (rows shoved right) or x (columns shoved
/// down); staggerindex odd (odd lines shoved) or even.
struct HexLayoutRef {
    bool columns = false;
    bool odd = true;
};

inline constexpr HexLayoutRef kHexLayouts[] = {{false, true}, {false, false}, {true, true}, {true, false}};

/// True when a and b share an edge. In doubled coordinates (the shoved line's cells sit one
/// half-cell unit over) neighbours along a line are 2 apart, across lines 1 apart both ways.
inline bool hexAdjacent(HexLayoutRef l, isostar::TileCoord a, isostar::TileCoord b)
{
    auto shoved = [&](int line) { return ((line & 1) != 0) == l.odd; };
    // along = the doubled coordinate along the lines, across = the line index.
    const int lineA = l.columns ? a.x : a.y, lineB = l.columns ? b.x : b.y;
    const int alongA = 2 * (l.columns ? a.y : a.x) + (shoved(lineA) ? 1 : 0);
    const int alongB = 2 * (l.columns ? b.y : b.x) + (shoved(lineB) ? 1 : 0);
    const int dLine = lineA > lineB ? lineA - lineB : lineB - lineA;
    const int dAlong = alongA > alongB ? alongA - alongB : alongB - alongA;
    return (dLine == 0 && dAlong == 2) || (dLine == 1 && dAlong == 1);
}

/// Cheapest cost from `start` to every cell (Unreachable: +infinity); `extra` [opt] is added to
/// the cost of entering each cell (a per-cell array, e.g. an overlay's penalty).
inline std::vector<double> hexDijkstra(const isostar::path::CostField& f, HexLayoutRef l, isostar::TileCoord start,
                                       const std::vector<double>* extra = nullptr)
{
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> dist(f.cost.size(), inf);
    if (!f.passable(start))
        return dist;
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    dist[std::size_t(start.y * f.width + start.x)] = 0.0;
    open.push({0.0, start.y * f.width + start.x});
    while (!open.empty()) {
        const auto [d, i] = open.top();
        open.pop();
        if (d > dist[std::size_t(i)])
            continue;
        const isostar::TileCoord c{i % f.width, i / f.width};
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const isostar::TileCoord n{c.x + dx, c.y + dy};
                if (!f.passable(n) || !hexAdjacent(l, c, n))
                    continue;
                const std::size_t j = std::size_t(n.y * f.width + n.x);
                const double nd = d + double(f.at(n)) + (extra ? (*extra)[j] : 0.0);
                if (nd < dist[j]) {
                    dist[j] = nd;
                    open.push({nd, int(j)});
                }
            }
    }
    return dist;
}

} // namespace testsupport
