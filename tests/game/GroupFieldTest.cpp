// Group orders that share one flow field (game/party/GroupFields): the followers take their
// paths from the field (no A* request each), two groups that cross both arrive with nobody
// stuck and never two units on one cell, and a wall painted across the field's way makes the
// followers re-route through the gap; a group whose way leaves its field's rectangle gets one
// field over the whole grid; on the game's clock budget the fields run on the service's worker thread and are repaired too.
#include "game/party/Party.hpp"

#include "tests/game/GridFromAscii.hpp"
#include "tests/game/OccupancyCheck.hpp"
#include "tests/support/PartyProbe.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <string>
#include <thread>
#include <vector>

using isostar::TileCoord;

namespace {

/// An open field of `w` x `h` with a few scattered posts (walls).
std::vector<std::string> openField(int w, int h)
{
    std::vector<std::string> rows(std::size_t(h), std::string(std::size_t(w), '.'));
    for (int y = 3; y < h - 3; y += 5)
        for (int x = 6 + (y % 3); x < w - 6; x += 7)
            rows[std::size_t(y)][std::size_t(x)] = '#';
    return rows;
}

/// `count` units in a block of `cols` columns from `corner`, named PREFIX0, PREFIX1, ...
std::vector<int> spawnBlock(game::Party& s, const std::string& prefix, TileCoord corner, int count, int cols)
{
    std::vector<int> who;
    for (int k = 0; k < count; ++k)
        who.push_back(s.spawn(prefix + std::to_string(k), {corner.x + k % cols, corner.y + k / cols}));
    return who;
}

/// A wall across a 21-row map at x = 20, open only at (20, 2) (inside the field's region of
/// the tests' groups): painted into layer 0 of `grid`.
isostar::path::NavDirty paintWallWithGap(isostar::path::NavGrid& grid)
{
    std::vector<isostar::path::CellChange> wall;
    for (int y = 0; y < 21; ++y)
        if (y != 2)
            wall.push_back({{20, y}, isostar::path::Impassable});
    return grid.apply(0, wall);
}

int chebyshev(TileCoord a, TileCoord b)
{
    return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
}

/// Runs the party until nobody moves (at most a minute of game time), checking the occupancy
/// every tick; then nothing was reported and every unit of `group` stands within 4 cells of
/// `goal` (its formation round the goal).
void checkGroupArrives(game::Party& s, const std::vector<int>& group, TileCoord goal)
{
    for (int f = 0; f < 60 * 60 && s.anyMoving(); ++f) {
        s.update(1.0 / 60.0);
        game::test::checkOccupancy(s);
    }
    CHECK_FALSE(s.anyMoving());
    CHECK(s.takeEvents().empty());
    for (int i : group)
        CHECK(chebyshev(s.units()[std::size_t(i)].tile, goal) <= 4);
}

} // namespace

TEST_CASE("a group order shares one flow field: the followers ask for no path of their own")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii(openField(40, 20));
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 100000; });  // the same ticks on any machine, however loaded
    const std::vector<int> group = spawnBlock(s, "g", {1, 6}, 12, 4);
    const game::OrderReport rep = s.order(group, {34, 10});
    REQUIRE(rep.accepted);
    CHECK(rep.units == 12);
    CHECK(game::test::fieldGroups(s) == 1);
    CHECK(s.pathWork().requestsMade == 1);  // the field: the leader was planned at once
    CHECK(s.pathWork().fieldsMade == 1);
    CHECK_FALSE(s.units()[std::size_t(group[0])].path.empty());
    for (std::size_t k = 1; k < group.size(); ++k)
        CHECK(s.units()[std::size_t(group[k])].walk.awaitingPath);
    s.update(1.0 / 60.0);  // the service runs the field
    s.update(1.0 / 60.0);  // the followers take their paths from it
    const isostar::path::FlowField* field = s.fieldOf(group[3]);
    REQUIRE(field != nullptr);
    CHECK(field->goals() == std::vector<TileCoord>{{34, 10}});
    CHECK(s.fieldOf(group[0]) == field);  // the leader belongs to the group too
    for (std::size_t k = 1; k < group.size(); ++k) {
        const game::Unit& u = s.units()[std::size_t(group[k])];
        CHECK_FALSE(u.walk.awaitingPath);
        CHECK_FALSE(u.path.empty());
        // Its path ends at its cell, or where the field leaves it for the tail to its cell
        // (searched when it gets there).
        if (u.path.back() != u.goal) {
            CHECK(u.walk.tailPending);
            CHECK(field->reached(u.path.back()));
        }
    }
    CHECK(s.pathWork().requestsMade == 1);
    CHECK(s.pathWork().requestsDone == 1);
    checkGroupArrives(s, group, {34, 10});
    // A new order leaves the old group: its field is released with its last unit.
    REQUIRE(s.sendTo(group[0], {2, 2}));
    CHECK(game::test::fieldGroups(s) == 1);
    CHECK(s.fieldOf(group[0]) == nullptr);
    s.order(std::vector<int>(group.begin() + 1, group.end()), {2, 12});
    CHECK(game::test::fieldGroups(s) == 1);
    CHECK(s.pathWork().fieldsMade == 2);

    // Below PartyParams::fieldMinUnits a group order keeps one A* each.
    game::test::tune(s, [](game::PartyParams& p) { p.fieldMinUnits = 20; });
    s.order(group, {20, 2});
    CHECK(game::test::fieldGroups(s) == 0);
    CHECK(s.pathWork().fieldsMade == 2);
}

TEST_CASE("two groups that cross on one field each both arrive: nobody stuck, never two on one cell")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii(openField(48, 24));
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 100000; });  // the same ticks on any machine, however loaded
    const std::vector<int> west = spawnBlock(s, "w", {1, 7}, 16, 4);
    const std::vector<int> east = spawnBlock(s, "e", {43, 9}, 16, 4);
    const TileCoord westGoal{42, 14}, eastGoal{5, 8};
    REQUIRE(s.order(west, westGoal).accepted);
    REQUIRE(s.order(east, eastGoal).accepted);
    CHECK(game::test::fieldGroups(s) == 2);
    int ticks = 0;
    bool metHalfway = false;
    for (; ticks < 60 * 120 && s.anyMoving(); ++ticks) {
        s.update(1.0 / 60.0);
        game::test::checkOccupancy(s);
        int westPast = 0, eastPast = 0;
        for (int i : west)
            westPast += s.units()[std::size_t(i)].tile.x >= 20;
        for (int i : east)
            eastPast += s.units()[std::size_t(i)].tile.x <= 27;
        metHalfway = metHalfway || (westPast > 0 && eastPast > 0);
    }
    const std::vector<std::string> events = s.takeEvents();
    INFO("ticks " << ticks << ", give-ways " << s.pathWork().giveWays << ", first event: "
                   << (events.empty() ? std::string("none") : events.front()));
    CHECK(metHalfway);
    CHECK_FALSE(s.anyMoving());
    CHECK(events.empty());  // nobody gave up
    // Both groups arrived: every unit at rest in its formation round its goal, on its own cell.
    for (int i : west)
        CHECK(chebyshev(s.units()[std::size_t(i)].tile, westGoal) <= 4);
    for (int i : east)
        CHECK(chebyshev(s.units()[std::size_t(i)].tile, eastGoal) <= 4);
    game::test::checkOccupancy(s);
    CHECK(s.pendingPaths() == 0);
}

TEST_CASE("a wall painted across a group's field: the field is repaired and the followers re-route")
{
    game::Party s;
    isostar::path::NavGrid grid = navFromAscii(openField(40, 21));
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 100000; });  // the same ticks on any machine, however loaded
    const std::vector<int> group = spawnBlock(s, "g", {2, 8}, 10, 2);
    const TileCoord goal{35, 10};
    REQUIRE(s.order(group, goal).accepted);
    for (int f = 0; f < 40; ++f)
        s.update(1.0 / 60.0);
    const isostar::path::FlowField* before = s.fieldOf(group[1]);
    REQUIRE(before != nullptr);
    const std::uint64_t versionBefore = before->version();
    const isostar::path::NavDirty dirty = paintWallWithGap(grid);
    game::CostChangeReport rep;
    s.gridChanged({&dirty, 1}, &rep);
    CHECK(rep.replanned.size() == group.size());  // every path crossed x = 20
    CHECK(s.fieldOf(group[1]) == nullptr);        // restarted in the service
    int ticks = 0;
    bool throughGap = false;
    for (; ticks < 60 * 120 && s.anyMoving(); ++ticks) {
        s.update(1.0 / 60.0);
        game::test::checkOccupancy(s);
        for (int i : group) {
            const game::Unit& u = s.units()[std::size_t(i)];
            REQUIRE(grid.passable(0, u.tile));
            throughGap = throughGap || u.tile == TileCoord{20, 2};
        }
    }
    const isostar::path::FlowField* after = s.fieldOf(group[1]);
    REQUIRE(after != nullptr);
    CHECK(after->version() != versionBefore);
    CHECK_FALSE(after->reached({20, 10}));
    CHECK(after->reached({20, 2}));
    CHECK(throughGap);
    CHECK(s.takeEvents().empty());
    for (int i : group)
        CHECK(chebyshev(s.units()[std::size_t(i)].tile, goal) <= 4);
}

TEST_CASE("many orders at once (no search at once): the leader follows its group's field too, no A* of its own")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii(openField(40, 20));
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 100000; });  // the same ticks on any machine, however loaded
    const std::vector<int> group = spawnBlock(s, "g", {1, 6}, 12, 4);
    const game::OrderReport rep = s.order(group, {34, 10}, nullptr, false);
    REQUIRE(rep.accepted);
    CHECK(rep.units == 12);
    CHECK(game::test::fieldGroups(s) == 1);
    CHECK(s.pathWork().requestsMade == 1);  // the field alone
    for (int i : group)
        CHECK(s.units()[std::size_t(i)].walk.awaitingPath);
    s.update(1.0 / 60.0);
    s.update(1.0 / 60.0);
    const isostar::path::FlowField* field = s.fieldOf(group[0]);
    REQUIRE(field != nullptr);
    // The leader's path follows the field from its cell: each step optimal toward the anchor
    // until its tail to its formation cell.
    const game::Unit& lead = s.units()[std::size_t(group[0])];
    REQUIRE_FALSE(lead.walk.planned.empty());
    CHECK(lead.walk.planned.front() == TileCoord{1, 6});
    CHECK((lead.walk.planned.back() == lead.goal || lead.walk.tailPending));
    CHECK(field->next(lead.walk.planned[0]) == lead.walk.planned[1]);
    CHECK(s.pathWork().requestsMade == 1);
    checkGroupArrives(s, group, {34, 10});
}

TEST_CASE("a group whose way leaves its field's rectangle gets one field over the whole grid, not an A* each")
{
    // A wall at x = 20 open only at the bottom row: the way from the group (y 11-13) to the goal
    // (y 12) runs far below the rectangle round the group and the goal.
    std::vector<std::string> rows(30, std::string(48, '.'));
    for (int y = 0; y < 29; ++y)
        rows[std::size_t(y)][20] = '#';
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii(rows);
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 100000; });  // the same ticks on any machine, however loaded
    const std::vector<int> group = spawnBlock(s, "g", {2, 11}, 12, 4);
    REQUIRE(s.order(group, {40, 12}, nullptr, false).accepted);
    CHECK(s.pathWork().fieldsMade == 1);
    for (int f = 0; f < 4; ++f)
        s.update(1.0 / 60.0);
    // The first field missed the followers; the second, over the whole grid, serves them all.
    CHECK(s.pathWork().fieldsMade == 2);
    CHECK(s.pathWork().requestsMade == 2);
    const isostar::path::FlowField* field = s.fieldOf(group[1]);
    REQUIRE(field != nullptr);
    CHECK(field->region() == isostar::path::FieldRegion::whole(grid));
    for (int i : group) {
        const game::Unit& u = s.units()[std::size_t(i)];
        CHECK_FALSE(u.walk.awaitingPath);
        REQUIRE_FALSE(u.path.empty());
    }
    checkGroupArrives(s, group, {40, 12});
    CHECK(s.pathWork().requestsMade == 2);  // and nobody asked for a path of its own on the way
}

TEST_CASE("on a clock budget the fields run on the service's worker thread: a wall painted across one still repairs it")
{
    game::Party s;
    isostar::path::NavGrid grid = navFromAscii(openField(40, 21));
    REQUIRE(s.reset(grid));
    REQUIRE(s.params().pathBudgetExpansions <= 0);  // the game's clock budget
    const std::vector<int> group = spawnBlock(s, "g", {2, 8}, 10, 2);
    const TileCoord goal{35, 10};
    REQUIRE(s.order(group, goal).accepted);
    // Updates take microseconds here, not a frame: while followers wait for their field the
    // loop gives the worker thread a millisecond (for at most a minute: a lost field fails).
    long long onWorker = 0;
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    auto waitForWorker = [&] {
        const bool waiting = std::any_of(group.begin(), group.end(),
                                         [&](int i) { return s.units()[std::size_t(i)].walk.awaitingPath; });
        if (waiting && std::chrono::steady_clock::now() < giveUp)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    for (int f = 0; f < 60 * 120 && s.fieldOf(group[1]) == nullptr; ++f) {
        s.update(1.0 / 60.0);
        onWorker += s.lastServiceStats().workerExpansions;
        waitForWorker();
    }
    const isostar::path::FlowField* before = s.fieldOf(group[1]);
    REQUIRE(before != nullptr);
    CHECK(onWorker > 0);  // the field's expansions ran on the worker, not in the update's slices
    const std::uint64_t versionBefore = before->version();
    const isostar::path::NavDirty dirty = paintWallWithGap(grid);
    s.gridChanged({&dirty, 1});
    for (int ticks = 0; ticks < 60 * 120 && s.anyMoving(); ++ticks) {
        s.update(1.0 / 60.0);
        game::test::checkOccupancy(s);
        for (int i : group)
            REQUIRE(grid.passable(0, s.units()[std::size_t(i)].tile));
        waitForWorker();
    }
    const isostar::path::FlowField* after = s.fieldOf(group[1]);
    REQUIRE(after != nullptr);
    CHECK(after->version() != versionBefore);
    CHECK_FALSE(after->reached({20, 10}));
    CHECK_FALSE(s.anyMoving());
    for (int i : group)
        CHECK(chebyshev(s.units()[std::size_t(i)].tile, goal) <= 4);
}

TEST_CASE("a group ordered into a dead-end corridor one cell wide fills it: mates trade cells, nobody stops")
{
    // An open field on the left; from it a corridor one cell wide runs 19 cells to a dead end.
    // The formation's cells lie along the corridor; a unit whose cell is deeper than a mate
    // that already stands on its own would be boxed in (before the trade, 10 of the 12 stopped
    // with "the way is blocked").
    std::vector<std::string> rows(9, std::string(40, '.'));
    for (int y = 0; y < 9; ++y)
        for (int x = 20; x < 40; ++x)
            if (y != 4 || x == 39)
                rows[std::size_t(y)][std::size_t(x)] = '#';
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii(rows);
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 100000; });
    const std::vector<int> group = spawnBlock(s, "g", {1, 1}, 12, 4);
    REQUIRE(s.order(group, {38, 4}).accepted);
    for (int f = 0; f < 60 * 60 && s.anyMoving(); ++f) {
        s.update(1.0 / 60.0);
        game::test::checkOccupancy(s);
    }
    CHECK_FALSE(s.anyMoving());
    CHECK(s.takeEvents().empty());
    CHECK(s.pathWork().trades > 0);
    // The twelve stand on the corridor's last twelve cells, each on its own goal.
    std::vector<int> xs;
    for (int i : group) {
        const game::Unit& u = s.units()[std::size_t(i)];
        INFO(u.name << " at " << u.tile << ", goal " << u.goal);
        CHECK(u.tile.y == 4);
        CHECK(u.tile == u.goal);
        xs.push_back(u.tile.x);
    }
    std::sort(xs.begin(), xs.end());
    CHECK(xs.front() == 27);
    CHECK(xs.back() == 38);
    CHECK(std::adjacent_find(xs.begin(), xs.end()) == xs.end());
}
