// The algorithm race (Race.hpp): A* and Dijkstra agree on the optimal cost on random fields,
// greedy and weighted A* never beat it (weighted stays within w x), the `optimal` flags say
// exactly that, traces match the rows, and the query's settings survive the race.

#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/Race.hpp"
#include "tests/engine/path/AsciiGrid.hpp"
#include "tests/support/ReferenceDijkstra.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathStatus;
using isostar::path::Race;
using isostar::path::RaceAlgorithm;
using isostar::path::RaceOptions;
using isostar::path::RaceRow;

namespace {

CostField raceField(std::mt19937& rng, int w, int h)
{
    CostField f(w, h);
    std::uniform_int_distribution<int> pct(0, 99);
    const float costs[] = {0.5f, 1.0f, 1.0f, 1.0f, 2.0f, 3.0f, 0.05f};
    for (float& c : f.cost) {
        const int r = pct(rng);
        c = r < 22 ? isostar::path::Impassable : costs[std::size_t(pct(rng)) % std::size(costs)];
    }
    return f;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
}

} // namespace

TEST_CASE("race: four rows in order, A* and Dijkstra costs equal the reference on random fields", "[path][race]")
{
    std::mt19937 rng(1123);
    const DiagonalMode modes[] = {DiagonalMode::NoCornerCutting, DiagonalMode::Never, DiagonalMode::AtMostOneObstacle,
                                  DiagonalMode::Always};
    GridQuery query;
    int races = 0, greedyWorse = 0, weightedWorse = 0, greedyFewer = 0;
    for (int map = 0; map < 200; ++map) {
        const int w = 5 + int(rng() % 40), h = 5 + int(rng() % 40);
        const CostField f = raceField(rng, w, h);
        MoveRules rules;
        rules.diagonal = modes[map % 4];
        NavGrid grid;
        REQUIRE(grid.reset(w, h));
        const int layer = grid.addLayer("walker", f, rules);
        REQUIRE(layer == 0);
        const TileCoord start{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
        const TileCoord goal{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
        if (!f.passable(start) || !f.passable(goal))
            continue;
        const double best = testsupport::referenceDijkstra(f, rules, start)[std::size_t(f.index(goal))];
        const Race race = isostar::path::runRace(query, grid, layer, start, goal, {2.0, 1, true, false});
        INFO("map " << map << " " << w << "x" << h << " " << rules.diagonal << " " << start << " -> " << goal);
        REQUIRE(race.rows.size() == 4);
        CHECK(race.rows[0].algorithm == RaceAlgorithm::AStar);
        CHECK(race.rows[1].algorithm == RaceAlgorithm::Dijkstra);
        CHECK(race.rows[2].algorithm == RaceAlgorithm::Greedy);
        CHECK(race.rows[3].algorithm == RaceAlgorithm::Weighted);
        if (std::isinf(best)) {
            for (const RaceRow& row : race.rows)
                CHECK(row.result.status == PathStatus::Partial);
            continue;
        }
        ++races;
        const RaceRow& astar = race.row(RaceAlgorithm::AStar);
        const RaceRow& dijkstra = race.row(RaceAlgorithm::Dijkstra);
        const RaceRow& greedy = race.row(RaceAlgorithm::Greedy);
        const RaceRow& weighted = race.row(RaceAlgorithm::Weighted);
        for (const RaceRow& row : race.rows) {
            REQUIRE(row.found);
            CHECK(row.result.path.front() == start);
            CHECK(row.result.path.back() == goal);
            CHECK(row.result.expanded > 0);
            CHECK(row.micros >= 0.0);
            CHECK(row.result.cost >= best - 1e-9);
            CHECK(row.optimal == near(row.result.cost, best));  // the flag says exactly this
        }
        CHECK(astar.result.cost == Approx(best).epsilon(1e-12));
        CHECK(dijkstra.result.cost == Approx(best).epsilon(1e-12));
        CHECK(astar.optimal);
        CHECK(dijkstra.optimal);
        CHECK(astar.result.expanded <= dijkstra.result.expanded);
        CHECK(weighted.result.cost <= 2.0 * best + 1e-9);
        greedyWorse += !greedy.optimal;
        weightedWorse += !weighted.optimal;
        greedyFewer += greedy.result.expanded < astar.result.expanded;
    }
    // The fields made the algorithms differ.
    CHECK(races > 80);
    CHECK(greedyWorse > races / 4);
    CHECK(weightedWorse > 0);
    CHECK(greedyFewer > races / 2);
}

TEST_CASE("race: hand-made map: greedy walks into the snow, A* and Dijkstra go round", "[path][race]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        rrrrrrrrr
        r.......r
        S9999999G
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    const int layer = grid.addLayer("walker", g.field, MoveRules{});
    GridQuery query;
    query.setSearchMode({isostar::path::SearchOrder::Greedy, 1.0});
    query.setPartialPaths(false);
    const Race race = isostar::path::runRace(query, grid, layer, g.start, g.goal, RaceOptions{2.0, 3, true, true});
    // The query's own settings are back.
    CHECK(query.searchMode() == isostar::path::SearchMode{isostar::path::SearchOrder::Greedy, 1.0});
    CHECK_FALSE(query.partialPaths());
    const RaceRow& astar = race.row(RaceAlgorithm::AStar);
    const RaceRow& dijkstra = race.row(RaceAlgorithm::Dijkstra);
    const RaceRow& greedy = race.row(RaceAlgorithm::Greedy);
    CHECK(astar.result.cost == dijkstra.result.cost);
    CHECK(greedy.result.cost > astar.result.cost);
    CHECK_FALSE(greedy.optimal);
    CHECK(astar.label == "A*");
    CHECK(race.row(RaceAlgorithm::Weighted).label == "weighted A* (w=2)");
    CHECK(isostar::path::raceAlgorithmName(RaceAlgorithm::Greedy) == "greedy");
    // Traces: one expansion recorded per cell the timed run expanded.
    for (const RaceRow& row : race.rows) {
        CHECK(row.trace.stepCount() == row.result.expanded);
        CHECK(row.trace.expanded.front().cell == g.start);
        CHECK(row.trace.expanded.back().cell == g.goal);
    }
    const std::string table = isostar::path::raceTable(race);
    INFO(table);
    CHECK(table.find("greedy best-first") != std::string::npos);
    CHECK(table.find("found") != std::string::npos);
    CHECK(std::count(table.begin(), table.end(), '\n') == 5);
}

TEST_CASE("race: unreachable goal gives partial rows to the same cell, a bad start is in every row", "[path][race]")
{
    const pathtest::AsciiGrid g = pathtest::parseGrid(R"(
        S..#...
        ...#.G.
    )");
    NavGrid grid;
    REQUIRE(grid.reset(g.field.width, g.field.height));
    const int layer = grid.addLayer("walker", g.field, MoveRules{});
    const Race race = isostar::path::runRace(grid, layer, g.start, g.goal);
    for (const RaceRow& row : race.rows) {
        CHECK(row.result.status == PathStatus::Partial);
        CHECK(row.result.path.back() == TileCoord{2, 1});
        CHECK_FALSE(row.found);
    }
    CHECK(race.row(RaceAlgorithm::AStar).optimal);
    CHECK(race.row(RaceAlgorithm::Dijkstra).optimal);
    const std::string table = isostar::path::raceTable(race);
    INFO(table);
    CHECK(table.find("partial: the goal (5,1) cannot be reached; each search ran to the closest reachable cell it "
                     "found: A* (2,1), Dijkstra (2,1), greedy best-first (2,1), weighted A* (w=2) (2,1)\n") !=
          std::string::npos);
    const Race bad = isostar::path::runRace(grid, layer, {3, 0}, g.goal);
    for (const RaceRow& row : bad.rows) {
        CHECK(row.result.status == PathStatus::StartInvalid);
        CHECK_FALSE(row.optimal);
    }
    // A layer weighted above 1 still races plain A* in the A* row.
    NavGrid heavy;
    REQUIRE(heavy.reset(g.field.width, g.field.height));
    MoveRules weighted;
    weighted.weight = 3.0;
    heavy.addLayer("heavy", g.field, weighted);
    const Race w = isostar::path::runRace(heavy, 0, g.start, {2, 1});
    CHECK(w.row(RaceAlgorithm::AStar).mode == isostar::path::SearchMode{isostar::path::SearchOrder::WeightedAStar, 1.0});
    CHECK(w.row(RaceAlgorithm::AStar).optimal);
}
