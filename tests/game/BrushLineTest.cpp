#include "game/input/Input.hpp"

#include <catch2/catch.hpp>

#include <cmath>

TEST_CASE("brush line: a drag paints a gap-free 4-connected line that follows the straight one")
{
    CHECK(game::brushLine({4, 4}, {4, 4}).empty());
    const isostar::TileCoord ends[][2] = {{{0, 0}, {3, 2}}, {{5, 5}, {0, 0}}, {{2, 9}, {2, 1}}, {{0, 3}, {7, 0}}, {{1, 1}, {2, 2}}};
    for (const auto& e : ends) {
        const isostar::TileCoord from = e[0], to = e[1];
        INFO(from << " -> " << to);
        const std::vector<isostar::TileCoord> line = game::brushLine(from, to);
        REQUIRE(int(line.size()) == std::abs(to.x - from.x) + std::abs(to.y - from.y));
        CHECK(line.back() == to);
        isostar::TileCoord prev = from;
        for (isostar::TileCoord c : line) {
            CHECK(std::abs(c.x - prev.x) + std::abs(c.y - prev.y) == 1);  // 4-connected, no gap
            // Never farther than one cell from the straight segment.
            const double lx = to.x - from.x, ly = to.y - from.y;
            const double dist = std::abs((c.x - from.x) * ly - (c.y - from.y) * lx) / std::hypot(lx, ly);
            CHECK(dist <= 1.0);
            prev = c;
        }
    }
}
