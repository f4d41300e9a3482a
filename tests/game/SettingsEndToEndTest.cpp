// End-to-end: the settings file and the version in the real `isostar` binary. `--version`
// prints project()'s version; a run keeps the window size, zoom, minimap, follow mode and map
// in $XDG_CONFIG_HOME/isostar/settings.toml and the next run starts from them (without --map:
// the last map, the valley when it is gone or does not open); a broken file is said with its line and left as it
// is. Each test has its own XDG_CONFIG_HOME. The window tests skip without a display.

#include "game/settings/Settings.hpp"
#include "tests/support/GameE2e.hpp"
#include "tests/support/ProjectVersion.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

/// Runs isostar with XDG_CONFIG_HOME=DIR/config on `script` (DIR/test.script); `args` come
/// before --script (no --map: the settings' last map).
testsupport::ProcessResult runWithSettings(const fs::path& dir, const std::string& args, const std::string& script)
{
    const fs::path scriptFile = dir / "test.script";
    std::ofstream(scriptFile) << script;
    const testsupport::ProcessResult r = testsupport::runProcess("XDG_CONFIG_HOME='" + (dir / "config").string() + "' " +
                                                                 testsupport::isostarCommand() + " " + args + " --script '" +
                                                                 scriptFile.string() + "'");
    testsupport::requireDisplayReached(r);
    return r;
}

fs::path settingsFileIn(const fs::path& dir)
{
    return dir / "config" / "isostar" / "settings.toml";
}

void writeSettingsFileIn(const fs::path& dir, const std::string& text)
{
    fs::create_directories(settingsFileIn(dir).parent_path());
    std::ofstream(settingsFileIn(dir), std::ios::binary) << text;
}

/// A PNG's width and height (its IHDR chunk, big-endian at bytes 16..23).
std::pair<unsigned, unsigned> settingsPngSize(const fs::path& file)
{
    const std::string b = testsupport::readFile(file);
    REQUIRE(b.size() > 24);
    const auto be32 = [&](std::size_t at) {
        unsigned v = 0;
        for (std::size_t i = 0; i < 4; ++i)
            v = (v << 8) | static_cast<unsigned char>(b[at + i]);
        return v;
    };
    return {be32(16), be32(20)};
}

std::string settingsSourceMap(const std::string& relative)
{
    return (fs::path(ISOSTAR_SOURCE_DIR) / relative).lexically_normal().string();
}

} // namespace

TEST_CASE("isostar --version prints the CMake project's version, without a display")
{
    const std::string version = testsupport::projectVersion();
    REQUIRE_FALSE(version.empty());
    const testsupport::ProcessResult r = testsupport::runProcess("DISPLAY= " + testsupport::isostarCommand() + " --version");
    INFO(r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out == "isostar " + version + "\n");
}

TEST_CASE("e2e: a run keeps the window size, zoom, minimap, follow and map, and the next run starts from them")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "settings-keep");
    const std::string road = settingsSourceMap("maps/seed/road.tmx");
    writeSettingsFileIn(dir, "# mine\n[window]\nwidth = 800\nheight = 600\n[mods]\nx = 1\n");
    testsupport::ProcessResult r = runWithSettings(
        dir, "--map '" + road + "'",
        "screenshot " + (dir / "first.png").string() + "\nwheel 400 300 -2\nselect all\nfollow on\nminimap off\nwait 0.1\ndump " +
            (dir / "first.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(settingsPngSize(dir / "first.png") == std::pair<unsigned, unsigned>{800, 600});
    const nlohmann::json first = testsupport::readJsonFile(dir / "first.json");
    const float zoom = first["camera"]["zoom"].get<float>();
    CHECK(zoom != 1.f);

    const std::string text = testsupport::readFile(settingsFileIn(dir));
    INFO(text);
    CHECK(text.rfind("# mine\n", 0) == 0);  // the user's comment and table stay
    CHECK(text.find("[mods]\nx = 1\n") != std::string::npos);
    const game::SettingsLoad saved = game::loadSettings(settingsFileIn(dir));
    CHECK(saved.problems.empty());
    CHECK(saved.settings.windowWidth == 800);
    CHECK(saved.settings.follow);
    CHECK_FALSE(saved.settings.minimap);
    CHECK(saved.settings.zoom == zoom);
    CHECK(saved.settings.lastMap == road);

    // No --map: the last map, with the view as it was left.
    r = runWithSettings(dir, "", "screenshot " + (dir / "second.png").string() + "\ndump " +
                                     (dir / "second.json").string() + "\nquit\n");
    REQUIRE(r.exitCode == 0);
    CHECK(settingsPngSize(dir / "second.png") == std::pair<unsigned, unsigned>{800, 600});
    const nlohmann::json second = testsupport::readJsonFile(dir / "second.json");
    CHECK(fs::path(second["map"].get<std::string>()).lexically_normal().string() == road);
    CHECK(second["follow"] == true);
    CHECK(second["minimap"]["visible"] == false);
    CHECK(second["camera"]["zoom"].get<float>() == zoom);
}

TEST_CASE("e2e: without --map a last map that is gone or does not open falls back to the valley, said once")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "settings-gone");
    const std::string gone = (dir / "gone.tmx").string();
    writeSettingsFileIn(dir, "[game]\nlast_map = \"" + gone + "\"\n");
    const testsupport::ProcessResult r =
        runWithSettings(dir, "", "dump " + (dir / "d.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json d = testsupport::readJsonFile(dir / "d.json");
    CHECK(fs::path(d["map"].get<std::string>()).filename() == "valley.tmx");
    CHECK(r.err.find("the last map played, " + gone + ", is gone") != std::string::npos);
    // The valley is now the last map.
    CHECK(fs::path(game::loadSettings(settingsFileIn(dir)).settings.lastMap).filename() == "valley.tmx");

    // A last map that is there but does not open: its problems, then the valley.
    const std::string broken = (dir / "broken.tmx").string();
    std::ofstream(broken) << "<map";
    writeSettingsFileIn(dir, "[game]\nlast_map = \"" + broken + "\"\n");
    const testsupport::ProcessResult b = runWithSettings(dir, "", "dump " + (dir / "b.json").string() + "\nquit\n");
    INFO(b.err);
    REQUIRE(b.exitCode == 0);
    CHECK(fs::path(testsupport::readJsonFile(dir / "b.json")["map"].get<std::string>()).filename() == "valley.tmx");
    CHECK(b.err.find(broken + ":") != std::string::npos);
    CHECK(b.err.find("the last map played, " + broken + ", does not open") != std::string::npos);
}

TEST_CASE("e2e: a broken settings file is said with its file and line, and left byte for byte")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "settings-broken");
    const std::string text = "[view]\nzoom = = 2\nfollow = true\n";
    writeSettingsFileIn(dir, text);
    const testsupport::ProcessResult r = runWithSettings(
        dir, "--map '" + settingsSourceMap("maps/seed/road.tmx") + "'",
        "select all\nfollow on\nminimap off\nwheel 640 360 -1\nwait 1.5\ndump " + (dir / "d.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const std::string said = settingsFileIn(dir).string() + ":2: error: not valid TOML";
    CHECK(r.err.find(said) != std::string::npos);
    CHECK(r.err.find(said, r.err.find(said) + 1) == std::string::npos);  // once
    const nlohmann::json d = testsupport::readJsonFile(dir / "d.json");
    bool onScreen = false;
    for (const auto& m : d["messages"])
        onScreen = onScreen || m.get<std::string>().rfind(said, 0) == 0;
    CHECK(onScreen);
    CHECK(testsupport::readFile(settingsFileIn(dir)) == text);
    CHECK(std::distance(fs::directory_iterator(settingsFileIn(dir).parent_path()), fs::directory_iterator()) == 1);
}

TEST_CASE("e2e: with neither XDG_CONFIG_HOME nor HOME the game plays on the defaults and says so once")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "settings-nohome");
    std::ofstream(dir / "test.script") << "dump " << (dir / "d.json").string() << "\nquit\n";
    const testsupport::ProcessResult r = testsupport::runProcess(
        "env -u HOME -u XDG_CONFIG_HOME " + testsupport::isostarCommand() + " --script '" + (dir / "test.script").string() + "'");
    testsupport::requireDisplayReached(r);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.find("neither XDG_CONFIG_HOME nor HOME is set: the settings are not kept") != std::string::npos);
    CHECK(fs::path(testsupport::readJsonFile(dir / "d.json")["map"].get<std::string>()).filename() == "valley.tmx");
}
