#pragma once
/// \file OrderBlocked.hpp
/// The tiles a move order's formation may not use (planFormation's `blocked`): cells held or
/// claimed by a unit outside the order (its footprint, the footprint it steps into), the cells
/// of the goals of moving units outside the order, and of the goals an earlier group of the
/// same order took. Answered from
/// the occupancy grid (claims per cell, units listed by goal), so each question costs the units
/// on or walking to that cell, never a scan of the party.
///
/// \code
/// game::OrderBlocked blocked;
/// const std::vector<int> movers = blocked.begin(units, occupancy, who);
/// planFormation(..., [&](isostar::TileCoord c) { return blocked.at(c); }, scratch);
/// blocked.take(goals);   // an earlier group's goals, before the next group's formation
/// blocked.end();
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "game/party/OccupancyGrid.hpp"
#include "game/party/Unit.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace game {

class OrderBlocked {
public:
    /// Starts an order of `who` among `units` (held on `occupancy`; both must outlive end()):
    /// returns the movers, the valid and distinct units of `who` in order.
    std::vector<int> begin(const std::vector<Unit>& units, const OccupancyGrid& occupancy, const std::vector<int>& who);
    /// `goals` are taken by a group of the order whose units are of `size`: the cells of their
    /// footprints are blocked for the groups after it.
    void take(std::span<const isostar::TileCoord> goals, int size = 1);
    /// Is `c` no formation goal for the order's movers? Off the grid: false (the flood never
    /// leaves it).
    bool at(isostar::TileCoord c) const;
    /// Ends the order: the marks are cleared over its movers only.
    void end();

private:
    const std::vector<Unit>* m_units = nullptr;
    const OccupancyGrid* m_occupancy = nullptr;
    std::vector<int> m_movers;
    std::vector<char> m_isMover;            ///< per unit, 1 for the order's units (0 between orders)
    std::vector<std::size_t> m_moverCells;  ///< cell indices the movers hold or step into, sorted
    std::vector<std::size_t> m_taken;       ///< cell indices of earlier groups' goals, sorted
};

} // namespace game
