// Smoothed walking (movement.smoothing): a unit walks its grid path pulled under the segment
// rule, along the straight line, at the speed the cells' costs give, claiming the cells the
// line crosses; a changed cell on that line replans; smoothing off walks the grid cells.
#include "game/party/Party.hpp"

#include "tests/game/GridFromAscii.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using isostar::TileCoord;

namespace {

const std::vector<std::string> Meadow(12, std::string(20, '.'));

/// Distance of `p` from the line through the centres of `a` and `b`, cells.
double offLine(isostar::TilePos p, TileCoord a, TileCoord b)
{
    const double ax = a.x + 0.5, ay = a.y + 0.5, dx = b.x - a.x, dy = b.y - a.y;
    return std::abs((p.x - ax) * dy - (p.y - ay) * dx) / std::hypot(dx, dy);
}

} // namespace

TEST_CASE("smoothing: a unit ordered diagonally across a meadow walks one straight segment")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii(Meadow);
    REQUIRE(grid.rules(0).smoothing);  // the built-in default
    REQUIRE(s.reset(grid));
    const TileCoord from{1, 1}, to{13, 6};
    const int walker = s.spawn("ranger", from);
    REQUIRE(s.order({walker}, to).accepted);
    const game::Unit& u = s.units()[std::size_t(walker)];
    // The grid path is kept; the line is the engine's string pulling of it: one segment.
    REQUIRE(u.walk.planned.front() == from);
    REQUIRE(u.walk.planned.back() == to);
    const isostar::path::SmoothPath expected = isostar::path::pullString(grid, 0, u.walk.planned);
    CHECK(u.walk.smoothed == expected);
    REQUIRE(u.walk.smoothed.waypoints == std::vector<TileCoord>{from, to});
    CHECK(u.walk.smoothed.length == Approx(std::hypot(12.0, 5.0)));
    CHECK(u.walk.smoothed.cost == Approx(std::hypot(12.0, 5.0)));
    std::vector<TileCoord> cells;
    isostar::path::segmentCells(from, to, cells);
    CHECK(u.path == cells);
    const std::optional<isostar::anim::Direction8> facing = isostar::anim::facingForScreenDelta((12.0 - 5.0) * 32.0, (12.0 + 5.0) * 16.0);

    const double dt = 1.0 / 60.0;
    double t = 0.0, arrivedAt = -1.0;
    std::vector<TileCoord> entered;
    for (int k = 0; k < 60 * 30 && s.anyMoving(); ++k) {
        s.update(dt);
        t += dt;
        REQUIRE(s.passable(u.tile));
        CHECK(offLine(u.pos, from, to) < 1e-9);
        if (u.stepping) {
            CHECK(s.occupancy().holderOf(u.stepTo) == walker);  // claims the cell it enters
            CHECK(u.facing == *facing);
        }
        if (entered.empty() || entered.back() != u.tile)
            entered.push_back(u.tile);
        if (!u.moving() && arrivedAt < 0.0)
            arrivedAt = t;
    }
    CHECK(u.tile == to);
    CHECK(u.pos == game::cellCentre(to));
    entered.erase(entered.begin());
    CHECK(entered == cells);  // every cell the segment crosses, in order, and no other
    // cost 1 x the segment's length, within a tick.
    const double want = s.params().timing.secondsPerCost * std::hypot(12.0, 5.0);
    CHECK(std::abs(arrivedAt - want) <= dt + 1e-9);
}

TEST_CASE("smoothing: a cell changed on the segment (off the grid path) replans the unit")
{
    game::Party s;
    isostar::path::NavGrid grid = navFromAscii(Meadow);
    REQUIRE(s.reset(grid));
    const TileCoord from{1, 1}, to{13, 6};
    const int walker = s.spawn("ranger", from);
    REQUIRE(s.order({walker}, to).accepted);
    const game::Unit& u = s.units()[std::size_t(walker)];
    // A cell the line crosses late that the grid path does not hold.
    TileCoord changed{-1, -1};
    for (std::size_t k = u.path.size() / 2; k < u.path.size() && changed.x < 0; ++k)
        if (std::find(u.walk.planned.begin(), u.walk.planned.end(), u.path[k]) == u.walk.planned.end())
            changed = u.path[k];
    REQUIRE(changed.x >= 0);
    s.update(0.5);
    std::vector<std::string> walled = Meadow;
    walled[std::size_t(changed.y)][std::size_t(changed.x)] = '#';
    game::CostChangeReport rep;
    const isostar::path::NavDirty dirty = grid.replaceLayer(0, gridFromAscii(walled), {});
    s.gridChanged({&dirty, 1}, &rep);
    CHECK(rep.replanned == std::vector<int>{walker});
    for (int k = 0; k < 60 * 30 && s.anyMoving(); ++k) {
        s.update(1.0 / 60.0);
        REQUIRE(s.passable(u.tile));
        REQUIRE(u.tile != changed);
    }
    CHECK(u.tile == to);
}

TEST_CASE("smoothing off: the unit walks the grid path cell by cell, centre to centre")
{
    game::Party s;
    isostar::path::MoveRules rules;
    rules.smoothing = false;
    const isostar::path::NavGrid grid = navGrid({{std::string(), gridFromAscii(Meadow)}}, rules);
    REQUIRE(s.reset(grid));
    const TileCoord from{1, 1}, to{13, 6};
    const int walker = s.spawn("ranger", from);
    REQUIRE(s.order({walker}, to).accepted);
    const game::Unit& u = s.units()[std::size_t(walker)];
    CHECK(u.walk.smoothed.waypoints.empty());
    CHECK(u.walk.points.empty());
    CHECK(u.path == std::vector<TileCoord>(u.walk.planned.begin() + 1, u.walk.planned.end()));
    double t = 0.0, want = 0.0;
    for (std::size_t k = 1; k < u.walk.planned.size(); ++k) {
        const bool diagonal = u.walk.planned[k].x != u.walk.planned[k - 1].x && u.walk.planned[k].y != u.walk.planned[k - 1].y;
        want += s.params().timing.stepSec(1.0, diagonal, grid.rules(0).diagonalFactor);
    }
    while (s.anyMoving() && t < 30.0) {
        s.update(1.0 / 60.0);
        t += 1.0 / 60.0;
        if (!u.stepping)
            continue;
        // On the straight line between the two cells' centres.
        CHECK(offLine(u.pos, u.tile, u.stepTo) < 1e-9);
    }
    CHECK(u.tile == to);
    CHECK(std::abs(t - want) <= 1.0 / 60.0 + 1e-9);
}
