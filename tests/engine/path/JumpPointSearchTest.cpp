// JumpPointSearch: the same optimal cost as A* (GridQuery) on random uniform-cost fields with
// obstacles, for found, partial and no-path queries; the path is 8-connected, never cuts a
// corner, and its summed step costs equal the reported cost; refusals and small fixed cases.

#include "engine/path/GridQuery.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/MovingAi.hpp"
#include "engine/path/NavGrid.hpp"
#include "tests/engine/path/AsciiGrid.hpp"
#include "tests/support/Skip.hpp"
#include "tests/support/Scale.hpp"
#include "tests/engine/path/StepPath.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::JumpPointGrid;
using isostar::path::JumpPointSearch;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;

namespace {

CostField jpsField(std::mt19937& rng, int w, int h, double density, float cost)
{
    CostField f(w, h, cost);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (float& c : f.cost)
        if (u(rng) < density)
            c = Impassable;
    // Some walls of a few cells: long straight obstacles make forced neighbours.
    std::uniform_int_distribution<int> px(0, w - 1), py(0, h - 1), len(2, std::max(2, w / 2));
    for (int k = 0; k < (w + h) / 8; ++k) {
        const int x = px(rng), y = py(rng), n = len(rng);
        const bool horizontal = (k & 1) == 0;
        for (int i = 0; i < n; ++i) {
            const TileCoord c = horizontal ? TileCoord{x + i, y} : TileCoord{x, y + i};
            if (f.inBounds(c))
                f.at(c) = Impassable;
        }
    }
    return f;
}

TileCoord jpsCell(std::mt19937& rng, int w, int h)
{
    return {std::uniform_int_distribution<int>(0, w - 1)(rng), std::uniform_int_distribution<int>(0, h - 1)(rng)};
}

struct Counts {
    int found = 0;
    int partial = 0;
    int noPath = 0;
};

/// Random queries on random fields: JPS and A* agree on status and cost; partial paths end at
/// an equally close cell. `landmarks`: JPS searches a copy of each field with a landmark table
/// (4 landmarks; A* keeps the plain bound).
Counts compareRandom(unsigned seed, double diag, float cost, bool partialPaths, int fields, int queries,
                     bool landmarks = false)
{
    std::mt19937 rng(seed);
    Counts counts;
    GridQuery astar;
    JumpPointSearch jps;
    astar.setPartialPaths(partialPaths);
    jps.setPartialPaths(partialPaths);
    PathResult a, j;
    for (int f = 0; f < fields; ++f) {
        const int w = std::uniform_int_distribution<int>(1, 90)(rng);
        const int h = std::uniform_int_distribution<int>(1, 90)(rng);
        const double density = std::uniform_real_distribution<double>(0.0, 0.4)(rng);
        MoveRules rules;
        rules.diagonalFactor = diag;
        NavGrid grid;
        REQUIRE(grid.reset(w, h));
        const CostField field = jpsField(rng, w, h, density, cost);
        const int layer = grid.addLayer("walker", field, rules);
        REQUIRE(layer == 0);
        NavGrid marked;  // the same field with a landmark table (`landmarks`)
        marked.setLandmarks({isostar::path::LandmarkMode::On, 4});
        if (landmarks) {
            REQUIRE(marked.reset(w, h));
            REQUIRE(marked.addLayer("walker", field, rules) == layer);
        }
        const NavGrid& searched = landmarks ? marked : grid;
        REQUIRE(JumpPointSearch::supports(searched, layer));
        JumpPointGrid jumps;
        REQUIRE(jumps.build(searched, layer));
        for (int q = 0; q < queries; ++q) {
            TileCoord s = jpsCell(rng, w, h);
            for (int tries = 0; tries < 20 && !grid.passable(layer, s); ++tries)
                s = jpsCell(rng, w, h);
            const TileCoord g = jpsCell(rng, w, h);
            INFO("seed " << seed << " field " << f << " (" << w << "x" << h << ") query " << s << " -> " << g);
            const PathStatus sa = astar.findPath(grid, layer, s, g, a);
            const PathStatus sj = jps.findPath(searched, layer, jumps, s, g, j);
            REQUIRE(sj == sa);
            if (!isostar::path::hasPath(sj))
                continue;
            CHECK(j.cost == Approx(a.cost).epsilon(1e-12).margin(1e-9));
            testsupport::checkStepPath(grid, layer, j, s);
            if (sj == PathStatus::Found) {
                CHECK(j.path.back() == g);
                ++counts.found;
            } else {
                const auto d2 = [&](TileCoord c) {
                    return (long long)(c.x - g.x) * (c.x - g.x) + (long long)(c.y - g.y) * (c.y - g.y);
                };
                CHECK(d2(j.path.back()) == d2(a.path.back()));
                ++counts.partial;
            }
        }
    }
    return counts;
}

} // namespace

TEST_CASE("JumpPointSearch: same cost as A* on random uniform fields", "[path][jps]")
{
    // A quarter of the fields in the sanitizer build (tests/support/Scale.hpp).
    const int d = testsupport::WorkDivisor;
    const Counts c = compareRandom(11, std::sqrt(2.0), 1.0f, true, testsupport::scaled(120), 40);
    // Both kinds really occurred.
    CHECK(c.found > 2000 / d);
    CHECK(c.partial > 200 / d);
}

TEST_CASE("JumpPointSearch: same cost as A* with the config's diagonal 1.414 and other costs", "[path][jps]")
{
    using testsupport::scaled;
    const int k = testsupport::WorkDivisor; // a quarter of the fields in the sanitizer build
    const Counts a = compareRandom(12, 1.414, 1.0f, true, scaled(60), 40);
    CHECK(a.found > 1000 / k);
    const Counts b = compareRandom(13, 1.414, 3.5f, true, scaled(40), 40);
    CHECK(b.found > 600 / k);
    const Counts c = compareRandom(14, 1.0, 1.0f, true, scaled(40), 40);   // Chebyshev-like steps
    CHECK(c.found > 600 / k);
    const Counts d = compareRandom(15, 1.9, 0.25f, true, scaled(40), 40);
    CHECK(d.found > 600 / k);
}

TEST_CASE("JumpPointSearch: with the landmark bound, same cost as plain A* on random uniform fields", "[path][jps]")
{
    using testsupport::scaled;
    const int k = testsupport::WorkDivisor;
    const Counts a = compareRandom(16, std::sqrt(2.0), 1.0f, true, scaled(60), 40, true);
    CHECK(a.found > 1000 / k);
    CHECK(a.partial > 100 / k);
    const Counts b = compareRandom(17, 1.414, 2.5f, false, scaled(40), 40, true);
    CHECK(b.found > 600 / k);
}

TEST_CASE("JumpPointSearch: NoPath without partial paths, like A*", "[path][jps]")
{
    const Counts c = compareRandom(21, std::sqrt(2.0), 1.0f, false, 60, 40);
    CHECK(c.found > 1000);
    CHECK(c.partial == 0);
    // A field split in two by a wall: every query across it is NoPath.
    CostField f(9, 5);
    for (int y = 0; y < 5; ++y)
        f.at({4, y}) = Impassable;
    NavGrid grid;
    REQUIRE(grid.reset(9, 5));
    REQUIRE(grid.addLayer("w", f, isostar::path::movingAiRules()) == 0);
    JumpPointGrid jumps;
    REQUIRE(jumps.build(grid, 0));
    JumpPointSearch jps;
    jps.setPartialPaths(false);
    PathResult r;
    CHECK(jps.findPath(grid, 0, jumps, {0, 0}, {8, 4}, r) == PathStatus::NoPath);
    CHECK(r.path.empty());
    jps.setPartialPaths(true);
    REQUIRE(jps.findPath(grid, 0, jumps, {0, 0}, {8, 4}, r) == PathStatus::Partial);
    CHECK(r.path.back() == TileCoord{3, 4});
    testsupport::checkStepPath(grid, 0, r, {0, 0});
}

TEST_CASE("JumpPointSearch: a path around a wall, cell by cell", "[path][jps]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        ..........
        ....#.....
        S...#....G
        ....#.....
        ..........
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    REQUIRE(grid.addLayer("w", g.field, isostar::path::movingAiRules()) == 0);
    JumpPointGrid jumps;
    REQUIRE(jumps.build(grid, 0));
    JumpPointSearch jps;
    PathResult r;
    REQUIRE(jps.findPath(grid, 0, jumps, g.start, g.goal, r) == PathStatus::Found);
    testsupport::checkStepPath(grid, 0, r, g.start);
    CHECK(r.path.back() == g.goal);
    // Around the 3-cell wall: 9 columns to cross, 2 rows up and 2 down: 5 straight + 4 diagonal.
    CHECK(r.cost == Approx(5.0 + 4.0 * std::sqrt(2.0)));
    CHECK(r.path.size() == 10);
    CHECK(r.expanded > 0);
    CHECK(r.expanded < 10);   // jump points, not cells

    // start == goal
    REQUIRE(jps.findPath(grid, 0, jumps, g.start, g.start, r) == PathStatus::Found);
    CHECK(r.path == std::vector<TileCoord>{g.start});
    CHECK(r.cost == 0.0);
}

TEST_CASE("JumpPointSearch: refusals", "[path][jps]")
{
    CostField f(6, 4);
    f.at({2, 2}) = Impassable;
    NavGrid grid;
    REQUIRE(grid.reset(6, 4));
    const int ncc = grid.addLayer("ncc", f, isostar::path::movingAiRules());
    MoveRules always = isostar::path::movingAiRules();
    always.diagonal = DiagonalMode::Always;
    const int cut = grid.addLayer("cut", f, always);
    CostField weighted = f;
    weighted.at({0, 0}) = 2.0f;
    const int mixed = grid.addLayer("mixed", weighted, isostar::path::movingAiRules());
    MoveRules far = isostar::path::movingAiRules();
    far.diagonalFactor = 2.5;
    const int wide = grid.addLayer("wide", f, far);
    CHECK(JumpPointSearch::supports(grid, ncc));
    CHECK_FALSE(JumpPointSearch::supports(grid, cut));
    CHECK_FALSE(JumpPointSearch::supports(grid, mixed));
    CHECK_FALSE(JumpPointSearch::supports(grid, wide));
    CHECK_FALSE(JumpPointSearch::supports(grid, 7));

    JumpPointSearch jps;
    PathResult r;
    JumpPointGrid unbuilt;
    CHECK(jps.findPath(grid, ncc, unbuilt, {0, 0}, {5, 3}, r) == PathStatus::InvalidInput);
    JumpPointGrid jumps;
    REQUIRE(jumps.build(grid, ncc));
    CHECK(jumps.matches(grid, ncc));
    CHECK(jps.findPath(grid, cut, jumps, {0, 0}, {5, 3}, r) == PathStatus::InvalidInput);
    CHECK(jps.findPath(grid, ncc, jumps, {2, 2}, {5, 3}, r) == PathStatus::StartInvalid);
    CHECK(jps.findPath(grid, ncc, jumps, {-1, 0}, {5, 3}, r) == PathStatus::StartInvalid);
    CHECK(jps.findPath(grid, ncc, jumps, {0, 0}, {6, 3}, r) == PathStatus::GoalInvalid);
    // An impassable goal on the map: Partial, as A* does.
    CHECK(jps.findPath(grid, ncc, jumps, {0, 0}, {2, 2}, r) == PathStatus::Partial);

    // An edit makes the planes stale until rebuilt.
    const CellChange wall[] = {{{3, 1}, Impassable}};
    grid.apply(ncc, wall);
    CHECK_FALSE(jumps.matches(grid, ncc));
    CHECK(jps.findPath(grid, ncc, jumps, {0, 0}, {5, 3}, r) == PathStatus::InvalidInput);
    REQUIRE(jumps.build(grid, ncc));
    CHECK(jps.findPath(grid, ncc, jumps, {0, 0}, {5, 3}, r) == PathStatus::Found);
}

TEST_CASE("JumpPointSearch: wide maps (jumps over many 64-cell words)", "[path][jps]")
{
    // 300 columns: straight scans cross several words in both directions.
    std::mt19937 rng(5);
    CostField f(300, 40);
    for (int y = 0; y < 40; y += 6)
        for (int x = 0; x < 300; ++x)
            if (x % 97 != 3 && x % 89 != 50)
                f.at({x, y}) = Impassable;
    for (int x = 10; x < 300; x += 37)
        for (int y = 0; y < 40; ++y)
            if (y % 6 != 2)
                f.at({x, y}) = Impassable;
    NavGrid grid;
    REQUIRE(grid.reset(300, 40));
    REQUIRE(grid.addLayer("w", f, isostar::path::movingAiRules()) == 0);
    JumpPointGrid jumps;
    REQUIRE(jumps.build(grid, 0));
    JumpPointSearch jps;
    GridQuery astar;
    PathResult a, j;
    int found = 0;
    for (int q = 0; q < 300; ++q) {
        const TileCoord s = jpsCell(rng, 300, 40);
        const TileCoord g = jpsCell(rng, 300, 40);
        if (!grid.passable(0, s))
            continue;
        INFO(s << " -> " << g);
        REQUIRE(jps.findPath(grid, 0, jumps, s, g, j) == astar.findPath(grid, 0, s, g, a));
        if (!isostar::path::hasPath(j.status))
            continue;
        CHECK(j.cost == Approx(a.cost).epsilon(1e-12));
        testsupport::checkStepPath(grid, 0, j, s);
        found += j.status == PathStatus::Found;
    }
    CHECK(found > 50);
}

TEST_CASE("JumpPointSearch: reproduces the shared arena and den520d benchmarks", "[path][jps][movingai]")
{
    const std::filesystem::path dir = std::filesystem::path(ISOSTAR_SHARED_DIR) / "movingai";
    if (!std::filesystem::exists(dir / "den520d.map")) {
        return testsupport::skipTest("Moving AI data not found at " + dir.string());
    }
    for (const char* name : {"arena", "den520d"}) {
        auto map = isostar::path::loadMovingAiMap((dir / (std::string(name) + ".map")).string());
        auto scen = isostar::path::loadMovingAiScenarios((dir / (std::string(name) + ".map.scen")).string());
        REQUIRE(map.ok());
        REQUIRE(scen.ok());
        const isostar::path::MovingAiMap& m = map.value();
        NavGrid grid;
        REQUIRE(grid.reset(m.width, m.height));
        REQUIRE(grid.addLayer("ground", isostar::path::toCostField(m, isostar::path::MovingAiTerrain::Ground),
                              isostar::path::movingAiRules()) == 0);
        JumpPointGrid jumps;
        REQUIRE(jumps.build(grid, 0));
        JumpPointSearch jps;
        PathResult r;
        int passed = 0;
        for (const isostar::path::MovingAiScenario& s : scen.value().scenarios) {
            if (jps.findPath(grid, 0, jumps, s.start, s.goal, r) == PathStatus::Found &&
                std::abs(r.cost - s.optimalLength) <= s.tolerance())
                ++passed;
        }
        INFO(name);
        CHECK(passed == int(scen.value().scenarios.size()));
    }
}
