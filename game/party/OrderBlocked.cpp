#include "game/party/OrderBlocked.hpp"

#include <algorithm>

namespace game {

std::vector<int> OrderBlocked::begin(const std::vector<Unit>& units, const OccupancyGrid& occupancy,
                                     const std::vector<int>& who)
{
    m_units = &units;
    m_occupancy = &occupancy;
    // m_isMover is 0 between orders (end()): only grown here, never cleared over all units.
    if (m_isMover.size() < units.size())
        m_isMover.resize(units.size(), 0);
    m_movers.clear();
    m_moverCells.clear();
    m_taken.clear();
    const isostar::GridShape shape = occupancy.shape();
    auto held = [&](isostar::TileCoord c) {
        if (shape.inBounds(c))
            m_moverCells.push_back(shape.index(c));
    };
    // Each cell a mover covers, once per mover (OccupancyGrid's claims count it once).
    for (int i : who)
        if (i >= 0 && i < int(units.size()) && !m_isMover[std::size_t(i)]) {
            m_movers.push_back(i);
            m_isMover[std::size_t(i)] = 1;
            const Unit& u = units[std::size_t(i)];
            u.footprint().forEachCell(held);
            if (u.stepping)
                u.footprintAt(u.stepTo).forEachCell([&](isostar::TileCoord c) {
                    if (!u.footprint().contains(c))
                        held(c);
                });
        }
    std::sort(m_moverCells.begin(), m_moverCells.end());
    return m_movers;
}

void OrderBlocked::take(std::span<const isostar::TileCoord> goals, int size)
{
    const isostar::GridShape shape = m_occupancy->shape();
    for (isostar::TileCoord g : goals)
        Footprint{g, size}.forEachCell([&](isostar::TileCoord c) {
            if (shape.inBounds(c))
                m_taken.push_back(shape.index(c));
        });
    std::sort(m_taken.begin(), m_taken.end());
}

bool OrderBlocked::at(isostar::TileCoord c) const
{
    if (!m_occupancy->onGrid(c))
        return false;  // the flood never leaves the grid
    const std::size_t i = m_occupancy->shape().index(c);
    // Claims beyond the movers' own: a unit outside the order stands there or steps into it.
    if (const int claims = m_occupancy->claims(c); claims > 0) {
        const auto [lo, hi] = std::equal_range(m_moverCells.begin(), m_moverCells.end(), i);
        if (claims > hi - lo)
            return true;
    }
    return m_occupancy->walkedTo(c, m_isMover) || std::binary_search(m_taken.begin(), m_taken.end(), i);
}

void OrderBlocked::end()
{
    for (int i : m_movers)
        m_isMover[std::size_t(i)] = 0;
    m_movers.clear();
}

} // namespace game
