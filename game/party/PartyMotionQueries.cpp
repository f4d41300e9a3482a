/// \file PartyMotionQueries.cpp
/// PartyMotion's read-only questions about the units: priority, whether two mates may trade
/// cells, the free cell nearest a goal, the cells a replan avoids, whether a blocked unit waits
/// in a line that moves. None of them writes a unit (PartyMotion.cpp is where units are
/// written).
#include "game/party/PartyMotion.hpp"

#include <algorithm>

namespace game {

bool PartyMotion::outranks(int a, int b) const
{
    return game::outranks(m_units[std::size_t(a)], a, m_units[std::size_t(b)], b);
}

bool PartyMotion::mayTrade(int i, int blocker) const
{
    const Unit& u = m_units[std::size_t(i)];
    const Unit& mate = m_units[std::size_t(blocker)];
    return u.group >= 0 && mate.group == u.group && mate.size == u.size && !mate.moving() && mate.goal == mate.tile && !u.stepping &&
           !u.path.empty() && u.path.front() == mate.tile && u.goal != mate.tile;
}

isostar::TileCoord PartyMotion::freeCellNear(isostar::TileCoord goal, isostar::TileCoord from, int layer, int except)
{
    if (!m_grid->inBounds(goal))
        return goal;
    // Flood outward from the goal over passable 4-neighbours (through other units), at most
    // `Limit` cells: the first free cell on the walker's island wins.
    constexpr std::size_t Limit = 512;
    const isostar::GridShape shape = m_grid->shape();
    m_freeSeen.clear();
    std::vector<isostar::TileCoord>& queue = m_freeQueue;
    queue.assign(1, goal);
    m_freeSeen.insert(shape.index(goal));
    for (std::size_t head = 0; head < queue.size() && head < Limit; ++head) {
        const isostar::TileCoord c = queue[head];
        if (!m_occupancy.occupiedIn(m_units[std::size_t(except)].footprintAt(c), except) && m_grid->reachable(layer, from, c))
            return c;
        const isostar::TileCoord next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (isostar::TileCoord n : next) {
            if (m_grid->passable(layer, n) && m_freeSeen.insert(shape.index(n)))
                queue.push_back(n);
        }
    }
    return goal;
}

std::vector<isostar::TileCoord> PartyMotion::avoidCells(int index, isostar::TileCoord start) const
{
    // A penalty (not a wall) on the cells units within avoidRadius hold, and on the next
    // claimCells cells of their paths (their footprints there): the search goes around them
    // where the detour is cheaper. The search plans the unit's northern corner, so the penalty
    // goes on every corner from which its footprint would overlap such a cell. Only units of
    // higher priority count, and units standing without an order.
    std::vector<isostar::TileCoord> avoid;
    const int size = m_units[std::size_t(index)].size;
    auto add = [&](const Footprint& f) {
        f.forEachAnchorOverlapping(size, [&](isostar::TileCoord a) {
            if (a != start && m_occupancy.onGrid(a))
                avoid.push_back(a);
        });
    };
    const int r = std::max(0, m_params.avoidRadius);
    for (int y = std::max(0, start.y - r); y <= std::min(m_occupancy.height() - 1, start.y + r); ++y)
        for (int x = std::max(0, start.x - r); x <= std::min(m_occupancy.width() - 1, start.x + r); ++x) {
            const isostar::TileCoord c{x, y};
            const int o = m_occupancy.holderOf(c, index);
            if (o < 0)
                continue;
            const Unit& other = m_units[std::size_t(o)];
            if (other.moving() && !outranks(o, index))
                continue;  // lower priority: it makes way, the plan ignores it
            add({c, 1});
            if (other.tile != c)
                continue;  // its path is listed once, from the cell it stands on
            const std::size_t n = std::min(other.path.size(), std::size_t(std::max(0, m_params.claimCells)));
            for (std::size_t k = 0; k < n; ++k)
                add(other.footprintAt(other.path[k]));
        }
    if (size > 1) {  // footprints list a corner several times
        std::sort(avoid.begin(), avoid.end());
        avoid.erase(std::unique(avoid.begin(), avoid.end()), avoid.end());
    }
    return avoid;
}

bool PartyMotion::waitsInMovingLine(int index) const
{
    // Follow who blocks whom from `index`: a unit that steps, waits for a path, waits after
    // giving way or is pushing its blocker aside keeps the line moving; a standing unit without
    // an order, or a loop nobody can break, does not.
    int cur = index;
    m_lineSeen.clear();
    for (int k = 0; k < 64; ++k) {
        const Unit& c = m_units[std::size_t(cur)];
        if (c.stepping || c.walk.awaitingPath || c.walk.holdSec > 0.0 || c.walk.pushing)
            return true;
        if (c.path.empty())
            return false;
        const int next = m_occupancy.holderIn(c.footprintAt(c.path.front()), cur);
        if (next < 0 || mayTrade(cur, next))
            return true;  // free, or a standing mate it trades cells with
        if (std::find(m_lineSeen.begin(), m_lineSeen.end(), next) != m_lineSeen.end() || next == index)
            return false;
        m_lineSeen.push_back(cur);
        cur = next;
    }
    return false;
}

} // namespace game
