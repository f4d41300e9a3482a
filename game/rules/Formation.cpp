#include "game/rules/Formation.hpp"

#include <algorithm>
#include <deque>
#include <optional>

namespace game {

namespace {

double dist2(eng::TileCoord a, eng::TileCoord b)
{
    const double dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}

/// One layer of a NavGrid as the formation sees its cells.
struct FormationCells {
    const eng::path::NavGrid& grid;
    int layer;
    bool inBounds(eng::TileCoord c) const { return grid.inBounds(c); }
    bool passable(eng::TileCoord c) const { return grid.passable(layer, c); }
    int index(eng::TileCoord c) const { return c.y * grid.width() + c.x; }
};

/// Reachability and paths on that layer.
struct FormationReach {
    const eng::path::NavGrid& grid;
    int layer;
    eng::path::GridQuery& query;
    bool reachable(eng::TileCoord a, eng::TileCoord b) const { return grid.reachable(layer, a, b); }
    eng::path::PathStatus findPath(eng::TileCoord a, eng::TileCoord b, eng::path::PathResult& out) const
    {
        return query.findPath(grid, layer, a, b, out);
    }
};

/// The clicked tile if some unit can reach it, else the reachable tile closest to it as the
/// pathfinder's Partial result defines it (from the unit nearest to the click; `moved` is set);
/// nullopt when there is none.
std::optional<eng::TileCoord> formationAnchor(const FormationCells& field, const FormationReach& finder,
                                              eng::TileCoord clicked, std::span<const eng::TileCoord> units, bool& moved)
{
    for (eng::TileCoord u : units)
        if (finder.reachable(u, clicked))
            return clicked;
    std::size_t nearest = units.size();
    for (std::size_t i = 0; i < units.size(); ++i)
        if (field.passable(units[i]) && (nearest == units.size() || dist2(units[i], clicked) < dist2(units[nearest], clicked)))
            nearest = i;
    if (nearest == units.size())
        return std::nullopt;
    eng::path::PathResult pr;
    if (!eng::path::hasPath(finder.findPath(units[nearest], clicked, pr)) || pr.path.empty())
        return std::nullopt;
    moved = true;
    return pr.path.back();
}

/// Up to `want` cells flooded outward from the anchor over passable cells, closest first (units
/// are not walls: the flood passes through blocked tiles but never picks them).
std::vector<eng::TileCoord> floodCandidates(const FormationCells& field, eng::TileCoord anchor,
                                            std::span<const eng::TileCoord> blocked, std::size_t want)
{
    const std::size_t cells = std::size_t(field.grid.width()) * std::size_t(field.grid.height());
    std::vector<char> seen(cells, 0), isBlocked(cells, 0);
    for (eng::TileCoord b : blocked)
        if (field.inBounds(b))
            isBlocked[std::size_t(field.index(b))] = 1;
    std::vector<eng::TileCoord> candidates;
    std::deque<eng::TileCoord> queue{anchor};
    seen[std::size_t(field.index(anchor))] = 1;
    while (!queue.empty() && candidates.size() < want) {
        const eng::TileCoord c = queue.front();
        queue.pop_front();
        if (!isBlocked[std::size_t(field.index(c))])
            candidates.push_back(c);
        const eng::TileCoord next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (eng::TileCoord n : next) {
            if (!field.passable(n) || seen[std::size_t(field.index(n))])
                continue;
            seen[std::size_t(field.index(n))] = 1;
            queue.push_back(n);
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(), [&](eng::TileCoord a, eng::TileCoord b) {
        const double da = dist2(a, anchor), db = dist2(b, anchor);
        if (da != db)
            return da < db;
        return field.index(a) < field.index(b);
    });
    return candidates;
}

/// Each unit's goal among the candidates: the closest ones each unit can actually reach, paired
/// greedily by distance (shortest pair first) so the formation does not cross over itself. A
/// unit that can reach none of them (another island) stays where it is.
std::vector<eng::TileCoord> assignGoals(const FormationReach& finder, std::span<const eng::TileCoord> units,
                                        const std::vector<eng::TileCoord>& candidates)
{
    std::vector<eng::TileCoord> goals(units.begin(), units.end());
    std::vector<char> assigned(units.size(), 0), taken(candidates.size(), 0);
    struct Pair {
        double d;
        std::size_t unit, cand;
    };
    std::vector<Pair> pairs;
    const std::size_t pool = std::min(candidates.size(), units.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        for (std::size_t c = 0; c < candidates.size(); ++c)
            if (finder.reachable(units[u], candidates[c]))
                pairs.push_back({dist2(units[u], candidates[c]), u, c});
    // Restrict to the `pool` closest reachable candidates first; fall back to the rest.
    for (int pass = 0; pass < 2; ++pass) {
        std::vector<Pair> use;
        for (const Pair& p : pairs)
            if (pass == 1 || p.cand < pool)
                use.push_back(p);
        std::stable_sort(use.begin(), use.end(), [](const Pair& a, const Pair& b) {
            if (a.d != b.d)
                return a.d < b.d;
            return a.cand < b.cand;
        });
        for (const Pair& p : use) {
            if (assigned[p.unit] || taken[p.cand])
                continue;
            assigned[p.unit] = 1;
            taken[p.cand] = 1;
            goals[p.unit] = candidates[p.cand];
        }
    }
    return goals;
}

} // namespace

FormationResult planFormation(const eng::path::CostField& field, eng::path::GridPathfinder& finder,
                              eng::TileCoord clicked, std::span<const eng::TileCoord> units,
                              std::span<const eng::TileCoord> blocked)
{
    if (!field.inBounds(clicked) || units.empty() || !finder.initialized())
        return {};
    eng::path::GridQuery query;
    return planFormation(finder.grid(), 0, query, clicked, units, blocked);
}

FormationResult planFormation(const eng::path::NavGrid& grid, int layer, eng::path::GridQuery& query,
                              eng::TileCoord clicked, std::span<const eng::TileCoord> units,
                              std::span<const eng::TileCoord> blocked)
{
    FormationResult r;
    if (!grid.validLayer(layer) || !grid.inBounds(clicked) || units.empty())
        return r;
    const FormationCells field{grid, layer};
    const FormationReach finder{grid, layer, query};
    bool moved = false;
    const std::optional<eng::TileCoord> anchor = formationAnchor(field, finder, clicked, units, moved);
    if (!anchor)
        return r;
    r.anchor = *anchor;
    r.anchorMoved = moved;
    const std::vector<eng::TileCoord> candidates = floodCandidates(field, *anchor, blocked, units.size() * 4 + 8);
    r.goals = assignGoals(finder, units, candidates);
    return r;
}

} // namespace game
