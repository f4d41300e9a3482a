// AnyAngle: the segment rule (against the independent checker in SegmentRule.hpp), smoothed
// paths on hand-made and random weighted grids, and the quality target on Moving AI den520d.

#include "engine/path/AnyAngle.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/MovingAi.hpp"
#include "engine/path/NavGrid.hpp"
#include "tests/engine/path/AsciiGrid.hpp"
#include "tests/engine/path/SegmentRule.hpp"
#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>

#include <utility>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::AnyAngleQuery;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::SmoothPath;
using isostar::path::segmentAllowed;
using isostar::path::segmentCost;

namespace {

NavGrid gridOf(const CostField& field, const MoveRules& rules = MoveRules{})
{
    NavGrid grid;
    REQUIRE(grid.reset(field.width, field.height));
    REQUIRE(grid.addLayer("test", field, rules) == 0);
    return grid;
}

/// A random field: about `wallPercent` % walls, the rest cost 1, or one of `costs` in patches.
CostField randomField(std::mt19937& rng, int w, int h, int wallPercent, bool weighted)
{
    CostField f(w, h);
    std::uniform_int_distribution<int> pct(0, 99);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            f.at({x, y}) = pct(rng) < wallPercent ? Impassable : 1.0f;
    if (weighted)  // rectangles of one cost, so long segments of equal cost exist
        for (int r = 0; r < 4; ++r) {
            const int x0 = pct(rng) % w, y0 = pct(rng) % h, rw = 1 + pct(rng) % 6, rh = 1 + pct(rng) % 6;
            const float c = float(2 + pct(rng) % 3);
            for (int y = y0; y < std::min(h, y0 + rh); ++y)
                for (int x = x0; x < std::min(w, x0 + rw); ++x)
                    if (f.at({x, y}) < Impassable)
                        f.at({x, y}) = c;
        }
    return f;
}

} // namespace

namespace {

/// The smoothed path and the grid path from g's start to its goal on layer 0 (found).
std::pair<SmoothPath, PathResult> smoothFound(const NavGrid& grid, const pathtest::AsciiGrid& g)
{
    AnyAngleQuery smoother;
    std::pair<SmoothPath, PathResult> out;
    REQUIRE(smoother.findPath(grid, 0, g.start, g.goal, out.first, out.second) == PathStatus::Found);
    return out;
}

} // namespace

TEST_CASE("AnyAngle: segments obey the strict corner rule and one cost", "[path][anyangle]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        ........
        ...#....
        ........
        ....22..
        ....22..
    )");
    const NavGrid grid = gridOf(g.field);
    // Along row 0, open.
    CHECK(segmentCost(grid, 0, {0, 0}, {7, 0}) == Approx(7.0));
    // (2,0)->(4,2) runs through the grid corners (3,1) and (4,2); the first touches the wall (3,1).
    CHECK_FALSE(segmentAllowed(grid, 0, {2, 0}, {4, 2}));
    // (0,2)->(2,0) runs through the grid corners (1,2) and (2,1), whose cells are all open.
    CHECK(segmentCost(grid, 0, {0, 2}, {2, 0}) == Approx(2.0 * std::sqrt(2.0)));
    // Through the wall's interior.
    CHECK_FALSE(segmentAllowed(grid, 0, {1, 1}, {5, 1}));
    // Crossing cost-2 cells: longer than one step, two costs -> forbidden; inside the patch: 2 x length.
    CHECK_FALSE(segmentAllowed(grid, 0, {2, 3}, {5, 3}));
    CHECK(segmentCost(grid, 0, {4, 3}, {5, 4}) == Approx(2.0 * 1.414));  // a single diagonal step
    CHECK(segmentCost(grid, 0, {3, 3}, {4, 3}) == Approx(2.0));          // enters a cost-2 cell
    CHECK(segmentCost(grid, 0, {4, 3}, {3, 3}) == Approx(1.0));          // leaves it
    // A single diagonal step past the wall's corner: forbidden whatever the layer's diagonal mode.
    CHECK_FALSE(segmentAllowed(grid, 0, {2, 0}, {3, 1}));
    CHECK_FALSE(segmentAllowed(grid, 0, {2, 2}, {3, 1}));
    CHECK_FALSE(segmentAllowed(grid, 0, {2, 1}, {3, 0}));
    CHECK(segmentCost(grid, 0, {5, 0}, {5, 0}) == 0.0);
    CHECK_FALSE(segmentAllowed(grid, 0, {3, 1}, {3, 1}));
    CHECK_FALSE(segmentAllowed(grid, 0, {0, 0}, {8, 0}));  // off the map
    CHECK_FALSE(segmentAllowed(grid, 1, {0, 0}, {1, 0}));  // no such layer
    CHECK(std::isinf(segmentCost(grid, 0, {1, 1}, {5, 1})));
}

TEST_CASE("AnyAngle: segmentAllowed and segmentCost agree with the independent checker", "[path][anyangle]")
{
    std::mt19937 rng(20240611);
    int allowed = 0, forbidden = 0, corners = 0;
    for (int round = 0; round < 60; ++round) {
        const int w = 6 + int(rng() % 10), h = 5 + int(rng() % 10);
        const CostField f = randomField(rng, w, h, 8 + int(rng() % 20), round % 2 == 1);
        const NavGrid grid = gridOf(f);
        std::uniform_int_distribution<int> xs(0, w - 1), ys(0, h - 1);
        for (int k = 0; k < 400; ++k) {
            const TileCoord a{xs(rng), ys(rng)};
            // Every other segment a lattice diagonal or a 2:1 slope, so corners are common.
            TileCoord b{xs(rng), ys(rng)};
            if (k % 2 == 0) {
                const int d = 1 + int(rng() % 6), m = 1 + int(rng() % 2);
                b = {a.x + (rng() % 2 ? d : -d) * m, a.y + (rng() % 2 ? d : -d)};
                if (!grid.inBounds(b))
                    continue;
            }
            const std::optional<double> expected = pathtest::ruleCost(grid, 0, a, b);
            INFO(a << "->" << b << "\n" << pathtest::drawPath(f, {a, b}));
            REQUIRE(segmentAllowed(grid, 0, a, b) == expected.has_value());
            if (expected) {
                CHECK(segmentCost(grid, 0, a, b) == Approx(*expected).epsilon(1e-12));
                ++allowed;
                corners += (std::abs(b.x - a.x) == std::abs(b.y - a.y) && a != b) ? 1 : 0;
            } else {
                CHECK(std::isinf(segmentCost(grid, 0, a, b)));
                ++forbidden;
            }
        }
    }
    CHECK(allowed > 1000);
    CHECK(forbidden > 1000);
    CHECK(corners > 200);
}

TEST_CASE("AnyAngle: a smoothed path on open ground is one segment", "[path][anyangle]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        S.........
        ..........
        ..........
        .........G
    )");
    const NavGrid grid = gridOf(g.field);
    const auto [s, r] = smoothFound(grid, g);
    CHECK(s.waypoints == std::vector<TileCoord>{g.start, g.goal});
    CHECK(s.length == Approx(std::sqrt(81.0 + 9.0)));
    CHECK(s.cost == Approx(s.length));
    CHECK(s.cost < r.cost);
    CHECK_FALSE(s.fromGridPath);
    CHECK(pathtest::checkSmoothPath(grid, 0, s, r.path, r.cost).empty());
}

TEST_CASE("AnyAngle: a path around a wall keeps off its corners", "[path][anyangle]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        S.........
        ..........
        ....#.....
        ....#.....
        ....#....G
    )");
    const NavGrid grid = gridOf(g.field);
    const auto [s, r] = smoothFound(grid, g);
    INFO(s);
    CHECK(pathtest::checkSmoothPath(grid, 0, s, r.path, r.cost).empty());
    CHECK(s.waypoints.size() == 3);  // over the wall's top: one turn
    CHECK(s.length < r.cost);
}

TEST_CASE("AnyAngle: smooth() refuses a path that cuts a corner or is no grid path", "[path][anyangle]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        S#.
        ..G
    )");
    MoveRules always;
    always.diagonal = DiagonalMode::Always;
    const NavGrid grid = gridOf(g.field, always);
    AnyAngleQuery smoother;
    SmoothPath s;
    const std::vector<TileCoord> cut{{0, 0}, {1, 1}, {2, 1}};
    CHECK(smoother.smooth(grid, 0, cut, s) == PathStatus::InvalidInput);
    CHECK(s.waypoints.empty());
    const std::vector<TileCoord> jump{{0, 0}, {2, 1}};
    CHECK(smoother.smooth(grid, 0, jump, s) == PathStatus::InvalidInput);
    CHECK(smoother.smooth(grid, 0, std::vector<TileCoord>{}, s) == PathStatus::InvalidInput);
    CHECK(smoother.smooth(grid, 3, cut, s) == PathStatus::InvalidInput);
    const std::vector<TileCoord> ok{{0, 0}, {0, 1}, {1, 1}, {2, 1}};
    REQUIRE(smoother.smooth(grid, 0, ok, s) == PathStatus::Found);
    CHECK(pathtest::checkSmoothPath(grid, 0, s, ok, 3.0).empty());
    const std::vector<TileCoord> one{{2, 1}};
    REQUIRE(smoother.smooth(grid, 0, one, s) == PathStatus::Found);
    CHECK(s.waypoints == one);
    CHECK(s.cost == 0.0);
}

TEST_CASE("AnyAngle: a partial grid path is smoothed to where it ends", "[path][anyangle]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        S.....#..
        ......#.G
        ......#..
    )");
    const NavGrid grid = gridOf(g.field);
    AnyAngleQuery smoother;
    SmoothPath s;
    PathResult r;
    REQUIRE(smoother.findPath(grid, 0, g.start, g.goal, s, r) == PathStatus::Partial);
    CHECK(s.waypoints.back() == r.path.back());
    CHECK(pathtest::checkSmoothPath(grid, 0, s, r.path, r.cost).empty());
    smoother.gridQuery().setPartialPaths(false);
    CHECK(smoother.findPath(grid, 0, g.start, g.goal, s, r) == PathStatus::NoPath);
    CHECK(s.waypoints.empty());
}

TEST_CASE("AnyAngle: random weighted grids: every smoothed path obeys the rule and is not dearer",
          "[path][anyangle]")
{
    std::mt19937 rng(7);
    AnyAngleQuery smoother;
    SmoothPath s;
    PathResult r;
    int paths = 0, shorter = 0;
    for (int round = 0; round < 120; ++round) {
        const int w = 10 + int(rng() % 30), h = 8 + int(rng() % 30);
        MoveRules rules;
        rules.diagonal = round % 5 == 0 ? DiagonalMode::Never : DiagonalMode::NoCornerCutting;
        rules.diagonalFactor = round % 3 == 0 ? std::sqrt(2.0) : (round % 3 == 1 ? 1.414 : 1.0);
        const CostField f = randomField(rng, w, h, 10 + int(rng() % 20), round % 4 != 0);
        const NavGrid grid = gridOf(f, rules);
        for (int k = 0; k < 10; ++k) {
            const TileCoord a{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const TileCoord b{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            if (!grid.passable(0, a))
                continue;
            const PathStatus st = smoother.findPath(grid, 0, a, b, s, r);
            REQUIRE(st == r.status);
            if (!isostar::path::hasPath(st))
                continue;
            INFO(rules << " " << a << "->" << b << " " << s << "\n" << pathtest::drawPath(f, r.path));
            CHECK(pathtest::checkSmoothPath(grid, 0, s, r.path, r.cost) == "");
            ++paths;
            shorter += s.cost < r.cost - 1e-9 ? 1 : 0;
        }
    }
    CHECK(paths > 500);
    CHECK(shorter > paths / 4);
}

TEST_CASE("AnyAngle: den520d: smoothed paths obey the rule and are at least 4.5% shorter", "[path][anyangle]")
{
    const std::filesystem::path dir = std::filesystem::path(ISOSTAR_SHARED_DIR) / "movingai";
    if (!std::filesystem::exists(dir / "den520d.map"))
        return testsupport::skipTest("Moving AI data not found at " + dir.string());
    const auto map = isostar::path::loadMovingAiMap((dir / "den520d.map").string());
    const auto scen = isostar::path::loadMovingAiScenarios((dir / "den520d.map.scen").string());
    REQUIRE(map);
    REQUIRE(scen);
    NavGrid grid;
    REQUIRE(grid.reset(map.value().width, map.value().height));
    REQUIRE(grid.addLayer("ground", toCostField(map.value(), isostar::path::MovingAiTerrain::Ground),
                          isostar::path::movingAiRules()) == 0);
    AnyAngleQuery smoother;
    SmoothPath s;
    PathResult r;
    double smoothSum = 0.0, optimalSum = 0.0;
    const std::vector<isostar::path::MovingAiScenario>& all = scen.value().scenarios;
    for (std::size_t i = 0; i < all.size(); i += 3) {  // every third: all buckets, a third of the time
        const isostar::path::MovingAiScenario& sc = all[i];
        REQUIRE(smoother.findPath(grid, 0, sc.start, sc.goal, s, r) == PathStatus::Found);
        INFO("line " << sc.line << ": " << s);
        REQUIRE(std::abs(r.cost - sc.optimalLength) <= sc.tolerance());
        CHECK(pathtest::checkSmoothPath(grid, 0, s, r.path, r.cost) == "");
        smoothSum += s.length;
        optimalSum += sc.optimalLength;
    }
    const double ratio = smoothSum / optimalSum;
    INFO("smoothed / optimal 8-connected length: " << ratio);
    CHECK(ratio <= 0.955);
}

TEST_CASE("AnyAngle: pullString of a given grid path obeys the rule and is not dearer", "[path][anyangle]")
{
    std::mt19937 rng(11);
    GridQuery query;
    PathResult r;
    int paths = 0, shorter = 0;
    for (int round = 0; round < 60; ++round) {
        const int w = 10 + int(rng() % 25), h = 8 + int(rng() % 25);
        const CostField f = randomField(rng, w, h, 10 + int(rng() % 20), round % 3 != 0);
        const NavGrid grid = gridOf(f);
        for (int k = 0; k < 10; ++k) {
            const TileCoord a{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const TileCoord b{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            if (!grid.passable(0, a) || !isostar::path::hasPath(query.findPath(grid, 0, a, b, r)) || r.status != PathStatus::Found)
                continue;
            const SmoothPath s = isostar::path::pullString(grid, 0, r.path);
            INFO(a << "->" << b << " " << s << "\n" << pathtest::drawPath(f, r.path));
            CHECK(s.fromGridPath);
            CHECK(pathtest::checkSmoothPath(grid, 0, s, r.path, r.cost) == "");
            // Every waypoint is a cell of the grid path, in its order.
            std::size_t at = 0;
            for (TileCoord c : s.waypoints) {
                while (at < r.path.size() && r.path[at] != c)
                    ++at;
                CHECK(at < r.path.size());
            }
            ++paths;
            shorter += s.cost < r.cost - 1e-9 ? 1 : 0;
        }
    }
    CHECK(paths > 300);
    CHECK(shorter > paths / 4);
    const NavGrid grid = gridOf(CostField(4, 4));
    CHECK(isostar::path::pullString(grid, 0, std::vector<TileCoord>{}).waypoints.empty());
    CHECK(isostar::path::pullString(grid, 0, std::vector<TileCoord>{{0, 0}, {2, 0}}).waypoints.empty());  // no single step
    CHECK(isostar::path::pullString(grid, 3, std::vector<TileCoord>{{0, 0}, {1, 0}}).waypoints.empty());  // bad layer
}

TEST_CASE("AnyAngle: segmentCells walks exactly the cells a segment crosses, 8-connected", "[path][anyangle]")
{
    std::vector<TileCoord> cells;
    isostar::path::segmentCells({0, 0}, {3, 0}, cells);
    CHECK(cells == std::vector<TileCoord>{{1, 0}, {2, 0}, {3, 0}});
    cells.clear();
    isostar::path::segmentCells({2, 2}, {0, 0}, cells);  // through two corners: diagonal steps
    CHECK(cells == std::vector<TileCoord>{{1, 1}, {0, 0}});
    cells.clear();
    isostar::path::segmentCells({0, 0}, {0, 0}, cells);
    CHECK(cells.empty());
    std::mt19937 rng(5);
    for (int k = 0; k < 400; ++k) {
        const TileCoord a{int(rng() % 13) - 6, int(rng() % 13) - 6}, b{int(rng() % 13) - 6, int(rng() % 13) - 6};
        cells.clear();
        isostar::path::segmentCells(a, b, cells);
        INFO(a << "->" << b);
        if (a == b) {
            CHECK(cells.empty());
            continue;
        }
        REQUIRE(!cells.empty());
        CHECK(cells.back() == b);
        // The independent checker's crossed cells, a excluded, are exactly the walk's cells.
        std::vector<TileCoord> expected;
        for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
            for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x)
                if (TileCoord{x, y} != a && pathtest::crossesInterior(a, b, {x, y}))
                    expected.push_back({x, y});
        std::vector<TileCoord> got = cells;
        const auto order = [](TileCoord p, TileCoord q) { return p.y != q.y ? p.y < q.y : p.x < q.x; };
        std::sort(got.begin(), got.end(), order);
        std::sort(expected.begin(), expected.end(), order);
        CHECK(got == expected);
        TileCoord prev = a;
        for (TileCoord c : cells) {
            CHECK(std::max(std::abs(c.x - prev.x), std::abs(c.y - prev.y)) == 1);
            prev = c;
        }
    }
}
