// The tuning panel and the config file on disk: Save writes only the changed line and keeps a
// .bak, a reload keeps the panel's changes, the panel tunes the text the world loaded whatever
// the file holds since, a change while the file is broken applies, and Save refuses once to
// replace a file changed on disk.
#include "game/world/WorldHost.hpp"

#include "tests/game/TuningRig.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

using namespace tuningtest;

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
