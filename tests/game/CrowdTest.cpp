// Hundreds of units in one Party: occupancy grid, every request answered, no shared cell, and
// two groups that meet head-on in a 1-wide corridor pass each other.
#include "game/party/Party.hpp"

#include "tests/game/GridFromAscii.hpp"
#include "tests/game/OccupancyCheck.hpp"
#include "tests/support/PartyProbe.hpp"
#include "tests/support/Scale.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <random>
#include <set>

using isostar::TileCoord;

namespace {

/// A 96 x 96 field: random walls (15 %) and a few long walls with gaps.
isostar::path::CostField generatedField(unsigned seed)
{
    std::mt19937 rng(seed);
    isostar::path::CostField f(96, 96);
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x) {
            const unsigned r = rng() % 100;
            f.at({x, y}) = r < 15 ? isostar::path::Impassable : r < 25 ? 3.0f : r < 30 ? 0.5f : 1.0f;
        }
    for (int x = 0; x < f.width; ++x)
        if (x % 24 != 5)
            f.at({x, 48}) = isostar::path::Impassable;
    return f;
}

} // namespace

TEST_CASE("the occupancy grid follows spawns, steps and resets")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({"......", "......"});
    REQUIRE(s.reset(grid));
    // An expansion budget, not the clock: the request is answered in the next update on any
    // machine, however loaded.
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 100000; });
    const int a = s.spawn("a", {0, 0});
    s.spawn("b", {5, 1});
    CHECK(s.occupancy().claims({0, 0}) == 1);
    CHECK(s.occupancy().holderOf({0, 0}) == a);
    CHECK(s.occupancy().holderOf({0, 0}, a) == -1);
    CHECK(s.occupancy().holderOf({1, 0}) == -1);
    CHECK_FALSE(s.occupancy().occupied({-1, 0}));
    REQUIRE(s.sendTo(a, {4, 0}));
    CHECK_FALSE(s.sendTo(7, {4, 0}));
    CHECK_FALSE(s.sendTo(a, {9, 9}));
    for (int k = 0; k < 600 && s.anyMoving(); ++k) {
        s.update(1.0 / 60.0);
        game::test::checkOccupancy(s);
    }
    CHECK(s.units()[0].tile == TileCoord{4, 0});
    CHECK(s.occupancy().claims({0, 0}) == 0);
    CHECK(s.occupancy().claims({4, 0}) == 1);
    CHECK(s.pathWork().requestsMade == 1);
    CHECK(s.pathWork().requestsDone == 1);
    CHECK(s.pathWork().waitUpdatesMax == 1);
    const isostar::path::NavGrid again = navFromAscii({"......", "......"});
    REQUIRE(s.reset(again));
    CHECK(s.occupancy().claims({4, 0}) == 0);
    CHECK(s.pathWork().requestsMade == 0);
}

TEST_CASE("hundreds of units with random goals: every request answered, never two on one cell")
{
    game::Party s;
    const isostar::path::NavGrid grid = navGrid({{"", generatedField(7)}});
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetMicros = 1e9; });  // whole searches every update: no timing in this test
    const isostar::path::NavGrid& g = s.grid();
    // The passable cells of the biggest island.
    std::map<int, std::vector<TileCoord>> islands;
    for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x)
            if (g.passable(0, {x, y}))
                islands[g.islandOf(0, {x, y})].push_back({x, y});
    std::vector<TileCoord> cells;
    for (const auto& [id, list] : islands)
        if (list.size() > cells.size())
            cells = list;
    REQUIRE(cells.size() > 2000);
    std::mt19937 rng(11);
    std::shuffle(cells.begin(), cells.end(), rng);
    const int n = testsupport::Sanitized ? 120 : 300; // fewer in the sanitizer build (Scale.hpp)
    for (int i = 0; i < n; ++i)
        s.spawn(std::to_string(i), cells[std::size_t(i)]);
    game::test::checkOccupancy(s);

    std::vector<double> due(static_cast<std::size_t>(n));
    for (double& d : due)
        d = double(rng() % 3000) / 1000.0;
    const double dt = 1.0 / 60.0;
    double t = 0.0;
    long long steps = 0;
    std::vector<TileCoord> last(static_cast<std::size_t>(n));
    // 20 s of game time (10 s in the sanitizer build: still two or more orders for every unit).
    for (int f = 0; f < 60 * (testsupport::Sanitized ? 10 : 20); ++f) {
        for (int i = 0; i < n; ++i)
            if (t >= due[std::size_t(i)]) {
                REQUIRE(s.sendTo(i, cells[rng() % cells.size()]));
                due[std::size_t(i)] = t + 2.0 + double(rng() % 4000) / 1000.0;
            }
        for (int i = 0; i < n; ++i)
            last[std::size_t(i)] = s.units()[std::size_t(i)].tile;
        s.update(dt);
        t += dt;
        for (int i = 0; i < n; ++i)
            steps += s.units()[std::size_t(i)].tile != last[std::size_t(i)] ? 1 : 0;
        if (f % 60 == 0)
            game::test::checkOccupancy(s);
        else
            for (const game::Unit& u : s.units())
                REQUIRE(s.occupancy().claims(u.tile) == 1);
    }
    game::test::checkOccupancy(s);
    const game::PathWorkStats& w = s.pathWork();
    CHECK(w.requestsMade >= 2 * n);
    CHECK(w.requestsDone > n);
    CHECK(w.waitUpdatesMax == 1);   // an unlimited budget answers each request in the next update
    CHECK(steps > 20 * n);          // they walk
    // Stop giving orders: every request still open is answered and everybody comes to rest.
    for (int f = 0; f < 60 * 120 && s.anyMoving(); ++f)
        s.update(dt);
    CHECK(s.pendingPaths() == 0);
    for (const game::Unit& u : s.units())
        CHECK_FALSE(u.walk.awaitingPath);
    game::test::checkOccupancy(s);
}

/// Five units from the west room to the east room and five the other way through a 1-wide
/// corridor 12 cells long; `interleaved`: spawned w0 e0 w1 e1 ... (priorities alternate between
/// the groups) instead of all of the west group first. Returns the ticks until all stood still.
static int corridorCrossing(bool interleaved, int limitTicks)
{
    const std::vector<std::string> rows = {
        "......############......",
        "......############......",
        "......############......",
        "........................",
        "......############......",
        "......############......",
        "......############......",
    };
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii(rows);
    REQUIRE(s.reset(grid));
    std::vector<int> west, east;
    std::vector<std::pair<int, TileCoord>> goals;
    for (int k = 0; k < 10; ++k) {
        const bool w = interleaved ? k % 2 == 0 : k < 5;
        const int j = interleaved ? k / 2 : k % 5;
        std::string name(w ? "w" : "e");
        name += std::to_string(j);
        (w ? west : east).push_back(s.spawn(name, {w ? 4 - (j % 3) : 19 + (j % 3), 1 + j}));
    }
    for (int k = 0; k < 5; ++k) {
        goals.push_back({west[std::size_t(k)], {21 - (k % 2), 1 + k}});
        goals.push_back({east[std::size_t(k)], {2 + (k % 2), 1 + k}});
    }
    for (const auto& [unit, goal] : goals)
        REQUIRE(s.sendTo(unit, goal));
    const double dt = 1.0 / 60.0;
    int ticks = 0;
    bool throughCorridor = false;
    while (s.anyMoving() && ticks < limitTicks) {
        s.update(dt);
        ++ticks;
        game::test::checkOccupancy(s);
        for (const game::Unit& u : s.units())
            throughCorridor = throughCorridor || (u.tile.x == 12 && u.tile.y == 3);
    }
    INFO("ticks " << ticks << ", give-ways " << s.pathWork().giveWays);
    CHECK(ticks < limitTicks);
    CHECK(throughCorridor);
    CHECK(s.takeEvents().empty());  // nobody gave up
    for (const auto& [unit, goal] : goals)
        CHECK(s.units()[std::size_t(unit)].tile == goal);
    CHECK(s.pathWork().giveWays > 0);  // someone backed out of the corridor
    return ticks;
}

TEST_CASE("two groups meeting head-on in a 1-wide corridor all arrive")
{
    // One group of higher priority: the other backs out of the corridor, then walks through.
    CHECK(corridorCrossing(false, 60 * 90) > 0);
    // Priorities alternating between the groups: slower (they push each other back and forth),
    // but nobody deadlocks or gives up.
    CHECK(corridorCrossing(true, 60 * 300) > 0);
}

TEST_CASE("without giving way the corridor deadlocks (the test above can fail)")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({"..#########..", ".............", "..#########.."});
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.giveWayDepth = 0; });
    const int a = s.spawn("a", {0, 1});
    const int b = s.spawn("b", {12, 1});
    REQUIRE(s.sendTo(a, {12, 0}));
    REQUIRE(s.sendTo(b, {0, 2}));
    for (int k = 0; k < 60 * 60 && s.anyMoving(); ++k)
        s.update(1.0 / 60.0);
    CHECK_FALSE(s.takeEvents().empty());  // someone gave up in the corridor
    CHECK((s.units()[std::size_t(a)].tile != TileCoord{12, 0} || s.units()[std::size_t(b)].tile != TileCoord{0, 2}));

    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.giveWayDepth = 12; });
    s.spawn("a", {0, 1});
    s.spawn("b", {12, 1});
    REQUIRE(s.sendTo(0, {12, 0}));
    REQUIRE(s.sendTo(1, {0, 2}));
    for (int k = 0; k < 60 * 60 && s.anyMoving(); ++k)
        s.update(1.0 / 60.0);
    CHECK(s.takeEvents().empty());
    CHECK(s.units()[0].tile == TileCoord{12, 0});
    CHECK(s.units()[1].tile == TileCoord{0, 2});
}

TEST_CASE("the nearest free cell: the closest by a scan of the map, at a cost bounded by the party")
{
    std::mt19937 rng(11);
    const isostar::path::NavGrid grid = navGrid({{"", generatedField(5)}});
    std::vector<game::Unit> units(40);
    game::OccupancyGrid occ(units);
    for (std::size_t i = 0; i < units.size(); ++i)
        units[i].tile = units[i].goal = {int(rng() % 96), int(rng() % 96)};
    occ.rebuild(grid.shape());
    const int radius = game::OccupancyGrid::freeSearchRadius(units.size());
    for (int k = 0; k < 300; ++k) {
        const TileCoord from{int(rng() % 96), int(rng() % 96)};
        const int except = k % 3 == 0 ? int(rng() % units.size()) : -1;
        // Its definition: every passable cell no other unit holds, closest, then row-major.
        std::optional<TileCoord> want;
        int wantD = 0;
        for (int y = 0; y < 96; ++y)
            for (int x = 0; x < 96; ++x) {
                const int d = (x - from.x) * (x - from.x) + (y - from.y) * (y - from.y);
                if (grid.passable(0, {x, y}) && !occ.occupied({x, y}, except) && (!want || d < wantD)) {
                    want = TileCoord{x, y};
                    wantD = d;
                }
            }
        REQUIRE(want);
        REQUIRE(wantD <= radius * radius);
        const game::OccupancyGrid::FreeCell got = occ.nearestFree(grid, 0, from, except);
        REQUIRE(got.cell == want);
        const int r = int(std::ceil(std::sqrt(double(wantD))));
        CHECK(got.visited <= std::size_t(2 * r + 1) * std::size_t(2 * r + 1));
    }

    // No free cell near: a 1024 x 1024 map of walls but one far corner. The search gives up at
    // its radius (about 4,500 cells) instead of scanning the map's million.
    isostar::path::CostField walls(1024, 1024);
    for (int y = 0; y < walls.height; ++y)
        for (int x = 0; x < walls.width; ++x)
            walls.at({x, y}) = x > 1000 && y > 1000 ? 1.0f : isostar::path::Impassable;
    const isostar::path::NavGrid walled = navGrid({{"", walls}});
    REQUIRE(walled.layerCount() == 1);
    occ.rebuild(walled.shape());
    const game::OccupancyGrid::FreeCell far = occ.nearestFree(walled, 0, {100, 100}, -1);
    CHECK_FALSE(far.cell);
    CHECK(far.visited == std::size_t(2 * radius + 1) * std::size_t(2 * radius + 1));
    CHECK(far.visited * 100 < std::size_t(1024) * 1024);
    const game::OccupancyGrid::FreeCell near = occ.nearestFree(walled, 0, {990, 990}, -1);
    CHECK(near.cell == TileCoord{1001, 1001});
}
