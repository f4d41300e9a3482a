// The settings file (game/settings): where it is, reading it with its checks (a broken file or a
// wrong value: one message naming the file and line, the default for what could not be used),
// saving into it (a round trip; the user's comments, unknown keys and tables kept; a file that
// could not be read never written over), when SettingsFile saves, and the last map's fallback.

#include "game/settings/Settings.hpp"
#include "game/settings/SettingsFile.hpp"

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

void writeSettingsFixture(const fs::path& file, const std::string& text)
{
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

/// Settings that differ from the defaults in every key.
game::Settings settingsWithEveryKeyChanged(const std::string& map)
{
    game::Settings s;
    s.audio = {0.5f, 0.25f, 0.75f, true};
    s.windowWidth = 1024;
    s.windowHeight = 600;
    s.zoom = 0.64f;
    s.minimap = false;
    s.follow = true;
    s.lastMap = map;
    return s;
}

} // namespace

TEST_CASE("settingsPathFor: XDG_CONFIG_HOME when absolute, else HOME/.config, else none")
{
    CHECK(game::settingsPathFor("/x/cfg", "/home/u") == fs::path("/x/cfg/isostar/settings.toml"));
    CHECK(game::settingsPathFor(nullptr, "/home/u") == fs::path("/home/u/.config/isostar/settings.toml"));
    CHECK(game::settingsPathFor("", "/home/u") == fs::path("/home/u/.config/isostar/settings.toml"));
    CHECK(game::settingsPathFor("relative/cfg", "/home/u") == fs::path("/home/u/.config/isostar/settings.toml"));
    CHECK(game::settingsPathFor("/x/cfg", nullptr) == fs::path("/x/cfg/isostar/settings.toml"));
    CHECK_FALSE(game::settingsPathFor(nullptr, nullptr).has_value());
    CHECK_FALSE(game::settingsPathFor("", "").has_value());
}

TEST_CASE("Settings: a missing file gives the defaults, no message, and may be written")
{
    testsupport::TempDir dir("isostar-settings");
    const game::SettingsLoad load = game::loadSettings(dir.path / "none" / "settings.toml");
    CHECK(load.settings == game::Settings{});
    CHECK(load.problems.empty());
    CHECK(load.saveAllowed);
}

TEST_CASE("Settings: round trip through a new file, then a change written into it")
{
    testsupport::TempDir dir("isostar-settings");
    const fs::path file = dir.path / "isostar" / "settings.toml";  // its folder does not exist yet
    const game::Settings s = settingsWithEveryKeyChanged("/maps/a b/\"quoted\".tmx");
    REQUIRE(game::saveSettings(file, s, game::Settings{}) == "");
    game::SettingsLoad load = game::loadSettings(file);
    INFO(isostar::formatDiagnostics(load.problems));
    CHECK(load.problems.empty());
    CHECK(load.settings == s);
    CHECK(testsupport::readAll(file.string()) == game::settingsText(s));

    game::Settings changed = s;
    changed.audio.master = 0.3f;
    changed.zoom = 2.5f;
    REQUIRE(game::saveSettings(file, changed, s) == "");
    load = game::loadSettings(file);
    CHECK(load.problems.empty());
    CHECK(load.settings == changed);

    // Nothing changed: nothing written (the file's time stays).
    const auto before = fs::last_write_time(file);
    REQUIRE(game::saveSettings(file, changed, changed) == "");
    CHECK(fs::last_write_time(file) == before);
}

TEST_CASE("Settings: saving keeps the user's comments, unknown keys and tables, and what the game did not change")
{
    testsupport::TempDir dir("isostar-settings");
    const fs::path file = dir.path / "settings.toml";
    const std::string text = "# my settings\n"
                             "[audio]\n"
                             "master = 0.5   # not too loud\n"
                             "reverb = 2     # a key of a newer game\n"
                             "effects = \"loud\"\n"
                             "\n"
                             "[mods]\n"
                             "enabled = [\"a\", \"b\"]\n";
    writeSettingsFixture(file, text);
    const game::SettingsLoad load = game::loadSettings(file);
    REQUIRE(load.saveAllowed);
    game::Settings now = load.settings;
    now.audio.master = 0.25f;
    now.follow = true;
    REQUIRE(game::saveSettings(file, now, load.settings) == "");
    CHECK(testsupport::readAll(file.string()) == "# my settings\n"
                                                 "[audio]\n"
                                                 "master = 0.25   # not too loud\n"
                                                 "reverb = 2     # a key of a newer game\n"
                                                 "effects = \"loud\"\n"
                                                 "\n"
                                                 "[mods]\n"
                                                 "enabled = [\"a\", \"b\"]\n"
                                                 "\n"
                                                 "[view]\n"
                                                 "follow = true\n");
    // A value the user changed in the file meanwhile stays: only what the game changed is written.
    writeSettingsFixture(file, "[audio]\nmaster = 0.9\n[view]\nfollow = true\n");
    game::Settings later = now;
    later.zoom = 2.f;
    REQUIRE(game::saveSettings(file, later, now) == "");
    CHECK(testsupport::readAll(file.string()) == "[audio]\nmaster = 0.9\n[view]\nfollow = true\nzoom = 2.0\n");
}

TEST_CASE("Settings: a broken file gives one message with its file and line, the defaults, and is never written over")
{
    testsupport::TempDir dir("isostar-settings");
    const fs::path file = dir.path / "isostar" / "settings.toml";
    const std::string text = "[audio]\nmaster = 0.5\nmuted = tru\n[view]\nzoom = 2.0\n";
    writeSettingsFixture(file, text);
    game::SettingsFile settings(file);
    REQUIRE(settings.problems().size() == 1);
    const isostar::Diagnostic& d = settings.problems()[0];
    CHECK(d.file == file.string());
    CHECK(d.line == 3);
    CHECK(d.severity == isostar::Severity::Error);
    const std::string message = isostar::formatDiagnostic(d);
    CHECK(message.rfind(file.string() + ":3: error: not valid TOML", 0) == 0);
    CHECK(message.find("using the default settings") != std::string::npos);
    CHECK(settings.loaded() == game::Settings{});
    CHECK_FALSE(settings.canSave());

    // The game changes everything, time passes, the game ends: the file stays byte for byte.
    const game::Settings now = settingsWithEveryKeyChanged("/maps/x.tmx");
    CHECK(settings.update(now, 0.0) == "");
    CHECK(settings.update(now, 10.0) == "");
    CHECK(settings.flush(now) == "");
    CHECK(testsupport::readAll(file.string()) == text);
    CHECK(std::distance(fs::directory_iterator(file.parent_path()), fs::directory_iterator()) == 1);

    // A file broken after the start is not written over either.
    writeSettingsFixture(file, "[audio]\nmaster = 0.5\n");
    game::SettingsFile later(file);
    REQUIRE(later.canSave());
    writeSettingsFixture(file, text);
    const std::string error = later.flush(now);
    CHECK(error.rfind(file.string() + ":3: error: not valid TOML", 0) == 0);
    CHECK(testsupport::readAll(file.string()) == text);
}

TEST_CASE("Settings: a value of the wrong type or out of range gives a message with its line and the default for it only")
{
    testsupport::TempDir dir("isostar-settings");
    const fs::path file = dir.path / "settings.toml";
    writeSettingsFixture(file, "[audio]\n"
                    "master = \"loud\"\n"   // 2: a string
                    "effects = 0.5\n"
                    "ambience = 1.5\n"      // 4: out of range
                    "muted = 1\n"           // 5: not a bool
                    "[window]\n"
                    "width = 800.0\n"       // 7: not a whole number
                    "height = 600\n"
                    "[view]\n"
                    "zoom = 8\n"            // 10: out of range
                    "minimap = false\n"
                    "fllow = true\n"        // 12: unknown key (a warning)
                    "[game]\n"
                    "last_map = 3\n");      // 14: not a string
    const game::SettingsLoad load = game::loadSettings(file);
    CHECK(load.saveAllowed);
    REQUIRE(load.problems.size() == 7);
    const std::vector<int> lines = {2, 4, 5, 7, 10, 12, 14};
    for (std::size_t i = 0; i < lines.size(); ++i) {
        CHECK(load.problems[i].file == file.string());
        CHECK(load.problems[i].line == lines[i]);
    }
    CHECK(isostar::formatDiagnostic(load.problems[0]) ==
          file.string() + ":2: error: audio.master: expected a number from 0 to 1, got string: using the default 1");
    CHECK(isostar::formatDiagnostic(load.problems[1]) ==
          file.string() + ":4: error: audio.ambience: expected a number from 0 to 1, got 1.5: using the default 1");
    CHECK(isostar::formatDiagnostic(load.problems[3]) ==
          file.string() + ":7: error: window.width: expected a whole number from 320 to 16384, got floating-point: "
                          "using the default 1280");
    CHECK(load.problems[5].severity == isostar::Severity::Warning);
    CHECK(load.problems[5].message.find("view.fllow: unknown key") == 0);
    game::Settings want;
    want.audio.effects = 0.5f;
    want.windowHeight = 600;
    want.minimap = false;
    CHECK(load.settings == want);
}

TEST_CASE("Settings: a table that is not one gives a message, the defaults for its keys")
{
    testsupport::TempDir dir("isostar-settings");
    const fs::path file = dir.path / "settings.toml";
    writeSettingsFixture(file, "audio = 3\n[view]\nfollow = true\n");
    const game::SettingsLoad load = game::loadSettings(file);
    REQUIRE(load.problems.size() == 1);
    CHECK(load.problems[0].line == 1);
    CHECK(load.problems[0].message.find("audio: expected a table") == 0);
    game::Settings want;
    want.follow = true;
    CHECK(load.settings == want);
}

TEST_CASE("Settings: a relative last map is read relative to the file's folder")
{
    testsupport::TempDir dir("isostar-settings");
    const fs::path file = dir.path / "cfg" / "settings.toml";
    writeSettingsFixture(file, "[game]\nlast_map = \"../maps/x.tmx\"\n");
    CHECK(game::loadSettings(file).settings.lastMap == (dir.path / "maps" / "x.tmx").string());
}

TEST_CASE("SettingsFile saves a change once it has settled, and at the end")
{
    testsupport::TempDir dir("isostar-settings");
    const fs::path file = dir.path / "isostar" / "settings.toml";
    game::SettingsFile settings(file);
    REQUIRE(settings.canSave());
    game::Settings now = settings.loaded();
    CHECK(settings.update(now, 0.0) == "");
    CHECK_FALSE(fs::exists(file));  // nothing changed: nothing written

    // A zoom by the wheel: a change every 0.1 s for 2 s, then still.
    double t = 1.0;
    for (int i = 0; i < 20; ++i, t += 0.1) {
        now.zoom = 1.f + 0.1f * float(i);
        settings.update(now, t);
        CHECK_FALSE(fs::exists(file));
    }
    settings.update(now, t + game::SettingsFile::SettleSec * 0.5);
    CHECK_FALSE(fs::exists(file));
    settings.update(now, t + game::SettingsFile::SettleSec);
    REQUIRE(fs::exists(file));
    CHECK(game::loadSettings(file).settings == now);
    CHECK(settings.saved() == now);

    now.follow = true;
    settings.update(now, t + 5.0);
    CHECK_FALSE(game::loadSettings(file).settings.follow);
    CHECK(settings.flush(now) == "");
    CHECK(game::loadSettings(file).settings == now);
}

TEST_CASE("SettingsFile without a file: the defaults, nothing saved")
{
    game::SettingsFile settings(std::nullopt);
    CHECK(settings.loaded() == game::Settings{});
    CHECK(settings.problems().empty());
    CHECK_FALSE(settings.canSave());
    CHECK(settings.flush(settingsWithEveryKeyChanged("/m.tmx")) == "");
}

TEST_CASE("startMap: the last map when it is there, else the fallback with a note")
{
    testsupport::TempDir dir("isostar-settings");
    const std::string valley = "maps/valley.tmx";
    game::Settings s;
    CHECK(game::startMap(s, valley).path == valley);
    CHECK(game::startMap(s, valley).note.empty());

    s.lastMap = dir.file("mine.tmx");
    writeSettingsFixture(s.lastMap, "<map/>");
    CHECK(game::startMap(s, valley).path == s.lastMap);
    CHECK(game::startMap(s, valley).note.empty());

    fs::remove(s.lastMap);
    const game::StartMap gone = game::startMap(s, valley);
    CHECK(gone.path == valley);
    CHECK(gone.note == "the last map played, " + s.lastMap + ", is gone: playing " + valley);
    s.lastMap = dir.path.string();  // a folder is no map
    CHECK(game::startMap(s, valley).path == valley);
}
