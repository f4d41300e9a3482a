// Flow fields and smoothing on hex grids: a whole-grid flow field's distances equal the
// six-neighbour reference's cost to the goal and next() steps to edge neighbours along them; a
// flow field with sources settles them exactly; smoothed paths obey the hex segment rule (every
// touched cell passable and of one cost, so no segment slips between walls that share a corner)
// and never cost more than the grid path.

#include "engine/path/AnyAngle.hpp"
#include "engine/path/FlowField.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "tests/support/HexDijkstra.hpp"
#include "tests/support/RandomCostField.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <vector>

using isostar::GridTopology;
using isostar::HexAxis;
using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::FieldRegion;
using isostar::path::FlowField;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathStatus;
using testsupport::HexLayoutRef;

namespace {

GridTopology topologyOfRef(HexLayoutRef l)
{
    return GridTopology::hexagonal(l.columns ? HexAxis::Columns : HexAxis::Rows, l.odd);
}

} // namespace

TEST_CASE("Hex grids: flow field distances equal the six-neighbour cost to the goal", "[path][hex][field]")
{
    std::mt19937 rng(3204u);
    for (const HexLayoutRef l : testsupport::kHexLayouts) {
        CAPTURE(l.columns, l.odd);
        const int w = 13, h = 11;
        const CostField field = testsupport::randomCostField(w, h, rng(), {Impassable, 1.0f, 1.0f, 2.0f, 5.0f});
        NavGrid grid;
        REQUIRE(grid.reset(w, h, topologyOfRef(l)));
        REQUIRE(grid.addLayer("hex", field, MoveRules{}) == 0);
        TileCoord goal{6, 5};
        while (!field.passable(goal))
            goal.x = (goal.x + 1) % w;
        const TileCoord goals[] = {goal};
        FlowField flow;
        flow.begin(grid, 0, goals, FieldRegion::whole(grid));
        while (flow.step(1000) == PathStatus::InProgress) {
        }
        REQUIRE(flow.status() == PathStatus::Found);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const TileCoord c{x, y};
                CAPTURE(c);
                // The cost from c to the goal: the reference from c, read at the goal.
                const double want = testsupport::hexDijkstra(field, l, c)[std::size_t(goal.y * w + goal.x)];
                if (want == testsupport::Unreachable) {
                    CHECK_FALSE(flow.reached(c));
                    continue;
                }
                REQUIRE(flow.reached(c));
                CHECK(flow.distance(c) == Approx(want).epsilon(1e-9));
                if (const auto n = flow.next(c)) {
                    CHECK(testsupport::hexAdjacent(l, c, *n));
                    CHECK(double(field.at(*n)) + flow.distance(*n) == Approx(flow.distance(c)).epsilon(1e-9));
                }
            }
        // With sources: the sources are settled exactly.
        const TileCoord sources[] = {{0, 0}, {w - 1, h - 1}, {0, h - 1}};
        FlowField some;
        some.begin(grid, 0, goals, FieldRegion::whole(grid), sources);
        while (some.step(1000) == PathStatus::InProgress) {
        }
        for (const TileCoord s : sources)
            if (field.passable(s) && flow.reached(s))
                CHECK(some.distance(s) == Approx(flow.distance(s)).epsilon(1e-9));
    }
}

TEST_CASE("Hex grids: smoothing never slips between walls that share a corner, never costs more", "[path][hex][smooth]")
{
    // Rows offset, index odd: (2,2) and (2,4) are two rows apart straight down; the segment
    // between their centres runs exactly along the edge between (1,3) and (2,3).
    NavGrid grid;
    REQUIRE(grid.reset(6, 6, GridTopology::hexagonal(HexAxis::Rows, true)));
    CostField open(6, 6);
    REQUIRE(grid.addLayer("hex", open, MoveRules{}) == 0);
    CHECK(isostar::path::segmentAllowed(grid, 0, {2, 2}, {2, 4}));
    CHECK(isostar::path::segmentCost(grid, 0, {2, 2}, {2, 4}) == Approx(std::sqrt(3.0)));
    std::vector<TileCoord> cells;
    isostar::path::segmentCells(grid.topology(), {2, 2}, {2, 4}, cells);
    CHECK(cells.size() == 3);  // (1,3) and (2,3) grazed along their edge, then (2,4)
    CHECK(cells.back() == TileCoord{2, 4});
    const isostar::path::CellChange wall[] = {{{1, 3}, Impassable}};
    grid.apply(0, wall);
    CHECK_FALSE(isostar::path::segmentAllowed(grid, 0, {2, 2}, {2, 4}));
    CHECK(isostar::path::segmentAllowed(grid, 0, {2, 2}, {2, 3}));  // one step: the entered cell's cost

    // Random weighted maps of all four layouts: the smoothed path obeys the rule, costs no more.
    std::mt19937 rng(3205u);
    for (const HexLayoutRef l : testsupport::kHexLayouts) {
        CAPTURE(l.columns, l.odd);
        const int w = 16, h = 14;
        const CostField field = testsupport::randomCostField(w, h, rng(), {Impassable, 1.0f, 1.0f, 1.0f, 1.0f, 3.0f});
        NavGrid g;
        REQUIRE(g.reset(w, h, topologyOfRef(l)));
        REQUIRE(g.addLayer("hex", field, MoveRules{}) == 0);
        isostar::path::AnyAngleQuery smoother;
        for (int i = 0; i < 12; ++i) {
            const TileCoord a{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const TileCoord b{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            if (!g.reachable(0, a, b) || a == b)
                continue;
            CAPTURE(a, b);
            isostar::path::SmoothPath smooth;
            isostar::path::PathResult gridPath;
            REQUIRE(smoother.findPath(g, 0, a, b, smooth, gridPath) == PathStatus::Found);
            CHECK(smooth.cost <= gridPath.cost + 1e-9);
            CHECK(smooth.waypoints.front() == a);
            CHECK(smooth.waypoints.back() == b);
            for (std::size_t k = 1; k < smooth.waypoints.size(); ++k) {
                const TileCoord p = smooth.waypoints[k - 1], q = smooth.waypoints[k];
                REQUIRE(isostar::path::segmentAllowed(g, 0, p, q));
                if (g.topology().hexDistance(p, q) < 2)
                    continue;
                std::vector<TileCoord> touched;
                isostar::path::segmentCells(g.topology(), p, q, touched);
                for (const TileCoord c : touched)
                    CHECK(field.at(c) == field.at(p));  // passable, one cost
            }
        }
    }
}
