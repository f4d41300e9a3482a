// End-to-end on staggered and infinite maps: the real `isostar` binary walks the party with
// goals given in Tiled's coordinates (negative ones on an infinite map) and dumps them back in
// Tiled's coordinates. Without a display each test reports itself skipped.

#include "game/world/World.hpp"
#include "tests/support/GameE2e.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

isostar::TileCoord dumpedCell(const Json& pair)
{
    return {pair[0].get<int>(), pair[1].get<int>()};
}

/// Loads the world of a test map (for its frame: Tiled's cells <-> the grid).
game::World stgWorld(const std::string& map)
{
    auto w = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/" + map, "", ""});
    if (!w)
        FAIL(isostar::formatDiagnostics(w.diagnostics()));
    return std::move(w).value();
}

/// Every step of a dumped path (Tiled's cells) goes to a cell touching the last one on screen.
void checkSteps(const game::World& world, const Json& path)
{
    for (std::size_t k = 1; k < path.size(); ++k) {
        const isostar::TileCoord a = world.frame.toGrid(dumpedCell(path[k - 1]));
        const isostar::TileCoord b = world.frame.toGrid(dumpedCell(path[k]));
        CHECK(std::abs(a.x - b.x) <= 1);
        CHECK(std::abs(a.y - b.y) <= 1);
        CHECK(world.nav.passable(0, b));
    }
}

} // namespace

TEST_CASE("e2e: the party walks around the wall of staggered maps (both axes, both indexes)")
{
    if (!testsupport::haveDisplay())
        return;
    for (const char* stem : {"stagger_x_odd", "stagger_x_even", "stagger_y_odd", "stagger_y_even"}) {
        CAPTURE(stem);
        const std::string map = std::string("tests/data/stagger/") + stem + ".tmx";
        const game::World world = stgWorld(map);
        const fs::path dir = testsupport::e2eDir("isostar-e2e", stem);
        const auto r = testsupport::runGameScript(dir, map,
                                                  "select all\nmove 5 6\nwait 0.3\ndump " + (dir / "mid.json").string() +
                                                      "\nwait 30\ndump " + (dir / "end.json").string() + "\nquit\n");
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        const Json mid = testsupport::readJsonFile(dir / "mid.json");
        CHECK(mid["last_path"]["status"] == "found");
        CHECK(dumpedCell(mid["last_path"]["clicked"]) == isostar::TileCoord{5, 6});
        for (const Json& u : mid["units"])
            checkSteps(world, u["path"]);
        const Json end = testsupport::readJsonFile(dir / "end.json");
        bool onGoal = false;
        for (const Json& u : end["units"]) {
            CHECK_FALSE(u["moving"].get<bool>());
            const isostar::TileCoord t = dumpedCell(u["tile"]);
            CHECK(world.frame.tiledOnMap(t));
            CHECK(dumpedCell(u["goal"]) == t);
            onGoal = onGoal || t == isostar::TileCoord{5, 6};
        }
        CHECK(onGoal);
    }
}

TEST_CASE("e2e: an infinite map with negative chunks plays in Tiled's coordinates")
{
    if (!testsupport::haveDisplay())
        return;
    const std::string map = "tests/data/stagger/infinite_negative.tmx";
    const game::World world = stgWorld(map);
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "infinite");
    // (-7,6) is in the chunk at (-8,0); (3,3) is in the missing chunk: void, so the order walks
    // to the closest reachable cell instead.
    const auto r = testsupport::runGameScript(
        dir, map,
        "select all\nmove -7 6\nwait 30\ndump " + (dir / "west.json").string() + "\nmove 3 3\nwait 30\ndump " +
            (dir / "void.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json west = testsupport::readJsonFile(dir / "west.json");
    CHECK(dumpedCell(west["last_path"]["clicked"]) == isostar::TileCoord{-7, 6});
    bool onGoal = false;
    for (const Json& u : west["units"]) {
        const isostar::TileCoord t = dumpedCell(u["tile"]);
        CHECK(world.frame.tiledOnMap(t));
        CHECK(world.nav.passable(0, world.frame.toGrid(t)));
        onGoal = onGoal || t == isostar::TileCoord{-7, 6};
    }
    CHECK(onGoal);
    const Json toVoid = testsupport::readJsonFile(dir / "void.json");
    CHECK(dumpedCell(toVoid["last_path"]["clicked"]) == isostar::TileCoord{3, 3});
    CHECK(toVoid["last_path"]["anchor_moved"].get<bool>());
    for (const Json& u : toVoid["units"]) {
        const isostar::TileCoord t = dumpedCell(u["tile"]);
        CHECK(world.nav.passable(0, world.frame.toGrid(t)));
        CHECK_FALSE((t.x >= 0 && t.y >= 0)); // never inside the missing chunk
    }
}

TEST_CASE("e2e: a click on a staggered cell orders the party to that cell")
{
    if (!testsupport::haveDisplay())
        return;
    const std::string map = "tests/data/stagger/stagger_y_even.tmx";
    const game::World world = stgWorld(map);
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "stagger-click");
    const auto first = testsupport::runGameScript(dir, map, "dump " + (dir / "start.json").string() + "\nquit\n");
    REQUIRE(first.exitCode == 0);
    const Json start = testsupport::readJsonFile(dir / "start.json");
    const double cx = start["camera"]["center"][0], cy = start["camera"]["center"][1];
    const double zoom = start["camera"]["zoom"];
    // Cell (2,5) of a stagger-y, even-index map: odd rows are not shifted; its centre in Tiled's
    // pixels (the world here), then in the 1280x720 window.
    const double wx = 2 * 32 + 16, wy = 5 * 8 + 8;
    const long px = std::lround((wx - cx) / zoom + 640), py = std::lround((wy - cy) / zoom + 360);
    const auto r = testsupport::runGameScript(dir, map,
                                              "select all\nclick " + std::to_string(px) + " " + std::to_string(py) +
                                                  "\nwait 20\ndump " + (dir / "end.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json end = testsupport::readJsonFile(dir / "end.json");
    CHECK(dumpedCell(end["last_path"]["clicked"]) == isostar::TileCoord{2, 5});
    bool onCell = false;
    for (const Json& u : end["units"])
        onCell = onCell || dumpedCell(u["tile"]) == isostar::TileCoord{2, 5};
    CHECK(onCell);
}
