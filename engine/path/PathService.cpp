/// \file PathService.cpp
/// PathService: slots with generations, queued and running requests in order of their
/// deadlines (arrival + length), slices to the first running one, staleness after grid edits.
#include "engine/path/PathService.hpp"
#include "engine/path/JumpTables.hpp"
#include "engine/path/service/ServiceSlot.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <ostream>

namespace isostar::path {

namespace {
using Clock = std::chrono::steady_clock;

double microsSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

/// Octile distance between two cells, in cells.
double octileCells(TileCoord a, TileCoord b)
{
    const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return double(std::max(dx, dy)) + 0.41421356 * double(std::min(dx, dy));
}

/// The estimated size of a field's search, in cells of way: the farthest source from the
/// nearest goal (the region's diagonal without sources).
double fieldLength(const FlowField& f)
{
    const FieldRegion& r = f.region();
    if (f.sources().empty() || f.goals().empty())
        return octileCells({r.x0, r.y0}, {r.x1, r.y1});
    double far = 0.0;
    for (TileCoord s : f.sources()) {
        double near = std::numeric_limits<double>::infinity();
        for (TileCoord g : f.goals())
            near = std::min(near, octileCells(s, g));
        far = std::max(far, near);
    }
    return far;
}
} // namespace

long long& SearchCounts::of(SearchAlgorithm algorithm)
{
    switch (algorithm) {
    case SearchAlgorithm::Jps: return jps;
    case SearchAlgorithm::Jpsw: return jpsw;
    default: return astar;
    }
}

SearchCounts& SearchCounts::operator+=(const SearchCounts& o)
{
    astar += o.astar;
    jps += o.jps;
    jpsw += o.jpsw;
    fields += o.fields;
    return *this;
}

std::ostream& operator<<(std::ostream& os, const SearchCounts& c)
{
    return os << "astar=" << c.astar << " jps=" << c.jps << " jpsw=" << c.jpsw << " field=" << c.fields;
}

PathService::PathService(const NavGrid& grid)
    : m_grid(grid), m_jumps(std::make_unique<JumpTables>(grid))
{
}

PathService::PathService(NavGrid& grid)
    : PathService(static_cast<const NavGrid&>(grid))
{
    m_landmarkOwner = &grid;
    grid.setLandmarkBuild(LandmarkBuild::OnDemand);
}

PathService::~PathService() = default;

void PathService::setSliceExpansions(int n)
{
    m_slice = std::max(1, n);
}

void PathService::setMaxConcurrent(int n)
{
    m_maxConcurrent = std::max(1, n);
}

PathService::Slot* PathService::live(PathHandle h)
{
    if (!h.valid() || h.index >= m_slots.size())
        return nullptr;
    Slot& s = m_slots[h.index];
    return s.generation == h.generation && s.state != RequestState::Invalid ? &s : nullptr;
}

const PathService::Slot* PathService::live(PathHandle h) const
{
    return const_cast<PathService*>(this)->live(h);
}

PathHandle PathService::addSlot()
{
    std::uint32_t index = 0;
    if (!m_free.empty()) {
        index = m_free.back();
        m_free.pop_back();
    } else {
        index = std::uint32_t(m_slots.size());
        m_slots.emplace_back();
    }
    Slot& s = m_slots[index];
    s.state = RequestState::Queued;
    s.result = PathResult{};
    s.progress = 0;
    s.stale = false;
    return {index, s.generation};
}

void PathService::enqueue(std::uint32_t index)
{
    const Slot& s = m_slots[index];
    m_queue.push_back({s.key, s.order, index, s.field != nullptr});
}

void PathService::setKey(std::uint32_t index, double lengthCells)
{
    // A deadline in updates: arrival plus the way's length at CellsPerUpdate cells an update.
    Slot& s = m_slots[index];
    s.key = double(m_updates) + lengthCells / CellsPerUpdate;
    s.order = m_order++;
}

PathHandle PathService::request(PathRequest r)
{
    const PathHandle h = addSlot();
    Slot& s = m_slots[h.index];
    s.request = std::move(r);
    awaitTable(h.index);  // an explicit jump search: its table's build begins now
    setKey(h.index, octileCells(s.request.start, s.request.goal));
    enqueue(h.index);
    return h;
}

PathHandle PathService::requestField(FieldRequest r)
{
    const PathHandle h = addSlot();
    Slot& s = m_slots[h.index];
    s.request = PathRequest{};
    s.request.layer = r.layer;
    s.field = std::make_shared<FlowField>();
    s.field->setup(r.layer, r.goals, r.region, r.sources);  // begins (restart) when it leaves the queue
    setKey(h.index, fieldLength(*s.field));
    enqueue(h.index);
    return h;
}

const FlowField* PathService::field(PathHandle h) const
{
    const Slot* s = live(h);
    return s && s->state == RequestState::Done ? s->field.get() : nullptr;
}

RequestState PathService::state(PathHandle h) const
{
    const Slot* s = live(h);
    return s ? s->state : RequestState::Invalid;
}

const PathResult* PathService::result(PathHandle h) const
{
    const Slot* s = live(h);
    return s && s->state == RequestState::Done && !s->field ? &s->result : nullptr;
}

bool PathService::takeResult(PathHandle h, PathResult& out)
{
    Slot* s = live(h);
    if (!s || s->state != RequestState::Done || s->field)
        return false;
    out = std::move(s->result);
    freeSlot(h.index);
    return true;
}

bool PathService::stale(PathHandle h) const
{
    const Slot* s = live(h);
    return s && s->state == RequestState::Done && s->stale;
}

void PathService::setProgress(PathHandle h, int pathIndex)
{
    Slot* s = live(h);
    if (s && s->state == RequestState::Done)
        s->progress = std::max(0, pathIndex);
}

void PathService::removeRunning(std::uint32_t index)
{
    m_running.erase(std::find(m_running.begin(), m_running.end(), index));
}

bool PathService::before(std::uint32_t a, std::uint32_t b) const
{
    const Slot& sa = m_slots[a];
    const Slot& sb = m_slots[b];
    return sa.key != sb.key ? sa.key < sb.key : sa.order < sb.order;
}

void PathService::freeSlot(std::uint32_t index)
{
    Slot& s = m_slots[index];
    if (s.state == RequestState::Queued)
        m_queue.erase(std::find_if(m_queue.begin(), m_queue.end(), [&](const Queued& q) { return q.index == index; }));
    if (s.job)
        cancelJob(index);
    else if (s.state == RequestState::Running)
        removeRunning(index);
    if (s.query) {
        s.query->cancel();
        m_idle.push_back(std::move(s.query));
    }
    s.state = RequestState::Invalid;
    s.field.reset();
    s.request.overlayCells.clear();
    s.result.path.clear();
    if (++s.generation == 0)  // 0 is the null handle
        s.generation = 1;
    m_free.push_back(index);
}

void PathService::cancel(PathHandle h)
{
    if (live(h))
        freeSlot(h.index);
}

void PathService::release(PathHandle h)
{
    if (live(h))
        freeSlot(h.index);
}

void PathService::finishSlot(std::uint32_t index, ServiceStats& stats)
{
    Slot& s = m_slots[index];
    if (s.query) {
        s.query->finishSearch(s.result);
        m_idle.push_back(std::move(s.query));
    }
    removeRunning(index);
    s.state = RequestState::Done;
    s.progress = 0;
    s.stale = false;
    ++stats.finished;
    if (s.field)
        ++stats.searches.fields;
    else
        ++stats.searches.of(s.algorithm);
}

std::size_t PathService::firstQueued(bool fields) const
{
    std::size_t pick = m_queue.size();
    for (std::size_t q = 0; q < m_queue.size(); ++q)
        if (m_queue[q].field == fields && (pick == m_queue.size() || m_queue[q].before(m_queue[pick])) &&
            (fields || !waitsForTable(m_queue[q].index)))
            pick = q;
    return pick;
}

void PathService::promoteQueued(ServiceStats& stats, Clock::time_point handOutUntil)
{
    // Per kind (paths: each holds a GridQuery; fields), the queued request first in service
    // order starts while fewer than maxConcurrent of its kind run, or in place of the running
    // one of its kind last in service order when it comes before that one (which goes back to
    // the queue and begins again later). So the running searches are the first in service
    // order, and a path never waits for a field nor a field for paths.
    for (const bool fields : {false, true}) {
        if (fields && m_worker) {
            handOutFields(stats, handOutUntil);
            continue;
        }
        if (!fields)
            for (const Queued& q : m_queue)
                if (!q.field)
                    awaitTable(q.index);  // a table an edit dropped is built again
        for (;;) {
            const std::size_t pick = firstQueued(fields);
            if (pick == m_queue.size())
                break;
            int running = 0;
            std::size_t last = m_running.size();
            for (std::size_t r = 0; r < m_running.size(); ++r)
                if ((m_slots[m_running[r]].field != nullptr) == fields) {
                    ++running;
                    if (last == m_running.size() || before(m_running[last], m_running[r]))
                        last = r;
                }
            if (running >= m_maxConcurrent) {
                if (!before(m_queue[pick].index, m_running[last]))
                    break;
                suspend(m_running[last]);
            }
            start(pick, stats);
        }
    }
}

void PathService::suspend(std::uint32_t index)
{
    Slot& s = m_slots[index];
    removeRunning(index);
    if (s.query) {
        s.query->cancel();
        m_idle.push_back(std::move(s.query));
    }
    if (s.field)
        s.field->stop();
    s.state = RequestState::Queued;
    enqueue(index);
}

void PathService::start(std::size_t queuePos, ServiceStats& stats)
{
    const std::uint32_t index = m_queue[queuePos].index;
    m_queue.erase(m_queue.begin() + std::ptrdiff_t(queuePos));
    Slot& s = m_slots[index];
    s.state = RequestState::Running;
    m_running.push_back(index);
    if (!startSearch(index))
        finishSlot(index, stats);  // decided without searching (StartInvalid, NoPath, ...)
}

ServiceStats PathService::update(double budgetMicros, long long maxExpansions)
{
    ServiceStats stats;
    stats.restarted = m_restartedByInvalidate;
    m_restartedByInvalidate = 0;
    const Clock::time_point t0 = Clock::now();
    const Clock::time_point handOutUntil = std::isfinite(budgetMicros)
                         ? t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::micro>(budgetMicros))
                         : Clock::time_point::max();
    ++m_updates;
    if (m_landmarkOwner)
        m_landmarkOwner->pollLandmarks();
    m_jumps->poll();
    if (m_worker) {
        collectFields(stats);
        const FieldWorker::Work w = m_worker->take();
        stats.workerExpansions = w.expansions;
        stats.workerMicros = w.micros;
    }
    promoteQueued(stats, handOutUntil);
    while (!m_running.empty() && microsSince(t0) < budgetMicros && stats.expansions < maxExpansions) {
        // The running search first in service order gets the slice.
        std::uint32_t first = m_running.front();
        for (std::uint32_t r : m_running)
            if (before(r, first))
                first = r;
        const int finished = stats.finished;
        const bool sliced = m_slots[first].field || m_slots[first].algorithm == SearchAlgorithm::AStar;
        const int done = runSlice(first, stats);
        stats.expansions += done;
        if (sliced)
            stats.maxSliceExpansions = std::max(stats.maxSliceExpansions, done);
        if (stats.finished != finished)
            promoteQueued(stats, handOutUntil);  // a place freed up
    }
    if (m_worker)
        helpWorker(t0, budgetMicros, maxExpansions, stats);
    stats.micros = microsSince(t0);
    stats.tablesBuilding = m_jumps->building();
    return stats;
}

std::vector<PathHandle> PathService::invalidate(const NavDirty& dirty)
{
    // The jump tables first (the layer's and its footprint layers'): the searches in flight
    // restart below, and they may choose a jump search.
    m_jumps->invalidate(dirty);
    std::vector<PathHandle> staled = invalidateLayer(dirty);
    for (const NavDirty& footprint : dirty.derived) {
        const std::vector<PathHandle> more = invalidateLayer(footprint);
        staled.insert(staled.end(), more.begin(), more.end());
    }
    return staled;
}

std::vector<PathHandle> PathService::invalidateLayer(const NavDirty& dirty)
{
    std::vector<PathHandle> staled;
    if (dirty.layer < 0 || dirty.empty())
        return staled;
    // Mark the dirty cells once; then each path checks its remaining cells in O(length).
    const std::size_t cells = std::size_t(m_grid.width()) * std::size_t(m_grid.height());
    if (m_mark.size() != cells) {
        m_mark.assign(cells, 0u);
        m_markStamp = 0;
    }
    if (++m_markStamp == 0) {
        std::fill(m_mark.begin(), m_mark.end(), 0u);
        m_markStamp = 1;
    }
    for (const TileCoord& c : dirty.cells)
        if (m_grid.inBounds(c))
            m_mark[std::size_t(c.y) * std::size_t(m_grid.width()) + std::size_t(c.x)] = m_markStamp;

    ServiceStats stats;  // restarts are reported by the next update()
    for (std::uint32_t i = 0; i < m_slots.size(); ++i) {
        Slot& s = m_slots[i];
        if (s.request.layer != dirty.layer)
            continue;
        if (s.field) {
            if (invalidateField(i, dirty))
                staled.push_back({i, s.generation});
            continue;
        }
        if (s.state == RequestState::Running) {
            restart(i, stats);
            ++m_restartedByInvalidate;
            continue;
        }
        if (s.state != RequestState::Done || s.stale)
            continue;
        bool hit = dirty.rulesChanged;
        if (!hit && dirty.islandsChanged && !(s.result.status == PathStatus::Found))
            hit = true;  // Partial / NoPath / ...: the goal may be reachable now
        if (!hit && hasPath(s.result.status)) {
            const std::vector<TileCoord>& path = s.result.path;
            for (std::size_t k = std::size_t(std::min<int>(s.progress, int(path.size()))); k < path.size(); ++k) {
                const TileCoord c = path[k];
                if (m_grid.inBounds(c) &&
                    m_mark[std::size_t(c.y) * std::size_t(m_grid.width()) + std::size_t(c.x)] == m_markStamp) {
                    hit = true;
                    break;
                }
            }
        }
        if (hit) {
            s.stale = true;
            staled.push_back({i, s.generation});
        }
    }
    return staled;
}

bool PathService::invalidateField(std::uint32_t index, const NavDirty& dirty)
{
    Slot& s = m_slots[index];
    if (!s.field->touchedBy(dirty))
        return false;
    if (s.job) {
        requeueJob(index);  // on the worker: it begins again on the new grid, sources kept
        ++m_restartedByInvalidate;
        return false;
    }
    if (s.state == RequestState::Running) {
        ServiceStats stats;
        restart(index, stats);
        ++m_restartedByInvalidate;
        return false;
    }
    if (s.state != RequestState::Done)
        return false;  // queued: it begins on the new grid anyway
    s.field->clearSources();
    s.state = RequestState::Queued;
    setKey(index, fieldLength(*s.field));
    enqueue(index);
    return true;
}

std::size_t PathService::pending() const
{
    return m_queue.size() + m_running.size() + m_jobs.size();
}

void PathService::releaseIdleScratch()
{
    m_idle.clear();
    m_jumps->releaseScratch();
}

std::size_t PathService::idleScratchBytes() const
{
    std::size_t bytes = 0;
    for (const std::unique_ptr<GridQuery>& q : m_idle)
        bytes += q->scratchBytes();
    return bytes;
}

} // namespace isostar::path
