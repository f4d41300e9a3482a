// A* over compiled terrain is optimal: on thousands of generated maps with roads, walls, snow,
// erupting volcanoes and tombstones, GridPathfinder (weight 1, every heuristic, every diagonal
// mode) finds paths exactly as cheap as a plain Dijkstra written here from the rules' text.

#include "engine/path/GridPathfinder.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/RandomTerrain.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace isostar::terrain;
using isostar::TileCoord;
using isostar::path::DiagonalMode;
using isostar::path::Heuristic;

namespace {

/// Sum of step costs along a path, checking every step is legal under the rules.
double walk(const isostar::path::CostField& f, const isostar::path::MoveRules& rules, const std::vector<TileCoord>& path)
{
    double cost = 0.0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const TileCoord a = path[i - 1], b = path[i];
        const int dx = b.x - a.x, dy = b.y - a.y;
        REQUIRE(std::abs(dx) <= 1);
        REQUIRE(std::abs(dy) <= 1);
        REQUIRE(f.passable(b));
        REQUIRE(testsupport::canStep(f, rules.diagonal, a, dx, dy));
        const double step = testsupport::stepCost(f, rules, b, dx != 0 && dy != 0);
        cost += step;
    }
    return cost;
}

TerrainGrid generate(std::mt19937& rng, int w, int h) { return testsupport::randomTerrainGrid(rng, w, h, {}); }

} // namespace

TEST_CASE("A* on compiled terrain costs exactly what Dijkstra finds (thousands of maps)", "[terrain][path]")
{
    std::mt19937 rng(20261123);
    const TerrainRules base = defaultTerrainConfig().base;
    const Heuristic heuristics[] = {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Manhattan,
                                    Heuristic::Chebyshev, Heuristic::Zero};
    const DiagonalMode modes[] = {DiagonalMode::NoCornerCutting, DiagonalMode::Never,
                                  DiagonalMode::AtMostOneObstacle, DiagonalMode::Always};
    int queries = 0, found = 0, cheapCells = 0;
    isostar::path::GridPathfinder finder;
    isostar::path::PathResult result;
    for (int map = 0; map < 2000; ++map) {
        const int w = 3 + int(rng() % 12), h = 3 + int(rng() % 12);
        TerrainField field;
        field.build(generate(rng, w, h), base);
        const isostar::path::CostField& f = field.costField();
        for (float c : f.cost)
            cheapCells += c < 1.0f;
        const DiagonalMode mode = modes[map % 4];
        isostar::path::MoveRules rules = base.movement;
        rules.diagonal = mode;
        // Two queries per map from a passable start (if any).
        for (int q = 0; q < 2; ++q) {
            const TileCoord start{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const TileCoord goal{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            if (!f.passable(start))
                continue;
            const std::vector<double> dist = testsupport::referenceDijkstra(f, rules, start);
            const double best = dist[std::size_t(f.index(goal))];
            for (Heuristic h : heuristics) {
                rules.heuristic = h;
                REQUIRE(finder.init(f, rules));
                finder.findPath(start, goal, result);
                ++queries;
                INFO("map " << map << " " << w << "x" << h << " " << mode << " " << h << " " << start << " -> " << goal);
                if (std::isinf(best)) {
                    CHECK(result.status != isostar::path::PathStatus::Found);
                    continue;
                }
                ++found;
                REQUIRE(result.status == isostar::path::PathStatus::Found);
                REQUIRE(result.path.front() == start);
                REQUIRE(result.path.back() == goal);
                CHECK(result.cost == Approx(best).epsilon(1e-9));
                CHECK(walk(f, rules, result.path) == Approx(result.cost).epsilon(1e-9));
            }
        }
    }
    // The generator really produced the interesting cases.
    CHECK(queries > 15000);
    CHECK(found > queries / 2);
    CHECK(cheapCells > 10000); // roads and volcano warmth: costs below 1
}

TEST_CASE("A* with weight > 1 is never cheaper than the optimum and within the weight", "[terrain][path]")
{
    std::mt19937 rng(7);
    const TerrainRules base = defaultTerrainConfig().base;
    isostar::path::GridPathfinder finder;
    isostar::path::PathResult result;
    for (int map = 0; map < 300; ++map) {
        TerrainField field;
        field.build(generate(rng, 12, 12), base);
        const isostar::path::CostField& f = field.costField();
        isostar::path::MoveRules rules = base.movement;
        rules.weight = 1.5;
        const TileCoord start{0, 0}, goal{11, 11};
        if (!f.passable(start))
            continue;
        const double best = testsupport::referenceDijkstra(f, rules, start)[std::size_t(f.index(goal))];
        REQUIRE(finder.init(f, rules));
        finder.findPath(start, goal, result);
        if (std::isinf(best))
            continue;
        REQUIRE(result.status == isostar::path::PathStatus::Found);
        CHECK(result.cost >= best - 1e-9);
        CHECK(result.cost <= 1.5 * best + 1e-9);
    }
}

TEST_CASE("incremental field updates feed the pathfinder: same answers as a fresh init", "[terrain][path]")
{
    std::mt19937 rng(99);
    const TerrainRules base = defaultTerrainConfig().base;
    TerrainField field;
    field.build(generate(rng, 24, 24), base);
    isostar::path::GridPathfinder live, fresh;
    REQUIRE(live.init(field.costField(), base.movement));
    isostar::path::PathResult a, b;
    for (int edit = 0; edit < 200; ++edit) {
        const TileCoord c{int(rng() % 24u), int(rng() % 24u)};
        const char* names[] = {"volcano_erupting", "volcano", "wall", "road", "tombstone"};
        const TerrainId ids[] = {field.addTerrain("grass"), field.addTerrain(names[rng() % 5])};
        REQUIRE(live.updateCells(field.costField(), field.setCell(c, ids)));
        REQUIRE(fresh.init(field.costField(), base.movement));
        const TileCoord s{int(rng() % 24u), int(rng() % 24u)}, g{int(rng() % 24u), int(rng() % 24u)};
        live.findPath(s, g, a);
        fresh.findPath(s, g, b);
        CHECK(a == b);
    }
}
