// The session without a window: loading and spawning, reloads that keep the last good world,
// edits and tuning that make walking units replan, the brush, and orders with their refusals.
#include "game/session/Session.hpp"

#include "tests/support/SessionProbe.hpp"
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

TEST_CASE("session: open offers the world to the gate, spawns a party and says so in its change")
{
    game::MessageLog log;
    int accepted = 0;
    const game::WorldGate gate = [&](const game::World&, std::vector<isostar::Diagnostic>&) { return ++accepted > 0; };
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    const game::SessionChange opened = session.open(game::loadWorld({freshMap(dir), "", ""}), gate);
    REQUIRE(opened.problems.empty());
    CHECK(accepted == 1);
    CHECK(opened.partySpawned);
    CHECK(opened.worldLoaded);
    CHECK(opened.previewStale);
    CHECK(opened.worldVersion == 1);
    CHECK_FALSE(session.party().units().empty());
    CHECK(session.host().version() == 1);
}

TEST_CASE("session: a view that refuses the first world fails the open")
{
    game::MessageLog log;
    const game::WorldGate gate = [](const game::World&, std::vector<isostar::Diagnostic>& problems) {
        problems.push_back({"mesh", 0, "no texture"});
        return false;
    };
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    const game::SessionChange opened = session.open(game::loadWorld({freshMap(dir), "", ""}), gate);
    CHECK_FALSE(opened.worldLoaded);
    CHECK_FALSE(opened.partySpawned);
    const auto& problems = opened.problems;
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message == "no texture");
}

TEST_CASE("session: a reload of a broken map keeps the last good world and says why")
{
    game::MessageLog log;
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    const std::string map = freshMap(dir);
    REQUIRE(session.open(game::loadWorld({map, "", ""})).problems.empty());
    const std::size_t units = session.party().units().size();

    putFile(map, testsupport::readAll(SessionTinyMap).substr(0, 300));
    const game::SessionChange failed = testsupport::reloadNow(session, false);
    CHECK(failed.reloadEnded);
    CHECK_FALSE(failed.reloadAdopted);
    CHECK_FALSE(failed.worldLoaded);
    CHECK(session.host().version() == 1);
    CHECK(session.host().reloads() == 0);
    CHECK(session.world().map.width == 6);
    CHECK(session.party().units().size() == units);
    CHECK(session.reloadError().find(map) == 0);
    CHECK(said(log, "reload failed, keeping the last good map: " + map));

    putFile(map, testsupport::readAll(SessionTinyMap));
    const game::SessionChange fixed = testsupport::reloadNow(session, true);
    CHECK(fixed.reloadAdopted);
    CHECK(fixed.worldLoaded);
    CHECK(fixed.worldVersion == 2);
    CHECK(std::any_of(fixed.said.begin(), fixed.said.end(),
                      [&](const std::string& m) { return m.rfind("a file changed: reloaded " + map, 0) == 0; }));
    CHECK(session.reloadError().empty());
    CHECK(session.host().reloads() == 1);
    CHECK(said(log, "a file changed: reloaded " + map));
}

TEST_CASE("session: a reload loads on a worker while the last good world stays in play")
{
    game::MessageLog log;
    int accepted = 0;
    const game::WorldGate gate = [&](const game::World&, std::vector<isostar::Diagnostic>&) { return ++accepted > 0; };
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    const std::string map = freshMap(dir);
    REQUIRE(session.open(game::loadWorld({map, "", ""}), gate).problems.empty());
    const std::size_t units = session.party().units().size();

    REQUIRE(session.beginReload(false));
    CHECK(session.reloading());
    CHECK_FALSE(session.beginReload(false));  // one at a time
    CHECK(session.host().version() == 1);     // nothing adopted yet: the last good world plays on
    CHECK(accepted == 1);
    CHECK_FALSE(session.reloadProgress().step.empty());
    const game::SessionChange finished = session.finishReload(true, gate);
    REQUIRE(finished.reloadEnded);
    CHECK(finished.reloadAdopted);
    CHECK_FALSE(session.reloading());
    CHECK_FALSE(session.finishReload(true, gate).reloadEnded);  // nothing left to finish
    CHECK(session.host().reloads() == 1);
    CHECK(accepted == 2);
    CHECK(said(log, "reloaded " + map));

    // A broken file: the worker's failure is said naming the file; the world stays.
    putFile(map, testsupport::readAll(SessionTinyMap).substr(0, 300));
    REQUIRE(session.beginReload(false));
    for (int i = 0; i < 30000 && session.reloading(); ++i) {
        session.tick(1.0 / 60.0, gate);  // tick() adopts or refuses it once it is loaded
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
    const game::WorldGate gate = [&](const game::World&, std::vector<isostar::Diagnostic>& problems) {
        if (refuse)
            problems.push_back({"tileset.png", 0, "cannot load the image"});
        return !refuse;
    };
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open(game::loadWorld({freshMap(dir), "", ""}), gate).problems.empty());
    refuse = true;
    CHECK_FALSE(testsupport::reloadNow(session, false, gate).reloadAdopted);
    CHECK(session.host().version() == 1);
    CHECK(session.reloadError() == "tileset.png: error: cannot load the image");
}

TEST_CASE("session: orders are refused off the map and without a selection, then walk")
{
    game::MessageLog log;
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open(game::loadWorld({freshMap(dir), "", ""})).problems.empty());
    session.party().selection().selectNone();
    CHECK_FALSE(session.canOrder({100, 100}));
    CHECK(log.log().back() == "that is outside the map");
    CHECK_FALSE(session.canOrder({1, 1}));
    CHECK(log.log().back() == "select a unit first");

    session.party().selection().selectOnly(0);
    const isostar::TileCoord goal{5, 0};
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

TEST_CASE("session: an edit returns what changed for the view, the brush cycles and says which it is")
{
    game::MessageLog log;
    game::Session session(log);
    const testsupport::TempDir dir("isostar-session");
    REQUIRE(session.open(game::loadWorld({freshMap(dir), "", ""})).problems.empty());

    const game::SessionChange refused = session.edit(game::mapedit::Erase{{100, 100}});
    CHECK(refused.error != "");
    CHECK(refused.tiles.empty());
    CHECK_FALSE(refused.previewStale);
    const game::SessionChange painted = session.edit(game::mapedit::Paint{{2, 2}, "wall"});
    if (painted.error.empty()) {
        CHECK(painted.tiles == std::vector<isostar::TileCoord>{{2, 2}});
        CHECK(std::find(painted.cells.begin(), painted.cells.end(), isostar::TileCoord{2, 2}) != painted.cells.end());
        CHECK(painted.previewStale);
        CHECK(painted.worldVersion == 2);
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
    REQUIRE(session.open(game::loadWorld({grassMap(dir, 1040, 1024), "", ""})).problems.empty());
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
