// The live tuning panel without a window: `panel set` (TuningPanel::set, the path the widgets
// take) applied through WorldHost::applyConfig gives the same NavGrid as writing the value into
// a copy of the config file and loading it; refusals keep the costs; reset; the script's
// `panel` commands; sight and hex maps. Saving and the file on disk: TuningFileTest.cpp.
#include "game/common/FixedStep.hpp"
#include "game/fog/Sight.hpp"
#include "game/script/Script.hpp"
#include "game/session/Session.hpp"
#include "game/ui/TuningPanel.hpp"
#include "game/world/WorldHost.hpp"

#include "tests/game/TuningRig.hpp"

#include "engine/terrain/TerrainConfigFile.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace tuningtest;

TEST_CASE("tuning: panel set changes the costs exactly as the same edit of the file, loaded")
{
    struct Case {
        std::string key, value, from, to;
    };
    const std::vector<Case> cases = {
        {"terrain.snow.cost", "2.25", "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 2.25"},
        {"terrain.volcano_erupting.influence.radius", "3", "radius = 4.5", "radius = 3.0"},
        {"terrain.tombstone.influence.scale", "1.5", "scale = 1.1", "scale = 1.5"},
        {"terrain.tree.passable", "true", "[terrain.tree]\npassable = false", "[terrain.tree]\npassable = true"},
        {"profile.dwarf.terrain.snow.cost", "1.25", "[profile.dwarf.terrain.snow]\ncost = 1.5",
         "[profile.dwarf.terrain.snow]\ncost = 1.25"},
        {"profile.ranger.terrain.tree.cost", "4", "passable = true\ncost = 2.0", "passable = true\ncost = 4.0"},
        {"movement.diagonal_factor", "1.5", "diagonal_factor = 1.414", "diagonal_factor = 1.5"},
        {"movement.diagonal", "always", "diagonal = \"no-corner-cutting\"", "diagonal = \"always\""},
    };
    for (const Case& c : cases) {
        SECTION(c.key)
        {
            Rig rig("set");
            const game::World before = load(Valley, rig.config.string());
            REQUIRE(differingCells(rig.host.world().nav, before.nav) == 0);
            const std::uint64_t version = rig.host.version();

            const std::optional<std::string> error = rig.panel.set(c.key, c.value);
            REQUIRE_FALSE(error);
            CHECK(rig.applied == 1);

            // The same value written into a copy of the file and loaded from scratch.
            const fs::path edited = rig.dir / "edited.toml";
            writeText(edited, replaceOnce(readText(rig.config), c.from, c.to));
            const game::World reference = load(Valley, edited.string());
            bool rulesEqual = false;
            CHECK(differingCells(rig.host.world().nav, reference.nav, &rulesEqual) == 0);
            CHECK(rulesEqual);
            CHECK(rig.host.world().config == reference.config);
            // And the change really reached the grid (so the comparison above can fail).
            bool unchangedRules = false;
            const int changed = differingCells(rig.host.world().nav, before.nav, &unchangedRules);
            CHECK((changed > 0 || !unchangedRules));
            CHECK(rig.host.version() > version);
            CHECK(rig.host.edits() == 0);
            CHECK(rig.host.reloads() == 0);
        }
    }
}

TEST_CASE("tuning: a value the loader refuses is refused with its message and the costs stay")
{
    Rig rig("refuse");
    const game::World before = load(Valley, rig.config.string());
    const std::uint64_t version = rig.host.version();
    struct Case {
        std::string key, value, from, to;
    };
    const std::vector<Case> cases = {
        {"terrain.snow.cost", "-1", "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = -1.0"},
        {"terrain.road.multiplier", "0", "multiplier = 0.5\nglyph = \"=\"", "multiplier = 0.0\nglyph = \"=\""},
        {"terrain.volcano_erupting.influence.radius", "6", "radius = 4.5", "radius = 6.0"},
        {"movement.weight", "nan", "weight = 1.0", "weight = nan"},
    };
    for (const Case& c : cases) {
        INFO(c.key << " = " << c.value);
        const std::optional<std::string> error = rig.panel.set(c.key, c.value);
        REQUIRE(error);
        // The loader's message for the same value in the file.
        auto loaded = isostar::terrain::parseTerrainConfig(replaceOnce(readText(rig.config), c.from, c.to), "x.toml");
        REQUIRE_FALSE(loaded);
        CHECK(*error == loaded.diagnostics().front().message);
    }
    const std::optional<std::string> unknown = rig.panel.set("terrain.lava.cost", "2");
    REQUIRE(unknown);
    CHECK(unknown->find("terrain.lava.cost") != std::string::npos);
    CHECK(rig.applied == 0);
    CHECK(differingCells(rig.host.world().nav, before.nav) == 0);
    CHECK(rig.host.version() == version);
    CHECK(rig.panel.values() == rig.panel.model()->values());
    for (const auto& [key, value] : rig.panel.values())
        if (key == "terrain.snow.cost")
            CHECK(value == "3.0");
}

TEST_CASE("tuning: reset returns to the file's costs, values() are the ones in force")
{
    Rig rig("reset");
    const game::World before = load(Valley, rig.config.string());
    REQUIRE_FALSE(rig.panel.set("terrain.snow.cost", "7"));
    REQUIRE_FALSE(rig.panel.set("movement.heuristic", "zero"));
    bool found = false;
    for (const auto& [key, value] : rig.panel.values())
        if (key == "terrain.snow.cost") {
            found = true;
            CHECK(value == "7.0");
        }
    CHECK(found);
    CHECK(differingCells(rig.host.world().nav, before.nav) > 0);
    REQUIRE_FALSE(rig.panel.reset());
    bool rulesEqual = false;
    CHECK(differingCells(rig.host.world().nav, before.nav, &rulesEqual) == 0);
    CHECK(rulesEqual);
    CHECK(rig.host.world().config == before.config);
}

TEST_CASE("tuning: applyConfig refuses a config without a profile the map uses, and changes nothing")
{
    Rig rig("profiles");
    const game::World before = load(Valley, rig.config.string());
    isostar::terrain::TerrainConfig c = rig.host.world().config;
    REQUIRE(c.profiles.size() >= 1);
    c.profiles.clear();
    c.base.find("snow")->baseCost = 9.0;
    const game::WorldEdit e = rig.host.applyConfig(c);
    CHECK_FALSE(e.ok);
    CHECK(e.error.find("profile") != std::string::npos);
    CHECK(differingCells(rig.host.world().nav, before.nav) == 0);
    CHECK(rig.host.world().config == before.config);
}

TEST_CASE("tuning: the built-in defaults are tuned from the shipped text, Save needs a file")
{
    const std::string seed = std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/snow.tmx";
    game::WorldHost host;
    REQUIRE(host.open({seed, "", ""}).empty());
    REQUIRE(host.world().configPath.empty());
    game::TuningActions actions;
    actions.apply = [&](const isostar::terrain::TerrainConfig& c) {
        const game::WorldEdit e = host.applyConfig(c);
        return e.ok ? std::string() : e.error;
    };
    game::TuningPanel panel(actions);
    panel.worldLoaded(host.world());
    REQUIRE(panel.available());
    const game::World before = load(seed, "");
    REQUIRE_FALSE(panel.set("terrain.snow.cost", "1"));
    CHECK(differingCells(host.world().nav, before.nav) > 0);
    const std::optional<std::string> error = panel.saveToConfig();
    REQUIRE(error);
    CHECK(error->find("built-in") != std::string::npos);
}

TEST_CASE("script: panel set KEY VALUE and panel save FILE parse up front")
{
    auto ok = game::parseScript("panel set terrain.snow.cost 2.5\npanel set movement.diagonal no-corner-cutting\n"
                                "panel save out/tuned terrain.toml\n",
                                "t.script");
    REQUIRE(ok);
    const auto& c = ok.value();
    REQUIRE(c.size() == 3);
    CHECK(std::get<game::script::PanelSet>(c[0].command) == game::script::PanelSet{"terrain.snow.cost", "2.5"});
    CHECK(std::get<game::script::PanelSet>(c[1].command).value == "no-corner-cutting");
    CHECK(std::get<game::script::PanelSave>(c[2].command).file == "out/tuned terrain.toml");

    for (const char* bad : {"panel", "panel set terrain.snow.cost", "panel save", "panel load x.toml"}) {
        INFO(bad);
        auto r = game::parseScript(std::string("wait 1\n") + bad + "\n", "t.script");
        REQUIRE_FALSE(r);
        REQUIRE(r.diagnostics().size() == 1);
        CHECK(r.diagnostics()[0].line == 2);
        CHECK(r.diagnostics()[0].message.rfind("panel: expected `panel set KEY VALUE` or `panel save FILE`", 0) == 0);
    }
}

TEST_CASE("tuning: movement.sight and a profile's sight apply to the fog at the next tick")
{
    game::MessageLog log;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({Valley, ShippedConfig, ""})).problems.empty());
    game::TuningActions a;
    a.apply = [&](const isostar::terrain::TerrainConfig& c) { return session.applyTuning(c).error; };
    game::TuningPanel panel(a);
    panel.worldLoaded(session.world());
    session.setFog(true);
    session.tick(game::FixedStepSec);
    const game::World& world = session.world();
    // What the fog holds in sight is exactly what every unit sees with its sight now.
    auto sightMatches = [&] {
        const game::SightMap blockers = game::sightBlockers(world.terrains.front().terrain);
        std::vector<isostar::TileCoord> seen;
        for (const game::Unit& u : session.party().units())  // the cart sees from its whole footprint
            u.footprint().forEachCell(
                [&](isostar::TileCoord c) { game::cellsInSight(blockers, c, world.sightOf(u.name, u.profile), seen); });
        for (int y = 0; y < world.nav.height(); ++y)
            for (int x = 0; x < world.nav.width(); ++x)
                if (session.fog().visible({x, y}) != (std::find(seen.begin(), seen.end(), isostar::TileCoord{x, y}) != seen.end()))
                    return false;
        return true;
    };
    REQUIRE(sightMatches());
    const int knownBefore = session.fog().knownCount();
    const int dwarf = session.party().find("dwarf");
    REQUIRE(dwarf >= 0);
    const game::Unit& d = session.party().units()[std::size_t(dwarf)];
    CHECK(world.sightOf(d.name, d.profile) == 7);

    REQUIRE_FALSE(panel.set("movement.sight", "12"));
    CHECK(world.sightOf(d.name, d.profile) == 12);
    session.tick(game::FixedStepSec);
    CHECK(sightMatches());
    CHECK(session.fog().knownCount() > knownBefore);

    REQUIRE_FALSE(panel.set("profile.dwarf.movement.sight", "2"));
    CHECK(world.sightOf(d.name, d.profile) == 2);
    CHECK(world.sightOf("knight", "") == 12);
    session.tick(game::FixedStepSec);
    CHECK(sightMatches());
    const auto values = panel.values();
    CHECK(std::find(values.begin(), values.end(), std::pair<std::string, std::string>{"movement.sight", "12"}) != values.end());
    CHECK(std::find(values.begin(), values.end(), std::pair<std::string, std::string>{"profile.dwarf.movement.sight", "2"}) !=
          values.end());
    CHECK(panel.set("movement.sight", "0"));  // the loader's bound: refused, nothing changes
    CHECK(world.sightOf("knight", "") == 12);
}

TEST_CASE("tuning: on a hexagonal map the panel says the diagonal rules do not apply")
{
    game::WorldHost host;
    REQUIRE(host.open({std::string(ISOSTAR_SOURCE_DIR) + "/maps/hex.tmx", "", ""}).empty());
    game::TuningPanel panel{game::TuningActions{}};
    panel.worldLoaded(host.world());
    CHECK(std::string(panel.movementNote()) ==
          "hexagonal map: six neighbours, each step costs the cell entered; diagonal and diagonal_factor do not apply");
    REQUIRE(host.open({std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx", "", ""}).empty());
    panel.worldLoaded(host.world());
    CHECK(std::string(panel.movementNote()).empty());
}
