#include "engine/path/SearchTrace.hpp"

#include "engine/core/Assert.hpp"

#include <algorithm>
#include <ostream>

namespace isostar::path {

void SearchTrace::clear()
{
    width = 0;
    height = 0;
    expanded.clear();
    opened.clear();
    openedBegin.clear();
    neighbours.clear();
    neighboursBegin.clear();
}

TraceSnapshot SearchTrace::snapshot(int k) const
{
    ISOSTAR_ASSERT(k >= -1 && k < stepCount(), "SearchTrace::snapshot: step out of range");
    TraceSnapshot s;
    s.width = width;
    s.height = height;
    const std::size_t n = std::size_t(std::max(0, width) * std::max(0, height));
    s.state.assign(n, TraceCellState::Unvisited);
    s.g.assign(n, 0.0);
    s.h.assign(n, 0.0);
    s.f.assign(n, 0.0);
    s.parent.assign(n, TileCoord{});
    auto put = [&](const TraceCell& c, TraceCellState st) {
        if (c.cell.x < 0 || c.cell.y < 0 || c.cell.x >= width || c.cell.y >= height)
            return;
        const std::size_t i = std::size_t(c.cell.y * width + c.cell.x);
        s.state[i] = st;
        s.g[i] = c.g;
        s.h[i] = c.h;
        s.f[i] = c.f;
        s.parent[i] = c.parent;
    };
    // Opened cells up to the end of step k (k = -1: just the start, recorded first). Later
    // records of a cell carry its improved g, so applying them in order leaves the latest.
    std::size_t openedEnd = 0;
    if (k < 0)
        openedEnd = std::min<std::size_t>(1, opened.size());
    else if (std::size_t(k) + 1 < openedBegin.size())
        openedEnd = std::size_t(openedBegin[std::size_t(k) + 1]);
    else
        openedEnd = opened.size();
    for (std::size_t i = 0; i < openedEnd && i < opened.size(); ++i)
        put(opened[i], TraceCellState::Open);
    // A closed cell is final (consistent heuristic, no reopening).
    for (int i = 0; i <= k; ++i)
        put(expanded[std::size_t(i)], TraceCellState::Closed);
    return s;
}

std::ostream& operator<<(std::ostream& os, const TraceCell& c)
{
    return os << "{cell " << c.cell << ", parent " << c.parent << ", g " << c.g << ", h " << c.h
              << ", f " << c.f << '}';
}

} // namespace isostar::path

namespace isostar::path {

std::string_view neighbourOutcomeName(NeighbourOutcome o)
{
    switch (o) {
    case NeighbourOutcome::Opened: return "opened";
    case NeighbourOutcome::Improved: return "improved";
    case NeighbourOutcome::NotBetter: return "not-better";
    case NeighbourOutcome::Closed: return "closed";
    case NeighbourOutcome::Wall: return "wall";
    case NeighbourOutcome::CornerRule: return "corner-rule";
    }
    return "?";
}

std::ostream& operator<<(std::ostream& os, NeighbourOutcome o)
{
    return os << neighbourOutcomeName(o);
}

std::ostream& operator<<(std::ostream& os, const TraceNeighbour& n)
{
    return os << '{' << n.cell << ' ' << n.outcome << ", g " << n.g << ", h " << n.h << ", f " << n.f << '}';
}

} // namespace isostar::path
