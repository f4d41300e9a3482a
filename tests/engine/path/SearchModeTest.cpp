// GridQuery's search orders (SearchMode.hpp): A* as the layer says, Dijkstra, weighted A* with the
// query's own weight and greedy best-first, held against the reference Dijkstra on random fields.

#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/SearchMode.hpp"
#include "tests/engine/path/AsciiGrid.hpp"
#include "tests/support/ReferenceDijkstra.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <sstream>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::Heuristic;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::SearchMode;
using isostar::path::SearchOrder;
using isostar::path::SearchTrace;

namespace {

/// Sum of the step costs along `path`, checking every step is allowed (0 when one is not).
double walkCost(const CostField& f, const MoveRules& rules, const std::vector<TileCoord>& path, bool& legal)
{
    legal = !path.empty();
    double sum = 0.0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const int dx = path[i].x - path[i - 1].x, dy = path[i].y - path[i - 1].y;
        if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0) ||
            !testsupport::canStep(f, rules.diagonal, path[i - 1], dx, dy)) {
            legal = false;
            return 0.0;
        }
        sum += testsupport::stepCost(f, rules, path[i], dx != 0 && dy != 0);
    }
    return sum;
}

/// Random field: walls with probability wallP, costs 1, 2, 3 or 0.5 (roads).
CostField modeField(std::mt19937& rng, int w, int h, double wallP)
{
    CostField f(w, h);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (float& c : f.cost) {
        const double r = u(rng);
        c = r < wallP ? Impassable : r < wallP + 0.2 ? 3.0f : r < wallP + 0.35 ? 2.0f : r < wallP + 0.45 ? 0.5f : 1.0f;
    }
    return f;
}

TileCoord modeCell(std::mt19937& rng, const CostField& f)
{
    for (;;) {
        const TileCoord c{std::uniform_int_distribution<int>(0, f.width - 1)(rng),
                          std::uniform_int_distribution<int>(0, f.height - 1)(rng)};
        if (f.passable(c))
            return c;
    }
}

} // namespace

TEST_CASE("search orders: names round-trip, A* is the default", "[path][mode]")
{
    for (SearchOrder o : {SearchOrder::AStar, SearchOrder::Dijkstra, SearchOrder::WeightedAStar, SearchOrder::Greedy})
        CHECK(isostar::path::parseSearchOrder(isostar::path::searchOrderName(o)) == o);
    CHECK(isostar::path::parseSearchOrder("greedy") == SearchOrder::Greedy);
    CHECK_FALSE(isostar::path::parseSearchOrder("Greedy").has_value());
    CHECK_FALSE(isostar::path::parseSearchOrder("").has_value());
    std::ostringstream os;
    os << SearchMode{SearchOrder::WeightedAStar, 2.0} << ' ' << SearchMode{SearchOrder::Greedy};
    CHECK(os.str() == "weighted w=2 greedy");
    GridQuery query;
    CHECK(query.searchMode() == SearchMode{});
    CHECK(query.searchMode().order == SearchOrder::AStar);
}

TEST_CASE("every order finds a path whenever one exists, only greedy and weighted may pay more",
          "[path][mode]")
{
    std::mt19937 rng(20261123);
    int greedyWorse = 0, greedyFewer = 0, queries = 0;
    for (int round = 0; round < 300; ++round) {
        const int w = std::uniform_int_distribution<int>(2, 40)(rng);
        const int h = std::uniform_int_distribution<int>(2, 40)(rng);
        const CostField f = modeField(rng, w, h, std::uniform_real_distribution<double>(0.0, 0.35)(rng));
        bool any = false;
        for (float c : f.cost)
            any = any || c < Impassable;
        if (!any)
            continue;
        MoveRules rules;
        rules.diagonal = testsupport::kAllDiagonalModes[round % 4];
        rules.heuristic = round % 5 == 4 ? Heuristic::Euclidean : Heuristic::Octile;
        NavGrid grid;
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("walker", f, rules) == 0);
        const TileCoord start = modeCell(rng, f), goal = modeCell(rng, f);
        const std::vector<double> dist = testsupport::referenceDijkstra(f, rules, start);
        const double best = dist[std::size_t(f.index(goal))];
        if (best == testsupport::Unreachable)
            continue;
        ++queries;
        GridQuery query;
        PathResult r[4];
        const SearchMode modes[4] = {{SearchOrder::AStar}, {SearchOrder::Dijkstra},
                                     {SearchOrder::WeightedAStar, 2.0}, {SearchOrder::Greedy}};
        for (int m = 0; m < 4; ++m) {
            INFO("round " << round << " mode " << modes[m] << " rules " << rules << " " << start << " -> " << goal);
            query.setSearchMode(modes[m]);
            REQUIRE(query.findPath(grid, 0, start, goal, r[m]) == PathStatus::Found);
            bool legal = false;
            const double walked = walkCost(f, rules, r[m].path, legal);
            REQUIRE(legal);
            CHECK(r[m].path.front() == start);
            CHECK(r[m].path.back() == goal);
            CHECK(walked == Approx(r[m].cost).epsilon(1e-9).margin(1e-12));
            CHECK(r[m].cost >= best - 1e-9 * (1.0 + best));
            // Each cell is expanded at most once, whatever the order.
            CHECK(r[m].expanded <= w * h);
        }
        CHECK(r[0].cost == Approx(best).epsilon(1e-9).margin(1e-12));
        CHECK(r[1].cost == Approx(best).epsilon(1e-9).margin(1e-12));
        CHECK(r[2].cost <= 2.0 * best + 1e-9 * (1.0 + best));
        CHECK(r[1].expanded >= r[0].expanded);  // h = 0 never expands fewer with a consistent h
        greedyWorse += r[3].cost > best + 1e-9 * (1.0 + best);
        greedyFewer += r[3].expanded < r[0].expanded;
    }
    CHECK(queries > 200);
    // The orders really differ: greedy is often not optimal, and usually expands fewer cells.
    CHECK(greedyWorse > queries / 10);
    CHECK(greedyFewer > queries / 2);
}

TEST_CASE("greedy best-first expands far fewer cells than A* on an open weighted map", "[path][mode]")
{
    std::mt19937 rng(7);
    const CostField f = modeField(rng, 64, 64, 0.0);
    NavGrid grid;
    REQUIRE(grid.reset(64, 64));
    REQUIRE(grid.addLayer("walker", f, MoveRules{}) == 0);
    GridQuery query;
    PathResult astar, greedy;
    REQUIRE(query.findPath(grid, 0, {2, 3}, {60, 58}, astar) == PathStatus::Found);
    query.setSearchMode({SearchOrder::Greedy});
    REQUIRE(query.findPath(grid, 0, {2, 3}, {60, 58}, greedy) == PathStatus::Found);
    INFO("A* " << astar.expanded << " expansions, cost " << astar.cost << "; greedy " << greedy.expanded
               << " expansions, cost " << greedy.cost);
    CHECK(greedy.cost >= astar.cost);
    // No walls: greedy walks straight at the goal and expands about one cell per step.
    CHECK(greedy.expanded < int(greedy.path.size()) * 2);
    CHECK(greedy.expanded * 4 < astar.expanded);
}

TEST_CASE("greedy best-first orders by h, then by lower g, and never reopens a closed cell", "[path][mode]")
{
    // The wall makes greedy run into the pocket first; the path it finds then leaves the
    // pocket the way it came (no reopening), costlier than the optimum around the wall.
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        ..........
        ......#...
        S.....#..G
        ......#...
        ..#####...
        ..........
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    MoveRules rules;
    REQUIRE(grid.addLayer("walker", g.field, rules) == 0);
    GridQuery query;
    query.setSearchMode({SearchOrder::Greedy});
    SearchTrace trace;
    PathResult greedy, again;
    REQUIRE(query.findPath(grid, 0, g.start, g.goal, greedy, nullptr, &trace) == PathStatus::Found);
    REQUIRE(query.findPath(grid, 0, g.start, g.goal, again) == PathStatus::Found);
    CHECK(again == greedy);  // traced and untraced loops agree
    REQUIRE(trace.stepCount() == greedy.expanded);
    // Each cell once.
    for (int i = 0; i < trace.stepCount(); ++i)
        for (int j = i + 1; j < trace.stepCount(); ++j)
            REQUIRE_FALSE(trace.expanded[std::size_t(i)].cell == trace.expanded[std::size_t(j)].cell);
    // Every expanded cell had the lowest (h, g) of the cells open at that moment.
    for (int k = 1; k < trace.stepCount(); ++k) {
        const isostar::path::TraceSnapshot before = trace.snapshot(k - 1);
        const isostar::path::TraceCell& e = trace.expanded[std::size_t(k)];
        for (std::size_t i = 0; i < before.state.size(); ++i) {
            if (before.state[i] != isostar::path::TraceCellState::Open)
                continue;
            INFO("step " << k << " expanded " << e << " while cell " << i << " had h " << before.h[i]);
            REQUIRE((e.h < before.h[i] || (e.h == before.h[i] && e.g <= before.g[i])));
        }
    }
    query.setSearchMode({SearchOrder::AStar});
    PathResult astar;
    REQUIRE(query.findPath(grid, 0, g.start, g.goal, astar) == PathStatus::Found);
    CHECK(greedy.cost > astar.cost);
}

TEST_CASE("weighted A* uses the query's weight, a bad weight is invalid input", "[path][mode]")
{
    std::mt19937 rng(11);
    const CostField f = modeField(rng, 48, 48, 0.1);
    NavGrid grid;
    REQUIRE(grid.reset(48, 48));
    REQUIRE(grid.addLayer("walker", f, MoveRules{}) == 0);
    MoveRules heavy;
    heavy.weight = 2.0;
    REQUIRE(grid.addLayer("heavy", f, heavy) == 1);
    const TileCoord a = modeCell(rng, f), b = modeCell(rng, f);
    GridQuery query;
    PathResult layerWeighted, queryWeighted, dijkstraOnHeavy, plain;
    query.findPath(grid, 1, a, b, layerWeighted);
    query.setSearchMode({SearchOrder::WeightedAStar, 2.0});
    query.findPath(grid, 0, a, b, queryWeighted);
    CHECK(queryWeighted == layerWeighted);  // same search as a layer whose rules say w = 2
    query.setSearchMode({SearchOrder::Dijkstra});
    query.findPath(grid, 1, a, b, dijkstraOnHeavy);
    query.setSearchMode({SearchOrder::AStar});
    query.findPath(grid, 0, a, b, plain);
    CHECK(dijkstraOnHeavy.cost == Approx(plain.cost));  // Dijkstra ignores the layer's weight
    CHECK(grid.rules(1).weight == 2.0);                 // layers untouched
    CHECK(grid.rules(0).weight == 1.0);

    for (double bad : {0.0, -1.0, std::nan(""), double(INFINITY)}) {
        query.setSearchMode({SearchOrder::WeightedAStar, bad});
        PathResult r;
        CHECK(query.findPath(grid, 0, a, b, r) == PathStatus::InvalidInput);
        CHECK(r.path.empty());
    }
    // The weight of the other orders is ignored.
    query.setSearchMode({SearchOrder::Greedy, -1.0});
    PathResult r;
    CHECK(query.findPath(grid, 0, a, b, r) == PathStatus::Found);
}
