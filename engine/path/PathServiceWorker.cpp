/// \file PathServiceWorker.cpp
/// PathService's field worker mode: queued fields handed to the FieldWorker in service order,
/// finished ones delivered, fields on the worker put back in the queue after an edit.
#include "engine/path/PathService.hpp"
#include "engine/path/service/ServiceSlot.hpp"

#include <algorithm>
#include <chrono>

namespace isostar::path {

void PathService::setFieldWorker(bool on)
{
    if (on == bool(m_worker))
        return;
    if (on) {
        // Fields running here go back to the queue; they begin again on the worker.
        for (std::size_t r = m_running.size(); r-- > 0;)
            if (m_slots[m_running[r]].field)
                suspend(m_running[r]);
        m_worker = std::make_unique<FieldWorker>();
        return;
    }
    while (!m_jobs.empty())
        requeueJob(m_jobs.back());
    m_worker.reset();
}

std::shared_ptr<FlowField> PathService::freshField(const FlowField& f)
{
    // Only what the worker never writes is read: layer, goals, region, sources.
    auto copy = std::make_shared<FlowField>();
    copy->setup(f.layer(), f.goals(), f.region(), f.sources());
    return copy;
}

void PathService::cancelJob(std::uint32_t index)
{
    Slot& s = m_slots[index];
    s.job->cancel.store(true, std::memory_order_relaxed);
    s.job.reset();
    m_jobs.erase(std::find(m_jobs.begin(), m_jobs.end(), index));
}

void PathService::requeueJob(std::uint32_t index)
{
    // The worker may still be stepping the old field: it keeps it (through the job) and drops
    // it at its next check; the slot gets a new field with the same request.
    Slot& s = m_slots[index];
    cancelJob(index);
    s.field = freshField(*s.field);
    s.state = RequestState::Queued;
    enqueue(index);
}

void PathService::handOutFields(ServiceStats& stats, std::chrono::steady_clock::time_point until)
{
    // Service order among the queued fields; at most maxConcurrent() on the worker at once
    // (each holds its region's arrays), so a field queued later with an earlier deadline
    // waits for one place, not for every field queued before it. Each hand-out copies the
    // region's costs on this thread (a few hundred microseconds for a region of 400x400
    // cells): past the update's budget only a worker with nothing to do gets one.
    while (int(m_jobs.size()) < m_maxConcurrent) {
        if (!m_jobs.empty() && std::chrono::steady_clock::now() >= until)
            return;  // the update's budget is spent and the worker has work: the next update
        const std::size_t pick = firstQueued(true);
        if (pick == m_queue.size())
            return;
        const std::uint32_t index = m_queue[pick].index;
        m_queue.erase(m_queue.begin() + std::ptrdiff_t(pick));
        Slot& s = m_slots[index];
        s.state = RequestState::Running;
        if (s.field->prepare(m_grid) != PathStatus::InProgress) {
            s.state = RequestState::Done;  // decided without searching (NoPath, InvalidInput)
            ++stats.finished;
            ++stats.searches.fields;
            continue;
        }
        s.field->detach();
        s.job = std::make_shared<FieldWorker::Job>();
        s.job->field = s.field;
        s.handedOutAt = m_updates;
        m_jobs.push_back(index);
        m_worker->submit(s.job);
    }
}

void PathService::helpWorker(std::chrono::steady_clock::time_point t0, double budgetMicros, long long maxExpansions,
                             ServiceStats& stats)
{
    // The paths are served. When a field has been on the worker for HelpAfterUpdates updates
    // (other processes starve the thread), the fields queued for it get the budget left, in
    // slices, on this thread; those completed here are delivered now. Not sooner: the frame's
    // time stays the paths' while the worker keeps up.
    const auto oldest = std::min_element(m_jobs.begin(), m_jobs.end(), [&](std::uint32_t a, std::uint32_t b) {
        return m_slots[a].handedOutAt < m_slots[b].handedOutAt;
    });
    if (oldest == m_jobs.end() || m_updates - m_slots[*oldest].handedOutAt < HelpAfterUpdates)
        return;
    const double left =
        budgetMicros - std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    if (left <= 0.0 || stats.expansions >= maxExpansions)
        return;
    const FieldWorker::Help h = m_worker->help(left, maxExpansions - stats.expansions, m_slice);
    stats.expansions += int(h.expansions);
    stats.slices += h.steps;
    if (h.steps > 0)
        stats.maxSliceExpansions = std::max(stats.maxSliceExpansions, int(std::min<long long>(m_slice, h.expansions)));
    collectFields(stats);
}

void PathService::collectFields(ServiceStats& stats)
{
    for (std::size_t k = 0; k < m_jobs.size();) {
        const std::uint32_t index = m_jobs[k];
        Slot& s = m_slots[index];
        if (!s.job->done.load(std::memory_order_acquire)) {
            ++k;
            continue;
        }
        if (s.field->version() != m_grid.layerVersion(s.request.layer)) {
            // The layer changed under it without invalidate(): it begins again on the new grid.
            ++stats.restarted;
            requeueJob(index);
            continue;
        }
        s.job.reset();
        m_jobs.erase(m_jobs.begin() + std::ptrdiff_t(k));
        s.state = RequestState::Done;
        s.progress = 0;
        s.stale = false;
        ++stats.finished;
        ++stats.searches.fields;
    }
}

} // namespace isostar::path
