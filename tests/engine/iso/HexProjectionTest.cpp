// Hexagonal projections: Tiled's HexagonalRenderer layout, picking the hexagon (not its bounding
// box) on all four stagger axis/index layouts, and a tileToWorld that walks straight between
// neighbouring centres.
#include "engine/iso/Projection.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using isostar::TileCoord;
using isostar::TilePos;
using isostar::iso::CellOutline;
using isostar::iso::HexShape;
using isostar::iso::Projection;
using isostar::iso::WorldPos;

namespace {

/// The six cells sharing an edge with `c` (Red Blob Games' offset-coordinate tables, written
/// here independently of the projection).
std::vector<TileCoord> sixNeighbours(const HexShape& hex, TileCoord c)
{
    const auto shifted = [&](int i) { return ((i & 1) != 0) != hex.staggerEven; };
    std::vector<TileCoord> out;
    if (hex.staggerX) {
        const int up = shifted(c.x) ? 0 : -1; // the row of the upper side neighbours
        for (const TileCoord d : {TileCoord{0, -1}, {0, 1}, {-1, up}, {-1, up + 1}, {1, up}, {1, up + 1}})
            out.push_back({c.x + d.x, c.y + d.y});
    } else {
        const int left = shifted(c.y) ? 0 : -1; // the column of the left neighbours above and below
        for (const TileCoord d : {TileCoord{-1, 0}, {1, 0}, {left, -1}, {left + 1, -1}, {left, 1}, {left + 1, 1}})
            out.push_back({c.x + d.x, c.y + d.y});
    }
    return out;
}

WorldPos lerp(WorldPos a, WorldPos b, float t)
{
    return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

float distance(WorldPos a, WorldPos b)
{
    return std::hypot(a.x - b.x, a.y - b.y);
}

/// All four layouts of hexagonal-mini's 14x12 cells with side 6 (stagger y) or 12x14 with side
/// 6 (stagger x), on a 7x6 map; and Tiled's 60x60 side 30 stagger x odd.
std::vector<Projection> layouts()
{
    std::vector<Projection> out;
    for (bool even : {false, true}) {
        out.emplace_back(HexShape{false, even, 6}, 7, 6, 14, 12);
        out.emplace_back(HexShape{true, even, 6}, 7, 6, 12, 14);
    }
    out.emplace_back(HexShape{true, false, 30}, 5, 4, 60, 60);
    return out;
}

} // namespace

TEST_CASE("hexagonal layout: map size and cell places as Tiled's HexagonalRenderer", "[iso][hex]")
{
    // hexagonal-mini.tmx: 20x20, 14x12, side 6, stagger y odd.
    const Projection mini(HexShape{false, false, 6}, 20, 20, 14, 12);
    CHECK(mini.mapPixelSize() == WorldPos{20.f * 14.f + 7.f, 20.f * 9.f + 3.f});
    CHECK(mini.cellCorners({0, 0})[0] == WorldPos{0.f, 0.f});
    CHECK(mini.cellCorners({0, 1})[0] == WorldPos{7.f, 9.f}); // odd rows shifted by half a column
    CHECK(mini.cellCorners({2, 2})[0] == WorldPos{28.f, 18.f});
    CHECK(mini.cellCenter({2, 2}) == WorldPos{35.f, 24.f});
    CHECK(mini.cellImageAnchor({0, 1}) == WorldPos{7.f, 21.f});
    // The hexagon: pointy top, flat sides of 6 px.
    const CellOutline o = mini.cellOutline({0, 0});
    REQUIRE(o.count == 6);
    CHECK(o.points[0] == WorldPos{0.f, 3.f});
    CHECK(o.points[1] == WorldPos{7.f, 0.f});
    CHECK(o.points[2] == WorldPos{14.f, 3.f});
    CHECK(o.points[3] == WorldPos{14.f, 9.f});
    CHECK(o.points[4] == WorldPos{7.f, 12.f});
    CHECK(o.points[5] == WorldPos{0.f, 9.f});
    // test_hexagonal_tile_60x60x30.tmx: 20x20, stagger x odd: odd columns half a row lower.
    const Projection big(HexShape{true, false, 30}, 20, 20, 60, 60);
    CHECK(big.mapPixelSize() == WorldPos{20.f * 45.f + 15.f, 20.f * 60.f + 30.f});
    CHECK(big.cellCorners({1, 0})[0] == WorldPos{45.f, 30.f});
    CHECK(big.cellCorners({2, 3})[0] == WorldPos{90.f, 180.f});
    CHECK(big.cellOutline({0, 0}).count == 6);
    // Odd tile sizes are rounded down to even, as Tiled does.
    const Projection odd(HexShape{false, true, 5}, 3, 3, 15, 13);
    CHECK(odd.cellCorners({0, 0})[0] == WorldPos{7.f, 0.f}); // even index: row 0 shifted
    CHECK(odd.cellCorners({0, 0})[2] == WorldPos{21.f, 12.f});
    CHECK(odd.cellCorners({0, 1})[0] == WorldPos{0.f, 8.f}); // rows (12 - 5) / 2 + 5 = 8 apart
}

TEST_CASE("hexagonal picking: the centre and points near every edge and corner pick the hexagon", "[iso][hex]")
{
    for (const Projection& p : layouts()) {
        INFO("stagger " << (p.hex().staggerX ? 'x' : 'y') << (p.hex().staggerEven ? " even" : " odd"));
        for (int y = 0; y < p.mapHeight(); ++y)
            for (int x = 0; x < p.mapWidth(); ++x) {
                const TileCoord c{x, y};
                INFO("cell " << c);
                const WorldPos ctr = p.cellCenter(c);
                CHECK(p.pick(ctr) == c);
                const CellOutline o = p.cellOutline(c);
                REQUIRE(o.count == 6);
                const std::vector<TileCoord> near = sixNeighbours(p.hex(), c);
                for (int i = 0; i < o.count; ++i) {
                    const WorldPos a = o.points[std::size_t(i)], b = o.points[std::size_t((i + 1) % o.count)];
                    // Just inside a corner, and both sides of the middle of an edge.
                    CHECK(p.pick(lerp(a, ctr, 0.04f)) == c);
                    const WorldPos mid = lerp(a, b, 0.5f);
                    CHECK(p.pick(lerp(mid, ctr, 0.04f)) == c);
                    const WorldPos out = lerp(mid, ctr, -0.04f);
                    const auto across = p.pick(out);
                    // Across an edge: the neighbour sharing it, or nothing at the map's border.
                    bool isNeighbour = false;
                    for (const TileCoord n : near)
                        if (across == n)
                            isNeighbour = true;
                    const bool offMap = !across && std::none_of(near.begin(), near.end(), [&](TileCoord n) {
                        return p.contains(n) && distance(p.cellCenter(n), out) < distance(ctr, out);
                    });
                    CHECK((isNeighbour || offMap));
                }
                // The corners of the bounding box are outside the hexagon.
                const auto box = p.cellCorners(c);
                CHECK(p.pick(lerp(box[0], ctr, 0.02f)) != c);
                CHECK(p.pick(lerp(box[2], ctr, 0.02f)) != c);
            }
        // Off the map.
        const WorldPos size = p.mapPixelSize();
        CHECK_FALSE(p.pick({-1.f, -1.f}));
        CHECK_FALSE(p.pick({size.x + 1.f, size.y + 1.f}));
        CHECK_FALSE(p.pick({1e30f, 1e30f}));
        CHECK_FALSE(p.pick({NAN, 3.f}));
    }
}

TEST_CASE("hexagonal tileToWorld: exact inverse, continuous, straight between neighbouring centres", "[iso][hex]")
{
    for (const Projection& p : layouts()) {
        INFO("stagger " << (p.hex().staggerX ? 'x' : 'y') << (p.hex().staggerEven ? " even" : " odd"));
        for (double y = -1.9; y < 7.0; y += 0.37)
            for (double x = -1.9; x < 8.0; x += 0.41) {
                const TilePos back = p.worldToTile(p.tileToWorld({x, y}));
                CHECK(back.x == Approx(x).margin(1e-4));
                CHECK(back.y == Approx(y).margin(1e-4));
                // No jump across a cell border: a small step moves a small distance.
                const WorldPos a = p.tileToWorld({x, y}), b = p.tileToWorld({x + 1e-3, y + 1e-3});
                CHECK(distance(a, b) < 0.2f);
            }
        for (int y = 1; y < p.mapHeight() - 1; ++y)
            for (int x = 1; x < p.mapWidth() - 1; ++x)
                for (const TileCoord n : sixNeighbours(p.hex(), {x, y})) {
                    const WorldPos a = p.cellCenter({x, y}), b = p.cellCenter(n);
                    // The neighbour's hexagon is the one next door on screen.
                    CHECK(distance(a, b) < 1.2f * float(std::max(p.tileWidth(), p.tileHeight())));
                    for (double t = 0.1; t < 1.0; t += 0.2) {
                        const WorldPos w = p.tileToWorld({x + 0.5 + (n.x - x) * t, y + 0.5 + (n.y - y) * t});
                        const WorldPos line = lerp(a, b, float(t));
                        CHECK(distance(w, line) < 1e-3f);
                    }
                }
    }
}

TEST_CASE("hexagonal depth keys follow the screen rows", "[iso][hex]")
{
    for (const Projection& p : layouts()) {
        const TileCoord c{3, 3};
        const float key = p.depthKey({c.x + 0.5, c.y + 0.5});
        for (const TileCoord n : sixNeighbours(p.hex(), c)) {
            const float nk = p.depthKey({n.x + 0.5, n.y + 0.5});
            const float dy = p.cellCenter(n).y - p.cellCenter(c).y;
            if (dy < 0.f)
                CHECK(nk < key);
            else if (dy > 0.f)
                CHECK(nk > key);
            else
                CHECK(nk == key);
        }
    }
}
