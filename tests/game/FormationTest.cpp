#include "game/rules/Formation.hpp"

#include "tests/game/GridFromAscii.hpp"

#include <catch2/catch.hpp>

#include <set>

using eng::TileCoord;

TEST_CASE("formation: every unit gets a distinct passable goal near the click")
{
    const auto field = gridFromAscii({
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    });
    const eng::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    eng::path::GridQuery query;
    const TileCoord units[] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    const auto r = game::planFormation(grid, 0, query, {6, 2}, units, {});
    REQUIRE(r.anchor);
    CHECK(*r.anchor == TileCoord{6, 2});
    CHECK_FALSE(r.anchorMoved);
    REQUIRE(r.goals.size() == 4);
    std::set<TileCoord> distinct(r.goals.begin(), r.goals.end());
    CHECK(distinct.size() == 4);
    CHECK(distinct.count({6, 2}) == 1);  // someone stands on the clicked tile
    for (TileCoord g : r.goals) {
        CHECK(std::abs(g.x - 6) <= 1);
        CHECK(std::abs(g.y - 2) <= 1);
    }
}

TEST_CASE("formation: goals never lie behind a wall or on blocked tiles")
{
    const auto field = gridFromAscii({
        "....#.....",
        "....#.....",
        "....#.....",
        "....#.....",
        "..........",
    });
    const eng::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    eng::path::GridQuery query;
    const TileCoord units[] = {{0, 0}, {0, 1}, {0, 2}};
    const TileCoord blocked[] = {{2, 0}, {3, 1}};
    const auto r = game::planFormation(grid, 0, query, {3, 0}, units, blocked);
    REQUIRE(r.goals.size() == 3);
    std::set<TileCoord> distinct(r.goals.begin(), r.goals.end());
    CHECK(distinct.size() == 3);
    for (TileCoord g : r.goals) {
        CHECK(g.x < 4);  // the flood does not jump the wall
        CHECK(g != TileCoord{2, 0});
        CHECK(g != TileCoord{3, 1});
        CHECK(field.passable(g));
    }
}

TEST_CASE("formation: an unreachable click anchors on the closest reachable tile")
{
    const auto field = gridFromAscii({
        "......#...",
        "......#.#.",
        "......#...",
        "......###.",
        "..........",
    });
    // Click the wall at (6,1): (5,1) and (7,1) are equally close, (5,1) is cheaper to reach.
    const eng::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    eng::path::GridQuery query;
    const TileCoord units[] = {{0, 0}};
    const auto r = game::planFormation(grid, 0, query, {6, 1}, units, {});
    REQUIRE(r.anchor);
    CHECK(r.anchorMoved);
    CHECK(field.passable(*r.anchor));
    CHECK(*r.anchor == TileCoord{5, 1});
    REQUIRE(r.goals.size() == 1);
    CHECK(r.goals[0] == TileCoord{5, 1});
}

TEST_CASE("formation: a click off the map gives nothing")
{
    const auto field = gridFromAscii({"...", "..."});
    const eng::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    eng::path::GridQuery query;
    const TileCoord units[] = {{0, 0}};
    CHECK_FALSE(game::planFormation(grid, 0, query, {-1, 0}, units, {}).anchor);
    CHECK_FALSE(game::planFormation(grid, 0, query, {3, 0}, units, {}).anchor);
    CHECK(game::planFormation(grid, 0, query, {3, 0}, units, {}).goals.empty());
}
