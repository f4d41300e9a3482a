/// \file PartyMotion.cpp
/// Party: units moving cell by cell - occupancy and claims, steps, replanning, stepping aside and
/// giving way, and the per-frame update (the rest of Party: Party.cpp).
#include "game/party/Party.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

namespace game {

namespace {
const std::string WalkClip = "walk";
const std::string IdleClip = "idle";
/// A unit waiting behind others that move gives up after this many times maxReplans.
constexpr int InLineReplanFactor = 5;
} // namespace

bool Party::occupied(eng::TileCoord cell, int except) const
{
    return holderOf(cell, except) >= 0;
}

int Party::holderOf(eng::TileCoord cell, int except) const
{
    auto holds = [&](std::size_t i) {
        const Unit& u = m_units[i];
        return u.tile == cell || (u.stepping && u.stepTo == cell);
    };
    if (onGrid(cell)) {
        const std::size_t c = cellIndex(cell);
        if (m_holds[c] == 0)
            return -1;
        if (m_holder[c] != except)
            return m_holder[c];
        if (m_holds[c] == 1)
            return -1;  // `except` is the only one there
    }
    // Off the map, or `except` shares the cell with another unit (rare): scan.
    for (std::size_t i = 0; i < m_units.size(); ++i)
        if (int(i) != except && holds(i))
            return int(i);
    return -1;
}

int Party::claims(eng::TileCoord cell) const
{
    return onGrid(cell) ? int(m_holds[cellIndex(cell)]) : 0;
}

void Party::claim(eng::TileCoord c, int index)
{
    if (!onGrid(c))
        return;
    const std::size_t i = cellIndex(c);
    if (m_holds[i]++ == 0 || m_holder[i] < 0)
        m_holder[i] = index;
}

void Party::unclaim(eng::TileCoord c, int index)
{
    if (!onGrid(c))
        return;
    const std::size_t i = cellIndex(c);
    if (m_holds[i] > 0)
        --m_holds[i];
    if (m_holds[i] == 0) {
        m_holder[i] = -1;
    } else if (m_holder[i] == index) {
        // Another unit still holds it (only after a spawn onto a taken cell): find it.
        m_holder[i] = -1;
        for (std::size_t k = 0; k < m_units.size() && m_holder[i] < 0; ++k) {
            const Unit& u = m_units[k];
            if (int(k) != index && (u.tile == c || (u.stepping && u.stepTo == c)))
                m_holder[i] = int(k);
        }
    }
}

void Party::rebuildOccupancy()
{
    m_occWidth = m_grid ? m_grid->width() : 0;
    m_occHeight = m_grid ? m_grid->height() : 0;
    const std::size_t cells = std::size_t(m_occWidth) * std::size_t(m_occHeight);
    m_holds.assign(cells, 0);
    m_holder.assign(cells, -1);
    m_mark.assign(cells, 0);
    m_markStamp = 0;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        const Unit& u = m_units[i];
        claim(u.tile, int(i));
        if (u.stepping)
            claim(u.stepTo, int(i));
    }
}

bool Party::outranks(int a, int b) const
{
    const int ra = m_units[std::size_t(a)].rank, rb = m_units[std::size_t(b)].rank;
    return ra != rb ? ra < rb : a < b;
}

bool Party::anyMoving() const
{
    return std::any_of(m_units.begin(), m_units.end(), [](const Unit& u) { return u.moving(); });
}

void Party::setIdle(Unit& u)
{
    u.anim.start(IdleClip);
}

void Party::stop(Unit& u)
{
    dropRequest(u);
    u.path.clear();
    u.goal = u.stepping ? u.stepTo : u.tile;
    u.waitedSec = 0.0;
    u.replans = 0;
    u.replansSinceStep = 0;
}

void Party::startStep(Unit& u, int index)
{
    const eng::TileCoord next = u.path.front();
    u.path.erase(u.path.begin());
    const int dx = next.x - u.tile.x, dy = next.y - u.tile.y;
    const bool diagonal = dx != 0 && dy != 0;
    const double cost = m_grid ? double(m_grid->cost(u.layer, next)) : 1.0;
    u.stepTo = next;
    u.stepping = true;
    claim(next, index);
    u.stepElapsedSec = 0.0;
    u.stepDurationSec = timing.stepSec(std::isfinite(cost) ? cost : 1.0, diagonal,
                                       m_grid ? m_grid->rules(u.layer).diagonalFactor : 1.414);
    u.waitedSec = 0.0;
    u.replansSinceStep = 0;
    if (m_service && u.request.valid() && u.requestLength > 0) {
        // Cells behind the unit no longer make its path stale.
        const int progress = u.requestLength - 1 - int(u.path.size()) - 1;
        m_service->setProgress(u.request, std::max(0, progress));
    }
    if (auto f = eng::anim::facingForTileStep(dx, dy, isometric, tileWidth, tileHeight))
        u.facing = *f;
    u.anim.start(WalkClip);
}

eng::TileCoord Party::freeCellNear(eng::TileCoord goal, eng::TileCoord from, int layer, int except)
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
    std::vector<eng::TileCoord> queue{goal};
    m_mark[cellIndex(goal)] = m_markStamp;
    for (std::size_t head = 0; head < queue.size() && head < Limit; ++head) {
        const eng::TileCoord c = queue[head];
        if (!occupied(c, except) && m_grid->reachable(layer, from, c))
            return c;
        const eng::TileCoord next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (eng::TileCoord n : next) {
            if (!m_grid->passable(layer, n) || m_mark[cellIndex(n)] == m_markStamp)
                continue;
            m_mark[cellIndex(n)] = m_markStamp;
            queue.push_back(n);
        }
    }
    return goal;
}

void Party::replan(Unit& u, int index)
{
    ++u.replans;
    ++u.replansSinceStep;
    const eng::TileCoord start = u.stepping ? u.stepTo : u.tile;
    // The goal itself is taken by a unit that has stopped there: the closest free tile instead.
    eng::TileCoord goal = u.goal;
    const int atGoal = holderOf(goal, index);
    if (atGoal >= 0 && !m_units[std::size_t(atGoal)].moving())
        goal = freeCellNear(goal, start, u.layer, index);
    // A penalty (not a wall) on the cells units within avoidRadius hold, and on the next
    // claimCells cells of their paths: the search goes around them where the detour is cheaper.
    std::vector<eng::TileCoord> avoid;
    const int r = std::max(0, avoidRadius);
    for (int y = std::max(0, start.y - r); y <= std::min(m_occHeight - 1, start.y + r); ++y)
        for (int x = std::max(0, start.x - r); x <= std::min(m_occWidth - 1, start.x + r); ++x) {
            const eng::TileCoord c{x, y};
            const int o = holderOf(c, index);
            if (o < 0)
                continue;
            const Unit& other = m_units[std::size_t(o)];
            if (other.moving() && !outranks(o, index))
                continue;  // lower priority: it makes way, the plan ignores it
            if (c != start)
                avoid.push_back(c);
            if (other.tile != c)
                continue;  // its path is listed once, from the cell it stands on
            const std::size_t n = std::min(other.path.size(), std::size_t(std::max(0, claimCells)));
            for (std::size_t k = 0; k < n; ++k)
                if (other.path[k] != start)
                    avoid.push_back(other.path[k]);
        }
    requestPath(u, goal, std::move(avoid));
}

void Party::stepAside(Unit& u, int index, eng::TileCoord to)
{
    const int dx = to.x - u.tile.x, dy = to.y - u.tile.y;
    const double cost = double(m_grid->cost(u.layer, to));
    u.path.clear();
    u.stepTo = to;
    u.stepping = true;
    claim(to, index);
    u.stepElapsedSec = 0.0;
    u.stepDurationSec = timing.stepSec(std::isfinite(cost) ? cost : 1.0, false, m_grid->rules(u.layer).diagonalFactor);
    u.holdSec = u.stepDurationSec + giveWayHoldSec;
    u.waitedSec = 0.0;
    u.replansSinceStep = 0;
    if (auto f = eng::anim::facingForTileStep(dx, dy, isometric, tileWidth, tileHeight))
        u.facing = *f;
    u.anim.start(WalkClip);
    ++m_work.giveWays;
    replan(u, index);  // from the cell it steps to
    u.replansSinceStep = 0;
}

bool Party::giveWay(int index, int pusher, std::vector<int>& chain)
{
    Unit& u = m_units[std::size_t(index)];
    if (u.stepping || !outranks(pusher, index) || !u.moving() || int(chain.size()) >= giveWayDepth ||
        std::find(chain.begin(), chain.end(), index) != chain.end())
        return false;  // arriving, higher priority, standing without an order, or already asked
    chain.push_back(index);
    // Cells the pusher will walk next: step off its way when there is a choice.
    const Unit& p = m_units[std::size_t(pusher)];
    auto onItsWay = [&](eng::TileCoord c) {
        const std::size_t n = std::min<std::size_t>(p.path.size(), 4);
        return std::find(p.path.begin(), p.path.begin() + std::ptrdiff_t(n), c) != p.path.begin() + std::ptrdiff_t(n);
    };
    const eng::TileCoord next[4] = {{u.tile.x + 1, u.tile.y}, {u.tile.x - 1, u.tile.y}, {u.tile.x, u.tile.y + 1}, {u.tile.x, u.tile.y - 1}};
    std::optional<eng::TileCoord> best;
    for (eng::TileCoord n : next) {
        if (!m_grid->passable(u.layer, n) || occupied(n, index))
            continue;
        if (!best || (onItsWay(*best) && !onItsWay(n)))
            best = n;
    }
    if (best) {
        stepAside(u, index, *best);
        return true;
    }
    // Boxed in: the units behind it give way first (the chain moves back one cell).
    for (eng::TileCoord n : next) {
        if (!m_grid->passable(u.layer, n))
            continue;
        const int o = holderOf(n, index);
        if (o < 0 || o == pusher || m_units[std::size_t(o)].tile != n)
            continue;
        const Unit& other = m_units[std::size_t(o)];
        if (other.stepping && other.stepTo != u.tile)
            return true;  // about to leave that cell
        if (!other.stepping && giveWay(o, pusher, chain))
            return true;
    }
    return false;
}

bool Party::waitsInMovingLine(int index) const
{
    // Follow who blocks whom from `index`: a unit that steps, waits for a path, waits after
    // giving way or is pushing its blocker aside keeps the line moving; a standing unit without
    // an order, or a loop nobody can break, does not.
    int cur = index;
    m_lineSeen.clear();
    for (int k = 0; k < 64; ++k) {
        const Unit& c = m_units[std::size_t(cur)];
        if (c.stepping || c.awaitingPath || c.holdSec > 0.0 || c.pushing)
            return true;
        if (c.path.empty())
            return false;
        const int next = holderOf(c.path.front(), cur);
        if (next < 0)
            return true;
        if (std::find(m_lineSeen.begin(), m_lineSeen.end(), next) != m_lineSeen.end() || next == index)
            return false;
        m_lineSeen.push_back(cur);
        cur = next;
    }
    return false;
}

void Party::update(double dtSec)
{
    ++m_updates;
    const auto tPath = std::chrono::steady_clock::now();
    double pathMicros = m_syncMicros;
    m_syncMicros = 0.0;
    if (m_service) {
        m_lastStats = pathBudgetExpansions > 0
                          ? m_service->update(std::numeric_limits<double>::infinity(), pathBudgetExpansions)
                          : m_service->update(pathBudgetMicros);
        collectPaths();
    }
    pathMicros += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - tPath).count();
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        double remaining = dtSec;
        u.holdSec = std::max(0.0, u.holdSec - dtSec);
        // A long dt may cover several short steps (roads under volcano warmth).
        for (int guard = 0; guard < 64; ++guard) {
            if (u.stepping) {
                const double need = u.stepDurationSec - u.stepElapsedSec;
                if (remaining < need) {
                    u.stepElapsedSec += remaining;
                    remaining = 0.0;
                } else {
                    remaining -= need;
                    u.stepElapsedSec = u.stepDurationSec;
                    unclaim(u.tile, int(i));
                    u.tile = u.stepTo;
                    u.stepping = false;
                }
            }
            if (!u.stepping) {
                if (u.path.empty()) {
                    setIdle(u);  // standing, or waiting on its cell for a path
                    break;
                }
                if (!passable(u.path.front(), u.layer)) {
                    // The ground changed ahead and the new path is not in yet: wait for it.
                    setIdle(u);
                    break;
                }
                if (u.holdSec > 0.0) {
                    setIdle(u);  // it gave way: the other unit passes first
                    break;
                }
                const int blocker = holderOf(u.path.front(), int(i));
                if (blocker >= 0) {
                    const double waited = remaining;
                    remaining = 0.0;
                    setIdle(u);
                    const Unit& b = m_units[std::size_t(blocker)];
                    if (b.stepping && b.tile == u.path.front())
                        break;  // it is leaving the cell: no need to plan around it
                    // A unit of lower priority with an order of its own gives way.
                    const auto t0 = std::chrono::steady_clock::now();
                    std::vector<int>& chain = m_chain;
                    chain.clear();
                    const bool cleared = giveWayDepth > 0 && giveWay(blocker, int(i), chain);
                    u.pushing = cleared;
                    if (!cleared) {
                        // Blocked: wait a little, then plan around the blocker.
                        u.waitedSec += waited;
                        if (u.waitedSec >= waitBeforeReplanSec) {
                            u.waitedSec = 0.0;
                            // Behind a line that moves it waits longer before giving up.
                            const bool inLine = waitsInMovingLine(int(i));
                            const int limit = inLine ? maxReplans * InLineReplanFactor : maxReplans;
                            if (u.replansSinceStep >= limit) {
                                events.push_back(u.name + " stops: the way is blocked");
                                stop(u);
                            } else {
                                replan(u, int(i));
                            }
                        }
                    }
                    pathMicros += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
                    break;
                }
                u.pushing = false;
                startStep(u, int(i));
            }
            if (remaining <= 0.0)
                break;
        }
        // Position: interpolated in tile space (the projection keeps it straight on screen).
        if (u.stepping && u.stepDurationSec > 0.0) {
            const double t = std::clamp(u.stepElapsedSec / u.stepDurationSec, 0.0, 1.0);
            const eng::TilePos a = cellCentre(u.tile), b = cellCentre(u.stepTo);
            u.pos = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
            // The walk cycle runs faster on fast ground so feet do not slide.
            const double pace = std::clamp(timing.secondsPerCost / u.stepDurationSec, 0.5, 2.5);
            u.anim.advance(dtSec * pace);
        } else {
            u.pos = cellCentre(u.tile);
            u.anim.advance(dtSec);
        }
    }
    m_work.lastUpdateMicros = pathMicros;
}

} // namespace game
