// game/debug/StepThrough: the stepped search closes the same cells in the same order as the
// engine's full search, one per step, and ends with the same result.

#include "game/debug/StepThrough.hpp"

#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "game/rules/ProfileLayer.hpp"
#include "game/world/World.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

namespace {

/// A random field: walls with probability `wallP`, costs 0.5..4 elsewhere.
isostar::path::CostField randomField(int w, int h, double wallP, std::mt19937& rng)
{
    isostar::path::CostField f(w, h);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            f.at({x, y}) = u(rng) < wallP ? isostar::path::Impassable : float(0.5 + 3.5 * u(rng));
    return f;
}

/// Runs the stepped search to its end one expansion at a time and checks every step against
/// the full search's trace.
void checkSameOrder(const isostar::path::NavGrid& nav, int layer, isostar::TileCoord start, isostar::TileCoord goal)
{
    isostar::path::GridQuery full;
    isostar::path::SearchTrace fullTrace;
    isostar::path::PathResult fullResult;
    full.findPath(nav, layer, start, goal, fullResult, nullptr, &fullTrace);

    game::debug::StepThrough st;
    const isostar::path::PathStatus first = st.begin(nav, layer, start, goal);
    if (first != isostar::path::PathStatus::InProgress) {
        CHECK(first == fullResult.status);
        return;
    }
    int k = 0;
    while (st.running()) {
        REQUIRE(st.step(1) == 1);
        REQUIRE(k < fullTrace.stepCount());
        REQUIRE(st.current());
        CHECK(st.current()->cell == fullTrace.expanded[std::size_t(k)].cell);
        CHECK(st.current()->g == fullTrace.expanded[std::size_t(k)].g);
        // The head of the open list is what the engine pops next.
        if (st.running() && k + 1 < fullTrace.stepCount()) {
            REQUIRE_FALSE(st.openHead().empty());
            CHECK(st.openHead().front().cell == fullTrace.expanded[std::size_t(k) + 1].cell);
        }
        ++k;
    }
    CHECK(k == fullTrace.stepCount());
    CHECK(st.expanded() == fullResult.expanded);
    CHECK(st.result().status == fullResult.status);
    CHECK(st.result().cost == fullResult.cost);
    CHECK(st.result().path == fullResult.path);
    CHECK(st.step(1) == 0);  // over: nothing more
}

} // namespace

TEST_CASE("step-through: one expansion per step, in the full search's order (random fields)")
{
    std::mt19937 rng(1234);
    for (int round = 0; round < 12; ++round) {
        const isostar::path::CostField f = randomField(24, 18, 0.22, rng);
        isostar::path::NavGrid nav;
        REQUIRE(nav.reset(f.width, f.height));
        isostar::path::MoveRules rules;
        rules.diagonal = round % 3 == 0 ? isostar::path::DiagonalMode::Never : isostar::path::DiagonalMode::NoCornerCutting;
        const int layer = nav.addLayer("test", f, rules);
        REQUIRE(layer == 0);
        std::uniform_int_distribution<int> ux(0, f.width - 1), uy(0, f.height - 1);
        isostar::TileCoord start{ux(rng), uy(rng)}, goal{ux(rng), uy(rng)};
        if (!nav.passable(layer, start))
            continue;
        INFO("round " << round << " start " << start << " goal " << goal);
        checkSameOrder(nav, layer, start, goal);
    }
}

TEST_CASE("step-through: step(N) closes exactly the full search's first N cells (valley, dwarf)")
{
    auto loaded = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx", "", ""});
    if (!loaded)
        FAIL(isostar::formatDiagnostics(loaded.diagnostics()));
    const game::World& world = loaded.value();
    const int layer = std::max(0, game::profileLayer(world.nav, "dwarf"));
    REQUIRE(world.start);
    const isostar::TileCoord start = *world.start;
    const isostar::TileCoord goal = world.goal ? *world.goal : isostar::TileCoord{world.nav.width() - 2, world.nav.height() - 2};

    isostar::path::GridQuery full;
    isostar::path::SearchTrace trace;
    isostar::path::PathResult result;
    full.findPath(world.nav, layer, start, goal, result, nullptr, &trace);
    REQUIRE(trace.stepCount() > 40);

    game::debug::StepThrough st;
    REQUIRE(st.begin(world.nav, layer, start, goal) == isostar::path::PathStatus::InProgress);
    CHECK(st.step(25) == 25);
    CHECK(st.step(0) == 0);
    CHECK(st.step(15) == 15);
    REQUIRE(st.expanded() == 40);
    for (int k = 0; k < 40; ++k)
        CHECK(st.trace().expanded[std::size_t(k)].cell == trace.expanded[std::size_t(k)].cell);
    // The cells the last expansion opened are the full search's for that step.
    const std::vector<isostar::path::TraceCell> opened(trace.openedBeginAt(39), trace.openedEndAt(39));
    CHECK(st.lastOpened() == opened);
    // To the end: the same path as the full search.
    st.step(1000000);
    CHECK_FALSE(st.running());
    CHECK(st.result().cost == result.cost);
    CHECK(st.result().path == result.path);
    checkSameOrder(world.nav, layer, start, goal);
}

TEST_CASE("step-through: playing runs stepsPerSec expansions a second, an edit stops the search")
{
    isostar::path::CostField f(30, 10);
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x)
            f.at({x, y}) = 1.0f;
    isostar::path::NavGrid nav;
    REQUIRE(nav.reset(f.width, f.height));
    REQUIRE(nav.addLayer("test", f, {}) == 0);
    game::debug::StepThrough st;
    REQUIRE(st.begin(nav, 0, {0, 5}, {29, 5}) == isostar::path::PathStatus::InProgress);
    st.stepsPerSec = 10.0;
    st.setPlaying(true);
    st.update(0.25);  // 2.5 expansions: 2 now, the half carried
    CHECK(st.expanded() == 2);
    st.update(0.25);
    CHECK(st.expanded() == 5);
    st.setPlaying(false);
    st.update(1.0);
    CHECK(st.expanded() == 5);

    const isostar::path::CellChange wall[] = {{{10, 5}, isostar::path::Impassable}};
    nav.apply(0, wall);
    CHECK(st.step(1) == 0);
    CHECK_FALSE(st.running());
    CHECK(st.gridChanged() == false);  // already stopped
}

TEST_CASE("step-through: each neighbour's outcome (opened, closed, wall, corner rule) as the engine scored it")
{
    // 'W' walls: from (1,1) the first expansion sees a wall north, and the corner rule refuses
    // the diagonals past it.
    isostar::path::CostField f(5, 4);
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x)
            f.at({x, y}) = 1.0f;
    f.at({1, 0}) = isostar::path::Impassable;
    isostar::path::NavGrid nav;
    REQUIRE(nav.reset(f.width, f.height));
    REQUIRE(nav.addLayer("test", f, {}) == 0);
    game::debug::StepThrough st;
    REQUIRE(st.begin(nav, 0, {1, 1}, {4, 3}) == isostar::path::PathStatus::InProgress);
    REQUIRE(st.step(1) == 1);
    REQUIRE(st.current());
    CHECK(st.current()->cell == isostar::TileCoord{1, 1});
    using O = isostar::path::NeighbourOutcome;
    std::vector<std::pair<isostar::TileCoord, O>> seen;
    for (const isostar::path::TraceNeighbour& n : st.neighbours())
        seen.push_back({n.cell, n.outcome});
    // N, E, S, W, NE, SE, SW, NW.
    const std::vector<std::pair<isostar::TileCoord, O>> expected = {
        {{1, 0}, O::Wall},       {{2, 1}, O::Opened}, {{1, 2}, O::Opened}, {{0, 1}, O::Opened},
        {{2, 0}, O::CornerRule}, {{2, 2}, O::Opened}, {{0, 2}, O::Opened}, {{0, 0}, O::CornerRule}};
    CHECK(seen == expected);
    // The next expansion finds the start closed among its neighbours.
    REQUIRE(st.step(1) == 1);
    bool sawClosed = false;
    for (const isostar::path::TraceNeighbour& n : st.neighbours())
        sawClosed = sawClosed || (n.cell == isostar::TileCoord{1, 1} && n.outcome == O::Closed);
    CHECK(sawClosed);
}
