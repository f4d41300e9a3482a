// Terrain names from what Tiled already knows (TileTerrain.hpp): a tile's `terrain` property,
// else its wang colour, else its class; names meet the config without regard to case or by an
// alias; and on Tiled's own examples the lake is impassable and paths go round it.

#include "engine/terrain/TileTerrain.hpp"

#include "engine/map/MapLoader.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainConfigFile.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/Skip.hpp"
#include "tests/support/TempDir.hpp"
#include "tests/support/WangReference.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

using namespace isostar::terrain;
using isostar::TileCoord;

namespace {

const std::string NamesDir = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/terrain/names/";

isostar::map::MapData loadNamed(const std::string& path)
{
    isostar::Result<isostar::map::MapData> r = isostar::map::loadMap(path);
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return r.value();
}

/// The one name of each of the ten cells of names.tmx/.tmj ("" = none).
std::vector<std::string> rowNames(const TerrainGrid& grid)
{
    std::vector<std::string> out;
    for (int x = 0; x < grid.width; ++x) {
        const std::vector<std::string> names = grid.cellNames({x, 0});
        REQUIRE(names.size() <= 1);
        out.push_back(names.empty() ? std::string() : names.front());
    }
    return out;
}

std::string originOf(const TerrainGrid& grid, std::string_view name)
{
    const TerrainId id = grid.find(name);
    REQUIRE(id != NoTerrain);
    return grid.origins[id];
}

} // namespace

TEST_CASE("a tile's terrain: its property, else its wang colour, else its class", "[terrain][names]")
{
    for (const std::string file : {"names.tmx", "names.tmj"}) {
        INFO(file);
        const isostar::map::MapData map = loadNamed(NamesDir + file);
        const std::string tileset = file == "names.tmx" ? "names.tsx" : "names.tsj";
        const TerrainRules rules = defaultTerrainConfig().base;
        const TerrainGrid grid = terrainGridFromMap(map, &rules);
        // 0 property over its wang colour; 1-2 corner majority; 3 grass/snow tie -> dearer snow;
        // 4 Lake (unknown, costs 1) / snow tie -> snow; 5 class; 6 type; 7 nothing;
        // 8 mixed set (5 of 8 rock) over its class; 9 edge set.
        CHECK(rowNames(grid) == std::vector<std::string>{"snow", "grass", "water", "snow", "snow", "road", "wall",
                                                         "", "rock", "flowers"});
        CHECK(originOf(grid, "snow") == "terrain property in " + tileset + ", wang colour in " + tileset);
        CHECK(originOf(grid, "road") == "class in " + tileset);
        CHECK(originOf(grid, "rock") == "wang colour in " + tileset);
        for (int x = 0; x < map.width; ++x)
            CHECK(terrainNamesAt(map, {x, 0}, &rules) == grid.cellNames({x, 0}));

        // Without rules: names as Tiled writes them, ties to the colour listed first.
        CHECK(rowNames(terrainGridFromMap(map)) == std::vector<std::string>{"Snow", "Grass", "Water", "Grass", "Snow",
                                                                            "Road", "wall", "", "Rock", "Flowers"});
        const std::optional<TileTerrainName> t = tileTerrainName(map, 2, &rules); // local tile 1
        REQUIRE(t);
        CHECK(*t == TileTerrainName{"grass", TerrainNameSource::WangColor, tileset});
        CHECK(originText(*t) == "wang colour in " + tileset);
        CHECK_FALSE(tileTerrainName(map, 8, &rules));   // tile 7 gives nothing
        CHECK_FALSE(tileTerrainName(map, 0, &rules));   // empty cell
        CHECK_FALSE(tileTerrainName(map, 99, &rules));  // no such tile
    }
}

TEST_CASE("aliases: a wang colour called Lake is water, and names and aliases may not clash", "[terrain][names]")
{
    const isostar::Result<TerrainConfig> config = loadTerrainConfig(NamesDir + "aliases.toml");
    INFO(isostar::formatDiagnostics(config.diagnostics()));
    REQUIRE(config.ok());
    const TerrainRules& rules = config.value().base;
    REQUIRE(rules.find("water"));
    CHECK(rules.find("water")->aliases == std::vector<std::string>{"Sea", "Lake"});
    CHECK(rules.find("LAKE") == rules.find("water"));
    CHECK(rules.find("Water") == rules.find("water"));
    CHECK(rules.find("pond") == nullptr);

    const isostar::map::MapData map = loadNamed(NamesDir + "names.tmx");
    const TerrainGrid grid = terrainGridFromMap(map, &rules);
    CHECK(grid.cellNames({4, 0}) == std::vector<std::string>{"water"}); // Lake/snow tie: impassable wins
    TerrainField field;
    CHECK(field.build(grid, rules).empty());
    CHECK(field.costField().at({4, 0}) == isostar::path::Impassable);
    CHECK(field.costField().at({3, 0}) == 3.0f);

    const auto errors = [](const std::string& text) {
        return isostar::formatDiagnostics(parseTerrainConfig(text, "a.toml").diagnostics());
    };
    CHECK(errors("[terrain.water]\naliases = [\"Lake\"]\n[terrain.Lake]\n") ==
          "a.toml:3: error: terrain.Lake: \"Lake\" also names terrain.water (names and aliases match without "
          "regard to case)\n");
    CHECK(errors("[terrain.water]\naliases = [\"sea\"]\n[terrain.ocean]\naliases = [\"SEA\"]\n") ==
          "a.toml:3: error: terrain.ocean: \"SEA\" also names terrain.water (names and aliases match without "
          "regard to case)\n");
    CHECK(errors("[terrain.water]\naliases = \"Lake\"\n") ==
          "a.toml:2: error: terrain.water.aliases: expected an array of names, got a string\n");
    CHECK(errors("[terrain.water]\naliases = [\"\"]\n") == "a.toml:2: error: terrain.water.aliases: an alias must not be empty\n");
    CHECK(errors("[terrain.water]\n[profile.elf.terrain.water]\naliases = [\"Lake\"]\n") ==
          "a.toml:3: error: profile.elf.terrain.water.aliases: a profile cannot change aliases (give them under "
          "[terrain.water])\n");
}

TEST_CASE("unknown terrain names say where they came from and how to add them", "[terrain][names]")
{
    CHECK(unknownTerrainText("Brick", "wang colour in desert.tsx") ==
          "unknown terrain \"Brick\" (wang colour in desert.tsx) costs 1: add [terrain.brick] to the config");
    CHECK(unknownTerrainText("Deep Water", "") ==
          "unknown terrain \"Deep Water\" costs 1: add [terrain.\"deep water\"] to the config");

    const isostar::map::MapData map = loadNamed(NamesDir + "names.tmx");
    const TerrainGrid grid = terrainGridFromMap(map); // no rules: "Grass", "Water", ... as written
    TerrainRules rules;                               // and rules that know none of them
    TerrainField field;
    const std::vector<isostar::Diagnostic> warnings = field.build(grid, rules);
    REQUIRE(warnings.size() == 7); // Snow, Grass, Water, Road, wall, Rock, Flowers
    CHECK(isostar::formatDiagnostic(warnings[0]) ==
          map.path + ": warning: unknown terrain \"Snow\" (terrain property in names.tsx, wang colour in names.tsx) "
                     "costs 1: add [terrain.snow] to the config");
    // The game's tile panel and isopath --explain say the same.
    const std::vector<std::string> lines = explanationLines(field.explain({5, 0}));
    CHECK(std::find(lines.begin(), lines.end(),
                    "  unknown terrain \"Road\" (class in names.tsx) costs 1: add [terrain.road] to the config") !=
          lines.end());
}

TEST_CASE("Tiled's grass-and-water example: the lake is impassable and paths go round it", "[terrain][names][examples]")
{
    if (!std::filesystem::exists(testsupport::kGrassAndWater))
        return testsupport::skipTest("the tiled package's examples are not installed (" + testsupport::kGrassAndWater +
                                     ")");
    const isostar::map::MapData map = loadNamed(testsupport::kGrassAndWater);
    const TerrainRules rules = defaultTerrainConfig().base;
    TerrainField field;
    CHECK(field.build(terrainGridFromMap(map, &rules), rules).empty());
    const isostar::path::CostField expected =
        testsupport::wangCostField(map, {{"Grass", 1.0f}, {"Water", isostar::path::Impassable}});
    CHECK(field.costField().cost == expected.cost);
    // (12,12) lies in the lake, on the straight line between the two corners.
    CHECK(field.costField().at({12, 12}) == isostar::path::Impassable);

    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(field.costField(), rules.movement));
    isostar::path::PathResult result;
    REQUIRE(finder.findPath({24, 0}, {0, 24}, result) == isostar::path::PathStatus::Found);
    for (TileCoord c : result.path)
        CHECK(expected.at(c) == 1.0f);
    const std::vector<double> dist = testsupport::referenceDijkstra(expected, rules.movement, {24, 0});
    CHECK(result.cost == Approx(dist[std::size_t(expected.index({0, 24}))]).epsilon(1e-9));
    CHECK(result.cost > 24 * 1.414 + 1e-6); // the straight diagonal is blocked: the path bends
}

TEST_CASE("the example with its Water colour renamed Snow: optimal paths with snow at 3", "[terrain][names][examples]")
{
    if (!std::filesystem::exists(testsupport::kGrassAndWater))
        return testsupport::skipTest("the tiled package's examples are not installed (" + testsupport::kGrassAndWater +
                                     ")");
    testsupport::TempDir dir("isostar-names");
    const isostar::map::MapData map = loadNamed(testsupport::grassAndWaterRenamed(dir.path, "Snow"));
    const TerrainRules rules = defaultTerrainConfig().base;
    TerrainField field;
    CHECK(field.build(terrainGridFromMap(map, &rules), rules).empty());
    const isostar::path::CostField expected = testsupport::wangCostField(map, {{"Grass", 1.0f}, {"Snow", 3.0f}});
    CHECK(field.costField().cost == expected.cost);
    CHECK(field.costField().at({12, 12}) == 3.0f);

    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(field.costField(), rules.movement));
    isostar::path::PathResult result;
    for (const auto& [from, to] : {std::pair<TileCoord, TileCoord>{{24, 0}, {0, 24}}, {{0, 0}, {24, 24}},
                                   {{12, 0}, {12, 24}}, {{3, 20}, {20, 3}}}) {
        INFO(from << " -> " << to);
        REQUIRE(finder.findPath(from, to, result) == isostar::path::PathStatus::Found);
        const std::vector<double> dist = testsupport::referenceDijkstra(expected, rules.movement, from);
        CHECK(result.cost == Approx(dist[std::size_t(expected.index(to))]).epsilon(1e-9));
    }
}

TEST_CASE("Tiled's desert example: four wang terrains the config does not know", "[terrain][names][examples]")
{
    const std::string desert = testsupport::kTiledExamples + "/desert.tmx";
    if (!std::filesystem::exists(desert))
        return testsupport::skipTest("the tiled package's examples are not installed (" + desert + ")");
    const isostar::map::MapData map = loadNamed(desert);
    const TerrainRules rules = defaultTerrainConfig().base;
    const TerrainGrid grid = terrainGridFromMap(map, &rules);
    std::vector<std::string> names = grid.names;
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"Brick", "Cobblestone", "Desert", "Dirt"});
    TerrainField field;
    const std::vector<isostar::Diagnostic> warnings = field.build(grid, rules);
    REQUIRE(warnings.size() == 4);
    for (const isostar::Diagnostic& w : warnings)
        CHECK_THAT(w.message, Catch::Matches("unknown terrain \"[A-Za-z]+\" \\(wang colour in desert.tsx\\) costs 1: "
                                             "add \\[terrain.[a-z]+\\] to the config"));
}
