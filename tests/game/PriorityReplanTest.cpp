// Replans by priority (cooperative pathfinding): after the ground changes under a walking party,
// the leader of the order walks the optimal path under the new costs (its followers never bend
// it) and the others stay close to theirs. Real map (maps/seed/road.tmx) played by a Session,
// the game's own path: a reload of a config saved beside it with roads made dear, a wall painted
// across the road cell by cell, and the tuning panel's change.
#include "game/session/Session.hpp"

#include "tests/support/SessionProbe.hpp"
#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using isostar::TileCoord;

namespace {

const std::string SourceDir = ISOSTAR_SOURCE_DIR;

void writeFile(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

/// The text with the first `from` after `after` replaced by `to` (the text unchanged if absent).
std::string replaceAfter(std::string text, const std::string& after, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(after);
    const std::size_t pos = at == std::string::npos ? at : text.find(from, at);
    if (pos != std::string::npos)
        text.replace(pos, from.size(), to);
    return text;
}

/// maps/seed/road.tmx copied into `dir` (its tilesets found in the repository) with the repository's
/// terrain config beside it, smoothing off; returns the copied map's path.
std::string copyRoadMap(const testsupport::TempDir& dir)
{
    const std::string map = testsupport::readAll(SourceDir + "/maps/seed/road.tmx");
    REQUIRE_FALSE(map.empty());
    std::string copy = map;
    for (std::size_t p = copy.find("\"../../assets/"); p != std::string::npos; p = copy.find("\"../../assets/", p))
        copy.replace(p, 7, "\"" + SourceDir + "/");
    writeFile(dir.file("road.tmx"), copy);
    // The grid walk (smoothing off): the test sums the steps of the cells still to walk.
    std::string config = testsupport::readAll(SourceDir + "/maps/terrain.toml");
    const std::size_t on = config.find("smoothing = \"on\"");
    REQUIRE(on != std::string::npos);
    writeFile(dir.file("terrain.toml"), config.replace(on, 16, "smoothing = \"off\""));
    return dir.file("road.tmx");
}

/// Cost of walking from `from` along `path` (cells still to enter) on `layer`.
double walkCost(const isostar::path::NavGrid& grid, int layer, TileCoord from, const std::vector<TileCoord>& path)
{
    double sum = 0.0;
    for (TileCoord c : path) {
        const bool diagonal = c.x != from.x && c.y != from.y;
        sum += double(grid.cost(layer, c)) * (diagonal ? grid.rules(layer).diagonalFactor : 1.0);
        from = c;
    }
    return sum;
}

/// The optimal cost from where the unit plans to its goal on the grid's costs (no units).
double optimalCost(const isostar::path::NavGrid& grid, const game::Unit& u)
{
    isostar::path::GridQuery query;
    isostar::path::PathResult r;
    const isostar::path::PathStatus st = query.findPath(grid, u.layer, game::planCell(u), u.goal, r);
    REQUIRE(st == isostar::path::PathStatus::Found);
    return r.cost;
}

/// The game's party of four on the road map (the session spawns it around the start), ordered
/// to the map's goal and walking for `frames` ticks.
struct RoadWalk {
    testsupport::TempDir dir{"isostar-priority"};
    game::MessageLog log;
    game::Session session{log};
    const game::Party& party = session.party();

    explicit RoadWalk(int frames)
    {
        const std::vector<isostar::Diagnostic> problems = session.open(game::loadWorld({copyRoadMap(dir), "", ""})).problems;
        REQUIRE(problems.empty());
        const game::World& world = session.world();
        REQUIRE(world.goal);
        REQUIRE(party.units().size() == 4);
        session.party().selection().selectAll();
        REQUIRE(session.canOrder(*world.goal));
        session.order(*world.goal);
        REQUIRE(session.lastOrder());
        REQUIRE(session.lastOrder()->accepted);
        for (int k = 0; k < frames; ++k)
            session.tick(1.0 / 60.0);
    }

    bool anyAwaiting() const
    {
        for (const game::Unit& u : party.units())
            if (u.walk.awaitingPath)
                return true;
        return false;
    }

    /// Updates until every path request is answered; then the leader's remaining path is
    /// optimal under the new costs and the others' within 10 % of theirs.
    void settleAndCheck()
    {
        for (int k = 0; k < 600 && (party.pendingPaths() > 0 || anyAwaiting()); ++k)
            session.tick(1.0 / 60.0);
        REQUIRE(party.pendingPaths() == 0);
        REQUIRE_FALSE(anyAwaiting());
        const isostar::path::NavGrid& grid = session.world().nav;
        for (std::size_t i = 0; i < party.units().size(); ++i) {
            const game::Unit& u = party.units()[i];
            if (u.path.empty())
                continue;
            const double walked = walkCost(grid, u.layer, game::planCell(u), u.path);
            const double best = optimalCost(grid, u);
            INFO(u.name << " at (" << game::planCell(u).x << ", " << game::planCell(u).y << ") to (" << u.goal.x << ", "
                        << u.goal.y << "): path " << walked << ", optimum " << best);
            if (i == 0)
                REQUIRE(walked == Approx(best).epsilon(1e-9));
            else
                REQUIRE(walked <= best * 1.10 + 1e-9);
        }
    }

    /// Walks on to the end. While every unit of the order still walks (none stands in the way
    /// as an obstacle), the leader's remaining path stays optimal: replans around the units
    /// of lower priority never bend it.
    void walkOutChecking()
    {
        const isostar::path::NavGrid& grid = session.world().nav;
        for (int k = 0; k < 60 * 60 && party.anyMoving(); ++k) {
            session.tick(1.0 / 60.0);
            const game::Unit& leader = party.units().front();
            bool allWalk = true;
            for (const game::Unit& u : party.units())
                allWalk = allWalk && u.moving();
            if (!allWalk || leader.path.empty() || leader.walk.awaitingPath)
                continue;
            const double walked = walkCost(grid, leader.layer, game::planCell(leader), leader.path);
            const double best = optimalCost(grid, leader);
            INFO("frame " << k << " after the change: leader at (" << game::planCell(leader).x << ", "
                          << game::planCell(leader).y << "), path " << walked << ", optimum " << best);
            REQUIRE(walked == Approx(best).epsilon(1e-9));
        }
        CHECK_FALSE(party.anyMoving());
    }
};

/// Frames walked before the change: the change arrives at many moments of the walk.
constexpr int MaxFramesBefore = 240;

} // namespace

TEST_CASE("priority: after a reload makes roads dear, the leader walks the optimum, the others close to theirs")
{
    for (int frames = 0; frames <= MaxFramesBefore; frames += 2) {
        INFO("the config changes after " << frames << " frames");
        RoadWalk w(frames);
        const std::string config = testsupport::readAll(w.dir.file("terrain.toml"));
        const std::string dear = replaceAfter(config, "[terrain.road]", "multiplier = 0.5", "multiplier = 6.0");
        REQUIRE(dear != config);
        writeFile(w.dir.file("terrain.toml"), dear);
        const isostar::path::NavGrid* grid = &w.session.world().nav;
        REQUIRE(testsupport::reloadNow(w.session, false).reloadAdopted);
        REQUIRE(&w.session.world().nav == grid);  // same shape: the grid kept, its costs changed
        REQUIRE(w.session.world().config.base.find("road")->multiplier == 6.0);
        w.settleAndCheck();
        w.walkOutChecking();
    }
}

TEST_CASE("priority: after a wall is painted across the road, the leader walks the optimum, the others close to theirs")
{
    int walled = 0;
    for (int frames = 0; frames <= MaxFramesBefore; frames += 2) {
        INFO("the wall is painted after " << frames << " frames");
        RoadWalk w(frames);
        const game::Unit& leader = w.party.units().front();
        if (leader.path.size() < 5)
            continue;  // nearly there: no road ahead to wall off
        // The wall: the cell three steps ahead of the leader and every road cell around it.
        const TileCoord ahead = leader.path[2];
        const isostar::path::NavGrid& grid = w.session.world().nav;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                const TileCoord c{ahead.x + dx, ahead.y + dy};
                const bool road = grid.inBounds(c) && grid.cost(0, c) < 1.0f;
                if (c != ahead && !road)
                    continue;
                const game::SessionChange e = w.session.edit(game::mapedit::Paint{c, "wall"});
                REQUIRE(e.error.empty());  // as the brush: each cell replans its own
                REQUIRE_FALSE(e.tiles.empty());
            }
        REQUIRE_FALSE(grid.passable(0, ahead));
        w.settleAndCheck();
        w.walkOutChecking();
        ++walled;
    }
    CHECK(walled > 20);
}

TEST_CASE("priority: after the tuning panel makes roads dear, the leader walks the optimum, the others close to theirs")
{
    for (int frames = 0; frames <= MaxFramesBefore; frames += 2) {
        INFO("the panel changes the config after " << frames << " frames");
        RoadWalk w(frames);
        isostar::terrain::TerrainConfig config = w.session.world().config;
        isostar::terrain::TerrainRule* road = config.base.find("road");
        REQUIRE(road != nullptr);
        road->multiplier = 6.0;
        REQUIRE(w.session.applyTuning(config).error.empty());
        w.settleAndCheck();
        w.walkOutChecking();
    }
}
