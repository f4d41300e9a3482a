// Fog of war on hex maps (game/fog/Sight): the radius counts hex steps, the six neighbours are
// always seen, a wall hides what lies behind it along the cube-lerp line, and a line running
// exactly along the edge between two cells is stopped only when both block.
#include "game/fog/Sight.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

namespace {

game::SightMap hexMap(int w, int h, isostar::HexAxis axis, bool odd)
{
    game::SightMap m(w, h);
    m.topology = isostar::GridTopology::hexagonal(axis, odd);
    return m;
}

} // namespace

TEST_CASE("fog on hex maps: radius in hex steps, walls hide, an edge is sealed only by both sides", "[fog][hex]")
{
    for (const bool odd : {true, false})
        for (const isostar::HexAxis axis : {isostar::HexAxis::Rows, isostar::HexAxis::Columns}) {
            game::SightMap m = hexMap(15, 15, axis, odd);
            CAPTURE(m.topology);
            const isostar::TileCoord from{7, 7};
            std::vector<isostar::TileCoord> seen;
            game::cellsInSight(m, from, 3, seen);
            // Open ground: exactly the cells within 3 hex steps (1 + 6 + 12 + 18 = 37).
            CHECK(seen.size() == 37);
            for (const isostar::TileCoord c : seen)
                CHECK(m.topology.hexDistance(from, c) <= 3);
            // Walls all round: the six neighbours are still seen, nothing beyond them.
            for (const isostar::TileCoord n : m.topology.neighbours(from))
                m.set(n, true);
            seen.clear();
            game::cellsInSight(m, from, 3, seen);
            CHECK(seen.size() == 7);
        }
    // Rows offset, index odd: from (2,2) to (2,4) the line runs along the edge between (1,3)
    // and (2,3). One of them blocking leaves the view open; both seal it.
    game::SightMap m = hexMap(6, 6, isostar::HexAxis::Rows, true);
    CHECK(game::lineOfSight(m, {2, 2}, {2, 4}));
    m.set({1, 3}, true);
    CHECK(game::lineOfSight(m, {2, 2}, {2, 4}));
    m.set({1, 3}, false);
    m.set({2, 3}, true);
    CHECK(game::lineOfSight(m, {2, 2}, {2, 4}));
    m.set({1, 3}, true);
    CHECK_FALSE(game::lineOfSight(m, {2, 2}, {2, 4}));
    // A wall straight on the line hides the cell behind it; the wall itself is seen.
    game::SightMap row = hexMap(8, 3, isostar::HexAxis::Rows, true);
    row.set({3, 1}, true);
    CHECK(game::lineOfSight(row, {1, 1}, {3, 1}));
    CHECK_FALSE(game::lineOfSight(row, {1, 1}, {5, 1}));
}
