// "Why this path" for a unit bigger than a cell (issue 31): the cart of
// tests/game/data/wall_gaps.tmx (2x2 cells) plans on its footprint layer, and the why panel
// prices each of its steps by the dearest cell of the footprint after it, so its total is the
// cost of its route on that layer.
#include "game/debug/DebugTools.hpp"

#include "game/session/Session.hpp"

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("footprint why: the cart's why sums to its route's cost on its footprint layer", "[footprint]")
{
    game::MessageLog log;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/tests/game/data/wall_gaps.tmx", "", ""}))
                .problems.empty());
    const int cart = session.party().find("cart");
    REQUIRE(cart >= 0);
    session.party().selection().selectOnly(cart);
    REQUIRE(session.canOrder({18, 13}));
    session.order({18, 13});
    game::debug::DebugTools tools({"G", "N", "Shift+N", "Ctrl+N", "Shift+click", "R", "Y", "C heat"});
    game::debug::DebugFrame f;
    f.world = &session.world();
    f.worldVersion = session.host().version();
    f.party = &session.party();
    f.plan = &session.planGrid();
    const std::optional<game::debug::UnitWhy>& w = tools.why(f);
    REQUIRE(w);
    CHECK(w->unit == "cart");
    CHECK(w->profile == "default");
    const game::Unit& u = session.party().units()[std::size_t(cart)];
    const isostar::path::NavGrid& grid = session.planGrid();
    double route = 0.0;
    for (std::size_t k = 1; k < w->path.size(); ++k) {
        const isostar::TileCoord a = w->path[k - 1], b = w->path[k];
        route += double(grid.cost(u.layer, b)) * (a.x != b.x && a.y != b.y ? grid.rules(u.layer).diagonalFactor : 1.0);
    }
    CHECK(w->path.size() > 10);
    CHECK(w->why.skippedSteps == 0);
    CHECK(w->why.total == Approx(route));
    CHECK(w->why.baseSum() + w->why.deltaSum() == Approx(w->why.total));
    // Its straight line crosses the wall: blocked where the footprint first touches it.
    REQUIRE(w->why.straightLine.blockedAt);
    CHECK(w->why.straightLine.blockedAt->x >= 11);
    CHECK(w->why.straightLine.blockedAt->x <= 12);
}
