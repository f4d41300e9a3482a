/// \file PartyMotion.cpp
/// Units moving cell by cell: steps, waiting behind a blocker, replans by priority, stepping
/// aside and giving way, positions and animation.
#include "game/party/PartyMotion.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

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

/// The unit turns toward its step (dx, dy) and starts its walk cycle.
void faceAndWalk(Unit& u, int dx, int dy, const PartyParams& p)
{
    if (auto f = eng::anim::facingForTileStep(dx, dy, p.isometric, p.tileWidth, p.tileHeight))
        u.facing = *f;
    u.anim.start(WalkClip);
}

/// The unit turns toward a move by (dx, dy) cells, any angle: the nearest of its eight
/// directions on screen (projected as facingForTileStep projects a step).
void faceAlong(Unit& u, double dx, double dy, const PartyParams& p)
{
    const double sx = p.isometric ? (dx - dy) * p.tileWidth / 2.0 : dx * p.tileWidth;
    const double sy = p.isometric ? (dx + dy) * p.tileHeight / 2.0 : dy * p.tileHeight;
    if (auto f = eng::anim::facingForScreenDelta(sx, sy))
        u.facing = *f;
    u.anim.start(WalkClip);
}

/// Where a unit standing on its cell is drawn: where its last step ended, when that lies in
/// the cell (a point on a smoothed segment), else the cell's centre.
eng::TilePos restingPos(const Unit& u)
{
    const eng::TilePos r = u.walk.restPos;
    const bool inCell = std::floor(r.x) == double(u.tile.x) && std::floor(r.y) == double(u.tile.y);
    return inCell ? r : cellCentre(u.tile);
}

} // namespace

PartyMotion::PartyMotion(std::vector<Unit>& units, OccupancyGrid& occupancy, PathRequests& paths, GroupFields& groups,
                         const PartyParams& params, std::vector<std::string>& events)
    : m_units(units), m_occupancy(occupancy), m_paths(paths), m_groups(groups), m_params(params), m_events(events)
{
}

void PartyMotion::bind(const eng::path::NavGrid* grid)
{
    m_grid = grid;
    m_mark.assign(grid ? std::size_t(grid->width()) * std::size_t(grid->height()) : 0, 0u);
    m_markStamp = 0;
}

void PartyMotion::setIdle(Unit& u)
{
    u.anim.start(IdleClip);
}

bool PartyMotion::outranks(int a, int b) const
{
    return game::outranks(m_units[std::size_t(a)], a, m_units[std::size_t(b)], b);
}

double PartyMotion::update(double dtSec)
{
    double micros = 0.0;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        u.walk.holdSec = std::max(0.0, u.walk.holdSec - dtSec);
        micros += walk(int(i), dtSec);
        place(u, dtSec);
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
                m_occupancy.unclaim(u.tile, i);
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
                m_groups.takeTail(i);
                micros += microsSince(t0);
            }
            // Standing or waiting for a path; the ground changed ahead and the new path is not
            // in yet; or it gave way and the other unit passes first: it waits on its cell.
            if (u.path.empty() || !m_grid || !m_grid->passable(u.layer, u.path.front()) || u.walk.holdSec > 0.0) {
                setIdle(u);
                break;
            }
            const int blocker = m_occupancy.holderOf(u.path.front(), i);
            if (blocker >= 0) {
                setIdle(u);
                return micros + blocked(i, blocker, remaining);
            }
            u.walk.pushing = false;
            startStep(u, i);
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
    if (b.stepping && b.tile == u.path.front())
        return 0.0;  // it is leaving the cell: no need to plan around it
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
                m_paths.stop(u);
            } else if (!m_groups.reroute(i, m_occupancy)) {
                replan(u, i);
            }
        }
    }
    return microsSince(t0);
}

bool PartyMotion::mayTrade(int i, int blocker) const
{
    const Unit& u = m_units[std::size_t(i)];
    const Unit& mate = m_units[std::size_t(blocker)];
    return u.group >= 0 && mate.group == u.group && !mate.moving() && mate.goal == mate.tile && !u.stepping &&
           !u.path.empty() && u.path.front() == mate.tile && u.goal != mate.tile;
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
    Unit& mate = m_units[std::size_t(blocker)];
    const eng::TileCoord into = mate.tile;
    eng::path::PathResult on;  // the unit's path begins on the mate's cell
    on.status = eng::path::PathStatus::Found;
    on.path.assign(u.path.begin(), u.path.end());
    m_paths.takeToward(mate, on, u.goal);  // and the tail on to the unit's cell, if it had one to come
    eng::path::PathResult step;
    step.status = eng::path::PathStatus::Found;
    step.path = {u.tile, into};
    m_paths.takeToward(u, step, into);
    u.walk.replansSinceStep = 0;
    ++m_paths.work().trades;
    return true;
}

void PartyMotion::place(Unit& u, double dtSec) const
{
    // Interpolated in tile space (the projection keeps it straight on screen).
    if (u.stepping && u.walk.stepDurationSec > 0.0) {
        const double t = std::clamp(u.walk.stepElapsedSec / u.walk.stepDurationSec, 0.0, 1.0);
        const eng::TilePos a = u.walk.stepFrom, b = u.walk.stepEnd;
        u.pos = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
        // The walk cycle runs faster on fast ground so feet do not slide.
        const double pace = std::clamp(m_params.timing.secondsPerCost / u.walk.stepDurationSec, 0.5, 2.5);
        u.anim.advance(dtSec * pace);
    } else {
        u.pos = restingPos(u);
        u.anim.advance(dtSec);
    }
}

void PartyMotion::startStep(Unit& u, int index)
{
    const eng::TileCoord next = u.path.front();
    // A smoothed walk: the step ends at the unit's point on the segment, else at the centre.
    const bool smooth = !u.walk.points.empty() && u.walk.points.size() == u.path.size();
    const WalkPoint point = smooth ? u.walk.points.front() : WalkPoint{cellCentre(next), false, u.walk.gridIndex};
    u.path.erase(u.path.begin());
    if (smooth)
        u.walk.points.erase(u.walk.points.begin());
    const int dx = next.x - u.tile.x, dy = next.y - u.tile.y;
    const double cost = double(m_grid->cost(u.layer, next));
    const double c = std::isfinite(cost) ? cost : 1.0;
    u.stepTo = next;
    u.stepping = true;
    m_occupancy.claim(next, index);
    u.walk.stepElapsedSec = 0.0;
    u.walk.stepFrom = restingPos(u);
    u.walk.stepEnd = point.at;
    const double ex = point.at.x - u.walk.stepFrom.x, ey = point.at.y - u.walk.stepFrom.y;
    if (point.segment) {
        // Along a segment: the cell's cost x the length walked in it (the clamps bound the
        // seconds per cell of length, so a sliver of a cell takes a sliver of the time).
        const StepTiming& tm = m_params.timing;
        u.walk.stepDurationSec = std::clamp(tm.secondsPerCost * c, tm.minStepSec, tm.maxStepSec) * std::hypot(ex, ey);
    } else {
        u.walk.stepDurationSec = m_params.timing.stepSec(c, dx != 0 && dy != 0, m_grid->rules(u.layer).diagonalFactor);
    }
    u.walk.waitedSec = 0.0;
    u.walk.replansSinceStep = 0;
    m_paths.progress(u);
    u.walk.gridIndex = point.gridIndex;
    if (smooth)
        faceAlong(u, ex, ey, m_params);
    else
        faceAndWalk(u, dx, dy, m_params);
}

eng::TileCoord PartyMotion::freeCellNear(eng::TileCoord goal, eng::TileCoord from, int layer, int except)
{
    if (!m_grid->inBounds(goal) || m_mark.empty())
        return goal;
    // Flood outward from the goal over passable 4-neighbours (through other units), at most
    // `Limit` cells: the first free cell on the walker's island wins.
    constexpr std::size_t Limit = 512;
    if (++m_markStamp == 0) {
        std::fill(m_mark.begin(), m_mark.end(), 0u);
        m_markStamp = 1;
    }
    auto mark = [&](eng::TileCoord c) -> std::uint32_t& {
        return m_mark[std::size_t(c.y) * std::size_t(m_grid->width()) + std::size_t(c.x)];
    };
    std::vector<eng::TileCoord> queue{goal};
    mark(goal) = m_markStamp;
    for (std::size_t head = 0; head < queue.size() && head < Limit; ++head) {
        const eng::TileCoord c = queue[head];
        if (!m_occupancy.occupied(c, except) && m_grid->reachable(layer, from, c))
            return c;
        const eng::TileCoord next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (eng::TileCoord n : next) {
            if (!m_grid->passable(layer, n) || mark(n) == m_markStamp)
                continue;
            mark(n) = m_markStamp;
            queue.push_back(n);
        }
    }
    return goal;
}

void PartyMotion::replan(Unit& u, int index)
{
    const eng::TileCoord start = planCell(u);
    // The goal itself is taken by a unit that has stopped there: the closest free tile instead.
    eng::TileCoord goal = u.goal;
    const int atGoal = m_occupancy.holderOf(goal, index);
    if (atGoal >= 0 && !m_units[std::size_t(atGoal)].moving())
        goal = freeCellNear(goal, start, u.layer, index);
    std::vector<eng::TileCoord> avoid = avoidCells(index, start);
    const GroupFields::NearReplan near = m_groups.replanNear(index, goal, avoid, m_params.occupiedPenalty);
    if (near == GroupFields::NearReplan::Deferred)
        return;  // this update's short searches are spent: it stays blocked and tries again
    ++u.walk.replans;
    ++u.walk.replansSinceStep;
    if (near == GroupFields::NearReplan::NotDone)
        m_paths.request(u, goal, std::move(avoid), m_params.occupiedPenalty);
}

std::vector<eng::TileCoord> PartyMotion::avoidCells(int index, eng::TileCoord start) const
{
    // A penalty (not a wall) on the cells units within avoidRadius hold, and on the next
    // claimCells cells of their paths: the search goes around them where the detour is
    // cheaper. Only units of higher priority count, and units standing without an order.
    std::vector<eng::TileCoord> avoid;
    const int r = std::max(0, m_params.avoidRadius);
    for (int y = std::max(0, start.y - r); y <= std::min(m_occupancy.height() - 1, start.y + r); ++y)
        for (int x = std::max(0, start.x - r); x <= std::min(m_occupancy.width() - 1, start.x + r); ++x) {
            const eng::TileCoord c{x, y};
            const int o = m_occupancy.holderOf(c, index);
            if (o < 0)
                continue;
            const Unit& other = m_units[std::size_t(o)];
            if (other.moving() && !outranks(o, index))
                continue;  // lower priority: it makes way, the plan ignores it
            if (c != start)
                avoid.push_back(c);
            if (other.tile != c)
                continue;  // its path is listed once, from the cell it stands on
            const std::size_t n = std::min(other.path.size(), std::size_t(std::max(0, m_params.claimCells)));
            for (std::size_t k = 0; k < n; ++k)
                if (other.path[k] != start)
                    avoid.push_back(other.path[k]);
        }
    return avoid;
}

void PartyMotion::stepAside(Unit& u, int index, eng::TileCoord to)
{
    const int dx = to.x - u.tile.x, dy = to.y - u.tile.y;
    const double cost = double(m_grid->cost(u.layer, to));
    PathRequests::clearPath(u);
    u.stepTo = to;
    u.stepping = true;
    m_occupancy.claim(to, index);
    u.walk.stepElapsedSec = 0.0;
    u.walk.stepFrom = restingPos(u);
    u.walk.stepEnd = cellCentre(to);
    u.walk.stepDurationSec =
        m_params.timing.stepSec(std::isfinite(cost) ? cost : 1.0, false, m_grid->rules(u.layer).diagonalFactor);
    u.walk.holdSec = u.walk.stepDurationSec + m_params.giveWayHoldSec;
    u.walk.waitedSec = 0.0;
    u.walk.replansSinceStep = 0;
    faceAndWalk(u, dx, dy, m_params);
    ++m_paths.work().giveWays;
    if (!m_groups.retrace(index))
        replan(u, index);  // from the cell it steps to
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
    auto onItsWay = [&](eng::TileCoord c) {
        return std::find(p.path.begin(), p.path.begin() + std::ptrdiff_t(ahead), c) != p.path.begin() + std::ptrdiff_t(ahead);
    };
    const eng::TileCoord next[4] = {{u.tile.x + 1, u.tile.y}, {u.tile.x - 1, u.tile.y}, {u.tile.x, u.tile.y + 1}, {u.tile.x, u.tile.y - 1}};
    std::optional<eng::TileCoord> best;
    for (eng::TileCoord n : next) {
        if (!m_grid->passable(u.layer, n) || m_occupancy.occupied(n, index))
            continue;
        if (!best || (onItsWay(*best) && !onItsWay(n)))
            best = n;
    }
    if (best) {
        stepAside(u, index, *best);
        return true;
    }
    return pushBehind(index, pusher);
}

bool PartyMotion::pushBehind(int index, int pusher)
{
    // Boxed in: the units behind it give way first (the chain moves back one cell).
    const Unit& u = m_units[std::size_t(index)];
    const eng::TileCoord next[4] = {{u.tile.x + 1, u.tile.y}, {u.tile.x - 1, u.tile.y}, {u.tile.x, u.tile.y + 1}, {u.tile.x, u.tile.y - 1}};
    for (eng::TileCoord n : next) {
        if (!m_grid->passable(u.layer, n))
            continue;
        const int o = m_occupancy.holderOf(n, index);
        if (o < 0 || o == pusher || m_units[std::size_t(o)].tile != n)
            continue;
        const Unit& other = m_units[std::size_t(o)];
        if (other.stepping && other.stepTo != u.tile)
            return true;  // about to leave that cell
        if (!other.stepping && giveWay(o, pusher))
            return true;
    }
    return false;
}

bool PartyMotion::waitsInMovingLine(int index) const
{
    // Follow who blocks whom from `index`: a unit that steps, waits for a path, waits after
    // giving way or is pushing its blocker aside keeps the line moving; a standing unit without
    // an order, or a loop nobody can break, does not.
    int cur = index;
    m_lineSeen.clear();
    for (int k = 0; k < 64; ++k) {
        const Unit& c = m_units[std::size_t(cur)];
        if (c.stepping || c.walk.awaitingPath || c.walk.holdSec > 0.0 || c.walk.pushing)
            return true;
        if (c.path.empty())
            return false;
        const int next = m_occupancy.holderOf(c.path.front(), cur);
        if (next < 0 || mayTrade(cur, next))
            return true;  // free, or a standing mate it trades cells with
        if (std::find(m_lineSeen.begin(), m_lineSeen.end(), next) != m_lineSeen.end() || next == index)
            return false;
        m_lineSeen.push_back(cur);
        cur = next;
    }
    return false;
}

} // namespace game
