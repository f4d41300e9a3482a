// End-to-end reloads: the real `isostar` binary runs a script while a second process changes a
// file it watches (a config) or the map it reloads with F5, each change once the game has
// dumped that it got there. Without a display each test reports itself skipped (CTest).

#include "tests/support/GameE2e.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

using testsupport::haveDisplay;
using testsupport::isostarCommand;
using Run = testsupport::ProcessResult;

/// Shell: waits (at most a minute) until `there` exists, then copies `from` over `to`.
std::string copyOnceThere(const fs::path& there, const fs::path& from, const fs::path& to)
{
    return "for i in $(seq 600); do [ -f '" + there.string() + "' ] && break; sleep 0.1; done; cp '" + from.string() +
           "' '" + to.string() + "'; ";
}

/// Runs `writer` (a background shell command) beside isostar with `arguments`; the game's own
/// exit status is the command's.
Run runBeside(const std::string& writer, const std::string& arguments)
{
    return testsupport::runProcess(writer + isostarCommand() + " " + arguments + "; rc=$?; wait; exit $rc");
}

/// A message on screen in `dump` for which `match` holds.
bool onScreen(const Json& dump, const std::function<bool(const std::string&)>& match)
{
    for (const Json& m : dump["messages_on_screen"])
        if (match(m.get<std::string>()))
            return true;
    return false;
}

} // namespace

TEST_CASE("e2e: a broken config keeps the world and shows its error, the fixed file is reloaded while the game runs")
{
    if (!haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "hotreload");
    const fs::path config = dir / "terrain.toml";
    fs::copy_file(fs::path(ISOSTAR_SOURCE_DIR) / "maps" / "terrain.toml", config);
    std::ofstream(dir / "broken.toml") << "[terrain.grass]\ncost = \n";
    {
        std::ifstream in(config);
        std::stringstream text;
        text << in.rdbuf();
        std::ofstream(dir / "fixed.toml") << text.str() << "\n# fixed\n";
    }
    const fs::path scriptFile = dir / "test.script";
    const fs::path started = dir / "started.json";
    std::ofstream(scriptFile) << "dump " << started.string() << "\nsleep 2.5\ndump " << (dir / "broken.json").string()
                              << "\nsleep 3\ndump " << (dir / "fixed.json").string() << "\nquit\n";
    // A second process changes the watched config while the game sleeps (real time), each step
    // after the game has shown it got there (its dumps), so a slow start (a sanitizer build on a
    // loaded machine) cannot reorder them: broken once the game runs, fixed once the broken
    // state was dumped. The game's own exit status is the command's.
    const std::string writer = "(" + copyOnceThere(started, dir / "broken.toml", config) +
                               copyOnceThere(dir / "broken.json", dir / "fixed.toml", config) + ") & ";
    const Run r = runBeside(writer, "--map \"" + std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx\" --config '" +
                                        config.string() + "' --script \"" + scriptFile.string() + "\"");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json broken = testsupport::readJsonFile(dir / "broken.json");
    CHECK(broken["world"]["reloads"].get<int>() == 0);
    CHECK(broken["world"]["config"].get<std::string>() == config.string());
    CHECK(onScreen(broken, [&](const std::string& m) { return m.find(config.string() + ":2:") != std::string::npos; }));
    const Json fixed = testsupport::readJsonFile(dir / "fixed.json");
    CHECK(fixed["world"]["reloads"].get<int>() == 1);
    CHECK(fixed["units"].size() == 5);  // the four and the ox cart
}

TEST_CASE("e2e: F5 reloads on the loading worker with frames drawn meanwhile, a broken map keeps the last good one and names the file")
{
    if (!haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "asyncreload");
    const fs::path map = dir / "road.tmx";
    std::string text;
    {
        std::ifstream in(fs::path(ISOSTAR_SOURCE_DIR) / "maps" / "seed" / "road.tmx");
        std::stringstream s;
        s << in.rdbuf();
        text = s.str();
    }
    // A copy beside the test's files, its tilesets still the repository's.
    for (std::size_t at = text.find("\"../../assets/"); at != std::string::npos; at = text.find("\"../../assets/", at))
        text.replace(at + 1, 6, std::string(ISOSTAR_SOURCE_DIR) + "/");
    std::ofstream(map) << text;
    std::ofstream(dir / "broken.tmx") << text.substr(0, 300);
    const fs::path scriptFile = dir / "test.script";
    const fs::path first = dir / "first.json";
    std::ofstream(scriptFile) << "key F5\ndump " << first.string() << "\nsleep 1.5\nkey F5\ndump "
                              << (dir / "broken.json").string() << "\nquit\n";
    // A second process breaks the map once the game has dumped the first reload.
    const std::string writer = "(" + copyOnceThere(first, dir / "broken.tmx", map) + ") & ";
    const Run r = runBeside(writer, "--map '" + map.string() + "' --script '" + scriptFile.string() + "'");
    testsupport::requireDisplayReached(r);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json one = testsupport::readJsonFile(first);
    CHECK(one["world"]["reloads"].get<int>() == 1);
    CHECK(one["world"]["reload_frames"].get<long long>() >= 1);  // the window was drawn while it loaded
    const Json broken = testsupport::readJsonFile(dir / "broken.json");
    CHECK(broken["world"]["reloads"].get<int>() == 1);  // the broken map was never adopted
    CHECK(broken["units"].size() == one["units"].size());
    CHECK(broken["world"]["reload_frames"].get<long long>() > one["world"]["reload_frames"].get<long long>());
    CHECK(onScreen(broken, [&](const std::string& m) {
        return m.rfind("reload failed, keeping the last good map: " + map.string(), 0) == 0;
    }));
}
