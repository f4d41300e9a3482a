#include "game/party/PathRequests.hpp"

#include <algorithm>
#include <limits>

namespace game {

PathRequests::PathRequests() = default;

PathRequests::~PathRequests() = default;

void PathRequests::bind(const eng::path::NavGrid& grid)
{
    m_service = std::make_unique<eng::path::PathService>(grid);
}

void PathRequests::clear()
{
    m_service.reset();
    m_lastStats = {};
    m_work = {};
    m_updates = 0;
    m_syncMicros = 0.0;
}

void PathRequests::request(Unit& u, eng::TileCoord goal, std::vector<eng::TileCoord> avoid, float penalty)
{
    drop(u);
    eng::path::PathRequest r;
    r.layer = u.layer;
    r.start = planCell(u);
    r.goal = goal;
    r.partial = true;
    if (!avoid.empty()) {
        r.overlayCells = std::move(avoid);
        r.overlayPenalty = penalty;
    }
    u.walk.request = m_service->request(std::move(r));
    u.walk.requestedAtUpdate = m_updates;
    ++m_work.requestsMade;
    u.walk.requestLength = 0;
    u.walk.awaitingPath = true;
    u.path.clear();
    u.goal = goal;
    u.walk.waitedSec = 0.0;
}

void PathRequests::drop(Unit& u)
{
    if (m_service && u.walk.request.valid())
        m_service->release(u.walk.request);
    u.walk.request = {};
    u.walk.requestLength = 0;
    u.walk.awaitingPath = false;
}

void PathRequests::stop(Unit& u)
{
    drop(u);
    u.path.clear();
    u.goal = planCell(u);
    u.walk.waitedSec = 0.0;
    u.walk.replans = 0;
    u.walk.replansSinceStep = 0;
}

void PathRequests::take(Unit& u, const eng::path::PathResult& result, int skipCells)
{
    u.path.assign(result.path.begin() + skipCells, result.path.end());
    u.goal = result.path.back();
    u.walk.waitedSec = 0.0;
}

void PathRequests::progress(const Unit& u)
{
    if (!m_service || !u.walk.request.valid() || u.walk.requestLength <= 0)
        return;
    const int walked = u.walk.requestLength - 1 - int(u.path.size()) - 1;
    m_service->setProgress(u.walk.request, std::max(0, walked));
}

void PathRequests::serve(std::vector<Unit>& units, const PartyParams& params)
{
    ++m_updates;
    if (!m_service)
        return;
    m_lastStats = params.pathBudgetExpansions > 0
                      ? m_service->update(std::numeric_limits<double>::infinity(), params.pathBudgetExpansions)
                      : m_service->update(params.pathBudgetMicros);
    for (Unit& u : units) {
        if (!u.walk.awaitingPath)
            continue;
        const eng::path::PathResult* r = m_service->result(u.walk.request);
        if (!r)
            continue;
        u.walk.awaitingPath = false;
        ++m_work.requestsDone;
        m_work.waitUpdatesMax = std::max(m_work.waitUpdatesMax, int(m_updates - u.walk.requestedAtUpdate));
        if (!eng::path::hasPath(r->status) || r->path.size() < 2) {
            stop(u);
            continue;
        }
        u.walk.requestLength = int(r->path.size());
        take(u, *r, 1);
    }
}

std::vector<eng::path::PathHandle> PathRequests::invalidate(std::span<const eng::path::NavDirty> dirty)
{
    std::vector<eng::path::PathHandle> stale;
    if (!m_service)
        return stale;
    for (const eng::path::NavDirty& d : dirty)
        for (const eng::path::PathHandle& h : m_service->invalidate(d))
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
