#include "game/party/Party.hpp"
#include "game/rules/ProfileLayer.hpp"

#include "tests/game/GridFromAscii.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <type_traits>

using isostar::TileCoord;

// Units are the party's to write: everyone else reads them.
static_assert(std::is_same_v<decltype(std::declval<game::Party&>().units()), const std::vector<game::Unit>&>);

namespace {

/// Runs the squad until nobody moves (or the time limit), checking occupancy every tick.
double runUntilStill(game::Party& s, double limitSec = 120.0)
{
    const double dt = 1.0 / 60.0;
    double t = 0.0;
    while (s.anyMoving() && t < limitSec) {
        s.update(dt);
        t += dt;
        std::set<TileCoord> held;
        std::size_t claims = 0;
        for (const game::Unit& u : s.units()) {
            held.insert(u.tile);
            ++claims;
            if (u.stepping) {
                held.insert(u.stepTo);
                ++claims;
            }
        }
        REQUIRE(held.size() == claims);  // no cell held twice, ever
    }
    return t;
}

} // namespace

// The party holds a pointer to the grid it plans on and hands out handles to its units: it is
// never copied (its path service makes it move-only).
static_assert(!std::is_copy_constructible_v<game::Party> && !std::is_copy_assignable_v<game::Party>);

TEST_CASE("step time is proportional to the entered cell's cost")
{
    game::StepTiming t;
    t.secondsPerCost = 0.2;
    CHECK(t.stepSec(1.0, false, 1.414) == Approx(0.2));
    CHECK(t.stepSec(3.0, false, 1.414) == Approx(0.6));   // snow
    CHECK(t.stepSec(0.5, false, 1.414) == Approx(0.1));   // road
    CHECK(t.stepSec(1.0, true, 1.414) == Approx(0.2828)); // diagonal
    CHECK(t.stepSec(0.001, false, 1.414) == Approx(t.minStepSec));
}

TEST_CASE("a unit walks its A* path and snow takes three times as long as grass")
{
    auto timeFor = [](const char* row) {
        game::Party s;
        const isostar::path::NavGrid grid = navFromAscii({row});
        REQUIRE(s.reset(grid));
        s.spawn("knight", {0, 0});
        s.selection().selectAll();
        const game::OrderReport rep = s.orderSelected({6, 0});
        REQUIRE(rep.accepted);
        CHECK(rep.status == isostar::path::PathStatus::Found);
        CHECK(rep.length == 7);
        const double t = runUntilStill(s);
        CHECK(s.units()[0].tile == TileCoord{6, 0});
        CHECK(s.units()[0].pos == isostar::TilePos{6.5, 0.5});
        return t;
    };
    const double grass = timeFor(".......");
    const double snow = timeFor(".ssssss");
    const double road = timeFor(".rrrrrr");
    CHECK(snow / grass == Approx(3.0).epsilon(0.05));
    CHECK(road / grass == Approx(0.5).epsilon(0.08));
}

TEST_CASE("the party spreads over distinct tiles and nobody shares a cell on the way")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({
        "............",
        "....####....",
        "............",
        "....####....",
        "............",
        });
    REQUIRE(s.reset(grid));
    s.spawn("knight", {0, 0});
    s.spawn("ranger", {0, 2});
    s.spawn("mage", {0, 4});
    s.spawn("dwarf", {1, 2});
    s.selection().selectAll();
    const auto rep = s.orderSelected({10, 2});
    CHECK(rep.units == 4);
    runUntilStill(s);
    std::set<TileCoord> ends;
    for (const game::Unit& u : s.units()) {
        ends.insert(u.tile);
        CHECK(std::abs(u.tile.x - 10) <= 2);
        CHECK_FALSE(u.moving());
    }
    CHECK(ends.size() == 4);
    CHECK(ends.count({10, 2}) == 1);
}

TEST_CASE("a unit whose next cell is taken waits, then replans around the blocker")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({
        "..........",
        "..........",
        "..........",
        });
    REQUIRE(s.reset(grid));
    const int walker = s.spawn("ranger", {0, 1});
    s.spawn("dwarf", {5, 1});  // stands in the middle of the straight line, never moves
    s.selection().selectOnly(walker);
    REQUIRE(s.orderSelected({9, 1}).accepted);
    // The straight path runs through the dwarf.
    bool throughDwarf = false;
    for (TileCoord c : s.units()[0].path)
        throughDwarf = throughDwarf || c == TileCoord{5, 1};
    REQUIRE(throughDwarf);
    runUntilStill(s);
    CHECK(s.units()[0].tile == TileCoord{9, 1});
    CHECK(s.units()[0].walk.replans >= 1);
    CHECK(s.units()[1].tile == TileCoord{5, 1});
}

TEST_CASE("a unit that cannot get past gives up instead of waiting forever")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({"......"});
    REQUIRE(s.reset(grid));
    const int walker = s.spawn("mage", {0, 0});
    s.spawn("knight", {3, 0});  // blocks the only corridor
    s.selection().selectOnly(walker);
    REQUIRE(s.orderSelected({5, 0}).accepted);
    const double t = runUntilStill(s, 60.0);
    CHECK(t < 60.0);
    CHECK(s.units()[0].tile == TileCoord{2, 0});
    const std::vector<std::string> events = s.takeEvents();
    REQUIRE_FALSE(events.empty());
    CHECK(events.back() == "mage stops: the way is blocked");
}

TEST_CASE("clicking a wall walks to the closest reachable tile")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({
        ".....",
        ".###.",
        ".#.#.",
        ".###.",
        ".....",
        });
    REQUIRE(s.reset(grid));
    s.spawn("knight", {0, 0});
    s.selection().selectAll();
    const auto rep = s.orderSelected({2, 2});  // inside a closed room
    REQUIRE(rep.accepted);
    CHECK(rep.anchorMoved);
    CHECK(rep.status == isostar::path::PathStatus::Found);  // to the closest reachable tile
    runUntilStill(s);
    const TileCoord end = s.units()[0].tile;
    CHECK(std::abs(end.x - 2) + std::abs(end.y - 2) == 2);  // a ring cell at distance 2
    CHECK(s.passable(end));
}

TEST_CASE("orders off the map or without a selection do nothing")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({"....", "...."});
    REQUIRE(s.reset(grid));
    s.spawn("knight", {0, 0});
    CHECK_FALSE(s.orderSelected({1, 1}).accepted);  // nothing selected
    s.selection().selectAll();
    CHECK_FALSE(s.orderSelected({-3, 9}).accepted);
    CHECK_FALSE(s.anyMoving());
}

TEST_CASE("spawnAround places units on distinct passable cells near the point")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({"#....", "#.#..", "....."});
    REQUIRE(s.reset(grid));
    s.spawnAround({"a", "b", "c", "d"}, {0, 1});
    REQUIRE(s.units().size() == 4);
    std::set<TileCoord> at;
    for (const auto& u : s.units()) {
        CHECK(s.passable(u.tile));
        at.insert(u.tile);
    }
    CHECK(at.size() == 4);
}

TEST_CASE("each unit plans and walks with the costs of its own profile")
{
    // The snow band is cheap for the dwarf's layer and dear for the default one.
    const std::vector<std::string> rows = {
        ".......",
        ".sssss.",
        ".sssss.",
        ".sssss.",
        ".......",
    };
    isostar::path::CostField dwarfSnow = gridFromAscii(rows);
    for (float& c : dwarfSnow.cost)
        if (c == 3.0f)
            c = 0.5f;
    game::Party s;
    const isostar::path::NavGrid grid = navGrid({{"", gridFromAscii(rows)}, {"dwarf", dwarfSnow}});
    REQUIRE(s.reset(grid));
    REQUIRE(game::profileLayer(s.grid(), "dwarf") == 1);
    CHECK(game::profileLayer(s.grid(), "giant") == -1);
    const int knight = s.spawn("knight", {0, 2});
    const int dwarf = s.spawn("dwarf", {6, 2}, "dwarf");
    CHECK(s.units()[std::size_t(knight)].layer == 0);
    CHECK(s.units()[std::size_t(dwarf)].layer == 1);

    // Both cross the field in the middle row: the knight goes round the snow, the dwarf through.
    s.order({knight}, {6, 3});
    s.order({dwarf}, {0, 1});
    bool knightOnSnow = false, dwarfOnSnow = false;
    for (TileCoord c : s.units()[std::size_t(knight)].path)
        knightOnSnow = knightOnSnow || rows[std::size_t(c.y)][std::size_t(c.x)] == 's';
    for (TileCoord c : s.units()[std::size_t(dwarf)].path)
        dwarfOnSnow = dwarfOnSnow || rows[std::size_t(c.y)][std::size_t(c.x)] == 's';
    CHECK_FALSE(knightOnSnow);
    CHECK(dwarfOnSnow);

    // A reload that built a new grid (another profile before the dwarf's) keeps each unit on
    // the layer of its profile; a unit without one stays on the default layer 0.
    const isostar::path::NavGrid reloaded =
        navGrid({{"", gridFromAscii(rows)}, {"ranger", gridFromAscii(rows)}, {"dwarf", dwarfSnow}});
    REQUIRE(s.rebind(reloaded));
    CHECK(s.units()[std::size_t(knight)].layer == 0);
    CHECK(s.units()[std::size_t(dwarf)].layer == 2);
    CHECK_FALSE(s.anyMoving());  // everyone stops
}

TEST_CASE("a group order gives each profile goals it can reach")
{
    // Only the ranger's layer lets it into the wood ('#' for the others).
    const std::vector<std::string> rows = {
        "....###",
        "....###",
        "....###",
    };
    isostar::path::CostField wood = gridFromAscii(rows);
    for (float& c : wood.cost)
        if (!isostar::path::isPassableCost(c))
            c = 2.0f;
    game::Party s;
    const isostar::path::NavGrid grid = navGrid({{"", gridFromAscii(rows)}, {"ranger", wood}});
    REQUIRE(s.reset(grid));
    s.spawn("ranger", {0, 0}, "ranger");
    s.spawn("knight", {0, 1});
    s.spawn("mage", {0, 2});
    s.selection().selectAll();
    const auto rep = s.orderSelected({5, 1});
    REQUIRE(rep.accepted);
    CHECK_FALSE(rep.anchorMoved);           // the leader (ranger) can stand there
    CHECK(rep.units == 3);
    runUntilStill(s);
    CHECK(s.units()[0].tile == TileCoord{5, 1});
    for (std::size_t i = 1; i < 3; ++i)
        CHECK(s.passable(s.units()[i].tile, 0));  // the others stop before the wood
}

TEST_CASE("unit handles go stale when the party is reset")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({"...."});
    REQUIRE(s.reset(grid));
    const game::UnitHandle h = s.handle(s.spawn("knight", {0, 0}));
    REQUIRE(s.get(h) != nullptr);
    CHECK(s.get(h)->name == "knight");
    CHECK(s.indexOf(s.handle(5)) == -1);
    const isostar::path::NavGrid again = navFromAscii({"...."});
    REQUIRE(s.reset(again));
    s.spawn("mage", {1, 0});
    CHECK(s.get(h) == nullptr);             // same index, other generation
    CHECK(s.get(game::UnitHandle{}) == nullptr);
}

TEST_CASE("a profile's layer: the default is layer 0 whatever its name, the others by name")
{
    const isostar::path::CostField field = gridFromAscii({"...."});
    // As loaded with `--profile dwarf`: the default layer carries the dwarf's name.
    const isostar::path::NavGrid dwarfFirst = navGrid({{"dwarf", field}, {"", field}, {"ranger", field}});
    CHECK(game::profileLayer(dwarfFirst, "") == 0);  // no profile: the default, not a layer named ""
    CHECK(game::profileLayer(dwarfFirst, "dwarf") == 0);
    CHECK(game::profileLayer(dwarfFirst, "ranger") == 2);
    CHECK(game::profileLayer(dwarfFirst, "giant") == -1);
    CHECK(game::profileLayer(isostar::path::NavGrid(), "") == -1);

    // The party spawns and relayers by the same rule.
    game::Party s;
    REQUIRE(s.reset(dwarfFirst));
    CHECK(s.units().empty());
    const int knight = s.spawn("knight", {0, 0});
    const int ranger = s.spawn("ranger", {1, 0}, "ranger");
    const int giant = s.spawn("giant", {2, 0}, "giant");
    CHECK(s.units()[std::size_t(knight)].layer == 0);
    CHECK(s.units()[std::size_t(ranger)].layer == 2);
    CHECK(s.units()[std::size_t(giant)].layer == 0);  // unknown profile: the default
}

TEST_CASE("the selection: all, none, only, toggle, box, and its leader")
{
    game::Party s;
    const isostar::path::NavGrid grid = navFromAscii({"......"});
    REQUIRE(s.reset(grid));
    for (int i = 0; i < 4; ++i)
        s.spawn("u" + std::to_string(i), {i, 0});
    game::Selection& sel = s.selection();
    REQUIRE(sel.size() == 4);
    CHECK(sel.empty());
    CHECK(sel.leader() == -1);
    sel.selectAll();
    CHECK(sel.indices() == std::vector<int>{0, 1, 2, 3});
    CHECK(sel.leader() == 0);
    sel.selectOnly(2);
    CHECK(sel.indices() == std::vector<int>{2});
    sel.toggle(0);
    CHECK(sel.leader() == 0);
    sel.toggle(0);
    CHECK(sel.leader() == 2);
    sel.toggle(9);  // out of range: ignored
    CHECK(sel.indices() == std::vector<int>{2});
    const int box[] = {1, 3};
    sel.selectBox(box, true);
    CHECK(sel.indices() == std::vector<int>{1, 2, 3});
    sel.selectBox(box, false);
    CHECK(sel.indices() == std::vector<int>{1, 3});
    sel.selectNone();
    CHECK(sel.empty());
    // The selection's leader leads the order (rank 0), the others follow in index order.
    sel.selectBox(box, false);
    REQUIRE(s.orderSelected({5, 0}).accepted);
    CHECK(s.units()[1].rank == 0);
    CHECK(s.units()[3].rank == 1);
    s.spawn("late", {0, 0});  // a new unit starts unselected
    CHECK(sel.size() == 5);
    CHECK_FALSE(sel.selected(4));
    const isostar::path::NavGrid again = navFromAscii({"......"});
    REQUIRE(s.reset(again));
    CHECK(sel.size() == 0);
}
