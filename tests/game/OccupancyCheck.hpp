#pragma once
/// \file OccupancyCheck.hpp
/// The party's occupancy invariant, checked by the crowd tests: the occupancy grid equals a
/// count over the units (standing and stepping), no cell is held twice, and its lists of units
/// by goal hold every unit under its goal.
#include "game/party/Party.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>

namespace game::test {

/// The occupancy grid equals a count over the units (each cell a unit covers, Unit::covers:
/// its footprint, and while stepping the footprint it steps into), and no cell is held twice.
inline void checkOccupancy(const game::Party& s)
{
    std::map<isostar::TileCoord, int> held;
    for (const game::Unit& u : s.units()) {
        std::set<isostar::TileCoord> covered;
        u.footprint().forEachCell([&](isostar::TileCoord c) { covered.insert(c); });
        if (u.stepping)
            u.footprintAt(u.stepTo).forEachCell([&](isostar::TileCoord c) { covered.insert(c); });
        for (isostar::TileCoord c : covered)
            ++held[c];
    }
    for (const auto& [cell, n] : held) {
        REQUIRE(n == 1);  // no two units on one cell, ever
        REQUIRE(s.occupancy().claims(cell) == n);
    }
    std::map<isostar::TileCoord, int> goals;
    int onGrid = 0;
    for (const game::Unit& u : s.units())
        if (s.grid().inBounds(u.goal)) {
            ++goals[u.goal];
            ++onGrid;
        }
    for (const auto& [cell, n] : goals)
        REQUIRE(s.occupancy().goals(cell) == n);
    int total = 0, listed = 0;
    for (int y = 0; y < s.grid().height(); ++y)
        for (int x = 0; x < s.grid().width(); ++x) {
            total += s.occupancy().claims({x, y});
            listed += s.occupancy().goals({x, y});
        }
    REQUIRE(total == int(held.size()));
    REQUIRE(listed == onGrid);
    for (std::size_t i = 0; i < s.units().size(); ++i) {
        const game::Unit& u = s.units()[i];
        REQUIRE(s.occupancy().holderOf(u.tile) == int(i));
        REQUIRE(s.occupancy().occupied(u.tile));
        REQUIRE_FALSE(s.occupancy().occupied(u.tile, int(i)));
    }
}

} // namespace game::test
