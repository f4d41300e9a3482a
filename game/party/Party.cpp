/// \file Party.cpp
/// Party: the grid it plans on and changes of it, spawning, handles, orders and the per-frame
/// update. Every change of a unit goes through the motion (PartyMotion.cpp).
#include "game/party/Party.hpp"

#include "game/rules/Formation.hpp"
#include "game/rules/ProfileLayer.hpp"

#include <algorithm>
#include <chrono>

namespace game {

namespace {

/// Open-list entries the party's own query keeps room for after a synchronous search (a long
/// one across a big map grows it to millions: tens of MB freed, regrown when needed).
constexpr std::size_t PartyOpenListKeepEntries = std::size_t(1) << 18;

/// After a synchronous search: a long open list is freed; on a big grid all of the query's
/// scratch is (its per-cell records come back as untouched zero pages, so the next search
/// pays only for the cells it visits).
void trimPartyQuery(isostar::path::GridQuery& query, bool bigGrid)
{
    if (bigGrid)
        query.releaseScratch();
    else
        query.shrinkOpenList(PartyOpenListKeepEntries);
}

double microsFrom(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

/// Per layer, the cells a change of the grid touched (cells off the map count as touched).
class DirtyCells {
public:
    DirtyCells(const isostar::path::NavGrid& grid, std::span<const isostar::path::NavDirty> dirty)
        : m_shape(grid.shape()), m_mark(std::size_t(grid.layerCount()))
    {
        for (const isostar::path::NavDirty& d : dirty) {
            mark(grid, d);
            for (const isostar::path::NavDirty& f : d.derived)  // its footprint layers
                mark(grid, f);
        }
    }

    void mark(const isostar::path::NavGrid& grid, const isostar::path::NavDirty& d)
    {
        if (!grid.validLayer(d.layer))
            return;
        std::vector<char>& m = m_mark[std::size_t(d.layer)];
        if (m.empty())
            m.assign(m_shape.size(), 0);
        for (isostar::TileCoord c : d.cells)
            if (m_shape.inBounds(c))
                m[m_shape.index(c)] = 1;
    }

    bool at(int layer, isostar::TileCoord c) const
    {
        const std::vector<char>& m = m_mark[std::size_t(layer)];
        return !m_shape.inBounds(c) || (!m.empty() && m[m_shape.index(c)]);
    }

private:
    isostar::GridShape m_shape;
    std::vector<std::vector<char>> m_mark;
};

} // namespace

bool Party::bind(const isostar::path::NavGrid* grid)
{
    if (!grid || grid->layerCount() == 0)
        return false;
    m_motion.dropRequests();
    m_groups.bind(nullptr);  // its fields are requests of the old service
    m_motion.leaveGroups();
    m_paths.bind(*grid);
    m_grid = grid;
    m_groups.bind(grid);
    m_motion.bind(grid);
    return true;
}

void Party::clearUnits()
{
    m_groups.bind(nullptr);
    m_paths.clear();
    m_motion.clear();
    m_selection.resize(0);
    ++m_generation;  // every handle to the old units goes stale
    m_grid = nullptr;
}

bool Party::reset(const isostar::path::NavGrid& grid)
{
    clearUnits();
    return bind(&grid);
}

bool Party::rebind(const isostar::path::NavGrid& grid)
{
    if (!bind(&grid))
        return false;
    m_motion.relayer([this](const Unit& u) { return layersFor(u.profile, u.size); });
    return true;
}

int Party::layerFor(const std::string& profile) const
{
    return m_grid ? std::max(0, profileLayer(*m_grid, profile)) : 0;
}

UnitLayers Party::layersFor(const std::string& profile, int size) const
{
    UnitLayers out;
    out.profileLayer = layerFor(profile);
    out.size = clampUnitSize(size);
    out.layer = m_grid ? footprintLayer(*m_grid, out.profileLayer, out.size) : -1;
    if (out.layer < 0) {  // no grid, or no layer for that size: a unit of one cell
        out.layer = out.profileLayer;
        out.size = 1;
    }
    return out;
}

bool Party::freeFor(isostar::TileCoord tile, const std::string& profile, int size) const
{
    const UnitLayers l = layersFor(profile, size);
    return m_grid && m_grid->passable(l.layer, tile) && !occupancy().occupiedIn(Footprint{tile, l.size});
}

void Party::leaveGroup(int index)
{
    m_groups.leave(index);
    m_motion.setGroup(index, -1);
}

void Party::gridChanged(std::span<const isostar::path::NavDirty> dirty, CostChangeReport* report)
{
    CostChangeReport local;
    CostChangeReport& rep = report ? *report : local;
    rep = {};
    if (!m_grid || !m_paths.bound())
        return;
    // Paths delivered by the service: it knows which cross a dirty cell. Paths planned directly
    // (the leader's) are checked against the dirty cells of their layer.
    const std::vector<isostar::path::PathHandle> stale = m_paths.invalidate(dirty);
    const DirtyCells changed(*m_grid, dirty);
    for (std::size_t i = 0; i < units().size(); ++i) {
        const Unit& u = units()[i];
        const bool displaced = m_motion.displace(int(i));
        if (displaced)
            rep.displaced.push_back(int(i));
        if (u.walk.awaitingPath) {
            // Its search restarts in the service (invalidate); a displaced unit asks again.
            if (displaced)
                m_motion.request(int(i), u.goal);
            continue;
        }
        if (u.path.empty())
            continue;
        bool crosses = displaced || std::find(stale.begin(), stale.end(), u.walk.request) != stale.end();
        crosses = crosses || (u.stepping && !m_grid->passable(u.layer, u.stepTo));
        for (std::size_t k = 0; k < u.path.size() && !crosses; ++k)
            crosses = changed.at(u.layer, u.path[k]);
        crosses = crosses || changed.at(u.layer, u.goal);
        if (!crosses)
            continue;
        // A unit mid-step keeps stepping; its new path starts where it is going. A follower of
        // a group's flow field takes its new path from the field (restarted by invalidate when
        // the change touched it).
        m_motion.clearReplans(int(i));
        if (GroupMove repair = displaced ? GroupMove{} : m_groups.awaitRepair(int(i)))
            m_motion.apply(int(i), std::move(repair));
        else
            m_motion.request(int(i), u.goal);
        rep.replanned.push_back(int(i));
    }
}

int Party::spawn(const std::string& name, isostar::TileCoord tile, const std::string& profile, int size)
{
    const int index = m_motion.spawn(name, tile, profile, layersFor(profile, size));
    m_selection.resize(int(units().size()));
    return index;
}

void Party::spawnAround(const std::vector<std::string>& names, isostar::TileCoord near, const std::vector<std::string>& profiles,
                        const std::vector<int>& sizes)
{
    if (!m_grid || m_grid->width() <= 0 || m_grid->height() <= 0)
        return;
    const isostar::path::NavGrid& grid = *m_grid;
    near.x = std::clamp(near.x, 0, grid.width() - 1);
    near.y = std::clamp(near.y, 0, grid.height() - 1);
    // Every cell in order of distance from `near`; each unit takes the first free one passable
    // for its profile and size (its footprint there) on near's island of its layer (or on the
    // island of the first one found for that layer, when `near` itself is a wall).
    std::vector<isostar::TileCoord> cells;
    cells.reserve(grid.shape().size());
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            cells.push_back({x, y});
    auto d2 = [&](isostar::TileCoord c) { return (c.x - near.x) * (c.x - near.x) + (c.y - near.y) * (c.y - near.y); };
    std::stable_sort(cells.begin(), cells.end(), [&](isostar::TileCoord a, isostar::TileCoord b) { return d2(a) < d2(b); });
    std::vector<int> island(std::size_t(grid.layerCount()), -1);
    for (std::size_t k = 0; k < names.size(); ++k) {
        const std::string profile = k < profiles.size() ? profiles[k] : std::string();
        const UnitLayers layers = layersFor(profile, k < sizes.size() ? sizes[k] : 1);
        const int layer = layers.layer;
        if (std::size_t(layer) >= island.size())
            island.resize(std::size_t(layer) + 1, -1);
        for (isostar::TileCoord c : cells) {
            if (!grid.passable(layer, c) || occupancy().occupiedIn(Footprint{c, layers.size}))
                continue;
            int& home = island[std::size_t(layer)];
            if (home < 0)
                home = grid.islandOf(layer, c);
            if (grid.islandOf(layer, c) != home)
                continue;
            spawn(names[k], c, profile, layers.size);
            break;
        }
    }
}

int Party::find(const std::string& name) const
{
    for (std::size_t i = 0; i < units().size(); ++i)
        if (units()[i].name == name)
            return int(i);
    return -1;
}

UnitHandle Party::handle(int index) const
{
    if (index < 0 || index >= int(units().size()))
        return {};
    return {index, m_generation};
}

const Unit* Party::get(UnitHandle h) const
{
    const int i = indexOf(h);
    return i < 0 ? nullptr : &units()[std::size_t(i)];
}

int Party::indexOf(UnitHandle h) const
{
    if (h.generation != m_generation || h.index < 0 || h.index >= int(units().size()))
        return -1;
    return h.index;
}

OrderReport Party::orderSelected(isostar::TileCoord clicked, isostar::path::SearchTrace* trace)
{
    return order(m_selection.indices(), clicked, trace);
}

bool Party::planLeader(int index, isostar::TileCoord goal, OrderReport& rep, isostar::path::SearchTrace* trace)
{
    m_motion.dropRequest(index);
    const Unit& u = units()[std::size_t(index)];
    isostar::path::PathResult result;
    const auto t0 = std::chrono::steady_clock::now();
    const isostar::path::PathStatus st = m_query.findPath(*m_grid, u.layer, planCell(u), goal, result, nullptr, trace);
    trimPartyQuery(m_query, m_paths.bigGrid());
    rep.micros = microsFrom(t0);
    rep.status = st;
    rep.cost = result.cost;
    rep.length = int(result.path.size());
    rep.expanded = result.expanded;
    if (!isostar::path::hasPath(st) || result.path.empty())
        return false;
    m_motion.take(index, result);
    return true;
}

OrderReport Party::order(const std::vector<int>& who, isostar::TileCoord clicked, isostar::path::SearchTrace* trace,
                         bool leaderNow)
{
    OrderReport rep;
    rep.clicked = clicked;
    if (who.empty() || !m_grid || !m_grid->inBounds(clicked))
        return rep;
    const auto tStart = std::chrono::steady_clock::now();
    const std::vector<int> movers = m_blocked.begin(units(), occupancy(), who);
    const FormationBlocked blocked = [this](isostar::TileCoord c) { return m_blocked.at(c); };
    // One formation per movement profile, the leader's first: each unit's goal is reachable with
    // its own costs, and the goals of earlier groups are taken for the later ones.
    std::vector<int> layerOrder;
    for (int i : movers)
        if (std::find(layerOrder.begin(), layerOrder.end(), units()[std::size_t(i)].layer) == layerOrder.end())
            layerOrder.push_back(units()[std::size_t(i)].layer);
    bool leaderDone = !leaderNow;
    for (int layer : layerOrder) {
        std::vector<int> group;
        std::vector<isostar::TileCoord> starts;
        for (std::size_t r = 0; r < movers.size(); ++r)
            if (units()[std::size_t(movers[r])].layer == layer) {
                group.push_back(movers[r]);
                m_motion.setRank(movers[r], int(r));
                starts.push_back(planCell(units()[std::size_t(movers[r])]));
            }
        const int size = units()[std::size_t(group.front())].size;
        const FormationResult form = planFormation(*m_grid, layer, m_query, clicked, starts, blocked, m_formation, size);
        if (!form.anchor)
            continue;
        if (!rep.anchor) {
            rep.anchor = form.anchor;
            rep.anchorMoved = form.anchorMoved;
        }
        m_blocked.take(form.goals, size);
        orderGroup(group, form.goals, *form.anchor, !leaderDone, leaderNow, rep, trace);
        leaderDone = true;
    }
    m_blocked.end();
    rep.accepted = rep.units > 0;
    m_paths.addSyncMicros(microsFrom(tStart));
    return rep;
}

void Party::orderGroup(const std::vector<int>& group, const std::vector<isostar::TileCoord>& goals, isostar::TileCoord anchor,
                       bool planFirst, bool leadsOwnPath, OrderReport& rep, isostar::path::SearchTrace* trace)
{
    const bool shared = int(group.size()) >= std::max(2, m_params.fieldMinUnits);
    for (std::size_t k = 0; k < group.size(); ++k) {
        const int i = group[k];
        leaveGroup(i);
        m_motion.clearReplans(i);
        if (k == 0 && planFirst) {
            // The leader: planned now, its figures (and its search trace) for the HUD.
            rep.units += planLeader(i, goals[k], rep, trace) ? 1 : 0;
        } else if (!shared || (k == 0 && leadsOwnPath)) {
            m_motion.request(i, goals[k]);  // served over the next frames
            ++rep.units;
        } else {
            m_motion.awaitField(i, goals[k]);  // its path comes from the group's field
            ++rep.units;
        }
    }
    if (!shared)
        return;
    const int g = m_groups.create(units()[std::size_t(group.front())].layer, anchor, group, planFirst || leadsOwnPath);
    for (int i : group)
        m_motion.setGroup(i, g);
}

bool Party::sendTo(int index, isostar::TileCoord goal)
{
    if (!m_grid || !m_paths.bound() || index < 0 || index >= int(units().size()) || !m_grid->inBounds(goal))
        return false;
    leaveGroup(index);
    m_motion.setRank(index, 0);
    m_motion.clearReplans(index);
    m_motion.request(index, goal);
    return true;
}

isostar::path::PathStatus Party::preview(isostar::TileCoord tile, isostar::path::PathResult& out, isostar::path::SearchTrace* trace)
{
    const int leader = m_selection.leader();
    if (leader < 0 || !m_grid) {
        out = {};
        return out.status;
    }
    const Unit& u = units()[std::size_t(leader)];
    const auto t0 = std::chrono::steady_clock::now();
    const isostar::path::PathStatus st = m_query.findPath(*m_grid, u.layer, planCell(u), tile, out, nullptr, trace);
    trimPartyQuery(m_query, m_paths.bigGrid());
    m_paths.addSyncMicros(microsFrom(t0));
    return st;
}

void Party::update(double dtSec)
{
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    double pathMicros = m_paths.takeSyncMicros();
    // One budget for all path work of the update: the orders given since the update before
    // have spent their share; followers take their paths from fields within at most a third
    // of what is left after a reserve for the motion (its path work of the update before); the
    // service gets the rest; the motion's short searches stop at the end of the budget. With
    // an expansion budget (pathBudgetExpansions) no clock decides anything.
    Clock::time_point serveEnd = Clock::time_point::max(), end = Clock::time_point::max();
    if (m_params.pathBudgetExpansions <= 0) {
        const double left = m_params.pathBudgetMicros - pathMicros;
        auto at = [&](double micros) {
            return t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::micro>(micros));
        };
        end = at(left);
        serveEnd = at(std::max(0.0, (left - m_motionMicros) / 3.0));
    }
    m_groups.serve(serveEnd, [this](int index, GroupMove move) { m_motion.apply(index, std::move(move)); });
    m_paths.serve(m_params, pathMicros + microsFrom(t0) + m_motionMicros);
    m_motion.takeResults();
    m_paths.releaseIdle();
    pathMicros += microsFrom(t0);
    m_groups.setDeadline(end);
    m_motionMicros = m_motion.update(dtSec);
    pathMicros += m_motionMicros;
    m_paths.setUpdateMicros(pathMicros);
}

bool Party::anyMoving() const
{
    return std::any_of(units().begin(), units().end(), [](const Unit& u) { return u.moving(); });
}

} // namespace game
