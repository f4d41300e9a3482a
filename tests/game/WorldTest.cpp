#include "game/world/World.hpp"

#include "engine/terrain/MapTerrain.hpp"
#include "game/rules/ProfileLayer.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace {
const std::string Tiny = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/tiny.tmx";
}

TEST_CASE("world: map + default terrain rules become the cost field")
{
    auto r = game::loadWorld({Tiny, "", ""});
    if (!r)
        FAIL(isostar::formatDiagnostics(r.diagnostics()));
    const game::World& w = r.value();
    REQUIRE(w.nav.width() == 6);
    REQUIRE(w.nav.height() == 4);
    REQUIRE(w.nav.layerCount() == 1);
    CHECK(w.nav.cost(0, {0, 0}) == 1.0f);
    CHECK_FALSE(w.nav.passable(0, {3, 0}));       // wall
    CHECK(w.nav.cost(0, {1, 1}) == Approx(0.5f));  // road on nothing: 1 x 0.5
    CHECK(w.nav.rules(0).diagonalFactor == Approx(1.414));
    CHECK(w.configUsed == "built-in defaults");
}

TEST_CASE("world: start, goal and party objects are read in tile coordinates")
{
    auto r = game::loadWorld({Tiny, "", ""});
    REQUIRE(r.ok());
    const game::World& w = r.value();
    REQUIRE(w.start);
    CHECK(*w.start == isostar::TileCoord{0, 0});
    REQUIRE(w.goal);
    CHECK(*w.goal == isostar::TileCoord{5, 1});
    REQUIRE(w.party.size() == 3);
    CHECK(w.party[0].name == "knight");
    CHECK(w.party[0].tile == isostar::TileCoord{0, 2});
    CHECK(w.party[1].name == "mage");          // from the `unit` property
    CHECK(w.party[1].tile == isostar::TileCoord{1, 2});
    CHECK(w.party[2].name == "ranger");        // the first default name not taken yet
}

TEST_CASE("world: the HUD explanation names terrains and cost")
{
    auto r = game::loadWorld({Tiny, "", ""});
    REQUIRE(r.ok());
    const auto road = r.value().explain({1, 1});
    REQUIRE(!road.empty());
    // The engine's one text form of an explanation (isostar::terrain::explanationLines).
    CHECK(road == std::vector<std::string>{"cell (1,1): road", "  base cost 1 (default)", "  x 0.5 (road)", "  = 0.5"});
    const auto wall = r.value().explain({3, 0});
    CHECK(wall.back() == "  impassable (wall)");
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

TEST_CASE("world: party objects pick their movement profile, one terrain layer per profile")
{
    const std::string valley = std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx";
    auto r = game::loadWorld({valley, "", ""});
    if (!r)
        FAIL(isostar::formatDiagnostics(r.diagnostics()));
    const game::World& w = r.value();
    REQUIRE(w.terrains.size() == 3);
    CHECK(w.terrains[0].profile.empty());
    CHECK(game::profileLayer(w.nav, "") == 0);
    CHECK(w.profileName(0) == "default");
    std::map<std::string, std::string> profileOf;
    for (const game::SpawnPoint& p : w.party)
        profileOf[p.name] = p.profile;
    CHECK(profileOf["dwarf"] == "dwarf");
    CHECK(profileOf["ranger"] == "ranger");
    CHECK(profileOf["knight"].empty());
    const int dwarf = game::profileLayer(w.nav, "dwarf"), ranger = game::profileLayer(w.nav, "ranger");
    REQUIRE(dwarf > 0);
    REQUIRE(ranger > 0);
    CHECK(w.profileName(dwarf) == "dwarf");
    // Somewhere on the map snow costs the dwarf less than the default profile, and some cell
    // blocked by default (a tree) is open to the ranger.
    const isostar::path::CostField base = w.nav.costField(0);
    const isostar::path::CostField dw = w.nav.costField(dwarf);
    const isostar::path::CostField rg = w.nav.costField(ranger);
    bool cheaperSnow = false, treeOpen = false;
    for (std::size_t i = 0; i < base.cost.size(); ++i) {
        cheaperSnow = cheaperSnow || (isostar::path::isPassableCost(base.cost[i]) && dw.cost[i] < base.cost[i]);
        treeOpen = treeOpen || (!isostar::path::isPassableCost(base.cost[i]) && isostar::path::isPassableCost(rg.cost[i]));
    }
    CHECK(cheaperSnow);
    CHECK(treeOpen);
    // The NavGrid is the only holder of the costs: every profile's terrain is bound to its
    // layer and keeps no CostField of its own; the layer equals an unbound build.
    const isostar::terrain::TerrainGrid grid = isostar::terrain::terrainGridFromMap(w.map);
    for (int i = 0; i < 3; ++i) {
        const isostar::terrain::TerrainField& t = w.terrains[std::size_t(i)].terrain;
        CHECK(t.bound());
        CHECK(t.layer() == i);
        CHECK(t.costField().cost.empty());
        CHECK(t.costField().cost.capacity() == 0);
        isostar::terrain::TerrainField unbound;
        unbound.build(grid, t.rules());
        CHECK(w.nav.costField(i) == unbound.costField());
        CHECK(w.nav.rules(i) == t.rules().movement);
    }
    CHECK(w.nav.layerName(dwarf) == "dwarf");
    // One terrain grid in memory for every profile (each field copies it only at its first edit).
    CHECK(w.terrains[0].terrain.sharesGrid(w.terrains[1].terrain));
    CHECK(w.terrains[0].terrain.sharesGrid(w.terrains[2].terrain));
    // --profile dwarf makes the dwarf's profile the default layer: no second copy of it.
    auto d = game::loadWorld({valley, "", "dwarf"});
    REQUIRE(d.ok());
    CHECK(d.value().terrains.size() == 2);
    CHECK(game::profileLayer(d.value().nav, "dwarf") == 0);
    CHECK(game::profileLayer(d.value().nav, "") == 0);        // no profile: the default, here the dwarf's
    CHECK(game::profileLayer(d.value().nav, "ranger") == 1);
    CHECK(game::profileLayer(d.value().nav, "giant") == -1);
    CHECK(d.value().nav.costField(0) == dw);
}

TEST_CASE("world: an unknown profile on a party object names the map and the object")
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "isostar_world_profile_test";
    fs::create_directories(dir);
    std::ifstream in(Tiny);
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    const std::string from = "<object id=\"3\" name=\"knight\" type=\"party\" x=\"16\" y=\"80\"><point/></object>";
    const std::size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    s.replace(at, from.size(),
              "<object id=\"3\" name=\"knight\" type=\"party\" x=\"16\" y=\"80\"><properties><property "
              "name=\"profile\" value=\"giant\"/></properties><point/></object>");
    const std::string map = (dir / "tiny.tmx").string();
    std::ofstream(map) << s;
    auto r = game::loadWorld({map, "", ""});
    REQUIRE_FALSE(r.ok());
    const isostar::Diagnostic& d = r.diagnostics().front();
    CHECK(d.file == map);
    CHECK(d.message.find("\"knight\" (id 3)") != std::string::npos);
    CHECK(d.message.find("unknown profile \"giant\"") != std::string::npos);
}
