// `isopath path` on hexagonal maps: on random weighted maps of Tiled's four hex layouts the JSON
// cost equals an independent Dijkstra over the six edge neighbours (tests/support/HexDijkstra.hpp),
// landmarks on and off, and again after random edits of the map; the picture staggers its rows
// (or columns) as Tiled does; jps and jpsw are refused naming the orientation; Tiled's own
// hexagonal-mini.tmx gets its six-neighbour answer.

#include "tests/support/HexDijkstra.hpp"
#include "tests/support/RunProcess.hpp"
#include "tests/support/Skip.hpp"
#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace {

using isostar::TileCoord;
using testsupport::HexLayoutRef;

testsupport::ProcessResult isopathPath(const std::string& args)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' path " + args, ISOSTAR_SOURCE_DIR);
}

/// Terrain kinds of the random maps: gid (1-based) -> cost (Impassable for the wall).
constexpr float kCosts[] = {1.0f, 2.5f, 4.0f, 7.0f, isostar::path::Impassable};
const char* const kNames[] = {"hexa", "hexb", "hexc", "hexd", "hexwall"};

/// The terrain config of the random maps.
void writeConfig(const std::string& path)
{
    std::ofstream out(path);
    for (int k = 0; k < 4; ++k)
        out << "[terrain." << kNames[k] << "]\ncost = " << kCosts[k] << "\n";
    out << "[terrain.hexwall]\npassable = false\n";
}

/// A hexagonal map of `gids` (w x h, row-major, 1..5) in layout `l`, its tiles naming kNames.
void writeHexMap(const std::string& path, HexLayoutRef l, int w, int h, const std::vector<int>& gids)
{
    std::ofstream out(path);
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<map version=\"1.8\" orientation=\"hexagonal\" renderorder=\"right-down\" width=\"" << w << "\" height=\""
        << h << "\" tilewidth=\"32\" tileheight=\"16\" hexsidelength=\"8\" infinite=\"0\" staggeraxis=\""
        << (l.columns ? 'x' : 'y') << "\" staggerindex=\"" << (l.odd ? "odd" : "even")
        << "\" nextlayerid=\"2\" nextobjectid=\"1\">\n";
    // Three tilesets of two tiles each over one image: gids 1..6.
    const std::string image = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/flat.png";
    for (int t = 0; t < 3; ++t) {
        out << " <tileset firstgid=\"" << 1 + 2 * t << "\" name=\"kinds" << t
            << "\" tilewidth=\"32\" tileheight=\"16\" tilecount=\"2\" columns=\"2\">\n"
            << "  <image source=\"" << image << "\" width=\"64\" height=\"16\"/>\n";
        for (int id = 0; id < 2; ++id)
            if (2 * t + id < 5)
                out << "  <tile id=\"" << id << "\"><properties><property name=\"terrain\" value=\""
                    << kNames[2 * t + id] << "\"/></properties></tile>\n";
        out << " </tileset>\n";
    }
    out << " <layer id=\"1\" name=\"ground\" width=\"" << w << "\" height=\"" << h << "\">\n  <data encoding=\"csv\">\n";
    for (int i = 0; i < w * h; ++i)
        out << gids[std::size_t(i)] << (i + 1 < w * h ? "," : "") << ((i + 1) % w == 0 ? "\n" : "");
    out << "</data>\n </layer>\n</map>\n";
}

isostar::path::CostField fieldOf(int w, int h, const std::vector<int>& gids)
{
    isostar::path::CostField f(w, h);
    for (int i = 0; i < w * h; ++i)
        f.cost[std::size_t(i)] = kCosts[gids[std::size_t(i)] - 1];
    return f;
}

std::string cellArg(TileCoord c)
{
    return std::to_string(c.x) + "," + std::to_string(c.y);
}

/// isopath's JSON costs for a few random pairs equal the reference's.
void compareWithReference(const std::string& map, const std::string& config, HexLayoutRef l,
                          const isostar::path::CostField& field, std::mt19937& rng)
{
    for (int pair = 0; pair < 3; ++pair) {
        TileCoord a{}, b{};
        do {
            a = {int(rng() % unsigned(field.width)), int(rng() % unsigned(field.height))};
            b = {int(rng() % unsigned(field.width)), int(rng() % unsigned(field.height))};
        } while (!field.passable(a) || !field.passable(b) || a == b);
        const double want = testsupport::hexDijkstra(field, l, a)[std::size_t(b.y * field.width + b.x)];
        for (const char* landmarks : {"off", "on"}) {
            CAPTURE(a, b, landmarks);
            const auto r = isopathPath(map + " --config " + config + " --from " + cellArg(a) + " --to " + cellArg(b) +
                                       " --landmarks " + landmarks + " --no-partial --json");
            INFO(r.err);
            // Exit 1: the goal is unreachable (CLI.md, exit codes).
            REQUIRE(r.exitCode == (want == testsupport::Unreachable ? 1 : 0));
            const nlohmann::json j = nlohmann::json::parse(r.out);
            CHECK(j["algorithm"] == "astar");
            CHECK(j["neighbours"] == 6);
            CHECK(j["diagonal"].is_null());
            if (want == testsupport::Unreachable) {
                CHECK(j["status"] == "unreachable");
                continue;
            }
            REQUIRE(j["status"] == "ok");
            CHECK(j["cost"].get<double>() == Approx(want).epsilon(1e-9));
            // Every step of the path is to an edge neighbour.
            const nlohmann::json& path = j["path"];
            for (std::size_t i = 1; i < path.size(); ++i)
                CHECK(testsupport::hexAdjacent(l, {path[i - 1][0], path[i - 1][1]}, {path[i][0], path[i][1]}));
        }
    }
}

} // namespace

TEST_CASE("isopath path: hex map costs equal a six-neighbour Dijkstra, all four layouts, landmarks off and on, "
          "after edits",
          "[isopath][path][hex]")
{
    const testsupport::TempDir dir("isopath_hex");
    const std::string config = dir.file("hex.toml");
    writeConfig(config);
    std::mt19937 rng(3203u);
    for (const HexLayoutRef l : testsupport::kHexLayouts) {
        CAPTURE(l.columns, l.odd);
        const int w = 9 + int(rng() % 8), h = 8 + int(rng() % 8);
        std::vector<int> gids(std::size_t(w * h));
        const int weights[] = {1, 1, 1, 2, 3, 4, 5, 5};  // gid 5 = wall
        for (int& g : gids)
            g = weights[rng() % 8];
        const std::string map = dir.file(std::string("hex_") + (l.columns ? "x_" : "y_") + (l.odd ? "odd" : "even") + ".tmx");
        writeHexMap(map, l, w, h, gids);
        compareWithReference(map, config, l, fieldOf(w, h, gids), rng);
        // Random edits of the map (walls opened and closed, costs changed), then again.
        for (int k = 0; k < 12; ++k)
            gids[rng() % gids.size()] = 1 + int(rng() % 5);
        writeHexMap(map, l, w, h, gids);
        compareWithReference(map, config, l, fieldOf(w, h, gids), rng);
    }
}

TEST_CASE("isopath path: a hex map's picture staggers as Tiled does, and jps and jpsw are refused", "[isopath][path][hex]")
{
    const testsupport::TempDir dir("isopath_hex_picture");
    const std::string config = dir.file("hex.toml");
    writeConfig(config);
    const std::vector<int> open(4 * 3, 1);
    // Rows offset, index odd: row 1 is shoved right by one character (half a cell).
    const std::string rows = dir.file("rows.tmx");
    writeHexMap(rows, {false, true}, 4, 3, open);
    const auto r = isopathPath(rows + " --config " + config + " --from 0,0 --to 3,2");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("cost:     4 over 4 steps\n") != std::string::npos);  // hex distance 4
    CHECK(r.out.find("diagonal and diagonal_factor do not apply") != std::string::npos);
    // Two characters a cell; the shoved row 1 starts one character further ('?': no glyph).
    CHECK(r.out.find("\n  0 1 2 3\n0 S * * ?\n1  ? ? * ?\n2 ? ? ? G\n") != std::string::npos);
    // Columns offset, index even: column 0 is shoved down (its cells on the second line of a row).
    const std::string cols = dir.file("cols.tmx");
    writeHexMap(cols, {true, false}, 4, 3, open);
    const auto c = isopathPath(cols + " --config " + config + " --from 1,0 --to 1,2");
    INFO(c.err);
    REQUIRE(c.exitCode == 0);
    CHECK(c.out.find("cost:     2 over 2 steps\n") != std::string::npos);
    // Two text lines a row: columns 1 and 3 on the first, the shoved columns 0 and 2 below.
    CHECK(c.out.find("\n  0123\n0  S ?\n  ? ?\n1  * ?\n  ? ?\n2  G ?\n  ? ?\n") != std::string::npos);

    for (const char* algorithm : {"jps", "jpsw"}) {
        const auto refused = isopathPath(rows + " --config " + config + " --from 0,0 --to 3,2 --algorithm " + algorithm);
        CHECK(refused.exitCode != 0);
        CHECK(refused.err == "isopath path: --algorithm " + std::string(algorithm) + " searches square grids only: " +
                                 rows + " is hexagonal (staggeraxis y, staggerindex odd) (use astar or auto)\n");
    }
}

TEST_CASE("isopath path and bench: units bigger than a cell need a square grid", "[isopath][path][hex][size]")
{
    const testsupport::TempDir dir("isopath_hex_size");
    const std::string config = dir.file("hex.toml");
    writeConfig(config);
    const std::string map = dir.file("rows.tmx");
    writeHexMap(map, {false, true}, 4, 3, std::vector<int>(4 * 3, 1));
    // --size above 1 on a hex map: refused, naming the map's orientation.
    const auto refused = isopathPath(map + " --config " + config + " --from 0,0 --to 3,2 --size 2");
    CHECK(refused.exitCode == 2);
    CHECK(refused.err == "isopath path: --size 2: units bigger than a cell need a square grid: " + map +
                             " is hexagonal (staggeraxis y, staggerindex odd)\n");
    const auto bench = testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' bench " + map +
                                                   " --config " + config + " --queries 5 --size 3",
                                               ISOSTAR_SOURCE_DIR);
    CHECK(bench.exitCode == 2);
    CHECK(bench.err.find("--size 3: units bigger than a cell need a square grid") != std::string::npos);
    // A profile's size: a warning, and the search is a one-cell unit's.
    std::ofstream(config, std::ios::app) << "[movement]\nsize = 2\n";
    const auto warned = isopathPath(map + " --config " + config + " --from 0,0 --to 3,2 --json");
    INFO(warned.err);
    REQUIRE(warned.exitCode == 0);
    const nlohmann::json j = nlohmann::json::parse(warned.out);
    REQUIRE(j["warnings"].size() == 1);  // --json: the warnings are in the JSON
    CHECK(j["warnings"][0].get<std::string>().find("the profile's size 2 does not apply: " + map + " is hexagonal") !=
          std::string::npos);
    CHECK(j["size"] == 1);
    CHECK(j["cost"] == 4.0);
}

TEST_CASE("isopath path: Tiled's hexagonal-mini.tmx is planned over six neighbours", "[isopath][path][hex]")
{
    const std::string map = "/usr/share/doc/tiled/examples/hexagonal-mini.tmx";
    if (!std::filesystem::exists(map))
        return testsupport::skipTest(map + " is absent (install Debian's `tiled` package)");
    const auto r = isopathPath(map + " --from 0,0 --to 10,10 --json");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["neighbours"] == 6);
    REQUIRE(j["status"] == "ok");
    // Every step costs at least the cheapest cell and (0,0) -> (10,10) takes 15 hex steps.
    CHECK(j["path"].size() >= 16);
    for (std::size_t i = 1; i < j["path"].size(); ++i)
        CHECK(testsupport::hexAdjacent({false, true}, {j["path"][i - 1][0], j["path"][i - 1][1]},
                                       {j["path"][i][0], j["path"][i][1]}));
}
