/// \file GridQuery.cpp
/// GridQuery's queries: starting, stepping and finishing searches, overlays, partial-path
/// targets, findNearest and results. The search loop is in GridQuerySearch.cpp.
#include "engine/path/GridQuery.hpp"

#include "engine/path/detail/ClosestCells.hpp"

#include "engine/path/detail/Directions.hpp"
#include "engine/path/query/Heuristics.hpp"
#include "engine/path/landmarks/LandmarkBound.hpp"
#include "engine/path/detail/OpenList.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isostar::path {

using detail::kDx;
using detail::kDy;
using detail::rawHeuristic;

namespace {

double rawOf(Heuristic h, int dx, int dy, double octileDiag)
{
    switch (h) {
    case Heuristic::Octile: return rawHeuristic<Heuristic::Octile>(dx, dy, octileDiag);
    case Heuristic::Euclidean: return rawHeuristic<Heuristic::Euclidean>(dx, dy, octileDiag);
    case Heuristic::Manhattan: return rawHeuristic<Heuristic::Manhattan>(dx, dy, octileDiag);
    case Heuristic::Chebyshev: return rawHeuristic<Heuristic::Chebyshev>(dx, dy, octileDiag);
    case Heuristic::Zero: return 0.0;
    }
    return 0.0;
}

} // namespace

double GridQuery::hRaw(int dx, int dy) const
{
    return rawOf(m_search.rules.heuristic, dx, dy, m_search.octileDiag);
}

double GridQuery::hRawPadded(int ax, int ay, int bx, int by) const
{
    if (m_search.hex.topology.hex)
        return m_search.rules.heuristic == Heuristic::Zero ? 0.0 : double(m_search.hex.distancePadded(ax, ay, bx, by));
    return hRaw(ax - bx, ay - by);
}

double GridQuery::heuristic(const NavGrid& grid, int layer, TileCoord a, TileCoord b) const
{
    if (!grid.validLayer(layer))
        return 0.0;
    const Heuristic kind = grid.rules(layer).heuristic;
    const double raw = !grid.hex()              ? rawOf(kind, a.x - b.x, a.y - b.y, grid.octileDiagonal(layer))
                       : kind == Heuristic::Zero ? 0.0
                                                 : double(grid.topology().hexDistance(a, b));
    const double plain = grid.heuristicScale(layer) * raw;
    const std::shared_ptr<const LandmarkTable> lm = grid.landmarks(layer);
    if (!lm || grid.rules(layer).heuristic != Heuristic::Octile || !grid.inBounds(a) || !grid.inBounds(b))
        return plain;
    const double bound = detail::fullLandmarkBound(*lm, grid.toNode(a), grid.toNode(b));
    return std::max(plain, grid.rules(layer).weight * bound);
}

void GridQuery::useLandmarks(const NavGrid& grid, int layer, std::uint32_t goalNode)
{
    m_search.lm.reset();
    m_search.lmActive = detail::ActiveLandmarks{};
    if (m_search.rules.heuristic != Heuristic::Octile)
        return;
    m_search.lm = grid.landmarks(layer);
    if (!m_search.lm)
        return;
    detail::chooseActiveLandmarks(*m_search.lm, m_search.startNode, goalNode, m_search.lmActive);
    m_search.lmWeight = m_search.rules.weight;
}

double GridQuery::hPadded(int x, int y) const
{
    if (!m_search.multi) {
        const double plain = m_search.hScale * hRawPadded(x, y, m_search.goalX, m_search.goalY);
        if (m_search.lmActive.count == 0)
            return plain;
        const std::uint32_t node = std::uint32_t(y * m_search.stride + x);
        const double bound = detail::landmarkBound(m_search.lmActive, node);
        return std::max(plain, m_search.lmWeight * bound);
    }
    if (m_hTargets.empty())
        return 0.0;
    // Minimum over a few targets (the candidates of a partial path): still consistent.
    double best = std::numeric_limits<double>::infinity();
    for (std::uint32_t t : m_hTargets) {
        const int ty = int(t / std::uint32_t(m_search.stride));
        const int tx = int(t) - ty * m_search.stride;
        best = std::min(best, hRawPadded(x, y, tx, ty));
    }
    return m_search.hScale * best;
}

void GridQuery::nextGeneration()
{
    // Two stamps per query (open, closed). On wrap-around clear once and start again.
    if (detail::nextGeneration(m_nodes, m_generation)) {
        m_targetStamp.zero();
        m_overlayStamp.zero();
    }
}

void GridQuery::ensureSize(std::size_t padded)
{
    // Stamps older than the current generation mean "unvisited", so the arrays are only resized
    // (never cleared per query); new records start with stamp 0 and generations are >= 2.
    m_nodes.growTo(padded);
    if (!m_targetStamp.empty())
        m_targetStamp.growTo(padded);
    if (!m_overlayStamp.empty())
        m_overlayStamp.growTo(padded);
}

bool GridQuery::stillValid() const
{
    const NavGrid* g = m_search.grid;
    return g && g->validLayer(m_search.layer) && g->layerVersion(m_search.layer) == m_search.version &&
           g->stride() == m_search.stride;
}

void GridQuery::cancel()
{
    m_search.active = false;
    m_search.status = PathStatus::InvalidInput;
    m_search.grid = nullptr;
    m_search.trace = nullptr;
    m_search.seeded = false;
}

std::size_t GridQuery::scratchBytes() const
{
    const auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return m_nodes.bytes() + m_targetStamp.bytes() + m_overlayStamp.bytes() + bytes(m_open.main) + bytes(m_open.ties) +
           bytes(m_peekOpen.main) + bytes(m_peekOpen.ties) + bytes(m_peekSeen) + bytes(m_hTargets);
}

namespace {

/// Empties `v` and gives its storage back (`v = {}` would keep the capacity).
template <typename T>
void freeStorage(std::vector<T>& v)
{
    std::vector<T>().swap(v);
}

} // namespace

void GridQuery::shrinkOpenList(std::size_t maxEntries)
{
    cancel();
    const auto drop = [maxEntries](detail::OpenListStorage& o) {
        if (o.main.capacity() + o.ties.capacity() > maxEntries) {
            freeStorage(o.main);
            freeStorage(o.ties);
        }
        o.mainCount = o.tieCount = 0;
    };
    drop(m_open);
    drop(m_peekOpen);
    if (m_peekSeen.capacity() > maxEntries)
        freeStorage(m_peekSeen);
}

void GridQuery::releaseScratch()
{
    shrinkOpenList(0);
    m_nodes.release();
    m_targetStamp.release();
    m_overlayStamp.release();
    freeStorage(m_hTargets);
}

// ---------------------------------------------------------------------------------------------
// Search

PathStatus GridQuery::begin(const NavGrid& grid, int layer, TileCoord start, const QueryOverlay* overlay,
                            SearchTrace* trace, const SearchMode& mode)
{
    m_search = Search{};
    m_search.active = true;
    m_search.trace = trace;
    if (trace) {
        trace->clear();
        trace->width = grid.width();
        trace->height = grid.height();
    }
    if (!grid.validLayer(layer) ||
        (overlay && !(std::isfinite(overlay->penalty) && overlay->penalty >= 0.0f)) ||
        (mode.order == SearchOrder::WeightedAStar && !(std::isfinite(mode.weight) && mode.weight > 0.0))) {
        m_search.status = PathStatus::InvalidInput;
        return m_search.status;
    }
    m_search.grid = &grid;
    m_search.layer = layer;
    m_search.version = grid.layerVersion(layer);
    m_search.rules = grid.rules(layer);
    m_search.stride = grid.stride();
    m_search.width = grid.width();
    m_search.height = grid.height();
    m_search.hScale = grid.heuristicScale(layer);
    m_search.octileDiag = grid.octileDiagonal(layer);
    m_search.hex = grid.hexSteps();
    // The search order changes only the query's copy of the rules and the heuristic's scale
    // (whose factor already includes the layer's weight); the layer stays as it is.
    m_search.greedy = mode.order == SearchOrder::Greedy;
    if (mode.order == SearchOrder::Dijkstra) {
        m_search.rules.heuristic = Heuristic::Zero;  // no landmarks either (useLandmarks)
        m_search.hScale = 0.0;
    } else if (mode.order == SearchOrder::WeightedAStar) {
        m_search.hScale = m_search.hScale / m_search.rules.weight * mode.weight;
        m_search.rules.weight = mode.weight;  // also weights the landmark bound
    }
    if (!grid.inBounds(start) || !grid.passable(layer, start)) {
        m_search.status = PathStatus::StartInvalid;
        return m_search.status;
    }
    ensureSize(grid.paddedSize());
    for (int k = 0; k < 8; ++k)
        m_offsets[k] = kDy[k] * m_search.stride + kDx[k];
    m_open.setLayout(m_search.stride, grid.height() + 2);
    m_search.startNode = grid.toNode(start);
    m_search.status = PathStatus::InProgress;
    nextGeneration();
    if (overlay && !overlay->cells.empty() && (overlay->blocked || overlay->penalty > 0.0f)) {
        m_overlayStamp.growTo(grid.paddedSize());
        for (const TileCoord& c : overlay->cells)
            if (grid.inBounds(c) && !(c == start))
                m_overlayStamp[grid.toNode(c)] = m_generation;
        m_search.overlay = true;
        m_search.overlayBlocked = overlay->blocked;
        m_search.overlayPenalty = overlay->penalty;
    }
    // Exact mode where ties are everywhere: see detail/OpenList.hpp.
    m_open.reset(grid.uniformCost(layer) && !m_search.overlay);
    return m_search.status;
}

void GridQuery::seed(SearchTrace* trace)
{
    const std::uint32_t s = m_search.startNode;
    m_nodes[s].g = 0.0;
    m_nodes[s].stamp = m_generation;
    m_nodes[s].parent = s;
    const int y = int(s / std::uint32_t(m_search.stride));
    const int x = int(s) - y * m_search.stride;
    const double h = hPadded(x, y);
    detail::OpenList open(m_open);
    open.push(m_search.greedy ? detail::greedyEntry(0.0, h, x, y) : detail::exactEntry(0.0, h, x, y), x, y);
    open.save();
    m_search.seeded = true;
    if (trace) {
        const TileCoord c = toCoord(s);
        trace->opened.push_back({c, c, 0.0, h, h});
        trace->openedBegin.push_back(0);
        trace->neighboursBegin.push_back(0);
    }
}

int GridQuery::openListHead(int maxEntries, std::vector<TraceCell>& out)
{
    out.clear();
    m_peekSeen.clear();
    if (!m_search.seeded || maxEntries <= 0)
        return 0;
    // A copy of the two heaps, popped with the search's own pop (same exact keys), so the order
    // is the one the search will follow. The copy needs room for every entry in the tie heap
    // (a pop may move a group there) and two spare slots per heap (heapPop's sentinel).
    const detail::OpenListStorage& src = m_open;
    detail::OpenListStorage& copy = m_peekOpen;
    copy.xBits = src.xBits;
    copy.cellBits = src.cellBits;
    copy.mainCount = src.mainCount;
    copy.tieCount = src.tieCount;
    copy.groupPrefix = src.groupPrefix;
    copy.pushes = src.pushes;
    copy.moved = src.moved;
    copy.exactOnly = src.exactOnly;
    copy.main.resize(std::max<std::size_t>(src.mainCount + 2, 64));
    copy.ties.resize(std::max<std::size_t>(src.tieCount + src.mainCount + 2, 64));
    std::copy(src.main.begin(), src.main.begin() + std::ptrdiff_t(src.mainCount), copy.main.begin());
    std::copy(src.ties.begin(), src.ties.begin() + std::ptrdiff_t(src.tieCount), copy.ties.begin());

    const std::uint32_t closedStamp = m_generation + 1;
    const int stride = m_search.stride;
    const bool greedy = m_search.greedy;
    auto exactKey = [&](int x, int y) {
        const double g = m_nodes[std::size_t(y * stride + x)].g;
        const double h = hPadded(x, y);
        return greedy ? detail::greedyEntry(g, h, x, y) : detail::exactEntry(g, h, x, y);
    };
    detail::OpenList open(copy);
    while (!open.empty() && int(out.size()) < maxEntries) {
        int x, y;
        open.pop(x, y, exactKey);
        const std::uint32_t node = std::uint32_t(y * stride + x);
        const Node& n = m_nodes[node];
        // What the search will skip: closed cells and the older entries of a listed cell.
        if (n.stamp == closedStamp || std::find(m_peekSeen.begin(), m_peekSeen.end(), node) != m_peekSeen.end())
            continue;
        m_peekSeen.push_back(node);
        const double h = hPadded(x, y);
        out.push_back({toCoord(node), toCoord(n.parent), n.g, h, n.g + h});
    }
    return int(out.size());
}

void GridQuery::collectPartialTargets(const std::int32_t* islands, std::int32_t island, TileCoord goal)
{
    // The reachable cells closest (Euclidean) to the goal, without searching the island.
    detail::closestCellsOnIsland(islands, island, m_search.width, m_search.height, goal, m_hTargets,
                                 m_search.hex.topology);
}

PathStatus GridQuery::beginSearch(const NavGrid& grid, int layer, TileCoord start, TileCoord goal,
                                  const QueryOverlay* overlay, SearchTrace* trace)
{
    if (begin(grid, layer, start, overlay, trace, m_mode) != PathStatus::InProgress)
        return m_search.status;
    if (!grid.inBounds(goal)) {
        m_search.status = PathStatus::GoalInvalid;
        return m_search.status;
    }
    const std::int32_t* islands = grid.paddedIslands(layer);
    const std::int32_t island = islands[m_search.startNode];
    const std::uint32_t goalNode = grid.toNode(goal);
    // A blocked overlay can cut the island: an exhausted open list then falls back to the
    // closed cell closest to the goal (see the header).
    m_search.fallback = m_search.overlay && m_search.overlayBlocked;
    if (islands[goalNode] == island) {
        m_search.multi = false;
        m_search.goalNode = goalNode;
        m_search.goalX = goal.x + 1;
        m_search.goalY = goal.y + 1;
        m_search.reached = PathStatus::Found;
        useLandmarks(grid, layer, goalNode);
    } else if (!m_partialPaths) {
        m_search.status = PathStatus::NoPath;
        return m_search.status;
    } else {
        // Unreachable goal (known in O(1) from the islands): search toward the reachable
        // cells closest to it; the first one popped is the cheapest, ties by lower index.
        collectPartialTargets(islands, island, goal);
        m_targetStamp.growTo(grid.paddedSize());
        for (std::uint32_t t : m_hTargets)
            m_targetStamp[t] = m_generation;
        m_search.multi = true;
        m_search.goalX = goal.x + 1;
        m_search.goalY = goal.y + 1;
        m_search.reached = PathStatus::Partial;
    }
    seed(trace);
    return m_search.status;
}

PathStatus GridQuery::step(int maxExpansions)
{
    if (!m_search.active)
        return PathStatus::InvalidInput;
    if (m_search.status != PathStatus::InProgress)
        return m_search.status;
    if (!stillValid()) {
        m_search.status = PathStatus::InvalidInput;
        return m_search.status;
    }
    return dispatchRun(std::max(1, maxExpansions));
}

PathStatus GridQuery::finishSearch(PathResult& out)
{
    if (m_search.active && m_search.status == PathStatus::InProgress) {
        if (stillValid())
            dispatchRun(std::numeric_limits<int>::max());
        else
            m_search.status = PathStatus::InvalidInput;
    }
    if (!m_search.active || (hasPath(m_search.status) && !stillValid())) {
        out.status = PathStatus::InvalidInput;
        out.cost = 0.0;
        out.path.clear();
        out.expanded = m_search.active ? m_search.expanded : 0;
        cancel();
        return out.status;
    }
    writeResult(out);
    m_search.active = false;
    m_search.grid = nullptr;
    m_search.trace = nullptr;
    return out.status;
}

PathStatus GridQuery::findPath(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, PathResult& out,
                               const QueryOverlay* overlay, SearchTrace* trace)
{
    beginSearch(grid, layer, start, goal, overlay, trace);
    return finishSearch(out);
}

PathStatus GridQuery::findNearest(const NavGrid& grid, int layer, TileCoord start,
                                  std::span<const TileCoord> targets, PathResult& out, int* targetIndex,
                                  const QueryOverlay* overlay, SearchTrace* trace)
{
    if (targetIndex)
        *targetIndex = -1;
    if (begin(grid, layer, start, overlay, trace, SearchMode{}) == PathStatus::InProgress) {
        const std::int32_t* islands = grid.paddedIslands(layer);
        const std::int32_t island = islands[m_search.startNode];
        m_targetStamp.growTo(grid.paddedSize());
        bool any = false;
        for (const TileCoord& t : targets) {
            if (!grid.inBounds(t))
                continue;
            const std::uint32_t node = grid.toNode(t);
            if (islands[node] != island)
                continue;
            m_targetStamp[node] = m_generation;
            any = true;
        }
        if (!any) {
            m_search.status = PathStatus::NoPath;
        } else {
            // Plain Dijkstra (h = 0): the first target popped is the cheapest. An exhausted open
            // list (targets cut off by a blocked overlay) is NoPath: no fallback.
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

void GridQuery::writeResult(PathResult& out)
{
    out.status = m_search.status;
    out.expanded = m_search.expanded;
    out.path.clear();
    out.cost = 0.0;
    if (!hasPath(m_search.status))
        return;
    const std::uint32_t end = m_search.endNode;
    out.cost = m_nodes[end].g;
    for (std::uint32_t n = end;; n = m_nodes[n].parent) {
        out.path.push_back(toCoord(n));
        if (n == m_search.startNode)
            break;
    }
    std::reverse(out.path.begin(), out.path.end());
}

} // namespace isostar::path
