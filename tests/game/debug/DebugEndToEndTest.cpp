// End-to-end for the debug tools (game/debug): the real `isostar` binary runs scripts with
// `overlay`, `step N`, `race X Y` and `dump`, and the tests check the dumped fields against the
// engine run in-process. Without a display each test reports itself skipped (CTest).

#include "engine/path/GridQuery.hpp"
#include "engine/path/SearchTrace.hpp"
#include "game/rules/ProfileLayer.hpp"
#include "game/world/World.hpp"
#include "tests/support/RunProcess.hpp"
#include "tests/support/GameE2e.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

using testsupport::haveDisplay;

fs::path tempDir(const std::string& name) { return testsupport::e2eDir("isostar-debug-e2e", name); }

testsupport::ProcessResult runScript(const fs::path& dir, const std::string& map, const std::string& script)
{
    return testsupport::runGameScript(dir, map, script);
}

Json readJson(const fs::path& file) { return testsupport::readJsonFile(file); }

const Json* unitNamed(const Json& dump, const std::string& name)
{
    for (const Json& u : dump["units"])
        if (u["name"] == name)
            return &u;
    return nullptr;
}

isostar::TileCoord cellOf(const Json& xy)
{
    return {xy[0].get<int>(), xy[1].get<int>()};
}

/// `step 25` + `step 12` of the dwarf towards `goal`: exactly 37 cells, in the order of the full
/// search from the same cell (left in `full`). Returns the step's start cell.
isostar::TileCoord checkStepDump(const Json& step, const game::World& world, isostar::TileCoord goal,
                             isostar::path::PathResult& full)
{
    CHECK(step["overlays"].empty());
    REQUIRE(step["step"].is_object());
    CHECK(step["step"]["mode"] == true);
    CHECK(step["step"]["status"] == "in-progress");
    CHECK(step["step"]["expanded"] == 37);
    CHECK(step["step"]["profile"] == "dwarf");
    const Json* dwarf = unitNamed(step, "dwarf");
    REQUIRE(dwarf);
    CHECK_FALSE((*dwarf)["moving"].get<bool>());  // step-through orders nothing
    const isostar::TileCoord start = cellOf(step["step"]["start"]);
    CHECK(start == cellOf((*dwarf)["tile"]));
    CHECK(cellOf(step["step"]["goal"]) == goal);
    const int layer = game::profileLayer(world.nav, "dwarf");
    REQUIRE(layer >= 0);
    isostar::path::GridQuery query;
    isostar::path::SearchTrace trace;
    query.findPath(world.nav, layer, start, goal, full, nullptr, &trace);
    REQUIRE(trace.stepCount() > 37);
    REQUIRE(step["step"]["order"].size() == 37);
    for (int k = 0; k < 37; ++k)
        CHECK(cellOf(step["step"]["order"][std::size_t(k)]) == trace.expanded[std::size_t(k)].cell);
    CHECK(cellOf(step["step"]["current"]) == trace.expanded[36].cell);
    return start;
}

/// The race from `start`: A* and Dijkstra agree on the cost (both optimal, the full search's),
/// greedy expands fewest, weighted A* (w = 2) costs at most twice the optimum.
void checkRaceDump(const Json& race, const isostar::path::PathResult& full, isostar::TileCoord start)
{
    REQUIRE(race["race"].is_object());
    const Json& lanes = race["race"]["lanes"];
    REQUIRE(lanes.size() == 4);
    CHECK(lanes[0]["key"] == "astar");
    CHECK(lanes[1]["key"] == "dijkstra");
    CHECK(lanes[2]["key"] == "greedy");
    CHECK(lanes[3]["key"] == "weighted");
    REQUIRE(lanes[0]["cost"].is_number());
    REQUIRE(lanes[1]["cost"].is_number());
    CHECK(lanes[0]["cost"].get<double>() == Approx(lanes[1]["cost"].get<double>()).epsilon(1e-12));
    CHECK(lanes[0]["cost"].get<double>() == Approx(full.cost).epsilon(1e-12));
    CHECK(lanes[0]["optimal"] == true);
    CHECK(lanes[1]["optimal"] == true);
    CHECK(lanes[1]["expanded"].get<int>() >= lanes[0]["expanded"].get<int>());
    CHECK(lanes[3]["cost"].get<double>() <= 2.0 * lanes[1]["cost"].get<double>() + 1e-9);
    CHECK(cellOf(race["race"]["start"]) == start);
}

/// Walking: why splits the dwarf's remaining path cost; the parts sum to it within 1e-6.
void checkWhyDump(const Json& walk)
{
    CHECK(walk["step"].is_null());  // leaving step-through drops its search
    const Json* walker = unitNamed(walk, "dwarf");
    REQUIRE(walker);
    REQUIRE((*walker)["moving"].get<bool>());
    const Json& why = walk["why"];
    REQUIRE(why.is_object());
    CHECK(why["unit"] == "dwarf");
    const double total = why["total"].get<double>();
    CHECK(std::abs(total - (*walker)["path_cost"].get<double>()) < 1e-6);
    double parts = 0.0;
    for (const auto& [terrain, cost] : why["base_by_terrain"].items())
        parts += cost.get<double>();
    for (const Json& s : why["influence_by_source"])
        parts += s["delta"].get<double>();
    CHECK(std::abs(parts - total) < 1e-6);
    CHECK(why.contains("straight_line_cost"));
    CHECK_FALSE(why["text"].get<std::string>().empty());
}

} // namespace

TEST_CASE("debug e2e: overlays, step N in the full search's order, the race, why sums to the path cost")
{
    if (!haveDisplay())
        return;
    auto loaded = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx", "", ""});
    if (!loaded)
        FAIL(isostar::formatDiagnostics(loaded.diagnostics()));
    const game::World& world = loaded.value();
    REQUIRE(world.goal);
    const isostar::TileCoord goal = *world.goal;
    const std::string to = std::to_string(goal.x) + " " + std::to_string(goal.y);
    const fs::path dir = tempDir("tools");
    const auto out = [&](const char* name) { return (dir / name).string(); };
    const testsupport::ProcessResult r = runScript(dir, "maps/valley.tmx",
        "select dwarf\n"
        "overlay heat\noverlay search\noverlay influence\n"
        "dump " + out("overlays.json") + "\n"
        "overlay none\n"
        "key G\n"
        "move " + to + "\n"
        "step 25\nstep 12\n"
        "dump " + out("step.json") + "\n"
        "race " + to + "\n"
        "dump " + out("race.json") + "\n"
        "key G\n"
        "move " + to + "\n"
        "wait 1.5\n"
        "dump " + out("walk.json") + "\n"
        "quit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);

    // Several overlays at once, then none.
    const Json overlays = readJson(out("overlays.json"));
    CHECK(overlays["overlays"] == Json::array({"heat", "influence", "search"}));
    CHECK(overlays["step"].is_null());
    CHECK(overlays["race"].is_null());

    const Json step = readJson(out("step.json"));
    isostar::path::PathResult full;
    const isostar::TileCoord start = checkStepDump(step, world, goal, full);
    checkRaceDump(readJson(out("race.json")), full, start);
    checkWhyDump(readJson(out("walk.json")));
}

TEST_CASE("debug e2e: bad debug commands fail before anything runs, or name the line")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("bad");
    struct Bad {
        const char* script;
        const char* says;
    };
    const Bad bad[] = {
        {"overlay heatmap\nquit\n", "overlay: expected `overlay heat|influence|search|numbers|field|clearance|none`"},
        {"select dwarf\nstep 3\nquit\n", ":2: error: step: no stepped search"},
        {"select none\nrace 3 3\nquit\n", ":2: error: race: select a unit first"},
    };
    for (const Bad& b : bad) {
        const testsupport::ProcessResult r = runScript(dir, "maps/valley.tmx", b.script);
        INFO(b.script);
        INFO(r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find(b.says) != std::string::npos);
    }
}
