#pragma once
/// \file OccupancyGrid.hpp
/// Who holds which cell (Detour's dtProximityGrid, per cell): the number of claims on each cell
/// (units covering it: standing on it + stepping into it; a unit of size s covers its s x s
/// footprint, Footprint.hpp, and while stepping the union of both footprints, each cell
/// once) and one holder's index, so occupied() and
/// holderOf() answer in O(1) for hundreds of units. It reads the party's units (never writes
/// them) only where one holder is not enough: off the grid, and when the unit asked about is the
/// recorded holder of a cell another unit holds too (after a spawn onto a taken cell).
///
/// Invariant (tests check it): claims(c) equals the count over the units of Unit::covers(c),
/// as long as the party claims every cell it enters and unclaims every cell it leaves (enter()
/// and leave() for a step, claimUnit() and unclaimUnit() for the whole unit).
///
/// It also lists the units by goal (a list per cell, linked through the units), so "is a unit
/// walking to this cell" costs the units whose goal it is, not a scan of the party. Invariant
/// (tests check it): goals(c) equals the count over the units of `goal == c`, as long as the
/// party reports every unit it spawns and every change of a unit's goal (goalChanged).
///
/// \code
/// game::OccupancyGrid occ(units);
/// occ.rebuild(grid.shape());
/// occ.claim(next, i);              // unit i starts a step into `next`
/// if (occ.holderOf(cell, i) >= 0) { /* someone else is there */ }
/// occ.goalChanged(i);             // unit i's goal changed: listed under the new one
/// \endcode

#include "engine/core/GridShape.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/core/ZeroedArray.hpp"
#include "engine/path/NavGrid.hpp"
#include "game/party/Unit.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace game {

class OccupancyGrid {
public:
    /// Reads `units` (the party's; it must outlive the grid).
    explicit OccupancyGrid(const std::vector<Unit>& units);

    /// Sized for a grid of `shape`, with the cells every unit holds claimed and every unit
    /// listed under its goal.
    void rebuild(isostar::GridShape shape);
    /// Unit `index` holds `c` too (ignored off the grid).
    void claim(isostar::TileCoord c, int index);
    /// Unit `index` left `c` (ignored off the grid).
    void unclaim(isostar::TileCoord c, int index);
    /// Unit `index` starts a step from footprint `from` into `to`: the cells of `to` not in
    /// `from` are claimed.
    void enter(const Footprint& from, const Footprint& to, int index);
    /// Unit `index` ended a step from `from` into `to`: the cells of `from` not in `to` are
    /// unclaimed.
    void leave(const Footprint& from, const Footprint& to, int index);
    /// Every cell unit `index` covers (Unit::covers) is claimed / unclaimed.
    void claimUnit(int index);
    void unclaimUnit(int index);

    /// Is `cell` held by a unit other than `except` (its cell, or the cell it is stepping into)?
    bool occupied(isostar::TileCoord cell, int except = -1) const { return holderOf(cell, except) >= 0; }
    /// A unit other than `except` holding `cell`, or -1.
    int holderOf(isostar::TileCoord cell, int except = -1) const;
    /// Claims on `cell` (0 off the grid).
    int claims(isostar::TileCoord cell) const;
    /// A unit other than `except` holding a cell of footprint `f` (the first found, row by
    /// row), or -1. O(size^2).
    int holderIn(const Footprint& f, int except = -1) const;
    /// Does a unit other than `except` hold a cell of footprint `f`?
    bool occupiedIn(const Footprint& f, int except = -1) const { return holderIn(f, except) >= 0; }

    /// Unit `index` is new or its goal changed: it is listed under Unit::goal now (nowhere off
    /// the grid).
    void goalChanged(int index);
    /// The same for `u`, one of the units the grid reads.
    void goalChanged(const Unit& u) { goalChanged(int(&u - m_units.data())); }
    /// Is a unit moving (Unit::moving) toward a goal whose footprint covers `cell`, other than
    /// those marked in `except` (indexed by unit; units past its end are not excepted)?
    bool walkedTo(isostar::TileCoord cell, const std::vector<char>& except) const;
    /// Units listed under `cell` as their goal (0 off the grid).
    int goals(isostar::TileCoord cell) const;

    /// A nearest free cell and what finding it cost.
    struct FreeCell {
        std::optional<isostar::TileCoord> cell;  ///< nullopt: none within the search's reach
        std::size_t visited = 0;             ///< cells looked at
    };
    /// Radius of nearestFree's search for a party of `units`: a square that holds every unit
    /// several times over (FreeSearchMinRadius + sqrt(units)), so its cost is O(units), never
    /// the map's.
    static int freeSearchRadius(std::size_t units);
    static constexpr int FreeSearchMinRadius = 32;
    /// The passable cell of `layer` whose footprint of `size` holds no unit other than `except`
    /// closest to `from` (Euclidean; ties: the first in row-major order), within
    /// freeSearchRadius(units) cells (Chebyshev) of it (`layer` is the footprint layer of that
    /// size: passable where the whole footprint is). Rings of growing radius, stopping as soon
    /// as no farther ring can hold a closer cell: it looks at O(d^2) cells for a free cell d
    /// away, at most (2 freeSearchRadius + 1)^2.
    FreeCell nearestFree(const isostar::path::NavGrid& grid, int layer, isostar::TileCoord from, int except,
                         int size = 1) const;

    bool onGrid(isostar::TileCoord c) const { return m_shape.inBounds(c); }
    /// The grid's shape (cell indices of per-cell arrays the size of the map).
    isostar::GridShape shape() const { return m_shape; }
    int width() const { return m_shape.width; }
    int height() const { return m_shape.height; }

private:
    std::size_t cellIndex(isostar::TileCoord c) const { return m_shape.index(c); }
    /// The unit recorded as holding cell index `i`, -1 none.
    int holderAt(std::size_t i) const { return int(m_holder[i]) - 1; }
    /// A unit other than `except` on `cell` or stepping into it, by a scan; -1 when none.
    int scan(isostar::TileCoord cell, int except) const;

    const std::vector<Unit>& m_units;
    // Both arrays start as untouched zero pages: on a big map only the pages of cells units
    // ever held become resident.
    isostar::ZeroedArray<std::uint16_t> m_holds;   ///< per cell: claims (units on it + units stepping into it)
    isostar::ZeroedArray<std::uint32_t> m_holder;  ///< per cell: one unit holding it + 1, 0 none
    /// A unit's place in the list of its goal cell.
    struct GoalLink {
        std::uint32_t cell = 0;  ///< cell index + 1 of the list it is in, 0 none
        int prev = -1, next = -1;
    };
    void unlinkGoal(int index);

    isostar::ZeroedArray<std::uint32_t> m_goalHead;  ///< per cell: first unit whose goal it is + 1, 0 none
    std::vector<GoalLink> m_goalLinks;           ///< per unit
    int m_maxSize = 1;                           ///< the largest unit size listed by goal (walkedTo looks that far)
    isostar::GridShape m_shape;
};

} // namespace game
