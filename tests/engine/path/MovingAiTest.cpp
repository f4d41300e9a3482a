#include "engine/path/MovingAi.hpp"

#include "engine/path/GridPathfinder.hpp"
#include "tests/support/Skip.hpp"
#include "tests/support/Scale.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

using isostar::TileCoord;
using isostar::path::MovingAiTerrain;
using isostar::path::parseMovingAiMap;
using isostar::path::parseMovingAiScenarios;

namespace {

std::vector<std::string> messages(const std::vector<isostar::Diagnostic>& ds)
{
    std::vector<std::string> out;
    for (const isostar::Diagnostic& d : ds)
        out.push_back(isostar::formatDiagnostic(d));
    return out;
}

} // namespace

TEST_CASE("Moving AI maps parse with LF, CRLF, any header order and no final newline")
{
    const auto lf = parseMovingAiMap("type octile\nheight 2\nwidth 4\nmap\n.@TG\nSW.O\n", "a.map");
    REQUIRE(lf);
    CHECK(lf.value().width == 4);
    CHECK(lf.value().height == 2);
    CHECK(lf.value().terrainAt({0, 0}) == MovingAiTerrain::Ground);
    CHECK(lf.value().terrainAt({1, 0}) == MovingAiTerrain::Blocked);
    CHECK(lf.value().terrainAt({2, 0}) == MovingAiTerrain::Blocked);
    CHECK(lf.value().terrainAt({3, 0}) == MovingAiTerrain::Ground);
    CHECK(lf.value().terrainAt({0, 1}) == MovingAiTerrain::Ground);
    CHECK(lf.value().terrainAt({1, 1}) == MovingAiTerrain::Water);
    CHECK(lf.value().terrainAt({3, 1}) == MovingAiTerrain::Blocked);
    CHECK(lf.value().terrainAt({4, 0}) == MovingAiTerrain::Blocked);

    const auto crlf = parseMovingAiMap("type octile\r\nwidth 4\r\nheight 2\r\nmap\r\n.@TG\r\nSW.O", "b.map");
    REQUIRE(crlf);
    CHECK(crlf.value().cells == lf.value().cells);
}

TEST_CASE("broken Moving AI maps name the file and line")
{
    CHECK(messages(parseMovingAiMap("type octile\nheight 2\nwidth 3\nmap\n...\n..\n", "x.map").diagnostics()) ==
          std::vector<std::string>{"x.map:6: error: row 1 has 2 characters, expected 3"});
    CHECK(messages(parseMovingAiMap("type octile\nheight 2\nwidth 3\nmap\n...\n", "x.map").diagnostics()) ==
          std::vector<std::string>{"x.map:5: error: grid has 1 rows, expected 2"});
    CHECK(messages(parseMovingAiMap("type octile\nheight 2\nwidth 3\nmap\n.x.\n...\n", "x.map").diagnostics()) ==
          std::vector<std::string>{"x.map:5: error: unknown cell character 'x' at x=1 (expected one of . G S W @ O T)"});
    CHECK(messages(parseMovingAiMap("type octile\nheight two\nwidth 3\nmap\n...\n", "x.map").diagnostics()) ==
          std::vector<std::string>{"x.map:2: error: bad height \"height two\", expected a positive integer",
                                   "x.map: error: missing \"height\" header line"});
    CHECK(messages(parseMovingAiMap("type hex\nheight 1\nwidth 1\nmap\n.\n", "x.map").diagnostics()) ==
          std::vector<std::string>{"x.map:1: error: unsupported map type \"type hex\", expected \"type octile\""});
    CHECK(messages(parseMovingAiMap("type octile\nheight 1\nwidth 1\n", "x.map").diagnostics()) ==
          std::vector<std::string>{"x.map:3: error: missing \"map\" line before the grid"});
    CHECK(messages(parseMovingAiMap("type octile\nheight 1\nwidth 1\nmap\n.\n.\n", "x.map").diagnostics()) ==
          std::vector<std::string>{"x.map:6: error: extra line after the 1 rows of the grid"});
    CHECK(messages(isostar::path::loadMovingAiMap("/nonexistent/dir/none.map").diagnostics()) ==
          std::vector<std::string>{"/nonexistent/dir/none.map: error: cannot open file"});
}

TEST_CASE("scenario files parse in both dialects")
{
    const auto v1 = parseMovingAiScenarios("version 1\n0\tarena.map\t49\t49\t1\t2\t3\t4\t3.41421356\n"
                                           "1\tarena.map\t49\t49\t5\t6\t7\t8\t0.00000000\n",
                                           "a.scen");
    REQUIRE(v1);
    CHECK(v1.value().version == "1");
    REQUIRE(v1.value().scenarios.size() == 2);
    const auto& s = v1.value().scenarios[0];
    CHECK(s.line == 2);
    CHECK(s.mapName == "arena.map");
    CHECK(s.mapWidth == 49);
    CHECK(s.start == TileCoord{1, 2});
    CHECK(s.goal == TileCoord{3, 4});
    CHECK(s.optimalLength == Approx(3.41421356));
    CHECK(s.decimals == 8);
    CHECK(s.tolerance() == Approx(1e-4));

    const auto old = parseMovingAiScenarios(
        "version 1.0\r\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\r\n\r\n", "b.scen");
    REQUIRE(old);
    CHECK(old.value().version == "1.0");
    REQUIRE(old.value().scenarios.size() == 1);
    CHECK(old.value().scenarios[0].decimals == 2);
    CHECK(old.value().scenarios[0].tolerance() == Approx(0.005 + 1e-6));
    CHECK(old.value().scenarios[0].optimalLength == Approx(244.95));
}

TEST_CASE("broken scenario files name the file and line")
{
    CHECK(messages(parseMovingAiScenarios("version 2\n", "s.scen").diagnostics()) ==
          std::vector<std::string>{"s.scen:1: error: expected \"version 1\" or \"version 1.0\", got \"version 2\""});
    CHECK(messages(parseMovingAiScenarios("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2\n", "s.scen").diagnostics()) ==
          std::vector<std::string>{
              "s.scen:2: error: 8 fields, expected 9 (bucket map width height start-x start-y goal-x goal-y length)"});
    CHECK(messages(parseMovingAiScenarios("version 1\n0\ta.map\t4\t4\ta\t1\t2\t2\t1.5\n0 a.map 4 4 1 1 2 2 -1\n",
                                          "s.scen")
                       .diagnostics()) ==
          std::vector<std::string>{"s.scen:2: error: bad start x \"a\", expected an integer",
                                   "s.scen:3: error: bad optimal length \"-1\", expected a non-negative number"});
    CHECK(messages(parseMovingAiScenarios("", "s.scen").diagnostics()) ==
          std::vector<std::string>{"s.scen: error: empty scenario file, expected \"version 1\" on the first line"});
}

TEST_CASE("scenarios are checked against their map")
{
    const auto map = parseMovingAiMap("type octile\nheight 2\nwidth 3\nmap\n.@.\n.WW\n", "dir/m.map");
    REQUIRE(map);
    const auto scen = parseMovingAiScenarios("version 1\n"
                                             "0\tm.map\t3\t2\t0\t0\t2\t0\t4.0\n"
                                             "0\tother.map\t3\t3\t1\t0\t0\t0\t1.0\n"
                                             "0\tm.map\t3\t2\t0\t0\t1\t1\t1.0\n",
                                             "s.scen");
    REQUIRE(scen);
    const auto& ss = scen.value().scenarios;
    CHECK(isostar::path::checkScenario(ss[0], map.value(), "s.scen").empty());
    CHECK(messages(isostar::path::checkScenario(ss[1], map.value(), "s.scen")) ==
          std::vector<std::string>{"s.scen:3: warning: scenario names map \"other.map\", not \"m.map\"",
                                   "s.scen:3: error: map size 3x3 differs from dir/m.map (3x2)",
                                   "s.scen:3: error: start (1,0) is off the map or blocked"});
    CHECK(messages(isostar::path::checkScenario(ss[2], map.value(), "s.scen")) ==
          std::vector<std::string>{"s.scen:4: error: start (0,0) and goal (1,1) are on different terrain (ground/water)"});
}

TEST_CASE("water and ground are separate movement classes")
{
    // Ground path from (0,0) to (4,0) may not cross the water column; water cells connect.
    const auto map = parseMovingAiMap("type octile\nheight 3\nwidth 5\nmap\n..W..\n..W..\n.....\n", "w.map");
    REQUIRE(map);
    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(toCostField(map.value(), MovingAiTerrain::Ground), isostar::path::movingAiRules()));
    isostar::path::PathResult r;
    REQUIRE(finder.findPath({0, 0}, {4, 0}, r) == isostar::path::PathStatus::Found);
    CHECK(r.cost == Approx(2 + 2 * std::sqrt(2.0) + 2));  // around the water, through row 2
    REQUIRE(finder.init(toCostField(map.value(), MovingAiTerrain::Water), isostar::path::movingAiRules()));
    CHECK(finder.findPath({2, 0}, {2, 1}, r) == isostar::path::PathStatus::Found);
    CHECK(finder.findPath({2, 0}, {3, 0}, r) == isostar::path::PathStatus::Partial);
}

TEST_CASE("published Moving AI lengths are reproduced (a spread of every shared scenario file)")
{
    const std::filesystem::path dir = std::filesystem::path(ISOSTAR_SHARED_DIR) / "movingai";
    if (!std::filesystem::is_directory(dir)) {
        return testsupport::skipTest("Moving AI data not found at " + dir.string());
    }
    std::vector<std::filesystem::path> maps;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".map")
            maps.push_back(entry.path());
    std::sort(maps.begin(), maps.end());
    REQUIRE_FALSE(maps.empty());
    isostar::path::GridPathfinder finder;
    isostar::path::PathResult r;
    int solved = 0;
    for (const std::filesystem::path& mapPath : maps) {
        const auto map = isostar::path::loadMovingAiMap(mapPath.string());
        const auto scen = isostar::path::loadMovingAiScenarios(mapPath.string() + ".scen");
        INFO(mapPath.string());
        REQUIRE(map);
        REQUIRE(scen);
        REQUIRE(finder.init(toCostField(map.value(), MovingAiTerrain::Ground), isostar::path::movingAiRules()));
        // About 40 problems per file, evenly spread so the longest buckets are included; the
        // full files run through `isopath scen` (fast enough here also in Debug + ASan).
        const auto& all = scen.value().scenarios;
        // (10 per file in the sanitizer build, tests/support/Scale.hpp)
        const std::size_t step = std::max<std::size_t>(1, all.size() / std::size_t(testsupport::scaled(40)));
        for (std::size_t i = 0; i < all.size(); i += step) {
            const auto& s = all[i];
            REQUIRE(map.value().terrainAt(s.start) == MovingAiTerrain::Ground);
            INFO("line " << s.line);
            REQUIRE(finder.findPath(s.start, s.goal, r) == isostar::path::PathStatus::Found);
            CHECK(std::abs(r.cost - s.optimalLength) <= s.tolerance());
            ++solved;
        }
    }
    CHECK(solved >= testsupport::scaled(10) * int(maps.size()));
}
