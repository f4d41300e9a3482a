/// \file GridQueryHex.cpp
/// GridQuery's search loop on hexagonal grids (NavGrid::topology().hex): the six cells that
/// share an edge, every step the entered cell's cost, h = hPadded (the hex distance x the
/// layer's heuristic scale, or the landmark bound where larger). One loop for every kind of
/// query (overlay, greedy, traced, multi-target: read at run time), in the same open-list order
/// as the square loops (keys (f, h, cell); greedy (h, g, cell)).
#include "engine/path/GridQuery.hpp"

#include "engine/path/detail/OpenList.hpp"

namespace isostar::path {

namespace {

/// The open list's key: (f, h, cell) for A*, (h, g, cell) for greedy best-first.
detail::HeapEntry hexEntry(bool greedy, double g, double h, int x, int y)
{
    return greedy ? detail::greedyEntry(g, h, x, y) : detail::exactEntry(g, h, x, y);
}

} // namespace

void GridQuery::expandHex(detail::OpenList& open, std::uint32_t cur, int x, int y, double g)
{
    SearchTrace* const trace = m_search.trace;
    const bool recordNb = trace && trace->recordNeighbours;
    const float* const costs = m_search.grid->paddedCosts(m_search.layer);
    const detail::HexSteps& hex = m_search.hex;
    const std::uint32_t openStamp = m_generation;
    const std::uint32_t closedStamp = m_generation + 1;
    auto note = [&](int nx, int ny, NeighbourOutcome o, double ng, double h) {
        trace->neighbours.push_back({TileCoord{nx - 1, ny - 1}, o, ng, h, ng + h});
    };
    const int sh = hex.shiftedPadded(x, y);
    for (int k = 0; k < GridTopology::kHexNeighbours; ++k) {
        const std::uint32_t nb = cur + std::uint32_t(hex.offsets[sh][k]);
        const int nx = x + hex.dx[sh][k];
        const int ny = y + hex.dy[sh][k];
        // The entry cost as this query sees it (the overlay's penalty or block on its cells).
        float c = costs[nb];
        if (m_search.overlay && m_overlayStamp[nb] == openStamp)
            c = m_search.overlayBlocked ? Impassable : c + m_search.overlayPenalty;
        if (!(c < Impassable)) {
            if (recordNb)
                note(nx, ny, NeighbourOutcome::Wall, 0.0, 0.0);
            continue;
        }
        const double ng = g + double(c);
        Node& m = m_nodes[nb];
        const std::uint32_t st = m.stamp;
        if (recordNb) {
            const NeighbourOutcome o = st == closedStamp ? NeighbourOutcome::Closed
                                       : st != openStamp ? NeighbourOutcome::Opened
                                       : ng < m.g        ? NeighbourOutcome::Improved
                                                         : NeighbourOutcome::NotBetter;
            note(nx, ny, o, ng, hPadded(nx, ny));
        }
        if (st == closedStamp || (st == openStamp && !(ng < m.g)))
            continue;
        m.stamp = openStamp;
        m.g = ng;
        m.parent = cur;
        const double h = hPadded(nx, ny);
        open.push(hexEntry(m_search.greedy, ng, h, nx, ny), nx, ny);
        if (trace)
            trace->opened.push_back({toCoord(nb), toCoord(cur), ng, h, ng + h});
    }
}

PathStatus GridQuery::runHex(int maxExpansions)
{
    SearchTrace* const trace = m_search.trace;
    const std::uint32_t* const targetStamp = m_search.multi ? m_targetStamp.data() : nullptr;
    const std::uint32_t closedStamp = m_generation + 1;
    const int stride = m_search.stride;
    int budget = maxExpansions;
    auto exactKey = [&](int nx, int ny) {
        return hexEntry(m_search.greedy, m_nodes[std::size_t(ny * stride + nx)].g, hPadded(nx, ny), nx, ny);
    };
    auto endExpansion = [&] {
        if (trace) {
            trace->openedBegin.push_back(int(trace->opened.size()));
            trace->neighboursBegin.push_back(int(trace->neighbours.size()));
        }
    };
    detail::OpenList open(m_open);
    while (!open.empty()) {
        if (budget == 0) {
            open.save();
            return PathStatus::InProgress;
        }
        int x, y;
        open.pop(x, y, exactKey);
        const std::uint32_t cur = std::uint32_t(y * stride + x);
        Node& curCell = m_nodes[cur];
        if (curCell.stamp == closedStamp)
            continue;  // an older, worse entry of a closed cell
        curCell.stamp = closedStamp;
        --budget;
        ++m_search.expanded;
        const double g = curCell.g;
        if (trace) {
            const double h = hPadded(x, y);
            trace->expanded.push_back({toCoord(cur), toCoord(curCell.parent), g, h, g + h});
        }
        if (m_search.fallback) {
            // Closed cell closest (hex distance) to the goal, then cheaper, then lower index.
            const long long d = m_search.hex.distancePadded(x, y, m_search.goalX, m_search.goalY);
            const Node& best = m_nodes[m_search.bestNode];
            if (m_search.bestD2 < 0 || d * d < m_search.bestD2 ||
                (d * d == m_search.bestD2 && (g < best.g || (g == best.g && cur < m_search.bestNode)))) {
                m_search.bestD2 = d * d;
                m_search.bestNode = cur;
            }
        }
        if (targetStamp ? targetStamp[cur] == m_generation : cur == m_search.goalNode) {
            open.save();
            m_search.endNode = cur;
            m_search.status = m_search.reached;
            endExpansion();
            return m_search.status;
        }
        expandHex(open, cur, x, y, g);
        endExpansion();
    }
    open.save();
    // Exhausted without reaching a target: only a blocked overlay makes that possible.
    m_search.status = PathStatus::NoPath;
    if (m_search.fallback && m_partialPaths && m_search.bestD2 >= 0) {
        m_search.endNode = m_search.bestNode;
        m_search.status = PathStatus::Partial;
    }
    return m_search.status;
}

} // namespace isostar::path
