#include "game/party/OccupancyGrid.hpp"

namespace game {

OccupancyGrid::OccupancyGrid(const std::vector<Unit>& units) : m_units(units) {}

void OccupancyGrid::rebuild(int width, int height)
{
    m_width = width;
    m_height = height;
    const std::size_t cells = std::size_t(width) * std::size_t(height);
    // Fresh zero storage (not zero() of the old): untouched pages stay out of memory.
    m_holds = {};
    m_holder = {};
    m_holds.growTo(cells);
    m_holder.growTo(cells);
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        const Unit& u = m_units[i];
        claim(u.tile, int(i));
        if (u.stepping)
            claim(u.stepTo, int(i));
    }
}

void OccupancyGrid::claim(eng::TileCoord c, int index)
{
    if (!onGrid(c))
        return;
    const std::size_t i = cellIndex(c);
    if (m_holds[i]++ == 0 || m_holder[i] == 0)
        m_holder[i] = std::uint32_t(index) + 1;
}

void OccupancyGrid::unclaim(eng::TileCoord c, int index)
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

int OccupancyGrid::holderOf(eng::TileCoord cell, int except) const
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

int OccupancyGrid::claims(eng::TileCoord cell) const
{
    return onGrid(cell) ? int(m_holds[cellIndex(cell)]) : 0;
}

int OccupancyGrid::scan(eng::TileCoord cell, int except) const
{
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        const Unit& u = m_units[i];
        if (int(i) != except && (u.tile == cell || (u.stepping && u.stepTo == cell)))
            return int(i);
    }
    return -1;
}

} // namespace game
