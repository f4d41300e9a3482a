/// \file FieldWorker.cpp
/// FieldWorker: a queue of jobs under one mutex, one jthread that runs them in slices.
#include "engine/path/FieldWorker.hpp"

#include <chrono>

#if defined(__linux__)
#include <sys/resource.h>
#include <unistd.h>
#endif

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

void FieldWorker::run(std::stop_token stop)
{
    using Clock = std::chrono::steady_clock;
#if defined(__linux__)
    // Below the owner's threads: the fields take the time the frame leaves over, not the
    // frame's (on Linux a thread's nice value is its own).
    setpriority(PRIO_PROCESS, id_t(gettid()), WorkerNice);
#endif
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
        FlowField& f = *job->field;
        int before = f.expanded();
        while (!stop.stop_requested() && !job->cancel.load(std::memory_order_relaxed) &&
               f.step(CheckExpansions) == PathStatus::InProgress) {
            m_expansions.fetch_add(f.expanded() - before, std::memory_order_relaxed);
            before = f.expanded();
        }
        m_expansions.fetch_add(f.expanded() - before, std::memory_order_relaxed);
        m_nanos.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count(),
                          std::memory_order_relaxed);
        job->done.store(true, std::memory_order_release);
    }
}

} // namespace eng::path
