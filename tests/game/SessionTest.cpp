// The session without a window: loading and spawning, reloads that keep the last good world,
// edits and tuning that make walking units replan, the brush, and orders with their refusals.
#include "game/session/Session.hpp"

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

namespace {

const std::string SessionTinyMap = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/tiny.tmx";

void putFile(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

/// A copy of tests/game/data/tiny.tmx in `dir`, with a config beside it. The map's path.
std::string freshMap(const testsupport::TempDir& dir)
{
    putFile(dir.file("terrain.toml"), "[terrain.grass]\ncost = 1.0\n[terrain.wall]\npassable = false\n"
                                      "[terrain.road]\nmultiplier = 0.5\n");
    putFile(dir.file("tiny.tmx"), testsupport::readAll(SessionTinyMap));
    return dir.file("tiny.tmx");
}

/// tiny.tmx's tileset and party on an open field of `w` x `h` grass cells in `dir`. The map's path.
std::string grassMap(const testsupport::TempDir& dir, int w, int h)
{
    const std::string tiny = testsupport::readAll(SessionTinyMap);
    const std::size_t layer = tiny.find(" <layer"), objects = tiny.find(" <objectgroup");
    std::string row;
    for (int x = 0; x < w; ++x)
        row += "1,";
    std::string data;
    data.reserve(std::size_t(h) * row.size());
    for (int y = 0; y < h; ++y)
        data += row + "\n";
    data.resize(data.size() - 2);  // no comma after the last cell
    std::string head = tiny.substr(0, layer);
    head.replace(head.find("width=\"6\" height=\"4\""), 20,
                 "width=\"" + std::to_string(w) + "\" height=\"" + std::to_string(h) + "\"");
    putFile(dir.file("terrain.toml"), "[terrain.grass]\ncost = 1.0\n[terrain.wall]\npassable = false\n");
    putFile(dir.file("grass.tmx"), head + " <layer id=\"1\" name=\"ground\" width=\"" + std::to_string(w) +
                                       "\" height=\"" + std::to_string(h) + "\">\n  <data encoding=\"csv\">\n" +
                                       data + "\n</data>\n </layer>\n" + tiny.substr(objects));
    return dir.file("grass.tmx");
}

bool said(const game::MessageLog& log, const std::string& start)
{
    return std::any_of(log.log().begin(), log.log().end(), [&](const std::string& m) { return m.rfind(start, 0) == 0; });
}

} // namespace

TEST_CASE("session: open spawns a party and tells the view through its hooks")
{
    game::MessageLog log;
    int accepted = 0, spawned = 0, loaded = 0;
    game::SessionHooks hooks;
    hooks.acceptWorld = [&](const game::World&, std::vector<eng::Diagnostic>&) { return ++accepted > 0; };
    hooks.partySpawned = [&] { ++spawned; };
    hooks.worldLoaded = [&](const game::World&) { ++loaded; };
    game::Session session(log, hooks);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open({freshMap(dir), "", ""}).empty());
    CHECK(accepted == 1);
    CHECK(spawned == 1);
    CHECK(loaded == 1);
    CHECK_FALSE(session.party().units().empty());
    CHECK(session.host().version() == 1);
}

TEST_CASE("session: a view that refuses the first world fails the open")
{
    game::MessageLog log;
    game::SessionHooks hooks;
    hooks.acceptWorld = [](const game::World&, std::vector<eng::Diagnostic>& problems) {
        problems.push_back({"mesh", 0, "no texture"});
        return false;
    };
    game::Session session(log, hooks);
    const testsupport::TempDir dir("isostar-session");
    const auto problems = session.open({freshMap(dir), "", ""});
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message == "no texture");
}

TEST_CASE("session: a reload of a broken map keeps the last good world and says why")
{
    game::MessageLog log;
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    const std::string map = freshMap(dir);
    REQUIRE(session.open({map, "", ""}).empty());
    const std::size_t units = session.party().units().size();

    putFile(map, testsupport::readAll(SessionTinyMap).substr(0, 300));
    CHECK_FALSE(session.reload(false));
    CHECK(session.host().version() == 1);
    CHECK(session.host().reloads() == 0);
    CHECK(session.world().map.width == 6);
    CHECK(session.party().units().size() == units);
    CHECK(session.reloadError().find(map) == 0);
    CHECK(said(log, "reload failed, keeping the last good map: " + map));

    putFile(map, testsupport::readAll(SessionTinyMap));
    CHECK(session.reload(true));
    CHECK(session.reloadError().empty());
    CHECK(session.host().reloads() == 1);
    CHECK(said(log, "a file changed: reloaded " + map));
}

TEST_CASE("session: a reload loads on a worker while the last good world stays in play")
{
    game::MessageLog log;
    int accepted = 0;
    game::SessionHooks hooks;
    hooks.acceptWorld = [&](const game::World&, std::vector<eng::Diagnostic>&) { return ++accepted > 0; };
    game::Session session(log, hooks);
    const testsupport::TempDir dir("isostar-session");
    const std::string map = freshMap(dir);
    REQUIRE(session.open({map, "", ""}).empty());
    const std::size_t units = session.party().units().size();

    REQUIRE(session.beginReload(false));
    CHECK(session.reloading());
    CHECK_FALSE(session.beginReload(false));  // one at a time
    CHECK(session.host().version() == 1);     // nothing adopted yet: the last good world plays on
    CHECK(accepted == 1);
    CHECK_FALSE(session.reloadProgress().step.empty());
    bool adopted = false;
    REQUIRE(session.finishReload(true, &adopted));
    CHECK(adopted);
    CHECK_FALSE(session.reloading());
    CHECK_FALSE(session.finishReload(true));  // nothing left to finish
    CHECK(session.host().reloads() == 1);
    CHECK(accepted == 2);
    CHECK(said(log, "reloaded " + map));

    // A broken file: the worker's failure is said naming the file; the world stays.
    putFile(map, testsupport::readAll(SessionTinyMap).substr(0, 300));
    REQUIRE(session.beginReload(false));
    for (int i = 0; i < 30000 && session.reloading(); ++i) {
        session.tick(1.0 / 60.0);  // tick() adopts or refuses it once it is loaded
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    CHECK_FALSE(session.reloading());
    CHECK(session.host().reloads() == 1);
    CHECK(session.world().map.width == 6);
    CHECK(session.party().units().size() == units);
    CHECK(session.reloadError().find(map) == 0);
    CHECK(said(log, "reload failed, keeping the last good map: " + map));
}

TEST_CASE("session: a reload the view refuses is not adopted")
{
    game::MessageLog log;
    bool refuse = false;
    game::SessionHooks hooks;
    hooks.acceptWorld = [&](const game::World&, std::vector<eng::Diagnostic>& problems) {
        if (refuse)
            problems.push_back({"tileset.png", 0, "cannot load the image"});
        return !refuse;
    };
    game::Session session(log, hooks);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open({freshMap(dir), "", ""}).empty());
    refuse = true;
    CHECK_FALSE(session.reload(false));
    CHECK(session.host().version() == 1);
    CHECK(session.reloadError() == "tileset.png: error: cannot load the image");
}

TEST_CASE("session: orders are refused off the map and without a selection, then walk")
{
    game::MessageLog log;
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open({freshMap(dir), "", ""}).empty());
    session.party().selection().selectNone();
    CHECK_FALSE(session.canOrder({100, 100}));
    CHECK(log.log().back() == "that is outside the map");
    CHECK_FALSE(session.canOrder({1, 1}));
    CHECK(log.log().back() == "select a unit first");

    session.party().selection().selectOnly(0);
    const eng::TileCoord goal{5, 0};
    REQUIRE(session.canOrder(goal));
    session.order(goal);
    REQUIRE(session.lastOrder());
    CHECK(session.lastOrder()->clicked == goal);
    CHECK(session.trace().stepCount() > 0);
    for (int i = 0; i < 600 && session.party().anyMoving(); ++i)
        session.tick(1.0 / 60.0);
    CHECK(session.party().units()[0].tile == goal);
    CHECK(session.gameTimeSec() > 0.0);
}

TEST_CASE("session: an edit reaches the view, the brush cycles and says which it is")
{
    game::MessageLog log;
    std::vector<eng::TileCoord> rebuilt;
    int stale = 0;
    game::SessionHooks hooks;
    hooks.tilesChanged = [&](const game::World&, std::span<const eng::TileCoord> cells) {
        rebuilt.assign(cells.begin(), cells.end());
    };
    hooks.previewStale = [&] { ++stale; };
    game::Session session(log, hooks);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open({freshMap(dir), "", ""}).empty());
    const int staleAfterOpen = stale;

    CHECK(session.afterEdit(session.host().erase({100, 100})) != "");
    CHECK(rebuilt.empty());
    const std::string error = session.afterEdit(session.host().paint({2, 2}, "wall"));
    if (error.empty()) {
        CHECK(rebuilt == std::vector<eng::TileCoord>{{2, 2}});
        CHECK(stale > staleAfterOpen);
        CHECK(session.host().edits() == 1);
    } else {
        CHECK(session.host().edits() == 0);  // the tiny map's palette has no wall
    }

    const std::size_t palette = session.host().palette().size();
    if (palette > 1) {
        session.cycleBrush(-1);
        CHECK(session.brushIndex() == int(palette) - 1);
        CHECK(log.log().back().rfind("brush: " + session.brush()->terrain, 0) == 0);
        session.cycleBrush(1);
        CHECK(session.brushIndex() == 0);
    }
}

TEST_CASE("session: on a big map an order records its search only while an overlay shows it")
{
    game::MessageLog log;
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open({grassMap(dir, 1040, 1024), "", ""}).empty());
    REQUIRE(static_cast<long long>(session.world().nav.width()) * session.world().nav.height() > game::BigMapCells);
    session.party().selection().selectOnly(0);
    REQUIRE(session.canOrder({30, 2}));
    session.order({30, 2});
    REQUIRE(session.lastOrder());
    CHECK(session.lastOrder()->accepted);
    CHECK(session.trace().stepCount() == 0);  // nobody watches: not recorded

    session.setTraceWanted(true);
    session.order({40, 6});
    CHECK(session.trace().stepCount() > 0);
    session.setTraceWanted(false);  // the overlay went off: the trace is let go
    CHECK(session.trace().stepCount() == 0);
    CHECK(session.trace().expanded.capacity() == 0);
}
