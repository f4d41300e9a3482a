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
/// It also lists the units by goal (a list per cell, linked through the units), so "is a unit
/// walking to this cell" costs the units whose goal it is, not a scan of the party. Invariant
/// (tests check it): goals(c) equals the count over the units of `goal == c`, as long as the
/// party reports every unit it spawns and every change of a unit's goal (goalChanged).
///
/// \code
/// game::OccupancyGrid occ(units);
/// occ.rebuild(grid.width(), grid.height());
/// occ.claim(next, i);              // unit i starts a step into `next`
/// if (occ.holderOf(cell, i) >= 0) { /* someone else is there */ }
/// units[i].goal = g; occ.goalChanged(i);   // listed under its new goal
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

    /// Sized for a `width` x `height` grid, with the cells every unit holds claimed and every
    /// unit listed under its goal.
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

    /// Unit `index` is new or its goal changed: it is listed under Unit::goal now (nowhere off
    /// the grid).
    void goalChanged(int index);
    /// The same for `u`, one of the units the grid reads.
    void goalChanged(const Unit& u) { goalChanged(int(&u - m_units.data())); }
    /// Is a unit moving (Unit::moving) toward `cell` (its goal), other than those marked in
    /// `except` (indexed by unit; units past its end are not excepted)?
    bool walkedTo(eng::TileCoord cell, const std::vector<char>& except) const;
    /// Units listed under `cell` as their goal (0 off the grid).
    int goals(eng::TileCoord cell) const;

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
    /// A unit's place in the list of its goal cell.
    struct GoalLink {
        std::uint32_t cell = 0;  ///< cell index + 1 of the list it is in, 0 none
        int prev = -1, next = -1;
    };
    void unlinkGoal(int index);

    eng::ZeroedArray<std::uint32_t> m_goalHead;  ///< per cell: first unit whose goal it is + 1, 0 none
    std::vector<GoalLink> m_goalLinks;           ///< per unit
    int m_width = 0;
    int m_height = 0;
};

} // namespace game
