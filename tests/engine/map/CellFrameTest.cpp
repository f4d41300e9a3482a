// engine/map/CellFrame and playableMap: staggered maps (both axes, both indexes) on a diamond
// grid whose 8 neighbours are the cells around on screen; infinite maps shifted to their chunks.

#include "engine/map/CellFrame.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/map/ObjectCell.hpp"
#include "engine/map/PlayableMap.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace isostar::map;
using isostar::TileCoord;

namespace {

constexpr int Tw = 32, Th = 16;

/// Pixel centre of a staggered cell, written out from Tiled's staggered layout (doubled, so
/// integers): stagger y shifts every other row right by half a tile, stagger x every other
/// column down by half a tile; "odd" shifts the odd ones, "even" the even ones.
TileCoord centre2(CellFrame::Layout layout, bool even, TileCoord c)
{
    const auto shifted = [&](int i) { return ((i & 1) != 0) != even; };
    if (layout == CellFrame::Layout::StaggerY)
        return {2 * c.x * Tw + (shifted(c.y) ? Tw : 0) + Tw, c.y * Th + Th};
    return {c.x * Tw + Tw, 2 * c.y * Th + (shifted(c.x) ? Th : 0) + Th};
}

std::string sourceMap(const std::string& name)
{
    return std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/stagger/" + name;
}

} // namespace

TEST_CASE("CellFrame: staggered cells on the diamond grid, neighbours as on screen")
{
    using L = CellFrame::Layout;
    for (L layout : {L::StaggerX, L::StaggerY})
        for (bool even : {false, true})
            for (TileCoord origin : {TileCoord{0, 0}, TileCoord{-5, -3}, TileCoord{16, -16}}) {
                CAPTURE(int(layout), even, origin);
                const CellFrame f(layout, false, even, origin.x, origin.y, 7, 8, Tw, Th);
                CHECK(f.isometric());
                CHECK_FALSE(f.identity());
                std::set<TileCoord> grids;
                for (int y = origin.y; y < origin.y + 8; ++y)
                    for (int x = origin.x; x < origin.x + 7; ++x) {
                        const TileCoord g = f.toGrid({x, y});
                        CHECK(f.toTiled(g) == TileCoord{x, y});
                        CHECK(f.onMap(g));
                        grids.insert(g);
                        // The grid's neighbour (dx, dy) is, on screen, where a diamond map has it:
                        // (dx - dy) half tile widths across and (dx + dy) half tile heights down.
                        for (int dy = -1; dy <= 1; ++dy)
                            for (int dx = -1; dx <= 1; ++dx) {
                                const TileCoord n = f.toTiled(TileCoord{g.x + dx, g.y + dy});
                                const TileCoord a = centre2(layout, even, {x, y});
                                const TileCoord b = centre2(layout, even, n);
                                CHECK(b.x - a.x == (dx - dy) * Tw);
                                CHECK(b.y - a.y == (dx + dy) * Th);
                            }
                    }
                CHECK(grids.size() == 56);
                int onMap = 0;
                for (int y = 0; y < f.gridHeight(); ++y)
                    for (int x = 0; x < f.gridWidth(); ++x)
                        onMap += f.onMap({x, y}) ? 1 : 0;
                CHECK(onMap == 56); // every other grid cell is void
                // Tiled's staggered map rectangle.
                if (layout == L::StaggerY) {
                    CHECK(f.pixelWidth() == 7 * Tw + Tw / 2);
                    CHECK(f.pixelHeight() == 9 * Th / 2);
                } else {
                    CHECK(f.pixelWidth() == 8 * Tw / 2);
                    CHECK(f.pixelHeight() == 8 * Th + Th / 2);
                }
            }
}

TEST_CASE("CellFrame: grid cell (0,0) and the map rectangle in world pixels")
{
    // Stagger y, odd: cell (0,0)'s diamond has its top corner half a tile in; the grid's (0,0)
    // is the top of the diamond bounding box, which the world places by the same rule.
    const CellFrame f(CellFrame::Layout::StaggerY, false, false, 0, 0, 3, 4, Tw, Th);
    const TileCoord g = f.toGrid({0, 0});
    const double topX = f.originX() + (g.x - g.y) * Tw / 2.0;
    const double topY = f.originY() + (g.x + g.y) * Th / 2.0;
    CHECK(topX == Tw / 2.0);
    CHECK(topY == 0.0);
    // Row 1 is shifted right: its cell (2,1) reaches the rectangle's right edge.
    const TileCoord r = f.toGrid({2, 1});
    CHECK(f.originX() + (r.x - r.y) * Tw / 2.0 + Tw / 2.0 == f.pixelWidth());
}

TEST_CASE("CellFrame: plain frames are identities or shifts")
{
    const CellFrame finite(CellFrame::Layout::Plain, true, false, 0, 0, 5, 4, Tw, Th);
    CHECK(finite.identity());
    CHECK(finite.toGrid({3, 2}) == TileCoord{3, 2});
    CHECK(finite.originX() == 4 * Tw / 2.0);
    CHECK(finite.pixelWidth() == 9 * Tw / 2.0);
    const CellFrame shifted(CellFrame::Layout::Plain, false, false, -8, -16, 24, 32, Tw, Th);
    CHECK_FALSE(shifted.identity());
    CHECK(shifted.toGrid({-8, -16}) == TileCoord{0, 0});
    CHECK(shifted.toTiled(TileCoord{3, 20}) == TileCoord{-5, 4});
    CHECK(shifted.toTiled(isostar::TilePos{0.5, 1.25}) == isostar::TilePos{-7.5, -14.75});
    CHECK(shifted.tiledOnMap({15, 15}));
    CHECK_FALSE(shifted.tiledOnMap({16, 15}));
}

TEST_CASE("playableMap: a staggered map's tiles and points on the diamond grid")
{
    for (const char* name : {"stagger_x_odd.tmx", "stagger_x_even.tmx", "stagger_y_odd.tmx", "stagger_y_even.tmx"}) {
        CAPTURE(name);
        auto loaded = loadMap(sourceMap(name));
        REQUIRE(loaded);
        const MapData& map = loaded.value();
        const CellFrame f = CellFrame::of(map);
        const MapData play = playableMap(map, f);
        CHECK(play.orientation == Orientation::Isometric);
        CHECK(play.width == f.gridWidth());
        CHECK(play.height == f.gridHeight());
        const TileGrid& before = map.layers.front().tiles;
        const TileGrid& after = play.layers.front().tiles;
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 7; ++x) {
                const TileCoord g = f.toGrid({x, y});
                CHECK(after.at(g.x, g.y) == before.at(x, y));
            }
        // `start` and `goal` stand at the centres of cells (1,1) and (5,6), the tile object on
        // (5,2) (gen_stagger.py): re-anchored to the isometric default, it stands on that cell.
        for (const Layer& l : play.layers)
            for (const Object& o : l.objects) {
                const TileCoord expected = o.name == "start" ? TileCoord{1, 1}
                                           : o.name == "goal" ? TileCoord{5, 6}
                                                              : TileCoord{5, 2};
                CHECK(f.toTiled(objectCell(play, o)) == expected);
            }
        CHECK(voidCells(play, f, false).size() == std::size_t(f.gridWidth() * f.gridHeight()));
    }
}

TEST_CASE("playableMap: an infinite map with negative chunks, its void cells")
{
    auto loaded = loadMap(sourceMap("infinite_negative.tmx"));
    REQUIRE(loaded);
    const MapData& map = loaded.value();
    const CellFrame f = CellFrame::of(map);
    // Chunks at (-8,-8), (0,-8) and (-8,0), 8x8 each: the bounding box is (-8,-8)..(7,7).
    CHECK(f.tiledX() == -8);
    CHECK(f.tiledY() == -8);
    CHECK(f.gridWidth() == 16);
    CHECK(f.gridHeight() == 16);
    const MapData play = playableMap(map, f);
    CHECK_FALSE(play.infinite);
    const std::vector<std::uint8_t> voids = voidCells(play, f, true);
    REQUIRE(voids.size() == 256u);
    const auto isVoid = [&](TileCoord t) {
        const TileCoord g = f.toGrid(t);
        return voids[std::size_t(g.y * 16 + g.x)] != 0;
    };
    CHECK(isVoid({3, 3}));     // the missing chunk
    CHECK(isVoid({-1, -7}));   // an empty cell of a chunk ((x + y) % 13 == 5)
    CHECK_FALSE(isVoid({-6, -6}));
    CHECK_FALSE(isVoid({-2, -8})); // a wall is a tile
    for (const Layer& l : play.layers)
        for (const Object& o : l.objects)
            CHECK(f.toTiled(objectCell(play, o)) == (o.name == "start" ? TileCoord{-6, -6} : TileCoord{5, -3}));
}
