// The formation of a group order, checked against its plain definitions: the goals against a
// flood over the whole map and a sort of every unit-candidate pair, and the tiles an order may
// not use against a scan of every unit, on crowds in random states.
#include "game/party/Party.hpp"
#include "game/rules/Formation.hpp"

#include "tests/game/GridFromAscii.hpp"
#include "tests/game/OccupancyCheck.hpp"
#include "tests/support/PartyProbe.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>

using isostar::TileCoord;

namespace {

/// A field of `width` x `height` with random walls (`wallPercent`) and a long wall with gaps.
isostar::path::CostField blockedTestField(int width, int height, unsigned seed, unsigned wallPercent)
{
    std::mt19937 rng(seed);
    isostar::path::CostField f(width, height);
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x)
            f.at({x, y}) = rng() % 100 < wallPercent ? isostar::path::Impassable : 1.0f;
    for (int x = 0; x < f.width; ++x)
        if (x % 17 != 3)
            f.at({x, f.height / 2}) = isostar::path::Impassable;
    return f;
}

/// planFormation's goals by its definition: a breadth-first flood of the whole layer from the
/// anchor (4-neighbours, +x, -x, +y, -y) picking unblocked cells until it has 4 per unit + 8,
/// sorted by distance then row-major; then every pair (same island) sorted by distance,
/// candidate, unit and taken greedily, among the closest candidates (as many as units) first.
std::vector<TileCoord> referenceGoals(const isostar::path::NavGrid& g, TileCoord anchor, const std::vector<TileCoord>& units,
                                      const std::set<TileCoord>& blocked)
{
    const std::size_t want = units.size() * 4 + 8;
    auto at = [&](TileCoord c) { return std::size_t(c.y) * std::size_t(g.width()) + std::size_t(c.x); };
    std::vector<char> seen(std::size_t(g.width()) * std::size_t(g.height()), 0);
    std::vector<TileCoord> queue{anchor}, cands;
    seen[at(anchor)] = 1;
    for (std::size_t head = 0; head < queue.size() && cands.size() < want; ++head) {
        const TileCoord c = queue[head];
        if (!blocked.count(c))
            cands.push_back(c);
        for (TileCoord n : {TileCoord{c.x + 1, c.y}, TileCoord{c.x - 1, c.y}, TileCoord{c.x, c.y + 1}, TileCoord{c.x, c.y - 1}})
            if (g.passable(0, n) && !seen[at(n)]) {
                seen[at(n)] = 1;
                queue.push_back(n);
            }
    }
    auto d2 = [](TileCoord a, TileCoord b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); };
    std::sort(cands.begin(), cands.end(), [&](TileCoord a, TileCoord b) {
        return std::make_tuple(d2(a, anchor), at(a)) < std::make_tuple(d2(b, anchor), at(b));
    });
    std::vector<TileCoord> goals = units;
    std::vector<char> assigned(units.size(), 0), taken(cands.size(), 0);
    for (std::size_t limit : {std::min(cands.size(), units.size()), cands.size()}) {
        std::vector<std::tuple<int, std::size_t, std::size_t>> pairs;  // distance, candidate, unit
        for (std::size_t u = 0; u < units.size(); ++u)
            for (std::size_t c = 0; c < limit; ++c)
                if (g.islandOf(0, units[u]) >= 0 && g.islandOf(0, units[u]) == g.islandOf(0, cands[c]))
                    pairs.emplace_back(d2(units[u], cands[c]), c, u);
        std::sort(pairs.begin(), pairs.end());
        for (const auto& [d, c, u] : pairs)
            if (!assigned[u] && !taken[c]) {
                assigned[u] = taken[c] = 1;
                goals[u] = cands[c];
            }
    }
    return goals;
}

} // namespace

TEST_CASE("formation: the goals of a flood over the whole map and a sort of every pair")
{
    const isostar::path::NavGrid grid = navGrid({{"", blockedTestField(160, 120, 5, 18)}});
    REQUIRE(grid.layerCount() == 1);
    std::vector<TileCoord> open;
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            if (grid.passable(0, {x, y}))
                open.push_back({x, y});
    std::mt19937 rng(21);
    isostar::path::GridQuery query;
    game::FormationScratch scratch;  // one for all plans: nothing may leak from one to the next
    int windowsOutgrown = 0;
    for (int round = 0; round < 150; ++round) {
        const TileCoord clicked = open[rng() % open.size()];
        // Units in a block somewhere (or scattered), some standing on the goals' side.
        const std::size_t n = 1 + rng() % 40;
        const TileCoord base = open[rng() % open.size()];
        const bool scattered = rng() % 4 == 0;
        std::set<TileCoord> unitSet;
        for (int tries = 0; unitSet.size() < n && tries < 1000; ++tries) {
            const TileCoord c = scattered ? open[rng() % open.size()]
                                          : TileCoord{base.x + int(rng() % 12), base.y + int(rng() % 12)};
            if (grid.passable(0, c))
                unitSet.insert(c);
        }
        std::vector<TileCoord> units(unitSet.begin(), unitSet.end());
        std::shuffle(units.begin(), units.end(), rng);
        // Blocked tiles: dense round the click (the flood must grow its window), sparse elsewhere.
        const unsigned nearPercent = rng() % 95, radius = 5 + rng() % 40;
        std::set<TileCoord> blocked;
        for (TileCoord c : open)
            if ((unsigned(std::abs(c.x - clicked.x)) < radius && unsigned(std::abs(c.y - clicked.y)) < radius &&
                 rng() % 100 < nearPercent) || rng() % 100 < 5)
                blocked.insert(c);
        const std::vector<TileCoord> list(blocked.begin(), blocked.end());
        const auto fromList = game::planFormation(grid, 0, query, clicked, units, list);
        const auto fromTest = game::planFormation(
            grid, 0, query, clicked, units, [&](TileCoord c) { return blocked.count(c) > 0; }, scratch);
        REQUIRE(fromList.anchor);
        REQUIRE(fromTest.anchor == fromList.anchor);
        REQUIRE(fromTest.goals == fromList.goals);
        REQUIRE(fromList.goals == referenceGoals(grid, *fromList.anchor, units, blocked));
        windowsOutgrown += nearPercent > 80 && radius > 30 ? 1 : 0;
    }
    CHECK(windowsOutgrown > 0);  // some floods left the first window
}

TEST_CASE("an order's blocked tiles are the cells and the goals of the units outside it, in any state")
{
    isostar::path::NavGrid grid = navGrid({{"", blockedTestField(48, 40, 9, 12)}});
    game::Party s;
    REQUIRE(s.reset(grid));
    game::test::tune(s, [](game::PartyParams& p) { p.pathBudgetExpansions = 20000; });  // the same ticks on any machine
    std::vector<TileCoord> open;
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            if (grid.passable(0, {x, y}))
                open.push_back({x, y});
    std::mt19937 rng(33);
    std::shuffle(open.begin(), open.end(), rng);
    const int n = 160;
    for (int i = 0; i < n; ++i)
        s.spawn("u" + std::to_string(i), open[std::size_t(i)]);
    auto someUnits = [&](std::size_t most) {
        std::vector<int> who;
        for (std::size_t k = 1 + rng() % most; k > 0; --k)
            who.push_back(int(rng() % unsigned(n)));  // repeats too: order() takes each once
        return who;
    };
    long long goalOnly = 0, checkedCells = 0;
    for (int frame = 0; frame < 600; ++frame) {
        if (rng() % 8 == 0)
            s.order(someUnits(40), open[rng() % open.size()], nullptr, rng() % 2 == 0);
        if (rng() % 4 == 0)
            s.sendTo(int(rng() % unsigned(n)), open[rng() % open.size()]);
        if (frame % 150 == 75) {  // walls come and go under the walkers (displaced units, replans)
            std::vector<isostar::path::CellChange> edit;
            for (int k = 0; k < 40; ++k)
                edit.push_back({open[rng() % open.size()], rng() % 2 ? isostar::path::Impassable : 1.0f});
            const isostar::path::NavDirty dirty = grid.apply(0, edit);
            s.gridChanged({&dirty, 1});
        }
        s.update(1.0 / 60.0);
        if (frame % 5 != 0)
            continue;
        game::test::checkOccupancy(s);
        const std::vector<int> who = someUnits(30);
        std::vector<char> mover(std::size_t(n), 0);
        for (int i : who)
            mover[std::size_t(i)] = 1;
        std::set<TileCoord> held, walkedTo;
        for (int i = 0; i < n; ++i) {
            const game::Unit& u = s.units()[std::size_t(i)];
            if (mover[std::size_t(i)])
                continue;
            held.insert(u.tile);
            if (u.stepping)
                held.insert(u.stepTo);
            if (u.moving())
                walkedTo.insert(u.goal);
        }
        std::vector<TileCoord> cells;
        for (int y = 0; y < grid.height(); ++y)
            for (int x = 0; x < grid.width(); ++x)
                cells.push_back({x, y});
        const std::vector<char> blocked = game::test::formationBlocked(s, who, cells);
        REQUIRE(blocked.size() == cells.size());
        for (std::size_t k = 0; k < cells.size(); ++k) {
            const bool expected = held.count(cells[k]) || walkedTo.count(cells[k]);
            REQUIRE(bool(blocked[k]) == expected);
            goalOnly += walkedTo.count(cells[k]) && !held.count(cells[k]) ? 1 : 0;
        }
        checkedCells += std::ssize(cells);
    }
    CHECK(checkedCells > 0);
    CHECK(goalOnly > 100);  // many cells were blocked by a goal alone: the goals were checked
}
