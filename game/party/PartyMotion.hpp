#pragma once
/// \file PartyMotion.hpp
/// How the units of a party move, cell by cell (dtCrowd's update, for a grid): steps timed by
/// the entered cell's cost, waiting behind a blocker, replanning around units of higher
/// priority, giving way to them, and the sprite's facing and walk cycle.
///
/// It owns the units and the occupancy grid and is their one writer: every change of a unit
/// (its cells and claims, steps, paths, requests, replan counters, group) is made here. The
/// party decides orders and asks for them through the functions below; the path requests
/// (PathRequests) give results by handle and the group fields (GroupFields) give moves
/// (GroupMove), which land in units through apply(). Everyone else reads units() and
/// occupancy(); messages come back from takeEvents().
///
/// Priority (cooperative pathfinding): unit a comes before unit b when outranks(a, ia, b, ib)
/// (Unit.hpp: lower rank in its latest order, then lower index). A blocked unit's replan pays
/// PartyParams::occupiedPenalty on the cells held or claimed by nearby units that come before
/// it, and by units standing without an order (never pushed); units that come after it are
/// ignored: they give way. So the first unit of an order, or a unit walking alone, always plans
/// the optimal path under the current costs. A follower of a group's flow field (GroupFields)
/// that is blocked on its way steps round the blocker by the field instead of a search, and
/// one that gives way takes its new path from the field.
///
/// \code
/// game::PartyMotion motion(paths, groups, params);
/// motion.bind(&grid);
/// int i = motion.spawn("knight", {3, 4}, "", 0);
/// motion.request(i, {10, 12});          // waits on its cell for the service's path
/// paths.serve(params); motion.takeResults();
/// motion.update(1.0 / 60.0);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "game/party/GroupFields.hpp"
#include "game/party/OccupancyGrid.hpp"
#include "game/party/PartyParams.hpp"
#include "game/party/PathRequests.hpp"
#include "game/party/Unit.hpp"
#include "game/rules/CellMarks.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace game {

/// A unit's size and the layers it walks on (Unit::size, Unit::layer, Unit::profileLayer).
struct UnitLayers {
    int layer = 0;         ///< its profile's footprint layer for its size (the profile's layer at size 1)
    int profileLayer = 0;  ///< its profile's own layer
    int size = 1;
};

class PartyMotion {
public:
    /// Works with the party's path requests, group fields and tuning (which outlive it).
    PartyMotion(PathRequests& paths, GroupFields& groups, const PartyParams& params);

    /// The units, in spawn order (an index is a unit until clear()).
    const std::vector<Unit>& units() const { return m_units; }
    /// Who holds which cell (equal to a count over units()).
    const OccupancyGrid& occupancy() const { return m_occupancy; }

    /// Moves on `grid` from now on (nullptr: nothing moves): sizes the scratch, rebuilds the
    /// occupancy grid to its shape.
    void bind(const isostar::path::NavGrid* grid);
    /// No units (the occupancy grid emptied, nothing bound).
    void clear();
    /// A unit of `layers.size` standing on `tile` (its footprint's northern corner, at that
    /// cell's centre) with the costs of `layers.layer`; returns its index.
    int spawn(const std::string& name, isostar::TileCoord tile, const std::string& profile, UnitLayers layers);
    /// Every unit stops on the cell it stands on (a step under way ends in the cell it enters)
    /// and walks on the layers `layersOf(unit)` gives from now on (its size stays); the
    /// occupancy grid is rebuilt.
    void relayer(const std::function<UnitLayers(const Unit&)>& layersOf);
    /// Every unit forgets its request (before the service is replaced).
    void dropRequests();
    /// Every unit leaves its group (Unit::group -1; GroupFields forgets its groups on its own).
    void leaveGroups();
    /// A unit on a cell that became impassable (its footprint there) moves to the nearest
    /// free passable cell of its layer (OccupancyGrid::nearestFree); true when it moved.
    bool displace(int index);

    /// Unit `index`'s place in its latest order (Unit::rank).
    void setRank(int index, int rank);
    /// Unit `index` belongs to group `group` of GroupFields (-1: none).
    void setGroup(int index, int group);
    /// A new order or a changed way: the unit's replan counters start again.
    void clearReplans(int index);
    /// Asks the service for a path from the unit's plan cell to `goal` (partial paths allowed),
    /// `avoid` cells costing `penalty` more; the unit's path is cleared: it waits for the result.
    void request(int index, isostar::TileCoord goal, std::vector<isostar::TileCoord> avoid = {}, float penalty = 0.0f);
    /// The unit waits on its cell for a path to `goal` that its group's flow field will give:
    /// no request of its own; its path is cleared.
    void awaitField(int index, isostar::TileCoord goal);
    /// The unit forgets its request (if any).
    void dropRequest(int index);
    /// The unit walks `result`'s path (searched now from its plan cell; smoothed when its
    /// layer's movement.smoothing is on, as every path it takes).
    void take(int index, const isostar::path::PathResult& result);
    /// After PathRequests::serve: each unit whose request is done takes its path (a unit whose
    /// request found none stops).
    void takeResults();
    /// Carries out what GroupFields decided for unit `index`.
    void apply(int index, GroupMove move);

    /// Advances every unit by `dtSec` ([Limit: >= 0]): steps, waits, giving way, replans,
    /// positions and animation. Returns the path work it did (replans, giving way), microseconds.
    double update(double dtSec);
    /// [opt] Called when unit `index` enters a cell (a step ends), before it starts its next
    /// step. It may change the costs of the grid (NavGrid::apply: the fog of war writing what
    /// the unit sees); the unit then starts no step into a cell that became impassable.
    void setCellEntered(std::function<void(int index)> hook) { m_entered = std::move(hook); }
    /// The messages raised since the last call ("mage stops: the way is blocked"), oldest first.
    std::vector<std::string> takeEvents() { return std::exchange(m_events, {}); }
    /// Does unit `a` come before unit `b` (Unit.hpp's outranks on the party's units)?
    bool outranks(int a, int b) const;

private:
    /// Unit `i` walks for `dtSec`: finishes and starts steps (a long dt may cover several).
    /// Returns its path work (a tail taken, its blocked turn), microseconds.
    double walk(int i, double dtSec);
    /// Unit `i` stands before its next cell, held by `blocker`, for `waitedSec`: asks it to
    /// give way, else waits, replans or gives up. Returns the path work, microseconds.
    double blocked(int i, int blocker, double waitedSec);
    /// Position of unit `i` between the two cells of its step, and the walk cycle's pace.
    void place(int i, double dtSec);
    void startStep(int index);
    /// Blocked: a replan through the service around the cells units of higher priority hold or claim.
    void replan(int index);
    /// The cells a replan from `start` avoids for unit `index` (see the file comment).
    std::vector<isostar::TileCoord> avoidCells(int index, isostar::TileCoord start) const;
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
    /// Starts a step of unit `index` to the neighbour `to` off its path, then replans from there.
    void stepAside(int index, isostar::TileCoord to);
    /// Closest free cell to `goal` (4-neighbour flood, bounded) reachable from `from`; `goal`
    /// when none is found.
    isostar::TileCoord freeCellNear(isostar::TileCoord goal, isostar::TileCoord from, int layer, int except);

    // The unit's path and request (the one place they are written).
    void setGoal(int index, isostar::TileCoord goal);
    void stop(int index);
    /// The unit walks `result` from its second cell on toward `target`, its request dropped;
    /// a path that ends short of `target` (where a group's field left it) leaves the tail for
    /// when it gets there (UnitWalk::tailPending).
    void takeToward(int index, const isostar::path::PathResult& result, isostar::TileCoord target, bool smooth);
    /// The unit walks `result` from its second cell on; `smooth`: pulled under the segment rule
    /// when its layer's movement.smoothing is on (Unit::path the cells its segments cross,
    /// UnitWalk::points where it is in each; UnitWalk::planned keeps the grid path).
    void takePath(int index, const isostar::path::PathResult& result, bool smooth);
    void progress(int index);

    std::vector<Unit> m_units;
    OccupancyGrid m_occupancy{m_units};
    PathRequests& m_paths;
    GroupFields& m_groups;
    const PartyParams& m_params;
    std::vector<std::string> m_events;  ///< takeEvents
    const isostar::path::NavGrid* m_grid = nullptr;
    std::function<void(int)> m_entered;  ///< setCellEntered
    std::vector<int> m_chain;            ///< giveWay(): units asked so far
    mutable std::vector<int> m_lineSeen; ///< waitsInMovingLine(): units followed so far
    CellMarks m_freeSeen;                     ///< freeCellNear's visited cells
    std::vector<isostar::TileCoord> m_freeQueue;  ///< freeCellNear's flood
};

} // namespace game
