#pragma once
/// \file FieldWorker.hpp
/// One background thread that runs detached flow fields (FlowField::detach) to completion, in
/// the order they were submitted: PathService's field worker (the A* Pathfinding Project's
/// worker threads, for the fields only; path searches stay on the owner's thread). The owner's
/// thread may run queued jobs too (help(), in the time its frame has left), so the fields do
/// not wait for a thread that other processes starve.
///
/// Guarantees:
/// - A job is held by one thread at a time: the worker or help() takes it from the queue for
///   one step (CheckExpansions, or help()'s step) and puts it back at the front unless it is
///   over, so between steps either thread may go on with it. Its field is touched only by
///   the thread holding it, and only between submit() and the moment `done` becomes true
///   (release / acquire): the owner reads it after it sees `done`, never before.
/// - `cancel` (set by the owner at any time) makes the worker drop the job at its next check,
///   at most CheckExpansions expansions later, and set `done`; the owner may forget a
///   cancelled job at once (the job and its field live on in the worker's shared_ptr until
///   it lets go).
/// - The destructor cancels every job and joins the thread: it returns within one check.
/// - take() gives the worker's expansions and busy time since the last take(), for the
///   owner's statistics.
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// const isostar::TileCoord goals[] = {{30, 12}};
/// const isostar::TileCoord starts[] = {{1, 1}, {2, 9}};
/// const isostar::path::FieldRegion region = isostar::path::FieldRegion::around(grid, starts, goals, 16);
/// isostar::path::FieldWorker worker;
/// auto job = std::make_shared<isostar::path::FieldWorker::Job>();
/// job->field = std::make_shared<isostar::path::FlowField>();
/// job->field->begin(grid, walker, goals, region);
/// job->field->detach();
/// worker.submit(job);
/// if (job->done.load(std::memory_order_acquire)) { /* job->field is complete */ }
/// \endcode

#include "engine/path/FlowField.hpp"

#include <atomic>
#include <memory>

namespace isostar::path {

class FieldWorker {
public:
    /// Expansions between two checks of `cancel` (and of the destructor's stop).
    static constexpr int CheckExpansions = 2048;

    struct Job {
        std::shared_ptr<FlowField> field;  ///< begun (restart) and detached by the owner
        std::atomic<bool> cancel{false};
        std::atomic<bool> done{false};
    };
    /// What the worker did since the last take().
    struct Work {
        long long expansions = 0;
        double micros = 0.0;
    };

    FieldWorker();
    ~FieldWorker();
    FieldWorker(const FieldWorker&) = delete;
    FieldWorker& operator=(const FieldWorker&) = delete;

    /// Queues `job` after those submitted before it (the thread starts with the first job).
    void submit(std::shared_ptr<Job> job);
    Work take();
    /// Owner's thread: runs queued jobs here, the first in the queue first, in steps of
    /// `stepExpansions` [Limit: > 0], checking before each step that less than `budgetMicros`
    /// have passed and less than `maxExpansions` were run; stops when the queue is empty (a job
    /// the worker holds is left to it). Jobs it completes are `done` as the worker's are.
    /// Returns its expansions and steps (not counted in take(): they are the owner's work).
    struct Help {
        long long expansions = 0;
        int steps = 0;
    };
    Help help(double budgetMicros, long long maxExpansions, int stepExpansions);

private:
    /// The queue, its lock and the thread (FieldWorker.cpp): kept out of this header, which
    /// PathService.hpp includes.
    struct State;
    /// One step of at most `expansions` of the job's field; true when the job is over (its
    /// field complete, or cancelled); `done` is set then.
    static bool advance(Job& job, int expansions, long long& expanded);

    std::unique_ptr<State> m_state;
};

} // namespace isostar::path
