// engine/core/GridTopology.hpp: the neighbour tables of Tiled's four hex layouts, offset <-> cube
// conversion, hex distance and the hex line.

#include "engine/core/GridTopology.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <array>
#include <vector>

using isostar::CubeCoord;
using isostar::GridTopology;
using isostar::HexAxis;
using isostar::TileCoord;

namespace {

const std::array<GridTopology, 4> kLayouts = {
    GridTopology::hexagonal(HexAxis::Rows, true), GridTopology::hexagonal(HexAxis::Rows, false),
    GridTopology::hexagonal(HexAxis::Columns, true), GridTopology::hexagonal(HexAxis::Columns, false)};

bool contains(const std::array<TileCoord, 6>& cells, TileCoord c)
{
    return std::find(cells.begin(), cells.end(), c) != cells.end();
}

} // namespace

TEST_CASE("GridTopology: Red Blob Games' offset layouts, as Tiled staggers them", "[core][hex]")
{
    // odd-r (staggeraxis y, index odd): row 1 is shoved right, so (0,1) touches (0,0) and (1,0).
    const GridTopology oddR = kLayouts[0];
    CHECK(oddR.shifted({0, 1}));
    CHECK_FALSE(oddR.shifted({0, 0}));
    const auto n01 = oddR.neighbours({0, 1});
    CHECK(contains(n01, {0, 0}));
    CHECK(contains(n01, {1, 0}));
    CHECK(contains(n01, {1, 2}));
    CHECK_FALSE(contains(n01, {-1, 0}));
    // even-r: row 0 is shoved right.
    const auto e00 = kLayouts[1].neighbours({0, 0});
    CHECK(contains(e00, {1, -1}));
    CHECK(contains(e00, {1, 1}));
    CHECK_FALSE(contains(e00, {-1, 1}));
    // odd-q (staggeraxis x, index odd): column 1 is shoved down, so (1,0) touches (0,0) and (0,1).
    const auto q10 = kLayouts[2].neighbours({1, 0});
    CHECK(contains(q10, {0, 0}));
    CHECK(contains(q10, {0, 1}));
    CHECK(contains(q10, {2, 1}));
    CHECK_FALSE(contains(q10, {0, -1}));
    // even-q: column 0 is shoved down.
    const auto eq00 = kLayouts[3].neighbours({0, 0});
    CHECK(contains(eq00, {1, 1}));
    CHECK(contains(eq00, {-1, 1}));
    CHECK_FALSE(contains(eq00, {1, -1}));
    // Tiled's hexagonal-mini.tmx (odd-r): from (0,0) to (10,10) takes 15 steps.
    CHECK(oddR.hexDistance({0, 0}, {10, 10}) == 15);
}

TEST_CASE("GridTopology: neighbour tables are symmetric, six distinct cells at distance 1", "[core][hex]")
{
    for (const GridTopology& t : kLayouts) {
        CAPTURE(t);
        for (int y = -3; y <= 4; ++y)
            for (int x = -3; x <= 4; ++x) {
                const TileCoord a{x, y};
                const auto n = t.neighbours(a);
                for (std::size_t i = 0; i < n.size(); ++i) {
                    CAPTURE(a, n[i]);
                    CHECK(std::count(n.begin(), n.end(), n[i]) == 1);
                    CHECK_FALSE(n[i] == a);
                    CHECK(contains(t.neighbours(n[i]), a));       // b in N(a) iff a in N(b)
                    CHECK(t.hexDistance(a, n[i]) == 1);
                    // Neighbour k + 3 is opposite neighbour k: back from n[k] along k + 3.
                    CHECK(t.neighbours(n[i])[(i + 3) % 6] == a);
                    CHECK(std::abs(n[i].x - x) <= 1);
                    CHECK(std::abs(n[i].y - y) <= 1);
                }
                // Cells within one step in x and y that are not listed are at distance 2.
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const TileCoord b{x + dx, y + dy};
                        if (!(b == a) && !contains(n, b))
                            CHECK(t.hexDistance(a, b) == 2);
                    }
                // Centres of neighbours are 1 apart in the regular plane.
                for (const TileCoord& b : n) {
                    const double ex = t.centre(a).x - t.centre(b).x;
                    const double ey = t.centre(a).y - t.centre(b).y;
                    CHECK(std::sqrt(ex * ex + ey * ey) == Approx(1.0));
                }
            }
    }
}

TEST_CASE("GridTopology: cube coordinates round-trip and give the breadth-first distance", "[core][hex]")
{
    for (const GridTopology& t : kLayouts) {
        CAPTURE(t);
        // Breadth-first steps over neighbours() from (0,0) within a 13 x 13 window.
        constexpr int kR = 6;
        std::vector<int> dist(std::size_t((2 * kR + 1) * (2 * kR + 1)), -1);
        auto at = [&](TileCoord c) -> int& { return dist[std::size_t((c.y + kR) * (2 * kR + 1) + c.x + kR)]; };
        std::vector<TileCoord> queue{{0, 0}};
        at({0, 0}) = 0;
        for (std::size_t head = 0; head < queue.size(); ++head)
            for (const TileCoord& b : t.neighbours(queue[head]))
                if (std::abs(b.x) <= kR && std::abs(b.y) <= kR && at(b) < 0) {
                    at(b) = at(queue[head]) + 1;
                    queue.push_back(b);
                }
        for (int y = -kR; y <= kR; ++y)
            for (int x = -kR; x <= kR; ++x) {
                const TileCoord c{x, y};
                CAPTURE(c);
                const CubeCoord h = t.toCube(c);
                CHECK(h.q + h.r + h.s == 0);
                CHECK(t.fromCube(h) == c);
                // The window may force a detour only near its edge: compare inside half of it.
                if (std::abs(x) <= kR / 2 && std::abs(y) <= kR / 2)
                    CHECK(t.hexDistance({0, 0}, c) == at(c));
            }
    }
}

TEST_CASE("GridTopology: the hex line steps between neighbours from a to b", "[core][hex]")
{
    for (const GridTopology& t : kLayouts) {
        CAPTURE(t);
        for (const TileCoord b : {TileCoord{7, 3}, TileCoord{-4, 6}, TileCoord{0, -5}, TileCoord{3, 3}, TileCoord{0, 0}}) {
            CAPTURE(b);
            std::vector<TileCoord> line;
            t.hexLine({0, 0}, b, line);
            REQUIRE(line.size() == std::size_t(t.hexDistance({0, 0}, b) + 1));
            CHECK(line.front() == TileCoord{0, 0});
            CHECK(line.back() == b);
            for (std::size_t i = 1; i < line.size(); ++i)
                CHECK(t.hexDistance(line[i - 1], line[i]) == 1);
        }
    }
    CHECK(GridTopology::square().neighbourCount() == 8);
    CHECK_FALSE(GridTopology::square().shifted({1, 1}));
}
