/// \file PartyMotion.cpp
/// Units moving cell by cell: steps, waiting behind a blocker, replans by priority, stepping
/// aside and giving way, positions and animation; and every other change of a unit (spawn,
/// orders, requests and their results, group moves, displacement), so this file is the one
/// place a unit is written.
#include "game/party/PartyMotion.hpp"

#include "game/party/StepGeometry.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

namespace game {

namespace {

const std::string WalkClip = "walk";
const std::string IdleClip = "idle";
/// A unit waiting behind others that move gives up after this many times maxReplans.
constexpr int InLineReplanFactor = 5;

double microsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

/// The unit turns toward its step from `from` to `to` and starts its walk cycle.
void faceAndWalk(Unit& u, isostar::TileCoord from, isostar::TileCoord to, const PartyParams& p)
{
    if (auto f = stepFacing(from, to, p))
        u.facing = *f;
    u.anim.start(WalkClip);
}

/// The unit turns toward a move by (dx, dy) cells, any angle, and starts its walk cycle.
void faceAlong(Unit& u, double dx, double dy, const PartyParams& p)
{
    if (auto f = moveFacing(dx, dy, p))
        u.facing = *f;
    u.anim.start(WalkClip);
}

/// Does the unit's smoothed walk cross a cell its plan avoided (a penalty cell off the grid path)?
bool crossesAvoided(const Unit& u, std::span<const isostar::TileCoord> gridPath)
{
    for (isostar::TileCoord c : u.path)
        if (std::find(u.walk.avoid.begin(), u.walk.avoid.end(), c) != u.walk.avoid.end() &&
            std::find(gridPath.begin(), gridPath.end(), c) == gridPath.end())
            return true;
    return false;
}

/// The unit walks `gridPath` (from its plan cell) pulled under the segment rule, unless the line
/// crosses a cell the plan avoided (then the grid path stays).
void smoothWalk(Unit& u, const isostar::path::NavGrid& grid, std::span<const isostar::TileCoord> gridPath)
{
    u.walk.smoothed = isostar::path::pullString(grid, u.layer, gridPath);
    const std::vector<isostar::TileCoord>& wp = u.walk.smoothed.waypoints;
    if (wp.size() < 2) {
        u.walk.smoothed = {};
        return;
    }
    u.path.clear();
    std::size_t g = 0;  // index in gridPath of the segment's start (waypoints are its cells, in order)
    for (std::size_t k = 1; k < wp.size(); ++k) {
        const isostar::TileCoord a = wp[k - 1], b = wp[k];
        const std::size_t first = u.path.size();
        isostar::path::segmentCells(grid.topology(), a, b, u.path);
        std::size_t gb = g;
        while (gb + 1 < gridPath.size() && gridPath[gb] != b)
            ++gb;
        const bool segment = grid.hex() ? grid.topology().hexDistance(a, b) > 1
                                        : std::abs(b.x - a.x) > 1 || std::abs(b.y - a.y) > 1;
        for (std::size_t i = first; i < u.path.size(); ++i) {
            const isostar::TileCoord c = u.path[i];
            const double t = c == b ? 1.0 : stretchMiddle(a, b, c);
            const isostar::TilePos at{a.x + 0.5 + (b.x - a.x) * t, a.y + 0.5 + (b.y - a.y) * t};
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

/// The unit has no path: cells, points, the planned grid path and its line cleared.
void clearPath(Unit& u)
{
    u.path.clear();
    u.walk.points.clear();
    u.walk.planned.clear();
    u.walk.smoothed = {};
}

/// The unit stands: idle animation.
void setIdle(Unit& u)
{
    u.anim.start(IdleClip);
}

/// The step under way starts now, from where the unit is drawn, to `end`, taking `durationSec`.
void beginStep(Unit& u, isostar::TileCoord to, isostar::TilePos from, isostar::TilePos end, double durationSec)
{
    u.stepTo = to;
    u.stepping = true;
    u.walk.stepElapsedSec = 0.0;
    u.walk.stepFrom = from;
    u.walk.stepEnd = end;
    u.walk.stepDurationSec = durationSec;
    u.walk.waitedSec = 0.0;
    u.walk.replansSinceStep = 0;
}

/// Where a unit standing on its cell is drawn: where its last step ended, when that lies in
/// the cell (a point on a smoothed segment), else the cell's centre.
isostar::TilePos restingPos(const Unit& u)
{
    const isostar::TilePos r = u.walk.restPos;
    const bool inCell = std::floor(r.x) == double(u.tile.x) && std::floor(r.y) == double(u.tile.y);
    return inCell ? r : cellCentre(u.tile);
}

} // namespace

PartyMotion::PartyMotion(PathRequests& paths, GroupFields& groups, const PartyParams& params)
    : m_paths(paths), m_groups(groups), m_params(params)
{
}

void PartyMotion::bind(const isostar::path::NavGrid* grid)
{
    m_grid = grid;
    const isostar::GridShape shape = grid ? grid->shape() : isostar::GridShape{};
    m_occupancy.rebuild(shape);
}

void PartyMotion::clear()
{
    m_units.clear();
    bind(nullptr);
}

int PartyMotion::spawn(const std::string& name, isostar::TileCoord tile, const std::string& profile, UnitLayers layers)
{
    Unit& u = m_units.emplace_back();
    u.name = name;
    u.profile = profile;
    u.size = clampUnitSize(layers.size);
    u.layer = layers.layer;
    u.profileLayer = layers.profileLayer;
    u.tile = tile;
    u.goal = tile;
    u.pos = cellCentre(tile);
    u.walk.restPos = u.pos;
    setIdle(u);
    const int index = int(m_units.size()) - 1;
    m_occupancy.claimUnit(index);
    m_occupancy.goalChanged(index);
    return index;
}

void PartyMotion::relayer(const std::function<UnitLayers(const Unit&)>& layersOf)
{
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        const UnitLayers layers = layersOf(u);
        u.layer = layers.layer;
        u.profileLayer = layers.profileLayer;
        if (u.stepping) {
            u.tile = u.stepTo;
            u.stepping = false;
        }
        u.pos = cellCentre(u.tile);
        u.walk.restPos = u.pos;
        stop(int(i));
    }
    m_occupancy.rebuild(m_grid ? m_grid->shape() : isostar::GridShape{});
}

void PartyMotion::dropRequests()
{
    for (std::size_t i = 0; i < m_units.size(); ++i)
        dropRequest(int(i));
}

void PartyMotion::leaveGroups()
{
    for (Unit& u : m_units)
        u.group = -1;
}

bool PartyMotion::displace(int index)
{
    Unit& u = m_units[std::size_t(index)];
    const isostar::TileCoord at = planCell(u);
    if (m_grid->passable(u.layer, at))
        return false;
    m_occupancy.unclaimUnit(index);
    u.stepping = false;
    const std::optional<isostar::TileCoord> to = m_occupancy.nearestFree(*m_grid, u.layer, at, index, u.size).cell;
    if (to) {
        u.tile = *to;
        u.pos = cellCentre(*to);
        u.walk.restPos = u.pos;
    }
    m_occupancy.claimUnit(index);
    return to.has_value();
}

void PartyMotion::setRank(int index, int rank)
{
    m_units[std::size_t(index)].rank = rank;
}

void PartyMotion::setGroup(int index, int group)
{
    m_units[std::size_t(index)].group = group;
}

void PartyMotion::clearReplans(int index)
{
    UnitWalk& w = m_units[std::size_t(index)].walk;
    w.replans = 0;
    w.replansSinceStep = 0;
}

void PartyMotion::setGoal(int index, isostar::TileCoord goal)
{
    m_units[std::size_t(index)].goal = goal;
    m_occupancy.goalChanged(index);
}

void PartyMotion::request(int index, isostar::TileCoord goal, std::vector<isostar::TileCoord> avoid, float penalty)
{
    dropRequest(index);
    Unit& u = m_units[std::size_t(index)];
    u.walk.avoid = avoid;
    u.walk.request = m_paths.request(u.layer, planCell(u), goal, std::move(avoid), penalty);
    u.walk.requestedAtUpdate = m_paths.updates();
    u.walk.requestLength = 0;
    u.walk.awaitingPath = true;
    clearPath(u);
    setGoal(index, goal);
    u.walk.waitedSec = 0.0;
}

void PartyMotion::awaitField(int index, isostar::TileCoord goal)
{
    dropRequest(index);
    Unit& u = m_units[std::size_t(index)];
    clearPath(u);
    setGoal(index, goal);
    u.walk.avoid.clear();
    u.walk.awaitingPath = true;
    u.walk.tailPending = false;
    u.walk.requestedAtUpdate = m_paths.updates();
    u.walk.waitedSec = 0.0;
}

void PartyMotion::dropRequest(int index)
{
    UnitWalk& w = m_units[std::size_t(index)].walk;
    m_paths.release(w.request);
    w.request = {};
    w.requestLength = 0;
    w.awaitingPath = false;
}

void PartyMotion::stop(int index)
{
    dropRequest(index);
    Unit& u = m_units[std::size_t(index)];
    clearPath(u);
    setGoal(index, planCell(u));
    u.walk.tailPending = false;
    u.walk.waitedSec = 0.0;
    clearReplans(index);
}

void PartyMotion::takePath(int index, const isostar::path::PathResult& result, bool smooth)
{
    Unit& u = m_units[std::size_t(index)];
    clearPath(u);
    u.path.assign(result.path.begin() + 1, result.path.end());
    setGoal(index, result.path.back());
    u.walk.tailPending = false;
    u.walk.waitedSec = 0.0;
    u.walk.planned = result.path;
    u.walk.gridIndex = 0;
    if (smooth && m_grid && m_grid->validLayer(u.layer) && m_grid->rules(u.layer).smoothing)
        smoothWalk(u, *m_grid, result.path);
}

void PartyMotion::take(int index, const isostar::path::PathResult& result)
{
    takePath(index, result, true);
}

void PartyMotion::takeToward(int index, const isostar::path::PathResult& result, isostar::TileCoord target, bool smooth)
{
    dropRequest(index);
    takePath(index, result, smooth);
    if (result.path.back() != target) {
        setGoal(index, target);
        m_units[std::size_t(index)].walk.tailPending = true;
    }
}

void PartyMotion::takeResults()
{
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        if (!u.walk.awaitingPath)
            continue;
        const isostar::path::PathResult* r = m_paths.result(u.walk.request);
        if (!r)
            continue;
        u.walk.awaitingPath = false;
        m_paths.served(u.walk.requestedAtUpdate);
        if (!isostar::path::hasPath(r->status) || r->path.size() < 2) {
            stop(int(i));
            continue;
        }
        u.walk.requestLength = int(r->path.size());
        takePath(int(i), *r, true);
    }
}

void PartyMotion::apply(int index, GroupMove move)
{
    Unit& u = m_units[std::size_t(index)];
    switch (move.kind) {
    case GroupMove::Kind::None:
        return;
    case GroupMove::Kind::Walk:
        if (move.replan) {
            ++u.walk.replans;
            ++u.walk.replansSinceStep;
        }
        if (move.path.path.size() < 2) {
            stop(index);  // it stands where it is going
            return;
        }
        u.walk.avoid = std::move(move.avoid);
        takeToward(index, move.path, move.goal, true);
        return;
    case GroupMove::Kind::Ask:
        u.walk.tailPending = false;
        request(index, move.goal);
        return;
    case GroupMove::Kind::Await:
        awaitField(index, move.goal);
        return;
    case GroupMove::Kind::EndTail:
        u.walk.tailPending = false;
        return;
    }
}

void PartyMotion::progress(int index)
{
    const Unit& u = m_units[std::size_t(index)];
    if (!u.walk.request.valid() || u.walk.requestLength <= 0)
        return;
    // Smoothed: the last waypoint at or before the cell it leaves (cells between waypoints are
    // not the grid path's).
    const int walked = u.walk.points.empty() && u.walk.smoothed.waypoints.empty()
                           ? u.walk.requestLength - 1 - int(u.path.size()) - 1
                           : u.walk.gridIndex;
    m_paths.setProgress(u.walk.request, std::max(0, walked));
}

double PartyMotion::update(double dtSec)
{
    double micros = 0.0;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        u.walk.holdSec = std::max(0.0, u.walk.holdSec - dtSec);
        micros += walk(int(i), dtSec);
        place(int(i), dtSec);
    }
    return micros;
}

double PartyMotion::walk(int i, double dtSec)
{
    Unit& u = m_units[std::size_t(i)];
    double remaining = dtSec;
    double micros = 0.0;
    // A long dt may cover several short steps (roads under volcano warmth).
    for (int guard = 0; guard < 64; ++guard) {
        if (u.stepping) {
            const double need = u.walk.stepDurationSec - u.walk.stepElapsedSec;
            if (remaining < need) {
                u.walk.stepElapsedSec += remaining;
                remaining = 0.0;
            } else {
                remaining -= need;
                u.walk.stepElapsedSec = u.walk.stepDurationSec;
                m_occupancy.leave(u.footprint(), u.footprintAt(u.stepTo), i);
                u.tile = u.stepTo;
                u.walk.restPos = u.walk.stepEnd;
                u.stepping = false;
                if (m_entered)
                    m_entered(i);
            }
        }
        if (!u.stepping) {
            if (u.path.empty() && u.walk.tailPending) {
                // Where its group's field left it: on to its own cell (path work, timed).
                const auto t0 = std::chrono::steady_clock::now();
                apply(i, m_groups.takeTail(i));
                micros += microsSince(t0);
            }
            // Standing or waiting for a path; the ground changed ahead and the new path is not
            // in yet; or it gave way and the other unit passes first: it waits on its cell.
            if (u.path.empty() || !m_grid || !m_grid->passable(u.layer, u.path.front()) || u.walk.holdSec > 0.0) {
                setIdle(u);
                break;
            }
            const int blocker = m_occupancy.holderIn(u.footprintAt(u.path.front()), i);
            if (blocker >= 0) {
                setIdle(u);
                return micros + blocked(i, blocker, remaining);
            }
            u.walk.pushing = false;
            startStep(i);
        }
        if (remaining <= 0.0)
            break;
    }
    return micros;
}

double PartyMotion::blocked(int i, int blocker, double waitedSec)
{
    Unit& u = m_units[std::size_t(i)];
    const Unit& b = m_units[std::size_t(blocker)];
    if (b.stepping && !b.footprintAt(b.stepTo).overlaps(u.footprintAt(u.path.front())))
        return 0.0;  // it is leaving the cells: no need to plan around it
    const auto t0 = std::chrono::steady_clock::now();
    // A unit of lower priority with an order of its own gives way.
    m_chain.clear();
    const bool cleared = m_params.giveWayDepth > 0 && giveWay(blocker, i);
    u.walk.pushing = cleared;
    if (!cleared && tradeCells(i, blocker)) {
        u.walk.waitedSec = 0.0;  // it steps into its mate's cell once the mate leaves
    } else if (!cleared) {
        // Blocked: wait a little, then plan around the blocker.
        u.walk.waitedSec += waitedSec;
        if (u.walk.waitedSec >= m_params.waitBeforeReplanSec) {
            u.walk.waitedSec = 0.0;
            // Behind a line that moves it waits longer before giving up.
            const int limit = waitsInMovingLine(i) ? m_params.maxReplans * InLineReplanFactor : m_params.maxReplans;
            if (u.walk.replansSinceStep >= limit) {
                m_events.push_back(u.name + " stops: the way is blocked");
                stop(i);
            } else if (GroupMove move = m_groups.reroute(i, m_occupancy)) {
                apply(i, std::move(move));
            } else {
                replan(i);
            }
        }
    }
    return microsSince(t0);
}

bool PartyMotion::tradeCells(int i, int blocker)
{
    // A corridor the formation fills from its far end, or a cell boxed in by the mates that
    // arrived first: the mate standing in the way walks the rest of the unit's path on to the
    // unit's cell, and the unit takes the mate's. Each trade takes the walk one standing mate
    // deeper, so a line of them fills a dead-end corridor; the formation keeps its cells, only
    // who stands where changes.
    if (!mayTrade(i, blocker))
        return false;
    Unit& u = m_units[std::size_t(i)];
    const isostar::TileCoord into = m_units[std::size_t(blocker)].tile;
    isostar::path::PathResult on;  // the unit's path begins on the mate's cell
    on.status = isostar::path::PathStatus::Found;
    on.path.assign(u.path.begin(), u.path.end());
    // Both walk grid cells (no smoothing): the mate the unit's remaining cells, the unit one step.
    takeToward(blocker, on, u.goal, false);  // and the tail on to the unit's cell, if it had one to come
    isostar::path::PathResult step;
    step.status = isostar::path::PathStatus::Found;
    step.path = {u.tile, into};
    takeToward(i, step, into, false);
    u.walk.replansSinceStep = 0;
    m_paths.countTrade();
    return true;
}

void PartyMotion::place(int i, double dtSec)
{
    Unit& u = m_units[std::size_t(i)];
    // Interpolated in tile space (the projection keeps it straight on screen).
    if (u.stepping && u.walk.stepDurationSec > 0.0) {
        const double t = std::clamp(u.walk.stepElapsedSec / u.walk.stepDurationSec, 0.0, 1.0);
        const isostar::TilePos a = u.walk.stepFrom, b = u.walk.stepEnd;
        u.pos = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
        // The walk cycle runs faster on fast ground so feet do not slide.
        const double pace = std::clamp(m_params.timing.secondsPerCost / u.walk.stepDurationSec, 0.5, 2.5);
        u.anim.advance(dtSec * pace);
    } else {
        u.pos = restingPos(u);
        u.anim.advance(dtSec);
    }
}

void PartyMotion::startStep(int index)
{
    Unit& u = m_units[std::size_t(index)];
    const isostar::TileCoord next = u.path.front();
    // A smoothed walk: the step ends at the unit's point on the segment, else at the centre.
    const bool smooth = !u.walk.points.empty() && u.walk.points.size() == u.path.size();
    const WalkPoint point = smooth ? u.walk.points.front() : WalkPoint{cellCentre(next), false, u.walk.gridIndex};
    u.path.erase(u.path.begin());
    if (smooth)
        u.walk.points.erase(u.walk.points.begin());
    const int dx = next.x - u.tile.x, dy = next.y - u.tile.y;
    const double cost = double(m_grid->cost(u.layer, next));
    const double c = std::isfinite(cost) ? cost : 1.0;
    m_occupancy.enter(u.footprint(), u.footprintAt(next), index);
    const isostar::TilePos from = restingPos(u);
    const double ex = point.at.x - from.x, ey = point.at.y - from.y;
    // Along a segment: the cell's cost x the length walked in it (the clamps bound the seconds
    // per cell of length, so a sliver of a cell takes a sliver of the time).
    const StepTiming& tm = m_params.timing;
    const double duration = point.segment
                                ? std::clamp(tm.secondsPerCost * c, tm.minStepSec, tm.maxStepSec) * std::hypot(ex, ey)
                                : tm.stepSec(c, dx != 0 && dy != 0 && !m_params.hex.on,
                                             m_grid->rules(u.layer).diagonalFactor);
    beginStep(u, next, from, point.at, duration);
    progress(index);
    u.walk.gridIndex = point.gridIndex;
    if (smooth)
        faceAlong(u, ex, ey, m_params);
    else
        faceAndWalk(u, u.tile, next, m_params);
}

void PartyMotion::replan(int index)
{
    Unit& u = m_units[std::size_t(index)];
    const isostar::TileCoord start = planCell(u);
    // The goal itself is taken by a unit that has stopped there: the closest free tile instead.
    isostar::TileCoord goal = u.goal;
    const int atGoal = m_occupancy.holderIn(u.footprintAt(goal), index);
    if (atGoal >= 0 && !m_units[std::size_t(atGoal)].moving())
        goal = freeCellNear(goal, start, u.layer, index);
    std::vector<isostar::TileCoord> avoid = avoidCells(index, start);
    GroupMove move;
    const GroupFields::NearReplan near = m_groups.replanNear(index, goal, avoid, m_params.occupiedPenalty, move);
    if (near == GroupFields::NearReplan::Deferred)
        return;  // this update's short searches are spent: it stays blocked and tries again
    apply(index, std::move(move));
    ++u.walk.replans;
    ++u.walk.replansSinceStep;
    if (near == GroupFields::NearReplan::NotDone)
        request(index, goal, std::move(avoid), m_params.occupiedPenalty);
}

void PartyMotion::stepAside(int index, isostar::TileCoord to)
{
    Unit& u = m_units[std::size_t(index)];
    const isostar::TileCoord from = u.tile;
    const double cost = double(m_grid->cost(u.layer, to));
    clearPath(u);
    m_occupancy.enter(u.footprint(), u.footprintAt(to), index);
    beginStep(u, to, restingPos(u), cellCentre(to),
              m_params.timing.stepSec(std::isfinite(cost) ? cost : 1.0, false, m_grid->rules(u.layer).diagonalFactor));
    u.walk.holdSec = u.walk.stepDurationSec + m_params.giveWayHoldSec;
    faceAndWalk(u, from, to, m_params);
    m_paths.countGiveWay();
    if (GroupMove move = m_groups.retrace(index))
        apply(index, std::move(move));
    else
        replan(index);  // from the cell it steps to
    u.walk.replansSinceStep = 0;
}

bool PartyMotion::giveWay(int index, int pusher)
{
    Unit& u = m_units[std::size_t(index)];
    if (u.stepping || !outranks(pusher, index) || !u.moving() || int(m_chain.size()) >= m_params.giveWayDepth ||
        std::find(m_chain.begin(), m_chain.end(), index) != m_chain.end())
        return false;  // arriving, higher priority, standing without an order, or already asked
    m_chain.push_back(index);
    // Cells the pusher will walk next: step off its way when there is a choice.
    const Unit& p = m_units[std::size_t(pusher)];
    const std::size_t ahead = std::min<std::size_t>(p.path.size(), 4);
    auto onItsWay = [&](isostar::TileCoord c) {
        return std::any_of(p.path.begin(), p.path.begin() + std::ptrdiff_t(ahead),
                           [&](isostar::TileCoord w) { return p.footprintAt(w).overlaps(u.footprintAt(c)); });
    };
    const isostar::TileCoord next[4] = {{u.tile.x + 1, u.tile.y}, {u.tile.x - 1, u.tile.y}, {u.tile.x, u.tile.y + 1}, {u.tile.x, u.tile.y - 1}};
    std::optional<isostar::TileCoord> best;
    for (isostar::TileCoord n : next) {
        if (!m_grid->passable(u.layer, n) || m_occupancy.occupiedIn(u.footprintAt(n), index))
            continue;
        if (!best || (onItsWay(*best) && !onItsWay(n)))
            best = n;
    }
    if (best) {
        stepAside(index, *best);
        return true;
    }
    return pushBehind(index, pusher);
}

bool PartyMotion::pushBehind(int index, int pusher)
{
    // Boxed in: the units behind it give way first (the chain moves back one cell).
    const Unit& u = m_units[std::size_t(index)];
    const isostar::TileCoord next[4] = {{u.tile.x + 1, u.tile.y}, {u.tile.x - 1, u.tile.y}, {u.tile.x, u.tile.y + 1}, {u.tile.x, u.tile.y - 1}};
    for (isostar::TileCoord n : next) {
        if (!m_grid->passable(u.layer, n))
            continue;
        const int o = m_occupancy.holderIn(u.footprintAt(n), index);
        if (o < 0 || o == pusher || !m_units[std::size_t(o)].footprint().overlaps(u.footprintAt(n)))
            continue;
        const Unit& other = m_units[std::size_t(o)];
        if (other.stepping && !other.footprintAt(other.stepTo).overlaps(u.footprint()))
            return true;  // about to leave those cells
        if (!other.stepping && giveWay(o, pusher))
            return true;
    }
    return false;
}

} // namespace game
