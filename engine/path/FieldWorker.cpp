/// \file FieldWorker.cpp
/// FieldWorker: a queue of jobs under one mutex, one jthread that runs them in slices.
#include "engine/path/FieldWorker.hpp"

#include <algorithm>
#include <chrono>

namespace eng::path {

FieldWorker::~FieldWorker()
{
    {
        std::lock_guard lock(m_mutex);
        for (const std::shared_ptr<Job>& j : m_jobs)
            j->cancel.store(true, std::memory_order_relaxed);
    }
    if (m_thread.joinable()) {
        m_thread.request_stop();  // wakes the wait; a job in hand stops at its next check
        m_thread.join();
    }
}

void FieldWorker::submit(std::shared_ptr<Job> job)
{
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(job));
    }
    if (!m_thread.joinable())
        m_thread = std::jthread([this](std::stop_token stop) { run(stop); });
    m_wake.notify_one();
}

FieldWorker::Work FieldWorker::take()
{
    return {m_expansions.exchange(0, std::memory_order_relaxed),
            double(m_nanos.exchange(0, std::memory_order_relaxed)) / 1000.0};
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

void FieldWorker::putBack(std::shared_ptr<Job> job)
{
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_front(std::move(job));
    }
    m_wake.notify_one();
}

FieldWorker::Help FieldWorker::help(double budgetMicros, long long maxExpansions, int stepExpansions)
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    Help h;
    while (std::chrono::duration<double, std::micro>(Clock::now() - t0).count() < budgetMicros &&
           h.expansions < maxExpansions) {
        std::shared_ptr<Job> job;
        {
            std::lock_guard lock(m_mutex);
            if (m_jobs.empty())
                break;
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        long long n = 0;
        if (!advance(*job, std::max(1, stepExpansions), n))
            putBack(std::move(job));
        h.expansions += n;
        ++h.steps;
    }
    return h;
}

void FieldWorker::run(std::stop_token stop)
{
    using Clock = std::chrono::steady_clock;
    // The priority of the thread that made it (the game's), not below: beside busy processes
    // a thread of lower priority gets almost nothing (at nice 10 beside two busy processes on
    // two cores, about 5% of a core), and the fields' work is as much the game's as a frame's.
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(m_mutex);
            if (!m_wake.wait(lock, stop, [&] { return !m_jobs.empty(); }))
                return;  // stop requested
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        const Clock::time_point t0 = Clock::now();
        long long n = 0;
        // One step, then the job goes back to the queue's front: help() may take it from there.
        const bool over = advance(*job, CheckExpansions, n);
        m_expansions.fetch_add(n, std::memory_order_relaxed);
        m_nanos.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count(),
                          std::memory_order_relaxed);
        if (!over)
            putBack(std::move(job));
    }
}

} // namespace eng::path
