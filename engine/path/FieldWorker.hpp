#pragma once
/// \file FieldWorker.hpp
/// One background thread that runs detached flow fields (FlowField::detach) to completion, in
/// the order they were submitted: PathService's field worker (the A* Pathfinding Project's
/// worker threads, for the fields only; path searches stay on the owner's thread).
///
/// Guarantees:
/// - A job's field is touched by the worker only between submit() and the moment `done`
///   becomes true (release / acquire): the owner reads it after it sees `done`, never before.
/// - `cancel` (set by the owner at any time) makes the worker drop the job at its next check,
///   at most CheckExpansions expansions later, and set `done`; the owner may forget a
///   cancelled job at once (the job and its field live on in the worker's shared_ptr until
///   it lets go).
/// - The destructor cancels every job and joins the thread: it returns within one check.
/// - take() gives the worker's expansions and busy time since the last take(), for the
///   owner's statistics.
///
/// \code
/// eng::path::FieldWorker worker;
/// auto job = std::make_shared<eng::path::FieldWorker::Job>();
/// job->field = std::make_shared<eng::path::FlowField>();
/// job->field->begin(grid, layer, goals, region);
/// job->field->detach();
/// worker.submit(job);
/// if (job->done.load(std::memory_order_acquire)) { /* job->field is complete */ }
/// \endcode

#include "engine/path/FlowField.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace eng::path {

class FieldWorker {
public:
    /// Expansions between two checks of `cancel` (and of the destructor's stop).
    static constexpr int CheckExpansions = 2048;
    /// The thread's nice value on Linux (higher: yields to the owner's threads).
    static constexpr int WorkerNice = 10;

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

    FieldWorker() = default;
    ~FieldWorker();
    FieldWorker(const FieldWorker&) = delete;
    FieldWorker& operator=(const FieldWorker&) = delete;

    /// Queues `job` after those submitted before it (the thread starts with the first job).
    void submit(std::shared_ptr<Job> job);
    Work take();

private:
    void run(std::stop_token stop);

    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::deque<std::shared_ptr<Job>> m_jobs;  ///< submitted, not begun (under m_mutex)
    std::atomic<long long> m_expansions{0};
    std::atomic<long long> m_nanos{0};
    std::jthread m_thread;  ///< last: it stops and joins before the members it uses go
};

} // namespace eng::path
