/// \file Party.cpp
/// Party: the grid it plans on and cost changes, path requests, spawning, selection and orders
/// (moving, occupancy and giving way: PartyMotion.cpp).
#include "game/party/Party.hpp"

#include "game/rules/Formation.hpp"

#include <algorithm>
#include <chrono>

namespace game {

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
            u.rank = int(std::find(movers.begin(), movers.end(), group[k]) - movers.begin());
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
    u.rank = 0;
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

} // namespace game
