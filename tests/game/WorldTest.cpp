#include "game/world/World.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {
const std::string Tiny = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/tiny.tmx";
}

TEST_CASE("world: map + default terrain rules become the cost field")
{
    auto r = game::loadWorld({Tiny, "", ""});
    if (!r)
        FAIL(eng::formatDiagnostics(r.diagnostics()));
    const game::World& w = r.value();
    REQUIRE(w.field.width == 6);
    REQUIRE(w.field.height == 4);
    CHECK(w.field.at({0, 0}) == 1.0f);
    CHECK_FALSE(w.field.passable({3, 0}));       // wall
    CHECK(w.field.at({1, 1}) == Approx(0.5f));   // road on nothing: 1 x 0.5
    CHECK(w.rules.diagonalFactor == Approx(1.414));
    CHECK(w.configUsed == "built-in defaults");
}

TEST_CASE("world: start, goal and party objects are read in tile coordinates")
{
    auto r = game::loadWorld({Tiny, "", ""});
    REQUIRE(r.ok());
    const game::World& w = r.value();
    REQUIRE(w.start);
    CHECK(*w.start == eng::TileCoord{0, 0});
    REQUIRE(w.goal);
    CHECK(*w.goal == eng::TileCoord{5, 1});
    REQUIRE(w.party.size() == 3);
    CHECK(w.party[0].name == "knight");
    CHECK(w.party[0].tile == eng::TileCoord{0, 2});
    CHECK(w.party[1].name == "mage");          // from the `unit` property
    CHECK(w.party[1].tile == eng::TileCoord{1, 2});
    CHECK(w.party[2].name == "ranger");        // the first default name not taken yet
}

TEST_CASE("world: the HUD explanation names terrains and cost")
{
    auto r = game::loadWorld({Tiny, "", ""});
    REQUIRE(r.ok());
    const auto road = r.value().explain({1, 1});
    REQUIRE(!road.empty());
    CHECK(road.front() == "Terrain: road");
    CHECK(road.back() == "Cost: 0.5");
    const auto wall = r.value().explain({3, 0});
    CHECK(wall.back() == "Impassable (wall)");
    CHECK(r.value().explain({-1, 0}).empty());
}

TEST_CASE("world: bad inputs fail with the file named")
{
    auto missing = game::loadWorld({"/nonexistent/m.tmx", "", ""});
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.diagnostics()[0].file == "/nonexistent/m.tmx");
    auto badProfile = game::loadWorld({Tiny, "", "giant"});
    REQUIRE_FALSE(badProfile.ok());
    CHECK(badProfile.diagnostics()[0].message.rfind("unknown profile \"giant\"", 0) == 0);
    auto badConfig = game::loadWorld({Tiny, "/nonexistent/terrain.toml", ""});
    REQUIRE_FALSE(badConfig.ok());
}
