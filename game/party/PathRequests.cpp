#include "game/party/PathRequests.hpp"

#include <algorithm>
#include <limits>

namespace game {

PathRequests::PathRequests() = default;

PathRequests::~PathRequests() = default;

void PathRequests::bind(const isostar::path::NavGrid& grid)
{
    m_service = std::make_unique<isostar::path::PathService>(grid);
    const std::size_t perSearch = std::max<std::size_t>(1, grid.paddedSize() * 16);
    const std::size_t fits = ScratchBudgetBytes / perSearch;
    m_bigGrid = fits < std::size_t(m_service->maxConcurrent());
    if (m_bigGrid)
        m_service->setMaxConcurrent(int(std::max<std::size_t>(1, fits)));
}

void PathRequests::clear()
{
    m_service.reset();
    m_lastStats = {};
    m_work = {};
    m_updates = 0;
    m_syncMicros = 0.0;
}

isostar::path::PathHandle PathRequests::request(int layer, isostar::TileCoord start, isostar::TileCoord goal,
                                            std::vector<isostar::TileCoord> avoid, float penalty)
{
    isostar::path::PathRequest r;
    r.layer = layer;
    r.start = start;
    r.goal = goal;
    r.partial = true;
    if (!avoid.empty()) {
        r.overlayCells = std::move(avoid);
        r.overlayPenalty = penalty;
    }
    ++m_work.requestsMade;
    return m_service->request(std::move(r));
}

void PathRequests::release(isostar::path::PathHandle h)
{
    if (m_service && h.valid())
        m_service->release(h);
}

void PathRequests::setProgress(isostar::path::PathHandle h, int walked)
{
    if (m_service && h.valid())
        m_service->setProgress(h, walked);
}

isostar::path::PathHandle PathRequests::requestField(isostar::path::FieldRequest r)
{
    if (!m_service)
        return {};
    ++m_work.requestsMade;
    ++m_work.fieldsMade;
    return m_service->requestField(std::move(r));
}

void PathRequests::followersServed(long long since)
{
    m_work.followerWaitUpdatesMax = std::max(m_work.followerWaitUpdatesMax, int(m_updates - since));
}

void PathRequests::served(long long requestedAt)
{
    ++m_work.requestsDone;
    m_work.waitUpdatesMax = std::max(m_work.waitUpdatesMax, int(m_updates - requestedAt));
}

void PathRequests::serve(const PartyParams& params, double spentMicros)
{
    ++m_updates;
    if (!m_service)
        return;
    // On a clock budget the fields run on the service's worker thread, so the frame's budget
    // goes to the paths; on an expansion budget (scripts, tests) everything runs here, the
    // same on any machine.
    m_service->setFieldWorker(params.pathBudgetExpansions <= 0);
    m_lastStats = params.pathBudgetExpansions > 0
                      ? m_service->update(std::numeric_limits<double>::infinity(), params.pathBudgetExpansions)
                      : m_service->update(std::max(0.0, params.pathBudgetMicros - spentMicros));
}

void PathRequests::releaseIdle()
{
    if (m_service && m_bigGrid && m_service->pending() == 0)
        m_service->releaseIdleScratch();
}

std::vector<isostar::path::PathHandle> PathRequests::invalidate(std::span<const isostar::path::NavDirty> dirty)
{
    std::vector<isostar::path::PathHandle> stale;
    if (!m_service)
        return stale;
    for (const isostar::path::NavDirty& d : dirty)
        for (const isostar::path::PathHandle& h : m_service->invalidate(d))
            stale.push_back(h);
    return stale;
}

double PathRequests::takeSyncMicros()
{
    const double m = m_syncMicros;
    m_syncMicros = 0.0;
    return m;
}

} // namespace game
