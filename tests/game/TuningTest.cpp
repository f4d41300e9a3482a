// The live tuning panel without a window: `panel set` (TuningPanel::set, the path the widgets
// take) applied through WorldHost::applyConfig gives the same NavGrid as writing the value into
// a copy of the config file and loading it; refusals keep the costs; save, reset and the
// watcher; the panel tunes the world's config text whatever the file on disk holds, and Save
// refuses once to replace a file changed on disk; the script's `panel` commands.
#include "game/common/FixedStep.hpp"
#include "game/fog/Sight.hpp"
#include "game/script/Script.hpp"
#include "game/session/Session.hpp"
#include "game/ui/TuningPanel.hpp"
#include "game/world/WorldHost.hpp"

#include "engine/terrain/TerrainConfigFile.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const std::string Valley = std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx";
const std::string ShippedConfig = std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml";

fs::path scratch(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() / ("isostar_tuning_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeText(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string l;
    while (std::getline(in, l))
        out.push_back(l);
    return out;
}

/// `text` with its one occurrence of `from` replaced by `to` (fails the test otherwise).
std::string replaceOnce(const std::string& text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    return text.substr(0, at) + to + text.substr(at + from.size());
}

/// Number of cells (over all layers) whose cost differs; also checks rules and shape.
int differingCells(const isostar::path::NavGrid& a, const isostar::path::NavGrid& b, bool* rulesEqual = nullptr)
{
    REQUIRE(a.width() == b.width());
    REQUIRE(a.height() == b.height());
    REQUIRE(a.layerCount() == b.layerCount());
    int diff = 0;
    bool same = true;
    for (int l = 0; l < a.layerCount(); ++l) {
        same = same && a.rules(l) == b.rules(l) && a.layerName(l) == b.layerName(l);
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                if (a.cost(l, {x, y}) != b.cost(l, {x, y}))  // exact: bit-identical costs
                    ++diff;
    }
    if (rulesEqual)
        *rulesEqual = same;
    return diff;
}

game::World load(const std::string& map, const std::string& config)
{
    auto w = game::loadWorld({map, config, ""});
    if (!w)
        FAIL(isostar::formatDiagnostics(w.diagnostics()));
    return std::move(w).value();
}

/// A WorldHost on the valley with a private copy of the shipped config, and a panel on it
/// wired the way App wires it (apply = WorldHost::applyConfig, wrote = noteOwnWrite).
struct Rig {
    fs::path dir;
    fs::path config;
    game::WorldHost host;
    game::TuningPanel panel;
    int applied = 0;

    explicit Rig(const std::string& name) : dir(scratch(name)), config(dir / "terrain.toml")
    {
        fs::copy_file(ShippedConfig, config);
        const auto problems = host.open({Valley, config.string(), ""});
        REQUIRE(problems.empty());
        game::TuningActions a;
        a.apply = [this](const isostar::terrain::TerrainConfig& c) {
            ++applied;
            const game::WorldEdit e = host.applyConfig(c);
            return e.ok ? std::string() : e.error;
        };
        a.wrote = [this](const std::string&) { host.noteOwnWrite(); };
        panel = game::TuningPanel(a);
        panel.worldLoaded(host.world());
        REQUIRE(panel.available());
    }
};

} // namespace

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

TEST_CASE("tuning: save writes only the changed line, keeps a .bak, and is not reloaded as a change")
{
    Rig rig("save");
    const std::string original = readText(rig.config);
    REQUIRE_FALSE(rig.panel.set("terrain.snow.cost", "2.5"));

    // To another file: exactly one line differs from the config file.
    const fs::path other = rig.dir / "out" / "tuned.toml";
    fs::create_directories(other.parent_path());
    REQUIRE_FALSE(rig.panel.save(other.string()));
    const std::vector<std::string> a = lines(original), b = lines(readText(other));
    REQUIRE(a.size() == b.size());
    std::vector<std::size_t> differ;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            differ.push_back(i);
    REQUIRE(differ.size() == 1);
    CHECK(a[differ[0]] == "cost = 3.0");
    CHECK(b[differ[0]] == "cost = 2.5");
    CHECK(readText(rig.config) == original);  // the file in use is untouched
    CHECK(rig.panel.model()->edited());       // still an edit of the file in use

    // To the file in use: the saved values become the file's; our own write is no change.
    rig.host.filesChanged(1000.0);
    REQUIRE_FALSE(rig.panel.saveToConfig());
    CHECK(readText(rig.config.string() + ".bak") == original);
    CHECK(lines(readText(rig.config)) == b);
    CHECK_FALSE(rig.panel.model()->edited());
    CHECK_FALSE(rig.host.filesChanged(2000.0));
    // Reset now returns to the saved values.
    REQUIRE_FALSE(rig.panel.reset());
    const game::World saved = load(Valley, rig.config.string());
    CHECK(differingCells(rig.host.world().nav, saved.nav) == 0);

    // A write by someone else is still seen (once it has settled).
    writeText(rig.config, original);
    fs::last_write_time(rig.config, fs::last_write_time(rig.config) + std::chrono::seconds(5));
    CHECK_FALSE(rig.host.filesChanged(3000.0));
    CHECK(rig.host.filesChanged(3001.0));

    // An unwritable target: the error names the file, nothing changes.
    const std::optional<std::string> error = rig.panel.save((rig.dir / "no" / "such" / "dir" / "x.toml").string());
    REQUIRE(error);
    CHECK(error->find("x.toml") != std::string::npos);
}

TEST_CASE("tuning: a reload keeps the panel's changes and a changed file's values apply under them")
{
    Rig rig("reload");
    std::vector<std::string> said;
    REQUIRE_FALSE(rig.panel.set("terrain.snow.cost", "2.5"));
    // A map-only reload: the world comes back with the file's values, the panel applies its own.
    auto next = rig.host.loadAgain();
    REQUIRE(next);
    rig.host.adopt(std::move(next).value());
    rig.panel.worldLoaded(rig.host.world());
    const fs::path edited = rig.dir / "edited.toml";
    writeText(edited, replaceOnce(readText(rig.config), "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 2.5"));
    CHECK(differingCells(rig.host.world().nav, load(Valley, edited.string()).nav) == 0);

    // The config file itself changed (grass and snow): the file's grass applies, the snow value
    // tuned here stays on top; Reset then takes the file's values.
    const std::string original = readText(rig.config);
    std::string changed = replaceOnce(original, "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 4.0");
    changed = replaceOnce(changed, "[terrain.grass]\ncost = 1.0", "[terrain.grass]\ncost = 1.5");
    writeText(rig.config, changed);
    next = rig.host.loadAgain();
    REQUIRE(next);
    rig.host.adopt(std::move(next).value());
    rig.panel.worldLoaded(rig.host.world());
    REQUIRE(rig.panel.model());
    CHECK(rig.panel.model()->edited());
    CHECK(rig.panel.model()->find("terrain.snow.cost")->value == "2.5");
    INFO(rig.panel.status());
    CHECK(rig.panel.status().find("1 tuned value stay on top") != std::string::npos);
    writeText(edited, replaceOnce(changed, "[terrain.snow]\ncost = 4.0", "[terrain.snow]\ncost = 2.5"));
    CHECK(differingCells(rig.host.world().nav, load(Valley, edited.string()).nav) == 0);
    REQUIRE_FALSE(rig.panel.reset());
    CHECK(differingCells(rig.host.world().nav, load(Valley, rig.config.string()).nav) == 0);
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

TEST_CASE("tuning: the panel tunes the text the world loaded, whatever the file on disk holds since")
{
    Rig rig("one-read");
    const std::string original = readText(rig.config);
    // A reload, then the file is overwritten before the panel hears of it: the panel takes the
    // world's text, it does not read the file again.
    auto next = rig.host.loadAgain();
    REQUIRE(next);
    rig.host.adopt(std::move(next).value());
    writeText(rig.config, "this is = = not toml\n");
    rig.panel.worldLoaded(rig.host.world());
    REQUIRE(rig.panel.available());
    CHECK(rig.panel.model()->fileText() == original);
    CHECK(rig.host.world().configText == original);
    // A fresh panel on the same world, with the file still broken on disk: the same.
    game::TuningPanel fresh;
    fresh.worldLoaded(rig.host.world());
    REQUIRE(fresh.available());
    CHECK(fresh.model()->fileText() == original);

    // A change applies to the world's config, exactly as the same edit of the original file.
    REQUIRE_FALSE(rig.panel.set("terrain.snow.cost", "2.5"));
    const fs::path edited = rig.dir / "edited.toml";
    writeText(edited, replaceOnce(original, "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 2.5"));
    CHECK(differingCells(rig.host.world().nav, load(Valley, edited.string()).nav) == 0);
}

TEST_CASE("tuning: a change while the config on disk is broken or being written applies to the world's costs")
{
    Rig rig("disk-broken");
    const std::string original = readText(rig.config);
    const fs::path edited = rig.dir / "edited.toml";
    // Half written: the host sees the change, the reload fails, the world keeps its config.
    writeText(rig.config, original.substr(0, original.find("[terrain.snow]\ncost =") + 21));
    REQUIRE_FALSE(rig.host.filesChanged(10.0));
    REQUIRE(rig.host.filesChanged(11.0));
    REQUIRE_FALSE(rig.host.loadAgain());
    REQUIRE_FALSE(rig.panel.set("terrain.snow.cost", "2.5"));
    writeText(edited, replaceOnce(original, "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 2.5"));
    CHECK(differingCells(rig.host.world().nav, load(Valley, edited.string()).nav) == 0);

    // Broken: the same.
    writeText(rig.config, "[terrain.snow\ncost = ");
    rig.panel.worldLoaded(rig.host.world());  // e.g. after a map-only reload: the changes stay
    REQUIRE_FALSE(rig.panel.set("movement.heuristic", "zero"));
    writeText(edited, replaceOnce(readText(edited), "heuristic = \"octile\"", "heuristic = \"zero\""));
    bool rulesEqual = false;
    CHECK(differingCells(rig.host.world().nav, load(Valley, edited.string()).nav, &rulesEqual) == 0);
    CHECK(rulesEqual);
    CHECK(rig.host.world().config == load(Valley, edited.string()).config);
    CHECK(rig.applied == 3);  // two sets, and the worldLoaded that put the first in force again
}

TEST_CASE("tuning: Save to a config changed on disk says so, writes nothing, and a second Save overwrites keeping it as .bak")
{
    Rig rig("save-conflict");
    const std::string path = rig.config.string();
    const std::string original = readText(rig.config);
    REQUIRE_FALSE(rig.panel.set("terrain.snow.cost", "2.5"));
    const auto snowValue = [&] {
        for (const auto& [key, value] : rig.panel.values())
            if (key == "terrain.snow.cost")
                return value;
        return std::string();
    };

    // Broken on disk: refused, naming the file and the loader's error; nothing lost.
    const std::string broken = "[terrain.snow\ncost = ";
    writeText(rig.config, broken);
    std::optional<std::string> refused = rig.panel.saveToConfig();
    REQUIRE(refused);
    const auto loaderError = isostar::terrain::parseTerrainConfig(broken, path);
    REQUIRE_FALSE(loaderError);
    CHECK(*refused == "not saved: " + path + " changed on disk since the panel read it and does not load (" +
                          isostar::formatDiagnostic(loaderError.diagnostics().front()) +
                          "); your values stay in the panel: Save again to overwrite it (the file on disk is then kept as " +
                          path + ".bak)");
    CHECK(refused->find(path + ":1: error: ") != std::string::npos);
    CHECK(readText(rig.config) == broken);
    CHECK(snowValue() == "2.5");
    CHECK(rig.panel.model()->edited());

    // Changed again (now valid, by someone else) before the second Save: refused again.
    const std::string theirs = replaceOnce(original, "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 4.0");
    writeText(rig.config, theirs);
    refused = rig.panel.saveToConfig();
    REQUIRE(refused);
    CHECK(*refused == "not saved: " + path + " changed on disk since the panel read it; your values stay in the panel: "
                                            "Save again to overwrite it (the file on disk is then kept as " + path + ".bak)");
    CHECK(readText(rig.config) == theirs);
    CHECK(snowValue() == "2.5");

    // The second Save with the disk as reported: written knowingly, theirs kept as .bak.
    REQUIRE_FALSE(rig.panel.saveToConfig());
    CHECK(readText(path + ".bak") == theirs);
    CHECK(readText(rig.config) == replaceOnce(original, "[terrain.snow]\ncost = 3.0", "[terrain.snow]\ncost = 2.5"));
    CHECK_FALSE(rig.panel.model()->edited());
    CHECK(snowValue() == "2.5");
    // The file is now the panel's: the next Save is an ordinary one.
    REQUIRE_FALSE(rig.panel.set("terrain.snow.cost", "2"));
    REQUIRE_FALSE(rig.panel.saveToConfig());

    // Gone from disk: refused once, then written.
    fs::remove(rig.config);
    refused = rig.panel.saveToConfig();
    REQUIRE(refused);
    CHECK(*refused == "not saved: " + path + " is no longer on disk; your values stay in the panel: Save again to write it");
    CHECK_FALSE(fs::exists(rig.config));
    REQUIRE_FALSE(rig.panel.save(path));  // the script's `panel save FILE` takes the same path
    CHECK(readText(rig.config).find("[terrain.snow]\ncost = 2.0\n") != std::string::npos);
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
