#pragma once
/// \file Party.hpp
/// The party as game state: units, move orders (formation + one A* path each), walking with
/// terrain-timed steps, occupancy (no two units on one cell) and replanning around a blocker.
/// No window, no SFML: the game drives it with `update(dt)`, tests drive it the same way.
///
/// As Detour's dtCrowd, it is split by job: the tuning (PartyParams), the occupancy grid
/// (OccupancyGrid), the selection (Selection), the path requests to a PathService
/// (PathRequests), the group orders' flow fields (GroupFields) and the motion (PartyMotion:
/// steps, replans, giving way). The motion owns the units and the occupancy grid and is the one
/// writer of both; the party decides orders and asks the motion to carry them out; the path
/// requests give paths by handle and the group fields give moves (GroupMove) that the motion
/// applies. Everyone else reads the units (units() is const) and takes the party's messages
/// (takeEvents()).
///
/// Costs come from an isostar::path::NavGrid the party only reads (the world's; one layer per
/// movement profile, game::profileLayer). The leader of an order is planned at once (its figures
/// go to the HUD); the others are requests to a PathService that update() serves within
/// PartyParams::pathBudgetMicros a frame. After the grid changed, gridChanged() replans exactly the units
/// whose remaining path crosses a changed cell.
///
/// Priority (cooperative pathfinding): each order ranks its units, the leader first (Unit::rank;
/// a unit sent alone is rank 0); unit a comes before unit b when its rank is lower, or the ranks
/// are equal and its index is lower (game::outranks). A blocked unit's replan pays
/// PartyParams::occupiedPenalty only on the cells held or claimed by nearby units that come before it
/// (and by units standing without an order, which are never pushed), and it gives way only to
/// units that come before it. So the first unit of an order, and any unit walking alone, walks
/// the optimal path under the current costs: its own followers never bend it.
///
/// Group orders (thousands of units): an order of at least PartyParams::fieldMinUnits units of
/// one profile shares one flow field (GroupFields): the leader walks its own A* path, the
/// others follow the field to their formation cells; the field is a request to the same
/// PathService, repaired after edits as paths are.
///
/// Scale (hundreds of units): an occupancy grid (claims per cell + one holder's index) answers
/// "who stands there" in O(1); nothing in update() loops over all units per unit. A unit blocked
/// by another waits PartyParams::waitBeforeReplanSec, then replans through the service (see Priority). A
/// blocked unit gives way to a unit of higher priority that walks into it: it steps aside to a
/// free 4-neighbour (pushing units behind it along, up to `giveWayDepth` deep) and replans from
/// there; standing units without an order are never pushed (but a unit of a group trades cells
/// with a mate standing on its own cell in its way: PartyMotion::tradeCells). So two groups meeting head-on in a
/// 1-wide corridor pass each other: the lower-priority group backs out.
///
/// Orders among thousands of units: the occupancy grid also lists the units by goal, so an
/// order's formation asks about the cells its flood reaches (OrderBlocked) instead of
/// gathering the cells of every other unit: its cost does not grow with the units outside it.
///
/// \code
/// game::Party party;
/// party.reset(world.nav);
/// party.spawn("knight", {3, 4});
/// party.selection().selectAll();
/// game::OrderReport rep = party.orderSelected({10, 12});
/// while (party.anyMoving()) party.update(1.0 / 60.0);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "engine/path/SearchTrace.hpp"
#include "game/party/GroupFields.hpp"
#include "game/party/OccupancyGrid.hpp"
#include "game/party/OrderBlocked.hpp"
#include "game/party/PartyMotion.hpp"
#include "game/party/PartyParams.hpp"
#include "game/party/PathRequests.hpp"
#include "game/party/Selection.hpp"
#include "game/party/Unit.hpp"
#include "game/rules/Formation.hpp"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace game {

/// What a move order did, for the HUD and messages.
struct OrderReport {
    bool accepted = false;               ///< false: off the map / nothing selected / no path
    isostar::TileCoord clicked;
    std::optional<isostar::TileCoord> anchor; ///< formation centre actually used
    bool anchorMoved = false;            ///< clicked tile unreachable: walking to the closest one
    int units = 0;                       ///< units given a path
    // Figures of the leader's path (the first ordered unit): the HUD's "last path".
    isostar::path::PathStatus status = isostar::path::PathStatus::InvalidInput;
    double cost = 0.0;
    int length = 0;                      ///< cells in the path, start included
    int expanded = 0;
    double micros = 0.0;
};

/// A unit of one party, valid until the party is reset (`{index, generation}`, as Detour's
/// salted references). Default-constructed: refers to nothing.
struct UnitHandle {
    int index = -1;
    unsigned generation = 0;
    bool operator==(const UnitHandle&) const = default;
};

/// What a change of the grid under a walking party did (Party::gridChanged).
struct CostChangeReport {
    std::vector<int> replanned;  ///< units whose remaining path crossed a changed cell
    std::vector<int> displaced;  ///< units moved off a cell that became impassable
    std::vector<int> stopped;    ///< units that could not replan and stopped
};

class Party {
public:

    /// Plans on `grid` (not copied; it must outlive the party or the next reset); clears units.
    /// Layers are found by profile (game::profileLayer). False for a grid without layers.
    bool reset(const isostar::path::NavGrid& grid);
    /// Plans on `grid` from now on, keeping the units (a reload that built a new grid): everyone
    /// stops, each unit finds its layer again by profile (a profile no longer present: layer 0).
    bool rebind(const isostar::path::NavGrid& grid);
    /// The grid changed where `dirty` says (NavGrid::apply / replaceLayer on the grid in use:
    /// a painted wall, a reload, a panel change): searches in flight restart; a unit on a cell
    /// that became impassable steps to the nearest passable free cell; a unit whose remaining
    /// path (cells still to enter, its goal included) crosses a dirty cell of its layer replans
    /// to its goal (a PathService request; it waits on its cell until the new path arrives);
    /// the others walk on untouched.
    void gridChanged(std::span<const isostar::path::NavDirty> dirty, CostChangeReport* report = nullptr);

    /// Adds a unit of `size` (1 to MaxUnitSize, Footprint.hpp) standing on `tile` (its
    /// footprint's northern corner), walking with the costs of `profile` (unknown or empty:
    /// layer 0) on its footprint layer for that size (NavGrid::footprintLayer). Returns its
    /// index. The caller checks the footprint is free there (freeFor).
    int spawn(const std::string& name, isostar::TileCoord tile, const std::string& profile = {}, int size = 1);
    /// May a unit of `profile` and `size` stand on `tile`: its footprint passable for it and
    /// held by no unit?
    bool freeFor(isostar::TileCoord tile, const std::string& profile, int size) const;
    /// Spawns up to `names.size()` units (unit k with `profiles[k]`, "" when absent, and
    /// `sizes[k]`, 1 when absent) where their footprints are passable for their profile and
    /// held by no unit, as close to `near` as possible (in order of distance), all of one layer
    /// on one island. Used when a map has no `party` objects, or a spawn point is blocked.
    void spawnAround(const std::vector<std::string>& names, isostar::TileCoord near,
                     const std::vector<std::string>& profiles = {}, const std::vector<int>& sizes = {});

    const std::vector<Unit>& units() const { return m_motion.units(); }
    /// Index of the unit called `name`, or -1.
    int find(const std::string& name) const;
    /// Handle of the unit at `index` (an invalid handle when out of range).
    UnitHandle handle(int index) const;
    /// The unit a handle refers to, or nullptr when the handle is invalid or from before a reset.
    const Unit* get(UnitHandle h) const;
    /// Index of the unit a handle refers to, or -1 (see get).
    int indexOf(UnitHandle h) const;

    /// Which units are selected (sized to the units); its leader() leads orderSelected().
    Selection& selection() { return m_selection; }
    const Selection& selection() const { return m_selection; }
    /// The selection's leader (Selection::leader), nullptr when nothing is selected.
    const Unit* leader() const
    {
        const int i = m_selection.leader();
        return i < 0 ? nullptr : &units()[std::size_t(i)];
    }

    /// Orders the selected units to `clicked`: formation goals, one A* path each (see Formation).
    /// `trace` [opt] records the leader's search.
    OrderReport orderSelected(isostar::TileCoord clicked, isostar::path::SearchTrace* trace = nullptr);
    /// Orders the given units; the first valid one leads (rank 0), the others rank in `who`'s order.
    /// Per movement profile, a group of at least PartyParams::fieldMinUnits units shares one
    /// flow field (GroupFields): its first unit is planned at once (the order's leader, its
    /// exact A* path), the others wait for the field.
    /// `leaderNow` false: no search at once (`rep` then has no path figures), for many orders
    /// at once: the leader's path is a PathService request served within the budget like the
    /// others, or, in a group that shares a field, it takes its path from the field as the
    /// others do (optimal within the field's region; no A* of its own).
    OrderReport order(const std::vector<int>& who, isostar::TileCoord clicked, isostar::path::SearchTrace* trace = nullptr,
                      bool leaderNow = true);
    /// Sends one unit toward `goal` alone (rank 0): no formation and no synchronous search, only
    /// a PathService request (served by update() within the budget). A goal held by another
    /// standing unit is replaced by the closest free cell when the walker gets there. False
    /// (nothing changed) for a bad index or a goal off the map.
    bool sendTo(int index, isostar::TileCoord goal);
    /// A path from the leader of the selection to `tile` without ordering anything (hover
    /// preview). Returns the status; fills `out`.
    isostar::path::PathStatus preview(isostar::TileCoord tile, isostar::path::PathResult& out, isostar::path::SearchTrace* trace = nullptr);

    /// [opt] Called inside update() when unit `index` enters a cell, before its next step (the
    /// fog of war: what it sees there). The hook may change costs of the grid in use
    /// (NavGrid::apply); the unit starts no step into a cell that became impassable, and the
    /// caller reports the change with gridChanged() after update() (replans, one message).
    void setCellEntered(std::function<void(int index)> hook) { m_motion.setCellEntered(std::move(hook)); }
    /// Advances walking and animation by `dtSec` ([Limit: >= 0]).
    void update(double dtSec);
    bool anyMoving() const;

    /// Who holds which cell: occupied(), holderOf(), claims() (equal to a count over units()).
    const OccupancyGrid& occupancy() const { return m_motion.occupancy(); }
    /// Number of profile layers (0 before reset).
    int layerCount() const { return m_grid ? m_grid->layerCount() : 0; }
    /// The grid planned on [Limit: after a successful reset].
    const isostar::path::NavGrid& grid() const { return *m_grid; }
    /// Entry cost of a cell for a layer (Impassable off the map).
    float cost(isostar::TileCoord c, int layer = 0) const { return m_grid ? m_grid->cost(layer, c) : isostar::path::Impassable; }
    bool passable(isostar::TileCoord c, int layer = 0) const { return m_grid && m_grid->passable(layer, c); }
    /// The path requests of units not yet served (time-sliced by update()).
    std::size_t pendingPaths() const { return m_paths.pending(); }
    /// Figures of the path service during the last update().
    const isostar::path::ServiceStats& lastServiceStats() const { return m_paths.lastStats(); }
    /// Path work since reset() and during the last update().
    const PathWorkStats& pathWork() const { return m_paths.work(); }
    /// The flow field unit `index` follows (its group order's) when it is complete, else nullptr.
    const isostar::path::FlowField* fieldOf(int index) const { return m_groups.fieldOf(index); }
    /// The tuning.
    const PartyParams& params() const { return m_params; }
    /// Replaces the tuning; it applies from the next update().
    void setParams(const PartyParams& params) { m_params = params; }
    /// The messages raised while walking since the last call ("mage gives up: path blocked"),
    /// oldest first; the party forgets them.
    std::vector<std::string> takeEvents() { return m_motion.takeEvents(); }

private:
    /// No units, no service, fresh path figures; bumps the generation (old handles go stale).
    void clearUnits();
    bool bind(const isostar::path::NavGrid* grid);
    /// Layer of a profile on the grid in use (unknown or no grid: 0).
    int layerFor(const std::string& profile) const;
    /// The layers a unit of `profile` and `size` walks on (a size the grid has no footprint
    /// layer for: size 1).
    UnitLayers layersFor(const std::string& profile, int size) const;
    /// Unit `index` leaves its group order (GroupFields) for a new order.
    void leaveGroup(int index);
    /// order(): the units of `group` (one profile, ranks set) walk to `goals`: the first as
    /// planFirst says (the order's leader: searched now), the others through the service, or
    /// one shared flow field when there are enough of them; with a field the first unit, unless
    /// planned now, asks the service for its own A* path when `leadsOwnPath`, else follows
    /// the field too.
    void orderGroup(const std::vector<int>& group, const std::vector<isostar::TileCoord>& goals, isostar::TileCoord anchor,
                    bool planFirst, bool leadsOwnPath, OrderReport& rep, isostar::path::SearchTrace* trace);
    /// order(): the leader's path, searched now; its figures into `rep`. False when none.
    bool planLeader(int index, isostar::TileCoord goal, OrderReport& rep, isostar::path::SearchTrace* trace);

    PartyParams m_params;
    Selection m_selection;
    PathRequests m_paths;
    const isostar::path::NavGrid* m_grid = nullptr;
    isostar::path::GridQuery m_query;  ///< leader, preview, formation
    unsigned m_generation = 1;     ///< bumped by reset: handles of the old units go stale
    double m_motionMicros = 0.0;   ///< the motion's path work in the last update (the next one's budget pays it)
    OrderBlocked m_blocked;        ///< order()'s tiles the formation may not use, kept between orders
    FormationScratch m_formation;  ///< order()'s formation buffers, kept between orders
    PartyMotion m_motion{m_paths, m_groups, m_params};  ///< the units' one writer
    GroupFields m_groups{m_motion.units(), m_paths, m_query};
};

} // namespace game
