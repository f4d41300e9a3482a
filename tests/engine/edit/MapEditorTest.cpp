#include "engine/edit/MapEditor.hpp"

#include "engine/edit/Palette.hpp"
#include "engine/edit/TileCatalog.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"

#include "BlankMap.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace eng::edit;
using eng::TileCoord;
using eng::map::Gid;

namespace {

const std::string Root = std::string(ISOSTAR_SOURCE_DIR);

const eng::map::MapData& valley()
{
    static const eng::map::MapData map = [] {
        eng::Result<eng::map::MapData> r = eng::map::loadMap(Root + "/maps/valley.tmx");
        INFO(eng::formatDiagnostics(r.diagnostics()));
        REQUIRE(r.ok());
        return r.value();
    }();
    return map;
}

const eng::map::Layer& layerNamed(const eng::map::MapData& map, const std::string& name)
{
    for (const eng::map::Layer& l : map.layers)
        if (l.name == name)
            return l;
    FAIL("no layer " << name);
    return map.layers.front();
}

// Local ids of the shipped art (assets/README.md): ground.tsx firstgid 1, tall.tsx firstgid 121.
constexpr Gid Ground = 1, Tall = 121;
constexpr Gid RoadIsolated = Ground + 16, RoadFirst = Ground + 16, WallIsolated = Tall + 0, WallFirst = Tall + 0;
constexpr Gid Volcano = Tall + 16, VolcanoErupting = Tall + 17, Tombstone = Tall + 21;
constexpr Gid Tent = Tall + 23, Castle = Tall + 24, BridgeX = Tall + 31, BridgeY = Tall + 32;

/// valley's tilesets on a small blank map: ground all grass (gid 1), empty overlay.
eng::map::MapData blankMap(int w, int h)
{
    return testsupport::blankCopy(valley(), w, h);
}

Gid at(const eng::map::MapData& map, const std::string& layer, TileCoord c)
{
    return layerNamed(map, layer).tiles.at(c.x, c.y);
}

std::set<TileCoord> cellSet(const EditResult& r)
{
    return {r.cells.begin(), r.cells.end()};
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
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
        const eng::map::TileGrid& g = layerNamed(valley(), name).tiles;
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
    const eng::map::MapData& map = valley();
    const TileCatalog catalog(map);
    const eng::map::TileGrid& g = layerNamed(map, "overlay").tiles;
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
    eng::map::MapData map = blankMap(2, 2);
    eng::map::Tileset& ground = map.tilesets[0];
    eng::map::Tileset& tall = map.tilesets[1];
    REQUIRE(ground.wangSets.size() == 7); // the roads edge set, then the six corner blend sets
    REQUIRE(ground.wangSets[0].type == eng::map::WangSetType::Edge);
    ground.wangSets[0].colors[0].name = "dirt track";
    eng::map::Property connects;
    connects.name = "connects";
    connects.value = " lava ,wall,, dirt track ,wall";
    for (eng::map::TileInfo& info : tall.tiles)
        if (tall.firstGid + info.id == Tombstone)
            info.properties.push_back(connects);
    const TileCatalog edited(map);
    CHECK(edited.joins(Tombstone) == std::vector<int>{road, wall});
    CHECK(edited.families()[std::size_t(road)].colorName == "dirt track");
    CHECK(edited.joins(Tall + 22).empty());
}

TEST_CASE("a road painted next to a bridge connects to it, erasing a tent re-picks the road", "[edit]")
{
    eng::map::MapData map = blankMap(6, 6);
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
    eng::map::MapData map = blankMap(6, 6);
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
    eng::map::MapData map = blankMap(4, 4);
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
    eng::map::MapData map = blankMap(4, 4);
    const eng::map::MapData before = map;
    MapEditor editor(map);
    EditResult r = editor.paint({1, 1}, "lava");
    CHECK_FALSE(r.ok);
    CHECK(r.error == "unknown terrain \"lava\"");
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
    eng::map::MapData map = blankMap(5, 5);
    MapEditor editor(map);
    REQUIRE(editor.paint({2, 2}, "volcano").ok);
    eng::map::Layer& overlay = const_cast<eng::map::Layer&>(*editor.overlayLayer());
    overlay.tiles.flipFlags[2 * 5 + 2] = eng::map::flip::Horizontal; // a mirrored volcano

    EditResult r = editor.setErupting({2, 2}, true);
    CHECK(r.cells == std::vector<TileCoord>{{2, 2}});
    CHECK(at(map, "overlay", {2, 2}) == VolcanoErupting);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == eng::map::flip::Horizontal);
    CHECK(editor.setErupting({2, 2}, true).cells.empty()); // already erupting
    CHECK(editor.toggleErupting({2, 2}).ok);
    CHECK(at(map, "overlay", {2, 2}) == Volcano);
    CHECK(editor.setErupting({2, 2}, false).cells.empty());

    REQUIRE(editor.erase({2, 2}).ok);
    CHECK(at(map, "overlay", {2, 2}) == 0);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == 0);
    REQUIRE(editor.undo().ok);
    CHECK(at(map, "overlay", {2, 2}) == Volcano);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == eng::map::flip::Horizontal);
    REQUIRE(editor.redo().ok);
    CHECK(overlay.tiles.flipFlags[2 * 5 + 2] == 0);
}

TEST_CASE("a stroke is one undo step, a new edit drops the redo steps", "[edit]")
{
    eng::map::MapData map = blankMap(6, 6);
    const eng::map::MapData original = map;
    MapEditor editor(map);
    editor.beginStroke();
    for (int x = 0; x < 5; ++x)
        REQUIRE(editor.paint({x, 3}, "road").ok);
    REQUIRE(editor.erase({2, 3}).ok);
    REQUIRE(editor.paint({2, 3}, "road").ok);
    editor.endStroke();
    CHECK(at(map, "overlay", {0, 3}) == RoadFirst + edge::East);
    CHECK(at(map, "overlay", {2, 3}) == RoadFirst + (edge::East | edge::West));
    const eng::map::MapData painted = map;

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

TEST_CASE("terrainNamesAt stacks a cell's terrains like terrainGridFromMap", "[edit][terrain]")
{
    const eng::terrain::TerrainGrid grid = eng::terrain::terrainGridFromMap(valley());
    for (int y = 0; y < valley().height; ++y)
        for (int x = 0; x < valley().width; ++x)
            REQUIRE(eng::terrain::terrainNamesAt(valley(), {x, y}) == grid.cellNames({x, y}));
    CHECK(eng::terrain::terrainNamesAt(valley(), {-1, 0}).empty());
    CHECK(eng::terrain::terrainNamesAt(valley(), {0, 72}).empty());
}

TEST_CASE("random edit sequences on valley: cell-by-cell costs equal a rebuild, undo restores all", "[edit][terrain]")
{
    const eng::map::MapData& original = valley();
    eng::Result<eng::terrain::ResolvedConfig> config = eng::terrain::resolveTerrainConfig(original);
    REQUIRE(config.ok());
    const eng::terrain::TerrainRules rules = config.value().config.base;
    eng::terrain::TerrainField originalField;
    originalField.build(eng::terrain::terrainGridFromMap(original), rules);

    // cells of valley's volcanoes, so eruptions happen often
    std::vector<TileCoord> volcanoes;
    const eng::map::TileGrid& g = layerNamed(original, "overlay").tiles;
    for (int y = 0; y < original.height; ++y)
        for (int x = 0; x < original.width; ++x)
            if (g.at(x, y) == Volcano || g.at(x, y) == VolcanoErupting)
                volcanoes.push_back({x, y});
    REQUIRE(!volcanoes.empty());

    for (unsigned seed : {1u, 2u, 3u}) {
        eng::map::MapData map = original;
        MapEditor editor(map);
        eng::terrain::TerrainField field = originalField;
        std::mt19937 rng(seed);
        auto pick = [&](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
        // a small window so edits meet each other (roads next to roads, influence overlaps)
        auto cell = [&] { return TileCoord{20 + pick(14), 14 + pick(14)}; };
        int steps = 0;
        for (int i = 0; i < 300; ++i) {
            EditResult r;
            const int op = pick(10);
            if (op < 4)
                r = editor.paint(cell(), editor.palette()[std::size_t(pick(int(editor.palette().size())))].terrain);
            else if (op < 6)
                r = editor.paintTile(cell(), editor.palette()[std::size_t(pick(int(editor.palette().size())))].gid);
            else if (op == 6)
                r = editor.erase(cell());
            else if (op == 7) {
                r = editor.toggleErupting(volcanoes[std::size_t(pick(int(volcanoes.size())))]);
                if (!r.ok)
                    r = editor.paint(volcanoes[std::size_t(pick(int(volcanoes.size())))], "volcano");
            } else if (op == 8)
                r = editor.undo();
            else
                r = editor.redo();
            if (op < 8)
                REQUIRE(r.ok);
            for (TileCoord c : r.cells) {
                std::vector<eng::terrain::TerrainId> ids;
                for (const std::string& name : eng::terrain::terrainNamesAt(map, c))
                    ids.push_back(field.terrainId(name));
                field.setCell(c, ids);
            }
            steps += r.ok && !r.cells.empty();
            if (i % 50 == 49) {
                INFO("seed " << seed << " after edit " << i);
                const eng::terrain::TerrainGrid rebuilt = eng::terrain::terrainGridFromMap(map);
                for (int y = 0; y < map.height; ++y)
                    for (int x = 0; x < map.width; ++x) {
                        REQUIRE(eng::terrain::terrainNamesAt(map, {x, y}) == rebuilt.cellNames({x, y}));
                        REQUIRE(field.grid().cellNames({x, y}) == rebuilt.cellNames({x, y}));
                    }
                eng::terrain::TerrainField full;
                full.build(rebuilt, rules);
                CHECK(sameBits(field.costField().cost, full.costField().cost));
                // every autotiled cell of the map carries the variant its neighbours call for
                const TileCatalog& catalog = editor.catalog();
                const eng::map::TileGrid& og = editor.overlayLayer()->tiles;
                for (int y = 0; y < map.height; ++y)
                    for (int x = 0; x < map.width; ++x) {
                        const int family = catalog.familyOf(og.at(x, y));
                        if (family < 0)
                            continue;
                        unsigned mask = 0;
                        for (unsigned bit : {edge::North, edge::East, edge::South, edge::West}) {
                            const TileCoord n = neighbour({x, y}, bit);
                            if (n.x >= 0 && n.y >= 0 && n.x < map.width && n.y < map.height &&
                                catalog.carries(og.at(n.x, n.y), family))
                                mask |= bit;
                        }
                        REQUIRE(catalog.pickVariant(family, mask) == og.at(x, y));
                    }
            }
        }
        CHECK(steps > 150);
        CHECK(!(map == original));
        while (editor.canUndo()) {
            const EditResult r = editor.undo();
            REQUIRE(r.ok);
            for (TileCoord c : r.cells) {
                std::vector<eng::terrain::TerrainId> ids;
                for (const std::string& name : eng::terrain::terrainNamesAt(map, c))
                    ids.push_back(field.terrainId(name));
                field.setCell(c, ids);
            }
        }
        CHECK(map == original);
        CHECK(sameBits(field.costField().cost, originalField.costField().cost));
    }
}
