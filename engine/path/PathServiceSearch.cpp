/// \file PathServiceSearch.cpp
/// PathService: which search answers a path request (PathRequest::algorithm, the `auto` rule,
/// an explicit jump search waiting for its table or refused) and the slices that run it.
#include "engine/path/JumpTables.hpp"
#include "engine/path/PathService.hpp"
#include "engine/path/service/ServiceSlot.hpp"

#include <algorithm>

namespace isostar::path {

namespace {
bool isJumpSearch(SearchAlgorithm a)
{
    return a == SearchAlgorithm::Jps || a == SearchAlgorithm::Jpsw;
}

/// An explicit jump search can answer `r` (else it is refused with InvalidInput).
bool jumpApplies(const NavGrid& grid, const PathRequest& r)
{
    if (!r.overlayCells.empty())
        return false;
    return r.algorithm == SearchAlgorithm::Jps ? JumpPointSearch::supports(grid, r.layer)
                                               : WeightedJumpSearch::supports(grid, r.layer);
}
} // namespace

SearchAlgorithm PathService::algorithm(PathHandle h) const
{
    const Slot* s = live(h);
    return s && s->state == RequestState::Done && !s->field ? s->algorithm : SearchAlgorithm::Auto;
}

bool PathService::waitsForTable(std::uint32_t index) const
{
    const Slot& s = m_slots[index];
    return !s.field && isJumpSearch(s.request.algorithm) && jumpApplies(m_grid, s.request) &&
           !m_jumps->ready(s.request.algorithm, s.request.layer);
}

bool PathService::awaitTable(std::uint32_t index)
{
    if (!waitsForTable(index))
        return false;
    const PathRequest& r = m_slots[index].request;
    m_jumps->prepare(r.algorithm, r.layer);
    return true;
}

bool PathService::startSearch(std::uint32_t index)
{
    Slot& s = m_slots[index];
    if (s.field)
        return s.field->restart(m_grid) == PathStatus::InProgress;
    const PathRequest& r = s.request;
    if (isJumpSearch(r.algorithm)) {
        s.algorithm = r.algorithm;
        if (!jumpApplies(m_grid, r)) {
            if (s.query)
                m_idle.push_back(std::move(s.query));
            s.result = PathResult{};  // refused: InvalidInput, no path
            return false;
        }
    } else {
        s.algorithm = r.algorithm == SearchAlgorithm::AStar ? SearchAlgorithm::AStar
                                                            : m_jumps->choose(r.layer, !r.overlayCells.empty());
    }
    if (s.algorithm != SearchAlgorithm::AStar) {
        // A jump search runs whole in its first slice (runSlice): it holds no GridQuery.
        if (s.query)
            m_idle.push_back(std::move(s.query));
        return true;
    }
    if (!s.query) {
        if (m_idle.empty())
            m_idle.push_back(std::make_unique<GridQuery>());
        s.query = std::move(m_idle.back());
        m_idle.pop_back();
    }
    const QueryOverlay overlay{r.overlayCells, r.overlayPenalty, r.overlayBlocked};
    s.query->setPartialPaths(r.partial);
    const PathStatus st = s.query->beginSearch(m_grid, r.layer, r.start, r.goal,
                                               r.overlayCells.empty() ? nullptr : &overlay);
    return st == PathStatus::InProgress;
}

void PathService::restart(std::uint32_t index, ServiceStats& stats)
{
    ++stats.restarted;
    if (awaitTable(index)) {
        suspend(index);  // an explicit jump search whose table an edit dropped: it waits again
        return;
    }
    if (!startSearch(index))
        finishSlot(index, stats);
}

int PathService::runSlice(std::uint32_t index, ServiceStats& stats)
{
    Slot& s = m_slots[index];
    if (!s.field && s.algorithm != SearchAlgorithm::AStar) {
        // Not sliced: the whole search, charged to the budget as one step (update()'s clock
        // and its expansion count), but not a slice of maxSliceExpansions.
        if (!m_jumps->ready(s.algorithm, s.request.layer)) {
            restart(index, stats);  // its table missed an edit: chosen again
            return 0;
        }
        const PathRequest& r = s.request;
        m_jumps->findPath(s.algorithm, r.layer, r.start, r.goal, r.partial, s.result);
        finishSlot(index, stats);
        return std::max(0, s.result.expanded);
    }
    const int before = s.field ? s.field->expanded() : s.query->expandedSoFar();
    const PathStatus st = s.field ? s.field->step(m_slice) : s.query->step(m_slice);
    if (st == PathStatus::InvalidInput && m_grid.validLayer(s.request.layer)) {
        // The layer changed under the search: begin again on the new grid.
        restart(index, stats);
        return 0;
    }
    const int done = std::max(0, (s.field ? s.field->expanded() : s.query->expandedSoFar()) - before);
    ++stats.slices;
    if (st != PathStatus::InProgress)
        finishSlot(index, stats);
    return done;
}

} // namespace isostar::path
