#pragma once
/// \file PathRequests.hpp
/// The party's side of its PathService (as dtCrowd uses dtPathQueue): a unit asks for a path
/// from its plan cell and waits on its cell; each update serves requests within the budget and
/// hands finished results to their units; the work done is counted for the `--bench-units`
/// figures. A unit's request lives in Unit::walk (its handle, the path's length, waiting).
///
/// \code
/// game::PathRequests paths;
/// paths.bind(grid);
/// paths.request(unit, goal);          // unit.walk.awaitingPath
/// paths.serve(units, params);         // once per update: unit.path filled when done
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "game/party/OccupancyGrid.hpp"
#include "game/party/PartyParams.hpp"
#include "game/party/Unit.hpp"

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace game {

/// Path work of the party (the `--bench-units` figures).
struct PathWorkStats {
    long long requestsDone = 0;     ///< service results taken by their units since reset() (a field: once, when its units take it)
    long long requestsMade = 0;     ///< service requests made since reset() (flow fields included)
    long long fieldsMade = 0;       ///< of those, flow fields of group orders
    int waitUpdatesMax = 0;         ///< most update() calls one request waited for its result
    int followerWaitUpdatesMax = 0; ///< most update() calls a group's followers waited for their paths (the field, then each its own)
    double lastUpdateMicros = 0.0;  ///< path work of the last update() (service slices, replans,
                                    ///< giving way) + synchronous searches since the update before
    long long giveWays = 0;         ///< units that stepped aside for another since reset()
    long long trades = 0;           ///< cells traded between a blocked unit and the standing mate in its way
};

class PathRequests {
public:
    PathRequests();
    ~PathRequests();

    /// Search scratch the service holds at most (about 16 bytes per cell per running search):
    /// on a grid where four searches would take more, fewer run at once (at least one), and the
    /// service frees its scratch whenever it has nothing pending.
    static constexpr std::size_t ScratchBudgetBytes = std::size_t(64) << 20;

    /// A new service over `grid` (it must outlive the service): requests made before are gone,
    /// so drop the units' requests first. The figures are kept.
    void bind(const eng::path::NavGrid& grid);
    /// No service; the figures start again from zero.
    void clear();
    bool bound() const { return m_service != nullptr; }
    /// The bound grid is over ScratchBudgetBytes for four searches: its owners free search
    /// scratch between searches (the service when it has nothing pending).
    bool bigGrid() const { return m_bigGrid; }

    /// Every goal set from now on is reported to `occupancy` (its lists of units by goal;
    /// nullptr: none). The units must be the ones it reads.
    void reportGoals(OccupancyGrid* occupancy) { m_goals = occupancy; }
    /// The unit's goal is `goal` (reported, see reportGoals).
    void setGoal(Unit& u, eng::TileCoord goal);

    /// Asks for a path from the unit's plan cell to `goal` (partial paths allowed); `avoid`
    /// cells cost `penalty` more. The unit's path is cleared: it waits for the result.
    void request(Unit& u, eng::TileCoord goal, std::vector<eng::TileCoord> avoid = {}, float penalty = 0.0f);
    /// The unit waits on its cell for a path to `goal` that its group's flow field will give
    /// (GroupFields): no request of its own; its path is cleared.
    void awaitField(Unit& u, eng::TileCoord goal);
    /// Forgets the unit's request (if any).
    void drop(Unit& u);
    /// The unit stops where it stands or is stepping to: request dropped, path cleared.
    void stop(Unit& u);
    /// The unit walks `result`'s path from cell `skipCells` on. With skipCells 1 and `grid`'s
    /// movement.smoothing on for the unit's layer, it walks the path pulled under the segment
    /// rule (eng::path::pullString) instead: Unit::path = the cells its segments cross
    /// (eng::path::segmentCells), UnitWalk::points where it is in each; UnitWalk::planned keeps
    /// the grid path and UnitWalk::smoothed the line.
    void take(Unit& u, const eng::path::PathResult& result, int skipCells, const eng::path::NavGrid* grid = nullptr);
    /// The unit walks `result`'s path from its second cell on (smoothed as take() does, with
    /// `grid`), toward `target`: its request (if any) dropped; when the path ends short of
    /// `target` (where a group's field left it), `target` stays its goal and the short way on
    /// is searched when it gets there (Unit::walk.tailPending, GroupFields::takeTail).
    void takeToward(Unit& u, const eng::path::PathResult& result, eng::TileCoord target,
                    const eng::path::NavGrid* grid = nullptr);
    /// The unit has no path: cells, points, the planned grid path and its line cleared.
    static void clearPath(Unit& u);
    /// The unit walked on: cells behind it no longer make its path stale.
    void progress(const Unit& u);

    /// One update: counts it, serves requests within the budget of `params` (a time budget
    /// less `spentMicros`, the path work already done for this update: all path work of an
    /// update shares the one budget), then hands each finished result to its unit (a unit whose
    /// request found no path stops).
    void serve(std::vector<Unit>& units, const PartyParams& params, double spentMicros = 0.0);
    /// Queues a flow field (a group order's; counted as a request made).
    eng::path::PathHandle requestField(eng::path::FieldRequest r);
    /// The field when it is complete, else nullptr.
    const eng::path::FlowField* field(eng::path::PathHandle h) const { return m_service ? m_service->field(h) : nullptr; }
    /// Forgets a field request.
    void releaseField(eng::path::PathHandle h);
    /// A field requested at update `requestedAt` reached its units: counted as a request done
    /// that waited until now.
    void fieldDone(long long requestedAt);
    /// Every follower of a group waiting since update `since` has its path from the field.
    void followersServed(long long since);
    /// serve() calls since clear().
    long long updates() const { return m_updates; }
    /// After a grid change: the handles of delivered paths that crossed a dirty cell.
    std::vector<eng::path::PathHandle> invalidate(std::span<const eng::path::NavDirty> dirty);

    /// Requests not yet served.
    std::size_t pending() const { return m_service ? m_service->pending() : 0; }
    /// [Limit: bound()]
    eng::path::PathService& service() { return *m_service; }
    /// Figures of the service during the last serve().
    const eng::path::ServiceStats& lastStats() const { return m_lastStats; }
    PathWorkStats& work() { return m_work; }
    const PathWorkStats& work() const { return m_work; }
    /// Synchronous path work (the leader's search, previews) to count in the next update.
    void addSyncMicros(double micros) { m_syncMicros += micros; }
    /// That work so far; the count starts again.
    double takeSyncMicros();

private:
    std::unique_ptr<eng::path::PathService> m_service;
    const eng::path::NavGrid* m_grid = nullptr;  ///< the service's grid (smoothing of its results)
    bool m_bigGrid = false;      ///< over ScratchBudgetBytes: idle scratch is freed
    eng::path::ServiceStats m_lastStats;
    PathWorkStats m_work;
    long long m_updates = 0;     ///< serve() calls since clear()
    double m_syncMicros = 0.0;   ///< synchronous path work since the last update
    OccupancyGrid* m_goals = nullptr;  ///< told of every goal set (reportGoals)
};

} // namespace game
