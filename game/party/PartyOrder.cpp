/// \file PartyOrder.cpp
/// Party: the units of an order and the tiles its formation may not use, answered from the
/// occupancy grid (cells held, goals walked to) at the cost of the cells asked about.
#include "game/party/Party.hpp"

#include <algorithm>

namespace game {

std::vector<int> Party::moversOf(const std::vector<int>& who)
{
    // isMover is 0 between orders (endOrder): only grown here, never cleared over all units.
    std::vector<int> movers;
    std::vector<char>& isMover = m_order.isMover;
    if (isMover.size() < m_units.size())
        isMover.resize(m_units.size(), 0);
    m_order.moverCells.clear();
    m_order.taken.clear();
    const std::size_t width = std::size_t(m_grid->width());
    auto held = [&](eng::TileCoord c) { m_order.moverCells.push_back(std::size_t(c.y) * width + std::size_t(c.x)); };
    for (int i : who)
        if (i >= 0 && i < int(m_units.size()) && !isMover[std::size_t(i)]) {
            movers.push_back(i);
            isMover[std::size_t(i)] = 1;
            const Unit& u = m_units[std::size_t(i)];
            if (m_occupancy.onGrid(u.tile))
                held(u.tile);
            if (u.stepping && m_occupancy.onGrid(u.stepTo))
                held(u.stepTo);
        }
    std::sort(m_order.moverCells.begin(), m_order.moverCells.end());
    return movers;
}

void Party::endOrder(const std::vector<int>& movers)
{
    for (int i : movers)
        m_order.isMover[std::size_t(i)] = 0;
}

bool Party::blockedForOrder(eng::TileCoord c) const
{
    if (!m_occupancy.onGrid(c))
        return false;  // the flood never leaves the grid
    const std::size_t i = std::size_t(c.y) * std::size_t(m_grid->width()) + std::size_t(c.x);
    // Claims beyond the movers' own: a unit outside the order stands there or steps into it.
    if (const int claims = m_occupancy.claims(c); claims > 0) {
        const auto [lo, hi] = std::equal_range(m_order.moverCells.begin(), m_order.moverCells.end(), i);
        if (claims > hi - lo)
            return true;
    }
    return m_occupancy.walkedTo(c, m_order.isMover) || std::binary_search(m_order.taken.begin(), m_order.taken.end(), i);
}

std::vector<char> Party::formationBlocked(const std::vector<int>& who, std::span<const eng::TileCoord> cells)
{
    std::vector<char> out;
    if (!m_grid)
        return out;
    const std::vector<int> movers = moversOf(who);
    for (eng::TileCoord c : cells)
        out.push_back(blockedForOrder(c) ? 1 : 0);
    endOrder(movers);
    return out;
}

} // namespace game
