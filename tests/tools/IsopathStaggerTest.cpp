// `isopath path` on staggered and infinite maps: cells given and printed in Tiled's coordinates
// (negative ones on an infinite map), answers equal to the engine's on the playable grid.

#include "engine/map/CellFrame.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/map/PlayableMap.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

namespace {

testsupport::ProcessResult isopathOn(const std::string& args)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' path " + args, ISOSTAR_SOURCE_DIR);
}

/// The path in Tiled's coordinates as the engine finds it on the map's playable grid.
nlohmann::json enginePath(const std::string& map, isostar::TileCoord from, isostar::TileCoord to)
{
    auto loaded = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/" + map);
    REQUIRE(loaded);
    const isostar::map::CellFrame frame = isostar::map::CellFrame::of(loaded.value());
    const isostar::map::MapData play = isostar::map::playableMap(loaded.value(), frame);
    auto config = isostar::terrain::resolveTerrainConfig(play);
    REQUIRE(config);
    isostar::terrain::TerrainGrid grid = isostar::terrain::terrainGridFromMap(play);
    grid.voids = isostar::map::voidCells(play, frame, loaded.value().infinite);
    isostar::terrain::TerrainField field;
    field.build(std::move(grid), config.value().config.base);
    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(field.costField(), config.value().config.base.movement));
    isostar::path::PathResult r;
    finder.findPath(frame.toGrid(from), frame.toGrid(to), r);
    nlohmann::json out = nlohmann::json::array();
    for (isostar::TileCoord c : r.path) {
        const isostar::TileCoord t = frame.toTiled(c);
        out.push_back({t.x, t.y});
    }
    return out;
}

} // namespace

TEST_CASE("isopath path: an infinite map's negative coordinates in and out", "[isopath][path]")
{
    const std::string map = "tests/data/stagger/infinite_negative.tmx";
    const auto r = isopathOn(map + " --from=-6,-6 --to=-7,6 --algorithm astar --json");
    INFO(r.err);
    CHECK(r.exitCode == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["status"] == "ok");
    CHECK(j["start"] == nlohmann::json::array({-6, -6}));
    CHECK(j["goal"] == nlohmann::json::array({-7, 6}));
    CHECK(j["path"] == enginePath(map, {-6, -6}, {-7, 6}));

    const auto text = isopathOn(map + " --from=-6,-6 --to=-7,6 --explain=3,3");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("(16x16 from (-8,-8) cells)") != std::string::npos);
    CHECK(text.out.find("query:    (-6,-6) -> (-7,6)") != std::string::npos);
    CHECK(text.out.find("\n   8765432101234567\n-8 ......#") != std::string::npos); // Tiled's columns and rows
    CHECK(text.out.find("cell (3,3): no terrain\n  impassable (void: not on the map)") != std::string::npos);

    const auto off = isopathOn(map + " --from=-6,-6 --to=8,0");
    CHECK(off.exitCode == 2);
    CHECK(off.err == "isopath path: goal (8,0) is off the map (16x16 from (-8,-8) cells)\n");
}

TEST_CASE("isopath path: staggered maps are searched between cells that touch on screen", "[isopath][path]")
{
    for (const char* stem : {"stagger_x_odd", "stagger_x_even", "stagger_y_odd", "stagger_y_even"}) {
        CAPTURE(stem);
        const std::string map = std::string("tests/data/stagger/") + stem + ".tmx";
        const auto r = isopathOn(map + " --algorithm astar --json");
        INFO(r.err);
        CHECK(r.exitCode == 0);
        const nlohmann::json j = nlohmann::json::parse(r.out);
        CHECK(j["start"] == nlohmann::json::array({1, 1})); // the map's start and goal objects
        CHECK(j["goal"] == nlohmann::json::array({5, 6}));
        CHECK(j["path"] == enginePath(map, {1, 1}, {5, 6}));
        const auto off = isopathOn(map + " --to 7,0");
        CHECK(off.exitCode == 2);
        CHECK(off.err == "isopath path: goal (7,0) is off the map (7x8 cells)\n");
    }
}
