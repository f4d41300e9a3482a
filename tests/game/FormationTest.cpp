#include "game/rules/Formation.hpp"

#include "tests/game/GridFromAscii.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <set>

using isostar::TileCoord;

TEST_CASE("formation: every unit gets a distinct passable goal near the click")
{
    const auto field = gridFromAscii({
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    });
    const isostar::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    isostar::path::GridQuery query;
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
    const isostar::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    isostar::path::GridQuery query;
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
    const isostar::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    isostar::path::GridQuery query;
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
    const isostar::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    isostar::path::GridQuery query;
    const TileCoord units[] = {{0, 0}};
    CHECK_FALSE(game::planFormation(grid, 0, query, {-1, 0}, units, {}).anchor);
    CHECK_FALSE(game::planFormation(grid, 0, query, {3, 0}, units, {}).anchor);
    CHECK(game::planFormation(grid, 0, query, {3, 0}, units, {}).goals.empty());
}

TEST_CASE("formation: an order costs the cells its flood visits, never the map")
{
    // A 1024 x 1024 map whose only ground is one row; most of the row round the click is held
    // by units outside the order, so the flood walks about 400 cells each way before it finds
    // its 24 candidates. Its marks and queue hold those cells, not the map's million.
    constexpr int Side = 1024, Row = 512;
    isostar::path::CostField field(Side, Side);
    for (int y = 0; y < Side; ++y)
        for (int x = 0; x < Side; ++x)
            field.at({x, y}) = y == Row ? 1.0f : isostar::path::Impassable;
    const isostar::path::NavGrid grid = navGrid({{"", field}});
    REQUIRE(grid.layerCount() == 1);
    auto blocked = [](TileCoord c) { return c.y == Row && c.x >= 120 && c.x <= 900; };
    isostar::path::GridQuery query;
    game::FormationScratch scratch;
    const TileCoord units[] = {{10, Row}, {11, Row}, {12, Row}, {13, Row}};
    for (int order = 0; order < 2; ++order) {  // the second reuses the scratch of the first
        const auto r = game::planFormation(grid, 0, query, {512, Row}, units, blocked, scratch);
        REQUIRE(r.anchor);
        REQUIRE(r.goals.size() == 4);
        // The closest free cells: left of the held stretch (distance 393 and more) and right of
        // it (389 and more); the units, all on the left, take the left ones nearest to them
        // among the four closest (901..904 are closer to the anchor than 119).
        std::set<TileCoord> distinct(r.goals.begin(), r.goals.end());
        CHECK(distinct.size() == 4);
        for (TileCoord g : r.goals) {
            CHECK(g.y == Row);
            CHECK_FALSE(blocked(g));
        }
        CHECK(scratch.candidates.size() == 24);
        // About 2 x 400 cells visited; the marks hold at most four slots a cell.
        CHECK(scratch.queue.size() < 1000);
        CHECK(scratch.seen.size() == scratch.queue.size());
        CHECK(scratch.seen.capacity() <= 4 * scratch.queue.size() + game::CellMarks::MinSlots);
        CHECK(scratch.seen.capacity() * 64 < std::size_t(Side) * Side);
    }
}

TEST_CASE("cell marks: insert, contains, clear and growth")
{
    game::CellMarks marks;
    CHECK_FALSE(marks.contains(5));
    std::set<std::size_t> want;
    std::mt19937 rng(7);
    for (int round = 0; round < 3; ++round) {
        marks.clear();
        want.clear();
        CHECK(marks.size() == 0);
        for (int k = 0; k < 5000; ++k) {
            const std::size_t i = rng() % 20000;
            CHECK(marks.insert(i) == want.insert(i).second);
        }
        CHECK(marks.size() == want.size());
        for (std::size_t i = 0; i < 20000; ++i)
            REQUIRE(marks.contains(i) == (want.count(i) > 0));
        CHECK(marks.capacity() <= 4 * want.size() + game::CellMarks::MinSlots);
    }
}
