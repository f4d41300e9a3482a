#include "game/party/PathRequests.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace game {

namespace {

/// The middle of the stretch of the segment from the centre of `a` to the centre of `b` inside
/// cell `c`, as the segment's parameter in [0, 1].
double stretchMiddle(eng::TileCoord a, eng::TileCoord b, eng::TileCoord c)
{
    double lo = 0.0, hi = 1.0;
    auto clip = [&](double start, double d, int cellMin) {
        if (d == 0.0)
            return;
        double t1 = (cellMin - start) / d, t2 = (cellMin + 1 - start) / d;
        if (t1 > t2)
            std::swap(t1, t2);
        lo = std::max(lo, t1);
        hi = std::min(hi, t2);
    };
    clip(a.x + 0.5, double(b.x - a.x), c.x);
    clip(a.y + 0.5, double(b.y - a.y), c.y);
    return std::clamp((lo + hi) / 2.0, 0.0, 1.0);
}

/// Does the unit's smoothed walk cross a cell its plan avoided (a penalty cell off the grid path)?
bool crossesAvoided(const Unit& u, std::span<const eng::TileCoord> gridPath)
{
    for (eng::TileCoord c : u.path)
        if (std::find(u.walk.avoid.begin(), u.walk.avoid.end(), c) != u.walk.avoid.end() &&
            std::find(gridPath.begin(), gridPath.end(), c) == gridPath.end())
            return true;
    return false;
}

/// The unit walks `gridPath` (from its plan cell) pulled under the segment rule, unless the line
/// crosses a cell the plan avoided (then the grid path stays).
void smoothWalk(Unit& u, const eng::path::NavGrid& grid, std::span<const eng::TileCoord> gridPath)
{
    u.walk.smoothed = eng::path::pullString(grid, u.layer, gridPath);
    const std::vector<eng::TileCoord>& wp = u.walk.smoothed.waypoints;
    if (wp.size() < 2) {
        u.walk.smoothed = {};
        return;
    }
    u.path.clear();
    std::size_t g = 0;  // index in gridPath of the segment's start (waypoints are its cells, in order)
    for (std::size_t k = 1; k < wp.size(); ++k) {
        const eng::TileCoord a = wp[k - 1], b = wp[k];
        const std::size_t first = u.path.size();
        eng::path::segmentCells(a, b, u.path);
        std::size_t gb = g;
        while (gb + 1 < gridPath.size() && gridPath[gb] != b)
            ++gb;
        const bool segment = std::abs(b.x - a.x) > 1 || std::abs(b.y - a.y) > 1;
        for (std::size_t i = first; i < u.path.size(); ++i) {
            const eng::TileCoord c = u.path[i];
            const double t = c == b ? 1.0 : stretchMiddle(a, b, c);
            const eng::TilePos at{a.x + 0.5 + (b.x - a.x) * t, a.y + 0.5 + (b.y - a.y) * t};
            u.walk.points.push_back({at, segment, int(c == b ? gb : g)});
        }
        g = gb;
    }
    if (!u.walk.avoid.empty() && crossesAvoided(u, gridPath)) {
        u.path.assign(gridPath.begin() + 1, gridPath.end());
        u.walk.points.clear();
        u.walk.smoothed = {};
    }
}

} // namespace

PathRequests::PathRequests() = default;

PathRequests::~PathRequests() = default;

void PathRequests::bind(const eng::path::NavGrid& grid)
{
    m_service = std::make_unique<eng::path::PathService>(grid);
    m_grid = &grid;
    const std::size_t perSearch = std::max<std::size_t>(1, grid.paddedSize() * 16);
    const std::size_t fits = ScratchBudgetBytes / perSearch;
    m_bigGrid = fits < std::size_t(m_service->maxConcurrent());
    if (m_bigGrid)
        m_service->setMaxConcurrent(int(std::max<std::size_t>(1, fits)));
}

void PathRequests::clear()
{
    m_service.reset();
    m_grid = nullptr;
    m_lastStats = {};
    m_work = {};
    m_updates = 0;
    m_syncMicros = 0.0;
}

void PathRequests::setGoal(Unit& u, eng::TileCoord goal)
{
    u.goal = goal;
    if (m_goals)
        m_goals->goalChanged(u);
}

void PathRequests::request(Unit& u, eng::TileCoord goal, std::vector<eng::TileCoord> avoid, float penalty)
{
    drop(u);
    eng::path::PathRequest r;
    r.layer = u.layer;
    r.start = planCell(u);
    r.goal = goal;
    r.partial = true;
    u.walk.avoid = avoid;
    if (!avoid.empty()) {
        r.overlayCells = std::move(avoid);
        r.overlayPenalty = penalty;
    }
    u.walk.request = m_service->request(std::move(r));
    u.walk.requestedAtUpdate = m_updates;
    ++m_work.requestsMade;
    u.walk.requestLength = 0;
    u.walk.awaitingPath = true;
    clearPath(u);
    setGoal(u, goal);
    u.walk.waitedSec = 0.0;
}

void PathRequests::awaitField(Unit& u, eng::TileCoord goal)
{
    drop(u);
    clearPath(u);
    setGoal(u, goal);
    u.walk.avoid.clear();
    u.walk.awaitingPath = true;
    u.walk.tailPending = false;
    u.walk.requestedAtUpdate = m_updates;
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
    clearPath(u);
    setGoal(u, planCell(u));
    u.walk.tailPending = false;
    u.walk.waitedSec = 0.0;
    u.walk.replans = 0;
    u.walk.replansSinceStep = 0;
}

void PathRequests::take(Unit& u, const eng::path::PathResult& result, int skipCells, const eng::path::NavGrid* grid)
{
    clearPath(u);
    u.path.assign(result.path.begin() + skipCells, result.path.end());
    setGoal(u, result.path.back());
    u.walk.tailPending = false;
    u.walk.waitedSec = 0.0;
    u.walk.planned = result.path;
    u.walk.gridIndex = 0;
    if (grid && skipCells == 1 && grid->validLayer(u.layer) && grid->rules(u.layer).smoothing)
        smoothWalk(u, *grid, result.path);
}

void PathRequests::takeToward(Unit& u, const eng::path::PathResult& result, eng::TileCoord target,
                              const eng::path::NavGrid* grid)
{
    drop(u);
    take(u, result, 1, grid);
    if (result.path.back() != target) {
        setGoal(u, target);
        u.walk.tailPending = true;
    }
}

void PathRequests::clearPath(Unit& u)
{
    u.path.clear();
    u.walk.points.clear();
    u.walk.planned.clear();
    u.walk.smoothed = {};
}

void PathRequests::progress(const Unit& u)
{
    if (!m_service || !u.walk.request.valid() || u.walk.requestLength <= 0)
        return;
    // Smoothed: the last waypoint at or before the cell it leaves (cells between waypoints are
    // not the grid path's).
    const int walked = u.walk.points.empty() && u.walk.smoothed.waypoints.empty()
                           ? u.walk.requestLength - 1 - int(u.path.size()) - 1
                           : u.walk.gridIndex;
    m_service->setProgress(u.walk.request, std::max(0, walked));
}

eng::path::PathHandle PathRequests::requestField(eng::path::FieldRequest r)
{
    if (!m_service)
        return {};
    ++m_work.requestsMade;
    ++m_work.fieldsMade;
    return m_service->requestField(std::move(r));
}

void PathRequests::releaseField(eng::path::PathHandle h)
{
    if (m_service)
        m_service->release(h);
}

void PathRequests::followersServed(long long since)
{
    m_work.followerWaitUpdatesMax = std::max(m_work.followerWaitUpdatesMax, int(m_updates - since));
}

void PathRequests::fieldDone(long long requestedAt)
{
    ++m_work.requestsDone;
    m_work.waitUpdatesMax = std::max(m_work.waitUpdatesMax, int(m_updates - requestedAt));
}

void PathRequests::serve(std::vector<Unit>& units, const PartyParams& params, double spentMicros)
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
        take(u, *r, 1, m_grid);
    }
    if (m_bigGrid && m_service->pending() == 0)
        m_service->releaseIdleScratch();
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
