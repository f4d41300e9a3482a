#include "engine/terrain/MapTerrain.hpp"

#include "engine/map/MapLoader.hpp"
#include "engine/terrain/TerrainConfigFile.hpp"
#include "engine/terrain/TerrainField.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace isostar::terrain;
using isostar::TileCoord;

namespace {

const std::string Data = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/terrain/";

isostar::map::MapData load(const std::string& name)
{
    isostar::Result<isostar::map::MapData> r = isostar::map::loadMap(Data + name);
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return r.value();
}

} // namespace

TEST_CASE("every tile layer contributes its tile's terrain property, bottom to top", "[terrain][map]")
{
    const isostar::map::MapData map = load("valley.tmx");
    const TerrainGrid grid = terrainGridFromMap(map);
    CHECK(grid.width == 12);
    CHECK(grid.height == 8);
    CHECK(grid.source == map.path);
    CHECK(grid.cellNames({0, 0}) == std::vector<std::string>{"grass"});
    CHECK(grid.cellNames({1, 1}) == std::vector<std::string>{"grass", "road"});   // layer inside a group
    CHECK(grid.cellNames({2, 3}) == std::vector<std::string>{"water", "bridge"});
    CHECK(grid.cellNames({7, 2}) == std::vector<std::string>{"snow", "volcano_erupting"});
    CHECK(grid.cellNames({10, 5}) == std::vector<std::string>{"grass", "rock"});  // hidden layer counts
    CHECK(grid.cellNames({6, 7}) == std::vector<std::string>{"snow", "flowers"});

    TerrainField field;
    CHECK(field.build(grid, defaultTerrainConfig().base).empty());
    // bridge over water (x0.5), tombstone at (3,5) at d = sqrt(5)
    CHECK(field.costField().at({2, 3}) == Approx(0.5 * ((3.0 - std::sqrt(5.0)) + 0.5) * 1.1));
    CHECK(field.costField().at({4, 2}) == Approx(0.5 / ((5.0 - 3.0) * 2.0)));  // road, volcano at d = 3
    CHECK(field.costField().at({0, 3}) == isostar::path::Impassable);      // water
    CHECK(field.costField().at({10, 5}) == isostar::path::Impassable);     // hidden rock
    CHECK(field.costField().at({7, 1}) == Approx(3.0 / 8.0));          // snow, d = 1 from the volcano
}

TEST_CASE("a tile's class is its terrain when it has no terrain property, and unknown names warn once", "[terrain][map]")
{
    const isostar::map::MapData map = load("iso.tmx");
    const TerrainGrid grid = terrainGridFromMap(map);
    CHECK(grid.cellNames({2, 2}) == std::vector<std::string>{"blank"}); // no `terrain` property, type "blank"
    CHECK(grid.cellNames({2, 1}) == std::vector<std::string>{"lava"});
    TerrainField field;
    const std::vector<isostar::Diagnostic> warnings = field.build(grid, defaultTerrainConfig().base);
    REQUIRE(warnings.size() == 2);
    CHECK(isostar::formatDiagnostic(warnings[0]) ==
          map.path + ": warning: unknown terrain \"lava\" (terrain property in terrain.tsx) costs 1: add "
                     "[terrain.lava] to the config");
    CHECK(isostar::formatDiagnostic(warnings[1]) ==
          map.path + ": warning: unknown terrain \"blank\" (class in terrain.tsx) costs 1: add [terrain.blank] to "
                     "the config");
    CHECK(field.costField().at({2, 1}) == 1.0f);
    CHECK(field.costField().at({2, 2}) == 1.0f);
}

TEST_CASE("config resolution: --config, then map property, then beside the map, then built-in", "[terrain][map]")
{
    SECTION("built-in when nothing is named and no terrain.toml lies beside the map")
    {
        isostar::Result<ResolvedConfig> r = resolveTerrainConfig(load("valley.tmx"));
        REQUIRE(r.ok());
        CHECK(r.value().origin == ConfigOrigin::BuiltIn);
        CHECK(r.value().path.empty());
        CHECK(r.value().text.empty());
        CHECK(r.value().config == defaultTerrainConfig());
    }
    SECTION("terrain.toml beside the map")
    {
        isostar::Result<ResolvedConfig> r = resolveTerrainConfig(load("beside/valley.tmx"));
        REQUIRE(r.ok());
        CHECK(r.value().origin == ConfigOrigin::BesideMap);
        CHECK(r.value().path == Data + "beside/terrain.toml");
        CHECK(r.value().config.base.find("snow")->baseCost == 7.0);
        CHECK(r.value().text.find("cost = 7") != std::string::npos);
    }
    SECTION("the map's config property, relative to the map")
    {
        isostar::Result<ResolvedConfig> r = resolveTerrainConfig(load("property.tmx"));
        REQUIRE(r.ok());
        CHECK(r.value().origin == ConfigOrigin::MapProperty);
        CHECK(r.value().path == Data + "rules/dwarfish.toml");
        CHECK(r.value().config.description == "dwarfish");
        // Tiled's `file` property type: the loader already resolved it against the map.
        isostar::Result<ResolvedConfig> f = resolveTerrainConfig(load("property_file.tmx"));
        REQUIRE(f.ok());
        CHECK(f.value().origin == ConfigOrigin::MapProperty);
        CHECK(f.value().path == Data + "rules/dwarfish.toml");
    }
    SECTION("the command line beats everything")
    {
        const std::string cli = std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml";
        for (const char* map : {"property.tmx", "beside/valley.tmx", "valley.tmx"}) {
            isostar::Result<ResolvedConfig> r = resolveTerrainConfig(load(map), cli);
            REQUIRE(r.ok());
            CHECK(r.value().origin == ConfigOrigin::CommandLine);
            CHECK(r.value().path == cli);
            CHECK(r.value().config == defaultTerrainConfig());
            // The text it parsed, from the same read: the file's bytes.
            isostar::Result<std::string> text = readTerrainConfigText(cli);
            REQUIRE(text);
            CHECK(r.value().text == text.value());
            CHECK(parseTerrainConfig(r.value().text, cli).value() == r.value().config);
        }
    }
    SECTION("a property naming a missing file is an error naming the map")
    {
        const isostar::map::MapData map = load("missing_config.tmx");
        isostar::Result<ResolvedConfig> r = resolveTerrainConfig(map);
        REQUIRE_FALSE(r.ok());
        CHECK(isostar::formatDiagnostics(r.diagnostics()) ==
              map.path + ": error: map property \"config\" names \"" + Data +
                  "rules/nope.toml\", which is not a readable file\n");
    }
    SECTION("a broken config reports every problem with its line")
    {
        isostar::Result<ResolvedConfig> r = resolveTerrainConfig(load("bad_config.tmx"));
        REQUIRE_FALSE(r.ok());
        const std::string file = Data + "rules/broken.toml";
        CHECK(isostar::formatDiagnostics(r.diagnostics()) ==
              file + ":3: error: terrain.snow.cost: must be a finite number > 0, got -3\n" + file +
                  ":4: error: terrain.snow.wetness: unknown key (expected cost, multiplier, passable, covers, blocks_sight, glyph, "
                  "influence, aliases)\n" +
                  file + ":7: error: terrain.volcano_erupting.influence.radius: must be a finite number >= 0, got -1\n");
    }
}

TEST_CASE("profileRules: the one profile lookup and its error", "[terrain][map]")
{
    ResolvedConfig builtIn; // the built-in defaults: base rules, the profiles of maps/terrain.toml
    builtIn.config = defaultTerrainConfig();
    isostar::Result<TerrainRules> base = profileRules(builtIn, "");
    REQUIRE(base.ok());
    CHECK(base.value() == builtIn.config.base);
    REQUIRE(builtIn.config.profile("dwarf") != nullptr);
    isostar::Result<TerrainRules> dwarf = profileRules(builtIn, "dwarf");
    REQUIRE(dwarf.ok());
    CHECK(dwarf.value() == *builtIn.config.profile("dwarf"));

    const isostar::Result<TerrainRules> elf = profileRules(builtIn, "elf");
    REQUIRE_FALSE(elf.ok());
    CHECK(isostar::formatDiagnostics(elf.diagnostics()) ==
          "built-in config: error: unknown profile \"elf\" (the terrain config defines: " +
              builtIn.config.profileNames() + ")\n");

    ResolvedConfig none;
    none.path = "maps/plain.toml";
    none.origin = ConfigOrigin::CommandLine;
    CHECK(isostar::formatDiagnostics(profileRules(none, "dwarf").diagnostics()) ==
          "maps/plain.toml: error: unknown profile \"dwarf\" (the terrain config defines no profiles)\n");
}
