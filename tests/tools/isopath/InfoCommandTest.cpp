// isopath info MAP: runs the built binary as a user would and checks exit code, stdout JSON and
// stderr diagnostics.

#include "tests/support/RunProcess.hpp"
#include "tests/support/Skip.hpp"

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include <string>

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
