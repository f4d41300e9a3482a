// `isopath path` search options: --algorithm (auto, astar, jps, jpsw), --landmarks, --why,
// --compare and --smooth, run on the built binary and cross-checked against the engine.

#include "tests/tools/IsopathPathRun.hpp"

#include "engine/terrain/PathWhy.hpp"
#include "tests/engine/path/SegmentRule.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace isopathtest;

TEST_CASE("isopath path --algorithm: auto picks jps on uniform fields, astar elsewhere", "[isopath][path][jps]")
{
    // island.tmx: grass and walls only (every passable cell costs 1), no corner cutting.
    const nlohmann::json autoJ = json(isopath("tests/data/terrain/island.tmx --from 0,0 --to 1,2 --json"));
    CHECK(autoJ["algorithm"] == "jps");
    const nlohmann::json astar =
        json(isopath("tests/data/terrain/island.tmx --from 0,0 --to 1,2 --json --algorithm astar"));
    CHECK(astar["algorithm"] == "astar");
    CHECK(autoJ["status"] == "ok");
    CHECK(autoJ["cost"].get<double>() == Approx(astar["cost"].get<double>()).epsilon(1e-12));
    CHECK(autoJ["path"].size() == astar["path"].size());
    CHECK(json(isopath("tests/data/terrain/island.tmx --from 0,0 --to 1,2 --json --algorithm jps"))["algorithm"] ==
          "jps");
    // A weight above 1 asks for weighted A*; corner cutting is not what JPS does.
    CHECK(json(isopath("tests/data/terrain/island.tmx --json --from 0,0 --to 1,2 --weight 2"))["algorithm"] ==
          "astar");
    CHECK(json(isopath("tests/data/terrain/island.tmx --json --from 0,0 --to 1,2 --diagonal always"))["algorithm"] ==
          "astar");
    // valley.tmx has roads and snow: auto is astar; jps is refused.
    CHECK(json(isopath("tests/data/terrain/valley.tmx --json"))["algorithm"] == "astar");
    const Run refused = isopath("tests/data/terrain/valley.tmx --algorithm jps");
    CHECK(refused.exitCode == 2);
    CHECK(refused.err == "isopath path: --algorithm jps needs every passable cell to cost the same, diagonal "
                         "no-corner-cutting and a diagonal factor in [1, 2) (use astar or auto)\n");
    const Run unknown = isopath("tests/data/terrain/valley.tmx --algorithm bfs");
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.err == "isopath path: unknown algorithm \"bfs\" (expected auto, astar, jps, jpsw)\n");
}

TEST_CASE("isopath path --algorithm jpsw: A*'s cost on weighted terrain and auto picks it where landmarks are on",
          "[isopath][path][jpsw]")
{
    // valley.tmx: roads, snow and influence costs. jpsw with and without landmarks, A* the same.
    const std::string query = "maps/valley.tmx --from 12,58 --to 61,35 --json --algorithm ";
    const nlohmann::json astar = json(isopath(query + "astar --landmarks off"));
    for (const char* landmarks : {"off", "on"}) {
        const nlohmann::json j = json(isopath(query + "jpsw --landmarks " + landmarks));
        INFO("landmarks " << landmarks);
        CHECK(j["algorithm"] == "jpsw");
        CHECK(j["status"] == "ok");
        CHECK(j["cost"].get<double>() == Approx(astar["cost"].get<double>()).epsilon(1e-12));
        CHECK(j["path"].front() == astar["path"].front());
        CHECK(j["path"].back() == astar["path"].back());
    }
    // auto: jpsw on a weighted map with a landmark table, astar without one (72x72 < auto size).
    CHECK(json(isopath("maps/valley.tmx --from 12,58 --to 61,35 --json --landmarks on"))["algorithm"] == "jpsw");
    CHECK(json(isopath("maps/valley.tmx --from 12,58 --to 61,35 --json"))["algorithm"] == "astar");
    CHECK(json(isopath("maps/valley.tmx --json --landmarks on --weight 2"))["algorithm"] == "astar");
    const Run text = isopath("maps/valley.tmx --from 12,58 --to 61,35 --algorithm jpsw");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("\nalgorithm: jpsw (weighted jump point search)\nsearch:   ") != std::string::npos);
    CHECK(text.out.find(" jump points expanded in ") != std::string::npos);
    // Partial paths as A*: an unreachable goal gives the path to the closest reachable cell.
    const Run r = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json --algorithm jpsw");
    CHECK(r.exitCode == 1);
    CHECK(json(r)["status"] == "partial");
    CHECK(json(r)["path"] == nlohmann::json::parse("[[0,1],[1,1]]"));
    const Run refused = isopath("maps/valley.tmx --algorithm jpsw --diagonal always");
    CHECK(refused.exitCode == 2);
    CHECK(refused.err == "isopath path: --algorithm jpsw needs diagonal no-corner-cutting and a diagonal factor in "
                         "[1, 2) (use astar or auto)\n");
}

TEST_CASE("isopath path --algorithm jps: partial paths, unreachable goals and the text summary", "[isopath][path][jps]")
{
    const Run r = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json --algorithm jps");
    CHECK(r.exitCode == 1);
    const nlohmann::json j = json(r);
    CHECK(j["status"] == "partial");
    CHECK(j["path"] == nlohmann::json::parse("[[0,1],[1,1]]"));
    const Run u = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json --no-partial --algorithm jps");
    CHECK(u.exitCode == 1);
    CHECK(json(u)["status"] == "unreachable");

    const Run text = isopath("tests/data/terrain/island.tmx --from 0,0 --to 1,2");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("\nalgorithm: jps (jump point search)\nsearch:   ") != std::string::npos);
    CHECK(text.out.find(" jump points expanded in ") != std::string::npos);
    const Run textA = isopath("tests/data/terrain/valley.tmx");
    CHECK(textA.out.find("\nalgorithm: astar (A*)\nsearch:   ") != std::string::npos);
    CHECK(textA.out.find(" cells expanded in ") != std::string::npos);
}

TEST_CASE("isopath path --landmarks: same optimal cost, fewer cells searched, a bad mode is exit 2", "[isopath][path]")
{
    // The 72x72 valley is below the automatic size: auto = off there, `on` forces the table.
    const std::string query = "maps/valley.tmx --from 12,58 --to 61,35 --algorithm astar --json --landmarks ";
    const Run off = isopath(query + "off");
    const Run on = isopath(query + "on");
    const Run automatic = isopath(query + "auto");
    REQUIRE(off.exitCode == 0);
    REQUIRE(on.exitCode == 0);
    REQUIRE(automatic.exitCode == 0);
    const nlohmann::json a = json(off), b = json(on), c = json(automatic);
    CHECK(a["landmarks"] == "off");
    CHECK(b["landmarks"] == "on");
    CHECK(b["cost"].get<double>() == Approx(a["cost"].get<double>()).epsilon(1e-9));
    CHECK(b["expanded"].get<int>() < a["expanded"].get<int>());
    CHECK(c["expanded"] == a["expanded"]);  // below 128x128: the plain search
    const Run bad = isopath(query + "sometimes");
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.find("unknown landmark mode \"sometimes\" (expected auto, on, off)") != std::string::npos);
}

namespace {

/// sum(base_by_terrain) + sum(influence_by_source[].delta) of a `why` object.
double whySum(const nlohmann::json& why)
{
    double sum = 0.0;
    for (const auto& [name, cost] : why["base_by_terrain"].items())
        sum += cost.get<double>();
    for (const nlohmann::json& s : why["influence_by_source"])
        sum += s["delta"].get<double>();
    return sum;
}

} // namespace

TEST_CASE("isopath path --why --json: the split sums to the path's cost, as the engine says", "[isopath][path][why]")
{
    for (const char* query : {"maps/seed/volcano_tombstone.tmx", "maps/seed/road.tmx", "tests/data/terrain/valley.tmx",
                              "maps/valley.tmx --to 40,20 --profile dwarf", "maps/valley.tmx --from 12,58 --to 61,35"}) {
        INFO(query);
        const Run r = isopath(std::string(query) + " --why --json");
        CHECK(r.exitCode == 0);
        const nlohmann::json j = json(r);
        REQUIRE(j.contains("why"));
        const nlohmann::json& why = j["why"];
        // Exactly the documented keys, in order.
        std::vector<std::string> keys;
        const nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(r.out);
        for (const auto& [key, value] : ordered["why"].items())
            keys.push_back(key);
        CHECK(keys == std::vector<std::string>{"total", "base_by_terrain", "influence_by_source", "straight_line_cost"});
        CHECK(why["total"].get<double>() == Approx(j["cost"].get<double>()).epsilon(1e-12));
        CHECK(std::abs(whySum(why) - why["total"].get<double>()) <= 1e-6);
        for (const nlohmann::json& s : why["influence_by_source"]) {
            CHECK(s["source"].size() == 2);
            CHECK(s["terrain"].is_string());
            CHECK(s["delta"].is_number());
        }
        CHECK((why["straight_line_cost"].is_null() || why["straight_line_cost"].get<double>() >= why["total"].get<double>() - 1e-9));
        // The other fields are all still there.
        CHECK(j["status"] == "ok");
        CHECK(j.contains("expanded"));
        CHECK(j.contains("micros"));
    }
}

TEST_CASE("isopath path --why: hand-checked numbers on the volcano scene, text and JSON", "[isopath][path][why]")
{
    const Run r = isopath("maps/seed/volcano_tombstone.tmx --why --json");
    const nlohmann::json j = json(r);
    const nlohmann::json& why = j["why"];
    // In-process: the same map, rules and path give the same object.
    isostar::Result<isostar::map::MapData> m = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/volcano_tombstone.tmx");
    REQUIRE(m.ok());
    isostar::Result<isostar::terrain::ResolvedConfig> c = isostar::terrain::resolveTerrainConfig(m.value());
    REQUIRE(c.ok());
    isostar::terrain::TerrainField field;
    field.build(isostar::terrain::terrainGridFromMap(m.value(), &c.value().config.base), c.value().config.base);
    std::vector<isostar::TileCoord> path;
    for (const nlohmann::json& cell : j["path"])
        path.push_back({cell[0].get<int>(), cell[1].get<int>()});
    const isostar::terrain::PathWhy expected = isostar::terrain::explainPath(field, path);
    CHECK(why == nlohmann::json::parse(isostar::terrain::whyJson(expected)));
    // The erupting volcano makes the snow cheaper: its delta is negative, the line dearer.
    REQUIRE(why["influence_by_source"].size() >= 1);
    CHECK(why["influence_by_source"][0]["terrain"] == "volcano_erupting");
    CHECK(why["influence_by_source"][0]["delta"].get<double>() < 0.0);
    CHECK(why["straight_line_cost"].get<double>() > why["total"].get<double>());

    const Run text = isopath("maps/seed/volcano_tombstone.tmx --why");
    CHECK(text.exitCode == 0);
    INFO(text.out);
    CHECK(text.out.find("\nwhy this path:\n" + isostar::terrain::describe(expected)) != std::string::npos);
    CHECK(text.out.find("straight through the snow would cost") != std::string::npos);
    CHECK(text.out.find("influence: volcano_erupting at (9,8) -") != std::string::npos);
}

TEST_CASE("isopath path --why: no path explains nothing, the straight line through water is null", "[isopath][path][why]")
{
    const Run r = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json --no-partial --why");
    CHECK(r.exitCode == 1);
    const nlohmann::json j = json(r);
    CHECK(j["why"] == nlohmann::json::parse(
                          R"({"total":0,"base_by_terrain":{},"influence_by_source":[],"straight_line_cost":null})"));
    const Run text = isopath("tests/data/terrain/valley.tmx --why");
    CHECK(text.out.find("the straight line is blocked at (5,3) (water)") != std::string::npos);
    const nlohmann::json v = json(isopath("tests/data/terrain/valley.tmx --why --json"));
    CHECK(v["why"]["straight_line_cost"].is_null());
}

TEST_CASE("isopath path --compare: the race table and JSON, A* and Dijkstra costs are equal", "[isopath][path][race]")
{
    for (const char* query : {"maps/seed/volcano_tombstone.tmx", "maps/valley.tmx --from 12,58 --to 61,35",
                              "tests/data/terrain/valley.tmx --profile dwarf"}) {
        INFO(query);
        const Run r = isopath(std::string(query) + " --compare --json");
        CHECK(r.exitCode == 0);
        const nlohmann::json j = json(r);
        REQUIRE(j["race"].size() == 4);
        const nlohmann::json& race = j["race"];
        CHECK(race[0]["algorithm"] == "astar");
        CHECK(race[1]["algorithm"] == "dijkstra");
        CHECK(race[2]["algorithm"] == "greedy");
        CHECK(race[3]["algorithm"] == "weighted");
        const double best = j["cost"].get<double>();
        CHECK(race[0]["cost"].get<double>() == Approx(best).epsilon(1e-12));
        CHECK(race[1]["cost"].get<double>() == Approx(best).epsilon(1e-12));
        CHECK(race[0]["optimal"] == true);
        CHECK(race[1]["optimal"] == true);
        for (const nlohmann::json& row : race) {
            CHECK(row["expansions"].get<int>() > 0);
            CHECK(row["time_us"].get<double>() >= 0.0);
            CHECK(row["cost"].get<double>() >= best - 1e-9);
            CHECK(row["cost"].get<double>() <= 2.0 * best + 1e-9);  // greedy happens to stay within here too
            CHECK(row["optimal"] == (std::abs(row["cost"].get<double>() - best) <= 1e-6 * std::max(1.0, best)));
        }
        CHECK(race[2]["expansions"].get<int>() < race[1]["expansions"].get<int>());  // greedy: fewest cells
    }
    // On the volcano scene greedy walks the straight line: not optimal.
    const nlohmann::json v = json(isopath("maps/seed/volcano_tombstone.tmx --compare --json"));
    CHECK(v["race"][2]["optimal"] == false);

    const Run text = isopath("maps/seed/volcano_tombstone.tmx --compare");
    CHECK(text.exitCode == 0);
    INFO(text.out);
    CHECK(text.out.find("\nrace (same start and goal; time = median of 3 runs):\nalgorithm ") != std::string::npos);
    for (const char* label : {"\nA* ", "\nDijkstra ", "\ngreedy best-first ", "\nweighted A* (w=2) "})
        CHECK(text.out.find(label) != std::string::npos);
}

TEST_CASE("isopath path --smooth --json: one segment on open ground", "[isopath][path][smooth]")
{
    const Run r = isopath("tests/data/terrain/island.tmx --from 0,0 --to 1,2 --smooth --json");
    CHECK(r.exitCode == 0);
    const nlohmann::json j = json(r);
    REQUIRE(j["smoothed"].is_object());
    CHECK(j["smoothed"]["waypoints"] == nlohmann::json::parse("[[0,0],[1,2]]"));
    CHECK(j["smoothed"]["length"].get<double>() == Approx(std::sqrt(5.0)));
    CHECK(j["smoothed"]["cost"].get<double>() == Approx(std::sqrt(5.0)));
    CHECK(j["cost"].get<double>() == Approx(2.414));  // the grid path's, unchanged
    CHECK(j["path"].size() == 3);
    CHECK_FALSE(json(isopath("tests/data/terrain/island.tmx --from 0,0 --to 1,2 --json")).contains("smoothed"));
}

TEST_CASE("isopath path --smooth --json: every segment obeys the rule, never dearer", "[isopath][path][smooth]")
{
    for (const char* query : {"maps/valley.tmx", "maps/valley256.tmx", "maps/valley.tmx --from 12,58 --to 61,35",
                              "tests/data/terrain/valley.tmx"}) {
        INFO(query);
        const std::string q = query;
        const Run r = isopath(q + " --smooth --json");
        CHECK(r.exitCode == 0);
        const nlohmann::json j = json(r);
        REQUIRE(j["smoothed"].is_object());
        isostar::path::SmoothPath s;
        s.waypoints = coords(j["smoothed"]["waypoints"]);
        s.length = j["smoothed"]["length"].get<double>();
        s.cost = j["smoothed"]["cost"].get<double>();
        const isostar::path::NavGrid grid = navGridOf(q.substr(0, q.find(' ')));
        const std::vector<isostar::TileCoord> path = coords(j["path"]);
        CHECK(pathtest::checkSmoothPath(grid, 0, s, path, j["cost"].get<double>()) == "");
    }
    // The big valley has open ground: the smoothed path is cheaper and has far fewer waypoints.
    const nlohmann::json big = json(isopath("maps/valley256.tmx --smooth --json"));
    CHECK(big["smoothed"]["cost"].get<double>() < big["cost"].get<double>());
    CHECK(big["smoothed"]["waypoints"].size() * 3 < big["path"].size());
}

TEST_CASE("isopath path --smooth: text lines, no path, corner-cutting rules", "[isopath][path][smooth]")
{
    const Run text = isopath("tests/data/terrain/island.tmx --from 0,0 --to 1,2 --smooth");
    CHECK(text.exitCode == 0);
    INFO(text.out);
    CHECK(text.out.find("\ncost:     2.414 over 2 steps\n") != std::string::npos);
    CHECK(text.out.find("\nsmoothed: length 2.236067977, cost 2.236067977 over 1 segments (grid path cost 2.414)\n"
                        "waypoints: (0,0) (1,2)\n") != std::string::npos);
    const Run none = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json --no-partial --smooth");
    CHECK(none.exitCode == 1);
    CHECK(json(none)["smoothed"].is_null());
    const Run partial = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json --smooth");
    CHECK(partial.exitCode == 1);
    CHECK(json(partial)["smoothed"]["waypoints"].back() == json(partial)["path"].back());
    const Run cut = isopath("tests/data/terrain/valley.tmx --smooth --diagonal always");
    CHECK(cut.exitCode == 2);
    CHECK(cut.err == "isopath path: --smooth: the path cuts a corner, which smoothing never does (diagonal always; "
                     "use --diagonal no-corner-cutting or never)\n");
}
