#pragma once
/// \file PartyMotion.hpp
/// How the units of a party move, cell by cell (dtCrowd's update, for a grid): steps timed by
/// the entered cell's cost, waiting behind a blocker, replanning around units of higher
/// priority, giving way to them, and the sprite's facing and walk cycle. It works on the
/// party's units, occupancy grid and path requests (references to the party's own, which
/// outlive it); the party decides orders and owns everything.
///
/// Priority (cooperative pathfinding): unit a comes before unit b when outranks(a, ia, b, ib)
/// (Unit.hpp: lower rank in its latest order, then lower index). A blocked unit's replan pays
/// PartyParams::occupiedPenalty on the cells held or claimed by nearby units that come before
/// it, and by units standing without an order (never pushed); units that come after it are
/// ignored: they give way. So the first unit of an order, or a unit walking alone, always plans
/// the optimal path under the current costs. A follower of a group's flow field (GroupFields)
/// that is blocked on its way steps round the blocker by the field instead of a search, and
/// one that gives way takes its new path from the field.

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "game/party/GroupFields.hpp"
#include "game/party/OccupancyGrid.hpp"
#include "game/party/PartyParams.hpp"
#include "game/party/PathRequests.hpp"
#include "game/party/Unit.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace game {

class PartyMotion {
public:
    PartyMotion(std::vector<Unit>& units, OccupancyGrid& occupancy, PathRequests& paths, GroupFields& groups,
                const PartyParams& params, std::vector<std::string>& events);

    /// Moves on `grid` from now on (nullptr: nothing moves); sizes the scratch.
    void bind(const eng::path::NavGrid* grid);
    /// Advances every unit by `dtSec` ([Limit: >= 0]): steps, waits, giving way, replans,
    /// positions and animation. Returns the path work it did (replans, giving way), microseconds.
    double update(double dtSec);
    /// [opt] Called when unit `index` enters a cell (a step ends), before it starts its next
    /// step. It may change the costs of the grid (NavGrid::apply: the fog of war writing what
    /// the unit sees); the unit then starts no step into a cell that became impassable.
    void setCellEntered(std::function<void(int index)> hook) { m_entered = std::move(hook); }
    /// The unit stands: idle animation.
    static void setIdle(Unit& u);
    /// Does unit `a` come before unit `b` (Unit.hpp's outranks on the party's units)?
    bool outranks(int a, int b) const;

private:
    /// Unit `i` walks for `dtSec`: finishes and starts steps (a long dt may cover several).
    /// Returns its path work (a tail taken, its blocked turn), microseconds.
    double walk(int i, double dtSec);
    /// Unit `i` stands before its next cell, held by `blocker`, for `waitedSec`: asks it to
    /// give way, else waits, replans or gives up. Returns the path work, microseconds.
    double blocked(int i, int blocker, double waitedSec);
    /// Position between the two cells of the step, and the walk cycle's pace.
    void place(Unit& u, double dtSec) const;
    void startStep(Unit& u, int index);
    /// Blocked: a replan through the service around the cells units of higher priority hold or claim.
    void replan(Unit& u, int index);
    /// The cells a replan from `start` avoids for unit `index` (see the file comment).
    std::vector<eng::TileCoord> avoidCells(int index, eng::TileCoord start) const;
    /// `index` (standing, with an order) steps aside for unit `pusher` (higher priority),
    /// pushing the units behind it along if it must. True when the way is being cleared.
    bool giveWay(int index, int pusher);
    /// giveWay's boxed-in case: the units around `index` give way first.
    bool pushBehind(int index, int pusher);
    /// The unit's blocker is in a line that moves (someone ahead steps, waits for a path, holds
    /// after giving way or is pushing its own blocker aside): it waits longer before giving up.
    bool waitsInMovingLine(int index) const;
    /// Unit `i` of a group is blocked by `blocker`, a mate standing on its own cell on the way
    /// to i's: the mate walks the rest of i's path on to i's cell, and i's cell becomes the
    /// mate's (it steps in once the mate leaves). True when they traded.
    bool tradeCells(int i, int blocker);
    /// May `i` trade cells with `blocker` (see tradeCells)?
    bool mayTrade(int i, int blocker) const;
    /// Starts a step of `u` to the neighbour `to` off its path, then replans from there.
    void stepAside(Unit& u, int index, eng::TileCoord to);
    /// Closest free cell to `goal` (4-neighbour flood, bounded) reachable from `from`; `goal`
    /// when none is found.
    eng::TileCoord freeCellNear(eng::TileCoord goal, eng::TileCoord from, int layer, int except);

    std::vector<Unit>& m_units;
    OccupancyGrid& m_occupancy;
    PathRequests& m_paths;
    GroupFields& m_groups;
    const PartyParams& m_params;
    std::vector<std::string>& m_events;
    const eng::path::NavGrid* m_grid = nullptr;
    std::function<void(int)> m_entered;  ///< setCellEntered
    std::vector<int> m_chain;            ///< giveWay(): units asked so far
    mutable std::vector<int> m_lineSeen; ///< waitsInMovingLine(): units followed so far
    std::vector<std::uint32_t> m_mark;   ///< freeCellNear: visited stamps per cell
    std::uint32_t m_markStamp = 0;
};

} // namespace game
