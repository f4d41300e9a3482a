#include "engine/path/GridPathfinder.hpp"

#include "engine/path/detail/Directions.hpp"
#include "engine/path/detail/OpenList.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace eng::path {

using detail::fBitsOf;
using detail::makeTie;
using detail::kDx;
using detail::kDy;

namespace {

/// Unscaled heuristic of an offset; `octileDiag` is the octile diagonal length in [1, 2].
template <Heuristic H>
inline double rawHeuristic(int dx, int dy, double octileDiag)
{
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    if constexpr (H == Heuristic::Octile) {
        const int lo = dx < dy ? dx : dy;
        const int hi = dx < dy ? dy : dx;
        return double(hi - lo) + octileDiag * double(lo);
    } else if constexpr (H == Heuristic::Euclidean) {
        return std::sqrt(double(dx) * dx + double(dy) * dy);
    } else if constexpr (H == Heuristic::Manhattan) {
        return double(dx + dy);
    } else if constexpr (H == Heuristic::Chebyshev) {
        return double(dx < dy ? dy : dx);
    } else {
        return 0.0;
    }
}

} // namespace

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
    m_open.reset(m_uniformCost);  // exact mode where ties are everywhere: see detail/OpenList.hpp
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
    detail::OpenList open(m_open, m_xBits, m_codeBits);
    open.push(fBitsOf(h), makeTie(h, x, y), x, y);
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

template <GridPathfinder::Loop L, bool Multi, DiagonalMode Mode>
PathStatus GridPathfinder::runFor(int maxExpansions)
{
    if constexpr (Multi) {
        return run<L, true, Mode, Heuristic::Zero>(maxExpansions);  // h from hPadded
    } else {
        switch (m_rules.heuristic) {
        case Heuristic::Octile: return run<L, false, Mode, Heuristic::Octile>(maxExpansions);
        case Heuristic::Euclidean: return run<L, false, Mode, Heuristic::Euclidean>(maxExpansions);
        case Heuristic::Manhattan: return run<L, false, Mode, Heuristic::Manhattan>(maxExpansions);
        case Heuristic::Chebyshev: return run<L, false, Mode, Heuristic::Chebyshev>(maxExpansions);
        case Heuristic::Zero: return run<L, false, Mode, Heuristic::Zero>(maxExpansions);
        }
        return PathStatus::InvalidInput;
    }
}

PathStatus GridPathfinder::dispatchRun(int maxExpansions)
{
    const Loop loop = m_search.trace ? Loop::Traced : (m_uniformCost ? Loop::Branchy : Loop::Masked);
    const bool multi = m_search.multi;
    // Separate instantiations: the untraced loops contain no recording code at all, and the
    // diagonal rule and heuristic are compile-time constants inside the hot loop.
#define ISOSTAR_RUN_LOOP(LOOP, MODE)                                                             \
    return multi ? runFor<LOOP, true, MODE>(maxExpansions) : runFor<LOOP, false, MODE>(maxExpansions)
#define ISOSTAR_RUN(MODE)                                                                        \
    switch (loop) {                                                                              \
    case Loop::Traced: ISOSTAR_RUN_LOOP(Loop::Traced, MODE);                                     \
    case Loop::Branchy: ISOSTAR_RUN_LOOP(Loop::Branchy, MODE);                                   \
    case Loop::Masked: ISOSTAR_RUN_LOOP(Loop::Masked, MODE);                                     \
    }                                                                                            \
    break
    switch (m_rules.diagonal) {
    case DiagonalMode::Never: ISOSTAR_RUN(DiagonalMode::Never);
    case DiagonalMode::NoCornerCutting: ISOSTAR_RUN(DiagonalMode::NoCornerCutting);
    case DiagonalMode::AtMostOneObstacle: ISOSTAR_RUN(DiagonalMode::AtMostOneObstacle);
    case DiagonalMode::Always: ISOSTAR_RUN(DiagonalMode::Always);
    }
#undef ISOSTAR_RUN_LOOP
#undef ISOSTAR_RUN
    return PathStatus::InvalidInput;
}

template <GridPathfinder::Loop L, bool Multi, DiagonalMode Mode, Heuristic H>
PathStatus GridPathfinder::run(int maxExpansions)
{
    constexpr bool Trace = L == Loop::Traced;
    SearchTrace* const trace = m_search.trace;
    Cell* const cells = m_cells.data();
    std::uint32_t* const parentOf = m_parent.data();
    const std::uint32_t* const targetStamp = Multi ? m_targetStamp.data() : nullptr;
    const std::uint32_t openStamp = m_generation;
    const std::uint32_t closedStamp = m_generation + 1;
    const std::uint32_t goalNode = m_search.goalNode;
    const int goalX = m_search.goalX;
    const int goalY = m_search.goalY;
    const double octileDiag = m_octileDiag;
    const double diagFactor = m_rules.diagonalFactor;
    const int stride = m_stride;
    const int* const offsets = m_offsets;
    int budget = maxExpansions;
    int expanded = m_search.expanded;  // local copy: stays in a register

    // The heuristic of padded cell (x, y), one expression for pushes and for the open list's
    // exact keys (which must reproduce the pushed keys bit for bit).
    auto hOf = [&](int nx, int ny) __attribute__((always_inline)) {
        if constexpr (Multi)
            return hPadded(nx, ny);
        else
            return m_hScale * rawHeuristic<H>(nx - goalX, ny - goalY, octileDiag);
    };
    auto exactKey = [&](int nx, int ny) {
        const double h = hOf(nx, ny);
        return detail::HeapEntry{fBitsOf(cells[ny * stride + nx].g + h), makeTie(h, nx, ny)};
    };
    detail::OpenList open(m_open, m_xBits, m_codeBits);
    while (!open.empty()) {
        if (budget == 0) {
            open.save();
            m_search.expanded = expanded;
            return PathStatus::InProgress;
        }
        int x, y;
        open.pop(x, y, exactKey);
        const std::uint32_t cur = std::uint32_t(y * stride + x);

        // Duplicates from earlier, worse pushes: skip-on-pop instead of decrease-key. A better
        // g for the same cell means a lower f (same h), so the fresh entry pops first and the
        // stale ones find the cell closed. The cell's own g/parent are used, never the entry's.
        Cell& curCell = cells[cur];
        if (curCell.stamp == closedStamp)
            continue;
        curCell.stamp = closedStamp;
        --budget;
        ++expanded;
        const double g = curCell.g;
        if constexpr (Trace) {
            const double h = hPadded(x, y);
            trace->expanded.push_back({toCoord(cur), toCoord(parentOf[cur]), g, h, g + h});
        }
        const bool isTarget = Multi ? targetStamp[cur] == openStamp : cur == goalNode;
        if (isTarget) {
            open.save();
            m_search.expanded = expanded;
            m_search.endNode = cur;
            m_search.status = m_search.reached;
            if constexpr (Trace)
                trace->openedBegin.push_back(int(trace->opened.size()));
            return m_search.status;
        }

        // Records the better g of neighbour nb and puts it on the open list.
        auto improve = [&](std::uint32_t nb, double ng, int nx, int ny) __attribute__((always_inline)) {
            Cell& m = cells[nb];
            m.stamp = openStamp;
            m.g = ng;
            parentOf[nb] = cur;
            const double h = hOf(nx, ny);
            open.push(fBitsOf(ng + h), makeTie(h, nx, ny), nx, ny);
            if constexpr (Trace)
                trace->opened.push_back({toCoord(nb), toCoord(cur), ng, h, ng + h});
        };
        // Neighbour order: N, E, S, W, then NE, SE, SW, NW (detail/Directions.hpp).
        const float cN = cells[cur - stride].cost;
        const float cE = cells[cur + 1].cost;
        const float cS = cells[cur + stride].cost;
        const float cW = cells[cur - 1].cost;
        const bool pN = cN < Impassable;
        const bool pE = cE < Impassable;
        const bool pS = cS < Impassable;
        const bool pW = cW < Impassable;
        auto allowed = [](bool a, bool b) {
            if constexpr (Mode == DiagonalMode::NoCornerCutting)
                return a & b;
            else if constexpr (Mode == DiagonalMode::AtMostOneObstacle)
                return a | b;
            else
                return Mode == DiagonalMode::Always;
        };

        if constexpr (L == Loop::Masked) {
            // Which neighbours improve is a coin flip per neighbour on weighted fields (closed
            // behind the wave, open beside it, new ahead), so it is decided without branches:
            // one bit per direction; then only the improved ones (about one per expansion) are
            // written and pushed. Measured ~8% faster per expansion on the 512x512 article
            // workload, but slower on uniform mazes, where the branches are predictable.
            unsigned improved = 0;
            double ngs[8];
            auto test = [&](int k, bool passable, double ng) __attribute__((always_inline)) {
                const Cell& m = cells[cur + std::uint32_t(offsets[k])];
                const std::uint32_t st = m.stamp;
                improved |= unsigned(passable & (st != closedStamp) & ((st != openStamp) | (ng < m.g))) << k;
                ngs[k] = ng;
            };
            test(0, pN, g + double(cN));
            test(1, pE, g + double(cE));
            test(2, pS, g + double(cS));
            test(3, pW, g + double(cW));
            if constexpr (Mode != DiagonalMode::Never) {
                auto diagonal = [&](int k, bool ok) __attribute__((always_inline)) {
                    const float c = cells[cur + std::uint32_t(offsets[k])].cost;
                    test(k, ok & (c < Impassable), g + double(c) * diagFactor);
                };
                diagonal(4, allowed(pN, pE));
                diagonal(5, allowed(pS, pE));
                diagonal(6, allowed(pS, pW));
                diagonal(7, allowed(pN, pW));
            }
            while (improved != 0) {
                const int k = __builtin_ctz(improved);
                improved &= improved - 1;
                improve(cur + std::uint32_t(offsets[k]), ngs[k], x + kDx[k], y + kDy[k]);
            }
        } else {
            // always_inline: GCC otherwise keeps relax as an out-of-line call through the closure
            // (8 calls per expansion); inlining it measured ~20% faster on the 512x512 workload.
            auto relax = [&](std::uint32_t nb, double ng, int nx, int ny) __attribute__((always_inline)) {
                const Cell& m = cells[nb];
                const std::uint32_t st = m.stamp;
                if (st == closedStamp)
                    return;
                if (st != openStamp || ng < m.g)
                    improve(nb, ng, nx, ny);
            };
            if (pN)
                relax(cur - stride, g + double(cN), x, y - 1);
            if (pE)
                relax(cur + 1, g + double(cE), x + 1, y);
            if (pS)
                relax(cur + stride, g + double(cS), x, y + 1);
            if (pW)
                relax(cur - 1, g + double(cW), x - 1, y);
            if constexpr (Mode != DiagonalMode::Never) {
                auto diagonal = [&](std::uint32_t nb, int nx, int ny) __attribute__((always_inline)) {
                    const float c = cells[nb].cost;
                    if (c < Impassable)
                        relax(nb, g + double(c) * diagFactor, nx, ny);
                };
                if (allowed(pN, pE))
                    diagonal(cur - stride + 1, x + 1, y - 1);
                if (allowed(pS, pE))
                    diagonal(cur + stride + 1, x + 1, y + 1);
                if (allowed(pS, pW))
                    diagonal(cur + stride - 1, x - 1, y + 1);
                if (allowed(pN, pW))
                    diagonal(cur - stride - 1, x - 1, y - 1);
            }
        }
        if constexpr (Trace)
            trace->openedBegin.push_back(int(trace->opened.size()));
    }
    open.save();
    m_search.expanded = expanded;
    // Open list exhausted without reaching a target. The islands make this impossible for
    // a consistent field; kept as a defined outcome rather than an assert.
    m_search.status = PathStatus::NoPath;
    return m_search.status;
}

} // namespace eng::path
