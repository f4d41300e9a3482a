#pragma once
/// \file PathService.hpp
/// A time-sliced request queue over one NavGrid (Detour's dtPathQueue): requests in, results
/// out by handle. `update(budget)` runs the searches in slices of at most `sliceExpansions`
/// expansions, the first in service order first, until the budget (microseconds) is spent. After an
/// edit of the grid, `invalidate(dirty)` restarts searches in flight and marks stale every
/// delivered path whose remaining part crosses a changed cell, so its owner replans.
///
/// Guarantees:
/// - A handle is {slot index, generation}; a freed slot gets a new generation, so a handle of a
///   released, cancelled or finished-and-released request reads Invalid / nullptr forever, even
///   when its slot holds another request.
/// - Algorithm (PathRequest::algorithm): `Auto` (the default) runs what the `auto` rule
///   (resolveAlgorithm, the rule of `isopath --algorithm auto`) picks for its layer when the
///   search starts: jpsw where the layer has a landmark table, jps where every passable cell
///   costs the same, else A*; an Auto request with overlay cells runs A* (the jump searches take
///   no overlay), and so does one whose jump table is still being built (JumpTables.hpp). `AStar`
///   always runs A*. `Jps` / `Jpsw` always run that search: the request waits Queued while the
///   layer's jump table is built in the background (the first explicit request starts the
///   build), then runs. An explicit `Jps` on a layer JumpPointSearch::supports() refuses (cells
///   of different costs, corner cutting, diagonal factor outside [1, 2)), an explicit `Jpsw` on
///   one WeightedJumpSearch::supports() refuses, and an explicit jump search with overlay cells
///   are refused: Done at once with status InvalidInput and an empty path (no A* fallback;
///   algorithm() names the search refused). algorithm(h) names the search that answered.
/// - Jump tables follow the grid: invalidate() patches them (WeightedJumpGrid::update), a
///   change of rules or size builds them again, and a table that missed an edit not reported is
///   never read (its search waits or, under Auto, runs A*) until it is built again.
/// - Landmarks: a service made over a non-const NavGrid (`PathService(NavGrid&)`) keeps the
///   grid's landmark tables: it switches the grid to LandmarkBuild::OnDemand (a layer's table
///   is built in the background once a search asks for it; searches use the plain bound until
///   then) and update() calls grid.pollLandmarks() first. Layers added before the service was
///   made were built under the grid's mode then (Eager by default: make the service before
///   adding layers, or set OnDemand yourself, to skip those builds). A service made over a
///   `const NavGrid&` only reads it: its owner picks the mode and polls (the game does).
/// - No slice runs more than sliceExpansions() expansions (ServiceStats::maxSliceExpansions).
///   A jump search is not sliced: it runs whole in one step, which the budget pays for like a
///   slice (its time in the clock, its jump points in ServiceStats::expansions and toward
///   maxExpansions).
/// - update() checks the clock (and the expansion cap) before each slice or jump search, so it
///   overruns its budget by at most one of them.
/// - Results equal those of a fresh search by the algorithm picked (GridQuery::findPath for A*)
///   on the grid as it is when the search ends, so their cost is always A*'s optimal one (with
///   the layer's weight 1): a search whose layer changed (layerVersion) restarts by itself even
///   without invalidate(), and a jump search never reads a table that missed an edit.
/// - Service order (short first, nothing starves): each request gets a deadline when it is
///   queued, the number of update() calls so far plus its length in cells (octile distance from
///   start to goal; a field's: from its farthest source to the nearest goal, or its region's
///   diagonal without sources) / CellsPerUpdate. Queued requests start, and running ones get
///   slices, earliest deadline first (ties: the earlier request). A short request overtakes
///   long ones queued before it, but a request queued later than another's deadline never
///   does, so every request's wait is bounded by the work with an earlier deadline.
/// - At most maxConcurrent() path searches run at once, each holding scratch (a GridQuery,
///   ~16 bytes per cell), and at most maxConcurrent() fields; further requests wait queued. A
///   queued request that comes before a running one of its kind in service order takes the
///   place of the last of them, which goes back to the queue (its search begins again).
/// - Flow fields (requestField: a Dijkstra from a group's goal over a bounded region, FlowField.hpp)
///   are requests like any other: same handles, the same service order and slices (or the
///   field worker's thread: setFieldWorker, with update()'s budget left after the paths
///   running them here too once one has waited long), their own limit of maxConcurrent()
///   running at once. invalidate() restarts a field that a change
///   touches (FlowField::touchedBy), even a delivered one: it queues again (without its
///   sources: its units may stand anywhere in the region by then) and field() gives null until
///   it is complete on the new grid.
///
/// Result lifetime: the PathResult that result(h) points to lives in the service at a fixed
/// address (slots never move); it stays valid and unchanged until h is released or cancelled
/// (or the service is destroyed): requests, update(), invalidate() and other handles' calls
/// leave it alone. After release(h) / cancel(h) the pointer must not be used (the slot may
/// hold another request). takeResult(h, out) moves a Done result out and releases h in one call.
///
/// \code
/// isostar::path::NavGrid grid;
/// grid.reset(64, 64);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(64, 64), isostar::path::MoveRules{});
/// const isostar::TileCoord a{1, 1}, b{60, 40};
/// isostar::path::PathService service(grid);                 // non-const grid: landmarks on demand
/// isostar::path::PathHandle h = service.request({.layer = walker, .start = a, .goal = b});
/// service.update(500.0);                                 // every frame: 0.5 ms of A*
/// if (const isostar::path::PathResult* r = service.result(h))  // valid until release(h)
///     std::cout << r->path.size() << " cells\n";
/// service.setProgress(h, 3);                             // the unit stands on its path's cell 3
/// const std::vector<isostar::path::CellChange> changes{{{30, 20}, isostar::path::Impassable}};
/// service.invalidate(grid.apply(walker, changes));       // the map changed
/// if (service.stale(h)) {
///     service.release(h);
///     h = service.request({.layer = walker, .start = a, .goal = b});
/// }
/// isostar::path::PathHandle j = service.request({.layer = walker, .start = a, .goal = b,
///                                            .algorithm = isostar::path::SearchAlgorithm::Jpsw});
/// isostar::path::PathResult copy;
/// if (service.takeResult(j, copy)) { /* copy is ours; j is released */ }
/// const isostar::path::FieldRegion area = isostar::path::FieldRegion::whole(grid);
/// isostar::path::PathHandle f = service.requestField({.layer = walker, .goals = {b}, .region = area});
/// if (const isostar::path::FlowField* field = service.field(f))
///     std::cout << (field->next(a) ? "a step from a\n" : "no step from a\n");
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/FieldWorker.hpp"
#include "engine/path/FlowField.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchAlgorithm.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <iosfwd>
#include <limits>
#include <memory>
#include <vector>

namespace isostar::path {

/// Handle of a request: never a raw index; a slot reused by a later request has a new
/// generation, so an old handle never reads another request's result. generation 0 = null.
struct PathHandle {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;
    bool valid() const { return generation != 0; }
    bool operator==(const PathHandle&) const = default;
};

/// One path request (copied into the service).
struct PathRequest {
    int layer = 0;
    TileCoord start;
    TileCoord goal;
    /// The search (see PathService's guarantees): Auto as `isopath --algorithm auto`; AStar,
    /// Jps, Jpsw always that one (an explicit jump search waits for its table, and is refused
    /// with InvalidInput where it does not apply).
    SearchAlgorithm algorithm = SearchAlgorithm::Auto;
    std::vector<TileCoord> overlayCells{};  ///< copied into the request (cells of other units)
    float overlayPenalty = 0.0f;          ///< see QueryOverlay
    bool overlayBlocked = false;
    bool partial = true;                  ///< Partial results for unreachable goals
};

/// One flow-field request (copied into the service): distances to the nearest of `goals` over
/// `layer`, inside `region`; `sources` [opt]: the cells it must serve (FlowField.hpp: the search
/// stops once they are settled).
struct FieldRequest {
    int layer = 0;
    std::vector<TileCoord> goals;
    FieldRegion region;
    std::vector<TileCoord> sources{};
};

/// State of a request as seen through its handle.
enum class RequestState {
    Invalid,    ///< null, unknown or stale handle (also after release/cancel: the slot is freed)
    Queued,     ///< waiting for its turn (service order) and a place among the running
    Running,    ///< its search has begun and gets slices
    Done,       ///< result() is available (any status, including NoPath / StartInvalid)
};

class JumpTables;

/// Requests answered, by the algorithm that answered them (an explicit jump search refused
/// with InvalidInput counts as its algorithm's).
struct SearchCounts {
    long long astar = 0;   ///< path searches by GridQuery's A*
    long long jps = 0;     ///< path searches by JumpPointSearch
    long long jpsw = 0;    ///< path searches by WeightedJumpSearch
    long long fields = 0;  ///< flow fields (FlowField's Dijkstra, here or on the field worker)
    /// The path count of `algorithm` (Auto: none) [Limit: not Auto].
    long long& of(SearchAlgorithm algorithm);
    SearchCounts& operator+=(const SearchCounts& o);
    bool operator==(const SearchCounts&) const = default;
};

/// "astar=A jps=J jpsw=W field=F" (the line `searches_by_algorithm:` of `isostar --bench-units`).
std::ostream& operator<<(std::ostream& os, const SearchCounts& counts);

/// What one update() did.
struct ServiceStats {
    int expansions = 0;          ///< expansions run (a jump search's: its jump points)
    int slices = 0;              ///< step() calls
    int finished = 0;            ///< requests that became Done
    int restarted = 0;           ///< searches restarted because their layer changed (also by invalidate() since the last update)
    double micros = 0;           ///< time spent
    int maxSliceExpansions = 0;  ///< largest expansion count of one slice (jump searches are not slices)
    SearchCounts searches;       ///< requests that became Done, by algorithm (fields: also the worker's)
    /// With the field worker: its expansions and busy time since the update before.
    long long workerExpansions = 0;
    double workerMicros = 0.0;
    /// A jump table is being built in the background (JumpTables.hpp): A* answers what jps or
    /// jpsw will answer once it is installed.
    bool tablesBuilding = false;
};

class PathService {
public:
    /// Service order: a request's deadline is its arrival (in update() calls) plus its length
    /// in cells divided by this.
    static constexpr double CellsPerUpdate = 8.0;
    /// Field worker mode: once a field has been on the worker this many update() calls, the
    /// budget left after the paths runs the worker's queued fields on the caller's thread.
    static constexpr std::uint64_t HelpAfterUpdates = 30;

    /// The grid must outlive the service; the service only reads it (its owner picks the
    /// landmark build mode and calls grid.pollLandmarks()).
    explicit PathService(const NavGrid& grid);
    /// The grid must outlive the service. The service also keeps its landmark tables: it sets
    /// LandmarkBuild::OnDemand now (change it afterwards to choose otherwise) and update()
    /// calls grid.pollLandmarks() before its searches; the grid is written by nothing else of
    /// the service. Same thread rules as NavGrid (the service's thread owns the grid).
    explicit PathService(NavGrid& grid);
    ~PathService();
    PathService(const PathService&) = delete;
    PathService& operator=(const PathService&) = delete;

    /// Expansions per step() call (default 256). [Limit: > 0; smaller values count as 1]
    void setSliceExpansions(int n);
    int sliceExpansions() const { return m_slice; }
    /// Path searches running at once, each with its own scratch, and fields likewise (default
    /// 4 each). [Limit: > 0]
    void setMaxConcurrent(int n);
    int maxConcurrent() const { return m_maxConcurrent; }
    /// Fields run on a background thread (FieldWorker) instead of in update()'s slices
    /// (default: off). update() hands the queued fields to it in service order, at most
    /// maxConcurrent() at once, and delivers those it finished (a field whose layer changed
    /// meanwhile begins again); path searches stay in update()'s slices, now with the whole
    /// budget; once a field has waited on the worker HelpAfterUpdates updates, what the paths
    /// leave of the budget runs the worker's queued fields here as well, in slices
    /// (FieldWorker::help), so a worker starved by other processes does not stop the fields.
    /// The worker runs at the priority of the thread that made it (not below the game's). The fields are the same either way; only when they are delivered depends on
    /// the thread's speed. Switching either way puts the running fields back in the queue.
    void setFieldWorker(bool on);
    bool fieldWorker() const { return m_worker != nullptr; }

    /// Queues a request; it runs during update(). Never fails: a bad layer or
    /// start gives a Done result with InvalidInput / StartInvalid.
    PathHandle request(PathRequest r);
    RequestState state(PathHandle h) const;
    /// The result when Done, else nullptr (also for null or stale handles, and for fields).
    /// The pointer stays valid and the result unchanged until release(h) / cancel(h) or the
    /// service's end, whatever else is called meanwhile (see "Result lifetime" above).
    const PathResult* result(PathHandle h) const;
    /// When h is Done (a path request): moves its result into `out` (out's old path storage is
    /// dropped), releases h and returns true. Otherwise false, `out` and h untouched.
    bool takeResult(PathHandle h, PathResult& out);
    /// The search that answered h (Done path request): AStar, Jps or Jpsw (the one refused, for
    /// a refused explicit jump search); Auto otherwise (not done, a field, a stale handle).
    SearchAlgorithm algorithm(PathHandle h) const;
    /// Queues a flow field; it runs during update() in slices, like a path search. Never fails:
    /// a bad layer gives a Done field with status InvalidInput, no usable goal NoPath.
    PathHandle requestField(FieldRequest r);
    /// The field when Done (complete: Found, NoPath, or InvalidInput for a bad layer), else
    /// nullptr (also for null or stale handles, and for path requests). Valid until the next
    /// non-const call.
    const FlowField* field(PathHandle h) const;
    /// A delivered path crossed a dirty cell (from its progress on) since it was delivered.
    bool stale(PathHandle h) const;
    /// The owner walked to path[pathIndex]: earlier cells no longer count for staleness.
    /// Ignored unless Done.
    void setProgress(PathHandle h, int pathIndex);
    /// Queued / running / done: stops the search and frees the slot (the handle becomes Invalid).
    void cancel(PathHandle h);
    /// The owner is done with a request (any state): frees the slot.
    void release(PathHandle h);
    /// Slices to the running search first in service order (queued ones start as places free
    /// up), until the budget is spent or nothing is left. `maxExpansions` [opt] caps the
    /// expansions of this update as well (checked before each slice, like the clock): with an
    /// unlimited time budget it makes the work per update the same on any machine (scripted
    /// runs and tests that must not depend on the machine's speed).
    ServiceStats update(double budgetMicros, long long maxExpansions = std::numeric_limits<long long>::max());

    /// After grid.apply() / replaceLayer(): searches in flight of that layer restart; delivered
    /// paths of the layer whose remaining cells (from their progress index on) include a dirty
    /// cell become stale; when the islands changed, delivered Partial / NoPath results of the
    /// layer become stale too (the goal may be reachable now); with rulesChanged every delivered
    /// result of the layer does. Fields the change touches restart (a delivered one is queued
    /// again). Returns the handles that became stale and the delivered fields that were queued
    /// again (each once). The layer's footprint layers that changed (NavDirty::derived) are
    /// treated the same way.
    std::vector<PathHandle> invalidate(const NavDirty& dirty);

    /// Queued + running requests.
    std::size_t pending() const;
    /// Frees the scratch of searches not running (kept for reuse otherwise; ~16 bytes per cell
    /// each, plus the open list of the longest search it ran): for an owner on a big grid
    /// whose service has nothing pending. Later searches allocate scratch again.
    void releaseIdleScratch();
    /// Scratch kept for searches not running now (GridQuery::scratchBytes of each).
    std::size_t idleScratchBytes() const;

private:
    struct Slot;
    Slot* live(PathHandle h);
    const Slot* live(PathHandle h) const;
    void freeSlot(std::uint32_t index);
    void removeRunning(std::uint32_t index);  ///< out of m_running
    /// Slot `a` comes before slot `b` in service order (deadline, then arrival).
    bool before(std::uint32_t a, std::uint32_t b) const;
    /// Slot `index` joins the service order: its deadline from now and `lengthCells`.
    void setKey(std::uint32_t index, double lengthCells);
    /// false: decided without searching (its result set); true: it runs.
    bool startSearch(std::uint32_t index);
    /// An explicit jump search of slot `index` that cannot run yet: its table is not ready.
    bool waitsForTable(std::uint32_t index) const;
    /// waitsForTable(index), and then the table's build starts (if none runs).
    bool awaitTable(std::uint32_t index);
    void finishSlot(std::uint32_t index, ServiceStats& stats);
    /// (`handOutUntil`: see handOutFields.)
    void promoteQueued(ServiceStats& stats, std::chrono::steady_clock::time_point handOutUntil);
    /// The position in m_queue of the queued field (or path) first in service order;
    /// m_queue.size() when none is queued.
    std::size_t firstQueued(bool fields) const;
    /// A running request goes back to the queue (its search begins again when it starts).
    void suspend(std::uint32_t index);
    /// The queued request at m_queue[queuePos] begins.
    void start(std::size_t queuePos, ServiceStats& stats);
    void restart(std::uint32_t index, ServiceStats& stats);
    PathHandle addSlot();  ///< a Queued slot, not yet in m_queue (the caller: setKey, enqueue)
    /// Slot `index` (its key set) joins m_queue.
    void enqueue(std::uint32_t index);
    /// One slice of the running request at `index`; its expansions.
    int runSlice(std::uint32_t index, ServiceStats& stats);
    /// invalidate() of one layer's change, after the jump tables' (`dirty.derived` not read).
    std::vector<PathHandle> invalidateLayer(const NavDirty& dirty);
    /// invalidate() of a field slot: true when it was queued again (it had been delivered).
    bool invalidateField(std::uint32_t index, const NavDirty& dirty);
    /// Worker mode: queued fields to the worker as places allow (each copies its region's
    /// costs here: once one is on the worker, no further one past `until`, the end of the
    /// update's budget); finished ones delivered.
    void handOutFields(ServiceStats& stats, std::chrono::steady_clock::time_point until);
    void collectFields(ServiceStats& stats);
    /// Worker mode, after the paths' slices: the fields queued for the worker run here in
    /// slices while the budget (from `t0`) lasts (FieldWorker::help); those done are delivered.
    void helpWorker(std::chrono::steady_clock::time_point t0, double budgetMicros, long long maxExpansions,
                    ServiceStats& stats);
    /// The worker drops the field of slot `index` (at its next check); the slot forgets it.
    void cancelJob(std::uint32_t index);
    /// The field of slot `index`, on the worker, goes back to the queue as a new field.
    void requeueJob(std::uint32_t index);
    /// A field not begun, with the request of `f`.
    static std::shared_ptr<FlowField> freshField(const FlowField& f);

    const NavGrid& m_grid;
    NavGrid* m_landmarkOwner = nullptr;  ///< PathService(NavGrid&): the grid whose landmarks update() polls
    int m_slice = 256;
    int m_maxConcurrent = 4;
    /// Slots at fixed addresses (a deque grows without moving them): result() pointers live
    /// until their handle is released.
    std::deque<Slot> m_slots;
    std::vector<std::uint32_t> m_free;          ///< free slot indices
    /// A queued request with its place in service order (kept here: picking the next one reads
    /// no slot).
    struct Queued {
        double key;
        std::uint64_t order;
        std::uint32_t index;
        bool field;
        bool before(const Queued& o) const { return key != o.key ? key < o.key : order < o.order; }
    };
    std::vector<Queued> m_queue;                ///< queued requests (any order; picked by service order)
    std::vector<std::uint32_t> m_running;       ///< running slot indices (any order)
    std::uint64_t m_updates = 0;                ///< update() calls so far (deadlines)
    std::uint64_t m_order = 0;                  ///< requests queued so far (ties of deadlines)
    std::vector<std::unique_ptr<GridQuery>> m_idle;  ///< scratch not in use
    std::vector<std::uint32_t> m_mark;          ///< invalidate(): dirty-cell stamps per cell
    std::uint32_t m_markStamp = 0;
    int m_restartedByInvalidate = 0;            ///< reported by the next update()
    std::vector<std::uint32_t> m_jobs;          ///< slots whose field is on the worker
    std::unique_ptr<JumpTables> m_jumps;        ///< the jump searches' tables and scratch
    std::unique_ptr<FieldWorker> m_worker;      ///< last: destroyed (joined) first
};

} // namespace isostar::path
