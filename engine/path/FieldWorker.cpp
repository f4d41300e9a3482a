/// \file FieldWorker.cpp
/// FieldWorker: a queue of jobs under one mutex, one jthread that runs them in slices.
#include "engine/path/FieldWorker.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stop_token>
#include <thread>

namespace isostar::path {

struct FieldWorker::State {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::deque<std::shared_ptr<Job>> jobs;  ///< submitted, not over, held by no thread (under mutex)
    std::atomic<long long> expansions{0};
    std::atomic<long long> nanos{0};
    std::jthread thread;  ///< last: it stops and joins before the members it uses go

    void run(std::stop_token stop);
    /// A job not over goes back to the front of the queue.
    void putBack(std::shared_ptr<Job> job);
};

FieldWorker::FieldWorker() : m_state(std::make_unique<State>()) {}

FieldWorker::~FieldWorker()
{
    State& s = *m_state;
    {
        std::lock_guard lock(s.mutex);
        for (const std::shared_ptr<Job>& j : s.jobs)
            j->cancel.store(true, std::memory_order_relaxed);
    }
    if (s.thread.joinable()) {
        s.thread.request_stop();  // wakes the wait; a job in hand stops at its next check
        s.thread.join();
    }
}

void FieldWorker::submit(std::shared_ptr<Job> job)
{
    State& s = *m_state;
    {
        std::lock_guard lock(s.mutex);
        s.jobs.push_back(std::move(job));
    }
    if (!s.thread.joinable())
        s.thread = std::jthread([&s](std::stop_token stop) { s.run(stop); });
    s.wake.notify_one();
}

FieldWorker::Work FieldWorker::take()
{
    return {m_state->expansions.exchange(0, std::memory_order_relaxed),
            double(m_state->nanos.exchange(0, std::memory_order_relaxed)) / 1000.0};
}

bool FieldWorker::advance(Job& job, int expansions, long long& expanded)
{
    FlowField& f = *job.field;
    const int before = f.expanded();
    const bool over = job.cancel.load(std::memory_order_relaxed) || f.step(expansions) != PathStatus::InProgress;
    expanded = f.expanded() - before;
    if (over)
        job.done.store(true, std::memory_order_release);
    return over;
}

void FieldWorker::State::putBack(std::shared_ptr<Job> job)
{
    {
        std::lock_guard lock(mutex);
        jobs.push_front(std::move(job));
    }
    wake.notify_one();
}

FieldWorker::Help FieldWorker::help(double budgetMicros, long long maxExpansions, int stepExpansions)
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    State& s = *m_state;
    Help h;
    while (std::chrono::duration<double, std::micro>(Clock::now() - t0).count() < budgetMicros &&
           h.expansions < maxExpansions) {
        std::shared_ptr<Job> job;
        {
            std::lock_guard lock(s.mutex);
            if (s.jobs.empty())
                break;
            job = std::move(s.jobs.front());
            s.jobs.pop_front();
        }
        long long n = 0;
        if (!advance(*job, std::max(1, stepExpansions), n))
            s.putBack(std::move(job));
        h.expansions += n;
        ++h.steps;
    }
    return h;
}

void FieldWorker::State::run(std::stop_token stop)
{
    using Clock = std::chrono::steady_clock;
    // The priority of the thread that made it (the game's), not below: beside busy processes
    // a thread of lower priority gets almost nothing (at nice 10 beside two busy processes on
    // two cores, about 5% of a core), and the fields' work is as much the game's as a frame's.
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(mutex);
            if (!wake.wait(lock, stop, [&] { return !jobs.empty(); }))
                return;  // stop requested
            job = std::move(jobs.front());
            jobs.pop_front();
        }
        const Clock::time_point t0 = Clock::now();
        long long n = 0;
        // One step, then the job goes back to the queue's front: help() may take it from there.
        const bool over = advance(*job, CheckExpansions, n);
        expansions.fetch_add(n, std::memory_order_relaxed);
        nanos.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count(),
                          std::memory_order_relaxed);
        if (!over)
            putBack(std::move(job));
    }
}

} // namespace isostar::path
