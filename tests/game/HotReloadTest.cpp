// Hot reload without a window: the file watcher (a change reported once it has settled, on a
// fake clock), WorldHost keeping the last good world, and the party walking on through a change
// of costs.
#include "game/party/Party.hpp"
#include "game/world/FileWatcher.hpp"
#include "game/world/WorldHost.hpp"

#include "tests/game/GridFromAscii.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using isostar::TileCoord;

namespace {

const std::string kTinyMap = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/tiny.tmx";

/// A fresh folder under the temp dir for one test.
fs::path scratch(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() / ("isostar_hot_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeText(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

/// Makes the next write visible to a modification-time check even on coarse clocks.
void bumpTime(const fs::path& path, int seconds)
{
    fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(seconds));
}

const std::string GoodConfig = "[terrain.grass]\ncost = 1.0\n[terrain.wall]\npassable = false\n"
                               "[terrain.road]\nmultiplier = 0.5\n";

} // namespace

TEST_CASE("file watcher: a change of size, time or existence is reported once")
{
    const fs::path dir = scratch("watcher");
    writeText(dir / "a.txt", "one");
    game::FileWatcher w(0.0);  // no settle time: a change is reported at the first poll that sees it
    w.watch({(dir / "a.txt").string(), (dir / "later.txt").string(), (dir / "a.txt").string()});
    CHECK(w.files().size() == 2);  // duplicates dropped
    CHECK(w.poll(0.0).empty());
    writeText(dir / "a.txt", "three");
    auto changed = w.poll(1.0);
    REQUIRE(changed.size() == 1);
    CHECK(changed[0] == (dir / "a.txt").string());
    CHECK(w.poll(2.0).empty());       // reported once
    bumpTime(dir / "a.txt", 5);       // same size, other time
    CHECK(w.poll(3.0).size() == 1);
    writeText(dir / "later.txt", "x");  // a file appearing
    changed = w.poll(4.0);
    REQUIRE(changed.size() == 1);
    CHECK(changed[0] == (dir / "later.txt").string());
    fs::remove(dir / "a.txt");          // and disappearing
    CHECK(w.poll(5.0).size() == 1);
}

TEST_CASE("file watcher: a file still being written is reported only once it has stayed the same for the settle time")
{
    const fs::path dir = scratch("settle");
    const fs::path file = dir / "terrain.toml";
    writeText(file, GoodConfig);
    game::FileWatcher w;
    CHECK(w.settleTime() == Approx(game::FileWatcher::DefaultSettleSec));
    w.watch({file.string()});
    const double t = 100.0;
    CHECK(w.poll(t - 1.0).empty());

    // Written in two parts: the first poll sees the first part, the next one the second.
    writeText(file, GoodConfig.substr(0, 20));
    CHECK(w.poll(t).empty());
    CHECK(w.settling());
    std::ofstream(file, std::ios::binary | std::ios::app) << GoodConfig.substr(20);
    CHECK(w.poll(t + 0.1).empty());  // changed again since the last poll: not settled
    CHECK(w.settling());
    const auto changed = w.poll(t + 0.4);  // the same for 0.3 s >= 0.25 s: reported, once
    REQUIRE(changed.size() == 1);
    CHECK(changed[0] == file.string());
    CHECK_FALSE(w.settling());
    CHECK(w.poll(t + 0.5).empty());
    CHECK(w.poll(t + 5.0).empty());

    // A file that keeps changing is not reported while it changes, then once when it is still.
    double now = t + 10.0;
    for (int i = 0; i < 20; ++i, now += 0.1) {
        std::ofstream(file, std::ios::binary | std::ios::app) << "# more\n";
        CHECK(w.poll(now).empty());
    }
    CHECK(w.poll(now).empty());           // 0.1 s after the last write
    CHECK(w.poll(now + 0.2).size() == 1);  // 0.3 s
    CHECK(w.poll(now + 1.0).empty());

    // The settle time is the caller's: a longer one waits longer.
    w.setSettleTime(2.0);
    bumpTime(file, 3);
    CHECK(w.poll(now + 10.0).empty());
    CHECK(w.poll(now + 11.0).empty());
    CHECK(w.poll(now + 12.0).size() == 1);
}

TEST_CASE("world host: a config still being written is never loaded, the finished one is (road_long_wall keeps its wall)")
{
    // maps/terrain.toml cut after 1,500 bytes is a valid config without terrains: loaded, the
    // wall of road_long_wall would be passable. The host must wait until the file stays still.
    const std::string seed = std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/road_long_wall.tmx";
    const std::string shipped = readText(std::string(ISOSTAR_SOURCE_DIR) + "/maps/terrain.toml");
    const fs::path dir = scratch("halfwritten");
    const fs::path config = dir / "terrain.toml";
    const auto impassableCells = [](const game::World& w) {
        int n = 0;
        for (int y = 0; y < w.nav.height(); ++y)
            for (int x = 0; x < w.nav.width(); ++x)
                n += w.nav.passable(0, {x, y}) ? 0 : 1;
        return n;
    };
    writeText(config, shipped.substr(0, 1500));
    auto half = game::loadWorld({seed, config.string(), ""});
    REQUIRE(half);  // the danger: half a file loads, and the wall is gone
    REQUIRE(impassableCells(half.value()) == 0);

    writeText(config, shipped);
    game::WorldHost host;
    REQUIRE(host.open({seed, config.string(), ""}).empty());
    const int walls = impassableCells(host.world());
    REQUIRE(walls > 0);

    double t = 50.0;
    CHECK_FALSE(host.filesChanged(t));
    // A writer rewrites the file (a changed comment at the end) in two steps.
    const std::string next = shipped + "# tuned\n";
    writeText(config, next.substr(0, 1500));
    t += 1.0;
    CHECK_FALSE(host.filesChanged(t));        // sees the first part: not settled
    writeText(config, next);
    CHECK_FALSE(host.filesChanged(t + 0.1));  // too soon to look again
    CHECK_FALSE(host.filesChanged(t + 0.3));  // sees the whole file: changed since, not settled
    REQUIRE(host.filesChanged(t + 0.6));      // the same for 0.3 s: reported
    CHECK_FALSE(host.filesChanged(t + 1.2));  // once
    auto reloaded = host.loadAgain();
    REQUIRE(reloaded);
    CHECK(reloaded.value().configText == next);
    host.adopt(std::move(reloaded).value());
    CHECK(impassableCells(host.world()) == walls);
    CHECK(host.reloads() == 1);
}

TEST_CASE("world host: watches map and config, keeps the last good world on a broken file, reloads the fixed one")
{
    const fs::path dir = scratch("host");
    const std::string map = (dir / "tiny.tmx").string();
    writeText(map, readText(kTinyMap));
    writeText(dir / "terrain.toml", GoodConfig);

    game::WorldHost host;
    const auto problems = host.open({map, "", ""});
    REQUIRE(problems.empty());
    CHECK(host.version() == 1);
    CHECK(host.reloads() == 0);
    const auto files = game::watchedFiles(host.world());
    CHECK(std::find(files.begin(), files.end(), map) != files.end());
    CHECK(std::find(files.begin(), files.end(), (dir / "terrain.toml").string()) != files.end());
    CHECK(host.world().nav.cost(0, {1, 1}) == Approx(0.5f));

    double now = 0.0;
    CHECK_FALSE(host.filesChanged(now));
    // A broken config (half written): the change is seen, the load fails naming file and line,
    // the current world is untouched.
    writeText(dir / "terrain.toml", GoodConfig + "[terrain.road\nmultiplier = ");
    bumpTime(dir / "terrain.toml", 2);
    CHECK_FALSE(host.filesChanged(now + 0.1));  // throttled
    now += 1.0;
    CHECK_FALSE(host.filesChanged(now));        // seen, settling
    now += 0.3;
    REQUIRE(host.filesChanged(now));            // still the same: settled
    auto bad = host.loadAgain();
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.diagnostics()[0].file == (dir / "terrain.toml").string());
    CHECK(bad.diagnostics()[0].line > 0);
    CHECK(host.world().nav.cost(0, {1, 1}) == Approx(0.5f));
    CHECK(host.version() == 1);
    now += 1.0;
    CHECK_FALSE(host.filesChanged(now));  // not retried until the file changes again

    // Fixed: road costs change, the new world is adopted.
    writeText(dir / "terrain.toml", "[terrain.grass]\ncost = 1.0\n[terrain.wall]\npassable = false\n"
                                    "[terrain.road]\nmultiplier = 0.25\n");
    bumpTime(dir / "terrain.toml", 4);
    now += 1.0;
    CHECK_FALSE(host.filesChanged(now));
    now += 0.3;
    REQUIRE(host.filesChanged(now));
    auto good = host.loadAgain();
    REQUIRE(good.ok());
    host.adopt(std::move(good).value());
    CHECK(host.world().nav.cost(0, {1, 1}) == Approx(0.25f));
    CHECK(host.version() == 2);
    CHECK(host.reloads() == 1);

    // A broken map keeps the world too, and names the map.
    writeText(map, readText(kTinyMap).substr(0, 300));
    bumpTime(dir / "tiny.tmx", 6);
    now += 1.0;
    CHECK_FALSE(host.filesChanged(now));
    now += 0.3;
    REQUIRE(host.filesChanged(now));
    auto badMap = host.loadAgain();
    REQUIRE_FALSE(badMap.ok());
    CHECK(badMap.diagnostics()[0].file == map);
    CHECK(host.world().map.width == 6);
}

TEST_CASE("changed costs: only units whose remaining path crosses a changed cell replan")
{
    const std::vector<std::string> rows = {
        "..........",
        "..........",
        "..........",
        "..........",
    };
    game::Party s;
    isostar::path::NavGrid grid = navFromAscii(rows);
    REQUIRE(s.reset(grid));
    const int top = s.spawn("top", {0, 0});
    const int bottom = s.spawn("bottom", {0, 3});
    s.order({top}, {9, 0});
    s.order({bottom}, {9, 3});
    const auto topPath = s.units()[std::size_t(top)].path;
    const auto bottomPath = s.units()[std::size_t(bottom)].path;
    REQUIRE(std::find(bottomPath.begin(), bottomPath.end(), TileCoord{5, 3}) != bottomPath.end());

    // A wall across the bottom row only.
    std::vector<std::string> walled = rows;
    walled[3][5] = '#';
    walled[2][5] = '#';
    game::CostChangeReport rep;
    const isostar::path::NavDirty dirty = grid.replaceLayer(0, gridFromAscii(walled), {});
    REQUIRE(dirty.layer == 0);
    s.gridChanged({&dirty, 1}, &rep);
    CHECK(rep.replanned == std::vector<int>{bottom});
    CHECK(rep.displaced.empty());
    CHECK(s.units()[std::size_t(top)].path == topPath);  // untouched
    CHECK(s.pendingPaths() == 1);                        // the bottom unit's new path is a request
    s.update(0.0);                                       // served within the frame's budget
    CHECK(s.pendingPaths() == 0);
    const auto& np = s.units()[std::size_t(bottom)].path;
    REQUIRE_FALSE(np.empty());
    CHECK(std::find(np.begin(), np.end(), TileCoord{5, 3}) == np.end());
    CHECK(s.units()[std::size_t(bottom)].goal == TileCoord{9, 3});
    // Walking on, nobody ever stands on the wall and both arrive.
    for (int k = 0; k < 60 * 60 && s.anyMoving(); ++k) {
        s.update(1.0 / 60.0);
        for (const game::Unit& u : s.units())
            REQUIRE(s.passable(u.tile));
    }
    CHECK(s.units()[std::size_t(top)].tile == TileCoord{9, 0});
    CHECK(s.units()[std::size_t(bottom)].tile == TileCoord{9, 3});
}

TEST_CASE("changed costs: a unit on a cell that became impassable steps to the nearest passable one")
{
    game::Party s;
    isostar::path::NavGrid grid = navFromAscii({".....", ".....", "....."});
    REQUIRE(s.reset(grid));
    s.spawn("knight", {2, 1});
    s.spawn("mage", {1, 1});
    game::CostChangeReport rep;
    const isostar::path::NavDirty dirty = grid.replaceLayer(0, gridFromAscii({".....", ".##..", "....."}), {});
    REQUIRE(dirty.layer == 0);
    s.gridChanged({&dirty, 1}, &rep);
    REQUIRE(rep.displaced.size() == 2);
    for (const game::Unit& u : s.units()) {
        CHECK(s.passable(u.tile));
        CHECK(std::abs(u.tile.x - 1) + std::abs(u.tile.y - 1) <= 2);
    }
    CHECK(s.units()[0].tile != s.units()[1].tile);
}
