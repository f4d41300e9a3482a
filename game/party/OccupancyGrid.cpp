#include "game/party/OccupancyGrid.hpp"

#include <algorithm>
#include <cmath>

namespace game {

OccupancyGrid::OccupancyGrid(const std::vector<Unit>& units) : m_units(units) {}

void OccupancyGrid::rebuild(isostar::GridShape shape)
{
    m_shape = shape;
    const std::size_t cells = shape.size();
    // Fresh zero storage (not zero() of the old): untouched pages stay out of memory.
    m_holds = {};
    m_holder = {};
    m_holds.growTo(cells);
    m_holder.growTo(cells);
    m_goalHead = {};
    m_goalHead.growTo(cells);
    m_goalLinks.assign(m_units.size(), GoalLink{});
    m_maxSize = 1;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        claimUnit(int(i));
        goalChanged(int(i));
    }
}

void OccupancyGrid::enter(const Footprint& from, const Footprint& to, int index)
{
    to.forEachCell([&](isostar::TileCoord c) {
        if (!from.contains(c))
            claim(c, index);
    });
}

void OccupancyGrid::leave(const Footprint& from, const Footprint& to, int index)
{
    from.forEachCell([&](isostar::TileCoord c) {
        if (!to.contains(c))
            unclaim(c, index);
    });
}

void OccupancyGrid::claimUnit(int index)
{
    const Unit& u = m_units[std::size_t(index)];
    u.footprint().forEachCell([&](isostar::TileCoord c) { claim(c, index); });
    if (u.stepping)
        enter(u.footprint(), u.footprintAt(u.stepTo), index);
}

void OccupancyGrid::unclaimUnit(int index)
{
    const Unit& u = m_units[std::size_t(index)];
    if (u.stepping)
        leave(u.footprintAt(u.stepTo), u.footprint(), index);
    u.footprint().forEachCell([&](isostar::TileCoord c) { unclaim(c, index); });
}

int OccupancyGrid::holderIn(const Footprint& f, int except) const
{
    for (int dy = 0; dy < f.size; ++dy)
        for (int dx = 0; dx < f.size; ++dx)
            if (const int h = holderOf({f.at.x + dx, f.at.y + dy}, except); h >= 0)
                return h;
    return -1;
}

void OccupancyGrid::claim(isostar::TileCoord c, int index)
{
    if (!onGrid(c))
        return;
    const std::size_t i = cellIndex(c);
    if (m_holds[i]++ == 0 || m_holder[i] == 0)
        m_holder[i] = std::uint32_t(index) + 1;
}

void OccupancyGrid::unclaim(isostar::TileCoord c, int index)
{
    if (!onGrid(c))
        return;
    const std::size_t i = cellIndex(c);
    if (m_holds[i] > 0)
        --m_holds[i];
    if (m_holds[i] == 0)
        m_holder[i] = 0;
    else if (holderAt(i) == index)
        m_holder[i] = std::uint32_t(scan(c, index) + 1);  // another unit still holds it (only after a spawn onto a taken cell)
}

int OccupancyGrid::holderOf(isostar::TileCoord cell, int except) const
{
    if (onGrid(cell)) {
        const std::size_t c = cellIndex(cell);
        if (m_holds[c] == 0)
            return -1;
        if (holderAt(c) != except)
            return holderAt(c);
        if (m_holds[c] == 1)
            return -1;  // `except` is the only one there
    }
    // Off the grid, or `except` shares the cell with another unit (rare).
    return scan(cell, except);
}

int OccupancyGrid::claims(isostar::TileCoord cell) const
{
    return onGrid(cell) ? int(m_holds[cellIndex(cell)]) : 0;
}

void OccupancyGrid::goalChanged(int index)
{
    if (index < 0 || std::size_t(index) >= m_units.size())
        return;
    if (std::size_t(index) >= m_goalLinks.size())
        m_goalLinks.resize(m_units.size());
    unlinkGoal(index);
    const isostar::TileCoord goal = m_units[std::size_t(index)].goal;
    m_maxSize = std::max(m_maxSize, m_units[std::size_t(index)].size);
    if (!onGrid(goal))
        return;
    const std::size_t c = cellIndex(goal);
    GoalLink& link = m_goalLinks[std::size_t(index)];
    link.cell = std::uint32_t(c) + 1;
    link.prev = -1;
    link.next = int(m_goalHead[c]) - 1;
    if (link.next >= 0)
        m_goalLinks[std::size_t(link.next)].prev = index;
    m_goalHead[c] = std::uint32_t(index) + 1;
}

void OccupancyGrid::unlinkGoal(int index)
{
    GoalLink& link = m_goalLinks[std::size_t(index)];
    if (link.cell == 0)
        return;
    if (link.prev >= 0)
        m_goalLinks[std::size_t(link.prev)].next = link.next;
    else
        m_goalHead[link.cell - 1] = std::uint32_t(link.next + 1);
    if (link.next >= 0)
        m_goalLinks[std::size_t(link.next)].prev = link.prev;
    link = GoalLink{};
}

bool OccupancyGrid::walkedTo(isostar::TileCoord cell, const std::vector<char>& except) const
{
    if (!onGrid(cell))
        return false;
    // Goals are listed by their footprint's northern corner: the corners up to m_maxSize - 1
    // cells north of `cell` may hold a goal whose footprint covers it.
    for (int y = std::max(0, cell.y - m_maxSize + 1); y <= cell.y; ++y)
        for (int x = std::max(0, cell.x - m_maxSize + 1); x <= cell.x; ++x)
            for (int i = int(m_goalHead[cellIndex({x, y})]) - 1; i >= 0; i = m_goalLinks[std::size_t(i)].next) {
                const Unit& u = m_units[std::size_t(i)];
                if ((std::size_t(i) >= except.size() || !except[std::size_t(i)]) && u.moving() &&
                    u.footprintAt(u.goal).contains(cell))
                    return true;
            }
    return false;
}

int OccupancyGrid::goals(isostar::TileCoord cell) const
{
    int n = 0;
    if (onGrid(cell))
        for (int i = int(m_goalHead[cellIndex(cell)]) - 1; i >= 0; i = m_goalLinks[std::size_t(i)].next)
            ++n;
    return n;
}

int OccupancyGrid::freeSearchRadius(std::size_t units)
{
    return FreeSearchMinRadius + int(std::ceil(std::sqrt(double(units))));
}

OccupancyGrid::FreeCell OccupancyGrid::nearestFree(const isostar::path::NavGrid& grid, int layer, isostar::TileCoord from,
                                                   int except, int size) const
{
    // Square rings of growing Chebyshev radius r round `from`: every cell of ring r is at least
    // r away (Euclidean), so once r * r reaches the best squared distance found no farther ring
    // holds a closer cell. Ties go to the first cell in row-major order, as a scan of the map.
    FreeCell out;
    int bestD = 0;
    const int maxR = std::min(freeSearchRadius(m_units.size()),
                              std::max({from.x, from.y, grid.width() - 1 - from.x, grid.height() - 1 - from.y}));
    auto consider = [&](isostar::TileCoord c) {
        ++out.visited;
        if (!grid.passable(layer, c) || occupiedIn(Footprint{c, size}, except))
            return;
        const int d = (c.x - from.x) * (c.x - from.x) + (c.y - from.y) * (c.y - from.y);
        const std::optional<isostar::TileCoord>& best = out.cell;
        if (!best || d < bestD || (d == bestD && (c.y < best->y || (c.y == best->y && c.x < best->x)))) {
            out.cell = c;
            bestD = d;
        }
    };
    for (int r = 0; r <= maxR && (!out.cell || r * r <= bestD); ++r)
        for (int y = from.y - r; y <= from.y + r; ++y) {
            const bool edgeRow = y == from.y - r || y == from.y + r;
            for (int x = from.x - r; x <= from.x + r; x += edgeRow || r == 0 ? 1 : 2 * r)
                consider({x, y});
        }
    return out;
}

int OccupancyGrid::scan(isostar::TileCoord cell, int except) const
{
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        const Unit& u = m_units[i];
        if (int(i) != except && u.covers(cell))
            return int(i);
    }
    return -1;
}

} // namespace game
