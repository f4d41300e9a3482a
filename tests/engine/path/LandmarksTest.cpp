// Landmarks (ALT): the table's bounds never exceed the true costs and are consistent, so A*
// with them (no reopening) is optimal on random weighted fields and the Moving AI maps; edits
// that lower a cost make the table unusable until it is rebuilt, raising ones do not; the
// background rebuild is installed only by the owning thread.

#include "engine/path/GridPathfinder.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/path/MovingAi.hpp"
#include "engine/path/NavGrid.hpp"
#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/Skip.hpp"
#include "tests/support/Scale.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::Heuristic;
using isostar::path::Impassable;
using isostar::path::LandmarkMode;
using isostar::path::LandmarkSettings;
using isostar::path::LandmarkTable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;

namespace {

const LandmarkSettings kOn{LandmarkMode::On, 4};

/// Random weighted field: costs from a few terrain-like values and a spread of float costs,
/// walls (some rooms closed off, so there are several islands).
CostField landmarkField(int w, int h, std::uint32_t seed, double wallRate = 0.2)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const float levels[] = {1.0f, 3.0f, 0.5f, 0.05f, 1.7f, 12.5f};
    CostField f(w, h);
    for (float& c : f.cost) {
        const double r = u(rng);
        if (r < wallRate)
            c = Impassable;
        else if (r < wallRate + 0.3)
            c = float(0.1 + 9.9 * u(rng));
        else
            c = levels[std::size_t(u(rng) * 6.0) % 6];
    }
    return f;
}

std::vector<MoveRules> ruleSet()
{
    std::vector<MoveRules> all;
    for (DiagonalMode d : {DiagonalMode::Never, DiagonalMode::NoCornerCutting, DiagonalMode::AtMostOneObstacle,
                           DiagonalMode::Always})
        for (double df : {1.414, std::sqrt(2.0), 0.7, 2.5}) {
            MoveRules r;
            r.diagonal = d;
            r.diagonalFactor = df;
            all.push_back(r);
        }
    return all;
}

/// The passable cells of a field.
std::vector<TileCoord> passableCells(const CostField& f)
{
    std::vector<TileCoord> cells;
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x)
            if (f.passable({x, y}))
                cells.push_back({x, y});
    return cells;
}

} // namespace

TEST_CASE("landmark settings: auto by size, on, off, mode names", "[path][landmarks]")
{
    LandmarkSettings s;
    CHECK(s.mode == LandmarkMode::Auto);
    CHECK_FALSE(s.enabledFor(72, 72));
    CHECK(s.enabledFor(512, 512));
    CHECK(LandmarkSettings{LandmarkMode::On, 8}.enabledFor(4, 4));
    CHECK_FALSE(LandmarkSettings{LandmarkMode::Off, 8}.enabledFor(4096, 4096));
    LandmarkMode m = LandmarkMode::Off;
    CHECK(isostar::path::parseLandmarkMode("on", m));
    CHECK(m == LandmarkMode::On);
    CHECK(isostar::path::parseLandmarkMode("auto", m));
    CHECK(m == LandmarkMode::Auto);
    CHECK_FALSE(isostar::path::parseLandmarkMode("yes", m));

    NavGrid small;
    small.reset(72, 72);
    const int l0 = small.addLayer("walker", CostField(72, 72), MoveRules{});
    CHECK_FALSE(small.landmarks(l0));
    CHECK_FALSE(small.landmarksPending(l0));
    small.setLandmarks(kOn);
    REQUIRE(small.landmarks(l0));
    CHECK(small.landmarks(l0)->count == 4);
    small.setLandmarks({LandmarkMode::Off, 4});
    CHECK_FALSE(small.landmarks(l0));
}

TEST_CASE("table values are lower bounds of the exact costs to and from each landmark", "[path][landmarks]")
{
    for (const MoveRules& rules : ruleSet()) {
        const CostField f = landmarkField(23, 17, 7u + std::uint32_t(rules.diagonal) * 31u);
        NavGrid grid;
        grid.setLandmarks(kOn);
        grid.reset(f.width, f.height);
        const int layer = grid.addLayer("l", f, rules);
        const auto lm = grid.landmarks(layer);
        REQUIRE(lm);
        REQUIRE_FALSE(lm->landmarks.empty());
        INFO(rules);
        int tight = 0, total = 0;
        for (std::size_t i = 0; i < lm->landmarks.size(); ++i) {
            const std::uint32_t landmark = lm->landmarks[i];
            const TileCoord lc = grid.toCoord(landmark);
            const int island = grid.islandOf(layer, lc);
            // Landmarks are listed island by island, in slot order.
            int slot = 0;
            for (std::size_t p = 0; p < i; ++p)
                slot += grid.islandOf(layer, grid.toCoord(lm->landmarks[p])) == island ? 1 : 0;
            REQUIRE(slot < lm->count);
            CHECK(lm->forward(landmark, slot) == 0.0f);
            CHECK(lm->backward(landmark, slot) == 0.0f);
            const std::vector<double> from = testsupport::referenceDijkstra(f, rules, lc);
            for (const TileCoord c : passableCells(f)) {
                if (grid.islandOf(layer, c) != island)
                    continue;
                const std::uint32_t node = grid.toNode(c);
                const double fwd = from[std::size_t(f.index(c))];
                CHECK(double(lm->forward(node, slot)) <= fwd);
                // The backward bound needs one reference search per cell: every cell here,
                // every WorkDivisor-th one in the sanitizer build (tests/support/Scale.hpp).
                if (total % testsupport::WorkDivisor == 0) {
                    const double bwd = testsupport::referenceDijkstra(f, rules, c)[std::size_t(f.index(lc))];
                    CHECK(double(lm->backward(node, slot)) <= bwd);
                }
                // rounded down by less than a quantum per step of a path with fewer steps
                // than the grid has cells, or saturated (beyond the 16-bit range)
                tight += fwd - double(lm->forward(node, slot)) < lm->scale * double(f.width * f.height) ||
                                 lm->forwardQuanta(node, slot) == LandmarkTable::kSaturated
                             ? 1
                             : 0;
                ++total;
            }
        }
        CHECK(tight == total);
    }
}

TEST_CASE("the landmark heuristic is consistent on every allowed step and 0 at the goal", "[path][landmarks]")
{
    for (const MoveRules& rules : ruleSet()) {
        const CostField f = landmarkField(31, 29, 100u + std::uint32_t(rules.diagonalFactor * 10));
        NavGrid grid;
        grid.setLandmarks({LandmarkMode::On, 6});
        grid.reset(f.width, f.height);
        const int layer = grid.addLayer("l", f, rules);
        REQUIRE(grid.landmarks(layer));
        GridQuery query;
        const std::vector<TileCoord> cells = passableCells(f);
        std::mt19937 rng(5);
        int landmarkWins = 0;
        for (int g = 0; g < 6; ++g) {
            const TileCoord goal = cells[rng() % cells.size()];
            CHECK(query.heuristic(grid, layer, goal, goal) == 0.0);
            for (const TileCoord n : cells) {
                if (grid.islandOf(layer, n) != grid.islandOf(layer, goal))
                    continue;
                const double hn = query.heuristic(grid, layer, n, goal);
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        if ((dx == 0 && dy == 0) || !testsupport::canStep(f, rules.diagonal, n, dx, dy))
                            continue;
                        const TileCoord m{n.x + dx, n.y + dy};
                        const double w = testsupport::stepCost(f, rules, m, dx != 0 && dy != 0);
                        const double hm = query.heuristic(grid, layer, m, goal);
                        INFO(rules << " n " << n.x << "," << n.y << " m " << m.x << "," << m.y);
                        CHECK(hn <= w + hm);
                    }
            }
            // the bounds are used: for some cell they beat the scaled octile bound
            NavGrid plainGrid;
            plainGrid.setLandmarks({LandmarkMode::Off, 6});
            plainGrid.reset(f.width, f.height);
            plainGrid.addLayer("l", f, rules);
            for (const TileCoord n : cells)
                if (grid.islandOf(layer, n) == grid.islandOf(layer, goal) &&
                    query.heuristic(grid, layer, n, goal) > query.heuristic(plainGrid, 0, n, goal))
                    ++landmarkWins;
        }
        CHECK(landmarkWins > 0);
    }
}

TEST_CASE("A* with landmarks finds optimal paths on random weighted fields (vs Dijkstra)", "[path][landmarks]")
{
    int queries = 0;
    for (const MoveRules& base : ruleSet()) {
        for (std::uint32_t seed = 0; seed < 4; ++seed) {
            const CostField f = landmarkField(40 + int(seed) * 7, 33, 1000u + seed * 17u + std::uint32_t(base.diagonal),
                                            0.1 + 0.1 * seed);
            isostar::path::GridPathfinder finder;
            finder.setLandmarks({LandmarkMode::On, int(2 + seed * 3)});
            REQUIRE(finder.init(f, base));
            REQUIRE(finder.grid().landmarks(0));
            const std::vector<TileCoord> cells = passableCells(f);
            std::mt19937 rng(seed);
            PathResult r;
            for (int q = 0; q < 8; ++q) {
                const TileCoord s = cells[rng() % cells.size()];
                const TileCoord t = cells[rng() % cells.size()];
                if (!finder.reachable(s, t))
                    continue;
                const std::vector<double> dist = testsupport::referenceDijkstra(f, base, s);
                isostar::path::SearchTrace trace;
                REQUIRE(finder.findPath(s, t, r, &trace) == PathStatus::Found);
                INFO(base << " seed " << seed << " " << s.x << "," << s.y << " -> " << t.x << "," << t.y);
                CHECK(std::abs(r.cost - dist[std::size_t(f.index(t))]) <= 1e-9 * std::max(1.0, r.cost));
                // No reopening is needed: every expanded cell already has its exact cost.
                for (const auto& e : trace.expanded)
                    REQUIRE(std::abs(e.g - dist[std::size_t(f.index(e.cell))]) <= 1e-9 * std::max(1.0, e.g));
                ++queries;
            }
        }
    }
    CHECK(queries > 200);
}

TEST_CASE("a search's active landmarks: h between the plain and the all-landmark bound, consistent", "[path][landmarks]")
{
    const CostField f = landmarkField(90, 70, 41u, 0.15);
    MoveRules rules;
    NavGrid grid, plainGrid;
    grid.setLandmarks({LandmarkMode::On, 8});  // more landmarks than a search reads
    plainGrid.setLandmarks({LandmarkMode::Off, 8});
    grid.reset(f.width, f.height);
    plainGrid.reset(f.width, f.height);
    const int layer = grid.addLayer("l", f, rules);
    plainGrid.addLayer("l", f, rules);
    REQUIRE(grid.landmarks(layer));
    const std::vector<TileCoord> cells = passableCells(f);
    std::mt19937 rng(11);
    GridQuery query;
    int searches = 0, belowAll = 0;
    for (int q = 0; q < 30; ++q) {
        const TileCoord s = cells[rng() % cells.size()];
        const TileCoord t = cells[rng() % cells.size()];
        if (!grid.reachable(layer, s, t) || s == t)
            continue;
        isostar::path::SearchTrace trace;
        PathResult r;
        REQUIRE(query.findPath(grid, layer, s, t, r, nullptr, &trace) == PathStatus::Found);
        REQUIRE(query.usedLandmarks());
        ++searches;
        for (const auto& e : trace.expanded) {
            INFO(s.x << "," << s.y << " -> " << t.x << "," << t.y << " at " << e.cell.x << "," << e.cell.y);
            const double all = query.heuristic(grid, layer, e.cell, t);
            CHECK(e.h <= all);
            CHECK(e.h >= query.heuristic(plainGrid, 0, e.cell, t));
            belowAll += e.h < all ? 1 : 0;
        }
        // Consistent along every step the search took: h(parent) <= step + h(cell).
        for (const auto& e : trace.expanded)
            for (const auto& p : trace.expanded)
                if (p.cell == e.parent && !(e.cell == e.parent))
                    CHECK(p.h <= (e.g - p.g) + e.h + 1e-12 * std::max(1.0, e.g));
    }
    CHECK(searches > 20);
    CHECK(belowAll > 0);  // the searches read fewer landmarks than the table has
}

TEST_CASE("landmarks expand fewer cells than the plain bound with the same costs", "[path][landmarks]")
{
    const CostField f = landmarkField(160, 160, 77u, 0.25);
    MoveRules rules;
    isostar::path::GridPathfinder alt, plain;
    alt.setLandmarks({LandmarkMode::On, 8});
    plain.setLandmarks({LandmarkMode::Off, 8});
    REQUIRE(alt.init(f, rules));
    REQUIRE(plain.init(f, rules));
    const std::vector<TileCoord> cells = passableCells(f);
    std::mt19937 rng(3);
    long long expAlt = 0, expPlain = 0;
    PathResult a, p;
    for (int q = 0; q < 40; ++q) {
        const TileCoord s = cells[rng() % cells.size()];
        const TileCoord t = cells[rng() % cells.size()];
        if (!alt.reachable(s, t))
            continue;
        REQUIRE(alt.findPath(s, t, a) == PathStatus::Found);
        REQUIRE(plain.findPath(s, t, p) == PathStatus::Found);
        CHECK(std::abs(a.cost - p.cost) <= 1e-9 * std::max(1.0, p.cost));
        expAlt += a.expanded;
        expPlain += p.expanded;
    }
    CHECK(expAlt * 2 < expPlain);
}

TEST_CASE("weighted A* multiplies the whole heuristic, landmark bound included", "[path][landmarks]")
{
    const CostField f = landmarkField(30, 30, 9u, 0.1);
    MoveRules rules;
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.reset(30, 30);
    grid.addLayer("a", f, rules);
    rules.weight = 2.0;
    grid.addLayer("b", f, rules);
    GridQuery q;
    const std::vector<TileCoord> cells = passableCells(f);
    for (std::size_t i = 0; i < cells.size(); i += 7)
        CHECK(q.heuristic(grid, 1, cells[i], cells[3]) == 2.0 * q.heuristic(grid, 0, cells[i], cells[3]));
}

TEST_CASE("edits: raising costs keeps the table, lowering one makes it unusable until rebuilt", "[path][landmarks]")
{
    CostField f = landmarkField(48, 40, 21u, 0.15);
    MoveRules rules;
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.reset(f.width, f.height);
    const int layer = grid.addLayer("l", f, rules);
    const auto before = grid.landmarks(layer);
    REQUIRE(before);
    const std::vector<TileCoord> cells = passableCells(f);

    // Raise costs and wall cells off: the same table stays in use.
    std::vector<CellChange> raise;
    for (std::size_t i = 0; i < cells.size(); i += 9)
        raise.push_back({cells[i], i % 2 ? Impassable : f.at(cells[i]) * 3.0f});
    grid.apply(layer, raise);
    for (const CellChange& c : raise)
        f.at(c.cell) = c.cost;
    CHECK(grid.landmarks(layer) == before);
    CHECK_FALSE(grid.landmarksPending(layer));

    GridQuery query;
    PathResult r;
    auto checkOptimal = [&](const char* what) {
        INFO(what);
        std::mt19937 rng(4);
        for (int q = 0; q < 20; ++q) {
            const TileCoord s = cells[rng() % cells.size()];
            const TileCoord t = cells[rng() % cells.size()];
            if (!grid.reachable(layer, s, t))
                continue;
            REQUIRE(query.findPath(grid, layer, s, t, r) == PathStatus::Found);
            const double d = testsupport::referenceDijkstra(f, rules, s)[std::size_t(f.index(t))];
            CHECK(std::abs(r.cost - d) <= 1e-9 * std::max(1.0, d));
        }
    };
    checkOptimal("after raising");

    // Lower one cost (and open a wall): unusable at once, queries use the plain bound.
    std::vector<CellChange> lower{{cells[5], 0.01f}, {raise[1].cell, 0.02f}};
    grid.apply(layer, lower);
    for (const CellChange& c : lower)
        f.at(c.cell) = c.cost;
    CHECK_FALSE(grid.landmarks(layer));
    CHECK(grid.landmarksPending(layer));
    checkOptimal("lowered, table pending");
    CHECK_FALSE(query.usedLandmarks());

    // The rebuild starts at the next poll; another lowering meanwhile makes its snapshot stale.
    grid.pollLandmarks();
    std::vector<CellChange> lower2{{cells[40], 0.03f}};
    grid.apply(layer, lower2);
    f.at(cells[40]) = 0.03f;
    grid.waitLandmarks();
    const auto rebuilt = grid.landmarks(layer);
    REQUIRE(rebuilt);
    CHECK(rebuilt != before);
    checkOptimal("rebuilt");
    CHECK(query.usedLandmarks());
    // The rebuilt table bounds the new costs: a cheap cell's forward value reflects 0.03.
    isostar::path::GridPathfinder fresh;
    fresh.setLandmarks({LandmarkMode::On, 4});
    REQUIRE(fresh.init(f, rules));
    CHECK(fresh.grid().landmarks(0)->dist == rebuilt->dist);

    // Rules with other step weights: unusable until rebuilt.
    MoveRules other = rules;
    other.diagonalFactor = 1.0;
    grid.setRules(layer, other);
    CHECK_FALSE(grid.landmarks(layer));
    rules = other;
    checkOptimal("other rules, pending");
    grid.waitLandmarks();
    CHECK(grid.landmarks(layer));
    checkOptimal("other rules, rebuilt");
}

TEST_CASE("a background rebuild is installed by pollLandmarks only, searches keep their table", "[path][landmarks]")
{
    CostField f = landmarkField(64, 64, 5u, 0.1);
    MoveRules rules;
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.reset(64, 64);
    const int layer = grid.addLayer("l", f, rules);
    const std::vector<TileCoord> cells = passableCells(f);
    std::vector<CellChange> lower{{cells[10], 0.2f}};
    grid.apply(layer, lower);
    f.at(cells[10]) = 0.2f;
    REQUIRE(grid.landmarksPending(layer));  // else the loop below would never end
    CHECK_FALSE(grid.pollLandmarks());  // starts the rebuild; nothing to install yet
    CHECK_FALSE(grid.landmarks(layer)); // never installed behind the owner's back
    // Wait without timing: poll until the job is done (each poll is cheap and non-blocking).
    while (!grid.pollLandmarks())
        REQUIRE(grid.landmarksPending(layer));
    REQUIRE(grid.landmarks(layer));

    // A time-sliced search holds its table: a rebuild installed meanwhile does not change the
    // heuristic of the running search (the costs did not change, so it goes on).
    GridQuery q;
    const TileCoord s = cells.front(), t = cells.back();
    REQUIRE(grid.reachable(layer, s, t));
    REQUIRE(q.beginSearch(grid, layer, s, t) == PathStatus::InProgress);
    const auto held = grid.landmarks(layer);
    CHECK(held.use_count() >= 3);  // the grid, `held` and the query
    grid.setLandmarks({LandmarkMode::On, 5});  // replaces the grid's table
    CHECK(grid.landmarks(layer) != held);
    PathResult r;
    REQUIRE(q.finishSearch(r) == PathStatus::Found);
    CHECK(std::abs(r.cost - testsupport::referenceDijkstra(f, rules, s)[std::size_t(f.index(t))]) <=
          1e-9 * r.cost);

    // A grid moved or destroyed while a rebuild runs: the job has its own snapshot.
    grid.apply(layer, std::vector<CellChange>{{cells[11], 0.1f}});
    grid.pollLandmarks();
    NavGrid moved = std::move(grid);
    moved.waitLandmarks();
    CHECK(moved.landmarks(layer));
    NavGrid copy = moved;
    CHECK(copy.landmarks(layer) == moved.landmarks(layer));
    moved.apply(layer, std::vector<CellChange>{{cells[12], 0.1f}});
    moved.pollLandmarks();  // running while `moved` is destroyed at the end of the scope
}

TEST_CASE("A* with landmarks reproduces published Moving AI lengths", "[path][landmarks][movingai]")
{
    const std::filesystem::path dir = std::filesystem::path(ISOSTAR_SHARED_DIR) / "movingai";
    if (!std::filesystem::is_directory(dir)) {
        return testsupport::skipTest("Moving AI data not found at " + dir.string());
    }
    int solved = 0;
    for (const char* name : {"arena", "den520d", "maze512-1-0", "8room_000"}) {
        const std::string mapPath = (dir / (std::string(name) + ".map")).string();
        const auto map = isostar::path::loadMovingAiMap(mapPath);
        const auto scen = isostar::path::loadMovingAiScenarios(mapPath + ".scen");
        if (!map || !scen)
            continue;
        isostar::path::GridPathfinder finder;
        finder.setLandmarks({LandmarkMode::On, 8});
        REQUIRE(finder.init(isostar::path::toCostField(map.value(), isostar::path::MovingAiTerrain::Ground),
                            isostar::path::movingAiRules()));
        REQUIRE(finder.grid().landmarks(0));
        const auto& all = scen.value().scenarios;
        const std::size_t step = std::max<std::size_t>(1, all.size() / std::size_t(testsupport::scaled(60)));
        PathResult r;
        for (std::size_t i = 0; i < all.size(); i += step) {
            INFO(name << " line " << all[i].line);
            REQUIRE(finder.findPath(all[i].start, all[i].goal, r) == PathStatus::Found);
            CHECK(std::abs(r.cost - all[i].optimalLength) <= all[i].tolerance());
            ++solved;
        }
    }
    CHECK(solved > 0);
}
