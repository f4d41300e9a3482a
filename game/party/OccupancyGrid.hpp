#pragma once
/// \file OccupancyGrid.hpp
/// Who holds which cell (Detour's dtProximityGrid, per cell): the number of claims on each cell
/// (units standing on it + units stepping into it) and one holder's index, so occupied() and
/// holderOf() answer in O(1) for hundreds of units. It reads the party's units (never writes
/// them) only where one holder is not enough: off the grid, and when the unit asked about is the
/// recorded holder of a cell another unit holds too (after a spawn onto a taken cell).
///
/// Invariant (tests check it): claims(c) equals the count over the units of `tile == c` plus
/// `stepping && stepTo == c`, as long as the party claims every cell it enters and unclaims
/// every cell it leaves.
///
/// \code
/// game::OccupancyGrid occ(units);
/// occ.rebuild(grid.width(), grid.height());
/// occ.claim(next, i);              // unit i starts a step into `next`
/// if (occ.holderOf(cell, i) >= 0) { /* someone else is there */ }
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/core/ZeroedArray.hpp"
#include "game/party/Unit.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace game {

class OccupancyGrid {
public:
    /// Reads `units` (the party's; it must outlive the grid).
    explicit OccupancyGrid(const std::vector<Unit>& units);

    /// Sized for a `width` x `height` grid, with the cells every unit holds claimed.
    void rebuild(int width, int height);
    /// Unit `index` holds `c` too (ignored off the grid).
    void claim(eng::TileCoord c, int index);
    /// Unit `index` left `c` (ignored off the grid).
    void unclaim(eng::TileCoord c, int index);

    /// Is `cell` held by a unit other than `except` (its cell, or the cell it is stepping into)?
    bool occupied(eng::TileCoord cell, int except = -1) const { return holderOf(cell, except) >= 0; }
    /// A unit other than `except` holding `cell`, or -1.
    int holderOf(eng::TileCoord cell, int except = -1) const;
    /// Claims on `cell` (0 off the grid).
    int claims(eng::TileCoord cell) const;

    bool onGrid(eng::TileCoord c) const { return c.x >= 0 && c.y >= 0 && c.x < m_width && c.y < m_height; }
    int width() const { return m_width; }
    int height() const { return m_height; }

private:
    std::size_t cellIndex(eng::TileCoord c) const { return std::size_t(c.y) * std::size_t(m_width) + std::size_t(c.x); }
    /// The unit recorded as holding cell index `i`, -1 none.
    int holderAt(std::size_t i) const { return int(m_holder[i]) - 1; }
    /// A unit other than `except` on `cell` or stepping into it, by a scan; -1 when none.
    int scan(eng::TileCoord cell, int except) const;

    const std::vector<Unit>& m_units;
    // Both arrays start as untouched zero pages: on a big map only the pages of cells units
    // ever held become resident.
    eng::ZeroedArray<std::uint16_t> m_holds;   ///< per cell: claims (units on it + units stepping into it)
    eng::ZeroedArray<std::uint32_t> m_holder;  ///< per cell: one unit holding it + 1, 0 none
    int m_width = 0;
    int m_height = 0;
};

} // namespace game
