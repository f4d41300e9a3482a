#pragma once
/// \file GridQuerySearchLoops.hpp
/// GridQuery's search loop templates (private to engine/path). The untraced loops (branchy,
/// masked) have one instantiation per overlay or not, greedy or not, target kind, diagonal rule
/// and heuristic, so each is a tight loop with constants inside. The traced loop (step-through,
/// overlays, races: it records every expansion anyway) reads the target kind, the diagonal rule
/// and the heuristic at run time, with the same expressions, so it visits cells in the same order:
/// one instantiation per overlay/greedy kind instead of 28, which keeps the module's build time
/// and code size down. The grid's costs
/// (one float array) and the query's records {g, stamp, parent} are separate arrays; the
/// no-overlay loops contain no overlay code. The instantiations are explicit, spread over
/// GridQuerySearch*.cpp so a build compiles them in parallel; GridQuerySearch.cpp dispatches.
#include "engine/path/GridQuery.hpp"

#include "engine/path/detail/Directions.hpp"
#include "engine/path/query/Heuristics.hpp"
#include "engine/path/landmarks/LandmarkBound.hpp"
#include "engine/path/detail/OpenList.hpp"

namespace isostar::path {

using detail::kDx;
using detail::kDy;
using detail::rawHeuristic;

template <GridQuery::Loop L, bool Ov, bool G, bool Multi, DiagonalMode Mode>
PathStatus GridQuery::runFor(int maxExpansions)
{
    if constexpr (Multi) {
        return run<L, Ov, G, true, Mode, Heuristic::Zero, false>(maxExpansions);  // h from hPadded
    } else {
        // Landmark bounds only with the octile heuristic (GridQuery::useLandmarks).
        switch (m_search.rules.heuristic) {
        case Heuristic::Octile:
            return m_search.lmActive.count > 0 ? run<L, Ov, G, false, Mode, Heuristic::Octile, true>(maxExpansions)
                                        : run<L, Ov, G, false, Mode, Heuristic::Octile, false>(maxExpansions);
        case Heuristic::Euclidean: return run<L, Ov, G, false, Mode, Heuristic::Euclidean, false>(maxExpansions);
        case Heuristic::Manhattan: return run<L, Ov, G, false, Mode, Heuristic::Manhattan, false>(maxExpansions);
        case Heuristic::Chebyshev: return run<L, Ov, G, false, Mode, Heuristic::Chebyshev, false>(maxExpansions);
        case Heuristic::Zero: return run<L, Ov, G, false, Mode, Heuristic::Zero, false>(maxExpansions);
        }
        return PathStatus::InvalidInput;
    }
}

template <GridQuery::Loop L, bool Ov, bool G>
PathStatus GridQuery::runLoop(int maxExpansions)
{
    // The traced loop takes Multi, Mode, H and Lm from the query at run time (see run): these
    // template arguments are placeholders there. The else keeps the 28 specialised loops below
    // from being instantiated for it.
    if constexpr (L == Loop::Traced) {
        return run<L, Ov, G, false, DiagonalMode::Always, Heuristic::Zero, false>(maxExpansions);
    } else {
        const bool multi = m_search.multi;
        // Separate instantiations: the diagonal rule and heuristic are compile-time constants
        // inside the hot loop.
#define ISOSTAR_RUN(MODE)                                                                        \
    return multi ? runFor<L, Ov, G, true, MODE>(maxExpansions) : runFor<L, Ov, G, false, MODE>(maxExpansions)
        switch (m_search.rules.diagonal) {
        case DiagonalMode::Never: ISOSTAR_RUN(DiagonalMode::Never);
        case DiagonalMode::NoCornerCutting: ISOSTAR_RUN(DiagonalMode::NoCornerCutting);
        case DiagonalMode::AtMostOneObstacle: ISOSTAR_RUN(DiagonalMode::AtMostOneObstacle);
        case DiagonalMode::Always: ISOSTAR_RUN(DiagonalMode::Always);
        }
#undef ISOSTAR_RUN
        return PathStatus::InvalidInput;
    }
}

/// Asks for the memory the expansion after this one will read (the list's next cell: its
/// neighbours' records and costs and, with Lm, their landmark pairs), so it arrives while this
/// one runs. The weighted (masked) loop uses it: a landmark search's cells lie along a narrow
/// corridor, where little of that is in cache yet; the plain search gains less.
template <bool Lm, typename Record>
[[gnu::always_inline]] inline void prefetchNext(const detail::OpenList& open, const Record* nodes, const float* costs,
                                                const detail::ActiveLandmarks& lm, int stride)
{
    int px, py;
    if (!open.peek(px, py))
        return;
    const std::ptrdiff_t p = std::ptrdiff_t(py) * stride + px;
    for (const std::ptrdiff_t row : {p - stride, p, p + stride}) {
        __builtin_prefetch(nodes + (row - 1));
        __builtin_prefetch(nodes + (row + 1));
        __builtin_prefetch(costs + row);
        if constexpr (Lm) {
            // A cell's pairs share one line of the table (LandmarkTable::nodeStride); a row of
            // three cells spans two lines at k = 8, those of its first and last cell.
            __builtin_prefetch(lm.plane[0] + std::size_t(row - 1) * lm.nodeStride);
            __builtin_prefetch(lm.plane[0] + std::size_t(row + 1) * lm.nodeStride);
        }
    }
}

/// Asks for the landmark pairs of the 3x3 block around padded cell `node`, just pushed: when it
/// is expanded, its neighbours' bounds are read, and a landmark search expands most of the cells
/// it pushes (a narrow corridor), many expansions later, so they have time to arrive.
template <typename Record>
[[gnu::always_inline]] inline void prefetchAround(const detail::ActiveLandmarks& lm, const Record* nodes,
                                                  const float* costs, std::uint32_t node, int stride)
{
    for (const std::ptrdiff_t row : {std::ptrdiff_t(node) - stride, std::ptrdiff_t(node) + stride}) {
        __builtin_prefetch(lm.plane[0] + std::size_t(row - 1) * lm.nodeStride);
        __builtin_prefetch(lm.plane[0] + std::size_t(row + 1) * lm.nodeStride);
        __builtin_prefetch(nodes + (row - 1));
        __builtin_prefetch(nodes + (row + 1));
        __builtin_prefetch(costs + row);
    }
}

template <GridQuery::Loop L, bool Ov, bool G, bool Multi, DiagonalMode Mode, Heuristic H, bool Lm>
PathStatus GridQuery::run(int maxExpansions)
{
    constexpr bool Trace = L == Loop::Traced;
    // Dyn: Multi, Mode, H and Lm come from the query, not from the template (the traced loop).
    constexpr bool Dyn = Trace;
    [[maybe_unused]] const DiagonalMode dynMode = m_search.rules.diagonal;
    const bool multi = Dyn ? m_search.multi : Multi;
    static_assert(!G || L != Loop::Masked, "greedy searches use the traced and branchy loops");
    SearchTrace* const trace = m_search.trace;
    const float* const costs = m_search.grid->paddedCosts(m_search.layer);
    Node* const nodes = m_nodes.data();
    const std::uint32_t* const overlayStamp = Ov ? m_overlayStamp.data() : nullptr;
    const bool overlayBlocked = m_search.overlayBlocked;
    const float overlayPenalty = m_search.overlayPenalty;
    const std::uint32_t* const targetStamp = multi ? m_targetStamp.data() : nullptr;
    const std::uint32_t openStamp = m_generation;
    const std::uint32_t closedStamp = m_generation + 1;
    const std::uint32_t goalNode = m_search.goalNode;
    const int goalX = m_search.goalX;
    const int goalY = m_search.goalY;
    const double octileDiag = m_search.octileDiag;
    const double diagFactor = m_search.rules.diagonalFactor;
    const double hScale = m_search.hScale;
    const int stride = m_search.stride;
    const int* const offsets = m_offsets;
    const detail::ActiveLandmarks lmActive = m_search.lmActive;
    const double lmWeight = m_search.lmWeight;
    int budget = maxExpansions;
    int expanded = m_search.expanded;  // local copy: stays in a register

    // The heuristic of padded cell nb = (x, y), one expression for pushes and for the open
    // list's exact keys (which must reproduce the pushed keys bit for bit; hPadded too).
    // hPadded is the same expression, with the heuristic and landmarks chosen at run time.
    auto hOf = [&](std::uint32_t nb, int nx, int ny) __attribute__((always_inline)) {
        if constexpr (Dyn || Multi) {
            (void)nb;
            return hPadded(nx, ny);
        } else if constexpr (Lm) {
            // One pair of 16-bit values per active landmark, all in the cell's line of the table.
            const double plain = hScale * rawHeuristic<H>(nx - goalX, ny - goalY, octileDiag);
            const double bound = lmWeight * detail::landmarkBound(lmActive, nb);
            return plain > bound ? plain : bound;
        } else {
            (void)nb;
            return hScale * rawHeuristic<H>(nx - goalX, ny - goalY, octileDiag);
        }
    };
    // The open list's key: (f, h, cell) for A*, (h, g, cell) for greedy best-first.
    auto entryOf = [](double g, double h, int nx, int ny) __attribute__((always_inline)) {
        if constexpr (G)
            return detail::greedyEntry(g, h, nx, ny);
        else
            return detail::exactEntry(g, h, nx, ny);
    };
    auto exactKey = [&](int nx, int ny) {
        const std::uint32_t nb = std::uint32_t(ny * stride + nx);
        return entryOf(nodes[nb].g, hOf(nb, nx, ny), nx, ny);
    };
    // Entry cost of padded cell nb as this query sees it (the overlay only in Ov loops).
    auto costAt = [&](std::uint32_t nb) __attribute__((always_inline)) {
        float c = costs[nb];
        if constexpr (Ov) {
            if (overlayStamp[nb] == openStamp)
                c = overlayBlocked ? Impassable : c + overlayPenalty;
        }
        return c;
    };
    // Step-through records (traced loop only): every neighbour an expansion considers, with
    // its outcome. `nx, ny` are padded coordinates.
    [[maybe_unused]] const bool recordNb = Trace && trace->recordNeighbours;
    [[maybe_unused]] auto note = [&](int nx, int ny, NeighbourOutcome o, double ng, double h) {
        trace->neighbours.push_back({TileCoord{nx - 1, ny - 1}, o, ng, h, ng + h});
    };
    detail::OpenList open(m_open);
    while (!open.empty()) {
        if (budget == 0) {
            open.save();
            m_search.expanded = expanded;
            return PathStatus::InProgress;
        }
        int x, y;
        open.pop(x, y, exactKey);
        const std::uint32_t cur = std::uint32_t(y * stride + x);
        if constexpr (L == Loop::Masked)
            prefetchNext<Lm>(open, nodes, costs, lmActive, stride);

        // Duplicates from earlier, worse pushes: skip-on-pop instead of decrease-key. A better
        // g for the same cell means a lower f (same h), so the fresh entry pops first and the
        // stale ones find the cell closed. The cell's own g/parent are used, never the entry's.
        Node& curCell = nodes[cur];
        if (curCell.stamp == closedStamp)
            continue;
        curCell.stamp = closedStamp;
        --budget;
        ++expanded;
        const double g = curCell.g;
        if constexpr (Trace) {
            const double h = hPadded(x, y);
            trace->expanded.push_back({toCoord(cur), toCoord(curCell.parent), g, h, g + h});
        }
        if constexpr (Ov) {
            if (m_search.fallback) {
                // Closed cell closest to the goal (then cheaper, then lower index) for a goal a
                // blocked overlay cuts off.
                const long long dx = x - goalX;
                const long long dy = y - goalY;
                const long long d2 = dx * dx + dy * dy;
                const Node& best = nodes[m_search.bestNode];
                if (m_search.bestD2 < 0 || d2 < m_search.bestD2 ||
                    (d2 == m_search.bestD2 && (g < best.g || (g == best.g && cur < m_search.bestNode)))) {
                    m_search.bestD2 = d2;
                    m_search.bestNode = cur;
                }
            }
        }
        const bool isTarget = multi ? targetStamp[cur] == openStamp : cur == goalNode;
        if (isTarget) {
            open.save();
            m_search.expanded = expanded;
            m_search.endNode = cur;
            m_search.status = m_search.reached;
            if constexpr (Trace) {
                trace->openedBegin.push_back(int(trace->opened.size()));
                trace->neighboursBegin.push_back(int(trace->neighbours.size()));
            }
            return m_search.status;
        }

        // Records the better g of neighbour nb and puts it on the open list.
        auto improve = [&](std::uint32_t nb, double ng, int nx, int ny) __attribute__((always_inline)) {
            Node& m = nodes[nb];
            m.stamp = openStamp;
            m.g = ng;
            m.parent = cur;
            const double h = hOf(nb, nx, ny);
            open.push(entryOf(ng, h, nx, ny), nx, ny);
            if constexpr (L == Loop::Masked && Lm && !Multi)
                prefetchAround(lmActive, nodes, costs, nb, stride);
            if constexpr (Trace)
                trace->opened.push_back({toCoord(nb), toCoord(cur), ng, h, ng + h});
        };
        // Neighbour order: N, E, S, W, then NE, SE, SW, NW (detail/Directions.hpp).
        const float cN = costAt(cur - stride);
        const float cE = costAt(cur + 1);
        const float cS = costAt(cur + stride);
        const float cW = costAt(cur - 1);
        const bool pN = cN < Impassable;
        const bool pE = cE < Impassable;
        const bool pS = cS < Impassable;
        const bool pW = cW < Impassable;
        auto allowed = [&](bool a, bool b) __attribute__((always_inline)) {
            if constexpr (Dyn)
                return dynMode == DiagonalMode::NoCornerCutting     ? a & b
                       : dynMode == DiagonalMode::AtMostOneObstacle ? a | b
                                                                    : dynMode == DiagonalMode::Always;
            else if constexpr (Mode == DiagonalMode::NoCornerCutting)
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
            // written and pushed. That pays on weighted fields (the article workload), not on
            // uniform mazes, where the branches are predictable.
            unsigned improved = 0;
            double ngs[8];
            auto test = [&](int k, bool passable, double ng) __attribute__((always_inline)) {
                const Node& m = nodes[cur + std::uint32_t(offsets[k])];
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
                    const float c = costAt(cur + std::uint32_t(offsets[k]));
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
            // (8 calls per expansion, each a measurable share of an expansion's time).
            auto relax = [&](std::uint32_t nb, double ng, int nx, int ny) __attribute__((always_inline)) {
                const Node& m = nodes[nb];
                const std::uint32_t st = m.stamp;
                if constexpr (Trace) {
                    if (recordNb) {
                        const NeighbourOutcome o = st == closedStamp ? NeighbourOutcome::Closed
                                                   : st != openStamp ? NeighbourOutcome::Opened
                                                   : ng < m.g        ? NeighbourOutcome::Improved
                                                                     : NeighbourOutcome::NotBetter;
                        note(nx, ny, o, ng, hOf(nb, nx, ny));
                    }
                }
                if (st == closedStamp)
                    return;
                if (st != openStamp || ng < m.g)
                    improve(nb, ng, nx, ny);
            };
            // Refused neighbours, recorded in the traced loop only (nothing in the others).
            auto wall = [&](int nx, int ny) __attribute__((always_inline)) {
                if constexpr (Trace) {
                    if (recordNb)
                        note(nx, ny, NeighbourOutcome::Wall, 0.0, 0.0);
                } else {
                    (void)nx;
                    (void)ny;
                }
            };
            if (pN)
                relax(cur - stride, g + double(cN), x, y - 1);
            else
                wall(x, y - 1);
            if (pE)
                relax(cur + 1, g + double(cE), x + 1, y);
            else
                wall(x + 1, y);
            if (pS)
                relax(cur + stride, g + double(cS), x, y + 1);
            else
                wall(x, y + 1);
            if (pW)
                relax(cur - 1, g + double(cW), x - 1, y);
            else
                wall(x - 1, y);
            if constexpr (Dyn || Mode != DiagonalMode::Never) {
                if (!Dyn || dynMode != DiagonalMode::Never) {
                    auto diagonal = [&](std::uint32_t nb, int nx, int ny) __attribute__((always_inline)) {
                        const float c = costAt(nb);
                        if (c < Impassable)
                            relax(nb, g + double(c) * diagFactor, nx, ny);
                        else
                            wall(nx, ny);
                    };
                    auto refused = [&](std::uint32_t nb, int nx, int ny) __attribute__((always_inline)) {
                        if constexpr (Trace) {
                            if (recordNb) {
                                const float c = costAt(nb);
                                if (c < Impassable)
                                    note(nx, ny, NeighbourOutcome::CornerRule, g + double(c) * diagFactor, hOf(nb, nx, ny));
                                else
                                    note(nx, ny, NeighbourOutcome::Wall, 0.0, 0.0);
                            }
                        } else {
                            (void)nb;
                            (void)nx;
                            (void)ny;
                        }
                    };
                    if (allowed(pN, pE))
                        diagonal(cur - stride + 1, x + 1, y - 1);
                    else
                        refused(cur - stride + 1, x + 1, y - 1);
                    if (allowed(pS, pE))
                        diagonal(cur + stride + 1, x + 1, y + 1);
                    else
                        refused(cur + stride + 1, x + 1, y + 1);
                    if (allowed(pS, pW))
                        diagonal(cur + stride - 1, x - 1, y + 1);
                    else
                        refused(cur + stride - 1, x - 1, y + 1);
                    if (allowed(pN, pW))
                        diagonal(cur - stride - 1, x - 1, y - 1);
                    else
                        refused(cur - stride - 1, x - 1, y - 1);
                }
            }
        }
        if constexpr (Trace) {
            trace->openedBegin.push_back(int(trace->opened.size()));
            trace->neighboursBegin.push_back(int(trace->neighbours.size()));
        }
    }
    open.save();
    m_search.expanded = expanded;
    return openListExhausted();
}

} // namespace isostar::path
