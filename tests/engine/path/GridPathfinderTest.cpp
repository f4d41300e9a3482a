#include "engine/path/GridPathfinder.hpp"

#include "tests/engine/path/AsciiGrid.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridPathfinder;
using isostar::path::Heuristic;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::SearchTrace;
using isostar::path::TraceCellState;
using pathtest::parseGrid;

namespace {

MoveRules rulesWith(DiagonalMode mode, Heuristic h = Heuristic::Octile)
{
    MoveRules r;
    r.diagonal = mode;
    r.heuristic = h;
    return r;
}

PathResult solve(const pathtest::AsciiGrid& g, const MoveRules& rules = MoveRules{})
{
    GridPathfinder finder;
    REQUIRE(finder.init(g.field, rules));
    PathResult out;
    finder.findPath(g.start, g.goal, out);
    return out;
}

using Path = std::vector<TileCoord>;

} // namespace

TEST_CASE("a straight corridor costs one per entered cell")
{
    const auto g = parseGrid("S...G");
    const PathResult r = solve(g);
    CHECK(r.status == PathStatus::Found);
    CHECK(r.cost == Approx(4.0));
    CHECK(r.path == Path{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}});
}

TEST_CASE("a diagonal step costs the entered cell times the diagonal factor")
{
    const auto g = parseGrid(R"(
        S..
        ...
        ..G)");
    const PathResult r = solve(g);
    CHECK(r.status == PathStatus::Found);
    CHECK(r.cost == Approx(2 * 1.414));
    CHECK(r.path == Path{{0, 0}, {1, 1}, {2, 2}});

    MoveRules exact;
    exact.diagonalFactor = std::sqrt(2.0);
    CHECK(solve(g, exact).cost == Approx(2 * std::sqrt(2.0)).epsilon(1e-12));
}

TEST_CASE("diagonal modes decide which corners may be cut")
{
    const auto blockedBoth = parseGrid(R"(
        S#
        #G)");
    CHECK(solve(blockedBoth, rulesWith(DiagonalMode::NoCornerCutting)).status == PathStatus::Partial);
    CHECK(solve(blockedBoth, rulesWith(DiagonalMode::AtMostOneObstacle)).status == PathStatus::Partial);
    const PathResult always = solve(blockedBoth, rulesWith(DiagonalMode::Always));
    CHECK(always.status == PathStatus::Found);
    CHECK(always.cost == Approx(1.414));

    const auto blockedOne = parseGrid(R"(
        S.
        #G)");
    const PathResult noCut = solve(blockedOne, rulesWith(DiagonalMode::NoCornerCutting));
    CHECK(noCut.cost == Approx(2.0));
    CHECK(noCut.path == Path{{0, 0}, {1, 0}, {1, 1}});
    const PathResult oneObstacle = solve(blockedOne, rulesWith(DiagonalMode::AtMostOneObstacle));
    CHECK(oneObstacle.cost == Approx(1.414));
    CHECK(oneObstacle.path == Path{{0, 0}, {1, 1}});

    const auto open = parseGrid(R"(
        S..
        ...
        ..G)");
    const PathResult four = solve(open, rulesWith(DiagonalMode::Never, Heuristic::Manhattan));
    CHECK(four.cost == Approx(4.0));
    CHECK(four.path.size() == 5);
}

TEST_CASE("the path bends around expensive terrain and follows roads")
{
    const auto snow = parseGrid(R"(
        S999G
        .....)");
    const PathResult r = solve(snow);
    CHECK(r.cost == Approx(2 * 1.414 + 2));
    CHECK(r.path == Path{{0, 0}, {1, 1}, {2, 1}, {3, 1}, {4, 0}});

    const auto road = parseGrid(R"(
        S.....G
        rrrrrrr)");
    const PathResult onRoad = solve(road);
    CHECK(onRoad.cost == Approx(0.5 * 1.414 + 4 * 0.5 + 1.414));
    CHECK(onRoad.path == Path{{0, 0}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 0}});
}

TEST_CASE("very cheap cells (volcano warmth) keep the path optimal for every heuristic")
{
    // The article's unscaled Euclidean h would overestimate here (cells cost 0.05).
    const auto g = parseGrid(R"(
        S.........G
        vvvvvvvvvvv
        ...........)");
    double expected = -1.0;
    for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Manhattan, Heuristic::Chebyshev,
                        Heuristic::Zero}) {
        INFO("heuristic " << h);
        const PathResult r = solve(g, rulesWith(DiagonalMode::NoCornerCutting, h));
        REQUIRE(r.status == PathStatus::Found);
        if (expected < 0)
            expected = r.cost;
        CHECK(r.cost == Approx(expected).epsilon(1e-12));
    }
    CHECK(expected == Approx(0.05 * 1.414 + 9 * 0.05 + 1.0));  // along the warmth, then up
}

TEST_CASE("start == goal is found with cost 0")
{
    const auto g = parseGrid("S..");
    GridPathfinder finder;
    REQUIRE(finder.init(g.field, MoveRules{}));
    PathResult r;
    CHECK(finder.findPath({1, 0}, {1, 0}, r) == PathStatus::Found);
    CHECK(r.cost == 0.0);
    CHECK(r.path == Path{{1, 0}});
}

TEST_CASE("invalid starts and goals give their statuses and no path")
{
    const auto g = parseGrid(R"(
        S.#
        ...)");
    GridPathfinder finder;
    PathResult r;
    CHECK(finder.findPath({0, 0}, {1, 0}, r) == PathStatus::InvalidInput);  // not initialised
    REQUIRE(finder.init(g.field, MoveRules{}));
    CHECK(finder.findPath({-1, 0}, {1, 0}, r) == PathStatus::StartInvalid);
    CHECK(finder.findPath({3, 0}, {1, 0}, r) == PathStatus::StartInvalid);
    CHECK(finder.findPath({2, 0}, {1, 0}, r) == PathStatus::StartInvalid);  // a wall
    CHECK(r.path.empty());
    CHECK(r.cost == 0.0);
    CHECK(finder.findPath({0, 0}, {0, 2}, r) == PathStatus::GoalInvalid);
    CHECK(finder.findPath({0, 0}, {-5, 1}, r) == PathStatus::GoalInvalid);
    CHECK(r.path.empty());
}

TEST_CASE("an unreachable goal gives the path to the closest reachable cell")
{
    SECTION("goal inside a closed room: ties by cost, then lower row-major index")
    {
        const auto g = parseGrid(R"(
            S....
            .###.
            .#G#.
            .###.
            .....)");
        GridPathfinder finder;
        REQUIRE(finder.init(g.field, MoveRules{}));
        CHECK_FALSE(finder.reachable(g.start, g.goal));
        PathResult r;
        CHECK(finder.findPath(g.start, g.goal, r) == PathStatus::Partial);
        // (2,0), (0,2), (4,2), (2,4) are all 2 cells from the goal; (2,0) and (0,2) both cost 2.
        CHECK(r.path == Path{{0, 0}, {1, 0}, {2, 0}});
        CHECK(r.cost == Approx(2.0));

        finder.setPartialPaths(false);
        CHECK(finder.findPath(g.start, g.goal, r) == PathStatus::NoPath);
        CHECK(r.path.empty());
        CHECK(r.expanded == 0);
    }
    SECTION("goal on a wall")
    {
        const auto g = parseGrid("S..#");
        GridPathfinder finder;
        REQUIRE(finder.init(g.field, MoveRules{}));
        PathResult r;
        CHECK(finder.findPath({0, 0}, {3, 0}, r) == PathStatus::Partial);
        CHECK(r.path == Path{{0, 0}, {1, 0}, {2, 0}});
    }
    SECTION("the closest cell is the start itself")
    {
        const auto g = parseGrid("S#G");
        PathResult r = solve(g);
        CHECK(r.status == PathStatus::Partial);
        CHECK(r.path == Path{{0, 0}});
        CHECK(r.cost == 0.0);
    }
}

TEST_CASE("islands are precomputed under the move rules")
{
    const auto g = parseGrid(R"(
        ..#..
        ..#..)");
    GridPathfinder finder;
    REQUIRE(finder.init(g.field, MoveRules{}));
    CHECK(finder.islandCount() == 2);
    CHECK(finder.reachable({0, 0}, {1, 1}));
    CHECK_FALSE(finder.reachable({0, 0}, {3, 0}));
    CHECK(finder.islandOf({2, 0}) == -1);
    CHECK(finder.islandOf({9, 9}) == -1);

    const auto diagonalOnly = parseGrid(R"(
        .#
        #.)");
    REQUIRE(finder.init(diagonalOnly.field, rulesWith(DiagonalMode::AtMostOneObstacle)));
    CHECK(finder.islandCount() == 2);
    REQUIRE(finder.setRules(rulesWith(DiagonalMode::Always)));
    CHECK(finder.islandCount() == 1);
    CHECK(finder.reachable({0, 0}, {1, 1}));
}

TEST_CASE("updateCells and refresh follow changes of the field")
{
    auto g = parseGrid("S...G");
    GridPathfinder finder;
    REQUIRE(finder.init(g.field, MoveRules{}));
    PathResult r;
    CHECK(finder.findPath(g.start, g.goal, r) == PathStatus::Found);

    const TileCoord changed[] = {{2, 0}};
    g.field.at({2, 0}) = Impassable;
    REQUIRE(finder.updateCells(g.field, changed));
    CHECK(finder.islandCount() == 2);
    CHECK(finder.findPath(g.start, g.goal, r) == PathStatus::Partial);
    CHECK(r.path == Path{{0, 0}, {1, 0}});

    g.field.at({2, 0}) = 0.05f;  // an erupting volcano warms the cell
    REQUIRE(finder.updateCells(g.field, changed));
    CHECK(finder.islandCount() == 1);
    CHECK(finder.minCellCost() == Approx(0.05));
    CHECK(finder.findPath(g.start, g.goal, r) == PathStatus::Found);
    CHECK(r.cost == Approx(3.05));

    g.field.at({2, 0}) = 1.0f;  // the cheapest cell got dearer: the minimum is rescanned
    REQUIRE(finder.updateCells(g.field, changed));
    CHECK(finder.minCellCost() == Approx(1.0));

    g.field.at({2, 0}) = -1.0f;
    CHECK_FALSE(finder.updateCells(g.field, changed));
    CHECK(finder.minCellCost() == Approx(1.0));

    g.field.cost.assign(g.field.cost.size(), 2.0f);
    REQUIRE(finder.refresh(g.field));
    CHECK(finder.findPath(g.start, g.goal, r) == PathStatus::Found);
    CHECK(r.cost == Approx(8.0));
    CHECK_FALSE(finder.refresh(CostField(3, 3)));
}

TEST_CASE("init rejects fields and rules it cannot search")
{
    GridPathfinder finder;
    CostField f(3, 2);
    CHECK(finder.init(f, MoveRules{}));
    for (float bad : {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN(), -Impassable}) {
        CostField b = f;
        b.at({1, 1}) = bad;
        CHECK_FALSE(finder.init(b, MoveRules{}));
        CHECK_FALSE(finder.initialized());
    }
    CostField mismatch = f;
    mismatch.cost.pop_back();
    CHECK_FALSE(finder.init(mismatch, MoveRules{}));
    CHECK_FALSE(finder.init(CostField{}, MoveRules{}));
    MoveRules badWeight;
    badWeight.weight = 0.0;
    CHECK_FALSE(finder.init(f, badWeight));
    MoveRules badFactor;
    badFactor.diagonalFactor = std::numeric_limits<double>::quiet_NaN();
    CHECK_FALSE(finder.init(f, badFactor));
    PathResult r;
    CHECK(finder.findPath({0, 0}, {1, 1}, r) == PathStatus::InvalidInput);
}

TEST_CASE("the heuristic is scaled so it never overestimates")
{
    CostField f(10, 10);
    f.at({5, 5}) = 0.05f;
    GridPathfinder finder;
    for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Manhattan, Heuristic::Chebyshev}) {
        INFO("heuristic " << h);
        REQUIRE(finder.init(f, rulesWith(DiagonalMode::NoCornerCutting, h)));
        // The cheapest conceivable route from (0,0) to (3,3): 3 diagonals of the cheapest cell.
        CHECK(finder.heuristic({0, 0}, {3, 3}) <= 3 * 1.414 * double(0.05f) + 1e-12);
        CHECK(finder.heuristic({0, 0}, {3, 0}) <= 3 * double(0.05f) + 1e-12);
        CHECK(finder.heuristic({0, 0}, {3, 3}) > 0.0);
    }
    REQUIRE(finder.init(f, rulesWith(DiagonalMode::NoCornerCutting, Heuristic::Zero)));
    CHECK(finder.heuristic({0, 0}, {3, 3}) == 0.0);
}

TEST_CASE("a trace records every expansion with g, h and f")
{
    const auto g = parseGrid(R"(
        S..#....
        ...#.##.
        ...#..#G
        .......#)");
    GridPathfinder finder;
    REQUIRE(finder.init(g.field, MoveRules{}));
    PathResult plain, traced;
    finder.findPath(g.start, g.goal, plain);
    SearchTrace trace;
    finder.findPath(g.start, g.goal, traced, &trace);
    CHECK(traced == plain);
    REQUIRE(plain.status == PathStatus::Found);
    REQUIRE(trace.stepCount() == plain.expanded);
    REQUIRE(trace.openedBegin.size() == std::size_t(trace.stepCount()) + 1);
    CHECK(trace.width == 8);
    CHECK(trace.expanded.front().cell == g.start);
    CHECK(trace.expanded.back().cell == g.goal);
    CHECK(trace.expanded.back().g == Approx(plain.cost));
    CHECK(trace.opened.front().cell == g.start);
    for (const auto& c : trace.expanded)
        CHECK(c.f == Approx(c.g + c.h));
    // Expansion order is by f: never decreasing with a consistent heuristic.
    for (int k = 1; k < trace.stepCount(); ++k)
        CHECK(trace.expanded[std::size_t(k)].f >= trace.expanded[std::size_t(k) - 1].f - 1e-9);

    const auto before = trace.snapshot(-1);
    CHECK(before.state[0] == TraceCellState::Open);
    CHECK(std::count(before.state.begin(), before.state.end(), TraceCellState::Open) == 1);
    const auto first = trace.snapshot(0);
    CHECK(first.state[0] == TraceCellState::Closed);
    CHECK(first.state[1] == TraceCellState::Open);  // (1,0) opened from the start
    CHECK(first.g[1] == Approx(1.0));
    const auto last = trace.snapshot(trace.stepCount() - 1);
    const std::size_t goalIndex = std::size_t(g.goal.y * 8 + g.goal.x);
    CHECK(last.state[goalIndex] == TraceCellState::Closed);
    CHECK(last.g[goalIndex] == Approx(plain.cost));
    CHECK(std::count(last.state.begin(), last.state.end(), TraceCellState::Closed) == plain.expanded);
}

TEST_CASE("findNearest reaches the cheapest of several targets")
{
    const auto g = parseGrid(R"(
        S....
        .....
        ....#
        ...#.)");
    GridPathfinder finder;
    REQUIRE(finder.init(g.field, MoveRules{}));
    PathResult r;
    int which = -2;
    const TileCoord targets[] = {{4, 1}, {0, 2}, {9, 9}, {4, 2}};
    CHECK(finder.findNearest({0, 0}, targets, r, &which) == PathStatus::Found);
    CHECK(which == 1);
    CHECK(r.cost == Approx(2.0));
    CHECK(r.path.back() == TileCoord{0, 2});

    const TileCoord tied[] = {{0, 2}, {2, 0}};  // both cost 2: the lower row-major index wins
    CHECK(finder.findNearest({0, 0}, tied, r, &which) == PathStatus::Found);
    CHECK(which == 1);
    CHECK(r.path == Path{{0, 0}, {1, 0}, {2, 0}});

    const TileCoord none[] = {{4, 3}, {4, 2}, {-1, 0}};  // other island, wall, off map
    CHECK(finder.findNearest({0, 0}, none, r, &which) == PathStatus::NoPath);
    CHECK(which == -1);
    CHECK(r.path.empty());
    CHECK(finder.findNearest({0, 0}, std::span<const TileCoord>{}, r) == PathStatus::NoPath);

    const TileCoord self[] = {{0, 0}};
    CHECK(finder.findNearest({0, 0}, self, r) == PathStatus::Found);
    CHECK(r.cost == 0.0);
}

TEST_CASE("a time-sliced search gives the same result as findPath")
{
    const auto g = parseGrid(R"(
        S.........
        .########.
        .#......#.
        .#.####.#.
        .#.#G.#.#.
        .#.#..#...
        .#.##.####
        ..........)");
    GridPathfinder finder;
    REQUIRE(finder.init(g.field, MoveRules{}));
    PathResult whole;
    REQUIRE(finder.findPath(g.start, g.goal, whole) == PathStatus::Found);

    PathResult sliced;
    CHECK(finder.finishSearch(sliced) == PathStatus::InvalidInput);
    CHECK(finder.step(5) == PathStatus::InvalidInput);
    REQUIRE(finder.beginSearch(g.start, g.goal) == PathStatus::InProgress);
    CHECK(finder.searching());
    int slices = 0;
    PathStatus s = PathStatus::InProgress;
    while ((s = finder.step(3)) == PathStatus::InProgress)
        ++slices;
    CHECK(s == PathStatus::Found);
    CHECK(slices >= whole.expanded / 3 - 1);
    CHECK(finder.finishSearch(sliced) == PathStatus::Found);
    CHECK_FALSE(finder.searching());
    CHECK(sliced == whole);

    // finishSearch on a search still in progress runs it to the end.
    REQUIRE(finder.beginSearch(g.start, g.goal) == PathStatus::InProgress);
    CHECK(finder.step(1) == PathStatus::InProgress);
    CHECK(finder.finishSearch(sliced) == PathStatus::Found);
    CHECK(sliced == whole);

    CHECK(finder.beginSearch({1, 1}, g.goal) == PathStatus::StartInvalid);
    CHECK(finder.finishSearch(sliced) == PathStatus::StartInvalid);
}

TEST_CASE("queries are deterministic and reuse the result's storage")
{
    CostField open(40, 30);
    for (int y = 5; y < 25; ++y)
        open.at({20, y}) = Impassable;
    GridPathfinder a, b;
    REQUIRE(a.init(open, MoveRules{}));
    REQUIRE(b.init(open, MoveRules{}));
    PathResult ra, rb;
    a.findPath({2, 15}, {37, 14}, ra);
    b.findPath({2, 15}, {37, 14}, rb);
    CHECK(ra == rb);
    const TileCoord* storage = ra.path.data();
    const std::size_t capacity = ra.path.capacity();
    a.findPath({3, 16}, {36, 14}, ra);  // a little shorter: no reallocation
    CHECK(ra.path.data() == storage);
    CHECK(ra.path.capacity() == capacity);
    a.findPath({2, 15}, {37, 14}, ra);
    CHECK(ra == rb);
}

TEST_CASE("weighted A* is faster but bounded by weight x optimal")
{
    CostField f(30, 30);
    for (int i = 0; i < 30; ++i)
        f.at({i, (i * 7) % 30}) = 3.0f;
    for (int y = 3; y < 27; ++y)
        f.at({15, y}) = Impassable;
    GridPathfinder finder;
    REQUIRE(finder.init(f, MoveRules{}));
    PathResult optimal, weighted;
    finder.findPath({1, 15}, {28, 16}, optimal);
    MoveRules w;
    w.weight = 3.0;
    REQUIRE(finder.setRules(w));
    finder.findPath({1, 15}, {28, 16}, weighted);
    CHECK(weighted.status == PathStatus::Found);
    CHECK(weighted.cost >= optimal.cost - 1e-9);
    CHECK(weighted.cost <= 3.0 * optimal.cost + 1e-9);
    CHECK(weighted.expanded < optimal.expanded);
}
