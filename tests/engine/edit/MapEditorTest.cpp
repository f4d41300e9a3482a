// MapEditor on the shipped art: the palette, ground and overlay classes, autotile variants and
// connections (roads, walls, bridges, tents, castles), painting, erasing, volcanoes, errors, and
// undo / redo. That edits keep the terrain and costs right is MapEditorTerrainTest's.
#include "engine/edit/MapEditor.hpp"

#include "engine/edit/Palette.hpp"
#include "engine/edit/TileCatalog.hpp"

#include "BlankMap.hpp"
#include "ValleyMap.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace isostar::edit;
using namespace edittest;
using isostar::TileCoord;
using isostar::map::Gid;

namespace {

/// valley's tilesets on a small blank map: ground all grass (gid 1), empty overlay.
isostar::map::MapData blankMap(int w, int h)
{
    return testsupport::blankCopy(valley(), w, h);
}

Gid at(const isostar::map::MapData& map, const std::string& layer, TileCoord c)
{
    return layerNamed(map, layer).tiles.at(c.x, c.y);
}

std::set<TileCoord> cellSet(const EditResult& r)
{
    return {r.cells.begin(), r.cells.end()};
}

} // namespace

TEST_CASE("palette of valley: every terrain tile, one entry per autotiled terrain", "[edit]")
{
    const std::vector<BrushTile> palette = buildPalette(valley());
    std::ostringstream all;
    for (const BrushTile& b : palette)
        all << b << '\n';
    INFO(all.str());
    // ground.tsx: 16 flat tiles, road once, 4 scorched grass (its 84 corner blends are borders,
    // not brushes); tall.tsx: wall once, 17 others.
    REQUIRE(palette.size() == 16 + 1 + 4 + 1 + 17);
    CHECK(palette[0] == BrushTile{1, "grass", false, false, "ground", 0});
    CHECK(palette[16] == BrushTile{32, "road", true, true, "ground", 31});  // the crossroads represents roads
    CHECK(palette[17] == BrushTile{33, "grass", false, false, "ground", 32});
    CHECK(palette[21] == BrushTile{Tall + 15, "wall", true, true, "tall", 15});
    CHECK(palette[22] == BrushTile{Volcano, "volcano", true, false, "tall", 16});
    CHECK(palette.back() == BrushTile{Tall + 32, "bridge", true, false, "tall", 32});
    int roads = 0, walls = 0;
    for (const BrushTile& b : palette) {
        roads += b.terrain == "road";
        walls += b.terrain == "wall";
        CHECK(b.overlay == (b.tileset == "tall" || b.terrain == "road"));
    }
    CHECK(roads == 1);
    CHECK(walls == 1);
}

TEST_CASE("ground / overlay classes match where valley.tmx has its tiles", "[edit]")
{
    const TileCatalog catalog(valley());
    int checked = 0;
    for (const char* name : {"ground", "overlay"}) {
        const isostar::map::TileGrid& g = layerNamed(valley(), name).tiles;
        for (Gid gid : g.gids) {
            if (gid == 0)
                continue;
            const TileClass* cls = catalog.classify(gid);
            REQUIRE(cls);
            INFO(name << " layer, gid " << gid << " " << cls->terrain);
            CHECK(cls->overlay == (std::string(name) == "overlay"));
            ++checked;
        }
    }
    CHECK(checked > 72 * 72);
    // the isolated road (id 16, flat, not listed in the wang set) belongs to the road family
    REQUIRE(catalog.classify(RoadIsolated));
    CHECK(catalog.classify(RoadIsolated)->overlay);
    CHECK(catalog.familyOf(RoadIsolated) >= 0);
    CHECK(catalog.familyOf(RoadIsolated) == catalog.familyOf(Ground + 31));
    CHECK(catalog.familyOf(WallIsolated) == catalog.familyOf(Tall + 5));
    CHECK(catalog.familyOf(WallIsolated) != catalog.familyOf(RoadIsolated));
    CHECK(catalog.familyOf(Volcano) == -1);
    CHECK(catalog.classify(Ground + 32)->overlay == false); // scorched grass: flat ground
}

TEST_CASE("variants follow the article's NESW mask, with the isolated tile for mask 0", "[edit]")
{
    const TileCatalog catalog(valley());
    const int road = catalog.familyOf(RoadIsolated);
    const int wall = catalog.familyOf(WallIsolated);
    for (unsigned mask = 0; mask <= edge::All; ++mask) {
        CHECK(catalog.pickVariant(road, mask) == RoadFirst + mask);
        CHECK(catalog.pickVariant(wall, mask) == WallFirst + mask);
    }
    CHECK(neighbour({5, 5}, edge::North) == TileCoord{5, 4});
    CHECK(neighbour({5, 5}, edge::East) == TileCoord{6, 5});
    CHECK(neighbour({5, 5}, edge::South) == TileCoord{5, 6});
    CHECK(neighbour({5, 5}, edge::West) == TileCoord{4, 5});
}

TEST_CASE("re-picking every road and wall cell of valley.tmx gives the tile the map has", "[edit]")
{
    // tools/artgen connects roads to roads and to bridges, tents and the castle; the tilesets say
    // the latter through the `connects` property of those tiles, so every cell follows the rule.
    const isostar::map::MapData& map = valley();
    const TileCatalog catalog(map);
    const isostar::map::TileGrid& g = layerNamed(map, "overlay").tiles;
    int roads = 0, walls = 0, joined = 0;
    std::ostringstream disagreements;
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x) {
            const int family = catalog.familyOf(g.at(x, y));
            if (family < 0)
                continue;
            unsigned mask = 0, familyMask = 0;
            for (unsigned bit : {edge::North, edge::East, edge::South, edge::West}) {
                const TileCoord n = neighbour({x, y}, bit);
                if (n.x < 0 || n.y < 0 || n.x >= map.width || n.y >= map.height)
                    continue;
                if (catalog.carries(g.at(n.x, n.y), family))
                    mask |= bit;
                if (catalog.familyOf(g.at(n.x, n.y)) == family)
                    familyMask |= bit;
            }
            (catalog.families()[std::size_t(family)].terrain == "road" ? roads : walls)++;
            joined += mask != familyMask;
            if (catalog.pickVariant(family, mask) != g.at(x, y))
                disagreements << "(" << x << "," << y << ") has gid " << g.at(x, y) << ", mask " << mask << '\n';
        }
    CHECK(disagreements.str() == "");
    // the cells that point at a bridge, tent or castle (they disagreed before `connects`):
    // (25,8) (24,36) (26,36) (35,36) (39,36) (43,48) (46,48) (12,57) (13,58) (49,66) (52,66)
    CHECK(joined == 11);
    CHECK(roads == 100 + 85 + 4 + 2 + 1 + 4 + 3 + 2 + 1 + 1); // gids 20..31 on the overlay
    CHECK(walls == 1 + 4 + 8 + 3 + 5 + 56 + 4 + 2 + 8 + 5 + 51 + 1 + 3 + 1 + 1); // gids 121..135
}

TEST_CASE("connects: bridges, tent and castle join the road family, names are terrains or colours", "[edit]")
{
    const TileCatalog catalog(valley());
    const int road = catalog.familyOf(RoadIsolated);
    const int wall = catalog.familyOf(WallIsolated);
    REQUIRE(road >= 0);
    for (Gid gid : {Tent, Castle, BridgeX, BridgeY}) {
        INFO("gid " << gid);
        CHECK(catalog.joins(gid) == std::vector<int>{road});
        CHECK(catalog.carries(gid, road));
        CHECK_FALSE(catalog.carries(gid, wall));
        CHECK(catalog.familyOf(gid) == -1); // joins, but is not a road
    }
    CHECK(catalog.joins(Volcano).empty());
    CHECK_FALSE(catalog.carries(Volcano, road));
    CHECK(catalog.carries(RoadFirst + 5, road));
    CHECK_FALSE(catalog.carries(0, road));
    CHECK_FALSE(catalog.carries(Tent, -1));

    // a list with spaces, an unknown name and a wang colour name that is not a terrain
    isostar::map::MapData map = blankMap(2, 2);
    isostar::map::Tileset& ground = map.tilesets[0];
    isostar::map::Tileset& tall = map.tilesets[1];
    REQUIRE(ground.wangSets.size() == 7); // the roads edge set, then the six corner blend sets
    REQUIRE(ground.wangSets[0].type == isostar::map::WangSetType::Edge);
    ground.wangSets[0].colors[0].name = "dirt track";
    isostar::map::Property connects;
    connects.name = "connects";
    connects.value = " lava ,wall,, dirt track ,wall";
    for (isostar::map::TileInfo& info : tall.tiles)
        if (tall.firstGid + info.id == Tombstone)
            info.properties.push_back(connects);
    const TileCatalog edited(map);
    CHECK(edited.joins(Tombstone) == std::vector<int>{road, wall});
    CHECK(edited.families()[std::size_t(road)].colorName == "dirt track");
    CHECK(edited.joins(Tall + 22).empty());
}

TEST_CASE("a road painted next to a bridge connects to it, erasing a tent re-picks the road", "[edit]")
{
    isostar::map::MapData map = blankMap(6, 6);
    MapEditor editor(map);
    REQUIRE(editor.paintTile({2, 2}, BridgeX).ok);
    EditResult r = editor.paint({3, 2}, "road"); // east of the bridge
    CHECK(r.cells == std::vector<TileCoord>{{3, 2}}); // the bridge itself is not re-picked
    CHECK(at(map, "overlay", {3, 2}) == RoadFirst + edge::West);
    CHECK(at(map, "overlay", {2, 2}) == BridgeX);
    r = editor.paint({2, 3}, "road"); // south of the bridge
    CHECK(at(map, "overlay", {2, 3}) == RoadFirst + edge::North);

    // a tent placed next to a road re-picks the road towards it ...
    r = editor.paintTile({4, 2}, Tent);
    CHECK(cellSet(r) == std::set<TileCoord>{{4, 2}, {3, 2}});
    CHECK(at(map, "overlay", {3, 2}) == RoadFirst + (edge::West | edge::East));
    CHECK(at(map, "overlay", {4, 2}) == Tent);
    // ... and erasing it re-picks the road away from it
    r = editor.erase({4, 2});
    CHECK(cellSet(r) == std::set<TileCoord>{{4, 2}, {3, 2}});
    CHECK(at(map, "overlay", {3, 2}) == RoadFirst + edge::West);
    // replacing the bridge with a wall cuts both roads off from it
    r = editor.paint({2, 2}, "wall");
    CHECK(cellSet(r) == std::set<TileCoord>{{2, 2}, {3, 2}, {2, 3}});
    CHECK(at(map, "overlay", {3, 2}) == RoadIsolated);
    CHECK(at(map, "overlay", {2, 3}) == RoadIsolated);
    REQUIRE(editor.undo().ok);
    CHECK(at(map, "overlay", {3, 2}) == RoadFirst + edge::West);
    CHECK(at(map, "overlay", {2, 2}) == BridgeX);
}

TEST_CASE("painting roads and walls connects them, erasing re-picks the neighbours", "[edit]")
{
    isostar::map::MapData map = blankMap(6, 6);
    MapEditor editor(map);
    REQUIRE(editor.groundLayer() != nullptr);
    CHECK(editor.groundLayer()->name == "ground");
    CHECK(editor.overlayLayer()->name == "overlay");

    EditResult r = editor.paint({2, 2}, "road");
    REQUIRE(r.ok);
    CHECK(r.cells == std::vector<TileCoord>{{2, 2}});
    CHECK(at(map, "overlay", {2, 2}) == RoadIsolated);

    r = editor.paint({3, 2}, "road"); // east of (2,2)
    CHECK(r.cells == std::vector<TileCoord>{{3, 2}, {2, 2}});
    CHECK(at(map, "overlay", {3, 2}) == RoadFirst + edge::West);
    CHECK(at(map, "overlay", {2, 2}) == RoadFirst + edge::East);

    r = editor.paint({2, 1}, "road"); // north of (2,2)
    CHECK(at(map, "overlay", {2, 2}) == RoadFirst + (edge::East | edge::North));
    CHECK(at(map, "overlay", {2, 1}) == RoadFirst + edge::South);

    // a wall south of the road: walls and roads do not connect
    r = editor.paint({2, 3}, "wall");
    CHECK(r.cells == std::vector<TileCoord>{{2, 3}});
    CHECK(at(map, "overlay", {2, 3}) == WallIsolated);

    // overlay replaces overlay: a wall on the road's cell; the road neighbours lose it
    r = editor.paint({2, 2}, "wall");
    CHECK(cellSet(r) == std::set<TileCoord>{{2, 2}, {3, 2}, {2, 1}, {2, 3}});
    CHECK(at(map, "overlay", {2, 2}) == WallFirst + edge::South);
    CHECK(at(map, "overlay", {2, 3}) == WallFirst + edge::North);
    CHECK(at(map, "overlay", {3, 2}) == RoadIsolated);

    r = editor.erase({2, 2});
    CHECK(cellSet(r) == std::set<TileCoord>{{2, 2}, {2, 3}});
    CHECK(at(map, "overlay", {2, 2}) == 0);
    CHECK(at(map, "overlay", {2, 3}) == WallIsolated);

    // a palette tile of a family paints the family (variant picked), not that exact tile
    r = editor.paintTile({4, 2}, Ground + 31);
    CHECK(at(map, "overlay", {4, 2}) == RoadFirst + edge::West);
    CHECK(at(map, "overlay", {3, 2}) == RoadFirst + edge::East);
}

TEST_CASE("ground paint keeps the overlay, same tile again is a no-op without an undo step", "[edit]")
{
    isostar::map::MapData map = blankMap(4, 4);
    MapEditor editor(map);
    REQUIRE(editor.paint({1, 1}, "tombstone").ok);
    CHECK(at(map, "overlay", {1, 1}) == Tombstone);
    EditResult r = editor.paint({1, 1}, "snow");
    CHECK(r.ok);
    // the snow cell and its 8 grass neighbours, re-picked as grass-snow blends (CornerBlendTest.cpp)
    CHECK(cellSet(r) == std::set<TileCoord>{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}});
    CHECK(at(map, "ground", {1, 1}) == Ground + 4);
    CHECK(at(map, "overlay", {1, 1}) == Tombstone);

    const std::uint64_t revision = editor.revision();
    for (EditResult again : {editor.paint({1, 1}, "snow"), editor.paintTile({1, 1}, Ground + 4),
                             editor.paint({1, 1}, "tombstone"), editor.paint({0, 0}, "grass"),
                             editor.erase({3, 3})}) {
        CHECK(again.ok);
        CHECK(again.cells.empty());
    }
    CHECK(editor.revision() == revision);
    // a cell holding another snow variant keeps it when painted with "snow"
    REQUIRE(editor.paintTile({2, 2}, Ground + 6).ok);
    CHECK(editor.paint({2, 2}, "snow").cells.empty());
    CHECK(at(map, "ground", {2, 2}) == Ground + 6);
    // ...but painting that exact palette tile changes it
    CHECK(editor.paintTile({2, 2}, Ground + 5).cells == std::vector<TileCoord>{{2, 2}});

    REQUIRE(editor.undo().ok); // back to variant 6
    REQUIRE(editor.undo().ok); // back to grass
    REQUIRE(editor.undo().ok); // the snow under the tombstone
    CHECK(at(map, "ground", {1, 1}) == Ground);
    REQUIRE(editor.undo().ok); // the tombstone
    CHECK(at(map, "overlay", {1, 1}) == 0);
    CHECK_FALSE(editor.canUndo());
}

TEST_CASE("errors: unknown terrain, off the map, no volcano, nothing to undo", "[edit]")
{
    isostar::map::MapData map = blankMap(4, 4);
    const isostar::map::MapData before = map;
    MapEditor editor(map);
    EditResult r = editor.paint({1, 1}, "lava");
    CHECK_FALSE(r.ok);
    // Named with the terrains the map's tiles have, so a typo shows its fix.
    CHECK(r.error.rfind("unknown terrain \"lava\" (the map's tiles have: ", 0) == 0);
    CHECK(r.error.find("grass") != std::string::npos);
    CHECK(editor.paint({1, 1}, "gras").error.rfind("unknown terrain \"gras\" (", 0) == 0);
    CHECK(editor.paint({4, 0}, "grass").error == "(4, 0) is off the map");
    CHECK(editor.erase({-1, 2}).error == "(-1, 2) is off the map");
    CHECK(editor.setErupting({1, 1}, true).error == "no volcano at (1, 1)");
    CHECK(editor.toggleErupting({1, 1}).error == "no volcano at (1, 1)");
    CHECK(editor.paintTile({1, 1}, 9999).error == "gid 9999 is not a terrain tile of the map's tilesets");
    CHECK(editor.undo().error == "nothing to undo");
    CHECK(editor.redo().error == "nothing to redo");
    CHECK_FALSE(editor.canUndo());
    CHECK(editor.revision() == 0);
    CHECK(map == before);
}

TEST_CASE("volcanoes erupt and go dormant, flip flags survive and undo restores them", "[edit]")
{
    isostar::map::MapData map = blankMap(5, 5);
    MapEditor editor(map);
    REQUIRE(editor.paint({2, 2}, "volcano").ok);
    isostar::map::Layer& overlay = const_cast<isostar::map::Layer&>(*editor.overlayLayer());
    overlay.tiles.flipFlags[2 * 5 + 2] = isostar::map::flip::Horizontal; // a mirrored volcano

    EditResult r = editor.setErupting({2, 2}, true);
    CHECK(r.cells == std::vector<TileCoord>{{2, 2}});
    CHECK(at(map, "overlay", {2, 2}) == VolcanoErupting);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == isostar::map::flip::Horizontal);
    CHECK(editor.setErupting({2, 2}, true).cells.empty()); // already erupting
    CHECK(editor.toggleErupting({2, 2}).ok);
    CHECK(at(map, "overlay", {2, 2}) == Volcano);
    CHECK(editor.setErupting({2, 2}, false).cells.empty());

    REQUIRE(editor.erase({2, 2}).ok);
    CHECK(at(map, "overlay", {2, 2}) == 0);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == 0);
    REQUIRE(editor.undo().ok);
    CHECK(at(map, "overlay", {2, 2}) == Volcano);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == isostar::map::flip::Horizontal);
    REQUIRE(editor.redo().ok);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == 0);
}

TEST_CASE("a stroke is one undo step, a new edit drops the redo steps", "[edit]")
{
    isostar::map::MapData map = blankMap(6, 6);
    const isostar::map::MapData original = map;
    MapEditor editor(map);
    editor.beginStroke();
    for (int x = 0; x < 5; ++x)
        REQUIRE(editor.paint({x, 3}, "road").ok);
    REQUIRE(editor.erase({2, 3}).ok);
    REQUIRE(editor.paint({2, 3}, "road").ok);
    editor.endStroke();
    CHECK(at(map, "overlay", {0, 3}) == RoadFirst + edge::East);
    CHECK(at(map, "overlay", {2, 3}) == RoadFirst + (edge::East | edge::West));
    const isostar::map::MapData painted = map;

    const std::uint64_t revision = editor.revision();
    EditResult r = editor.undo();
    CHECK(r.cells.size() == 5);
    CHECK(map == original);
    CHECK(editor.revision() == revision + 1);
    CHECK_FALSE(editor.canUndo());
    REQUIRE(editor.canRedo());
    REQUIRE(editor.redo().ok);
    CHECK(map == painted);
    REQUIRE(editor.undo().ok);
    REQUIRE(editor.paint({0, 0}, "snow").ok);
    CHECK_FALSE(editor.canRedo());
    CHECK(editor.canUndo());
}
