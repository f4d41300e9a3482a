// MapEditor on staggered and hexagonal maps edited in Tiled's cells: the brush's neighbours (road
// and wall connections, corner blends) are the layout's, exactly as on the playable diamond grid
// the game edits a staggered map on.
#include "engine/edit/MapEditor.hpp"

#include "engine/map/PlayableMap.hpp"

#include "BlankMap.hpp"
#include "ValleyMap.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

using namespace isostar::edit;
using isostar::TileCoord;
using isostar::map::CellFrame;
using isostar::map::MapData;
using isostar::map::Orientation;
using isostar::map::StaggerAxis;
using isostar::map::StaggerIndex;

namespace {

/// valley's tilesets on a w x h blank map (grass ground, empty overlay) laid out as given.
MapData laidOut(Orientation o, StaggerAxis axis, StaggerIndex index, int w, int h)
{
    MapData map = testsupport::blankCopy(edittest::valley(), w, h);
    map.orientation = o;
    map.staggerAxis = axis;
    map.staggerIndex = index;
    map.hexSideLength = o == Orientation::Hexagonal ? 16 : 0;
    return map;
}

/// Every tile layer of `tiled` equals `diamond`'s on the same cells (diamond: frame.toGrid).
void checkSameCells(const MapData& tiled, const MapData& diamond, const CellFrame& frame)
{
    for (std::size_t k = 0; k < tiled.layers.size(); ++k) {
        const isostar::map::TileGrid& a = tiled.layers[k].tiles;
        const isostar::map::TileGrid& b = diamond.layers[k].tiles;
        if (tiled.layers[k].type != isostar::map::LayerType::Tile)
            continue;
        int differing = 0;
        for (int y = 0; y < a.height; ++y)
            for (int x = 0; x < a.width; ++x) {
                const TileCoord g = frame.toGrid({x, y});
                differing += a.at(x, y) != b.at(g.x, g.y) ? 1 : 0;
            }
        CAPTURE(tiled.layers[k].name);
        CHECK(differing == 0);
    }
}

/// The cells of an edit of the Tiled-form map, placed on the diamond grid.
std::set<TileCoord> onGrid(const EditResult& r, const CellFrame& frame)
{
    std::set<TileCoord> out;
    for (TileCoord c : r.cells)
        out.insert(frame.toGrid(c));
    return out;
}

} // namespace

TEST_CASE("staggered and hexagonal maps: the brush's neighbours follow the layout as on the diamond grid", "[edit]")
{
    for (Orientation o : {Orientation::Staggered, Orientation::Hexagonal})
        for (StaggerAxis axis : {StaggerAxis::X, StaggerAxis::Y})
            for (StaggerIndex index : {StaggerIndex::Odd, StaggerIndex::Even}) {
                CAPTURE(int(o), int(axis), int(index));
                MapData tiled = laidOut(o, axis, index, 12, 14);
                // The same cells on the diamond grid (a hexagonal map's cells lie as a staggered one's).
                MapData asStaggered = tiled;
                asStaggered.orientation = Orientation::Staggered;
                const CellFrame frame = CellFrame::of(asStaggered);
                MapData diamond = isostar::map::playableMap(asStaggered, frame);
                MapEditor onTiled(tiled), onDiamond(diamond);

                std::vector<std::pair<TileCoord, std::string>> strokes;
                for (int y = 4; y <= 7; ++y)
                    for (int x = 3; x <= 5; ++x)
                        strokes.push_back({{x, y}, (x == 4 && y == 6) ? "water" : "snow"});
                for (int x = 1; x <= 9; ++x)
                    strokes.push_back({{x, 10}, "road"});
                for (int y = 1; y <= 8; ++y)
                    strokes.push_back({{9, y}, "wall"});
                strokes.push_back({{7, 2}, "flowers"});
                strokes.push_back({{6, 12}, "volcano"});
                for (const auto& [cell, terrain] : strokes) {
                    CAPTURE(cell, terrain);
                    const EditResult a = onTiled.paint(cell, terrain);
                    const EditResult b = onDiamond.paint(frame.toGrid(cell), terrain);
                    REQUIRE(a.ok);
                    REQUIRE(b.ok);
                    CHECK(onGrid(a, frame) == std::set<TileCoord>(b.cells.begin(), b.cells.end()));
                }
                checkSameCells(tiled, diamond, frame);
                const EditResult erased = onTiled.erase({5, 10});
                const EditResult erasedOnGrid = onDiamond.erase(frame.toGrid({5, 10}));
                CHECK_FALSE(erased.cells.empty());
                CHECK(onGrid(erased, frame) == std::set<TileCoord>(erasedOnGrid.cells.begin(), erasedOnGrid.cells.end()));
                checkSameCells(tiled, diamond, frame);
                REQUIRE(onTiled.undo().ok);
                REQUIRE(onDiamond.undo().ok);
                checkSameCells(tiled, diamond, frame);
            }
}

TEST_CASE("a staggered map's road connects to the cell above-right, as Tiled's topRight", "[edit]")
{
    // Stagger axis y, odd rows shifted: above-right of (2, 2) (an even row) is (2, 1), of (2, 1)
    // (an odd row) is (3, 0).
    MapData map = laidOut(Orientation::Staggered, StaggerAxis::Y, StaggerIndex::Odd, 8, 8);
    MapEditor editor(map);
    REQUIRE(editor.paint({2, 2}, "road").ok);
    REQUIRE(editor.paint({2, 1}, "road").ok);
    REQUIRE(editor.paint({3, 0}, "road").ok);
    const isostar::map::TileGrid& overlay = editor.overlayLayer()->tiles;
    const TileCatalog& catalog = editor.catalog();
    const int road = catalog.familyOf(overlay.at(2, 2));
    REQUIRE(road >= 0);
    CHECK(overlay.at(2, 2) == catalog.pickVariant(road, edge::North));
    CHECK(overlay.at(2, 1) == catalog.pickVariant(road, edge::North | edge::South));
    CHECK(overlay.at(3, 0) == catalog.pickVariant(road, edge::South));
}
