#pragma once
/// \file PathRequests.hpp
/// The party's side of its PathService (as dtCrowd uses dtPathQueue): searches asked for units,
/// served within the budget of each update, their results fetched by handle; the work done is
/// counted for the `--bench-units` figures. It never writes a unit: the motion (PartyMotion)
/// keeps each unit's request in Unit::walk and hands it its path.
///
/// \code
/// game::PathRequests paths;
/// paths.bind(grid);
/// isostar::path::PathHandle h = paths.request(layer, start, goal);
/// paths.serve(params);                               // once per update
/// if (const isostar::path::PathResult* r = paths.result(h)) { /* the unit takes r->path */ }
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "game/party/PartyParams.hpp"

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
    void bind(const isostar::path::NavGrid& grid);
    /// No service; the figures start again from zero.
    void clear();
    bool bound() const { return m_service != nullptr; }
    /// The bound grid is over ScratchBudgetBytes for four searches: its owners free search
    /// scratch between searches (the service when it has nothing pending).
    bool bigGrid() const { return m_bigGrid; }

    /// Queues a search on `layer` from `start` to `goal` (partial paths allowed); `avoid` cells
    /// cost `penalty` more. Counted as a request made. [Limit: bound()]
    isostar::path::PathHandle request(int layer, isostar::TileCoord start, isostar::TileCoord goal,
                                  std::vector<isostar::TileCoord> avoid = {}, float penalty = 0.0f);
    /// Forgets a request or a field (an invalid handle: nothing).
    void release(isostar::path::PathHandle h);
    /// The result of a request when it is done, else nullptr.
    const isostar::path::PathResult* result(isostar::path::PathHandle h) const { return m_service ? m_service->result(h) : nullptr; }
    /// The unit of a delivered request walked on: `walked` cells of its path are behind it, so
    /// changes there no longer make the path stale.
    void setProgress(isostar::path::PathHandle h, int walked);
    /// A request (or a field) made at update `requestedAt` reached its unit(s): counted as a
    /// request done that waited until now.
    void served(long long requestedAt);

    /// One update: counts it and serves requests within the budget of `params` (a time budget
    /// less `spentMicros`, the path work already done for this update: all path work of an
    /// update shares the one budget). The units take their results after it (result()), then
    /// releaseIdle().
    void serve(const PartyParams& params, double spentMicros = 0.0);
    /// On a big grid, the service's search scratch is freed when nothing is pending.
    void releaseIdle();
    /// Queues a flow field (a group order's; counted as a request made).
    isostar::path::PathHandle requestField(isostar::path::FieldRequest r);
    /// The field when it is complete, else nullptr.
    const isostar::path::FlowField* field(isostar::path::PathHandle h) const { return m_service ? m_service->field(h) : nullptr; }
    /// Every follower of a group waiting since update `since` has its path from the field.
    void followersServed(long long since);
    /// serve() calls since clear().
    long long updates() const { return m_updates; }
    /// After a grid change: the handles of delivered paths that crossed a dirty cell.
    std::vector<isostar::path::PathHandle> invalidate(std::span<const isostar::path::NavDirty> dirty);

    /// Requests not yet served.
    std::size_t pending() const { return m_service ? m_service->pending() : 0; }
    /// Figures of the service during the last serve().
    const isostar::path::ServiceStats& lastStats() const { return m_lastStats; }
    const PathWorkStats& work() const { return m_work; }
    /// A unit stepped aside for another (PathWorkStats::giveWays).
    void countGiveWay() { ++m_work.giveWays; }
    /// Two units traded cells (PathWorkStats::trades).
    void countTrade() { ++m_work.trades; }
    /// The path work of the update that just ran (PathWorkStats::lastUpdateMicros).
    void setUpdateMicros(double micros) { m_work.lastUpdateMicros = micros; }
    /// Synchronous path work (the leader's search, previews) to count in the next update.
    void addSyncMicros(double micros) { m_syncMicros += micros; }
    /// That work so far; the count starts again.
    double takeSyncMicros();

private:
    std::unique_ptr<isostar::path::PathService> m_service;
    bool m_bigGrid = false;      ///< over ScratchBudgetBytes: idle scratch is freed
    isostar::path::ServiceStats m_lastStats;
    PathWorkStats m_work;
    long long m_updates = 0;     ///< serve() calls since clear()
    double m_syncMicros = 0.0;   ///< synchronous path work since the last update
};

} // namespace game
