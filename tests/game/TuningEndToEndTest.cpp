// End-to-end: the tuning panel in the real `isostar` binary under a (virtual) display: F2 draws
// it (screenshots differ where it stands), a click on it does not move the party, `panel set`
// changes the values in force (`dump` `panel`), `panel save` writes the one changed line (and
// refuses, keeping both, a config broken on disk meanwhile), and a bad value stops the script
// with the config loader's message. Skips without a display.
#include "tests/support/RunProcess.hpp"
#include "tests/support/GameE2e.hpp"

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

using testsupport::haveDisplay;

fs::path tempDir(const std::string& name) { return testsupport::e2eDir("isostar-tuning-e2e", name); }

/// Runs isostar on maps/valley.tmx (with `extra` options) and `script`.
testsupport::ProcessResult runScript(const fs::path& dir, const std::string& script, const std::string& extra = "")
{
    return testsupport::runGameScript(dir, "maps/valley.tmx", script, extra);
}

Json readJson(const fs::path& file) { return testsupport::readJsonFile(file); }

/// Share of the pixels in [x0, x1) x [y0, y1) that differ between two images of the same size.
double differingShare(const sf::Image& a, const sf::Image& b, unsigned x0, unsigned y0, unsigned x1, unsigned y1)
{
    REQUIRE(a.getSize() == b.getSize());
    REQUIRE(x1 <= a.getSize().x);
    REQUIRE(y1 <= a.getSize().y);
    long differ = 0, total = 0;
    for (unsigned y = y0; y < y1; ++y)
        for (unsigned x = x0; x < x1; ++x, ++total)
            differ += a.getPixel(x, y) != b.getPixel(x, y) ? 1 : 0;
    return total ? double(differ) / double(total) : 0.0;
}

sf::Image loadImage(const fs::path& file)
{
    sf::Image img;
    REQUIRE(img.loadFromFile(file.string()));
    return img;
}

} // namespace

TEST_CASE("e2e tuning: F2 draws the panel over the game and hides it again")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("f2");
    const auto r = runScript(dir, "screenshot " + (dir / "off.png").string() + "\nkey F2\nscreenshot " +
                                      (dir / "on.png").string() + "\ndump " + (dir / "on.json").string() +
                                      "\nkey F2\nscreenshot " + (dir / "off2.png").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const sf::Image off = loadImage(dir / "off.png"), on = loadImage(dir / "on.png"), off2 = loadImage(dir / "off2.png");
    // The panel stands at the left, below the status panel: (10, 200), 440 px wide.
    CHECK(differingShare(off, on, 20, 210, 440, 590) > 0.5);
    CHECK(differingShare(off, off2, 20, 210, 440, 590) < 0.05);
    // Far from it (right half, below the tile panel) the game looks the same.
    CHECK(differingShare(off, on, 700, 400, 1200, 600) < 0.05);
    const Json j = readJson(dir / "on.json");
    CHECK(j["panel_visible"].get<bool>());
    CHECK(j["panel"]["terrain.snow.cost"].get<double>() == 3.0);
    CHECK(j["panel"]["movement.heuristic"].get<std::string>() == "octile");
    CHECK(j["panel"]["terrain.wall.passable"].get<bool>() == false);
}

TEST_CASE("e2e tuning: a click on the panel does not move the party, the same click without it does")
{
    if (!haveDisplay())
        return;
    for (const bool panel : {false, true}) {
        const fs::path dir = tempDir(panel ? "click-on" : "click-off");
        const auto r = runScript(dir, std::string("select all\n") + (panel ? "key F2\n" : "") + "click 230 450\nwait 0.5\ndump " +
                                          (dir / "d.json").string() + "\nquit\n");
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        const Json j = readJson(dir / "d.json");
        bool anyMoving = false;
        for (const Json& u : j["units"])
            anyMoving = anyMoving || u["moving"].get<bool>();
        INFO("panel shown: " << panel);
        CHECK(anyMoving == !panel);
        CHECK(j["last_path"].is_null() == panel);
    }
}

TEST_CASE("e2e tuning: a scripted click on a checkbox of the panel goes through ImGui and applies at once")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("checkbox");
    // With ImGui's default font and the panel's first-use layout, grass's `passable` checkbox
    // (Terrain > grass, third row, below the six movement rows) stands at (144, 551) in a 1280x720
    // window.
    const auto r = runScript(dir, "dump " + (dir / "a.json").string() + "\nkey F2\nclick 144 551\ndump " +
                                      (dir / "b.json").string() + "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json a = readJson(dir / "a.json"), b = readJson(dir / "b.json");
    CHECK(a["panel"]["terrain.grass.passable"].get<bool>());
    CHECK_FALSE(b["panel"]["terrain.grass.passable"].get<bool>());
    CHECK(b["world"]["version"].get<int>() > a["world"]["version"].get<int>());
}

TEST_CASE("e2e tuning: panel set changes the values in force and the costs, panel save writes one line")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("set");
    const fs::path config = dir / "terrain.toml";
    fs::copy_file(std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml", config);
    const fs::path out = dir / "tuned.toml";
    const auto r = runScript(dir,
                             "select all\nmove 40 20\nwait 0.2\ndump " + (dir / "before.json").string() +
                                 "\npanel set terrain.snow.cost 0.5\npanel set profile.dwarf.terrain.snow.cost 0.25\n"
                                 "wait 0.2\ndump " + (dir / "after.json").string() + "\npanel save " + out.string() +
                                 "\nquit\n",
                             "--config \"" + config.string() + "\"");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json before = readJson(dir / "before.json"), after = readJson(dir / "after.json");
    CHECK(before["panel"]["terrain.snow.cost"].get<double>() == 3.0);
    CHECK(after["panel"]["terrain.snow.cost"].get<double>() == 0.5);
    CHECK(after["panel"]["profile.dwarf.terrain.snow.cost"].get<double>() == 0.25);
    CHECK(after["world"]["version"].get<int>() > before["world"]["version"].get<int>());
    CHECK(after["world"]["reloads"].get<int>() == 0);
    CHECK(after["world"]["edits"].get<int>() == 0);
    // The saved file: the config with exactly the two changed lines.
    std::vector<std::string> a, b;
    {
        std::istringstream ia(testsupport::readFile(config)), ib(testsupport::readFile(out));
        for (std::string l; std::getline(ia, l);)
            a.push_back(l);
        for (std::string l; std::getline(ib, l);)
            b.push_back(l);
    }
    REQUIRE(a.size() == b.size());
    int differ = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) {
            ++differ;
            CHECK(a[i] == (i > 0 && a[i - 1] == "[profile.dwarf.terrain.snow]" ? "cost = 1.5" : "cost = 3.0"));
        }
    CHECK(differ == 2);
}

TEST_CASE("e2e tuning: panel save to the config in use is not reloaded as a change of the file")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("save-watch");
    const fs::path config = dir / "terrain.toml";
    fs::copy_file(std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml", config);
    // `sleep` runs the game in real time, polling its watched files twice a second.
    const auto r = runScript(dir,
                             "panel set terrain.snow.cost 2.5\npanel save " + config.string() + "\nsleep 1.5\ndump " +
                                 (dir / "d.json").string() + "\nquit\n",
                             "--config \"" + config.string() + "\"");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json j = readJson(dir / "d.json");
    CHECK(j["world"]["reloads"].get<int>() == 0);
    CHECK(j["panel"]["terrain.snow.cost"].get<double>() == 2.5);
    for (const Json& m : j["messages"])
        CHECK(m.get<std::string>().find("a file changed") == std::string::npos);
    CHECK(fs::exists(config.string() + ".bak"));
    CHECK(testsupport::readFile(config).find("[terrain.snow]\ncost = 2.5\n") != std::string::npos);
}

TEST_CASE("e2e tuning: a config broken on disk while the game runs: panel set still applies, panel save refuses and keeps both")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("save-broken");
    const fs::path config = dir / "terrain.toml";
    fs::copy_file(std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml", config);
    const std::string broken = "[terrain.snow\ncost = \n";
    std::ofstream(dir / "broken.toml") << broken;
    const fs::path started = dir / "started.json", after = dir / "after.json";
    // A second process breaks the config once the game runs (its first dump); the game keeps
    // running in real time meanwhile (`sleep`), sees the change and fails to reload it.
    std::ofstream(dir / "test.script") << "panel set terrain.snow.cost 2.5\ndump " << started.string()
                                       << "\nsleep 3\npanel set terrain.snow.cost 2.25\ndump " << after.string()
                                       << "\npanel save " << config.string() << "\nquit\n";
    const std::string writer = "(for i in $(seq 600); do [ -f '" + started.string() + "' ] && break; sleep 0.1; done; cp '" +
                               (dir / "broken.toml").string() + "' '" + config.string() + "') & ";
    // In a subshell, so the capture of stdout and stderr covers the game, not only `exit`.
    const auto r = testsupport::runProcess("(" + writer + testsupport::isostarCommand() + " --map \"" +
                                           std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx\" --config '" +
                                           config.string() + "' --script '" + (dir / "test.script").string() +
                                           "'; rc=$?; wait; exit $rc)");
    INFO(r.err);
    CHECK(r.exitCode == 2);
    const Json j = readJson(after);
    CHECK(j["world"]["reloads"].get<int>() == 0);
    CHECK(j["panel"]["terrain.snow.cost"].get<double>() == 2.25);
    bool reloadFailed = false;
    for (const Json& m : j["messages"])
        reloadFailed = reloadFailed || m.get<std::string>().find("reload failed") != std::string::npos;
    CHECK(reloadFailed);
    const std::string p = config.string();
    CHECK(r.err.find("test.script:6: error: panel save: not saved: " + p +
                     " changed on disk since the panel read it and does not load (" + p + ":1: error: ") != std::string::npos);
    CHECK(r.err.find("; your values stay in the panel: Save again to overwrite it (the file on disk is then kept as " + p +
                     ".bak)") != std::string::npos);
    CHECK(testsupport::readFile(config) == broken);
}

TEST_CASE("e2e tuning: a bad value stops the script with the loader's message")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("bad");
    const auto r = runScript(dir, "panel set terrain.snow.cost -1\nquit\n");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("test.script:1: error: panel set: terrain.snow.cost: must be a finite number > 0, got -1") !=
          std::string::npos);
}

TEST_CASE("e2e tuning: panel set movement.sight widens the fog's sight at once, panel save writes its line")
{
    if (!haveDisplay())
        return;
    const fs::path dir = tempDir("sight");
    const fs::path config = dir / "terrain.toml";
    fs::copy_file(std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml", config);
    const auto r = runScript(dir,
                             "fog on\nwait 0.1\ndump " + (dir / "before.json").string() +
                                 "\npanel set movement.sight 12\npanel set profile.dwarf.movement.sight 3\nwait 0.1\ndump " +
                                 (dir / "after.json").string() + "\npanel save " + config.string() + "\nquit\n",
                             "--config \"" + config.string() + "\"");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json before = readJson(dir / "before.json"), after = readJson(dir / "after.json");
    CHECK(before["panel"]["movement.sight"].get<double>() == 7.0);
    CHECK(after["panel"]["movement.sight"].get<double>() == 12.0);
    CHECK(after["panel"]["profile.dwarf.movement.sight"].get<double>() == 3.0);
    CHECK(after["fog"]["known"].get<int>() > before["fog"]["known"].get<int>());
    const std::string saved = testsupport::readFile(config);
    CHECK(saved.find("\nsight = 12 ") != std::string::npos);
    CHECK(saved.find("[profile.dwarf.movement]\nsight = 3\n") != std::string::npos);
}
