/// \file GridPathfinder.cpp
/// GridPathfinder's queries: starting, stepping and finishing searches, partial-path targets,
/// findNearest and results. The search loop is in GridPathfinderSearch.cpp, the setup in
/// GridPathfinderSetup.cpp.
#include "engine/path/GridPathfinder.hpp"

#include "engine/path/detail/Heuristics.hpp"
#include "engine/path/detail/OpenList.hpp"

#include <algorithm>
#include <limits>

namespace eng::path {

using detail::rawHeuristic;

double GridPathfinder::hRaw(int dx, int dy) const
{
    switch (m_rules.heuristic) {
    case Heuristic::Octile: return rawHeuristic<Heuristic::Octile>(dx, dy, m_octileDiag);
    case Heuristic::Euclidean: return rawHeuristic<Heuristic::Euclidean>(dx, dy, m_octileDiag);
    case Heuristic::Manhattan: return rawHeuristic<Heuristic::Manhattan>(dx, dy, m_octileDiag);
    case Heuristic::Chebyshev: return rawHeuristic<Heuristic::Chebyshev>(dx, dy, m_octileDiag);
    case Heuristic::Zero: return 0.0;
    }
    return 0.0;
}

double GridPathfinder::heuristic(TileCoord a, TileCoord b) const
{
    return m_hScale * hRaw(a.x - b.x, a.y - b.y);
}

double GridPathfinder::hPadded(int x, int y) const
{
    if (!m_search.multi)
        return m_hScale * hRaw(x - m_search.goalX, y - m_search.goalY);
    if (m_hTargets.empty())
        return 0.0;
    // Minimum over a few targets (the candidates of a partial path): still consistent.
    double best = std::numeric_limits<double>::infinity();
    for (std::uint32_t t : m_hTargets) {
        const int ty = int(t / std::uint32_t(m_stride));
        const int tx = int(t) - ty * m_stride;
        best = std::min(best, hRaw(x - tx, y - ty));
    }
    return m_hScale * best;
}

// ---------------------------------------------------------------------------------------------
// Search

PathStatus GridPathfinder::begin(TileCoord start, SearchTrace* trace)
{
    m_search = Search{};
    m_search.active = true;
    m_search.trace = trace;
    if (trace) {
        trace->clear();
        trace->width = m_width;
        trace->height = m_height;
    }
    if (!initialized()) {
        m_search.status = PathStatus::InvalidInput;
        return m_search.status;
    }
    if (start.x < 0 || start.y < 0 || start.x >= m_width || start.y >= m_height ||
        !(m_cells[toNode(start)].cost < Impassable)) {
        m_search.status = PathStatus::StartInvalid;
        return m_search.status;
    }
    m_search.startNode = toNode(start);
    m_search.status = PathStatus::InProgress;
    nextGeneration();
    m_open.reset(uniformCost());  // exact mode where ties are everywhere: see detail/OpenList.hpp
    return m_search.status;
}

void GridPathfinder::seed(SearchTrace* trace)
{
    const std::uint32_t s = m_search.startNode;
    m_cells[s].g = 0.0;
    m_cells[s].stamp = m_generation;
    m_parent[s] = s;
    const int y = int(s / std::uint32_t(m_stride));
    const int x = int(s) - y * m_stride;
    const double h = hPadded(x, y);
    detail::OpenList open(m_open);
    open.push(detail::exactEntry(0.0, h, x, y), x, y);
    open.save();
    if (trace) {
        const TileCoord c = toCoord(s);
        trace->opened.push_back({c, c, 0.0, h, h});
        trace->openedBegin.push_back(0);
    }
}

void GridPathfinder::collectPartialTargets(std::int32_t island, TileCoord goal)
{
    // The reachable cells closest (Euclidean) to the goal: scan square rings of growing
    // Chebyshev radius r around the goal. A cell on ring r is at least r away, so once r^2
    // exceeds the best squared distance found no closer cell can follow. Cost O(r^2) for a
    // goal r cells from the start's island; no search of the island itself.
    long long best = std::numeric_limits<long long>::max();
    m_hTargets.clear();
    const int maxR = std::max(m_width, m_height);
    auto consider = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= m_width || y >= m_height)
            return;
        const std::uint32_t node = toNode({x, y});
        if (m_island[node] != island)
            return;
        const long long dx = x - goal.x;
        const long long dy = y - goal.y;
        const long long d2 = dx * dx + dy * dy;
        if (d2 < best) {
            best = d2;
            m_hTargets.clear();
        }
        if (d2 == best)
            m_hTargets.push_back(node);
    };
    for (int r = 0; r <= maxR; ++r) {
        if ((long long)r * r > best)
            break;
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

PathStatus GridPathfinder::beginSearch(TileCoord start, TileCoord goal, SearchTrace* trace)
{
    if (begin(start, trace) != PathStatus::InProgress)
        return m_search.status;
    if (goal.x < 0 || goal.y < 0 || goal.x >= m_width || goal.y >= m_height) {
        m_search.status = PathStatus::GoalInvalid;
        return m_search.status;
    }
    const std::int32_t island = m_island[m_search.startNode];
    const std::uint32_t goalNode = toNode(goal);
    if (m_island[goalNode] == island) {
        m_search.multi = false;
        m_search.goalNode = goalNode;
        m_search.goalX = goal.x + 1;
        m_search.goalY = goal.y + 1;
        m_search.reached = PathStatus::Found;
    } else if (!m_partialPaths) {
        m_search.status = PathStatus::NoPath;
        return m_search.status;
    } else {
        // Unreachable goal (known in O(1) from the islands): search toward the reachable
        // cells closest to it; the first one popped is the cheapest, ties by lower index.
        collectPartialTargets(island, goal);
        if (m_targetStamp.size() != m_cells.size())
            m_targetStamp.assign(m_cells.size(), 0u);
        for (std::uint32_t t : m_hTargets)
            m_targetStamp[t] = m_generation;
        m_search.multi = true;
        m_search.reached = PathStatus::Partial;
    }
    seed(trace);
    return m_search.status;
}

PathStatus GridPathfinder::step(int maxExpansions)
{
    if (!m_search.active)
        return PathStatus::InvalidInput;
    if (m_search.status != PathStatus::InProgress)
        return m_search.status;
    return dispatchRun(std::max(1, maxExpansions));
}

PathStatus GridPathfinder::finishSearch(PathResult& out)
{
    if (!m_search.active) {
        out.status = PathStatus::InvalidInput;
        out.cost = 0.0;
        out.path.clear();
        out.expanded = 0;
        return out.status;
    }
    if (m_search.status == PathStatus::InProgress)
        dispatchRun(std::numeric_limits<int>::max());
    writeResult(out);
    m_search.active = false;
    return out.status;
}

PathStatus GridPathfinder::findPath(TileCoord start, TileCoord goal, PathResult& out, SearchTrace* trace)
{
    beginSearch(start, goal, trace);
    return finishSearch(out);
}

PathStatus GridPathfinder::findNearest(TileCoord start, std::span<const TileCoord> targets, PathResult& out,
                                       int* targetIndex, SearchTrace* trace)
{
    if (targetIndex)
        *targetIndex = -1;
    if (begin(start, trace) == PathStatus::InProgress) {
        const std::int32_t island = m_island[m_search.startNode];
        if (m_targetStamp.size() != m_cells.size())
            m_targetStamp.assign(m_cells.size(), 0u);
        bool any = false;
        for (const TileCoord& t : targets) {
            if (t.x < 0 || t.y < 0 || t.x >= m_width || t.y >= m_height)
                continue;
            const std::uint32_t node = toNode(t);
            if (m_island[node] != island)
                continue;
            m_targetStamp[node] = m_generation;
            any = true;
        }
        if (!any) {
            m_search.status = PathStatus::NoPath;
        } else {
            // Plain Dijkstra (h = 0): the first target popped is the cheapest.
            m_hTargets.clear();
            m_search.multi = true;
            m_search.reached = PathStatus::Found;
            seed(trace);
        }
    }
    const PathStatus status = finishSearch(out);
    if (targetIndex && hasPath(status)) {
        const TileCoord end = out.path.back();
        for (std::size_t i = 0; i < targets.size(); ++i)
            if (targets[i] == end) {
                *targetIndex = int(i);
                break;
            }
    }
    return status;
}

void GridPathfinder::writeResult(PathResult& out)
{
    out.status = m_search.status;
    out.expanded = m_search.expanded;
    out.path.clear();
    out.cost = 0.0;
    if (!hasPath(m_search.status))
        return;
    const std::uint32_t end = m_search.endNode;
    out.cost = m_cells[end].g;
    for (std::uint32_t n = end;; n = m_parent[n]) {
        out.path.push_back(toCoord(n));
        if (n == m_search.startNode)
            break;
    }
    std::reverse(out.path.begin(), out.path.end());
}

} // namespace eng::path
