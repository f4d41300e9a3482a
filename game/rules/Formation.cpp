#include "game/rules/Formation.hpp"

#include <algorithm>
#include <cmath>
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

/// A square window of the grid round a centre (clipped to the grid) with a mark per cell:
/// the flood's scratch, sized by the flood rather than the map.
struct FloodWindow {
    int x0, y0, x1, y1;
    std::vector<char> seen, blocked;
    FloodWindow(const eng::path::NavGrid& grid, eng::TileCoord centre, int radius)
        : x0(std::max(0, centre.x - radius)), y0(std::max(0, centre.y - radius)),
          x1(std::min(grid.width(), centre.x + radius + 1)), y1(std::min(grid.height(), centre.y + radius + 1)),
          seen(std::size_t(x1 - x0) * std::size_t(y1 - y0), 0), blocked(seen.size(), 0)
    {
    }
    bool contains(eng::TileCoord c) const { return c.x >= x0 && c.y >= y0 && c.x < x1 && c.y < y1; }
    std::size_t at(eng::TileCoord c) const { return std::size_t(c.y - y0) * std::size_t(x1 - x0) + std::size_t(c.x - x0); }
    bool wholeGrid(const eng::path::NavGrid& grid) const
    {
        return x0 == 0 && y0 == 0 && x1 == grid.width() && y1 == grid.height();
    }
};

/// The flood of formationCandidates inside `w`; false when it would have left the window (a
/// passable neighbour outside it), so a larger window must run it again to give the same cells.
bool floodInWindow(const FormationLayer& f, FloodWindow& w, eng::TileCoord anchor, std::size_t want,
                   std::span<const eng::TileCoord> blocked, std::vector<eng::TileCoord>& candidates)
{
    for (eng::TileCoord b : blocked)
        if (w.contains(b))
            w.blocked[w.at(b)] = 1;
    std::deque<eng::TileCoord> queue{anchor};
    w.seen[w.at(anchor)] = 1;
    while (!queue.empty() && candidates.size() < want) {
        const eng::TileCoord c = queue.front();
        queue.pop_front();
        if (!w.blocked[w.at(c)])
            candidates.push_back(c);
        const eng::TileCoord next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (eng::TileCoord n : next) {
            if (!f.passable(n))
                continue;
            if (!w.contains(n))
                return false;
            if (w.seen[w.at(n)])
                continue;
            w.seen[w.at(n)] = 1;
            queue.push_back(n);
        }
    }
    return true;
}

/// Up to `want` tiles flooded outward from `anchor` over passable cells (units are not walls:
/// the flood passes through blocked tiles but never picks them), closest first (Euclidean, then
/// row-major). The flood runs in a window round the anchor that doubles until the flood stays
/// inside it (the same cells as a flood over the whole map, at the cost of the cells it visits).
std::vector<eng::TileCoord> formationCandidates(const FormationLayer& f, eng::TileCoord anchor, std::size_t want,
                                                std::span<const eng::TileCoord> blocked)
{
    std::vector<eng::TileCoord> candidates;
    for (int radius = 16 + 2 * int(std::sqrt(double(want)));; radius *= 2) {
        FloodWindow w(f.grid, anchor, radius);
        candidates.clear();
        if (floodInWindow(f, w, anchor, want, blocked, candidates) || w.wholeGrid(f.grid))
            break;
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
    // Reachable = same island: each cell's island looked up once.
    std::vector<int> unitIsland(units.size()), candIsland(candidates.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        unitIsland[u] = f.grid.islandOf(f.layer, units[u]);
    for (std::size_t c = 0; c < candidates.size(); ++c)
        candIsland[c] = f.grid.islandOf(f.layer, candidates[c]);
    struct Pair {
        double d;
        std::size_t unit, cand;
    };
    // Restrict to the `pool` closest reachable candidates first; fall back to the rest.
    const std::size_t pool = std::min(candidates.size(), units.size());
    std::vector<Pair> use;
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1 && std::all_of(assigned.begin(), assigned.end(), [](char a) { return a != 0; }))
            break;  // every unit has its goal: the rest would assign nothing
        use.clear();
        for (std::size_t u = 0; u < units.size(); ++u)
            for (std::size_t c = 0; c < (pass == 0 ? pool : candidates.size()); ++c)
                if (unitIsland[u] >= 0 && unitIsland[u] == candIsland[c])
                    use.push_back({dist2(units[u], candidates[c]), u, c});
        // Shortest pair first by distance, then candidate, then unit: a total order, so taking
        // the pairs off a heap gives the one result of a sort, and stops once every unit has
        // its goal (most pairs are never ordered).
        auto after = [](const Pair& a, const Pair& b) {
            if (a.d != b.d)
                return a.d > b.d;
            if (a.cand != b.cand)
                return a.cand > b.cand;
            return a.unit > b.unit;
        };
        std::make_heap(use.begin(), use.end(), after);
        for (std::size_t left = units.size() - std::size_t(std::count(assigned.begin(), assigned.end(), 1));
             left > 0 && !use.empty();) {
            std::pop_heap(use.begin(), use.end(), after);
            const Pair p = use.back();
            use.pop_back();
            if (assigned[p.unit] || taken[p.cand])
                continue;
            assigned[p.unit] = 1;
            taken[p.cand] = 1;
            goals[p.unit] = candidates[p.cand];
            --left;
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
