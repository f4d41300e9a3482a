// `isopath path`: runs the built binary (ISOSTAR_BIN_DIR) on fixtures in tests/data/terrain and
// checks its JSON, its text picture, its exit codes and its exact error messages. The JSON
// answers are cross-checked against the engine called in-process.

#include "engine/map/MapLoader.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/PathWhy.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/engine/path/SegmentRule.hpp"
#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/RunProcess.hpp"
#include "tests/support/Skip.hpp"
#include "tests/support/TempDir.hpp"
#include "tests/support/WangReference.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using Run = testsupport::ProcessResult;

/// Runs `isopath path ARGS` in the source folder (so fixture paths are relative, as a user types them).
Run isopath(const std::string& args)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' path " + args, ISOSTAR_SOURCE_DIR);
}

nlohmann::json json(const Run& r)
{
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(!r.out.empty());
    return nlohmann::json::parse(r.out);
}

/// The same query in-process: map loader, terrain rules (optionally a profile), GridPathfinder.
eng::path::PathResult solve(const std::string& map, eng::TileCoord from, eng::TileCoord to,
                            const std::string& profile = {})
{
    eng::Result<eng::map::MapData> m = eng::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/" + map);
    REQUIRE(m.ok());
    eng::Result<eng::terrain::ResolvedConfig> c = eng::terrain::resolveTerrainConfig(m.value());
    REQUIRE(c.ok());
    const eng::terrain::TerrainRules rules =
        profile.empty() ? c.value().config.base : *c.value().config.profile(profile);
    eng::terrain::TerrainField field;
    field.build(eng::terrain::terrainGridFromMap(m.value(), &c.value().config.base), rules);
    eng::path::GridPathfinder finder;
    REQUIRE(finder.init(field.costField(), rules.movement));
    eng::path::PathResult result;
    finder.findPath(from, to, result);
    return result;
}

/// The NavGrid of a map under its own terrain config (layer 0), as `isopath path` builds it.
eng::path::NavGrid navGridOf(const std::string& map)
{
    eng::Result<eng::map::MapData> m = eng::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/" + map);
    REQUIRE(m.ok());
    eng::Result<eng::terrain::ResolvedConfig> c = eng::terrain::resolveTerrainConfig(m.value());
    REQUIRE(c.ok());
    eng::terrain::TerrainField field;
    field.build(eng::terrain::terrainGridFromMap(m.value(), &c.value().config.base), c.value().config.base);
    eng::path::NavGrid grid;
    REQUIRE(grid.reset(field.width(), field.height()));
    REQUIRE(grid.addLayer("base", field.costField(), c.value().config.base.movement) == 0);
    return grid;
}

std::vector<eng::TileCoord> coords(const nlohmann::json& cells)
{
    std::vector<eng::TileCoord> out;
    for (const nlohmann::json& c : cells)
        out.push_back({c[0].get<int>(), c[1].get<int>()});
    return out;
}

nlohmann::json cells(const std::vector<eng::TileCoord>& path)
{
    nlohmann::json a = nlohmann::json::array();
    for (eng::TileCoord c : path)
        a.push_back({c.x, c.y});
    return a;
}

} // namespace

TEST_CASE("isopath path --json uses the map's start and goal objects", "[isopath][path]")
{
    const Run r = isopath("tests/data/terrain/valley.tmx --json");
    CHECK(r.exitCode == 0);
    CHECK(r.err.empty());
    const nlohmann::json j = json(r);
    CHECK(j["status"] == "ok");
    CHECK(j["start"] == nlohmann::json::array({1, 0}));
    CHECK(j["goal"] == nlohmann::json::array({10, 7}));
    CHECK(j["path"].front() == nlohmann::json::array({1, 0}));
    CHECK(j["path"].back() == nlohmann::json::array({10, 7}));
    CHECK(j["expanded"].get<int>() > 0);
    CHECK(j["micros"].get<double>() >= 0.0);
    CHECK(j["config"] == "built-in");
    CHECK(j["heuristic"] == "octile");
    CHECK(j["diagonal"] == "no-corner-cutting");
    CHECK_FALSE(j.contains("warnings"));
    const eng::path::PathResult expected = solve("tests/data/terrain/valley.tmx", {1, 0}, {10, 7});
    CHECK(j["cost"].get<double>() == Approx(expected.cost).epsilon(1e-12));
    CHECK(j["path"] == cells(expected.path));
    CHECK(j["expanded"] == expected.expanded);
}

TEST_CASE("isopath path: start == goal is ok with cost 0", "[isopath][path]")
{
    const Run r = isopath("tests/data/terrain/valley.tmx --from 4,4 --to 4,4 --json");
    CHECK(r.exitCode == 0);
    const nlohmann::json j = json(r);
    CHECK(j["status"] == "ok");
    CHECK(j["cost"] == 0.0);
    CHECK(j["path"] == nlohmann::json::parse("[[4,4]]"));
}

TEST_CASE("isopath path: every heuristic gives the optimal cost, weight > 1 warns", "[isopath][path]")
{
    const double best = solve("tests/data/terrain/valley.tmx", {0, 7}, {11, 0}).cost;
    for (const char* h : {"octile", "euclidean", "manhattan", "chebyshev", "zero", "dijkstra"})
        for (const char* d : {"no-corner-cutting", "always"}) {
            const Run r = isopath(std::string("tests/data/terrain/valley.tmx --from 0,7 --to 11,0 --json --heuristic ") +
                                  h + " --diagonal " + d);
            INFO(h << " " << d);
            CHECK(r.exitCode == 0);
            const nlohmann::json j = json(r);
            CHECK(j["status"] == "ok");
            if (std::string(d) == "no-corner-cutting")
                CHECK(j["cost"].get<double>() == Approx(best).epsilon(1e-12));
            else
                CHECK(j["cost"].get<double>() <= best + 1e-9); // more moves allowed: never dearer
        }
    const Run w = isopath("tests/data/terrain/valley.tmx --from 0,7 --to 11,0 --json --weight 2.5");
    const nlohmann::json j = json(w);
    CHECK(j["weight"] == 2.5);
    CHECK(j["cost"].get<double>() >= best - 1e-9);
    CHECK(j["warnings"] ==
          nlohmann::json::array({"weight 2.5 > 1: the path may cost up to 2.5x the optimum (not optimal)"}));
}

TEST_CASE("isopath path: profiles change the rules", "[isopath][path]")
{
    const Run r = isopath("tests/data/terrain/valley.tmx --profile dwarf --json");
    CHECK(r.exitCode == 0);
    const nlohmann::json j = json(r);
    CHECK(j["profile"] == "dwarf");
    const eng::path::PathResult dwarf = solve("tests/data/terrain/valley.tmx", {1, 0}, {10, 7}, "dwarf");
    const eng::path::PathResult base = solve("tests/data/terrain/valley.tmx", {1, 0}, {10, 7});
    CHECK(j["cost"].get<double>() == Approx(dwarf.cost).epsilon(1e-12));
    CHECK(dwarf.cost < base.cost); // the valley's east is snow: cheaper for dwarves
}

TEST_CASE("isopath path: unreachable goals give partial paths or 'unreachable', exit 1", "[isopath][path]")
{
    SECTION("another island")
    {
        const Run r = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json");
        CHECK(r.exitCode == 1);
        const nlohmann::json j = json(r);
        CHECK(j["status"] == "partial");
        CHECK(j["path"] == nlohmann::json::parse("[[0,1],[1,1]]"));
        CHECK(j["reached"] == nlohmann::json::array({1, 1}));
        CHECK(j["cost"] == 1.0);
        const Run u = isopath("tests/data/terrain/island.tmx --from 0,1 --to 4,1 --json --no-partial");
        CHECK(u.exitCode == 1);
        const nlohmann::json k = json(u);
        CHECK(k["status"] == "unreachable");
        CHECK(k["path"] == nlohmann::json::array());
        CHECK(k["cost"] == 0.0);
    }
    SECTION("an impassable goal")
    {
        const Run r = isopath("tests/data/terrain/valley.tmx --to 0,3 --json");
        CHECK(r.exitCode == 1);
        const nlohmann::json j = json(r);
        CHECK(j["status"] == "partial");
        CHECK(j["warnings"] ==
              nlohmann::json::array({"goal (0,3) is impassable (water): no path can end there"}));
    }
}

TEST_CASE("isopath path: config resolution and terrain warnings show in the JSON", "[isopath][path]")
{
    CHECK(json(isopath("tests/data/terrain/beside/valley.tmx --json"))["config"] ==
          "tests/data/terrain/beside/terrain.toml");
    CHECK(json(isopath("tests/data/terrain/property.tmx --json"))["config"] == "tests/data/terrain/rules/dwarfish.toml");
    CHECK(json(isopath("tests/data/terrain/property.tmx --json --config maps/terrain.toml"))["config"] ==
          "maps/terrain.toml");
    // Isometric map: start/goal objects are in projected units (tile height on both axes).
    const Run iso = isopath("tests/data/terrain/iso.tmx --json --explain 2,1");
    CHECK(iso.exitCode == 0);
    const nlohmann::json j = json(iso);
    CHECK(j["start"] == nlohmann::json::array({0, 4}));
    CHECK(j["goal"] == nlohmann::json::array({5, 0}));
    CHECK(j["warnings"] ==
          nlohmann::json::array({"tests/data/terrain/iso.tmx: warning: unknown terrain \"lava\" (terrain property in "
                                 "terrain.tsx) costs 1: add [terrain.lava] to the config",
                                 "tests/data/terrain/iso.tmx: warning: unknown terrain \"blank\" (class in terrain.tsx) "
                                 "costs 1: add [terrain.blank] to the config"}));
    CHECK(j["explain"]["terrains"] == nlohmann::json::array({"lava"}));
    CHECK(j["explain"]["cost"] == 1.0);
}

TEST_CASE("isopath path prints a summary and an ASCII picture", "[isopath][path]")
{
    const Run r = isopath("tests/data/terrain/valley.tmx --explain 9,2");
    CHECK(r.exitCode == 0);
    CHECK(r.out.rfind("map:      tests/data/terrain/valley.tmx (12x8 cells)\n"
                      "rules:    built-in defaults\n"
                      "movement: diagonal no-corner-cutting (x1.414), heuristic octile, weight 1\n"
                      "query:    (1,0) -> (10,7)\n"
                      "result:   ok\n",
                      0) == 0);
    const std::string picture = "  0         1 \n"
                                "  012345678901\n"
                                "0 .S..........\n"
                                "1 .=**=sssTsss\n"
                                "2 ....*****sss\n"
                                "3 ~~H~~~~~s*ss\n"
                                "4 ..=..####*..\n"
                                "5 ..=+.#..#*R.\n"
                                "6 ..====ssA*ss\n"
                                "7 .C....,sssGs\n"
                                "legend:  S start  G goal  * path  # wall  + tombstone  , flowers  . grass  = road  "
                                "A tent  C castle  H bridge  R rock  T tree  s snow  ~ water\n"; // V is under the path
    CHECK(r.out.find(picture) != std::string::npos);
    CHECK(r.out.find("cell (9,2): snow\n"
                     "  base cost 3 (snow)\n"
                     "  / 6 (volcano_erupting at (7,2), d = 2)\n"
                     "  = 0.5\n") != std::string::npos);
}

TEST_CASE("isopath path: bad input is a clear error and exit 2", "[isopath][path]")
{
    struct Case {
        const char* args;
        const char* err;
    };
    const Case cases[] = {
        {"tests/data/terrain/valley.tmx --from 12,0", "isopath path: start (12,0) is off the map (12x8 cells)\n"},
        {"tests/data/terrain/valley.tmx --from -1,2", "isopath path: start (-1,2) is off the map (12x8 cells)\n"},
        {"tests/data/terrain/valley.tmx --to 3,8", "isopath path: goal (3,8) is off the map (12x8 cells)\n"},
        {"tests/data/terrain/valley.tmx --from 0,3", "isopath path: start (0,3) is impassable (water)\n"},
        {"tests/data/terrain/valley.tmx --from 10,5", "isopath path: start (10,5) is impassable (rock)\n"},
        {"tests/data/terrain/valley.tmx --from '1;2'",
         "isopath path: --from \"1;2\": expected X,Y (two integers: column, row; e.g. 3,4)\n"},
        {"tests/data/terrain/valley.tmx --to 1,2x",
         "isopath path: --to \"1,2x\": expected X,Y (two integers: column, row; e.g. 3,4)\n"},
        {"tests/data/terrain/valley.tmx --weight abc", "isopath path: --weight \"abc\": not a number\n"},
        {"tests/data/terrain/valley.tmx --weight 0", "isopath path: --weight \"0\": must be a finite number > 0\n"},
        {"tests/data/terrain/valley.tmx --weight inf", "isopath path: --weight \"inf\": must be a finite number > 0\n"},
        {"tests/data/terrain/valley.tmx --heuristic fast",
         "isopath path: unknown heuristic \"fast\" (expected octile, euclidean, manhattan, chebyshev, zero (or "
         "dijkstra))\n"},
        {"tests/data/terrain/valley.tmx --diagonal diag",
         "isopath path: unknown diagonal mode \"diag\" (expected never, no-corner-cutting, one-obstacle, always)\n"},
        {"tests/data/terrain/valley.tmx --profile elf",
         "isopath path: unknown profile \"elf\" (the terrain config defines: dwarf, ranger)\n"},
        {"tests/data/terrain/beside/valley.tmx --profile dwarf",
         "isopath path: unknown profile \"dwarf\" (the terrain config defines no profiles)\n"},
        {"tests/data/terrain/no_markers.tmx",
         "isopath path: tests/data/terrain/no_markers.tmx has no object named \"start\" (give --from X,Y)\n"},
        {"tests/data/terrain/no_markers.tmx --from 0,0",
         "isopath path: tests/data/terrain/no_markers.tmx has no object named \"goal\" (give --to X,Y)\n"},
        {"tests/data/terrain/valley.tmx --config nope.toml", "nope.toml: error: cannot open terrain config\n"},
        {"tests/data/terrain/valley.tmx --explain 20,20", "isopath path: --explain (20,20) is off the map (12x8 cells)\n"},
        {"tests/data/terrain/missing_config.tmx",
         "tests/data/terrain/missing_config.tmx: error: map property \"config\" names "
         "\"tests/data/terrain/rules/nope.toml\", which is not a readable file\n"},
        {"tests/data/terrain/bad_config.tmx",
         "tests/data/terrain/rules/broken.toml:3: error: terrain.snow.cost: must be a finite number > 0, got -3\n"
         "tests/data/terrain/rules/broken.toml:4: error: terrain.snow.wetness: unknown key (expected cost, multiplier, "
         "passable, covers, blocks_sight, glyph, influence, aliases)\n"
         "tests/data/terrain/rules/broken.toml:7: error: terrain.volcano_erupting.influence.radius: must be a finite "
         "number >= 0, got -1\n"},
    };
    for (const Case& c : cases) {
        const Run r = isopath(c.args);
        INFO(c.args);
        CHECK(r.exitCode == 2);
        CHECK(r.err == c.err);
        CHECK(r.out.empty());
    }
    const Run missing = isopath("tests/data/terrain/no_such_map.tmx");
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.find("tests/data/terrain/no_such_map.tmx") != std::string::npos);
}

TEST_CASE("isopath path: start/goal from tile objects and rectangles, orthogonal and isometric", "[isopath][path]")
{
    // Tile objects are anchored at their bottom (bottom-left on orthogonal maps, the diamond's
    // bottom corner on isometric ones); shapes count by their centre.
    const nlohmann::json ortho = json(isopath("tests/data/terrain/ortho_objects.tmx --json"));
    CHECK(ortho["start"] == nlohmann::json::array({2, 3}));
    CHECK(ortho["goal"] == nlohmann::json::array({5, 1}));
    const nlohmann::json iso = json(isopath("tests/data/terrain/iso_objects.tmx --json"));
    CHECK(iso["start"] == nlohmann::json::array({2, 3}));
    CHECK(iso["goal"] == nlohmann::json::array({5, 0}));
    CHECK(iso["cost"].get<double>() == Approx(3 * 1.414));
}

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
    eng::Result<eng::map::MapData> m = eng::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/volcano_tombstone.tmx");
    REQUIRE(m.ok());
    eng::Result<eng::terrain::ResolvedConfig> c = eng::terrain::resolveTerrainConfig(m.value());
    REQUIRE(c.ok());
    eng::terrain::TerrainField field;
    field.build(eng::terrain::terrainGridFromMap(m.value(), &c.value().config.base), c.value().config.base);
    std::vector<eng::TileCoord> path;
    for (const nlohmann::json& cell : j["path"])
        path.push_back({cell[0].get<int>(), cell[1].get<int>()});
    const eng::terrain::PathWhy expected = eng::terrain::explainPath(field, path);
    CHECK(why == nlohmann::json::parse(eng::terrain::whyJson(expected)));
    // The erupting volcano makes the snow cheaper: its delta is negative, the line dearer.
    REQUIRE(why["influence_by_source"].size() >= 1);
    CHECK(why["influence_by_source"][0]["terrain"] == "volcano_erupting");
    CHECK(why["influence_by_source"][0]["delta"].get<double>() < 0.0);
    CHECK(why["straight_line_cost"].get<double>() > why["total"].get<double>());

    const Run text = isopath("maps/seed/volcano_tombstone.tmx --why");
    CHECK(text.exitCode == 0);
    INFO(text.out);
    CHECK(text.out.find("\nwhy this path:\n" + eng::terrain::describe(expected)) != std::string::npos);
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
        eng::path::SmoothPath s;
        s.waypoints = coords(j["smoothed"]["waypoints"]);
        s.length = j["smoothed"]["length"].get<double>();
        s.cost = j["smoothed"]["cost"].get<double>();
        const eng::path::NavGrid grid = navGridOf(q.substr(0, q.find(' ')));
        const std::vector<eng::TileCoord> path = coords(j["path"]);
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

TEST_CASE("isopath path on Tiled's grass-and-water example goes round the lake", "[isopath][path][examples]")
{
    if (!std::filesystem::exists(testsupport::kGrassAndWater))
        return testsupport::skipTest("the tiled package's examples are not installed (" + testsupport::kGrassAndWater +
                                     ")");
    const Run r = isopath("'" + testsupport::kGrassAndWater + "' --from 24,0 --to 0,24 --json");
    CHECK(r.exitCode == 0);
    const nlohmann::json j = json(r);
    CHECK(j["status"] == "ok");
    CHECK(!j.contains("warnings"));
    eng::Result<eng::map::MapData> m = eng::map::loadMap(testsupport::kGrassAndWater);
    REQUIRE(m.ok());
    const eng::path::CostField reference =
        testsupport::wangCostField(m.value(), {{"Grass", 1.0f}, {"Water", eng::path::Impassable}});
    const std::vector<eng::TileCoord> path = coords(j["path"]);
    REQUIRE(path.size() > 1);
    for (eng::TileCoord c : path) {
        INFO(c);
        CHECK(reference.at(c) == 1.0f); // never in the water
    }
    const eng::path::MoveRules rules = eng::terrain::defaultTerrainConfig().base.movement;
    const std::vector<double> dist = testsupport::referenceDijkstra(reference, rules, {24, 0});
    CHECK(j["cost"].get<double>() == Approx(dist[std::size_t(reference.index({0, 24}))]).epsilon(1e-9));
    CHECK(j["cost"].get<double>() > 24 * 1.414 + 1e-6); // the lake blocks the straight diagonal
}

TEST_CASE("isopath path on the example with Water renamed Snow: optimal with snow at 3", "[isopath][path][examples]")
{
    if (!std::filesystem::exists(testsupport::kGrassAndWater))
        return testsupport::skipTest("the tiled package's examples are not installed (" + testsupport::kGrassAndWater +
                                     ")");
    testsupport::TempDir dir("isostar-isopath-names");
    const std::string copy = testsupport::grassAndWaterRenamed(dir.path, "Snow");
    eng::Result<eng::map::MapData> m = eng::map::loadMap(copy);
    REQUIRE(m.ok());
    const eng::path::CostField reference = testsupport::wangCostField(m.value(), {{"Grass", 1.0f}, {"Snow", 3.0f}});
    const eng::path::MoveRules rules = eng::terrain::defaultTerrainConfig().base.movement;
    for (const auto& [from, to] : {std::pair<eng::TileCoord, eng::TileCoord>{{24, 0}, {0, 24}}, {{0, 0}, {24, 24}},
                                   {{12, 0}, {12, 24}}}) {
        INFO(from << " -> " << to);
        const Run r = isopath("'" + copy + "' --from " + std::to_string(from.x) + "," + std::to_string(from.y) +
                              " --to " + std::to_string(to.x) + "," + std::to_string(to.y) + " --json");
        CHECK(r.exitCode == 0);
        const nlohmann::json j = json(r);
        const std::vector<double> dist = testsupport::referenceDijkstra(reference, rules, from);
        CHECK(j["cost"].get<double>() == Approx(dist[std::size_t(reference.index(to))]).epsilon(1e-9));
    }
}
