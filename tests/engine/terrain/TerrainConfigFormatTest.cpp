#include "engine/terrain/TerrainConfigFormat.hpp"

#include "engine/terrain/ConfigTuning.hpp"
#include "engine/terrain/TerrainConfigFile.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>

using namespace isostar::terrain;

namespace {

TerrainConfig reparsed(const TerrainConfig& c)
{
    const std::string text = formatTerrainConfig(c);
    isostar::Result<TerrainConfig> r = parseTerrainConfig(text, "formatted.toml");
    INFO(text);
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return r.value();
}

/// A random config the loader could produce: profiles copy the base and change some values.
TerrainConfig randomConfig(std::mt19937& rng)
{
    std::uniform_real_distribution<double> positive(0.05, 20.0);
    std::uniform_int_distribution<int> coin(0, 1), die(0, 5);
    auto randomInfluence = [&] {
        Influence i;
        i.radius = positive(rng) / 4.0;
        i.effect = coin(rng) ? InfluenceEffect::Multiply : InfluenceEffect::Divide;
        i.scale = positive(rng) / 5.0;
        i.offset = coin(rng) ? 0.0 : positive(rng) / 10.0;
        i.base = i.radius + positive(rng) / 10.0; // factor stays > 0 over the radius
        return i;
    };
    auto change = [&](TerrainRule& r) {
        switch (die(rng)) {
        case 0: r.baseCost = positive(rng); break;
        case 1: r.multiplier = positive(rng); break;
        case 2: r.passable = !r.passable; break;
        case 3: r.covers = !r.covers; break;
        case 4: r.glyph = char('a' + die(rng)); break;
        default:
            if (r.influence && coin(rng)) {
                r.influence.reset();
            } else if (r.influence) {
                Influence i = *r.influence;
                i.scale *= 2.0;
                r.influence = i;
            } else {
                r.influence = randomInfluence();
            }
        }
    };
    TerrainConfig c;
    c.description = coin(rng) ? "random \"quoted\" \\ config" : "";
    c.base.movement.diagonal = isostar::path::DiagonalMode(die(rng) % 4);
    c.base.movement.diagonalFactor = positive(rng);
    c.base.movement.heuristic = isostar::path::Heuristic(die(rng) % 5);
    c.base.movement.weight = 1.0 + positive(rng) / 10.0;
    c.base.movement.smoothing = coin(rng);
    const int terrains = 1 + die(rng) * 2;
    for (int i = 0; i < terrains; ++i) {
        TerrainRule r;
        r.name = i % 3 == 2 ? "odd name " : "t"; // GCC 12 warns falsely (-Wrestrict) on "x" + string&&
        r.name += std::to_string(i);
        for (int k = die(rng); k > 0; --k)
            change(r);
        c.base.terrains.push_back(r);
    }
    for (int p = die(rng) % 3; p > 0; --p) {
        TerrainProfile profile;
        profile.name = "p";
        profile.name += std::to_string(p);
        profile.description = coin(rng) ? "" : "profile ";
        if (!profile.description.empty())
            profile.description += std::to_string(p);
        profile.rules = c.base;
        for (int k = die(rng); k > 0; --k)
            change(profile.rules.terrains[std::size_t(die(rng)) % profile.rules.terrains.size()]);
        if (coin(rng))
            profile.rules.movement.weight = 3.0;
        if (coin(rng))
            profile.rules.movement.heuristic = isostar::path::Heuristic::Zero;
        c.profiles.push_back(profile);
    }
    return c;
}

} // namespace

TEST_CASE("the built-in defaults written as TOML read back equal", "[terrain][configformat]")
{
    const TerrainConfig defaults = defaultTerrainConfig();
    CHECK(reparsed(defaults) == defaults);
    const std::string text = formatTerrainConfig(defaults);
    CHECK(text.find("[terrain.volcano_erupting]\nglyph = \"V\"\ninfluence = { radius = 4.5, effect = \"divide\", "
                    "base = 5.0, offset = 0.0, scale = 2.0 }\n") != std::string::npos);
    CHECK(text.find("[profile.ranger.terrain.tombstone]\ninfluence = false\n") != std::string::npos);
    CHECK(text.find("[profile.dwarf.terrain.snow]\ncost = 1.5\n") != std::string::npos);
    CHECK(text.find("[terrain.wall]\npassable = false\nblocks_sight = true\nglyph = \"#\"\n") != std::string::npos);
}

TEST_CASE("random loader-shaped configs survive format and parse", "[terrain][configformat]")
{
    std::mt19937 rng(2026);
    for (int i = 0; i < 300; ++i) {
        const TerrainConfig c = randomConfig(rng);
        INFO("config " << i);
        REQUIRE(reparsed(c) == c);
    }
}

TEST_CASE("a profile changing one influence field writes only that field", "[terrain][configformat]")
{
    isostar::Result<TerrainConfig> r = parseTerrainConfig(R"(
[terrain.v]
influence = { radius = 3, effect = "divide", base = 5 }
[profile.p.terrain.v]
influence = { scale = 2 }
[profile.p.movement]
weight = 2
)", "t.toml");
    REQUIRE(r.ok());
    const std::string text = formatTerrainConfig(r.value());
    CHECK(text.find("[profile.p.terrain.v]\ninfluence = { scale = 2.0 }\n") != std::string::npos);
    CHECK(text.find("[profile.p.movement]\nweight = 2.0\n") != std::string::npos);
    CHECK(reparsed(r.value()) == r.value());
}

TEST_CASE("ConfigTuning over the built-in defaults", "[terrain][configformat][tuning]")
{
    isostar::Result<ConfigTuning> r = ConfigTuning::fromConfig(defaultTerrainConfig(), "");
    REQUIRE(r.ok());
    ConfigTuning t = std::move(r).value();
    CHECK(t.config() == defaultTerrainConfig());
    CHECK(t.find("terrain.snow.cost")->inFile);
    REQUIRE_FALSE(t.set("terrain.snow.cost", "4"));
    CHECK(t.config().base.find("snow")->baseCost == 4.0);
    CHECK(t.set("terrain.snow.cost", "-4") == "terrain.snow.cost: must be a finite number > 0, got -4");
}

TEST_CASE("aliases are written with their terrain, not with profiles, and read back equal", "[terrain][configformat]")
{
    isostar::Result<TerrainConfig> r = parseTerrainConfig(R"(
[terrain.water]
passable = false
aliases = ["Sea", "Lake \"Deep\""]
[profile.p.terrain.water]
passable = true
)", "t.toml");
    REQUIRE(r.ok());
    const std::string text = formatTerrainConfig(r.value());
    CHECK(text.find("[terrain.water]\npassable = false\naliases = [\"Sea\", \"Lake \\\"Deep\\\"\"]\n") != std::string::npos);
    REQUIRE(text.find("[profile.p.terrain.water]\npassable = true\n") != std::string::npos);
    CHECK(text.find("aliases", text.find("[profile.p")) == std::string::npos);
    CHECK(r.value().profile("p")->find("lake \"deep\"") != nullptr);
    CHECK(reparsed(r.value()) == r.value());
}
