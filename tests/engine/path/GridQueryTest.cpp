// GridQuery: several layers over one NavGrid, overlays (penalty / blocked) that never modify the
// grid, and time-sliced searches that stop when their layer changes.

#include "engine/path/GridPathfinder.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "tests/engine/path/AsciiGrid.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::GridPathfinder;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::QueryOverlay;

namespace {

bool contains(const std::vector<TileCoord>& path, TileCoord c)
{
    return std::find(path.begin(), path.end(), c) != path.end();
}

// A corridor of width 3: the straight path runs along row 2.
const char* kCorridor = R"(
    ..........
    ..........
    S........G
    ..........
    ..........
)";

} // namespace

TEST_CASE("GridQuery: each layer is its own profile over one grid", "[path][query]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(kCorridor);
    CostField snowy = g.field;
    for (int x = 1; x < 9; ++x)
        snowy.at({x, 2}) = 9.0f;
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    const int walker = grid.addLayer("walker", g.field, MoveRules{});
    const int snow = grid.addLayer("snow", snowy, MoveRules{});
    GridQuery query;
    PathResult a, b;
    REQUIRE(query.findPath(grid, walker, g.start, g.goal, a) == PathStatus::Found);
    REQUIRE(query.findPath(grid, snow, g.start, g.goal, b) == PathStatus::Found);
    CHECK(contains(a.path, {5, 2}));
    CHECK_FALSE(contains(b.path, {5, 2}));
    CHECK(query.findPath(grid, 2, g.start, g.goal, a) == PathStatus::InvalidInput);

    GridPathfinder finder;
    REQUIRE(finder.init(snowy, MoveRules{}));
    PathResult c;
    finder.findPath(g.start, g.goal, c);
    CHECK(c == b);
}

TEST_CASE("GridQuery: a penalty overlay bends the path and never modifies the grid", "[path][query]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(kCorridor);
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    REQUIRE(grid.addLayer("walker", g.field, MoveRules{}) == 0);
    const std::uint64_t version = grid.version();
    GridQuery query;
    PathResult plain;
    REQUIRE(query.findPath(grid, 0, g.start, g.goal, plain) == PathStatus::Found);
    REQUIRE(contains(plain.path, {5, 2}));

    const std::vector<TileCoord> units{{5, 2}};
    QueryOverlay overlay{units, 5.0f, false};
    PathResult bent;
    REQUIRE(query.findPath(grid, 0, g.start, g.goal, bent, &overlay) == PathStatus::Found);
    CHECK_FALSE(contains(bent.path, {5, 2}));
    CHECK(bent.cost > plain.cost);
    // Same as a field with the penalty added.
    CostField penalised = g.field;
    penalised.at({5, 2}) += 5.0f;
    GridPathfinder finder;
    REQUIRE(finder.init(penalised, MoveRules{}));
    PathResult expect;
    finder.findPath(g.start, g.goal, expect);
    CHECK(bent.cost == expect.cost);

    // A small penalty is worth paying: the path goes through.
    overlay.penalty = 0.1f;
    PathResult through;
    REQUIRE(query.findPath(grid, 0, g.start, g.goal, through, &overlay) == PathStatus::Found);
    CHECK(contains(through.path, {5, 2}));
    CHECK(through.cost == Approx(plain.cost + double(0.1f)));

    CHECK(grid.version() == version);
    CHECK(grid.costField(0) == g.field);
    // The next query without the overlay is the plain one again.
    PathResult again;
    query.findPath(grid, 0, g.start, g.goal, again);
    CHECK(again == plain);

    overlay.penalty = -1.0f;
    CHECK(query.findPath(grid, 0, g.start, g.goal, again, &overlay) == PathStatus::InvalidInput);
}

TEST_CASE("GridQuery: a blocked overlay is impassable, a cut-off goal gives Partial", "[path][query]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        ..#..
        S.#.G
        .....
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    REQUIRE(grid.addLayer("walker", g.field, MoveRules{}) == 0);
    GridQuery query;
    std::vector<TileCoord> units{{2, 2}};
    const QueryOverlay blocked{units, 0.0f, true};
    PathResult r;
    CHECK(query.findPath(grid, 0, g.start, g.goal, r, &blocked) == PathStatus::Partial);
    CHECK(r.path.back() == TileCoord{1, 1});  // closest reachable cell to the goal
    CHECK(grid.passable(0, {2, 2}));

    query.setPartialPaths(false);
    CHECK(query.findPath(grid, 0, g.start, g.goal, r, &blocked) == PathStatus::NoPath);
    query.setPartialPaths(true);

    // A unit on the start never blocks its own start.
    units = {g.start};
    const QueryOverlay self{units, 0.0f, true};
    CHECK(query.findPath(grid, 0, g.start, g.goal, r, &self) == PathStatus::Found);

    // Blocking a detour cell that is not needed changes nothing.
    units = {{0, 0}};
    const QueryOverlay aside{units, 0.0f, true};
    PathResult plain;
    query.findPath(grid, 0, g.start, g.goal, plain);
    CHECK(query.findPath(grid, 0, g.start, g.goal, r, &aside) == PathStatus::Found);
    CHECK(r.cost == plain.cost);
    CHECK_FALSE(contains(r.path, {0, 0}));

    // findNearest with its targets blocked: NoPath.
    units = {{4, 1}};
    const QueryOverlay goalTaken{units, 0.0f, true};
    const TileCoord targets[] = {{4, 1}};
    int index = 7;
    CHECK(query.findNearest(grid, 0, g.start, targets, r, &index, &goalTaken) == PathStatus::NoPath);
    CHECK(index == -1);
}

TEST_CASE("GridQuery: a sliced search stops when its layer changes, other layers do not matter",
          "[path][query]")
{
    CostField field(40, 40);
    NavGrid grid;
    REQUIRE(grid.reset(40, 40));
    REQUIRE(grid.addLayer("a", field, MoveRules{}) == 0);
    REQUIRE(grid.addLayer("b", field, MoveRules{}) == 1);
    GridQuery query;
    REQUIRE(query.beginSearch(grid, 0, {0, 0}, {39, 39}) == PathStatus::InProgress);
    REQUIRE(query.step(5) == PathStatus::InProgress);
    CHECK(query.expandedSoFar() == 5);
    const CellChange other[] = {{{3, 3}, Impassable}};
    grid.apply(1, other);
    CHECK(query.step(5) == PathStatus::InProgress);  // layer 1 changed: irrelevant
    grid.apply(0, other);
    CHECK(query.step(5) == PathStatus::InvalidInput);
    PathResult r;
    CHECK(query.finishSearch(r) == PathStatus::InvalidInput);
    CHECK(r.path.empty());
    CHECK_FALSE(query.searching());

    REQUIRE(query.beginSearch(grid, 0, {0, 0}, {39, 39}) == PathStatus::InProgress);
    query.cancel();
    CHECK_FALSE(query.searching());
    CHECK(query.step(5) == PathStatus::InvalidInput);
}
