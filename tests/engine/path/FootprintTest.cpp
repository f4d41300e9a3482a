// Units bigger than a cell (Footprint.hpp, NavGrid::footprintLayer): every search on a footprint
// layer against a Dijkstra over footprints written here from the rule of docs/CONFIG.md (a
// footprint is passable when every cell of it is; a step costs the dearest cell of the
// footprint after the step, times the diagonal factor for a diagonal; the corner rules look at
// the two orthogonal neighbour footprints), on random weighted maps with walls and one-cell
// gaps, before and after random edits; and the incremental update against a fresh build.

#include "engine/path/Footprint.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "engine/path/SearchAlgorithm.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "tests/support/ReferenceDijkstra.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::Impassable;
using isostar::path::LandmarkMode;
using isostar::path::MoveRules;
using isostar::path::NavDirty;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::SearchAlgorithm;

namespace {

const double kNone = std::numeric_limits<double>::infinity();

/// The footprint of size s at `c` is passable: every cell of it is on the field and passable.
bool fits(const CostField& f, TileCoord c, int s)
{
    for (int dy = 0; dy < s; ++dy)
        for (int dx = 0; dx < s; ++dx)
            if (!f.passable({c.x + dx, c.y + dy}))
                return false;
    return true;
}

/// The dearest cell of the footprint at `c` [Limit: fits].
double dearest(const CostField& f, TileCoord c, int s)
{
    double most = 0.0;
    for (int dy = 0; dy < s; ++dy)
        for (int dx = 0; dx < s; ++dx)
            most = std::max(most, double(f.at({c.x + dx, c.y + dy})));
    return most;
}

/// May a unit of size s step from `from` by (dx, dy) under `mode` (the rule, on footprints)?
bool footprintStep(const CostField& f, int s, DiagonalMode mode, TileCoord from, int dx, int dy)
{
    if (!fits(f, {from.x + dx, from.y + dy}, s))
        return false;
    if (dx == 0 || dy == 0)
        return true;
    const bool a = fits(f, {from.x + dx, from.y}, s);
    const bool b = fits(f, {from.x, from.y + dy}, s);
    switch (mode) {
    case DiagonalMode::Never: return false;
    case DiagonalMode::NoCornerCutting: return a && b;
    case DiagonalMode::AtMostOneObstacle: return a || b;
    case DiagonalMode::Always: return true;
    }
    return false;
}

/// Dijkstra over footprints from `start`: the cheapest cost to every anchor (kNone if none).
std::vector<double> footprintDijkstra(const CostField& f, int s, const MoveRules& rules, TileCoord start)
{
    std::vector<double> dist(f.cost.size(), kNone);
    if (!fits(f, start, s))
        return dist;
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    dist[std::size_t(f.index(start))] = 0.0;
    open.push({0.0, f.index(start)});
    while (!open.empty()) {
        const auto [d, i] = open.top();
        open.pop();
        if (d > dist[std::size_t(i)])
            continue;
        const TileCoord c = f.coord(i);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if ((dx == 0 && dy == 0) || !footprintStep(f, s, rules.diagonal, c, dx, dy))
                    continue;
                const TileCoord n{c.x + dx, c.y + dy};
                const double step = dearest(f, n, s) * (dx != 0 && dy != 0 ? rules.diagonalFactor : 1.0);
                if (d + step < dist[std::size_t(f.index(n))]) {
                    dist[std::size_t(f.index(n))] = d + step;
                    open.push({d + step, f.index(n)});
                }
            }
    }
    return dist;
}

/// A random weighted map: costs 1, 2, 5 and 0.5, and walls across it (vertical and horizontal)
/// each with one one-cell gap and sometimes a two-cell gap, so that small units pass where big
/// ones cannot.
CostField gapField(std::mt19937& rng, int w, int h, bool uniform)
{
    CostField f(w, h);
    std::uniform_int_distribution<int> pick(0, 9);
    if (!uniform)
        for (float& c : f.cost) {
            const int r = pick(rng);
            c = r < 5 ? 1.0f : r < 7 ? 2.0f : r < 9 ? 0.5f : 5.0f;
        }
    std::uniform_int_distribution<int> xs(1, w - 2), ys(1, h - 2);
    for (int k = 0; k < 3; ++k) {
        const bool vertical = k % 2 == 0;
        const int line = vertical ? xs(rng) : ys(rng);
        const int len = vertical ? h : w;
        const int gap1 = std::uniform_int_distribution<int>(0, len - 1)(rng);
        const int gap2 = std::uniform_int_distribution<int>(0, len - 2)(rng);
        const bool wide = pick(rng) < 6;
        for (int i = 0; i < len; ++i) {
            if (i == gap1 || (wide && (i == gap2 || i == gap2 + 1)))
                continue;
            f.at(vertical ? TileCoord{line, i} : TileCoord{i, line}) = Impassable;
        }
    }
    for (int k = std::uniform_int_distribution<int>(0, 6)(rng); k > 0; --k)
        f.at({xs(rng), ys(rng)}) = Impassable;  // posts
    return f;
}

TileCoord randomFit(std::mt19937& rng, const CostField& f, int s)
{
    std::vector<TileCoord> cells;
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x)
            if (fits(f, {x, y}, s))
                cells.push_back({x, y});
    if (cells.empty())
        return {-1, -1};
    return cells[std::size_t(std::uniform_int_distribution<int>(0, int(cells.size()) - 1)(rng))];
}

/// Every algorithm that applies to `layer` of `grid` (A*, jps where the layer allows it, jpsw,
/// auto) from `start` to `goal`: each must find `expected` (or no path when it is kNone).
void checkSearches(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, double expected,
                   const std::string& what)
{
    INFO(what << " start " << start << " goal " << goal << " expected " << expected);
    isostar::path::GridQuery astar;
    astar.setPartialPaths(false);
    isostar::path::JumpPointSearch jps;
    jps.setPartialPaths(false);
    isostar::path::WeightedJumpSearch jpsw;
    jpsw.setPartialPaths(false);
    isostar::path::WeightedJumpGrid table;
    const bool jpswFits = isostar::path::WeightedJumpSearch::supports(grid, layer);
    const bool jpsFits = isostar::path::JumpPointSearch::supports(grid, layer);
    if (jpswFits || jpsFits)
        REQUIRE(table.build(grid, layer));
    const auto check = [&](const char* name, PathStatus status, const PathResult& r) {
        INFO(name);
        if (expected == kNone) {
            CHECK(status != PathStatus::Found);
        } else {
            REQUIRE(status == PathStatus::Found);
            CHECK(r.cost == Approx(expected).epsilon(1e-9).margin(1e-12));
        }
    };
    PathResult r;
    check("astar", astar.findPath(grid, layer, start, goal, r), r);
    if (jpsFits)
        check("jps", jps.findPath(grid, layer, table, start, goal, r), r);
    if (jpswFits)
        check("jpsw", jpsw.findPath(grid, layer, table, start, goal, r), r);
    const SearchAlgorithm a = isostar::path::resolveAlgorithm(SearchAlgorithm::Auto, grid, layer);
    if (a == SearchAlgorithm::Jps)
        check("auto (jps)", jps.findPath(grid, layer, table, start, goal, r), r);
    else if (a == SearchAlgorithm::Jpsw)
        check("auto (jpsw)", jpsw.findPath(grid, layer, table, start, goal, r), r);
    else
        check("auto (astar)", astar.findPath(grid, layer, start, goal, r), r);
}

/// The footprint layer equals one built from scratch: costs, islands (same partition), extremes.
void checkEqualsFresh(const NavGrid& grid, int layer)
{
    const int base = grid.footprintBase(layer);
    const CostField fresh = isostar::path::footprintField(grid.costField(base), grid.footprintSize(layer));
    REQUIRE(grid.costField(layer) == fresh);
    NavGrid other;
    other.setLandmarks({LandmarkMode::Off, 8});
    REQUIRE(other.reset(grid.width(), grid.height()));
    REQUIRE(other.addLayer("fresh", fresh, grid.rules(layer)) == 0);
    CHECK(grid.islandCount(layer) == other.islandCount(0));
    CHECK(grid.minCellCost(layer) == other.minCellCost(0));
    CHECK(grid.maxCellCost(layer) == other.maxCellCost(0));
    std::map<int, int> mine;
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x) {
            const int a = grid.islandOf(layer, {x, y});
            const int b = other.islandOf(0, {x, y});
            REQUIRE((a < 0) == (b < 0));
            if (a >= 0) {
                const auto [it, added] = mine.emplace(a, b);
                REQUIRE(it->second == b);
            }
        }
}

} // namespace

TEST_CASE("footprintField holds the dearest cell of each block, impassable off the field", "[path][footprint]")
{
    CostField field(6, 4);
    field.at({2, 1}) = Impassable;
    field.at({4, 2}) = 3.0f;
    const CostField cart = isostar::path::footprintField(field, 2);
    REQUIRE(cart.width == 6);
    REQUIRE(cart.height == 4);
    CHECK(cart.at({1, 0}) == Impassable);
    CHECK(cart.at({3, 2}) == 3.0f);
    CHECK(cart.at({0, 2}) == 1.0f);
    CHECK(cart.at({5, 0}) == Impassable);
    CHECK(cart.at({0, 3}) == Impassable);
    CHECK(isostar::path::footprintField(field, 1) == field);
    CHECK(isostar::path::footprintField(field, 0).cost.empty());
    CHECK(isostar::path::footprintField(field, 5).cost.empty());
    // Every size against the definition, on random costs.
    std::mt19937 rng(31);
    for (int trial = 0; trial < 20; ++trial) {
        CostField f = gapField(rng, 5 + trial % 9, 4 + trial % 7, false);
        for (int s = 1; s <= isostar::path::MaxFootprintSize; ++s) {
            const CostField fp = isostar::path::footprintField(f, s);
            for (int y = 0; y < f.height; ++y)
                for (int x = 0; x < f.width; ++x) {
                    const float want = fits(f, {x, y}, s) ? float(dearest(f, {x, y}, s)) : Impassable;
                    REQUIRE(fp.at({x, y}) == want);
                }
        }
    }
}

TEST_CASE("NavGrid::footprintLayer: indices, bad input, a footprint layer cannot be edited", "[path][footprint]")
{
    NavGrid grid;
    REQUIRE(grid.reset(8, 8));
    REQUIRE(grid.addLayer("walker", CostField(8, 8), MoveRules{}) == 0);
    CHECK(grid.footprintLayer(0, 1) == 0);
    CHECK(grid.footprintLayer(0, 0) == -1);
    CHECK(grid.footprintLayer(0, 5) == -1);
    CHECK(grid.footprintLayer(1, 2) == -1);
    CHECK(grid.footprintLayer(-1, 2) == -1);
    const int cart = grid.footprintLayer(0, 2);
    REQUIRE(cart == 1);
    CHECK(grid.footprintLayer(0, 2) == cart);
    const int ogre = grid.footprintLayer(0, 3);
    CHECK(ogre == 2);
    CHECK(grid.footprintLayer(cart, 2) == -1);
    CHECK(grid.footprintSize(0) == 1);
    CHECK(grid.footprintSize(cart) == 2);
    CHECK(grid.footprintSize(ogre) == 3);
    CHECK(grid.footprintSize(7) == 0);
    CHECK(grid.footprintBase(cart) == 0);
    CHECK(grid.footprintBase(0) == 0);
    CHECK(grid.footprintBase(9) == -1);
    CHECK(grid.passable(cart, {6, 6}));
    CHECK_FALSE(grid.passable(cart, {7, 6}));  // leaves the map
    const std::uint64_t v = grid.version();
    const CellChange wall[] = {{{3, 3}, Impassable}};
    CHECK(grid.apply(cart, wall).layer == -1);
    CHECK(grid.replaceLayer(cart, CostField(8, 8), MoveRules{}).layer == -1);
    CHECK_FALSE(grid.setRules(cart, MoveRules{}));
    CHECK(grid.version() == v);

    // The base's edits reach its footprint layers, and say so in NavDirty::derived.
    const NavDirty dirty = grid.apply(0, wall);
    REQUIRE(dirty.layer == 0);
    REQUIRE(dirty.derived.size() == 2);
    REQUIRE(dirty.of(cart) != nullptr);
    std::vector<TileCoord> cells = dirty.of(cart)->cells;
    std::sort(cells.begin(), cells.end());
    CHECK(cells == std::vector<TileCoord>{{2, 2}, {2, 3}, {3, 2}, {3, 3}});
    CHECK(dirty.of(ogre)->cells.size() == 9);
    CHECK(dirty.of(ogre)->islandsChanged);
    CHECK(dirty.version == grid.version());
    CHECK(dirty.of(5) == nullptr);

    // Rules follow the base.
    MoveRules never;
    never.diagonal = DiagonalMode::Never;
    REQUIRE(grid.setRules(0, never));
    CHECK(grid.rules(cart) == never);
    const NavDirty replaced = grid.replaceLayer(0, CostField(8, 8, 2.0f), MoveRules{});
    REQUIRE(replaced.of(cart) != nullptr);
    CHECK(replaced.of(cart)->rulesChanged);
    CHECK(grid.rules(ogre) == MoveRules{});
    CHECK(grid.cost(ogre, {3, 3}) == 2.0f);
}

TEST_CASE("every search on a footprint layer finds the footprint Dijkstra's cost, before and after edits",
          "[path][footprint]")
{
    std::mt19937 rng(20261128);
    int found = 0, blocked = 0;
    for (int map = 0; map < 24; ++map) {
        const bool uniform = map % 4 == 0;  // where jps applies
        const int w = 14 + map % 7, h = 12 + map % 5;
        CostField field = gapField(rng, w, h, uniform);
        for (DiagonalMode mode : testsupport::kAllDiagonalModes) {
            MoveRules rules;
            rules.diagonal = mode;
            rules.diagonalFactor = map % 2 ? 1.414 : std::sqrt(2.0);
            // One grid with landmark tables (the footprint layers use the base's), one without.
            NavGrid withTables, plain;
            withTables.setLandmarks({LandmarkMode::On, 4});
            plain.setLandmarks({LandmarkMode::Off, 4});
            for (NavGrid* g : {&withTables, &plain}) {
                REQUIRE(g->reset(w, h));
                REQUIRE(g->addLayer("walker", field, rules) == 0);
            }
            CostField edited = field;
            for (int round = 0; round < 2; ++round) {
                for (int s = 1; s <= 3; ++s) {
                    const TileCoord start = randomFit(rng, edited, s);
                    if (start.x < 0)
                        continue;
                    for (NavGrid* g : {&withTables, &plain}) {
                        const int layer = g->footprintLayer(0, s);
                        REQUIRE(layer >= 0);
                        checkEqualsFresh(*g, layer);
                        // Round 0: a new footprint layer's queries use the base's table; round 1
                        // (after waitLandmarks): its own.
                        if (g == &withTables && s > 1) {
                            REQUIRE(g->landmarks(layer) != nullptr);
                            CHECK((g->landmarks(layer) == g->landmarks(0)) == (round == 0));
                        }
                    }
                    const std::vector<double> dist = footprintDijkstra(edited, s, rules, start);
                    for (int q = 0; q < 6; ++q) {
                        const TileCoord goal = q < 4 ? randomFit(rng, edited, s)
                                                     : TileCoord{std::uniform_int_distribution<int>(0, w - 1)(rng),
                                                                 std::uniform_int_distribution<int>(0, h - 1)(rng)};
                        const double expected = fits(edited, goal, s) ? dist[std::size_t(edited.index(goal))] : kNone;
                        (expected == kNone ? blocked : found) += 1;
                        for (NavGrid* g : {&withTables, &plain})
                            checkSearches(*g, g->footprintLayer(0, s), start, goal, expected,
                                          "map " + std::to_string(map) + " size " + std::to_string(s) + " round " +
                                              std::to_string(round) + (g == &plain ? " plain" : " landmarks"));
                    }
                }
                // Random edits of the base layer: walls, openings, dearer and cheaper cells.
                std::vector<CellChange> changes;
                for (int k = std::uniform_int_distribution<int>(1, 12)(rng); k > 0; --k) {
                    const TileCoord c{std::uniform_int_distribution<int>(0, w - 1)(rng),
                                      std::uniform_int_distribution<int>(0, h - 1)(rng)};
                    const int r = std::uniform_int_distribution<int>(0, 3)(rng);
                    const float cost = r == 0 ? Impassable : uniform ? 1.0f : r == 1 ? 0.5f : r == 2 ? 1.0f : 4.0f;
                    changes.push_back({c, cost});
                    edited.at(c) = cost;
                }
                for (NavGrid* g : {&withTables, &plain}) {
                    g->apply(0, changes);
                    g->waitLandmarks();
                }
            }
        }
    }
    CHECK(found > 500);
    CHECK(blocked > 50);
}

TEST_CASE("PathService drops the paths of a footprint layer that an edit of its base crosses", "[path][footprint]")
{
    NavGrid grid;
    REQUIRE(grid.reset(12, 12));
    REQUIRE(grid.addLayer("walker", CostField(12, 12), MoveRules{}) == 0);
    const int cart = grid.footprintLayer(0, 2);
    isostar::path::PathService service(grid);
    isostar::path::PathRequest r;
    r.layer = cart;
    r.start = {0, 0};
    r.goal = {10, 0};
    const isostar::path::PathHandle h = service.request(r);
    while (service.pending() > 0)
        service.update(std::numeric_limits<double>::infinity());
    REQUIRE(service.result(h) != nullptr);
    REQUIRE(service.result(h)->status == PathStatus::Found);
    CHECK(service.result(h)->cost == Approx(10.0));
    // A post on row 1: the cart's footprint covers rows 0 and 1, so its path is crossed.
    const CellChange post[] = {{{5, 1}, Impassable}};
    const std::vector<isostar::path::PathHandle> stale = service.invalidate(grid.apply(0, post));
    CHECK(stale == std::vector<isostar::path::PathHandle>{h});
    CHECK(service.stale(h));
}
