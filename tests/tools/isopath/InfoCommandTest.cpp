// isopath info MAP: runs the built binary as a user would and checks exit code, stdout JSON and
// stderr diagnostics.

#include "tests/support/RunProcess.hpp"
#include "tests/support/Skip.hpp"

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Run = testsupport::ProcessResult;

/// Runs `isopath ARGS` from the project root; captures stdout and stderr.
Run isopath(const std::string& args)
{
    // Appended piece by piece: `std::string(...) + "..." + args` trips GCC 12's false
    // -Warray-bounds warning in Release builds (as in engine/core/Diagnostic.cpp).
    std::string command = ISOSTAR_BIN_DIR;
    command += "/isopath ";
    command += args;
    return testsupport::runProcess(command, ISOSTAR_SOURCE_DIR);
}

} // namespace

TEST_CASE("isopath info prints a map as JSON", "[isopath][info]")
{
    const Run r = isopath("info tests/data/map/groups.tmx");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.empty());
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["orientation"] == "orthogonal");
    CHECK(j["renderorder"] == "left-up");
    CHECK(j["width"] == 2);
    CHECK(j["height"] == 2);
    CHECK(j["tilewidth"] == 32);
    CHECK(j["tileheight"] == 32);
    CHECK(j["infinite"] == false);
    REQUIRE(j["layers"].size() == 3);
    CHECK(j["layers"][0]["type"] == "imagelayer");
    const auto& world = j["layers"][1];
    CHECK(world["type"] == "group");
    CHECK(world["visible"] == false);
    CHECK(world["properties"]["zone"] == "north");
    CHECK(world["layers"][0]["name"] == "floor");
    CHECK(world["layers"][0]["type"] == "tilelayer");
    CHECK(world["layers"][0]["cells"] == 2);
    CHECK(world["layers"][1]["layers"][0]["path"] == "world/deep/props");
    REQUIRE(j["tilesets"].size() == 1);
    CHECK(j["tilesets"][0]["name"] == "props");
    CHECK(j["tilesets"][0]["firstgid"] == 1);
    CHECK(j["tilesets"][0]["tilecount"] == 2);
    CHECK(j["tilesets"][0]["images"] == 2);
    REQUIRE(j["objects"].size() == 1);
    CHECK(j["objects"][0]["layer"] == "world/deep/props");
    CHECK(j["objects"][0]["count"] == 1);
}

TEST_CASE("isopath info: image tilesets, typed properties, JSON maps", "[isopath][info]")
{
    Run r = isopath("info tests/data/map/ortho_csv.tmj");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["tilesets"][0]["image"] == "tests/data/images/terrain.png");
    CHECK(j["tilesets"][0]["source"] == "tests/data/map/tiles.tsj");
    CHECK(j["tilesets"][0]["tilecount"] == 8);
    CHECK(j["layers"][0]["cells"] == 14);
    CHECK(j["layers"][0]["properties"]["walkable"] == true);
    CHECK(j["properties"]["title"] == "csv map");

    r = isopath("info tests/data/map/objects.tmx");
    REQUIRE(r.exitCode == 0);
    j = nlohmann::json::parse(r.out);
    CHECK(j["objects"][0]["count"] == 8);
    CHECK(j["layers"][0]["objects"] == 8);
}

TEST_CASE("isopath info reads a gzipped Tiled example", "[isopath][info]")
{
    const char* map = "/usr/share/doc/tiled/examples/isometric_staggered_grass_and_water.tmx.gz";
    if (!std::filesystem::exists(map)) {
        return testsupport::skipTest(std::string(map) + " is absent (Debian package `tiled`)");
    }
    const Run r = isopath(std::string("info ") + map);
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["orientation"] == "staggered");
    CHECK(j["width"] == 25);
    CHECK(j["height"] == 50);
    CHECK(j["infinite"] == true);
    CHECK(j["layers"][0]["cells"] == 1250);
}

TEST_CASE("isopath info: bad input exits 2 with the diagnostic on stderr", "[isopath][info]")
{
    Run r = isopath("info tests/data/bad/short_layer.tmx");
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "tests/data/bad/short_layer.tmx:5: error: layer \"ground\": 15 tiles, expected 16\n");

    r = isopath("info tests/data/does_not_exist.tmx");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "tests/data/does_not_exist.tmx: error: cannot open map: No such file or directory\n");

    r = isopath("info");
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("MAP is required") != std::string::npos);
    CHECK(r.err.find("Usage:") != std::string::npos);
}

TEST_CASE("isopath info lists the map's terrain names, their cells and where they came from", "[isopath][info]")
{
    Run r = isopath("info tests/data/terrain/names/names.tmx");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["terrain_config"] == "built-in");
    REQUIRE(j["terrains"].size() == 7);
    CHECK(j["terrains"][0] == nlohmann::json{{"name", "snow"},
                                             {"cells", 3},
                                             {"from", "terrain property in names.tsx, wang colour in names.tsx"},
                                             {"known", true}});
    CHECK(j["terrains"][3]["name"] == "road");
    CHECK(j["terrains"][3]["from"] == "class in names.tsx");

    // The alias config turns the Lake/snow tie into water.
    r = isopath("info tests/data/terrain/names/names.tmj --config tests/data/terrain/names/aliases.toml");
    REQUIRE(r.exitCode == 0);
    j = nlohmann::json::parse(r.out);
    CHECK(j["terrain_config"] == "tests/data/terrain/names/aliases.toml");
    CHECK(j["terrains"][2] ==
          nlohmann::json{{"name", "water"}, {"cells", 2}, {"from", "wang colour in names.tsj"}, {"known", true}});

    r = isopath("info tests/data/map/groups.tmx");
    REQUIRE(r.exitCode == 0);
    // An inline tileset: the map is the file the class comes from.
    CHECK(nlohmann::json::parse(r.out)["terrains"] ==
          nlohmann::json::array({{{"name", "rock"}, {"cells", 1}, {"from", "class in groups.tmx"}, {"known", true}}}));

    r = isopath("info tests/data/terrain/names/names.tmx --config tests/data/terrain/rules/broken.toml");
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("broken.toml:3: error: terrain.snow.cost") != std::string::npos);
}

TEST_CASE("isopath info on Tiled's desert example: four terrains the config does not know", "[isopath][info]")
{
    const std::string desert = "/usr/share/doc/tiled/examples/desert.tmx";
    if (!std::ifstream(desert))
        return testsupport::skipTest("the tiled package's examples are not installed (" + desert + ")");
    const Run r = isopath("info " + desert);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.empty());
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["terrains"].size() == 4);
    std::vector<std::string> names;
    for (const auto& t : j["terrains"]) {
        names.push_back(t["name"]);
        CHECK(t["known"] == false);
        CHECK(t["from"] == "wang colour in desert.tsx");
        CHECK(t["cells"].get<int>() > 0);
        const std::string name = t["name"];
        std::string key = name;
        std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        CHECK(t["warning"] == "unknown terrain \"" + name + "\" (wang colour in desert.tsx) costs 1: add [terrain." +
                                  key + "] to the config");
    }
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"Brick", "Cobblestone", "Desert", "Dirt"});
}

TEST_CASE("isopath info counts the terrains of the cells isopath path searches", "[isopath][info]")
{
    // An infinite map: every chunk's cells, those at negative coordinates too; empty cells are void.
    Run r = isopath("info tests/data/stagger/infinite_negative.tmx");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["infinite"] == true);
    REQUIRE(j["terrains"].size() == 2);
    CHECK(j["terrains"][0]["name"] == "grass");
    CHECK(j["terrains"][0]["cells"] == 174);  // 3 chunks of 64 cells, 8 walls and 10 empty cells
    CHECK(j["terrains"][1]["name"] == "wall");
    CHECK(j["terrains"][1]["cells"] == 8);

    // A staggered map: Tiled's 7x8 cells, none of the void cells around them on the playable grid.
    r = isopath("info tests/data/stagger/stagger_y_even.tmx");
    REQUIRE(r.exitCode == 0);
    j = nlohmann::json::parse(r.out);
    CHECK(j["orientation"] == "staggered");  // the file's map, as Tiled wrote it
    CHECK(j["width"] == 7);
    REQUIRE(j["terrains"].size() == 2);
    CHECK(j["terrains"][0]["cells"] == 50);  // 56 cells, 5 walls and 1 empty cell
    CHECK(j["terrains"][1]["cells"] == 5);
}
