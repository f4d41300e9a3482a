// `isopath path`: runs the built binary (ISOSTAR_BIN_DIR) on fixtures in tests/data/terrain and
// checks its JSON, its text picture, its exit codes and its exact error messages; on Tiled's
// examples when installed. The JSON answers are cross-checked against the engine called
// in-process. The search options (--algorithm, --landmarks, --why, --compare, --smooth) are
// IsopathPathOptionsTest's.

#include "tests/tools/IsopathPathRun.hpp"

#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/Skip.hpp"
#include "tests/support/TempDir.hpp"
#include "tests/support/WangReference.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

using namespace isopathtest;

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
    const isostar::path::PathResult expected = solve("tests/data/terrain/valley.tmx", {1, 0}, {10, 7});
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
    const isostar::path::PathResult dwarf = solve("tests/data/terrain/valley.tmx", {1, 0}, {10, 7}, "dwarf");
    const isostar::path::PathResult base = solve("tests/data/terrain/valley.tmx", {1, 0}, {10, 7});
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
    isostar::Result<isostar::map::MapData> m = isostar::map::loadMap(testsupport::kGrassAndWater);
    REQUIRE(m.ok());
    const isostar::path::CostField reference =
        testsupport::wangCostField(m.value(), {{"Grass", 1.0f}, {"Water", isostar::path::Impassable}});
    const std::vector<isostar::TileCoord> path = coords(j["path"]);
    REQUIRE(path.size() > 1);
    for (isostar::TileCoord c : path) {
        INFO(c);
        CHECK(reference.at(c) == 1.0f); // never in the water
    }
    const isostar::path::MoveRules rules = isostar::terrain::defaultTerrainConfig().base.movement;
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
    isostar::Result<isostar::map::MapData> m = isostar::map::loadMap(copy);
    REQUIRE(m.ok());
    const isostar::path::CostField reference = testsupport::wangCostField(m.value(), {{"Grass", 1.0f}, {"Snow", 3.0f}});
    const isostar::path::MoveRules rules = isostar::terrain::defaultTerrainConfig().base.movement;
    for (const auto& [from, to] : {std::pair<isostar::TileCoord, isostar::TileCoord>{{24, 0}, {0, 24}}, {{0, 0}, {24, 24}},
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
