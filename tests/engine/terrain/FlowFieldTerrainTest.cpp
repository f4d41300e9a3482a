// Flow fields over compiled terrain are optimal: on generated maps with roads, walls, snow,
// erupting volcanoes and tombstones (tests/support/RandomTerrain.hpp), following a FlowField from
// any cell costs exactly what a plain Dijkstra finds from that cell to the nearest goal.

#include "engine/path/FlowField.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/support/RandomTerrain.hpp"
#include "tests/support/ReferenceDijkstra.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

using namespace isostar::terrain;
using isostar::TileCoord;

TEST_CASE("following a flow field on compiled terrain costs exactly the Dijkstra distance", "[terrain][path]")
{
    std::mt19937 rng(20261125);
    const TerrainRules base = defaultTerrainConfig().base;
    const isostar::path::DiagonalMode modes[] = {isostar::path::DiagonalMode::NoCornerCutting, isostar::path::DiagonalMode::Never,
                                             isostar::path::DiagonalMode::AtMostOneObstacle, isostar::path::DiagonalMode::Always};
    int cells = 0, cheapCells = 0;
    for (int map = 0; map < 120; ++map) {
        const int w = 3 + int(rng() % 12), h = 3 + int(rng() % 12);
        TerrainField field;
        field.build(testsupport::randomTerrainGrid(rng, w, h, {}), base);
        const isostar::path::CostField& f = field.costField();
        for (float c : f.cost)
            cheapCells += c < 1.0f;
        isostar::path::MoveRules rules = base.movement;
        rules.diagonal = modes[map % 4];
        isostar::path::NavGrid grid;
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("walker", f, rules) == 0);
        std::vector<TileCoord> goals{{int(rng() % unsigned(w)), int(rng() % unsigned(h))}};
        if (map % 2 == 0)
            goals.push_back({int(rng() % unsigned(w)), int(rng() % unsigned(h))});
        isostar::path::FlowField flow;
        flow.begin(grid, 0, goals, isostar::path::FieldRegion::whole(grid));
        while (flow.step(64) == isostar::path::PathStatus::InProgress) {
        }
        for (int i = 0; i < w * h; ++i) {
            const TileCoord c = f.coord(i);
            if (!f.passable(c))
                continue;
            const std::vector<double> from = testsupport::referenceDijkstra(f, rules, c);
            double best = testsupport::Unreachable;
            for (TileCoord g : goals)
                if (f.passable(g))
                    best = std::min(best, from[std::size_t(f.index(g))]);
            INFO("map " << map << " " << w << "x" << h << " " << rules.diagonal << " cell " << c);
            if (std::isinf(best)) {
                CHECK_FALSE(flow.reached(c));
                continue;
            }
            REQUIRE(flow.reached(c));
            CHECK(flow.distance(c) == Approx(best).epsilon(1e-9));
            // Step by step: each step legal, and the steps add up to the distance.
            std::vector<TileCoord> path;
            REQUIRE(flow.trace(c, path));
            double sum = 0.0;
            for (std::size_t k = 1; k < path.size(); ++k) {
                const int dx = path[k].x - path[k - 1].x, dy = path[k].y - path[k - 1].y;
                REQUIRE(testsupport::canStep(f, rules.diagonal, path[k - 1], dx, dy));
                sum += testsupport::stepCost(f, rules, path[k], dx != 0 && dy != 0);
            }
            CHECK(sum == Approx(best).epsilon(1e-9));
            ++cells;
        }
    }
    CHECK(cells > 5000);
    CHECK(cheapCells > 500);  // roads and volcano warmth: costs below 1
}
