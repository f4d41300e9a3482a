// End-to-end: the real `isostar` binary runs scripts in a window (under xvfb in CI) and the
// tests read back what it dumped. Without a display each test reports itself skipped (CTest).

#include "engine/path/GridPathfinder.hpp"
#include "game/world/World.hpp"
#include "tests/support/RunProcess.hpp"
#include "tests/support/GameE2e.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

using testsupport::haveDisplay;

/// A fresh folder for one test's script and outputs.
fs::path tempDir(const std::string& name) { return testsupport::e2eDir("isostar-e2e", name); }

using Run = testsupport::ProcessResult;

using testsupport::isostarCommand;

/// Runs isostar on `map` with `script`; returns the exit code, stdout and stderr.
Run runScript(const fs::path& dir, const std::string& map, const std::string& script)
{
    return testsupport::runGameScript(dir, map, script);
}

Json readJson(const fs::path& file) { return testsupport::readJsonFile(file); }

game::World loadMapWorld(const std::string& map)
{
    auto w = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/" + map, "", ""});
    if (!w)
        FAIL(isostar::formatDiagnostics(w.diagnostics()));
    return std::move(w).value();
}

isostar::TileCoord tileOf(const Json& unit)
{
    return {unit["tile"][0].get<int>(), unit["tile"][1].get<int>()};
}

} // namespace

TEST_CASE("e2e: the party walks to the castle on maps/seed/road.tmx")
{
    if (!haveDisplay())
        return;
    const game::World world = loadMapWorld("maps/seed/road.tmx");
    REQUIRE(world.goal);
    const isostar::TileCoord goal = *world.goal;
    const fs::path dir = tempDir("castle");
    const Run r = runScript(dir, "maps/seed/road.tmx",
                            "select all\nmove " + std::to_string(goal.x) + " " + std::to_string(goal.y) +
                                "\nwait 0.5\ndump " + (dir / "mid.json").string() + "\nwait 60\nscreenshot " +
                                (dir / "castle.png").string() + "\ndump " + (dir / "end.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json mid = readJson(dir / "mid.json");
    bool anyMoving = false;
    for (const Json& u : mid["units"])
        anyMoving = anyMoving || u["moving"].get<bool>();
    CHECK(anyMoving);
    const Json end = readJson(dir / "end.json");
    REQUIRE(end["units"].size() == 4);
    std::set<isostar::TileCoord> tiles;
    bool onGoal = false;
    for (const Json& u : end["units"]) {
        CHECK_FALSE(u["moving"].get<bool>());
        CHECK(u["selected"].get<bool>());
        const isostar::TileCoord t = tileOf(u);
        tiles.insert(t);
        onGoal = onGoal || t == goal;
        CHECK(std::abs(t.x - goal.x) <= 2);
        CHECK(std::abs(t.y - goal.y) <= 2);
        CHECK(world.nav.passable(0, t));
    }
    CHECK(onGoal);
    CHECK(tiles.size() == 4);  // nobody shares a tile
    CHECK(end["last_path"]["status"] == "found");
    CHECK(fs::file_size(dir / "castle.png") > 1000);
}

TEST_CASE("e2e: a click on a unit's screen position selects it")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("pick");
    const Run first = runScript(dir, "maps/valley.tmx", "dump " + (dir / "before.json").string() + "\nquit\n");
    INFO(first.err);
    REQUIRE(first.exitCode == 0);
    const Json before = readJson(dir / "before.json");
    REQUIRE(before["units"].size() == 5);  // the four and the ox cart
    for (std::size_t pick = 0; pick < 4; pick += 3) {  // the first and the last unit
        const Json& unit = before["units"][pick];
        const int px = unit["screen"][0].get<int>(), py = unit["screen"][1].get<int>();
        REQUIRE(px >= 0);
        REQUIRE(py >= 0);
        REQUIRE(px < 1280);
        REQUIRE(py < 720);
        const Run r = runScript(dir, "maps/valley.tmx",
                                "click " + std::to_string(px) + " " + std::to_string(py) + "\ndump " +
                                    (dir / "after.json").string() + "\nquit\n");
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        const Json after = readJson(dir / "after.json");
        for (std::size_t i = 0; i < after["units"].size(); ++i) {
            INFO("unit " << after["units"][i]["name"]);
            CHECK(after["units"][i]["selected"].get<bool>() == (i == pick));
        }
        CHECK(after["hover_tile"].is_array());
    }
}

TEST_CASE("e2e: a click on an unreachable tile ends at the nearest reachable one")
{
    if (!haveDisplay())
        return;
    const std::string map = "maps/seed/road_long_wall.tmx";
    const game::World world = loadMapWorld(map);
    // First run: where the units stand and where the camera looks.
    const fs::path dir = tempDir("wall");
    const Run first = runScript(dir, map, "dump " + (dir / "start.json").string() + "\nquit\n");
    INFO(first.err);
    REQUIRE(first.exitCode == 0);
    const Json start = readJson(dir / "start.json");
    const isostar::TileCoord from = tileOf(start["units"][0]);
    const std::string name = start["units"][0]["name"];

    // A wall cell visible on screen.
    std::optional<isostar::TileCoord> wall;
    const double cx = start["camera"]["center"][0], cy = start["camera"]["center"][1], zoom = start["camera"]["zoom"];
    const double tw = world.map.tileWidth, th = world.map.tileHeight, originX = world.map.height * tw / 2;
    int px = 0, py = 0;
    for (int y = 0; y < world.nav.height() && !wall; ++y)
        for (int x = 0; x < world.nav.width() && !wall; ++x) {
            if (world.nav.passable(0, {x, y}))
                continue;
            const double wx = originX + (x - y) * tw / 2, wy = (x + y + 1) * th / 2;
            px = int(std::lround((wx - cx) / zoom + 640)), py = int(std::lround((wy - cy) / zoom + 360));
            if (px > 20 && px < 1260 && py > 100 && py < 650)
                wall = isostar::TileCoord{x, y};
        }
    REQUIRE(wall);

    // The pathfinder's own answer: the reachable cell closest to the wall.
    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(world.nav.costField(0), world.nav.rules(0)));
    isostar::path::PathResult expected;
    REQUIRE(finder.findPath(from, *wall, expected) == isostar::path::PathStatus::Partial);

    const Run r = runScript(dir, map,
                            "select " + name + "\nclick " + std::to_string(px) + " " + std::to_string(py) + "\nwait 40\ndump " +
                                (dir / "end.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json end = readJson(dir / "end.json");
    CHECK(end["hover_tile"] == Json{wall->x, wall->y});
    CHECK(end["last_path"]["anchor_moved"].get<bool>());
    const Json& unit = end["units"][0];
    CHECK_FALSE(unit["moving"].get<bool>());
    CHECK(tileOf(unit) == expected.path.back());
    bool said = false;
    for (const Json& m : end["messages"])
        said = said || m.get<std::string>().find("closest reachable tile") != std::string::npos;
    CHECK(said);
}

TEST_CASE("e2e: a bad script line exits 2 and names the line")
{
    // Parsing happens before any window opens, so this needs no display.
    const fs::path dir = tempDir("bad");
    const Run r = runScript(dir, "maps/valley.tmx", "select all\n# fine\nmove 3 x\nquit\n");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("test.script:3: error: move: \"x\" is not an integer") != std::string::npos);
}

TEST_CASE("e2e: a broken map at start exits 2 with the file named")
{
    const fs::path dir = tempDir("badmap");
    const fs::path broken = dir / "broken.tmx";
    std::ofstream(broken) << "<map version=\"1.8\" orientation=\"isometric\" width=\"2\"";
    if (!haveDisplay())
        return;
    const Run r = testsupport::runProcess(isostarCommand() + " --map \"" + broken.string() + "\" --script /dev/null");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find(broken.string()) != std::string::npos);
}

TEST_CASE("e2e: isostar render refuses bad input with exit 2")
{
    const fs::path dir = tempDir("render");
    const Run missing = testsupport::runProcess(isostarCommand() + " render /nonexistent/map.tmx " + (dir / "o.png").string());
    CHECK(missing.exitCode == 2);
    const Run notPng = testsupport::runProcess(isostarCommand() + " render " + ISOSTAR_SOURCE_DIR + "/maps/valley.tmx " +
                                               (dir / "o.txt").string());
    CHECK(notPng.exitCode == 2);
    CHECK(notPng.err.find("the output must be a .png file") != std::string::npos);
}

TEST_CASE("e2e: box drag selects, number keys pick, clicks off the map do nothing harmful")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("box");
    const std::string map = "maps/seed/road.tmx";
    const Run first = runScript(dir, map, "dump " + (dir / "start.json").string() + "\nquit\n");
    INFO(first.err);
    REQUIRE(first.exitCode == 0);
    const Json start = readJson(dir / "start.json");
    // A box around every unit's feet.
    int x0 = 1 << 20, y0 = 1 << 20, x1 = -1, y1 = -1;
    for (const Json& u : start["units"]) {
        x0 = std::min(x0, u["screen"][0].get<int>());
        y0 = std::min(y0, u["screen"][1].get<int>());
        x1 = std::max(x1, u["screen"][0].get<int>());
        y1 = std::max(y1, u["screen"][1].get<int>());
    }
    const Run r = runScript(dir, map,
                            "drag " + std::to_string(x0 - 20) + " " + std::to_string(y0 - 20) + " " + std::to_string(x1 + 20) +
                                " " + std::to_string(y1 + 20) + "\ndump " + (dir / "box.json").string() +
                                "\nclick 2 2\nrclick 2 2\nkey Escape\nkey 2\nkey Shift+4\nwait 1\ndump " +
                                (dir / "keys.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json box = readJson(dir / "box.json");  // named: a range-for over a temporary's member dangles
    for (const Json& u : box["units"])
        CHECK(u["selected"].get<bool>());
    const Json keys = readJson(dir / "keys.json");
    const bool expected[] = {false, true, false, true};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(keys["units"][i]["selected"].get<bool>() == expected[i]);
        CHECK_FALSE(keys["units"][i]["moving"].get<bool>());
        CHECK(keys["units"][i]["tile"] == start["units"][i]["tile"]);  // nobody moved
    }
    CHECK(keys["hover_tile"].is_null());  // (2,2) lies off the map's diamond
    CHECK(keys["messages"].back() == "that is outside the map");
}

TEST_CASE("e2e: without a display isostar says so instead of aborting")
{
    // SFML aborts the process when X11 cannot be opened; the game must check first.
    const Run play = testsupport::runProcess("env -u DISPLAY " + isostarCommand() + " --map \"" +
                                             std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/road.tmx\"");
    CHECK(play.exitCode == 1);
    CHECK(play.err.find("isostar: error: no display (DISPLAY is not set)") != std::string::npos);
    const fs::path dir = tempDir("nodisplay");
    const Run render = testsupport::runProcess("env -u DISPLAY " + isostarCommand() + " render \"" +
                                               std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/road.tmx\" " +
                                               (dir / "o.png").string());
    CHECK(render.exitCode == 1);
    CHECK(render.err.find("isostar render: error: no display") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "o.png"));
}

TEST_CASE("e2e: a wall painted across the party's path while it walks is walked around")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("wall");
    std::string script = "select all\nmove 30 57\nwait 1\n";
    for (int y = 50; y <= 66; ++y)
        script += "paint 24 " + std::to_string(y) + " wall\n";
    // Half a second of game time: the replans are time-sliced in the path service (1.5 ms a
    // frame), and a sanitizer build needs a few frames for them. Then 45 s: the ox cart (2x2
    // cells) goes round the wall's end too, more slowly.
    script += "wait 0.5\ndump " + (dir / "painted.json").string() + "\nwait 45\ndump " + (dir / "end.json").string() +
              "\nundo\ndump " + (dir / "undone.json").string() + "\nquit\n";
    const Run r = runScript(dir, "maps/valley.tmx", script);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json painted = readJson(dir / "painted.json");
    CHECK(painted["world"]["edits"].get<int>() == 17);
    CHECK(painted["world"]["version"].get<int>() == 18);
    auto onWall = [](const Json& cell) {
        const int x = cell[0].get<int>(), y = cell[1].get<int>();
        return x == 24 && y >= 50 && y <= 66;
    };
    for (const Json& u : painted["units"]) {
        INFO(u["name"]);
        REQUIRE(u["path"].size() > 1);               // still walking
        REQUIRE(u["path_cost"].is_number());         // a finite cost in the edited world
        for (const Json& cell : u["path"])
            CHECK_FALSE(onWall(cell));
        CHECK(u["path"].back() == u["goal"]);
    }
    // They all arrive east of the wall.
    const Json end = readJson(dir / "end.json");
    for (const Json& u : end["units"]) {
        INFO(u["name"]);
        CHECK_FALSE(u["moving"].get<bool>());
        CHECK(tileOf(u).x > 24);
    }
    CHECK(readJson(dir / "undone.json")["world"]["edits"].get<int>() == 18);
}

TEST_CASE("e2e: the dwarf and the knight plan with their own profiles")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("profiles");
    const Run r = runScript(dir, "maps/valley.tmx", "dump " + (dir / "start.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json start = readJson(dir / "start.json");
    std::map<std::string, std::string> profiles;
    for (const Json& u : start["units"]) {
        profiles[u["name"].get<std::string>()] = u["profile"].get<std::string>();
        CHECK(u["path"].size() == 1);  // standing: the path is the unit's tile
        CHECK(u["path_cost"].get<double>() == 0.0);
    }
    CHECK(profiles["dwarf"] == "dwarf");
    CHECK(profiles["ranger"] == "ranger");
    CHECK(profiles["knight"] == "default");
    CHECK(start["world"]["config"].get<std::string>().find("terrain.toml") != std::string::npos);
}

TEST_CASE("e2e: a volcano set erupting bends the walking knight's path toward it")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("volcano");
    // valley.tmx has a dormant volcano at (53, 54); the knight walks north to south past it.
    const Run r = runScript(dir, "maps/valley.tmx",
                            "select knight\nmove 53 45\nwait 40\nmove 53 63\nwait 0.3\ndump " +
                                (dir / "before.json").string() + "\nerupt 53 54 on\nwait 0.3\ndump " +
                                (dir / "after.json").string() + "\nerupt 53 54 off\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    auto closest = [](const Json& unit) {
        double best = 1e9;
        for (const Json& c : unit["path"])
            best = std::min(best, std::hypot(c[0].get<double>() - 53.0, c[1].get<double>() - 54.0));
        return best;
    };
    const Json before = readJson(dir / "before.json")["units"][0];
    const Json after = readJson(dir / "after.json")["units"][0];
    REQUIRE(before["name"] == "knight");
    REQUIRE(before["moving"].get<bool>());
    CHECK(after["goal"] == before["goal"]);
    // Warmth is cheaper: by more than the step or so walked in the 0.3 s between the dumps.
    CHECK(after["path_cost"].get<double>() < before["path_cost"].get<double>() - 2.0);
    CHECK(closest(after) < closest(before));                                        // and bends toward it
    CHECK(readJson(dir / "after.json")["world"]["edits"].get<int>() == 1);
}

TEST_CASE("e2e: the dwarf walks through snow painted in the way, the knight walks around it")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("snow");
    // The knight and the dwarf go to the meadow south of the tents, a band of snow is painted
    // north of them (7 x 5 cells), then both are sent across it. Snow costs the knight 3 and
    // the dwarf 1.5 (maps/terrain.toml, profile dwarf): the knight's detour east is cheaper for
    // him, the dwarf goes straight through.
    std::string script = "select knight\nmove 33 44\nselect dwarf\nmove 32 44\nwait 60\n";
    for (int y = 39; y <= 43; ++y)
        for (int x = 28; x <= 34; ++x)
            script += "paint " + std::to_string(x) + " " + std::to_string(y) + " snow\n";
    script += "select knight\nmove 31 37\nselect dwarf\nmove 30 37\nwait 0.1\ndump " + (dir / "snow.json").string() +
              "\nquit\n";
    const Run r = runScript(dir, "maps/valley.tmx", script);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json d = readJson(dir / "snow.json");
    CHECK(d["world"]["edits"].get<int>() == 35);
    auto snowCells = [](const Json& unit) {
        int n = 0;
        for (const Json& c : unit["path"]) {
            const int x = c[0].get<int>(), y = c[1].get<int>();
            n += x >= 28 && x <= 34 && y >= 39 && y <= 43;
        }
        return n;
    };
    int checked = 0;
    for (const Json& u : d["units"]) {
        INFO(u.dump());
        if (u["name"] == "knight") {
            REQUIRE(u["path"].size() > 2);
            CHECK(snowCells(u) == 0);
            ++checked;
        } else if (u["name"] == "dwarf") {
            REQUIRE(u["profile"] == "dwarf");
            REQUIRE(u["path"].size() > 2);
            CHECK(snowCells(u) >= 3);
            ++checked;
        }
    }
    CHECK(checked == 2);
}

TEST_CASE("e2e: the dump writes names that are not UTF-8 as U+FFFD (issue #12)", "[e2e][utf8]")
{
    if (!haveDisplay())
        return;
    // The project seen through a folder whose name holds the byte 0xFF: the map path in the dump
    // (and anything else naming it) used to make nlohmann::json throw from the script's `dump`.
    const fs::path dir = tempDir("utf8");
    const fs::path root = dir / "ro\xFFot";
    fs::create_directory_symlink(ISOSTAR_SOURCE_DIR, root);
    std::ofstream(dir / "test.script") << "dump " << (dir / "out.json").string() << "\nquit\n";
    const Run r = testsupport::runProcess(isostarCommand() + " --map \"" + (root / "maps/seed/road.tmx").string() +
                                          "\" --script \"" + (dir / "test.script").string() + "\"");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json j = readJson(dir / "out.json"); // parse() rejects invalid UTF-8
    CHECK(j["map"] == (dir / "ro\xEF\xBF\xBDot" / "maps/seed/road.tmx").string());
    fs::remove_all(dir);
}
