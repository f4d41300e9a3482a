#include "engine/terrain/TerrainConfigFile.hpp"
#include "engine/terrain/TerrainConfigFormat.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace isostar::terrain;

namespace {

std::string errorsOf(const std::string& text)
{
    isostar::Result<TerrainConfig> r = parseTerrainConfig(text, "maps/bad.toml");
    REQUIRE_FALSE(r.ok());
    return isostar::formatDiagnostics(r.diagnostics());
}

} // namespace

TEST_CASE("maps/terrain.toml equals the built-in defaults", "[terrain][config]")
{
    isostar::Result<TerrainConfig> r = loadTerrainConfig(std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml");
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    CHECK(r.diagnostics().empty());
    const TerrainConfig defaults = defaultTerrainConfig();
    CHECK(r.value().base == defaults.base);
    CHECK(r.value().profiles == defaults.profiles);
    CHECK(r.value() == defaults);
}

TEST_CASE("the defaults carry the article's numbers and every terrain the art uses", "[terrain][config]")
{
    const TerrainConfig c = defaultTerrainConfig();
    for (const char* name : {"grass", "snow", "road", "wall", "volcano", "volcano_erupting", "tombstone", "tent",
                             "castle", "tree", "rock", "water", "bridge", "flowers"})
        CHECK(c.base.find(name) != nullptr);
    CHECK(c.base.find("grass")->baseCost == 1.0);
    CHECK(c.base.find("snow")->baseCost == 3.0);
    CHECK(c.base.find("road")->multiplier == 0.5);
    CHECK_FALSE(c.base.find("wall")->passable);
    CHECK(c.base.find("volcano")->influence == std::nullopt);
    CHECK(c.base.find("volcano_erupting")->influence == Influence{4.5, InfluenceEffect::Divide, 5.0, 0.0, 2.0});
    CHECK(c.base.find("tombstone")->influence == Influence{2.5, InfluenceEffect::Multiply, 3.0, 0.5, 1.1});
    CHECK(c.base.movement.diagonal == isostar::path::DiagonalMode::NoCornerCutting);
    CHECK(c.base.movement.diagonalFactor == 1.414);
    CHECK(c.base.movement.heuristic == isostar::path::Heuristic::Octile);
    CHECK(c.base.movement.weight == 1.0);
    CHECK(c.base.movement.smoothing);
    REQUIRE(c.profile("dwarf") != nullptr);
    CHECK(c.profile("dwarf")->find("snow")->baseCost == 1.5);
    CHECK(c.profile("ranger")->find("tree")->passable);
    CHECK(c.profile("nobody") == nullptr);
    CHECK(c.profileNames() == "dwarf, ranger");
}

TEST_CASE("a minimal config parses, keeps file order and defaults", "[terrain][config]")
{
    isostar::Result<TerrainConfig> r = parseTerrainConfig(R"(
[terrain.snow]
cost = 3
[terrain.grass]
cost = 1.0
[movement]
diagonal = "never"
heuristic = "manhattan"
weight = 2
[profile.fast.movement]
weight = 3
)", "x.toml");
    REQUIRE(r.ok());
    const TerrainConfig& c = r.value();
    REQUIRE(c.base.terrains.size() == 2);
    CHECK(c.base.terrains[0].name == "snow");
    CHECK(c.base.terrains[0].baseCost == 3.0); // an integer is a number too
    CHECK(c.base.terrains[1].name == "grass");
    CHECK(c.base.movement.diagonal == isostar::path::DiagonalMode::Never);
    CHECK(c.base.movement.heuristic == isostar::path::Heuristic::Manhattan);
    CHECK(c.base.movement.weight == 2.0);
    CHECK(c.base.movement.diagonalFactor == 1.414);
    REQUIRE(c.profile("fast") != nullptr);
    CHECK(c.profile("fast")->movement.weight == 3.0);
    CHECK(c.profile("fast")->movement.diagonal == isostar::path::DiagonalMode::Never);
    CHECK(c.profile("fast")->terrains == c.base.terrains);
}

TEST_CASE("profiles override single keys and can drop an influence", "[terrain][config]")
{
    isostar::Result<TerrainConfig> r = parseTerrainConfig(R"(
[terrain.lava]
cost = 2
multiplier = 3
influence = { radius = 2, effect = "divide", base = 4 }
[profile.salamander.terrain.lava]
multiplier = 0.5
influence = { radius = 1 }
[profile.stoic.terrain.lava]
influence = false
)", "x.toml");
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    const TerrainRule& lava = *r.value().profile("salamander")->find("lava");
    CHECK(lava.baseCost == 2.0);
    CHECK(lava.multiplier == 0.5);
    CHECK(lava.influence == Influence{1.0, InfluenceEffect::Divide, 4.0, 0.0, 1.0});
    CHECK(r.value().profile("stoic")->find("lava")->influence == std::nullopt);
    CHECK(r.value().base.find("lava")->influence == Influence{2.0, InfluenceEffect::Divide, 4.0, 0.0, 1.0});
}

TEST_CASE("TOML syntax errors report line and column", "[terrain][config]")
{
    CHECK(errorsOf("[terrain.snow]\ncost = = 3\n") ==
          "maps/bad.toml:2: error: column 8: Error while parsing value: could not determine value type\n");
    CHECK(errorsOf("[terrain.snow]\ncost = 3\ncost = 4\n") ==
          "maps/bad.toml:3: error: column 8: Error while parsing key-value pair: cannot redefine existing integer "
          "'cost'\n");
}

TEST_CASE("bad values are reported with their key and line, all at once", "[terrain][config]")
{
    CHECK(errorsOf("[terrain.snow]\ncost = -1\n") ==
          "maps/bad.toml:2: error: terrain.snow.cost: must be a finite number > 0, got -1\n");
    CHECK(errorsOf("[terrain.snow]\ncost = 0\n") ==
          "maps/bad.toml:2: error: terrain.snow.cost: must be a finite number > 0, got 0\n");
    CHECK(errorsOf("[terrain.snow]\ncost = nan\n") ==
          "maps/bad.toml:2: error: terrain.snow.cost: must be a finite number > 0, got nan\n");
    CHECK(errorsOf("[terrain.snow]\ncost = inf\n") ==
          "maps/bad.toml:2: error: terrain.snow.cost: must be a finite number > 0, got inf\n");
    CHECK(errorsOf("[terrain.snow]\nmultiplier = -0.5\n") ==
          "maps/bad.toml:2: error: terrain.snow.multiplier: must be a finite number > 0, got -0.5\n");
    CHECK(errorsOf("[terrain.snow]\ncost = \"3\"\n") ==
          "maps/bad.toml:2: error: terrain.snow.cost: expected a number, got a string\n");
    CHECK(errorsOf("[terrain.snow]\npassable = 1\n") ==
          "maps/bad.toml:2: error: terrain.snow.passable: expected true or false, got an integer\n");
    CHECK(errorsOf("[terrain.snow]\ncost = 3\n\ncolour = \"white\"\n") ==
          "maps/bad.toml:4: error: terrain.snow.colour: unknown key (expected cost, multiplier, passable, "
          "covers, blocks_sight, glyph, influence, aliases)\n");
    CHECK(errorsOf("speed = 3\n") ==
          "maps/bad.toml:1: error: speed: unknown key (expected description, movement, terrain, profile)\n");
    CHECK(errorsOf("[terrain.v]\ninfluence = { radius = -1, effect = \"divide\", base = 5 }\n") ==
          "maps/bad.toml:2: error: terrain.v.influence.radius: must be a finite number >= 0, got -1\n");
    CHECK(errorsOf("[terrain.v]\ninfluence = { radius = 1, effect = \"add\", base = 5 }\n") ==
          "maps/bad.toml:2: error: terrain.v.influence.effect: unknown effect \"add\" (expected multiply, divide)\n");
    CHECK(errorsOf("[terrain.v]\ninfluence = { radius = 6, effect = \"divide\", base = 5, scale = 2 }\n") ==
          "maps/bad.toml:2: error: terrain.v.influence: factor ((base - d) + offset) * scale must be > 0 for "
          "every d in [0, radius], but at d = 6 it is -2\n");
    CHECK(errorsOf("[terrain.v]\ninfluence = { radius = 1 }\n") ==
          "maps/bad.toml:2: error: terrain.v.influence: missing effect, base\n");
    CHECK(errorsOf("[terrain.v]\nglyph = \"ab\"\n") ==
          "maps/bad.toml:2: error: terrain.v.glyph: must be one printable ASCII character, got \"ab\"\n");
    CHECK(errorsOf("[movement]\nheuristic = \"manhatan\"\n") ==
          "maps/bad.toml:2: error: movement.heuristic: unknown heuristic \"manhatan\" (expected "
          "octile, euclidean, manhattan, chebyshev, zero (or dijkstra))\n");
    CHECK(errorsOf("[movement]\nsmoothing = \"yes\"\n") ==
          "maps/bad.toml:2: error: movement.smoothing: unknown smoothing \"yes\" (expected on, off)\n");
    CHECK(errorsOf("[movement]\ndiagonal = \"sometimes\"\n") ==
          "maps/bad.toml:2: error: movement.diagonal: unknown diagonal mode \"sometimes\" (expected "
          "never, no-corner-cutting, one-obstacle, always)\n");
    CHECK(errorsOf("[movement]\nweight = 0\n") ==
          "maps/bad.toml:2: error: movement.weight: must be a finite number > 0, got 0\n");
    CHECK(errorsOf("[terrain.snow]\ncost = 3\n[profile.dwarf.terrain.snwo]\ncost = 1\n") ==
          "maps/bad.toml:3: error: profile.dwarf.terrain.snwo: unknown terrain \"snwo\" (a profile can only "
          "change terrains defined under [terrain])\n");
    // Several problems: all of them, in line order.
    CHECK(errorsOf("[terrain.b]\ncost = -2\n[terrain.a]\ncost = 0\nwhat = 1\n") ==
          "maps/bad.toml:2: error: terrain.b.cost: must be a finite number > 0, got -2\n"
          "maps/bad.toml:4: error: terrain.a.cost: must be a finite number > 0, got 0\n"
          "maps/bad.toml:5: error: terrain.a.what: unknown key (expected cost, multiplier, passable, covers, "
          "blocks_sight, glyph, influence, aliases)\n");
}

TEST_CASE("a missing config file is an error naming it", "[terrain][config]")
{
    isostar::Result<TerrainConfig> r = loadTerrainConfig("no/such/terrain.toml");
    REQUIRE_FALSE(r.ok());
    CHECK(isostar::formatDiagnostics(r.diagnostics()) == "no/such/terrain.toml: error: cannot open terrain config\n");
    isostar::Result<std::string> text = readTerrainConfigText("no/such/terrain.toml");
    REQUIRE_FALSE(text.ok());
    CHECK(isostar::formatDiagnostics(text.diagnostics()) == "no/such/terrain.toml: error: cannot open terrain config\n");
}

TEST_CASE("size: [profile.NAME.movement] size parses, profiles inherit and override it, bad values are errors",
          "[terrain][config][footprint]")
{
    CHECK(defaultTerrainConfig().base.size == 1);
    isostar::Result<TerrainConfig> r = parseTerrainConfig(R"(
[movement]
[terrain.grass]
cost = 1
[profile.cart.movement]
size = 2
[profile.ogre.movement]
size = 3
[profile.knight]
description = "one cell"
)", "maps/size.toml");
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    CHECK(r.value().base.size == 1);
    CHECK(r.value().profile("cart")->size == 2);
    CHECK(r.value().profile("ogre")->size == 3);
    CHECK(r.value().profile("knight")->size == 1);
    // Written back, read again: the same sizes.
    isostar::Result<TerrainConfig> again = parseTerrainConfig(formatTerrainConfig(r.value()), "maps/again.toml");
    REQUIRE(again.ok());
    CHECK(again.value() == r.value());

    const std::string expected = "maps/bad.toml:3: error: profile.cart.movement.size: must be a whole number of cells "
                                 "from 1 to 4 (the unit covers size x size cells)\n";
    CHECK(errorsOf("[profile.cart]\n[profile.cart.movement]\nsize = 5\n") == expected);
    CHECK(errorsOf("[profile.cart]\n[profile.cart.movement]\nsize = 0\n") == expected);
    CHECK(errorsOf("[profile.cart]\n[profile.cart.movement]\nsize = 1.5\n") == expected);
    CHECK(errorsOf("[profile.cart]\n[profile.cart.movement]\nsize = \"2\"\n") == expected);
}

TEST_CASE("sight: [movement] sight and blocks_sight parse, profiles override, bad values are errors",
          "[terrain][config][fog]")
{
    const TerrainConfig defaults = defaultTerrainConfig();
    CHECK(defaults.base.sight == DefaultSight);
    CHECK(defaults.base.find("wall")->blocksSight);
    CHECK(defaults.base.find("tree")->blocksSight);
    CHECK_FALSE(defaults.base.find("grass")->blocksSight);
    CHECK_FALSE(defaults.base.find("water")->blocksSight);  // impassable, but one sees across

    isostar::Result<TerrainConfig> r = parseTerrainConfig(R"(
[movement]
sight = 5
[terrain.hedge]
blocks_sight = true
[profile.scout.movement]
sight = 11
[profile.scout.terrain.hedge]
blocks_sight = false
)", "maps/sight.toml");
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    CHECK(r.value().base.sight == 5);
    CHECK(r.value().base.find("hedge")->blocksSight);
    REQUIRE(r.value().profile("scout") != nullptr);
    CHECK(r.value().profile("scout")->sight == 11);
    CHECK_FALSE(r.value().profile("scout")->find("hedge")->blocksSight);

    CHECK(errorsOf("[movement]\nsight = 0\n") ==
          "maps/bad.toml:2: error: movement.sight: must be a whole number of cells from 1 to 64\n");
    CHECK(errorsOf("[movement]\nsight = 2.5\n") ==
          "maps/bad.toml:2: error: movement.sight: must be a whole number of cells from 1 to 64\n");
    CHECK(errorsOf("[terrain.wall]\nblocks_sight = 1\n").find("terrain.wall.blocks_sight") != std::string::npos);
}
