// game/debug with the fog of war: the race, the stepped search and "why this path" read what the
// party knows (the fog's belief grid: unknown ground as open ground), never the real map; with
// the fog off they read the real map. On tests/game/data/fog_field.tmx: an open field cut by a
// wall (x = 10) that nobody sees from the start, with one gap at its far end.
#include "game/debug/DebugTools.hpp"

#include "engine/path/GridQuery.hpp"
#include "game/session/Session.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

namespace {

const std::string FogFieldMap = std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/fog_field.tmx";
/// Past the wall, in line with the knight.
constexpr isostar::TileCoord PastTheWall{17, 2};

game::debug::DebugKeys testKeys()
{
    return {"G", "N", "Shift+N", "Ctrl+N", "Shift+click", "R", "Y", "C heat"};
}

/// The session on the fog field with the knight selected, and the debug tools over it.
struct FogField {
    game::MessageLog log;
    game::Session session{log};
    game::debug::DebugTools tools{testKeys()};

    FogField()
    {
        REQUIRE(session.open(game::loadWorld({FogFieldMap, "", ""})).problems.empty());
        const int knight = session.party().find("knight");
        REQUIRE(knight >= 0);
        session.party().selection().selectOnly(knight);
    }
    const game::Unit& knight() const { return *session.party().leader(); }
    /// What the tools read, as the App gives it.
    game::debug::DebugFrame frame() const
    {
        game::debug::DebugFrame f;
        f.world = &session.world();
        f.worldVersion = session.host().version();
        f.party = &session.party();
        f.plan = &session.planGrid();
        f.lastSearch = &session.trace();
        f.fog = session.fogOn() ? &session.fog() : nullptr;
        return f;
    }
    /// The optimal cost from the knight to `goal` on `grid`.
    double optimum(const isostar::path::NavGrid& grid, isostar::TileCoord goal) const
    {
        isostar::path::GridQuery query;
        isostar::path::PathResult r;
        query.findPath(grid, knight().layer, game::planCell(knight()), goal, r);
        REQUIRE(r.status == isostar::path::PathStatus::Found);
        return r.cost;
    }
    const game::debug::RaceLane& lane(const std::string& key) const
    {
        const auto& lanes = tools.race().lanes();
        const auto it = std::find_if(lanes.begin(), lanes.end(), [&](const auto& l) { return l.key == key; });
        REQUIRE(it != lanes.end());
        return *it;
    }
};

} // namespace

TEST_CASE("fog debug: a race past an unseen wall costs what the party knows, with the fog off what the map says", "[fog]")
{
    FogField t;
    t.session.setFog(true);
    REQUIRE_FALSE(t.session.fog().known({10, 2}));  // the wall ahead is unseen
    const double real = t.optimum(t.session.world().nav, PastTheWall);
    const double known = t.optimum(t.session.planGrid(), PastTheWall);
    REQUIRE(known < real - 1.0);  // the party believes the way straight across is open

    t.tools.runRace(t.frame(), PastTheWall);
    REQUIRE(t.tools.race().active());
    CHECK(t.lane("astar").cost == Approx(known));
    CHECK(t.lane("dijkstra").cost == Approx(known));
    for (const game::debug::RaceLane& l : t.tools.race().lanes()) {
        CAPTURE(l.name);
        CHECK(isostar::path::hasPath(l.status));
        CHECK(l.cost < real - 1.0);
        // The race walks where the party would: through the unseen wall.
        CHECK(std::any_of(l.path.begin(), l.path.end(),
                          [&](isostar::TileCoord c) { return !t.session.world().nav.passable(0, c); }));
    }
    // The party's own order costs the same.
    REQUIRE(t.session.canOrder(PastTheWall));
    t.session.order(PastTheWall);
    REQUIRE(t.session.lastOrder());
    CHECK(t.session.lastOrder()->cost == Approx(t.lane("astar").cost));

    // Fog off: the race that ran on the party's knowledge goes; a new one costs the real way.
    t.session.setFog(false);
    t.tools.update(0.0, t.frame());
    CHECK_FALSE(t.tools.race().active());
    t.tools.runRace(t.frame(), PastTheWall);
    CHECK(t.lane("astar").cost == Approx(real));
    CHECK(t.lane("dijkstra").cost == Approx(real));
}

TEST_CASE("fog debug: a stepped search runs on the party's knowledge", "[fog]")
{
    FogField t;
    t.session.setFog(true);
    const double known = t.optimum(t.session.planGrid(), PastTheWall);
    t.tools.setStepMode(true);
    t.tools.beginStep(t.frame(), PastTheWall);
    REQUIRE(t.tools.stepper().active());
    for (int i = 0; i < 100000 && t.tools.stepper().running(); ++i)
        t.tools.step(t.frame(), 50);
    REQUIRE_FALSE(t.tools.stepper().running());
    CHECK(t.tools.stepper().result().status == isostar::path::PathStatus::Found);
    CHECK(t.tools.stepper().result().cost == Approx(known));
    CHECK(t.tools.stepper().result().cost < t.optimum(t.session.world().nav, PastTheWall) - 1.0);
}

TEST_CASE("fog debug: why this path shows no cost of an unseen cell, and sums to the party's plan", "[fog]")
{
    FogField t;
    game::PartyParams params = t.session.party().params();
    params.pathBudgetExpansions = 100000;  // the same ticks on any machine
    t.session.setPartyParams(params);
    t.session.setFog(true);
    REQUIRE(t.session.canOrder(PastTheWall));
    t.session.order(PastTheWall);
    const std::optional<game::debug::UnitWhy>& w = t.tools.why(t.frame());
    REQUIRE(w);
    const isostar::terrain::PathWhy& why = w->why;
    // Its total is the plan's cost on what the party knows.
    double planned = 0.0;
    const isostar::path::NavGrid& belief = t.session.planGrid();
    for (std::size_t k = 1; k < w->path.size(); ++k) {
        const isostar::TileCoord a = w->path[k - 1], b = w->path[k];
        planned += double(belief.cost(t.knight().layer, b)) *
                   (a.x != b.x && a.y != b.y ? belief.rules(t.knight().layer).diagonalFactor : 1.0);
    }
    CHECK(why.total == Approx(planned));
    CHECK(why.skippedSteps == 0);  // the unseen wall is open ground to the party
    CHECK(why.baseSum() + why.deltaSum() == Approx(why.total));
    // Steps into unknown cells are under "unknown"; known cells keep their terrain.
    bool anyUnknown = false;
    for (const isostar::terrain::WhyStep& s : why.stepList) {
        CAPTURE(s.cell.x, s.cell.y);
        CHECK((s.terrain == "unknown") == !t.session.fog().known(s.cell));
        anyUnknown = anyUnknown || s.terrain == "unknown";
    }
    CHECK(anyUnknown);
    for (const isostar::terrain::WhySource& src : why.bySource)
        CHECK(t.session.fog().known(src.source));
    // The straight line crosses the unseen wall: open to the party, so it has a cost.
    CHECK(why.straightLine.cost);
    CHECK_FALSE(why.straightLine.blockedAt);

    // Fog off: the real map, the wall blocks the straight line.
    t.session.setFog(false);
    for (int i = 0; i < 60 && t.knight().path.empty(); ++i)
        t.session.tick(1.0 / 60.0);  // it replans on the real map through the path service
    const std::optional<game::debug::UnitWhy>& real = t.tools.why(t.frame());
    REQUIRE(real);
    CHECK(std::none_of(real->why.stepList.begin(), real->why.stepList.end(),
                       [](const isostar::terrain::WhyStep& s) { return s.terrain == "unknown"; }));
    CHECK_FALSE(real->why.straightLine.cost);
}
