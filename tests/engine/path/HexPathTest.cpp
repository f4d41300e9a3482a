// Paths over six neighbours on hex grids (NavGrid::reset with a hex GridTopology): on random
// weighted maps of Tiled's four hex layouts every search of engine/path costs what an
// independent Dijkstra over the six edge neighbours says (tests/support/HexDijkstra.hpp), with
// landmarks on and off and after random edits; islands, partial paths, findNearest, overlays,
// the traced loop and the jump searches' refusal.

#include "engine/path/GridQuery.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "engine/path/SearchAlgorithm.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "tests/support/HexDijkstra.hpp"
#include "tests/support/RandomCostField.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

using isostar::GridTopology;
using isostar::HexAxis;
using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::LandmarkMode;
using isostar::path::LandmarkSettings;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using testsupport::HexLayoutRef;

namespace {

GridTopology topologyOf(HexLayoutRef l)
{
    return GridTopology::hexagonal(l.columns ? HexAxis::Columns : HexAxis::Rows, l.odd);
}

/// A Found path: starts and ends where asked, every step to an edge neighbour, cost = the sum
/// of the entered cells' costs.
void checkPath(const NavGrid& grid, HexLayoutRef l, const PathResult& r, TileCoord a, TileCoord b)
{
    REQUIRE(!r.path.empty());
    CHECK(r.path.front() == a);
    CHECK(r.path.back() == b);
    double sum = 0.0;
    for (std::size_t i = 1; i < r.path.size(); ++i) {
        CHECK(testsupport::hexAdjacent(l, r.path[i - 1], r.path[i]));
        sum += double(grid.cost(0, r.path[i]));
    }
    CHECK(sum == Approx(r.cost).epsilon(1e-9));
}

/// Every pair of a few random cells: the query's cost equals the reference's, reachability equals
/// the islands' answer.
void compareQueries(const NavGrid& grid, const CostField& field, HexLayoutRef l, std::mt19937& rng, int pairs)
{
    GridQuery query;
    query.setPartialPaths(false);
    std::uniform_int_distribution<int> px(0, field.width - 1), py(0, field.height - 1);
    for (int i = 0; i < pairs; ++i) {
        const TileCoord a{px(rng), py(rng)};
        if (!field.passable(a))
            continue;
        const std::vector<double> ref = testsupport::hexDijkstra(field, l, a);
        for (int j = 0; j < 6; ++j) {
            const TileCoord b{px(rng), py(rng)};
            CAPTURE(a, b);
            PathResult r;
            query.findPath(grid, 0, a, b, r);
            const double want = ref[std::size_t(b.y * field.width + b.x)];
            if (want == testsupport::Unreachable) {
                CHECK(r.status != PathStatus::Found);
                CHECK_FALSE(grid.reachable(0, a, b));
                continue;
            }
            REQUIRE(r.status == PathStatus::Found);
            CHECK(r.cost == Approx(want).epsilon(1e-9));
            CHECK(grid.reachable(0, a, b));
            checkPath(grid, l, r, a, b);
        }
    }
}

} // namespace

TEST_CASE("Hex grids: A* costs equal a six-neighbour Dijkstra on all four layouts, landmarks off and on, after edits",
          "[path][hex]")
{
    std::mt19937 rng(3201u);
    for (const HexLayoutRef l : testsupport::kHexLayouts) {
        for (const bool landmarks : {false, true}) {
            CAPTURE(l.columns, l.odd, landmarks);
            const int w = 14 + int(rng() % 20), h = 12 + int(rng() % 20);
            CostField field = testsupport::randomCostField(w, h, rng(), {Impassable, 1.0f, 1.0f, 2.5f, 4.0f, 7.0f});
            NavGrid grid;
            grid.setLandmarks(LandmarkSettings{landmarks ? LandmarkMode::On : LandmarkMode::Off, 4});
            REQUIRE(grid.reset(w, h, topologyOf(l)));
            REQUIRE(grid.addLayer("hex", field, MoveRules{}) == 0);
            CHECK(grid.hex());
            CHECK((grid.landmarks(0) != nullptr) == landmarks);
            compareQueries(grid, field, l, rng, 8);
            // Random edits (walls opened and closed, costs raised and lowered), then again.
            for (int round = 0; round < 3; ++round) {
                std::vector<CellChange> edits;
                for (int k = 0; k < 12; ++k) {
                    const TileCoord c{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
                    const float costs[] = {Impassable, 1.0f, 3.0f, 0.5f};
                    edits.push_back({c, costs[rng() % 4]});
                    field.at(c) = edits.back().cost;
                }
                grid.apply(0, edits);
                grid.waitLandmarks();
                CHECK((grid.landmarks(0) != nullptr) == landmarks);
                compareQueries(grid, field, l, rng, 5);
            }
        }
    }
}

TEST_CASE("Hex grids: traced, Dijkstra, overlay and findNearest queries follow the six neighbours", "[path][hex]")
{
    std::mt19937 rng(3202u);
    for (const HexLayoutRef l : testsupport::kHexLayouts) {
        CAPTURE(l.columns, l.odd);
        const int w = 17, h = 15;
        const CostField field = testsupport::randomCostField(w, h, rng(), {Impassable, 1.0f, 2.0f, 3.0f});
        NavGrid grid;
        REQUIRE(grid.reset(w, h, topologyOf(l)));
        REQUIRE(grid.addLayer("hex", field, MoveRules{}) == 0);
        const TileCoord others[] = {{3, 3}, {4, 5}, {8, 8}, {9, 2}, {12, 10}};
        std::vector<double> extra(field.cost.size(), 0.0);
        for (const TileCoord c : others)
            extra[std::size_t(c.y * w + c.x)] = 2.5;
        const isostar::path::QueryOverlay penalty{others, 2.5f, false};
        for (int i = 0; i < 10; ++i) {
            const TileCoord a{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const TileCoord b{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            if (!grid.reachable(0, a, b))
                continue;
            CAPTURE(a, b);
            const double want = testsupport::hexDijkstra(field, l, a)[std::size_t(b.y * w + b.x)];
            GridQuery query;
            PathResult traced, dijkstra, overlaid;
            isostar::path::SearchTrace trace;
            trace.recordNeighbours = true;
            REQUIRE(query.findPath(grid, 0, a, b, traced, nullptr, &trace) == PathStatus::Found);
            CHECK(traced.cost == Approx(want));
            // At most six neighbours per expansion, each an edge neighbour of an expanded cell.
            CHECK(trace.neighbours.size() <= 6 * trace.expanded.size());
            for (const auto& n : trace.neighbours)
                CHECK(std::any_of(trace.expanded.begin(), trace.expanded.end(),
                                  [&](const auto& e) { return testsupport::hexAdjacent(l, n.cell, e.cell); }));
            query.setSearchMode({isostar::path::SearchOrder::Dijkstra});
            REQUIRE(query.findPath(grid, 0, a, b, dijkstra) == PathStatus::Found);
            CHECK(dijkstra.cost == Approx(want));
            query.setSearchMode({});
            if (!(a == b) && std::find(std::begin(others), std::end(others), a) == std::end(others)) {
                REQUIRE(query.findPath(grid, 0, a, b, overlaid, &penalty) == PathStatus::Found);
                CHECK(overlaid.cost == Approx(testsupport::hexDijkstra(field, l, a, &extra)[std::size_t(b.y * w + b.x)]));
            }
            // findNearest: the cheapest of a few targets, as the reference says.
            const TileCoord targets[] = {b, {w - 1 - b.x, b.y}, {b.x, h - 1 - b.y}};
            const std::vector<double> ref = testsupport::hexDijkstra(field, l, a);
            double best = testsupport::Unreachable;
            for (const TileCoord t : targets)
                best = std::min(best, ref[std::size_t(t.y * w + t.x)]);
            PathResult nearest;
            REQUIRE(query.findNearest(grid, 0, a, targets, nearest) == PathStatus::Found);
            CHECK(nearest.cost == Approx(best));
        }
    }
}

TEST_CASE("Hex grids: a partial path ends at a reachable cell nearest the goal in hex steps", "[path][hex]")
{
    // A wall of one column splits the map; the goal lies beyond it.
    for (const HexLayoutRef l : testsupport::kHexLayouts) {
        CAPTURE(l.columns, l.odd);
        CostField field(9, 7);
        for (int y = 0; y < 7; ++y)
            field.at({5, y}) = Impassable;
        NavGrid grid;
        REQUIRE(grid.reset(9, 7, topologyOf(l)));
        REQUIRE(grid.addLayer("hex", field, MoveRules{}) == 0);
        CHECK(grid.islandCount(0) == 2);
        GridQuery query;
        PathResult r;
        REQUIRE(query.findPath(grid, 0, {0, 3}, {7, 3}, r) == PathStatus::Partial);
        CHECK(r.path.back().x == 4);
        checkPath(grid, l, r, {0, 3}, r.path.back());
    }
}

TEST_CASE("Hex grids: auto picks A*, the jump searches refuse a hex grid", "[path][hex]")
{
    NavGrid grid;
    REQUIRE(grid.reset(20, 20, GridTopology::hexagonal(HexAxis::Rows, true)));
    REQUIRE(grid.addLayer("hex", CostField(20, 20), MoveRules{}) == 0);
    CHECK_FALSE(isostar::path::JumpPointSearch::supports(grid, 0));
    CHECK_FALSE(isostar::path::WeightedJumpSearch::supports(grid, 0));
    using isostar::path::SearchAlgorithm;
    CHECK(isostar::path::resolveAlgorithm(SearchAlgorithm::Auto, grid, 0) == SearchAlgorithm::AStar);
    // The same field on a square grid: JPS.
    NavGrid square;
    REQUIRE(square.reset(20, 20));
    REQUIRE(square.addLayer("square", CostField(20, 20), MoveRules{}) == 0);
    CHECK(isostar::path::resolveAlgorithm(SearchAlgorithm::Auto, square, 0) == SearchAlgorithm::Jps);
    // setTopology on a grid with layers: islands and the heuristic follow (Tiled's example: 15 steps).
    square.setTopology(GridTopology::hexagonal(HexAxis::Rows, true));
    GridQuery query;
    PathResult r;
    REQUIRE(query.findPath(square, 0, {0, 0}, {10, 10}, r) == PathStatus::Found);
    CHECK(r.cost == Approx(15.0));
    CHECK(r.path.size() == 16);
}

TEST_CASE("Hex grids: the path service answers as the reference, and an edit on a delivered path makes it stale",
          "[path][hex][service]")
{
    std::mt19937 rng(3206u);
    for (const HexLayoutRef l : testsupport::kHexLayouts) {
        CAPTURE(l.columns, l.odd);
        const int w = 18, h = 14;
        CostField field = testsupport::randomCostField(w, h, rng(), {Impassable, 1.0f, 1.0f, 2.0f, 4.0f});
        NavGrid grid;
        REQUIRE(grid.reset(w, h, topologyOf(l)));
        REQUIRE(grid.addLayer("hex", field, MoveRules{}) == 0);
        isostar::path::PathService service(grid);
        for (int i = 0; i < 6; ++i) {
            const TileCoord a{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const TileCoord b{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            if (!grid.reachable(0, a, b) || a == b)
                continue;
            CAPTURE(a, b);
            const isostar::path::PathHandle handle = service.request({.layer = 0, .start = a, .goal = b});
            for (int frame = 0; frame < 100 && !service.result(handle); ++frame)
                service.update(1000.0);
            const PathResult* r = service.result(handle);
            REQUIRE(r != nullptr);
            REQUIRE(r->status == PathStatus::Found);
            CHECK(r->cost == Approx(testsupport::hexDijkstra(field, l, a)[std::size_t(b.y * w + b.x)]));
            checkPath(grid, l, *r, a, b);
            if (r->path.size() > 2) {
                // A wall on the middle of the path: the delivered path is stale.
                const isostar::path::CellChange wall[] = {{r->path[r->path.size() / 2], Impassable}};
                service.invalidate(grid.apply(0, wall));
                CHECK(service.stale(handle));
                field.at(wall[0].cell) = Impassable;
            }
            service.release(handle);
        }
    }
}
