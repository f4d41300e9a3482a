#include "engine/iso/Projection.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using isostar::TileCoord;
using isostar::TilePos;
using isostar::iso::Orientation;
using isostar::iso::Projection;
using isostar::iso::WorldPos;

namespace {

// Tiled's isometric_grass_and_water.tmx: 25x25 cells of 64x32.
const Projection kIso(Orientation::Isometric, 25, 25, 64, 32);
// A non-square map so W and H cannot be swapped by mistake.
const Projection kIsoWide(Orientation::Isometric, 7, 3, 64, 32);
const Projection kOrtho(Orientation::Orthogonal, 10, 6, 32, 16);

} // namespace

TEST_CASE("isometric tileToWorld places cells as tmxrasterizer does", "[iso]")
{
    CHECK(kIso.mapPixelSize() == WorldPos{1600.f, 800.f});
    CHECK(kIsoWide.mapPixelSize() == WorldPos{320.f, 160.f});
    // Top corner of cell (0,0) is at (H*tw/2, 0).
    CHECK(kIsoWide.tileToWorld({0, 0}) == WorldPos{96.f, 0.f});
    CHECK(kIsoWide.tileToWorld({7, 0}) == WorldPos{320.f, 112.f}); // right corner of the map
    CHECK(kIsoWide.tileToWorld({0, 3}) == WorldPos{0.f, 48.f});    // left corner
    CHECK(kIsoWide.tileToWorld({7, 3}) == WorldPos{224.f, 160.f}); // bottom corner
    CHECK(kIsoWide.cellCenter({2, 1}) == WorldPos{96.f + 32.f, 16.f * 3.f + 16.f});
    const auto c = kIsoWide.cellCorners({2, 1});
    CHECK(c[0] == WorldPos{128.f, 48.f}); // top
    CHECK(c[1] == WorldPos{160.f, 64.f}); // right
    CHECK(c[2] == WorldPos{128.f, 80.f}); // bottom
    CHECK(c[3] == WorldPos{96.f, 64.f});  // left
}

TEST_CASE("every cell centre picks its own cell", "[iso]")
{
    for (const Projection* p : {&kIso, &kIsoWide, &kOrtho})
        for (int y = 0; y < p->mapHeight(); ++y)
            for (int x = 0; x < p->mapWidth(); ++x) {
                const auto picked = p->pick(p->cellCenter({x, y}));
                REQUIRE(picked);
                CHECK(*picked == TileCoord{x, y});
            }
}

TEST_CASE("picking is exact on the diamond edges", "[iso]")
{
    const Projection& p = kIsoWide;
    const TileCoord cell{3, 1};
    const auto k = p.cellCorners(cell);
    const float e = 0.01f;
    // Just inside each corner.
    CHECK(p.pick({k[0].x, k[0].y + e}) == cell);
    CHECK(p.pick({k[1].x - e, k[1].y}) == cell);
    CHECK(p.pick({k[2].x, k[2].y - e}) == cell);
    CHECK(p.pick({k[3].x + e, k[3].y}) == cell);
    // Just outside each corner: the neighbouring cells.
    CHECK(p.pick({k[0].x, k[0].y - e}) == TileCoord{2, 0});
    CHECK(p.pick({k[1].x + e, k[1].y}) == TileCoord{4, 0});
    CHECK(p.pick({k[2].x, k[2].y + e}) == TileCoord{4, 2});
    CHECK(p.pick({k[3].x - e, k[3].y}) == TileCoord{2, 2});
    // Points near the middle of each edge (the bounding box corners are outside the diamond).
    const WorldPos mid{(k[0].x + k[1].x) / 2, (k[0].y + k[1].y) / 2}; // top-right edge
    CHECK(p.pick({mid.x - e, mid.y + e}) == cell);
    CHECK(p.pick({mid.x + e, mid.y - e}) == TileCoord{3, 0});
    const WorldPos midBL{(k[2].x + k[3].x) / 2, (k[2].y + k[3].y) / 2}; // bottom-left edge
    CHECK(p.pick({midBL.x + e, midBL.y - e}) == cell);
    CHECK(p.pick({midBL.x - e, midBL.y + e}) == TileCoord{3, 2});
    // A corner of the cell's bounding box is not in the diamond.
    CHECK(p.pick({k[3].x + 1.f, k[0].y + 1.f}) != cell);
    // Half-open: the exact top corner belongs to this cell, the exact bottom corner does not.
    CHECK(p.pick(k[0]) == cell);
    CHECK(p.pick(k[2]) == TileCoord{4, 2});
}

TEST_CASE("picking off the map gives nullopt", "[iso]")
{
    const Projection& p = kIsoWide;
    CHECK_FALSE(p.pick({0.f, 0.f}));     // top-left canvas corner, outside the diamond
    CHECK_FALSE(p.pick({319.f, 159.f})); // bottom-right canvas corner
    CHECK_FALSE(p.pick({96.f, -0.01f})); // just above the top corner
    CHECK_FALSE(p.pick({-5.f, 48.f}));
    CHECK_FALSE(p.pick({1e30f, 1e30f}));
    CHECK_FALSE(p.pick({-1e30f, 5.f}));
    CHECK_FALSE(p.pick({NAN, 5.f}));
    CHECK(p.pick({96.f, 0.01f}) == TileCoord{0, 0});
    CHECK(p.pick({224.f, 159.99f}) == TileCoord{6, 2}); // just inside the bottom corner
    CHECK_FALSE(p.pick({224.f, 160.f}));
    CHECK_FALSE(kOrtho.pick({-0.01f, 3.f}));
    CHECK_FALSE(kOrtho.pick({320.f, 3.f}));
    CHECK(kOrtho.pick({319.9f, 95.9f}) == TileCoord{9, 5});
}

TEST_CASE("tileToWorld and worldToTile round-trip", "[iso]")
{
    for (const Projection* p : {&kIso, &kIsoWide, &kOrtho})
        for (double y = -2.0; y <= 8.0; y += 0.37)
            for (double x = -2.0; x <= 12.0; x += 0.41) {
                const TilePos back = p->worldToTile(p->tileToWorld({x, y}));
                CHECK(std::abs(back.x - x) < 1e-4);
                CHECK(std::abs(back.y - y) < 1e-4);
            }
    CHECK(kOrtho.tileToWorld({2.5, 1.5}) == WorldPos{80.f, 24.f});
    CHECK(kOrtho.cellCorners({1, 1})[2] == WorldPos{64.f, 32.f});
}

TEST_CASE("depth keys order a unit behind a wall before it and one in front after it", "[iso]")
{
    const Projection& p = kIso;
    const TileCoord wall{10, 10};
    const float wallKey = p.depthKey({wall.x + 0.5, wall.y + 0.5});
    // Behind the wall (further up the screen): north-west, north-east, and north.
    for (TilePos behind : {TilePos{10.5, 9.5}, TilePos{9.5, 10.5}, TilePos{9.5, 9.5}})
        CHECK(p.depthKey(behind) < wallKey);
    // In front: south-east, south-west, south.
    for (TilePos front : {TilePos{11.5, 10.5}, TilePos{10.5, 11.5}, TilePos{11.5, 11.5}})
        CHECK(p.depthKey(front) > wallKey);
    // A unit walking from behind to in front crosses the wall's key exactly once.
    int crossings = 0;
    bool before = true;
    for (double t = 0.0; t <= 1.0; t += 0.05) {
        const bool now = p.depthKey({10.5 + t, 9.5 + t}) < wallKey;
        crossings += now != before;
        before = now;
    }
    CHECK(crossings == 1);
    // Orthogonal: rows.
    CHECK(kOrtho.depthKey({3.5, 2.5}) < kOrtho.depthKey({3.5, 3.5}));
}

TEST_CASE("Projection placed elsewhere: cell (0,0) where it is told, the given map size, exact inverses")
{
    // A diamond grid placed as a staggered map's frame places it: the grid's (0,0) off the
    // map rectangle, which keeps its own size.
    const Projection iso(Orientation::Isometric, 11, 11, 32, 16, {-48.f, -40.f}, {240.f, 72.f});
    CHECK(iso.tileToWorld({0, 0}) == WorldPos{-48.f, -40.f});
    CHECK(iso.tileToWorld({1, 0}) == WorldPos{-32.f, -32.f});
    CHECK(iso.mapPixelSize() == WorldPos{240.f, 72.f});
    for (double y = -2.0; y < 13.0; y += 0.75)
        for (double x = -2.0; x < 13.0; x += 0.75) {
            const TilePos back = iso.worldToTile(iso.tileToWorld({x, y}));
            CHECK(back.x == Approx(x));
            CHECK(back.y == Approx(y));
        }
    CHECK(iso.pick(iso.cellCenter({4, 7})) == TileCoord{4, 7});
    const Projection ortho(Orientation::Orthogonal, 4, 4, 10, 20, {5.f, 7.f}, {40.f, 80.f});
    CHECK(ortho.tileToWorld({1, 1}) == WorldPos{15.f, 27.f});
    CHECK(ortho.pick({15.5f, 27.5f}) == TileCoord{1, 1});
}
