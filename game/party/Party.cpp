#include "game/party/Party.hpp"

#include "game/rules/Formation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>

namespace game {

namespace {
const std::string WalkClip = "walk";
const std::string IdleClip = "idle";
} // namespace

bool Party::reset(const eng::path::CostField& field, const eng::path::MoveRules& rules)
{
    return reset(std::vector<MoveLayer>{{std::string(), field, rules}});
}

bool Party::reset(std::vector<MoveLayer> layers)
{
    m_units.clear();
    ++m_generation;
    return setLayers(std::move(layers));
}

bool Party::setField(const eng::path::CostField& field, const eng::path::MoveRules& rules)
{
    return setLayers(std::vector<MoveLayer>{{std::string(), field, rules}});
}

int Party::layerOf(const std::string& profile) const
{
    for (std::size_t i = 0; i < m_layers.size(); ++i)
        if (m_layers[i].profile == profile)
            return int(i);
    return -1;
}

bool Party::setLayers(std::vector<MoveLayer> layers)
{
    if (layers.empty())
        return false;
    std::vector<Layer> next(layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (layers[i].field.width != layers[0].field.width || layers[i].field.height != layers[0].field.height)
            return false;
        if (!next[i].finder.init(layers[i].field, layers[i].rules))
            return false;
        next[i].profile = std::move(layers[i].profile);
        next[i].field = std::move(layers[i].field);
        next[i].rules = layers[i].rules;
    }
    m_layers = std::move(next);
    for (Unit& u : m_units) {
        u.layer = std::max(0, layerOf(u.profile));
        if (u.stepping) {
            u.tile = u.stepTo;
            u.stepping = false;
        }
        u.pos = cellCentre(u.tile);
        stop(u);
    }
    return true;
}

bool Party::changeCosts(std::vector<MoveLayer> layers, CostChangeReport* report)
{
    CostChangeReport local;
    CostChangeReport& rep = report ? *report : local;
    rep = {};
    if (layers.empty())
        return false;
    if (m_layers.empty() || layers.front().field.width != m_layers.front().field.width ||
        layers.front().field.height != m_layers.front().field.height)
        return setLayers(std::move(layers));
    // Old costs by profile, to see which cells changed for each unit.
    std::vector<Layer> old = std::move(m_layers);
    m_layers.clear();
    std::vector<Layer> next(layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (layers[i].field.width != layers[0].field.width || layers[i].field.height != layers[0].field.height ||
            !next[i].finder.init(layers[i].field, layers[i].rules)) {
            m_layers = std::move(old);
            return false;
        }
        next[i].profile = std::move(layers[i].profile);
        next[i].field = std::move(layers[i].field);
        next[i].rules = layers[i].rules;
    }
    m_layers = std::move(next);
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        const Layer* before = nullptr;
        for (const Layer& l : old)
            if (l.profile == u.profile)
                before = &l;
        if (!before)
            before = &old.front();
        u.layer = std::max(0, layerOf(u.profile));
        const eng::path::CostField& now = m_layers[std::size_t(u.layer)].field;
        // Off a cell that became impassable: finish nothing, stand on the nearest free one.
        const eng::TileCoord at = u.stepping ? u.stepTo : u.tile;
        if (!now.passable(at)) {
            u.stepping = false;
            if (const auto to = nearestFree(at, u.layer, int(i))) {
                u.tile = *to;
                u.pos = cellCentre(*to);
                rep.displaced.push_back(int(i));
            }
        }
        if (u.path.empty())
            continue;
        bool crosses = false;
        auto changed = [&](eng::TileCoord c) {
            return !now.inBounds(c) || now.at(c) != before->field.at(c);
        };
        for (eng::TileCoord c : u.path)
            crosses = crosses || changed(c);
        crosses = crosses || changed(u.goal);
        if (u.stepping && !now.passable(u.stepTo))
            crosses = true;
        if (!crosses)
            continue;
        u.replans = 0;  // a unit mid-step keeps stepping; its new path starts where it is going
        if (replan(u, int(i))) {
            u.replans = 0;
            rep.replanned.push_back(int(i));
        } else {
            stop(u);
            rep.stopped.push_back(int(i));
        }
    }
    return true;
}

std::optional<eng::TileCoord> Party::nearestFree(eng::TileCoord from, int layer, int except) const
{
    const eng::path::CostField& f = m_layers[std::size_t(layer)].field;
    std::optional<eng::TileCoord> best;
    int bestD = 0;
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x) {
            const eng::TileCoord c{x, y};
            if (!f.passable(c) || occupied(c, except))
                continue;
            const int d = (x - from.x) * (x - from.x) + (y - from.y) * (y - from.y);
            if (!best || d < bestD) {
                best = c;
                bestD = d;
            }
        }
    return best;
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
    return int(m_units.size()) - 1;
}

void Party::spawnAround(const std::vector<std::string>& names, eng::TileCoord near, const std::vector<int>& sheets)
{
    if (m_layers.empty())
        return;
    const eng::path::CostField& field = m_layers.front().field;
    eng::path::GridPathfinder& finder = m_layers.front().finder;
    if (field.width <= 0 || field.height <= 0)
        return;
    near.x = std::clamp(near.x, 0, field.width - 1);
    near.y = std::clamp(near.y, 0, field.height - 1);
    // Every cell in order of distance from `near`; take passable free ones on near's island
    // (or on the island of the first one found, when `near` itself is a wall).
    std::vector<eng::TileCoord> cells;
    cells.reserve(field.cost.size());
    for (int y = 0; y < field.height; ++y)
        for (int x = 0; x < field.width; ++x)
            cells.push_back({x, y});
    auto d2 = [&](eng::TileCoord c) { return (c.x - near.x) * (c.x - near.x) + (c.y - near.y) * (c.y - near.y); };
    std::stable_sort(cells.begin(), cells.end(), [&](eng::TileCoord a, eng::TileCoord b) { return d2(a) < d2(b); });
    int island = -1;
    std::size_t placed = 0;
    for (eng::TileCoord c : cells) {
        if (placed == names.size())
            break;
        if (!field.passable(c) || occupied(c))
            continue;
        if (island < 0)
            island = finder.islandOf(c);
        if (finder.islandOf(c) != island)
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
    if (who.empty() || m_layers.empty() || !m_layers.front().field.inBounds(clicked))
        return rep;

    // A unit mid-step finishes that step first: its new path starts where it is going.
    std::vector<int> movers;
    for (int i : who)
        if (i >= 0 && i < int(m_units.size()))
            movers.push_back(i);
    if (movers.empty())
        return rep;
    std::vector<eng::TileCoord> blocked;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        if (std::find(movers.begin(), movers.end(), int(i)) != movers.end())
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
        Layer& L = m_layers[std::size_t(layer)];
        std::vector<int> group;
        std::vector<eng::TileCoord> starts;
        for (int i : movers) {
            const Unit& u = m_units[std::size_t(i)];
            if (u.layer != layer)
                continue;
            group.push_back(i);
            starts.push_back(u.stepping ? u.stepTo : u.tile);
        }
        const FormationResult form = planFormation(L.field, L.finder, clicked, starts, blocked);
        if (!form.anchor)
            continue;
        if (!rep.anchor) {
            rep.anchor = form.anchor;
            rep.anchorMoved = form.anchorMoved;
        }
        for (std::size_t k = 0; k < group.size(); ++k) {
            Unit& u = m_units[std::size_t(group[k])];
            blocked.push_back(form.goals[k]);
            const bool leader = !leaderDone;
            leaderDone = true;
            const auto t0 = std::chrono::steady_clock::now();
            const eng::path::PathStatus st =
                L.finder.findPath(starts[k], form.goals[k], result, leader ? trace : nullptr);
            const auto t1 = std::chrono::steady_clock::now();
            if (leader) {
                rep.status = st;
                rep.cost = result.cost;
                rep.length = int(result.path.size());
                rep.expanded = result.expanded;
                rep.micros = std::chrono::duration<double, std::micro>(t1 - t0).count();
            }
            if (!eng::path::hasPath(st) || result.path.empty())
                continue;
            u.path.assign(result.path.begin() + 1, result.path.end());
            u.goal = result.path.back();
            u.waitedSec = 0.0;
            u.replans = 0;
            ++rep.units;
        }
    }
    rep.accepted = rep.units > 0;
    return rep;
}

eng::path::PathStatus Party::preview(eng::TileCoord tile, eng::path::PathResult& out, eng::path::SearchTrace* trace)
{
    const std::vector<int> sel = selection();
    if (sel.empty()) {
        out = {};
        return out.status;
    }
    const Unit& u = m_units[std::size_t(sel.front())];
    return layerFor(u).finder.findPath(u.stepping ? u.stepTo : u.tile, tile, out, trace);
}

bool Party::occupied(eng::TileCoord cell, int except) const
{
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        if (int(i) == except)
            continue;
        const Unit& u = m_units[i];
        if (u.tile == cell || (u.stepping && u.stepTo == cell))
            return true;
    }
    return false;
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
    u.path.clear();
    u.goal = u.stepping ? u.stepTo : u.tile;
    u.waitedSec = 0.0;
    u.replans = 0;
}

void Party::startStep(Unit& u, int /*index*/)
{
    const eng::TileCoord next = u.path.front();
    u.path.erase(u.path.begin());
    const int dx = next.x - u.tile.x, dy = next.y - u.tile.y;
    const bool diagonal = dx != 0 && dy != 0;
    const Layer& layer = layerFor(u);
    const double cost = layer.field.inBounds(next) ? double(layer.field.at(next)) : 1.0;
    u.stepTo = next;
    u.stepping = true;
    u.stepElapsedSec = 0.0;
    u.stepDurationSec = timing.stepSec(std::isfinite(cost) ? cost : 1.0, diagonal, layer.rules.diagonalFactor);
    u.waitedSec = 0.0;
    if (auto f = eng::anim::facingForTileStep(dx, dy, isometric, tileWidth, tileHeight))
        u.facing = *f;
    u.anim.start(WalkClip);
}

bool Party::replan(Unit& u, int index)
{
    ++u.replans;
    Layer& layer = layerFor(u);
    const eng::TileCoord start = u.stepping ? u.stepTo : u.tile;
    // Other units' cells become walls for this one search.
    eng::path::CostField walled = layer.field;
    std::vector<eng::TileCoord> blockers;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        if (int(i) == index)
            continue;
        const Unit& o = m_units[i];
        blockers.push_back(o.tile);
        if (o.stepping)
            blockers.push_back(o.stepTo);
    }
    for (eng::TileCoord b : blockers)
        if (walled.inBounds(b) && b != start)
            walled.at(b) = eng::path::Impassable;
    // The goal itself is taken by a unit that has stopped there: pick the closest free tile.
    eng::TileCoord goal = u.goal;
    const bool goalTaken = std::any_of(m_units.begin(), m_units.end(), [&](const Unit& o) {
        return &o != &u && !o.moving() && o.tile == goal;
    });
    if (goalTaken) {
        const eng::TileCoord from[1] = {start};
        const FormationResult f = planFormation(layer.field, layer.finder, goal, from, blockers);
        if (f.anchor && !f.goals.empty())
            goal = f.goals.front();
    }
    if (!m_replanFinder.init(walled, layer.rules))
        return false;
    eng::path::PathResult result;
    const eng::path::PathStatus st = m_replanFinder.findPath(start, goal, result);
    if (!eng::path::hasPath(st) || result.path.size() < 2)
        return false;
    u.path.assign(result.path.begin() + 1, result.path.end());
    u.goal = result.path.back();
    return true;
}

void Party::update(double dtSec)
{
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        Unit& u = m_units[i];
        double remaining = dtSec;
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
                    u.tile = u.stepTo;
                    u.stepping = false;
                }
            }
            if (!u.stepping) {
                if (u.path.empty()) {
                    setIdle(u);
                    break;
                }
                if (occupied(u.path.front(), int(i))) {
                    // Blocked: wait a little, then plan around the blocker.
                    u.waitedSec += remaining;
                    remaining = 0.0;
                    setIdle(u);
                    if (u.waitedSec >= waitBeforeReplanSec) {
                        u.waitedSec = 0.0;
                        const bool ok = replan(u, int(i));
                        if ((!ok && u.replans >= maxReplans) || u.replans > maxReplans) {
                            events.push_back(u.name + " stops: the way is blocked");
                            stop(u);
                        }
                    }
                    break;
                }
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
}

} // namespace game
