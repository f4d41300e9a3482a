#include "game/rules/Formation.hpp"

#include "game/rules/Footprint.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace game {

namespace {

std::int64_t dist2(isostar::TileCoord a, isostar::TileCoord b)
{
    const std::int64_t dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}

/// The layer of a grid the formation is planned on.
struct FormationLayer {
    const isostar::path::NavGrid& grid;
    int layer;
    isostar::GridShape shape = grid.shape();
    bool passable(isostar::TileCoord c) const { return grid.passable(layer, c); }
    bool reachable(isostar::TileCoord a, isostar::TileCoord b) const { return grid.reachable(layer, a, b); }
};

/// The clicked tile if some unit can reach it; else the reachable tile closest to it as the
/// pathfinder's Partial result defines it (from the unit nearest to the click), `moved` set.
/// nullopt when no unit can move.
std::optional<isostar::TileCoord> formationAnchor(const FormationLayer& f, isostar::path::GridQuery& query, isostar::TileCoord clicked,
                                              std::span<const isostar::TileCoord> units, bool& moved)
{
    moved = false;
    for (isostar::TileCoord u : units)
        if (f.reachable(u, clicked))
            return clicked;
    std::size_t nearest = units.size();
    for (std::size_t i = 0; i < units.size(); ++i)
        if (f.passable(units[i]) && (nearest == units.size() || dist2(units[i], clicked) < dist2(units[nearest], clicked)))
            nearest = i;
    if (nearest == units.size())
        return std::nullopt;
    isostar::path::PathResult pr;
    if (!isostar::path::hasPath(query.findPath(f.grid, f.layer, units[nearest], clicked, pr)) || pr.path.empty())
        return std::nullopt;
    moved = true;
    return pr.path.back();
}

/// Up to `want` tiles flooded outward from `anchor` over passable cells (units are not walls:
/// the flood passes through blocked tiles but never picks them), closest first (Euclidean, then
/// row-major), into `s.candidates`. The flood marks the cells it visits in a set sized by them
/// (CellMarks), so an order costs the cells its flood reaches, never the map. Units of `size`
/// > 1: only the tiles on a lattice of that step from the anchor (so no two footprints
/// overlap) whose footprints hold no blocked tile.
void formationCandidates(const FormationLayer& f, isostar::TileCoord anchor, std::size_t want,
                         const FormationBlocked& blocked, int size, FormationScratch& s)
{
    auto onLattice = [&](isostar::TileCoord c) {
        return size <= 1 || (((c.x - anchor.x) % size + size) % size == 0 && ((c.y - anchor.y) % size + size) % size == 0);
    };
    auto free = [&](isostar::TileCoord c) {
        bool taken = false;
        Footprint{c, std::max(1, size)}.forEachCell([&](isostar::TileCoord cell) { taken = taken || blocked(cell); });
        return !taken;
    };
    s.candidates.clear();
    s.seen.clear();
    std::vector<isostar::TileCoord>& queue = s.queue;
    queue.assign(1, anchor);
    s.seen.insert(f.shape.index(anchor));
    for (std::size_t head = 0; head < queue.size() && s.candidates.size() < want; ++head) {
        const isostar::TileCoord c = queue[head];
        if (onLattice(c) && free(c))
            s.candidates.push_back(c);
        // Square grids: the four sides; hex grids: the six cells that share an edge.
        const isostar::GridTopology& t = f.grid.topology();
        const std::array<isostar::TileCoord, 6> six = t.hex ? t.neighbours(c) : std::array<isostar::TileCoord, 6>{};
        const isostar::TileCoord four[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        const std::span<const isostar::TileCoord> next = t.hex ? std::span<const isostar::TileCoord>(six)
                                                               : std::span<const isostar::TileCoord>(four);
        for (isostar::TileCoord n : next)
            if (f.passable(n) && s.seen.insert(f.shape.index(n)))
                queue.push_back(n);
    }
    // Distinct cells, so distance then row-major is a total order: one sorted result. Hex
    // grids: the distance between the hexagons' centres (GridTopology::centre).
    auto distance = [&](isostar::TileCoord c) {
        if (!f.grid.hex())
            return double(dist2(c, anchor));
        const isostar::TilePos p = f.grid.topology().centre(c), q = f.grid.topology().centre(anchor);
        return (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y);
    };
    std::sort(s.candidates.begin(), s.candidates.end(), [&](isostar::TileCoord a, isostar::TileCoord b) {
        const double da = distance(a), db = distance(b);
        if (da != db)
            return da < db;
        return f.shape.index(a) < f.shape.index(b);
    });
}

using Pair = FormationScratch::Pair;

/// The order the greedy pairing takes pairs in: by distance, then candidate, then unit (a total
/// order). True when `a` comes after `b` (a min-heap's comparison).
struct PairAfter {
    bool operator()(const Pair& a, const Pair& b) const
    {
        if (a.d != b.d)
            return a.d > b.d;
        if (a.cand != b.cand)
            return a.cand > b.cand;
        return a.unit > b.unit;
    }
};

/// One pass of assignGoals over the first `cands` candidates: the free pair that comes first
/// (PairAfter) is taken, again and again, as a sort of all pairs would give them. Each unit
/// keeps its pairs in a heap of its own, and a heap of the units holds each one's first pair;
/// a unit whose first candidate was taken moves on to its first free one. So only the pairs
/// that come before a unit's goal are ordered, not all of them.
void assignPass(std::span<const isostar::TileCoord> units, std::size_t cands, FormationScratch& s,
                std::vector<isostar::TileCoord>& goals)
{
    const std::vector<isostar::TileCoord>& candidates = s.candidates;
    s.pairs.clear();
    s.heads.clear();
    s.ranges.assign(units.size(), {0, 0});
    for (std::size_t u = 0; u < units.size(); ++u) {
        if (s.assigned[u] || s.unitIsland[u] < 0)
            continue;
        const std::size_t begin = s.pairs.size();
        for (std::size_t c = 0; c < cands; ++c)
            if (s.unitIsland[u] == s.candIsland[c])
                s.pairs.push_back({dist2(units[u], candidates[c]), std::uint32_t(c), std::uint32_t(u)});
        if (s.pairs.size() == begin)
            continue;
        std::make_heap(s.pairs.begin() + std::ptrdiff_t(begin), s.pairs.end(), PairAfter{});
        s.ranges[u] = {begin, s.pairs.size()};
        s.heads.push_back(s.pairs[begin]);
    }
    std::make_heap(s.heads.begin(), s.heads.end(), PairAfter{});
    while (!s.heads.empty()) {
        std::pop_heap(s.heads.begin(), s.heads.end(), PairAfter{});
        const Pair p = s.heads.back();
        s.heads.pop_back();
        if (!s.taken[p.cand]) {
            s.assigned[p.unit] = 1;
            s.taken[p.cand] = 1;
            goals[p.unit] = candidates[p.cand];
            continue;
        }
        // Its first candidate is taken (for good): on to its first free one, if any.
        auto& [begin, end] = s.ranges[p.unit];
        const auto first = s.pairs.begin() + std::ptrdiff_t(begin);
        do {
            std::pop_heap(first, s.pairs.begin() + std::ptrdiff_t(end), PairAfter{});
            --end;
        } while (end > begin && s.taken[first->cand]);
        if (end > begin) {
            s.heads.push_back(*first);
            std::push_heap(s.heads.begin(), s.heads.end(), PairAfter{});
        }
    }
}

/// Pairs units and candidates greedily by distance (shortest pair first) so the formation does
/// not cross over itself, among the closest candidates first, then the rest; a unit that can
/// reach none of them (another island) stays where it is.
std::vector<isostar::TileCoord> assignGoals(const FormationLayer& f, std::span<const isostar::TileCoord> units,
                                        FormationScratch& s)
{
    std::vector<isostar::TileCoord> goals(units.begin(), units.end());
    s.assigned.assign(units.size(), 0);
    s.taken.assign(s.candidates.size(), 0);
    // Reachable = same island: each cell's island looked up once.
    s.unitIsland.resize(units.size());
    s.candIsland.resize(s.candidates.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        s.unitIsland[u] = f.grid.islandOf(f.layer, units[u]);
    for (std::size_t c = 0; c < s.candidates.size(); ++c)
        s.candIsland[c] = f.grid.islandOf(f.layer, s.candidates[c]);
    // Restrict to the `pool` closest reachable candidates first; fall back to the rest.
    assignPass(units, std::min(s.candidates.size(), units.size()), s, goals);
    if (!std::all_of(s.assigned.begin(), s.assigned.end(), [](char a) { return a != 0; }))
        assignPass(units, s.candidates.size(), s, goals);  // else the rest would assign nothing
    return goals;
}

} // namespace

FormationResult planFormation(const isostar::path::NavGrid& grid, int layer, isostar::path::GridQuery& query,
                              isostar::TileCoord clicked, std::span<const isostar::TileCoord> units,
                              const FormationBlocked& blocked, FormationScratch& scratch, int unitSize)
{
    FormationResult r;
    if (!grid.validLayer(layer) || !grid.inBounds(clicked) || units.empty())
        return r;
    const FormationLayer f{grid, layer};
    r.anchor = formationAnchor(f, query, clicked, units, r.anchorMoved);
    if (!r.anchor)
        return r;
    formationCandidates(f, *r.anchor, units.size() * 4 + 8, blocked, unitSize, scratch);
    r.goals = assignGoals(f, units, scratch);
    return r;
}

FormationResult planFormation(const isostar::path::NavGrid& grid, int layer, isostar::path::GridQuery& query,
                              isostar::TileCoord clicked, std::span<const isostar::TileCoord> units,
                              std::span<const isostar::TileCoord> blocked)
{
    std::vector<isostar::TileCoord> sorted(blocked.begin(), blocked.end());
    std::sort(sorted.begin(), sorted.end());
    FormationScratch scratch;
    return planFormation(grid, layer, query, clicked, units,
                         [&](isostar::TileCoord c) { return std::binary_search(sorted.begin(), sorted.end(), c); }, scratch);
}

} // namespace game
