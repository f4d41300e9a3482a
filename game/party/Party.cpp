#include "game/party/Party.hpp"

#include "game/rules/Formation.hpp"

#include <algorithm>
#include <limits>
#include <chrono>
#include <cmath>

namespace game {

namespace {
const std::string WalkClip = "walk";
const std::string IdleClip = "idle";
/// A unit waiting behind others that move gives up after this many times maxReplans.
constexpr int InLineReplanFactor = 5;
} // namespace

Party::Party() = default;

Party::~Party() = default;

bool Party::bind(const eng::path::NavGrid* grid)
{
    if (!grid || grid->layerCount() == 0)
        return false;
    for (Unit& u : m_units)
        dropRequest(u);
    m_service = std::make_unique<eng::path::PathService>(*grid);
    m_grid = grid;
    rebuildOccupancy();
    return true;
}

bool Party::buildOwnGrid(std::vector<MoveLayer>& layers)
{
    if (layers.empty())
        return false;
    auto grid = std::make_unique<eng::path::NavGrid>();
    if (!grid->reset(layers.front().field.width, layers.front().field.height))
        return false;
    for (MoveLayer& l : layers)
        if (grid->addLayer(l.profile, l.field, l.rules) < 0)
            return false;
    for (Unit& u : m_units)
        dropRequest(u);
    m_service.reset();
    m_ownGrid = std::move(grid);
    return bind(m_ownGrid.get());
}

void Party::clearUnits()
{
    m_service.reset();
    m_units.clear();
    ++m_generation;  // every handle to the old units goes stale
    m_work = {};
    m_updates = 0;
    m_syncMicros = 0.0;
}

bool Party::reset(const eng::path::NavGrid& grid)
{
    clearUnits();
    if (!bind(&grid))
        return false;
    if (m_ownGrid.get() != &grid)
        m_ownGrid.reset();
    return true;
}

bool Party::reset(const eng::path::CostField& field, const eng::path::MoveRules& rules)
{
    return reset(std::vector<MoveLayer>{{std::string(), field, rules}});
}

bool Party::reset(std::vector<MoveLayer> layers)
{
    clearUnits();
    return buildOwnGrid(layers);
}

bool Party::setField(const eng::path::CostField& field, const eng::path::MoveRules& rules)
{
    return setLayers(std::vector<MoveLayer>{{std::string(), field, rules}});
}

bool Party::setLayers(std::vector<MoveLayer> layers)
{
    if (!buildOwnGrid(layers))
        return false;
    relayer();
    return true;
}

bool Party::rebind(const eng::path::NavGrid& grid)
{
    if (!bind(&grid))
        return false;
    if (m_ownGrid.get() != &grid)
        m_ownGrid.reset();
    relayer();
    return true;
}

void Party::relayer()
{
    for (Unit& u : m_units) {
        u.layer = std::max(0, layerOf(u.profile));
        if (u.stepping) {
            u.tile = u.stepTo;
            u.stepping = false;
        }
        u.pos = cellCentre(u.tile);
        stop(u);
    }
    rebuildOccupancy();
}

int Party::layerOf(const std::string& profile) const
{
    if (!m_grid)
        return -1;
    const int i = m_grid->findLayer(profile);
    if (i >= 0 || !profile.empty())
        return i;
    return m_grid->layerCount() > 0 ? 0 : -1;
}

bool Party::changeCosts(std::vector<MoveLayer> layers, CostChangeReport* report)
{
    if (layers.empty())
        return false;
    if (!m_ownGrid || m_grid != m_ownGrid.get() || layers.front().field.width != m_grid->width() ||
        layers.front().field.height != m_grid->height() || int(layers.size()) != m_grid->layerCount())
        return setLayers(std::move(layers));
    std::vector<eng::path::NavDirty> dirty;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        eng::path::NavDirty d = m_ownGrid->replaceLayer(int(i), layers[i].field, layers[i].rules);
        if (d.layer < 0)
            return false;
        dirty.push_back(std::move(d));
    }
    gridChanged(dirty, report);
    return true;
}

void Party::gridChanged(std::span<const eng::path::NavDirty> dirty, CostChangeReport* report)
{
    CostChangeReport local;
    CostChangeReport& rep = report ? *report : local;
    rep = {};
    if (!m_grid || !m_service)
        return;
    // Paths delivered by the service: it knows which cross a dirty cell.
    std::vector<eng::path::PathHandle> stale;
    for (const eng::path::NavDirty& d : dirty)
        for (const eng::path::PathHandle& h : m_service->invalidate(d))
            stale.push_back(h);
    // Per layer, the dirty cells (paths planned directly: the leader's, replans).
    const std::size_t cells = std::size_t(m_grid->width()) * std::size_t(m_grid->height());
    std::vector<std::vector<char>> mark(std::size_t(m_grid->layerCount()));
    std::vector<char> anyRules(std::size_t(m_grid->layerCount()), 0);
    for (const eng::path::NavDirty& d : dirty) {
        if (!m_grid->validLayer(d.layer))
            continue;
        auto& m = mark[std::size_t(d.layer)];
        if (m.empty())
            m.assign(cells, 0);
        for (eng::TileCoord c : d.cells)
            if (m_grid->inBounds(c))
                m[std::size_t(c.y * m_grid->width() + c.x)] = 1;
        anyRules[std::size_t(d.layer)] = anyRules[std::size_t(d.layer)] || d.rulesChanged || d.islandsChanged;
    }
    auto dirtyAt = [&](int layer, eng::TileCoord c) {
        const auto& m = mark[std::size_t(layer)];
        return !m_grid->inBounds(c) || (!m.empty() && m[std::size_t(c.y * m_grid->width() + c.x)]);
    };
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        const eng::TileCoord at = u.stepping ? u.stepTo : u.tile;
        if (!m_grid->passable(u.layer, at)) {
            if (u.stepping)
                unclaim(u.stepTo, int(i));
            u.stepping = false;
            if (const auto to = nearestFree(at, u.layer, int(i))) {
                unclaim(u.tile, int(i));
                claim(*to, int(i));
                u.tile = *to;
                u.pos = cellCentre(*to);
                rep.displaced.push_back(int(i));
            }
        }
        if (u.awaitingPath) {
            // Its search restarts in the service (invalidate); a displaced unit asks again.
            if (!rep.displaced.empty() && rep.displaced.back() == int(i))
                requestPath(u, u.goal);
            continue;
        }
        if (u.path.empty())
            continue;
        bool crosses = std::find(stale.begin(), stale.end(), u.request) != stale.end();
        crosses = crosses || (u.stepping && !m_grid->passable(u.layer, u.stepTo));
        crosses = crosses || (!rep.displaced.empty() && rep.displaced.back() == int(i));
        for (std::size_t k = 0; k < u.path.size() && !crosses; ++k)
            crosses = dirtyAt(u.layer, u.path[k]);
        crosses = crosses || dirtyAt(u.layer, u.goal);
        if (!crosses)
            continue;
        // A unit mid-step keeps stepping; its new path starts where it is going.
        u.replans = 0;
        u.replansSinceStep = 0;
        requestPath(u, u.goal);
        rep.replanned.push_back(int(i));
    }
}

std::optional<eng::TileCoord> Party::nearestFree(eng::TileCoord from, int layer, int except) const
{
    std::optional<eng::TileCoord> best;
    int bestD = 0;
    for (int y = 0; y < m_grid->height(); ++y)
        for (int x = 0; x < m_grid->width(); ++x) {
            const eng::TileCoord c{x, y};
            if (!m_grid->passable(layer, c) || occupied(c, except))
                continue;
            const int d = (x - from.x) * (x - from.x) + (y - from.y) * (y - from.y);
            if (!best || d < bestD) {
                best = c;
                bestD = d;
            }
        }
    return best;
}

void Party::requestPath(Unit& u, eng::TileCoord goal, std::vector<eng::TileCoord> avoid)
{
    dropRequest(u);
    eng::path::PathRequest r;
    r.layer = u.layer;
    r.start = u.stepping ? u.stepTo : u.tile;
    r.goal = goal;
    r.partial = true;
    if (!avoid.empty()) {
        r.overlayCells = std::move(avoid);
        r.overlayPenalty = occupiedPenalty;
    }
    u.request = m_service->request(std::move(r));
    u.requestedAtUpdate = m_updates;
    ++m_work.requestsMade;
    u.requestLength = 0;
    u.awaitingPath = true;
    u.path.clear();
    u.goal = goal;
    u.waitedSec = 0.0;
}

void Party::dropRequest(Unit& u)
{
    if (m_service && u.request.valid())
        m_service->release(u.request);
    u.request = {};
    u.requestLength = 0;
    u.awaitingPath = false;
}

void Party::takePath(Unit& u, const eng::path::PathResult& result, int skipCells)
{
    u.path.assign(result.path.begin() + skipCells, result.path.end());
    u.goal = result.path.back();
    u.waitedSec = 0.0;
}

void Party::collectPaths()
{
    for (Unit& u : m_units) {
        if (!u.awaitingPath)
            continue;
        const eng::path::PathResult* r = m_service->result(u.request);
        if (!r)
            continue;
        u.awaitingPath = false;
        ++m_work.requestsDone;
        m_work.waitUpdatesMax = std::max(m_work.waitUpdatesMax, int(m_updates - u.requestedAtUpdate));
        if (!eng::path::hasPath(r->status) || r->path.size() < 2) {
            dropRequest(u);
            stop(u);
            continue;
        }
        u.requestLength = int(r->path.size());
        takePath(u, *r, 1);
    }
}

int Party::spawn(const std::string& name, eng::TileCoord tile, int sheet, const std::string& profile)
{
    Unit u;
    u.name = name;
    u.sheet = sheet;
    u.profile = profile;
    u.layer = std::max(0, layerOf(profile));
    u.tile = tile;
    u.goal = tile;
    u.pos = cellCentre(tile);
    setIdle(u);
    m_units.push_back(std::move(u));
    claim(tile, int(m_units.size()) - 1);
    return int(m_units.size()) - 1;
}

void Party::spawnAround(const std::vector<std::string>& names, eng::TileCoord near, const std::vector<int>& sheets)
{
    if (!m_grid || m_grid->width() <= 0 || m_grid->height() <= 0)
        return;
    const eng::path::NavGrid& grid = *m_grid;
    near.x = std::clamp(near.x, 0, grid.width() - 1);
    near.y = std::clamp(near.y, 0, grid.height() - 1);
    // Every cell in order of distance from `near`; take passable free ones on near's island
    // (or on the island of the first one found, when `near` itself is a wall).
    std::vector<eng::TileCoord> cells;
    cells.reserve(std::size_t(grid.width()) * std::size_t(grid.height()));
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            cells.push_back({x, y});
    auto d2 = [&](eng::TileCoord c) { return (c.x - near.x) * (c.x - near.x) + (c.y - near.y) * (c.y - near.y); };
    std::stable_sort(cells.begin(), cells.end(), [&](eng::TileCoord a, eng::TileCoord b) { return d2(a) < d2(b); });
    int island = -1;
    std::size_t placed = 0;
    for (eng::TileCoord c : cells) {
        if (placed == names.size())
            break;
        if (!grid.passable(0, c) || occupied(c))
            continue;
        if (island < 0)
            island = grid.islandOf(0, c);
        if (grid.islandOf(0, c) != island)
            continue;
        spawn(names[placed], c, placed < sheets.size() ? sheets[placed] : -1);
        ++placed;
    }
}

int Party::find(const std::string& name) const
{
    for (std::size_t i = 0; i < m_units.size(); ++i)
        if (m_units[i].name == name)
            return int(i);
    return -1;
}

UnitHandle Party::handle(int index) const
{
    if (index < 0 || index >= int(m_units.size()))
        return {};
    return {index, m_generation};
}

const Unit* Party::get(UnitHandle h) const
{
    const int i = indexOf(h);
    return i < 0 ? nullptr : &m_units[std::size_t(i)];
}

int Party::indexOf(UnitHandle h) const
{
    if (h.generation != m_generation || h.index < 0 || h.index >= int(m_units.size()))
        return -1;
    return h.index;
}

void Party::selectAll()
{
    for (Unit& u : m_units)
        u.selected = true;
}

void Party::selectNone()
{
    for (Unit& u : m_units)
        u.selected = false;
}

void Party::selectOnly(int index)
{
    for (std::size_t i = 0; i < m_units.size(); ++i)
        m_units[i].selected = int(i) == index;
}

std::vector<int> Party::selection() const
{
    std::vector<int> out;
    for (std::size_t i = 0; i < m_units.size(); ++i)
        if (m_units[i].selected)
            out.push_back(int(i));
    return out;
}

OrderReport Party::orderSelected(eng::TileCoord clicked, eng::path::SearchTrace* trace)
{
    return order(selection(), clicked, trace);
}

OrderReport Party::order(const std::vector<int>& who, eng::TileCoord clicked, eng::path::SearchTrace* trace)
{
    OrderReport rep;
    rep.clicked = clicked;
    if (who.empty() || !m_grid || !m_grid->inBounds(clicked))
        return rep;

    const auto tStart = std::chrono::steady_clock::now();
    std::vector<int> movers;
    std::vector<char> isMover(m_units.size(), 0);
    for (int i : who)
        if (i >= 0 && i < int(m_units.size()) && !isMover[std::size_t(i)]) {
            movers.push_back(i);
            isMover[std::size_t(i)] = 1;
        }
    if (movers.empty())
        return rep;
    std::vector<eng::TileCoord> blocked;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        if (isMover[i])
            continue;
        const Unit& u = m_units[i];
        blocked.push_back(u.tile);
        if (u.stepping)
            blocked.push_back(u.stepTo);
        if (u.moving())
            blocked.push_back(u.goal);
    }

    // One formation per movement profile, the leader's first: each unit's goal is reachable with
    // its own costs, and the goals of earlier groups are taken for the later ones.
    std::vector<int> layerOrder;
    for (int i : movers) {
        const int layer = m_units[std::size_t(i)].layer;
        if (std::find(layerOrder.begin(), layerOrder.end(), layer) == layerOrder.end())
            layerOrder.push_back(layer);
    }
    bool leaderDone = false;
    eng::path::PathResult result;
    for (int layer : layerOrder) {
        std::vector<int> group;
        std::vector<eng::TileCoord> starts;
        for (int i : movers) {
            const Unit& u = m_units[std::size_t(i)];
            if (u.layer != layer)
                continue;
            group.push_back(i);
            starts.push_back(u.stepping ? u.stepTo : u.tile);
        }
        const FormationResult form = planFormation(*m_grid, layer, m_query, clicked, starts, blocked);
        if (!form.anchor)
            continue;
        if (!rep.anchor) {
            rep.anchor = form.anchor;
            rep.anchorMoved = form.anchorMoved;
        }
        for (std::size_t k = 0; k < group.size(); ++k) {
            Unit& u = m_units[std::size_t(group[k])];
            blocked.push_back(form.goals[k]);
            u.replans = 0;
            u.replansSinceStep = 0;
            if (leaderDone) {
                // The others: requests the service serves over the next frames.
                requestPath(u, form.goals[k]);
                ++rep.units;
                continue;
            }
            // The leader: planned now, its figures (and its search trace) for the HUD.
            leaderDone = true;
            dropRequest(u);
            const auto t0 = std::chrono::steady_clock::now();
            const eng::path::PathStatus st =
                m_query.findPath(*m_grid, layer, starts[k], form.goals[k], result, nullptr, trace);
            const auto t1 = std::chrono::steady_clock::now();
            rep.status = st;
            rep.cost = result.cost;
            rep.length = int(result.path.size());
            rep.expanded = result.expanded;
            rep.micros = std::chrono::duration<double, std::micro>(t1 - t0).count();
            if (!eng::path::hasPath(st) || result.path.empty())
                continue;
            takePath(u, result, 1);
            ++rep.units;
        }
    }
    rep.accepted = rep.units > 0;
    m_syncMicros += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - tStart).count();
    return rep;
}

bool Party::sendTo(int index, eng::TileCoord goal)
{
    if (!m_grid || !m_service || index < 0 || index >= int(m_units.size()) || !m_grid->inBounds(goal))
        return false;
    Unit& u = m_units[std::size_t(index)];
    u.replans = 0;
    u.replansSinceStep = 0;
    requestPath(u, goal);
    return true;
}

eng::path::PathStatus Party::preview(eng::TileCoord tile, eng::path::PathResult& out, eng::path::SearchTrace* trace)
{
    const std::vector<int> sel = selection();
    if (sel.empty() || !m_grid) {
        out = {};
        return out.status;
    }
    const Unit& u = m_units[std::size_t(sel.front())];
    const auto t0 = std::chrono::steady_clock::now();
    const eng::path::PathStatus st =
        m_query.findPath(*m_grid, u.layer, u.stepping ? u.stepTo : u.tile, tile, out, nullptr, trace);
    m_syncMicros += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    return st;
}

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
            if (c != start)
                avoid.push_back(c);
            const Unit& other = m_units[std::size_t(o)];
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
    if (u.stepping || index <= pusher || !u.moving() || int(chain.size()) >= giveWayDepth ||
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
