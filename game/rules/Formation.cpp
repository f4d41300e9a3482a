#include "game/rules/Formation.hpp"

#include <algorithm>
#include <deque>

namespace game {

namespace {

double dist2(eng::TileCoord a, eng::TileCoord b)
{
    const double dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}

/// The layer of a grid the formation is planned on.
struct FormationLayer {
    const eng::path::NavGrid& grid;
    int layer;
    bool passable(eng::TileCoord c) const { return grid.passable(layer, c); }
    bool reachable(eng::TileCoord a, eng::TileCoord b) const { return grid.reachable(layer, a, b); }
    std::size_t index(eng::TileCoord c) const { return std::size_t(c.y) * std::size_t(grid.width()) + std::size_t(c.x); }
};

/// The clicked tile if some unit can reach it; else the reachable tile closest to it as the
/// pathfinder's Partial result defines it (from the unit nearest to the click), `moved` set.
/// nullopt when no unit can move.
std::optional<eng::TileCoord> formationAnchor(const FormationLayer& f, eng::path::GridQuery& query, eng::TileCoord clicked,
                                              std::span<const eng::TileCoord> units, bool& moved)
{
    moved = false;
    for (eng::TileCoord u : units)
        if (f.reachable(u, clicked))
            return clicked;
    std::size_t nearest = units.size();
    for (std::size_t i = 0; i < units.size(); ++i)
        if (f.passable(units[i]) && (nearest == units.size() || dist2(units[i], clicked) < dist2(units[nearest], clicked)))
            nearest = i;
    if (nearest == units.size())
        return std::nullopt;
    eng::path::PathResult pr;
    if (!eng::path::hasPath(query.findPath(f.grid, f.layer, units[nearest], clicked, pr)) || pr.path.empty())
        return std::nullopt;
    moved = true;
    return pr.path.back();
}

/// Up to `want` tiles flooded outward from `anchor` over passable cells (units are not walls:
/// the flood passes through blocked tiles but never picks them), closest first (Euclidean, then
/// row-major).
std::vector<eng::TileCoord> formationCandidates(const FormationLayer& f, eng::TileCoord anchor, std::size_t want,
                                                std::span<const eng::TileCoord> blocked)
{
    const std::size_t cells = std::size_t(f.grid.width()) * std::size_t(f.grid.height());
    std::vector<char> seen(cells, 0), isBlocked(cells, 0);
    for (eng::TileCoord b : blocked)
        if (f.grid.inBounds(b))
            isBlocked[f.index(b)] = 1;
    std::vector<eng::TileCoord> candidates;
    std::deque<eng::TileCoord> queue{anchor};
    seen[f.index(anchor)] = 1;
    while (!queue.empty() && candidates.size() < want) {
        const eng::TileCoord c = queue.front();
        queue.pop_front();
        if (!isBlocked[f.index(c)])
            candidates.push_back(c);
        const eng::TileCoord next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (eng::TileCoord n : next) {
            if (!f.passable(n) || seen[f.index(n)])
                continue;
            seen[f.index(n)] = 1;
            queue.push_back(n);
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(), [&](eng::TileCoord a, eng::TileCoord b) {
        const double da = dist2(a, anchor), db = dist2(b, anchor);
        if (da != db)
            return da < db;
        return f.index(a) < f.index(b);
    });
    return candidates;
}

/// Pairs units and candidates greedily by distance (shortest pair first) so the formation does
/// not cross over itself, among the closest candidates first, then the rest; a unit that can
/// reach none of them (another island) stays where it is.
std::vector<eng::TileCoord> assignGoals(const FormationLayer& f, std::span<const eng::TileCoord> units,
                                        const std::vector<eng::TileCoord>& candidates)
{
    std::vector<eng::TileCoord> goals(units.begin(), units.end());
    std::vector<char> assigned(units.size(), 0), taken(candidates.size(), 0);
    struct Pair {
        double d;
        std::size_t unit, cand;
    };
    std::vector<Pair> pairs;
    for (std::size_t u = 0; u < units.size(); ++u)
        for (std::size_t c = 0; c < candidates.size(); ++c)
            if (f.reachable(units[u], candidates[c]))
                pairs.push_back({dist2(units[u], candidates[c]), u, c});
    // Restrict to the `pool` closest reachable candidates first; fall back to the rest.
    const std::size_t pool = std::min(candidates.size(), units.size());
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1 && std::all_of(assigned.begin(), assigned.end(), [](char a) { return a != 0; }))
            break;  // every unit has its goal: the rest would assign nothing
        std::vector<Pair> use;
        for (const Pair& p : pairs)
            if (pass == 1 || p.cand < pool)
                use.push_back(p);
        // Distance, then candidate, then unit (the order the pairs were made in): a total
        // order, so a plain sort gives the one result.
        std::sort(use.begin(), use.end(), [](const Pair& a, const Pair& b) {
            if (a.d != b.d)
                return a.d < b.d;
            if (a.cand != b.cand)
                return a.cand < b.cand;
            return a.unit < b.unit;
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

FormationResult planFormation(const eng::path::NavGrid& grid, int layer, eng::path::GridQuery& query,
                              eng::TileCoord clicked, std::span<const eng::TileCoord> units,
                              std::span<const eng::TileCoord> blocked)
{
    FormationResult r;
    if (!grid.validLayer(layer) || !grid.inBounds(clicked) || units.empty())
        return r;
    const FormationLayer f{grid, layer};
    r.anchor = formationAnchor(f, query, clicked, units, r.anchorMoved);
    if (!r.anchor)
        return r;
    const std::vector<eng::TileCoord> candidates = formationCandidates(f, *r.anchor, units.size() * 4 + 8, blocked);
    r.goals = assignGoals(f, units, candidates);
    return r;
}

} // namespace game
