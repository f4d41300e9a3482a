#pragma once
/// \file GroupFields.hpp
/// Group orders whose units share one flow field (isostar::path::FlowField; Supreme Commander 2's
/// crowds on the party's grid). A group is the units of one order on one cost layer: its first
/// unit (the leader of the order, or of its profile) walks its own exact A* path; the others,
/// the followers, wait for one field: a Dijkstra from the formation's anchor over the rectangle
/// that holds them and the anchor, grown by a margin, time-sliced through the party's
/// PathService like any request.
///
/// GroupFields never writes a unit: what a follower does next (walk a path, ask the service,
/// wait for the field) comes back as a GroupMove that the party hands to PartyMotion::apply,
/// the one writer of units.
///
/// A follower's path, once the field is complete: it follows the field from where it stands
/// toward the anchor as far as the cell of that walk closest to its own formation cell
/// (octile distance; the first such cell), then a short A* to its formation cell (the tail,
/// at most about the formation's radius), searched when it gets there (takeTail), so the
/// followers of a group get their paths in one update and the tails spread over their walk.
/// So the group streams along the field and fans out to its cells at the formation's edge. A follower the bounded field does not reach (a detour
/// outside the rectangle) gets an A* request of its own.
///
/// Blocked by another unit, a follower still on its way (farther from its cell than its cell is
/// from the anchor) steps to the free neighbour that is cheapest by the field and follows the
/// field from there (reroute: no search); else it replans as any unit does, but with a short
/// search run at once (replanNear: to its cell when near it, else a detour back onto its path)
/// instead of a request queued behind the fields. After the
/// grid changed, the service restarts every field the change touches; followers whose paths
/// cross a changed cell wait for their group's field again (awaitRepair) and take new paths
/// from it.
///
/// \code
/// game::GroupFields groups(units, paths, query);
/// groups.bind(&grid);
/// int g = groups.create(layer, anchor, members);  // after each member's goal was set (awaitField)
/// groups.serve(deadline, apply);                   // each update, before the service runs
/// if (game::GroupMove m = groups.reroute(i, occupancy)) motion.apply(i, std::move(m));
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/FlowField.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "game/party/OccupancyGrid.hpp"
#include "game/party/PathRequests.hpp"
#include "game/party/Unit.hpp"

#include <chrono>
#include <functional>
#include <span>
#include <vector>

namespace game {

/// What GroupFields decided a follower does next; PartyMotion::apply carries it out.
struct GroupMove {
    enum class Kind {
        None,     ///< nothing changes
        Walk,     ///< it walks `path` (from its plan cell) toward `goal` (the tail from where the
                  ///< path ends is searched when it gets there); under two cells: it stops
        Ask,      ///< it asks the service for an A* path to `goal` (no tail pending)
        Await,    ///< it waits on its cell for its path to `goal` from its group's field
        EndTail,  ///< it needs no tail (UnitWalk::tailPending off)
    };
    Kind kind = Kind::None;
    isostar::path::PathResult path;         ///< Walk
    std::vector<isostar::TileCoord> avoid;  ///< Walk: the cells its plan avoided
    isostar::TileCoord goal;
    bool replan = false;                ///< Walk: counted as a replan of the unit
    explicit operator bool() const { return kind != Kind::None; }
};

class GroupFields {
public:
    /// replanNear's reach, cells: a search that short costs less than a request's wait.
    static constexpr double NearReplanCells = 12.0;
    /// The searches run at once (tails, replanNear) give up after this many expansions (a
    /// detour round an obstacle): the unit then asks the service instead.
    static constexpr int ShortSearchExpansions = 2000;
    /// The expansions of those searches per update (serve() to serve()): past it, or past the
    /// update's deadline (serve()), a follower's path waits for the next update and a blocked
    /// follower waits and tries again.
    static constexpr long long SearchesPerUpdate = 4000;
    /// Those searches run in slices of this many expansions, the deadline checked between.
    static constexpr long long ShortSearchSlice = 128;
    /// replanNear's extra cost of a cell another unit holds or claims.
    static constexpr float CrowdPenalty = 8.0f;

    /// Reads the party's units; works with its path requests and search scratch (all outlive it).
    GroupFields(const std::vector<Unit>& units, PathRequests& paths, isostar::path::GridQuery& query);

    /// Plans on `grid` from now on (nullptr: nothing); every group is forgotten (the units'
    /// Unit::group is the motion's to reset).
    void bind(const isostar::path::NavGrid* grid);
    /// No groups.
    void clear();

    /// A group order on `layer` around `anchor`: `members` (unit indices) belong to the group;
    /// with `leaderOwnPath` the first is its leader (its own A* path), else it is a follower too;
    /// the followers, waiting for a field (PathRequests::awaitField), take their paths from it
    /// once it is complete. Requests the field (the units' cells and the anchor, grown by a
    /// margin of a sixth of that box's size, at least 6 cells; the followers' cells its sources).
    /// The members belong to no group (leave()). Returns the group's index, each member's
    /// Unit::group from now on (-1: none made).
    int create(int layer, isostar::TileCoord anchor, std::span<const int> members, bool leaderOwnPath = true);
    /// Unit `index` leaves its group (a new order); the last one out releases the field. Its
    /// Unit::group is -1 from now on (the motion's to write).
    void leave(int index);

    using Clock = std::chrono::steady_clock;
    /// What serve() decided for follower `index`, handed on at once (in order: the requests it
    /// makes go to the service between the groups' own).
    using MoveSink = std::function<void(int index, GroupMove move)>;
    /// Followers waiting for a complete field take their paths (see the file comment), as many
    /// as SearchesPerUpdate and `deadline` allow (the others next update); a follower the field
    /// does not reach asks the service for an A* path instead: each as a move to `apply`. Once
    /// per update, before the service runs. `deadline` also bounds the short searches of reroute(), replanNear() and
    /// retrace() until the next serve() (time_point::max(): no deadline, the allowance alone,
    /// so the work per update does not depend on the machine).
    void serve(Clock::time_point deadline, const MoveSink& apply);
    /// The short searches stop at `deadline` from now on (until the next serve()).
    void setDeadline(Clock::time_point deadline) { m_deadline = deadline; }
    /// Blocked follower `index` (standing) steps to the cheapest free neighbour by its field and
    /// follows the field from there: a Walk (a replan). None: no field, the leader, near its
    /// formation cell, or no free neighbour closer to the anchor.
    GroupMove reroute(int index, const OccupancyGrid& occupancy);
    /// Blocked follower `index` replans at once with a short A* that pays min(`penalty`,
    /// CrowdPenalty) more on the `avoid` cells (the cells PartyMotion's replan would ask the
    /// service to avoid): near its formation cell (within NearReplanCells of `goal`, octile) to
    /// `goal`, farther to the cell of its path NearReplanCells steps ahead and on along its path
    /// (a detour round the blockers): Done, `move` the Walk. Deferred (nothing changed) when this update's short
    /// searches are spent, the unit still having a path (it stays blocked and tries again
    /// later; no replan to count). NotDone (nothing changed) for a unit that is no follower,
    /// when the search gives up, or when the searches are spent and the unit has no path (it
    /// would not try again: the caller asks the service).
    enum class NearReplan { Done, Deferred, NotDone };
    NearReplan replanNear(int index, isostar::TileCoord goal, std::vector<isostar::TileCoord> avoid, float penalty,
                          GroupMove& move);
    /// Follower `index`, standing at the end of a path that ends where its field leaves it
    /// (Unit::walk.tailPending), takes the short way on to its own cell: a Walk. None while
    /// this update's short searches are spent (it stays pending and tries next update); Ask
    /// when no short way was found; EndTail when it needs none.
    GroupMove takeTail(int index);
    /// Follower `index` takes a new path from its field now (from its plan cell): a Walk; or,
    /// when this update's short searches are spent, waits for serve() to give it one from the
    /// field (awaitRepair's Await). None when it has no complete field that reaches that cell.
    GroupMove retrace(int index);
    /// Follower `index`, whose path crosses changed cells, waits for its group's field again
    /// (restarted by PathService::invalidate when the change touched it): an Await. None for the
    /// leader or a unit without a group.
    GroupMove awaitRepair(int index);

    /// The field of unit `index`'s group when it is complete, else nullptr.
    const isostar::path::FlowField* fieldOf(int index) const;
    /// Groups alive (with at least one member).
    int groupCount() const;

private:
    struct Group {
        isostar::path::PathHandle field;
        int layer = 0;
        isostar::TileCoord anchor;
        std::vector<int> members;
        int lead = -1;              ///< the unit that walks its own A* path (-1: none)
        long long requestedAt = 0;  ///< PathRequests::updates() when the field was requested
        long long waitingSince = 0; ///< when a follower began to wait for a path from the field
        bool counted = false;       ///< its first completion was counted (PathRequests::fieldDone)
        bool waiting = false;       ///< a follower waits for the field
    };

    /// This update's short searches are spent (allowance or deadline).
    bool spent() const;
    /// A* from `start` to `goal` into m_tail, at most ShortSearchExpansions; false when it gave
    /// up, was cut by the allowance or deadline (m_outOfTime), or found no path to the goal itself.
    bool shortSearch(int layer, isostar::TileCoord start, isostar::TileCoord goal, const isostar::path::QueryOverlay* overlay);
    /// Unit `index` belongs to a group and is not its leader.
    bool follower(int index) const;
    /// Unit `index`'s path: [lead] (when given), then the field from `from` to the cell closest
    /// to its goal, then the tail A* (with `tailLater`, when it gets there: walk() marks it,
    /// unless that way is a single cell). False when the field does not reach `from`.
    bool buildPath(int index, const isostar::path::FlowField& field, isostar::TileCoord from, bool withLead,
                   isostar::TileCoord lead, isostar::path::PathResult& out, bool tailLater = false);
    /// A complete field of `g` that does not reach some waiting follower's cell (its way leaves
    /// the rectangle) is replaced by a request for one over the whole grid: true when it was.
    bool widen(Group& g, const isostar::path::FlowField& field);
    /// Unit `index` walks `out` toward its goal, its plan avoiding nothing but `avoid`.
    GroupMove walk(int index, isostar::path::PathResult out, std::span<const isostar::TileCoord> avoid) const;

    const std::vector<Unit>& m_units;
    PathRequests& m_paths;
    isostar::path::GridQuery& m_query;
    const isostar::path::NavGrid* m_grid = nullptr;
    std::vector<Group> m_groups;
    std::vector<int> m_free;                 ///< indices of dead groups, for reuse
    std::vector<int> m_ready;                ///< serve()'s scratch: groups whose followers take paths
    long long m_searchLeft = SearchesPerUpdate;  ///< expansions of short searches left this update
    Clock::time_point m_deadline = Clock::time_point::max();  ///< this update's (serve())
    bool m_outOfTime = false;                ///< the last shortSearch() was cut by spent()
    std::vector<isostar::TileCoord> m_trace;     ///< buildPath's scratch
    isostar::path::PathResult m_tail;            ///< buildPath's scratch
};

} // namespace game
