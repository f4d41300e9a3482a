/// \file GroupFields.cpp
/// GroupFields: the groups and their field requests, followers' paths from a field (the walk
/// toward the anchor, then a tail A* to the formation cell), rerouting and repair.
#include "game/party/GroupFields.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace game {

namespace {

/// The smallest margin around a group's box, cells.
constexpr int MinFieldMargin = 6;

double octile(isostar::TileCoord a, isostar::TileCoord b)
{
    const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);
}

/// May a unit on `layer` step from `from` to its neighbour `to` under the layer's diagonal rule
/// (on a hex grid: to one of the six cells sharing an edge)?
bool mayStep(const isostar::path::NavGrid& grid, int layer, isostar::TileCoord from, isostar::TileCoord to)
{
    if (!grid.passable(layer, to))
        return false;
    if (grid.hex()) // the six cells sharing an edge, no diagonal rule
        return grid.topology().hexDistance(from, to) == 1;
    if (from.x == to.x || from.y == to.y)
        return true;
    const bool a = grid.passable(layer, {to.x, from.y}), b = grid.passable(layer, {from.x, to.y});
    switch (grid.rules(layer).diagonal) {
    case isostar::path::DiagonalMode::Never: return false;
    case isostar::path::DiagonalMode::NoCornerCutting: return a && b;
    case isostar::path::DiagonalMode::AtMostOneObstacle: return a || b;
    case isostar::path::DiagonalMode::Always: return true;
    }
    return false;
}

/// A move of `kind` toward `goal`.
GroupMove moveOf(GroupMove::Kind kind, isostar::TileCoord goal = {})
{
    GroupMove m;
    m.kind = kind;
    m.goal = goal;
    return m;
}

} // namespace

GroupFields::GroupFields(const std::vector<Unit>& units, PathRequests& paths, isostar::path::GridQuery& query)
    : m_units(units), m_paths(paths), m_query(query)
{
}

void GroupFields::bind(const isostar::path::NavGrid* grid)
{
    clear();
    m_grid = grid;
}

void GroupFields::clear()
{
    for (Group& g : m_groups)
        if (!g.members.empty())
            m_paths.release(g.field);
    m_groups.clear();
    m_free.clear();
}

int GroupFields::create(int layer, isostar::TileCoord anchor, std::span<const int> members, bool leaderOwnPath)
{
    if (!m_grid || members.empty())
        return -1;
    int index = int(m_groups.size());
    if (!m_free.empty()) {
        index = m_free.back();
        m_free.pop_back();
    } else {
        m_groups.emplace_back();
    }
    Group& g = m_groups[std::size_t(index)];
    g = Group{};
    g.layer = layer;
    g.anchor = anchor;
    g.members.assign(members.begin(), members.end());
    g.lead = leaderOwnPath ? members.front() : -1;
    std::vector<isostar::TileCoord> cells;
    for (int i : members)
        cells.push_back(planCell(m_units[std::size_t(i)]));
    const isostar::TileCoord goal[] = {anchor};
    isostar::path::FieldRegion region = isostar::path::FieldRegion::around(*m_grid, cells, goal, 0);
    const int margin = std::max(MinFieldMargin, std::max(region.width(), region.height()) / 6);
    region = isostar::path::FieldRegion::around(*m_grid, cells, goal, margin);
    // The followers' cells are the field's sources: it stops once they are served.
    g.field = m_paths.requestField({layer, {anchor}, region, {cells.begin() + (leaderOwnPath ? 1 : 0), cells.end()}});
    g.requestedAt = m_paths.updates();
    g.waitingSince = g.requestedAt;
    g.waiting = true;
    return index;
}

void GroupFields::leave(int index)
{
    const int group = m_units[std::size_t(index)].group;
    if (group < 0)
        return;
    Group& g = m_groups[std::size_t(group)];
    g.members.erase(std::remove(g.members.begin(), g.members.end(), index), g.members.end());
    if (g.members.empty()) {
        m_paths.release(g.field);
        g = Group{};
        m_free.push_back(group);
    }
}

bool GroupFields::spent() const
{
    return m_searchLeft <= 0 || (m_deadline != Clock::time_point::max() && Clock::now() >= m_deadline);
}

void GroupFields::serve(Clock::time_point deadline, const MoveSink& apply)
{
    m_searchLeft = SearchesPerUpdate;
    m_deadline = deadline;
    if (!m_grid)
        return;
    // A field's wait ends when it is complete; its followers then take their paths, the
    // groups that have waited longest first (so none starves behind the others).
    m_ready.clear();
    for (std::size_t k = 0; k < m_groups.size(); ++k) {
        Group& g = m_groups[k];
        if (!g.waiting || !m_paths.field(g.field))
            continue;
        if (!g.counted) {
            m_paths.served(g.requestedAt);
            g.counted = true;
        }
        m_ready.push_back(int(k));
    }
    std::sort(m_ready.begin(), m_ready.end(), [&](int a, int b) {
        const long long ta = m_groups[std::size_t(a)].requestedAt, tb = m_groups[std::size_t(b)].requestedAt;
        return ta != tb ? ta < tb : a < b;
    });
    isostar::path::PathResult out;
    for (const int k : m_ready) {
        if (spent())
            break;  // the rest wait for the next update
        Group& g = m_groups[std::size_t(k)];
        const isostar::path::FlowField* field = m_paths.field(g.field);
        if (widen(g, *field))
            continue;  // asked again over the whole grid: its followers wait for that one
        g.waiting = false;
        for (int i : g.members) {
            const Unit& u = m_units[std::size_t(i)];
            if (i == g.lead || !u.walk.awaitingPath || u.walk.request.valid())
                continue;
            if (spent()) {
                g.waiting = true;
                break;
            }
            if (buildPath(i, *field, planCell(u), false, {}, out, true))
                apply(i, walk(i, std::move(out), {}));
            else if (m_outOfTime)
                g.waiting = true;  // its tail search ran out of this update: next update
            else
                apply(i, moveOf(GroupMove::Kind::Ask, u.goal));  // out of the field's reach: an A* of its own
        }
        if (!g.waiting)
            m_paths.followersServed(g.waitingSince);
    }
}

bool GroupFields::shortSearch(int layer, isostar::TileCoord start, isostar::TileCoord goal,
                              const isostar::path::QueryOverlay* overlay)
{
    // Time-sliced A* run now in small slices, within this update's allowance and deadline: a
    // search that needs more than ShortSearchExpansions gives up; one cut by the allowance or
    // the deadline sets m_outOfTime (its unit tries again next update).
    m_outOfTime = false;
    if (spent()) {
        m_outOfTime = true;
        return false;
    }
    isostar::path::PathStatus st = m_query.beginSearch(*m_grid, layer, start, goal, overlay);
    int before = 0;
    while (st == isostar::path::PathStatus::InProgress && m_query.expandedSoFar() < ShortSearchExpansions) {
        if (spent()) {
            m_outOfTime = true;
            break;
        }
        const long long left = std::min<long long>(ShortSearchExpansions - m_query.expandedSoFar(), m_searchLeft);
        st = m_query.step(int(std::min(ShortSearchSlice, left)));
        m_searchLeft -= std::max(1, m_query.expandedSoFar() - before);
        before = m_query.expandedSoFar();
    }
    if (st == isostar::path::PathStatus::InProgress) {
        m_query.cancel();
        return false;
    }
    m_query.finishSearch(m_tail);
    return isostar::path::hasPath(m_tail.status) && !m_tail.path.empty() && m_tail.path.back() == goal;
}

bool GroupFields::follower(int index) const
{
    const int g = m_units[std::size_t(index)].group;
    return g >= 0 && m_groups[std::size_t(g)].lead != index;
}

bool GroupFields::buildPath(int index, const isostar::path::FlowField& field, isostar::TileCoord from, bool withLead,
                            isostar::TileCoord lead, isostar::path::PathResult& out, bool tailLater)
{
    const Unit& u = m_units[std::size_t(index)];
    m_outOfTime = false;
    m_trace.clear();
    if (!field.trace(from, m_trace))
        return false;
    // Along the field as far as the first cell closest to the unit's own formation cell.
    std::size_t cut = 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < m_trace.size(); ++k)
        if (const double d = octile(m_trace[k], u.goal); d < best) {
            best = d;
            cut = k;
        }
    out = {};
    if (withLead)
        out.path.push_back(lead);
    out.path.insert(out.path.end(), m_trace.begin(), m_trace.begin() + std::ptrdiff_t(cut + 1));
    // With tailLater the tail waits until the unit gets there (walk() marks it), unless there
    // is nothing to walk before it.
    if (m_trace[cut] != u.goal && (!tailLater || out.path.size() < 2)) {
        if (!shortSearch(u.layer, m_trace[cut], u.goal, nullptr))
            return false;
        out.path.insert(out.path.end(), m_tail.path.begin() + 1, m_tail.path.end());
        out.expanded = m_tail.expanded;
    }
    out.status = isostar::path::PathStatus::Found;
    return true;
}

bool GroupFields::widen(Group& g, const isostar::path::FlowField& field)
{
    // The way from a follower to the anchor leaves the field's rectangle (round a lake, say):
    // one field over the whole grid serves them all better than an A* each.
    const isostar::path::FieldRegion whole = isostar::path::FieldRegion::whole(*m_grid);
    if (field.region() == whole)
        return false;
    std::vector<isostar::TileCoord> cells;
    bool missed = false;
    for (int i : g.members) {
        const Unit& u = m_units[std::size_t(i)];
        if (i == g.lead || !u.walk.awaitingPath || u.walk.request.valid())
            continue;
        cells.push_back(planCell(u));
        missed = missed || !field.reached(cells.back());
    }
    if (!missed)
        return false;
    m_paths.release(g.field);
    g.field = m_paths.requestField({g.layer, {g.anchor}, whole, std::move(cells)});
    g.requestedAt = m_paths.updates();
    g.counted = false;
    return true;
}

GroupMove GroupFields::walk(int index, isostar::path::PathResult out, std::span<const isostar::TileCoord> avoid) const
{
    // A path that ends where the field leaves it: the tail comes later. Under two cells: it
    // stands on its formation cell.
    GroupMove m = moveOf(GroupMove::Kind::Walk, m_units[std::size_t(index)].goal);
    m.path = std::move(out);
    m.avoid.assign(avoid.begin(), avoid.end());
    return m;
}

GroupMove GroupFields::takeTail(int index)
{
    const Unit& u = m_units[std::size_t(index)];
    if (!u.walk.tailPending || !u.path.empty() || u.stepping)
        return {};
    const isostar::TileCoord start = planCell(u);
    if (!follower(index) || !m_grid || start == u.goal)
        return moveOf(GroupMove::Kind::EndTail);
    if (!shortSearch(u.layer, start, u.goal, nullptr)) {
        if (m_outOfTime)
            return {};  // this update's short searches are spent: it waits a frame
        return moveOf(GroupMove::Kind::Ask, u.goal);  // no short way: an A* of its own
    }
    return walk(index, m_tail, {});
}

GroupMove GroupFields::reroute(int index, const OccupancyGrid& occupancy)
{
    const Unit& u = m_units[std::size_t(index)];
    if (!follower(index) || u.stepping || !m_grid)
        return {};
    const Group& g = m_groups[std::size_t(u.group)];
    const isostar::path::FlowField* field = m_paths.field(g.field);
    const isostar::TileCoord cur = u.tile;
    if (!field || !field->reached(cur) || octile(cur, u.goal) <= octile(g.anchor, u.goal) + 1.0)
        return {};
    // The free neighbour closer to the anchor by the field, cheapest to go on from.
    const double here = field->distance(cur);
    std::optional<isostar::TileCoord> best;
    double bestCost = std::numeric_limits<double>::infinity();
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const isostar::TileCoord n{cur.x + dx, cur.y + dy};
            if ((dx == 0 && dy == 0) || !mayStep(*m_grid, u.layer, cur, n) || occupancy.occupiedIn(u.footprintAt(n), index))
                continue;
            const double d = field->distance(n);
            const bool diagonal = dx != 0 && dy != 0 && !m_grid->hex();
            const double step = double(m_grid->cost(u.layer, n)) * (diagonal ? m_grid->rules(u.layer).diagonalFactor : 1.0);
            if (d < here && d + step < bestCost) {
                bestCost = d + step;
                best = n;
            }
        }
    isostar::path::PathResult out;
    if (!best || !buildPath(index, *field, *best, true, cur, out))
        return {};
    const isostar::TileCoord blocked[] = {u.path.empty() ? cur : u.path.front()};
    GroupMove move = walk(index, std::move(out), blocked);
    move.replan = true;
    return move;
}

GroupFields::NearReplan GroupFields::replanNear(int index, isostar::TileCoord goal, std::vector<isostar::TileCoord> avoid,
                                                float penalty, GroupMove& move)
{
    const Unit& u = m_units[std::size_t(index)];
    const isostar::TileCoord start = planCell(u);
    if (!follower(index) || !m_grid)
        return NearReplan::NotDone;
    // Spent: a unit with a path stays blocked and tries again; one without (it stepped aside)
    // would stand for good, so it asks the service.
    const NearReplan later = u.path.empty() ? NearReplan::NotDone : NearReplan::Deferred;
    // Near its cell: a short search to it. Farther: a detour to the cell of its path
    // NearReplanCells steps ahead, and on along the path from there.
    const bool near = octile(start, goal) <= NearReplanCells || u.path.empty();
    const std::size_t ahead = near ? 0 : std::min(u.path.size() - 1, std::size_t(NearReplanCells));
    const isostar::TileCoord target = near ? goal : u.path[ahead];
    if (spent())
        return later;
    // Other units as dear ground, not as walls: in a crowd a detour is taken only when short,
    // so the search stays small (a wall-like penalty floods everything cheaper first).
    const isostar::path::QueryOverlay overlay{avoid, std::min(penalty, CrowdPenalty), false};
    if (!shortSearch(u.layer, start, target, avoid.empty() ? nullptr : &overlay))
        return m_outOfTime ? later : NearReplan::NotDone;
    if (m_tail.path.size() < 2)
        return NearReplan::NotDone;
    isostar::path::PathResult out;
    out.status = isostar::path::PathStatus::Found;
    out.path = m_tail.path;
    if (!near)
        out.path.insert(out.path.end(), u.path.begin() + std::ptrdiff_t(ahead + 1), u.path.end());
    move = walk(index, std::move(out), avoid);
    move.goal = goal;
    return NearReplan::Done;
}

GroupMove GroupFields::retrace(int index)
{
    const Unit& u = m_units[std::size_t(index)];
    if (!follower(index) || !m_grid)
        return {};
    const isostar::path::FlowField* field = m_paths.field(m_groups[std::size_t(u.group)].field);
    isostar::path::PathResult out;
    if (!field)
        return {};
    if (!buildPath(index, *field, planCell(u), false, {}, out))
        return m_outOfTime ? awaitRepair(index) : GroupMove{};  // cut by the deadline: serve() gives its path
    return walk(index, std::move(out), {});
}

GroupMove GroupFields::awaitRepair(int index)
{
    const Unit& u = m_units[std::size_t(index)];
    if (!follower(index))
        return {};
    Group& g = m_groups[std::size_t(u.group)];
    if (!g.waiting)
        g.waitingSince = m_paths.updates();
    g.waiting = true;
    return moveOf(GroupMove::Kind::Await, u.goal);
}

const isostar::path::FlowField* GroupFields::fieldOf(int index) const
{
    if (index < 0 || index >= int(m_units.size()))
        return nullptr;
    const int g = m_units[std::size_t(index)].group;
    return g < 0 ? nullptr : m_paths.field(m_groups[std::size_t(g)].field);
}

int GroupFields::groupCount() const
{
    return int(std::count_if(m_groups.begin(), m_groups.end(), [](const Group& g) { return !g.members.empty(); }));
}

} // namespace game
