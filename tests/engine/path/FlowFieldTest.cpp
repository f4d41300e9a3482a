// FlowField: following the field from any cell costs exactly the Dijkstra distance to the
// nearest goal (held against tests/support/ReferenceDijkstra.hpp on random weighted grids, every
// diagonal rule), the region bounds the search, slicing changes nothing, an edit stops it.

#include "engine/path/FlowField.hpp"
#include "engine/path/NavGrid.hpp"
#include "tests/engine/path/AsciiGrid.hpp"
#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/Scale.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::FieldRegion;
using isostar::path::FlowField;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathStatus;

namespace {

/// Random costs: walls, snow, roads at half price, warmth far below 1, a few very dear cells.
CostField flowTestField(std::mt19937& rng, int w, int h)
{
    CostField f(w, h);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double wallP = u(rng) * 0.35;
    for (float& c : f.cost) {
        const double r = u(rng);
        c = r < wallP ? Impassable : r < wallP + 0.15 ? 3.0f : r < wallP + 0.25 ? 0.5f : r < wallP + 0.28 ? 0.07f
          : r < wallP + 0.3 ? 40.0f : 1.0f;
    }
    return f;
}

NavGrid flowGrid(const CostField& f, const MoveRules& rules, bool landmarks = false)
{
    NavGrid grid;
    if (landmarks)
        grid.setLandmarks({isostar::path::LandmarkMode::On, 4});
    REQUIRE(grid.reset(f.width, f.height));
    REQUIRE(grid.addLayer("walker", f, rules) == 0);
    return grid;
}

/// Runs the field to its end in slices of `slice` expansions.
PathStatus runFlowField(FlowField& field, int slice)
{
    PathStatus st = field.status();
    for (int guard = 0; st == PathStatus::InProgress && guard < 1000000; ++guard)
        st = field.step(slice);
    return st;
}

/// The cheapest cost from every cell to the nearest of `goals`, by one reference Dijkstra per
/// cell (costs are of entering a cell, so the way back is not the way there).
std::vector<double> flowReferenceToGoals(const CostField& f, const MoveRules& rules, const std::vector<TileCoord>& goals)
{
    std::vector<double> best(f.cost.size(), testsupport::Unreachable);
    for (int i = 0; i < int(f.cost.size()); ++i) {
        const TileCoord c = f.coord(i);
        if (!f.passable(c))
            continue;
        const std::vector<double> from = testsupport::referenceDijkstra(f, rules, c);
        for (TileCoord g : goals)
            if (f.passable(g))
                best[std::size_t(i)] = std::min(best[std::size_t(i)], from[std::size_t(f.index(g))]);
    }
    return best;
}

/// Every step of following the field is legal and costs what the distances say; the walk ends
/// at a goal and costs distance(c).
void checkFlowFollowing(const FlowField& field, const CostField& f, const MoveRules& rules,
                    const std::vector<TileCoord>& goals, TileCoord c)
{
    std::vector<TileCoord> path;
    REQUIRE(field.trace(c, path));
    REQUIRE(path.front() == c);
    double sum = 0.0;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const TileCoord a = path[k - 1], b = path[k];
        const int dx = b.x - a.x, dy = b.y - a.y;
        REQUIRE(std::abs(dx) <= 1);
        REQUIRE(std::abs(dy) <= 1);
        REQUIRE(testsupport::canStep(f, rules.diagonal, a, dx, dy));
        const double step = testsupport::stepCost(f, rules, b, dx != 0 && dy != 0);
        CHECK(step + field.distance(b) == Approx(field.distance(a)).epsilon(1e-12).margin(1e-12));
        sum += step;
    }
    CHECK(std::find(goals.begin(), goals.end(), path.back()) != goals.end());
    CHECK_FALSE(field.next(path.back()));
    CHECK(sum == Approx(field.distance(c)).epsilon(1e-9).margin(1e-12));
}

} // namespace

TEST_CASE("a flow field on an ASCII grid leads every cell round the wall to the goal")
{
    const CostField f = pathtest::parseGrid(R"(
        ......
        .####.
        ....#G
    )").field;
    MoveRules rules;
    const NavGrid grid = flowGrid(f, rules);
    FlowField field;
    const TileCoord goal{5, 2};
    const TileCoord goals[] = {goal};
    REQUIRE(field.begin(grid, 0, goals, FieldRegion::whole(grid)) == PathStatus::InProgress);
    REQUIRE(runFlowField(field, 1000) == PathStatus::Found);
    CHECK(field.distance(goal) == 0.0);
    CHECK(field.distance({5, 1}) == 1.0);
    CHECK(field.next({5, 1}) == TileCoord{5, 2});
    CHECK(field.distance({1, 1}) == FlowField::Unreached);  // a wall
    std::vector<TileCoord> path;
    REQUIRE(field.trace({0, 2}, path));
    // Up the left side, along the top row, down the right side: no corner is cut.
    CHECK(path == std::vector<TileCoord>{{0, 2}, {0, 1}, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {5, 1}, {5, 2}});
    CHECK(field.distance({0, 2}) == 9.0);
    CHECK_FALSE(field.trace({9, 9}, path));
}

TEST_CASE("following a flow field costs exactly the Dijkstra distance to the nearest goal (random weighted grids)")
{
    std::mt19937 rng(424242);
    int cellsChecked = 0, unreached = 0;
    const int maps = testsupport::scaled(160, 20);
    for (int map = 0; map < maps; ++map) {
        const int w = 2 + int(rng() % 15), h = 2 + int(rng() % 15);
        const CostField f = flowTestField(rng, w, h);
        std::vector<TileCoord> goals;
        for (int k = 1 + int(rng() % 3); k > 0; --k)
            goals.push_back({int(rng() % unsigned(w)), int(rng() % unsigned(h))});
        for (DiagonalMode mode : testsupport::kAllDiagonalModes) {
            MoveRules rules;
            rules.diagonal = mode;
            rules.diagonalFactor = map % 3 == 0 ? std::sqrt(2.0) : map % 3 == 1 ? 1.414 : 1.9;
            const NavGrid grid = flowGrid(f, rules);
            FlowField field;
            field.begin(grid, 0, goals, FieldRegion::whole(grid));
            const PathStatus st = runFlowField(field, 1 + int(rng() % 40));
            const std::vector<double> expected = flowReferenceToGoals(f, rules, goals);
            INFO("map " << map << " " << f << "\nrules " << rules);
            bool anyGoal = false;
            for (TileCoord g : goals)
                anyGoal = anyGoal || f.passable(g);
            REQUIRE(st == (anyGoal ? PathStatus::Found : PathStatus::NoPath));
            for (int i = 0; i < int(f.cost.size()); ++i) {
                const TileCoord c = f.coord(i);
                INFO("cell " << c);
                const double want = expected[std::size_t(i)];
                if (want == testsupport::Unreachable) {
                    CHECK(field.distance(c) == FlowField::Unreached);
                    CHECK_FALSE(field.next(c));
                    ++unreached;
                    continue;
                }
                CHECK(field.distance(c) == Approx(want).epsilon(1e-9).margin(1e-12));
                checkFlowFollowing(field, f, rules, goals, c);
                ++cellsChecked;
            }
        }
    }
    CHECK(cellsChecked > 20000 / testsupport::WorkDivisor);
    CHECK(unreached > 1000 / testsupport::WorkDivisor);
}

TEST_CASE("a bounded flow field never leaves its region and is optimal inside it")
{
    std::mt19937 rng(99);
    for (int map = 0; map < testsupport::scaled(120, 20); ++map) {
        const int w = 6 + int(rng() % 12), h = 6 + int(rng() % 12);
        const CostField f = flowTestField(rng, w, h);
        const FieldRegion region{int(rng() % 3), int(rng() % 3), w - int(rng() % 3), h - int(rng() % 3)};
        const std::vector<TileCoord> goals{{region.x0 + int(rng() % unsigned(region.width())),
                                            region.y0 + int(rng() % unsigned(region.height()))}};
        // Without the corner rule, the region is the grid with everything outside it walled off.
        CostField inside = f;
        for (int i = 0; i < int(f.cost.size()); ++i)
            if (!region.contains(f.coord(i)))
                inside.cost[std::size_t(i)] = Impassable;
        for (DiagonalMode mode : {DiagonalMode::Never, DiagonalMode::Always, DiagonalMode::NoCornerCutting}) {
            MoveRules rules;
            rules.diagonal = mode;
            const NavGrid grid = flowGrid(f, rules);
            FlowField bounded, whole;
            bounded.begin(grid, 0, goals, region);
            whole.begin(grid, 0, goals, FieldRegion::whole(grid));
            runFlowField(bounded, 64);
            runFlowField(whole, 64);
            const std::vector<double> expected = flowReferenceToGoals(inside, rules, goals);
            INFO("map " << map << " " << f << "\nrules " << rules);
            for (int i = 0; i < int(f.cost.size()); ++i) {
                const TileCoord c = f.coord(i);
                INFO("cell " << c);
                if (!region.contains(c)) {
                    CHECK_FALSE(bounded.reached(c));
                    continue;
                }
                // Never cheaper than the whole grid's field; the same as the walled-off grid
                // where the corner rule does not look outside.
                CHECK(bounded.distance(c) >= whole.distance(c) - 1e-9);
                if (mode != DiagonalMode::NoCornerCutting) {
                    if (expected[std::size_t(i)] == testsupport::Unreachable)
                        CHECK_FALSE(bounded.reached(c));
                    else
                        CHECK(bounded.distance(c) == Approx(expected[std::size_t(i)]).epsilon(1e-9));
                }
                if (bounded.reached(c))
                    checkFlowFollowing(bounded, f, rules, goals, c);
            }
        }
    }
}

TEST_CASE("a flow field sliced into steps equals one run at once")
{
    std::mt19937 rng(5);
    const CostField f = flowTestField(rng, 40, 30);
    const NavGrid grid = flowGrid(f, MoveRules{});
    const std::vector<TileCoord> goals{{3, 4}, {30, 20}, {39, 0}};
    FlowField once, sliced;
    once.begin(grid, 0, goals, FieldRegion::whole(grid));
    sliced.begin(grid, 0, goals, FieldRegion::whole(grid));
    REQUIRE(runFlowField(once, 1 << 30) == PathStatus::Found);
    int slices = 0;
    while (sliced.status() == PathStatus::InProgress) {
        const int before = sliced.expanded();
        sliced.step(3);
        CHECK(sliced.expanded() - before <= 3);
        ++slices;
    }
    CHECK(slices > 100);
    CHECK(sliced.expanded() == once.expanded());
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x) {
            CHECK(sliced.distance({x, y}) == once.distance({x, y}));
            CHECK(sliced.next({x, y}) == once.next({x, y}));
        }
}

TEST_CASE("an edit of the layer stops a running flow field, and restart gives the field of the new grid")
{
    CostField f(20, 20);
    NavGrid grid = flowGrid(f, MoveRules{});
    const std::vector<TileCoord> goals{{19, 19}};
    FlowField field;
    field.begin(grid, 0, goals, {0, 0, 20, 20});
    REQUIRE(field.step(10) == PathStatus::InProgress);
    std::vector<isostar::path::CellChange> wall;
    for (int x = 0; x < 19; ++x)
        wall.push_back({{x, 10}, Impassable});
    const isostar::path::NavDirty dirty = grid.apply(0, wall);
    CHECK(field.touchedBy(dirty));
    CHECK(field.step(10) == PathStatus::InvalidInput);
    REQUIRE(field.restart(grid) == PathStatus::InProgress);
    REQUIRE(runFlowField(field, 50) == PathStatus::Found);
    FlowField fresh;
    fresh.begin(grid, 0, goals, FieldRegion::whole(grid));
    runFlowField(fresh, 1 << 30);
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x)
            CHECK(field.distance({x, y}) == fresh.distance({x, y}));
    // The way from the top round the end of the wall.
    std::vector<TileCoord> path;
    REQUIRE(field.trace({0, 0}, path));
    CHECK(std::find(path.begin(), path.end(), TileCoord{19, 10}) != path.end());

    // A change outside the region, or of another layer, does not touch it.
    FlowField small;
    small.begin(grid, 0, goals, {15, 15, 20, 20});
    const isostar::path::CellChange far[] = {{{2, 2}, 3.0f}};
    CHECK_FALSE(small.touchedBy(grid.apply(0, far)));
    const isostar::path::CellChange near[] = {{{16, 17}, 3.0f}};
    CHECK(small.touchedBy(grid.apply(0, near)));
    isostar::path::NavDirty other;
    other.layer = 1;
    other.cells = {{16, 16}};
    CHECK_FALSE(small.touchedBy(other));
}

TEST_CASE("flow field corner cases: no usable goal, a bad layer, regions clipped to the grid")
{
    const NavGrid grid = flowGrid(pathtest::parseGrid("..#\n...").field, MoveRules{});
    FlowField field;
    const TileCoord wallGoal[] = {{2, 0}};
    CHECK(field.begin(grid, 0, wallGoal, FieldRegion::whole(grid)) == PathStatus::NoPath);
    CHECK(field.complete());
    CHECK_FALSE(field.reached({0, 0}));
    const TileCoord goal[] = {{0, 0}};
    CHECK(field.begin(grid, 3, goal, FieldRegion::whole(grid)) == PathStatus::InvalidInput);
    CHECK(field.step(10) == PathStatus::InvalidInput);
    REQUIRE(field.begin(grid, 0, goal, {-5, -5, 50, 50}) == PathStatus::InProgress);
    CHECK(field.region() == FieldRegion{0, 0, 3, 2});
    REQUIRE(runFlowField(field, 10) == PathStatus::Found);
    CHECK(field.distance({2, 1}) == Approx(2.414));
    const TileCoord starts[] = {{1, 1}}, ends[] = {{2, 1}};
    CHECK(FieldRegion::around(grid, starts, ends, 1) == FieldRegion{0, 0, 3, 2});
    CHECK(FieldRegion::around(grid, {}, {}, 4).empty());
}

TEST_CASE("a flow field with sources stops once they are settled: exact there, fewer expansions")
{
    const bool landmarks = GENERATE(false, true);
    std::mt19937 rng(31337);
    long long expandedWithSources = 0, expandedWhole = 0;
    for (int map = 0; map < testsupport::scaled(200, 40); ++map) {
        const int w = 10 + int(rng() % 30), h = 10 + int(rng() % 30);
        const CostField f = flowTestField(rng, w, h);
        std::vector<TileCoord> goals{{int(rng() % unsigned(w)), int(rng() % unsigned(h))}};
        std::vector<TileCoord> sources;
        const TileCoord corner{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
        for (int k = 0; k < 12; ++k)
            sources.push_back({std::min(w - 1, corner.x + int(rng() % 5)), std::min(h - 1, corner.y + int(rng() % 5))});
        for (DiagonalMode mode : testsupport::kAllDiagonalModes) {
            MoveRules rules;
            rules.diagonal = mode;
            rules.diagonalFactor = map % 4 == 0 ? 0.8 : map % 4 == 1 ? 1.414 : map % 4 == 2 ? std::sqrt(2.0) : 2.5;
            const NavGrid grid = flowGrid(f, rules, landmarks);
            FlowField whole, served;
            whole.begin(grid, 0, goals, FieldRegion::whole(grid));
            served.begin(grid, 0, goals, FieldRegion::whole(grid), sources);
            runFlowField(whole, 1 << 30);
            REQUIRE(runFlowField(served, 1 + int(rng() % 50)) == whole.status());
            expandedWhole += whole.expanded();
            expandedWithSources += served.expanded();
            CHECK(served.expanded() <= whole.expanded());
            INFO("map " << map << " " << f << "\nrules " << rules);
            for (TileCoord s : sources) {
                INFO("source " << s);
                CHECK(served.reached(s) == whole.reached(s));
                if (!whole.reached(s))
                    continue;
                CHECK(served.distance(s) == Approx(whole.distance(s)).epsilon(1e-9).margin(1e-12));
                checkFlowFollowing(served, f, rules, goals, s);
            }
            // Every other cell reached holds a real way to the goal, never cheaper than the best.
            for (int i = 0; i < int(f.cost.size()); ++i) {
                const TileCoord c = f.coord(i);
                if (!served.reached(c))
                    continue;
                CHECK(served.distance(c) >= whole.distance(c) - 1e-9);
                std::vector<TileCoord> path;
                REQUIRE(served.trace(c, path));
                CHECK(path.back() == goals.front());
            }
        }
    }
    INFO("landmarks " << landmarks);
    CHECK(expandedWithSources * (landmarks ? 2 : 4) < expandedWhole * (landmarks ? 1 : 3));
}
