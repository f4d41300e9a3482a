// "Why this path": the split of a path's cost into terrain base parts and influence deltas sums
// to the cost A* computed (random maps with roads, snow, walls, volcanoes, tombstones; clamped
// cells), hand-checked small cases, the straight line and its refusals, the words and the JSON.

#include "engine/path/GridPathfinder.hpp"
#include "engine/terrain/PathWhy.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/support/RandomTerrain.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace isostar::terrain;
using isostar::TileCoord;

namespace {

const std::pair<char, std::string_view> kWhyLegend[] = {
    {'.', "grass"}, {'s', "snow"}, {'=', "grass road"}, {'r', "snow road"}, {'#', "grass wall"},
    {'V', "grass volcano_erupting"}, {'+', "grass tombstone"}, {'A', "tent"}, {' ', ""},
};

TerrainField compile(std::initializer_list<std::string_view> rows, const TerrainRules& rules = defaultTerrainConfig().base)
{
    std::vector<std::string_view> r(rows);
    isostar::Result<TerrainGrid> g = terrainGridFromAscii(r, kWhyLegend);
    REQUIRE(g.ok());
    TerrainField f;
    CHECK(f.build(g.value(), rules).empty());
    return f;
}

/// More volcanoes and tombstones than TerrainPathTest, and doubled tombstones.
TerrainGrid generateDense(std::mt19937& rng, int w, int h)
{
    return testsupport::randomTerrainGrid(rng, w, h, {35, 15, 15, 5, 2, 5, 3});
}

/// Every invariant of a PathWhy of `path` (found by A* with cost `cost`).
void checkWhy(const PathWhy& why, const std::vector<TileCoord>& path, double cost)
{
    CHECK(why.total == cost);  // same operands in the same order as A*: bit-identical
    CHECK(std::abs(why.baseSum() + why.deltaSum() - why.total) <= 1e-6);
    CHECK(why.steps == int(path.size()) - 1);
    CHECK(why.skippedSteps == 0);
    CHECK(why.straightSteps + why.diagonalSteps == why.steps);
    CHECK(std::abs(why.straightCost + why.diagonalCost - why.total) <= 1e-9);
    double stepSum = 0.0, stepBase = 0.0, terrainCost = 0.0;
    int terrainSteps = 0;
    for (const WhyStep& s : why.stepList) {
        stepSum += s.cost;
        stepBase += s.base;
    }
    for (const WhyTerrain& t : why.byTerrain) {
        terrainSteps += t.steps;
        terrainCost += t.stepCost;
        CHECK(t.cells == t.steps);  // A* paths never revisit a cell
    }
    CHECK(stepSum == why.total);
    CHECK(std::abs(stepBase - why.baseSum()) <= 1e-9);
    CHECK(terrainSteps == why.steps);
    CHECK(std::abs(terrainCost - why.total) <= 1e-9);
    // Each source delta has the sign of its effect (multiply adds, divide removes) unless the
    // cells' influences cancel: check that no source is listed without reaching the path.
    for (const WhySource& s : why.bySource)
        CHECK(s.cells > 0);
    // The straight line: from the first to the last cell; when walkable it is a legal path, so
    // an optimal path is never dearer.
    const WhyStraightLine& line = why.straightLine;
    REQUIRE(!line.cells.empty());
    CHECK(line.cells.front() == path.front());
    CHECK(line.cells.back() == path.back());
    if (line.cost) {
        CHECK(*line.cost >= why.total - 1e-9);
        CHECK_FALSE(line.blockedAt);
    } else {
        REQUIRE(line.blockedAt);
        CHECK(!line.blockedBy.empty());
        CHECK(line.byTerrain.empty());
    }
}

} // namespace

TEST_CASE("bresenhamLine: 8-connected, both ends, max(|dx|,|dy|) + 1 cells", "[terrain][why]")
{
    CHECK(bresenhamLine({2, 3}, {2, 3}) == std::vector<TileCoord>{{2, 3}});
    CHECK(bresenhamLine({0, 0}, {3, 0}) == std::vector<TileCoord>{{0, 0}, {1, 0}, {2, 0}, {3, 0}});
    CHECK(bresenhamLine({0, 0}, {2, 2}) == std::vector<TileCoord>{{0, 0}, {1, 1}, {2, 2}});
    CHECK(bresenhamLine({0, 0}, {5, 2}) == std::vector<TileCoord>{{0, 0}, {1, 0}, {2, 1}, {3, 1}, {4, 2}, {5, 2}});
    std::mt19937 rng(5);
    for (int i = 0; i < 500; ++i) {
        const TileCoord a{int(rng() % 41) - 20, int(rng() % 41) - 20}, b{int(rng() % 41) - 20, int(rng() % 41) - 20};
        const std::vector<TileCoord> line = bresenhamLine(a, b);
        REQUIRE(line.front() == a);
        REQUIRE(line.back() == b);
        CHECK(int(line.size()) == std::max(std::abs(b.x - a.x), std::abs(b.y - a.y)) + 1);
        for (std::size_t k = 1; k < line.size(); ++k) {
            CHECK(std::abs(line[k].x - line[k - 1].x) <= 1);
            CHECK(std::abs(line[k].y - line[k - 1].y) <= 1);
            CHECK(line[k] != line[k - 1]);
        }
    }
}

TEST_CASE("why: plain terrains, hand-checked (road counts as road, not as the grass below)", "[terrain][why]")
{
    const TerrainField f = compile({".s=.", "...."});
    const std::vector<TileCoord> path = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
    const PathWhy why = explainPath(f, path);
    CHECK(why.total == 4.5);  // snow 3 + road 0.5 + grass 1
    CHECK(why.steps == 3);
    CHECK(why.straightSteps == 3);
    CHECK(why.diagonalSteps == 0);
    REQUIRE(why.byTerrain.size() == 3);
    CHECK(why.byTerrain[0] == WhyTerrain{"snow", 1, 1, 0, 3.0, 3.0});
    CHECK(why.byTerrain[1] == WhyTerrain{"road", 1, 1, 0, 0.5, 0.5});
    CHECK(why.byTerrain[2] == WhyTerrain{"grass", 1, 1, 0, 1.0, 1.0});
    CHECK(why.bySource.empty());
    REQUIRE(why.straightLine.cost);
    CHECK(*why.straightLine.cost == 4.5);
    CHECK(whyJson(why) == R"({"total":4.5,"base_by_terrain":{"snow":3,"road":0.5,"grass":1},)"
                          R"("influence_by_source":[],"straight_line_cost":4.5})");
    CHECK(describe(why).rfind("the path goes straight through the snow: it costs 4.5\n", 0) == 0);
}

TEST_CASE("why: a diagonal step costs the cell x the diagonal factor, a tent has the default base", "[terrain][why]")
{
    const TerrainField f = compile({".A", "sA"});
    const std::vector<TileCoord> path = {{0, 0}, {1, 1}};
    const PathWhy why = explainPath(f, path);
    const double k = defaultTerrainConfig().base.movement.diagonalFactor;
    CHECK(why.total == 1.0 * k);
    CHECK(why.diagonalSteps == 1);
    CHECK(why.diagonalCost == 1.0 * k);
    REQUIRE(why.byTerrain.size() == 1);
    CHECK(why.byTerrain[0] == WhyTerrain{"tent", 1, 1, 1, k, k});
}

TEST_CASE("why: one tombstone's delta, hand-checked", "[terrain][why]")
{
    // Tombstone at (4,0): x((3 - d) + 0.5) * 1.1 within 2.5 -> d = 2: x1.65, d = 1: x2.75.
    const TerrainField f = compile({"....+"});
    const std::vector<TileCoord> path = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
    const PathWhy why = explainPath(f, path);
    const double c2 = double(float(1.0 * 1.65)), c3 = double(float(1.0 * ((3.0 - 1.0) + 0.5) * 1.1));
    CHECK(why.total == 1.0 + c2 + c3);
    REQUIRE(why.byTerrain.size() == 1);
    CHECK(why.byTerrain[0].terrain == "grass");
    CHECK(why.byTerrain[0].baseCost == Approx(3.0).margin(1e-12));
    REQUIRE(why.bySource.size() == 1);
    CHECK(why.bySource[0] == WhySource{{4, 0}, "tombstone", 2, why.bySource[0].delta});
    CHECK(why.bySource[0].delta == Approx(c2 - 1.0 + c3 - 1.0).margin(1e-12));
    CHECK(why.bySource[0].delta == Approx(2.4).margin(1e-6));
    const std::string text = describe(why);
    INFO(text);
    CHECK(text.find("influence: tombstone at (4,0) +2.4 (2 cells)\n") != std::string::npos);
}

TEST_CASE("why: a multiply and a divide on one cell share its change by ln(factor)", "[terrain][why]")
{
    // Cell (5,0): tombstone at (4,0) d = 1 -> x2.75; volcano at (9,0) d = 4 -> /((5 - 4) * 2) = /2.
    const TerrainField f = compile({"....+.sssV"});
    const std::vector<TileCoord> path = {{4, 0}, {5, 0}};
    const PathWhy why = explainPath(f, path);
    const double cost = double(float(1.0 * 2.75 / 2.0));
    CHECK(why.total == cost);
    const double lt = std::log(2.75), lv = -std::log(2.0);
    REQUIRE(why.bySource.size() == 2);
    // Row-major by source: the tombstone (4,0) first, then the volcano (9,0).
    CHECK(why.bySource[0].source == TileCoord{4, 0});
    CHECK(why.bySource[0].terrain == "tombstone");
    CHECK(why.bySource[1].source == TileCoord{9, 0});
    CHECK(why.bySource[1].terrain == "volcano_erupting");
    CHECK(why.bySource[0].delta == Approx((cost - 1.0) * lt / (lt + lv)).epsilon(1e-12));
    CHECK(why.bySource[1].delta == Approx((cost - 1.0) * lv / (lt + lv)).epsilon(1e-12));
    CHECK(why.bySource[0].delta > 0.0);
    CHECK(why.bySource[1].delta < 0.0);
    CHECK(why.byTerrain[0].baseCost == Approx(1.0).margin(1e-12));
    CHECK(std::abs(why.baseSum() + why.deltaSum() - why.total) <= 1e-12);
}

TEST_CASE("why: influences that cancel leave everything in the base part", "[terrain][why]")
{
    TerrainRules rules = defaultTerrainConfig().base;
    TerrainRule up{"up", std::nullopt, 1.0, true, false, Influence{1.0, InfluenceEffect::Multiply, 3.0, 0.0, 1.0}, 'u'};
    TerrainRule down{"down", std::nullopt, 1.0, true, false, Influence{1.0, InfluenceEffect::Divide, 3.0, 0.0, 1.0}, 'd'};
    rules.terrains.push_back(up);
    rules.terrains.push_back(down);
    TerrainGrid g(3, 1);
    g.push({0, 0}, g.intern("up"));
    g.push({1, 0}, g.intern("grass"));
    g.push({2, 0}, g.intern("down"));
    TerrainField f;
    f.build(g, rules);
    const std::vector<TileCoord> path = {{0, 0}, {1, 0}};
    const PathWhy why = explainPath(f, path);
    CHECK(why.total == 1.0);
    REQUIRE(why.bySource.size() == 2);
    CHECK(why.bySource[0].delta == 0.0);
    CHECK(why.bySource[1].delta == 0.0);
    CHECK(why.baseSum() == 1.0);
}

TEST_CASE("why: the straight line is null when a wall or the corner rule blocks it", "[terrain][why]")
{
    SECTION("a wall on the line")
    {
        const TerrainField f = compile({"...", ".#.", "..."});
        const std::vector<TileCoord> path = {{0, 1}, {0, 0}, {1, 0}, {2, 0}, {2, 1}};
        const PathWhy why = explainPath(f, path);
        CHECK(why.total == 4.0);
        CHECK_FALSE(why.straightLine.cost);
        CHECK(why.straightLine.blockedAt == TileCoord{1, 1});
        CHECK(why.straightLine.blockedBy == "wall");
        CHECK(whyJson(why).find(R"("straight_line_cost":null})") != std::string::npos);
        CHECK(describe(why).rfind("the path along the grass costs 4; the straight line is blocked at (1,1) (wall)", 0) == 0);
    }
    SECTION("a diagonal past a wall corner")
    {
        const TerrainField f = compile({".#", ".."});
        const std::vector<TileCoord> path = {{0, 0}, {0, 1}, {1, 1}};
        const PathWhy why = explainPath(f, path);
        CHECK_FALSE(why.straightLine.cost);
        CHECK(why.straightLine.blockedAt == TileCoord{1, 1});
        CHECK(why.straightLine.blockedBy == "corner rule");
        // Corner cutting allowed: the same line is walkable.
        isostar::path::MoveRules always = f.rules().movement;
        always.diagonal = isostar::path::DiagonalMode::Always;
        const PathWhy cut = explainPath(f, path, always);
        REQUIRE(cut.straightLine.cost);
        CHECK(*cut.straightLine.cost == 1.0 * always.diagonalFactor);
    }
    SECTION("a detour is named; the line through the snow costs more")
    {
        const TerrainField f = compile({"=====", "=sss=", "....."});
        const std::vector<TileCoord> path = {{0, 1}, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {4, 1}};
        const PathWhy why = explainPath(f, path);
        CHECK(why.total == 3.0);
        REQUIRE(why.straightLine.cost);
        CHECK(*why.straightLine.cost == 9.5);
        CHECK(describe(why).rfind("the road detour costs 3; straight through the snow would cost 9.5 (6.5 more)\n", 0) == 0);
    }
}

TEST_CASE("why: stale paths skip impassable cells, an empty path explains nothing", "[terrain][why]")
{
    const TerrainField f = compile({".#."});
    const std::vector<TileCoord> path = {{0, 0}, {1, 0}, {2, 0}};
    const PathWhy why = explainPath(f, path);
    CHECK(why.skippedSteps == 1);
    CHECK(why.steps == 1);
    CHECK(why.total == 1.0);
    const PathWhy none = explainPath(f, std::vector<TileCoord>{});
    CHECK(none == PathWhy{});
    CHECK(describe(none) == "there is no path\n");
    CHECK(whyJson(none) == R"({"total":0,"base_by_terrain":{},"influence_by_source":[],"straight_line_cost":null})");
    const PathWhy here = explainPath(f, std::vector<TileCoord>{{0, 0}});
    CHECK(here.total == 0.0);
    REQUIRE(here.straightLine.cost);
    CHECK(*here.straightLine.cost == 0.0);
}

TEST_CASE("why: on random maps the split sums to the A* path's cost (every diagonal mode, profiles)", "[terrain][why]")
{
    std::mt19937 rng(20261123);
    const TerrainConfig config = defaultTerrainConfig();
    const std::vector<TerrainRules> profiles = {config.base, *config.profile("dwarf"), *config.profile("ranger")};
    const isostar::path::DiagonalMode modes[] = {isostar::path::DiagonalMode::NoCornerCutting, isostar::path::DiagonalMode::Never,
                                             isostar::path::DiagonalMode::AtMostOneObstacle, isostar::path::DiagonalMode::Always};
    isostar::path::GridPathfinder finder;
    isostar::path::PathResult result;
    int paths = 0, withInfluence = 0, blockedLines = 0, walkableLines = 0, diagonalPaths = 0;
    for (int map = 0; map < 300; ++map) {
        const int w = 4 + int(rng() % 20), h = 4 + int(rng() % 20);
        TerrainRules rules = profiles[std::size_t(map) % profiles.size()];
        rules.movement.diagonal = modes[std::size_t(map / 3) % 4];
        TerrainField field;
        field.build(generateDense(rng, w, h), rules);
        REQUIRE(finder.init(field.costField(), rules.movement));
        for (int q = 0; q < 4; ++q) {
            const TileCoord start{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const TileCoord goal{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            if (finder.findPath(start, goal, result) != isostar::path::PathStatus::Found)
                continue;
            INFO("map " << map << " " << start << " -> " << goal);
            const PathWhy why = explainPath(field, result.path);
            checkWhy(why, result.path, result.cost);
            ++paths;
            withInfluence += !why.bySource.empty();
            diagonalPaths += why.diagonalSteps > 0;
            (why.straightLine.cost ? walkableLines : blockedLines) += 1;
        }
    }
    // The generator produced the interesting cases.
    CHECK(paths > 600);
    CHECK(withInfluence > paths / 3);
    CHECK(diagonalPaths > paths / 3);
    CHECK(blockedLines > 50);
    CHECK(walkableLines > 50);
}

TEST_CASE("why: clamped cells still sum (the clamp residue goes to their sources)", "[terrain][why]")
{
    // Stacked "cold" sources push costs above MaxCellCost, "hot" ones below MinCellCost.
    TerrainRules rules = defaultTerrainConfig().base;
    rules.terrains.push_back({"cold", std::nullopt, 1.0, true, false,
                              Influence{3.0, InfluenceEffect::Multiply, 1e3, 0.0, 1.0}, 'c'});
    rules.terrains.push_back({"hot", std::nullopt, 1.0, true, false,
                              Influence{3.0, InfluenceEffect::Divide, 1e3, 0.0, 1.0}, 'h'});
    std::mt19937 rng(99);
    isostar::path::GridPathfinder finder;
    isostar::path::PathResult result;
    int clampedPaths = 0;
    for (int map = 0; map < 60; ++map) {
        TerrainGrid g(12, 12);
        const TerrainId grass = g.intern("grass"), cold = g.intern("cold"), hot = g.intern("hot");
        for (int y = 0; y < 12; ++y)
            for (int x = 0; x < 12; ++x) {
                g.push({x, y}, grass);
                const unsigned r = rng() % 10;
                if (r < 2)
                    g.push({x, y}, map % 2 ? cold : hot);
                else if (r < 3)
                    g.push({x, y}, map % 2 ? hot : cold);
            }
        TerrainField field;
        field.build(g, rules);
        REQUIRE(finder.init(field.costField(), rules.movement));
        if (finder.findPath({0, 0}, {11, 11}, result) != isostar::path::PathStatus::Found)
            continue;
        const PathWhy why = explainPath(field, result.path);
        CHECK(why.total == result.cost);
        // Costs reach 1e9 per cell here: the parts sum within double rounding of the total.
        CHECK(std::abs(why.baseSum() + why.deltaSum() - why.total) <= 1e-6 + 1e-13 * why.total);
        clampedPaths += why.clampedSteps > 0;
        if (why.clampedSteps > 0)
            CHECK(why.clampResidue != 0.0);
    }
    CHECK(clampedPaths > 10);
}
