/// \file SearchStepper.cpp
/// A thin driver of GridQuery's time-sliced, traced search: no search code of its own, so a
/// step-through shows exactly what the full search does.
#include "engine/path/SearchStepper.hpp"

#include <algorithm>
#include <limits>

namespace isostar::path {

SearchStepper::SearchStepper() : m_trace(std::make_unique<SearchTrace>())
{
    m_trace->recordNeighbours = true;
}

PathStatus SearchStepper::begin(const NavGrid& grid, int layer, TileCoord start, TileCoord goal,
                                const SearchMode& mode, const QueryOverlay* overlay, bool partialPaths)
{
    reset();
    m_mode = mode;
    m_start = start;
    m_goal = goal;
    m_query.setSearchMode(mode);
    m_query.setPartialPaths(partialPaths);
    return settle(m_query.beginSearch(grid, layer, start, goal, overlay, m_trace.get()));
}

PathStatus SearchStepper::step()
{
    return advance(1);
}

PathStatus SearchStepper::advance(int expansions)
{
    if (m_finished || m_status != PathStatus::InProgress)
        return m_status;
    return settle(m_query.step(std::max(1, expansions)));
}

PathStatus SearchStepper::finish()
{
    if (m_finished || m_status != PathStatus::InProgress)
        return m_status;
    return settle(m_query.step(std::numeric_limits<int>::max()));
}

void SearchStepper::reset()
{
    m_query.cancel();
    m_trace->clear();
    m_head.clear();
    m_result = PathResult{};
    m_status = PathStatus::InvalidInput;
    m_finished = false;
}

PathStatus SearchStepper::settle(PathStatus s)
{
    // A final status ends the query's search now, so result() is ready and the query lets go
    // of the grid; the open list it leaves stays readable (GridQuery::openListHead).
    if (s != PathStatus::InProgress) {
        s = m_query.finishSearch(m_result);
        m_finished = true;
    }
    m_status = s;
    if (s == PathStatus::InvalidInput)
        m_head.clear();  // the layer changed (or nothing was begun): nothing left to show
    else
        m_query.openListHead(m_headSize, m_head);
    return m_status;
}

const TraceCell* SearchStepper::current() const
{
    return m_trace->expanded.empty() ? nullptr : &m_trace->expanded.back();
}

std::span<const TraceNeighbour> SearchStepper::neighbours() const
{
    // neighboursBegin has stepCount() + 1 entries once a step has run.
    const int k = m_trace->stepCount() - 1;
    if (k < 0 || std::size_t(k) + 1 >= m_trace->neighboursBegin.size())
        return {};
    return m_trace->neighboursAt(k);
}

TraceSnapshot SearchStepper::snapshot() const
{
    if (m_trace->openedBegin.empty())
        return TraceSnapshot{};
    return m_trace->snapshot(m_trace->stepCount() - 1);
}

} // namespace isostar::path
