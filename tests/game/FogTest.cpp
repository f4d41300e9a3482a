// Fog of war without a window: line of sight and sight radius (walls block, the wall itself is
// seen; radius from the config, a profile, a party object), the belief grid, and a Session whose
// unit plans straight through a wall it has not seen, sees it, replans through the gap, arrives.
#include "game/app/HudModel.hpp"
#include "game/fog/FogOfWar.hpp"
#include "game/fog/Sight.hpp"
#include "game/session/Session.hpp"

#include "tests/support/PartyProbe.hpp"
#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace {

const std::string FogFieldMap = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/fog_field.tmx";

/// A 12 x 9 map with a wall down column 6 (rows 0..7) and nothing else.
game::SightMap wallColumn()
{
    game::SightMap m(12, 9);
    for (int y = 0; y < 8; ++y)
        m.set({6, y}, true);
    return m;
}

bool contains(const std::vector<isostar::TileCoord>& cells, isostar::TileCoord c)
{
    return std::find(cells.begin(), cells.end(), c) != cells.end();
}

} // namespace

TEST_CASE("sight: walls stop the line of sight, the wall itself is seen", "[fog]")
{
    const game::SightMap m = wallColumn();
    CHECK(game::lineOfSight(m, {3, 4}, {6, 4}));        // the wall cell itself
    CHECK_FALSE(game::lineOfSight(m, {3, 4}, {7, 4}));  // behind it
    CHECK_FALSE(game::lineOfSight(m, {3, 4}, {8, 2}));
    CHECK(game::lineOfSight(m, {3, 4}, {5, 0}));        // this side of it
    CHECK(game::lineOfSight(m, {3, 8}, {9, 8}));        // along the open row below the wall
    CHECK(game::lineOfSight(m, {7, 4}, {7, 4}));        // a cell sees itself
    // Symmetric here: the line is the same both ways.
    CHECK(game::lineOfSight(m, {8, 2}, {3, 4}) == game::lineOfSight(m, {3, 4}, {8, 2}));

    // Corners: a single blocking cell beside the corner does not stop the line, two do.
    game::SightMap corner(4, 4);
    corner.set({1, 0}, true);
    CHECK(game::lineOfSight(corner, {0, 0}, {2, 2}));
    corner.set({0, 1}, true);
    CHECK_FALSE(game::lineOfSight(corner, {0, 0}, {2, 2}));
    std::vector<isostar::TileCoord> seen;
    game::cellsInSight(corner, {0, 0}, 3, seen);
    CHECK(contains(seen, {1, 1}));  // a neighbour is always seen, even between two walls
    CHECK_FALSE(contains(seen, {2, 2}));
}

TEST_CASE("sight: the radius counts cells, rounded, and cells behind a wall are out of sight", "[fog]")
{
    CHECK(game::withinSight({0, 0}, {7, 0}, 7));
    CHECK_FALSE(game::withinSight({0, 0}, {8, 0}, 7));
    CHECK(game::withinSight({0, 0}, {5, 5}, 7));        // 7.07 rounds to 7
    CHECK_FALSE(game::withinSight({0, 0}, {6, 5}, 7));  // 7.8
    CHECK(game::withinSight({0, 0}, {1, 1}, 1));        // radius 1: all eight neighbours
    CHECK_FALSE(game::withinSight({0, 0}, {0, 1}, -1));

    const game::SightMap m = wallColumn();
    std::vector<isostar::TileCoord> seen;
    game::cellsInSight(m, {3, 4}, 4, seen);
    CHECK(contains(seen, {6, 4}));
    CHECK(contains(seen, {0, 4}));
    CHECK_FALSE(contains(seen, {7, 4}));  // within 4, behind the wall
    CHECK(contains(seen, {3, 0}));        // 4 away in the open
    CHECK_FALSE(contains(seen, {0, 0}));  // 5 away
}

TEST_CASE("fog: the belief grid is the real one where known, open ground elsewhere", "[fog]")
{
    isostar::path::NavGrid real;
    real.reset(12, 9);
    isostar::path::CostField f(12, 9, 2.0f);
    for (int y = 0; y < 8; ++y)
        f.at({6, y}) = isostar::path::Impassable;
    isostar::path::MoveRules rules;
    REQUIRE(real.addLayer("walker", f, rules) == 0);

    game::FogOfWar fog;
    fog.reset(real, wallColumn());
    REQUIRE(fog.active());
    CHECK(fog.knownCount() == 0);
    CHECK(fog.belief().cost(0, {6, 4}) == game::FogOfWar::OpenCost);  // the unseen wall plans as open

    const game::Viewer eyes[] = {{{3, 4}, 4}};
    const std::vector<isostar::path::NavDirty> dirty = fog.see(real, eyes);
    REQUIRE(dirty.size() == 1);
    CHECK(contains(dirty[0].cells, {6, 4}));
    CHECK(fog.known({6, 4}));
    CHECK(fog.visible({6, 4}));
    CHECK_FALSE(fog.known({7, 4}));
    const int known = fog.knownCount();
    CHECK(known > 0);
    auto invariant = [&] {
        for (int y = 0; y < 9; ++y)
            for (int x = 0; x < 12; ++x) {
                const float want = fog.known({x, y}) ? real.cost(0, {x, y}) : game::FogOfWar::OpenCost;
                if (fog.belief().cost(0, {x, y}) != want)
                    return false;
            }
        return true;
    };
    CHECK(invariant());

    // Walking away: what was seen stays known, out of sight; sight again changes nothing known.
    const game::Viewer away[] = {{{3, 3}, 1}};
    CHECK(fog.see(real, away).empty());
    CHECK(fog.known({6, 4}));
    CHECK_FALSE(fog.visible({6, 4}));
    CHECK(fog.knownCount() == known);

    // The real grid changes: only known cells reach the belief grid.
    const isostar::path::CellChange edit[] = {{{5, 4}, 5.0f}, {{9, 4}, 5.0f}};
    const isostar::path::NavDirty realDirty = real.apply(0, edit);
    const std::vector<isostar::path::NavDirty> follow = fog.realChanged(real, std::span(&realDirty, 1));
    REQUIRE(follow.size() == 1);
    CHECK(follow[0].cells == std::vector<isostar::TileCoord>{{5, 4}});
    CHECK(invariant());
}

TEST_CASE("fog: a unit's sight comes from its party object, else its profile, else the config", "[fog]")
{
    const testsupport::TempDir dir("isostar-fog-sight");
    std::ofstream(dir.file("sight.toml"), std::ios::binary)
        << "[movement]\nsight = 6\n[terrain.grass]\ncost = 1.0\n[terrain.wall]\npassable = false\n"
           "blocks_sight = true\n[profile.dwarf.movement]\nsight = 4\n";
    auto world = game::loadWorld({FogFieldMap, dir.file("sight.toml"), ""});
    INFO(isostar::formatDiagnostics(world.diagnostics()));
    REQUIRE(world);
    const game::World& w = world.value();
    CHECK(w.sightOf("knight", "") == 3);      // the object's `sight` property wins
    CHECK(w.sightOf("dwarf", "dwarf") == 4);  // its profile's [movement] sight
    CHECK(w.sightOf("ranger", "") == 6);      // the config's
    CHECK_FALSE(w.fog);
    const game::SightMap blockers = game::sightBlockers(w.terrains.front().terrain);
    CHECK(blockers.blocking({10, 0}));
    CHECK_FALSE(blockers.blocking({10, 13}));  // the gap
    CHECK_FALSE(blockers.blocking({3, 3}));
}

TEST_CASE("fog: changesSince tells the cells whose state changed since a stamp, and all after a reset", "[fog]")
{
    isostar::path::NavGrid real;
    real.reset(12, 9);
    REQUIRE(real.addLayer("walker", isostar::path::CostField(12, 9, 1.0f), isostar::path::MoveRules{}) == 0);
    game::FogOfWar fog;
    fog.reset(real, wallColumn());
    game::FogChanges c = fog.changesSince(0);
    CHECK(c.all);  // a new reader: every cell
    std::uint64_t stamp = c.stamp;
    CHECK(fog.changesSince(stamp).cells.empty());

    // The state of a cell before and after, for every cell: the changed ones must be told.
    auto states = [&] {
        std::vector<int> out;
        for (int y = 0; y < 9; ++y)
            for (int x = 0; x < 12; ++x)
                out.push_back(fog.visible({x, y}) ? 2 : fog.known({x, y}) ? 1 : 0);
        return out;
    };
    auto toldExactly = [&](const std::vector<int>& before, std::span<const isostar::TileCoord> told) {
        const std::vector<int> after = states();
        for (int y = 0; y < 9; ++y)
            for (int x = 0; x < 12; ++x) {
                const bool changed = before[std::size_t(y * 12 + x)] != after[std::size_t(y * 12 + x)];
                if (changed != contains(std::vector<isostar::TileCoord>(told.begin(), told.end()), {x, y}))
                    return false;
            }
        return true;
    };
    const std::vector<game::Viewer> walk = {{{2, 4}, 3}, {{3, 4}, 3}, {{3, 4}, 3}, {{4, 5}, 3}, {{1, 1}, 2}};
    for (const game::Viewer& v : walk) {
        const std::vector<int> before = states();
        fog.see(real, std::span(&v, 1));
        c = fog.changesSince(stamp);
        CHECK_FALSE(c.all);
        CHECK(toldExactly(before, c.cells));
        stamp = c.stamp;
    }
    // Standing still tells nothing; a look adds what the new eyes see.
    const game::Viewer still = walk.back();
    fog.see(real, std::span(&still, 1));
    CHECK(fog.changesSince(stamp).cells.empty());
    const std::vector<int> beforeLook = states();
    fog.look(real, {{9, 4}, 2});
    c = fog.changesSince(stamp);
    CHECK(toldExactly(beforeLook, c.cells));
    CHECK_FALSE(c.cells.empty());

    // A reset (a new map, a reload): every reader shades every cell again.
    fog.reset(real, wallColumn(), true);
    CHECK(fog.changesSince(c.stamp).all);
    fog.clear();
    CHECK(fog.changesSince(fog.changesSince(0).stamp - 1).all);
}

TEST_CASE("fog: a unit plans through the unseen wall, sees it, replans through the gap and arrives", "[fog]")
{
    game::MessageLog log;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({FogFieldMap, "", ""})).problems.empty());
    game::PartyParams params = session.party().params();
    params.pathBudgetExpansions = 100000;  // the same ticks on any machine
    session.setPartyParams(params);
    session.setFog(true);
    REQUIRE(session.fogOn());
    const game::World& world = session.world();
    const game::Party& party = session.party();
    const int knight = party.find("knight");
    REQUIRE(knight >= 0);
    const int knownAtStart = session.fog().knownCount();
    CHECK(knownAtStart > 0);
    CHECK_FALSE(session.fog().known({10, 2}));  // the wall is out of everyone's sight

    session.party().selection().selectOnly(knight);
    const isostar::TileCoord goal{17, 2};
    REQUIRE(session.canOrder(goal));
    session.order(goal);
    REQUIRE(session.lastOrder());
    CHECK(session.lastOrder()->cost < 16.0);  // straight across: it believes the field is open
    const std::vector<isostar::TileCoord> first = party.units()[std::size_t(knight)].path;
    const bool throughWall = std::any_of(first.begin(), first.end(),
                                         [&](isostar::TileCoord c) { return !world.nav.passable(0, c); });
    CHECK(throughWall);

    bool onWall = false;
    int steps = 0;
    for (; steps < 60 * 120 && party.units()[std::size_t(knight)].tile != goal; ++steps) {
        session.tick(1.0 / 60.0);
        for (const game::Unit& u : party.units())
            onWall = onWall || !world.nav.passable(u.layer, u.tile) || (u.stepping && !world.nav.passable(u.layer, u.stepTo));
    }
    CHECK(party.units()[std::size_t(knight)].tile == goal);
    CHECK_FALSE(onWall);
    CHECK(session.fog().known({10, 2}));
    CHECK(session.fog().known({10, 13}));  // it went through the gap
    CHECK(session.fog().knownCount() > knownAtStart);
    const bool replanned = std::any_of(log.log().begin(), log.log().end(), [](const std::string& m) {
        return m.rfind("they see new ground ahead: knight replan", 0) == 0;
    });
    CHECK(replanned);

    // An edit reaches the belief grid on known cells only.
    const isostar::TileCoord knownCell{15, 3};
    REQUIRE(session.fog().known(knownCell));
    REQUIRE(session.edit(game::mapedit::Paint{knownCell, "wall"}).error.empty());
    CHECK_FALSE(session.party().grid().passable(0, knownCell));
    // The fog's sight follows the new wall: what it holds in sight is what the units see now.
    const game::SightMap blockersNow = game::sightBlockers(world.terrains.front().terrain);
    CHECK(blockersNow.blocking(knownCell));
    std::vector<isostar::TileCoord> inSight;
    for (const game::Unit& u : party.units())
        game::cellsInSight(blockersNow, u.tile, world.sightOf(u.name, u.profile), inSight);
    int sightDiffers = 0;
    for (int y = 0; y < world.nav.height(); ++y)
        for (int x = 0; x < world.nav.width(); ++x)
            sightDiffers += session.fog().visible({x, y}) != contains(inSight, {x, y});
    CHECK(sightDiffers == 0);
    isostar::TileCoord unknownCell{-1, -1};
    for (int y = 0; y < world.nav.height() && unknownCell.x < 0; ++y)
        for (int x = 0; x < world.nav.width() && unknownCell.x < 0; ++x)
            if (!session.fog().known({x, y}))
                unknownCell = {x, y};
    REQUIRE(unknownCell.x >= 0);
    REQUIRE(session.edit(game::mapedit::Paint{unknownCell, "wall"}).error.empty());
    CHECK_FALSE(world.nav.passable(0, unknownCell));
    CHECK(session.party().grid().cost(0, unknownCell) == game::FogOfWar::OpenCost);

    // Off: the party plans on the real grid again.
    session.setFog(false);
    CHECK_FALSE(session.fogOn());
    CHECK(&session.party().grid() == &world.nav);
}

TEST_CASE("fog: the counts are of the map's cells, never the void cells of a staggered or infinite map", "[fog]")
{
    // Tiled's cells: 7x8 staggered maps, an infinite map of three 8x8 chunks with 10 empty cells.
    const std::pair<const char*, int> maps[] = {{"stagger_x_odd.tmx", 56},
                                                {"stagger_y_even.tmx", 56},
                                                {"infinite_negative.tmx", 3 * 64 - 10}};
    for (const auto& [name, cells] : maps) {
        CAPTURE(name);
        auto world = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/stagger/" + name, "", ""});
        INFO(isostar::formatDiagnostics(world.diagnostics()));
        REQUIRE(world);
        const game::World& w = world.value();
        REQUIRE(w.nav.width() * w.nav.height() > cells);  // the playable grid has void cells
        game::FogOfWar fog;
        fog.reset(w.nav, game::sightBlockers(w.terrains.front().terrain));
        CHECK(fog.cellCount() == cells);
        CHECK(fog.knownCount() == 0);
        CHECK(game::fogStatusLine(fog) == "Fog of war: 0 of " + std::to_string(cells) + " cells known");
        // Eyes on every grid cell, void ones included: every cell becomes known, the real ones count.
        std::vector<game::Viewer> eyes;
        for (int y = 0; y < w.nav.height(); ++y)
            for (int x = 0; x < w.nav.width(); ++x)
                eyes.push_back({{x, y}, 1});
        fog.see(w.nav, eyes);
        CHECK(fog.known({0, 0}));
        CHECK(fog.knownCount() == cells);
        CHECK(game::fogStatusLine(fog) ==
              "Fog of war: " + std::to_string(cells) + " of " + std::to_string(cells) + " cells known");
        // New blockers (an edit, a reload) keep what is known and its count.
        fog.setBlockers(game::sightBlockers(w.terrains.front().terrain));
        CHECK(fog.knownCount() == cells);
        fog.reset(w.nav, game::sightBlockers(w.terrains.front().terrain), true);
        CHECK(fog.knownCount() == cells);
    }
}
