// engine/map: loading what Tiled 1.8 writes (TMX/TSX/TX), one feature per fixture.

#include "tests/engine/map/MapTestUtil.hpp"

#include <catch2/catch.hpp>

using namespace isostar::map;
using maptest::load;

namespace {

const std::vector<Gid> kGrid = {1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 0, 2, 8, 7, 6, 5};

} // namespace

TEST_CASE("csv map with an external tileset", "[map][tmx]")
{
    const MapData m = load("tests/data/map/ortho_csv.tmx");
    CHECK(m.path == "tests/data/map/ortho_csv.tmx");
    CHECK(m.version == "1.8");
    CHECK(m.tiledVersion == "1.8.2");
    CHECK(m.orientation == Orientation::Orthogonal);
    CHECK(m.renderOrder == RenderOrder::RightDown);
    CHECK(m.width == 4);
    CHECK(m.height == 4);
    CHECK(m.tileWidth == 64);
    CHECK(m.tileHeight == 32);
    CHECK_FALSE(m.infinite);
    CHECK(m.nextLayerId == 2);
    REQUIRE(m.backgroundColor.has_value());
    CHECK(*m.backgroundColor == Color{0x33, 0x66, 0x99, 0xff});
    CHECK(propertyString(m.properties, "title") == "csv map");
    CHECK(propertyString(m.properties, "nope", "fallback") == "fallback");

    REQUIRE(m.tilesets.size() == 1);
    const Tileset& ts = m.tilesets[0];
    CHECK(ts.name == "terrain");
    CHECK(ts.source == "tests/data/map/tiles.tsx");
    CHECK(ts.firstGid == 1);
    CHECK(ts.tileCount == 8);
    CHECK(ts.columns == 4);
    CHECK(ts.spacing == 2);
    CHECK(ts.margin == 1);
    CHECK(ts.tileOffset == Vec2{0, 4});
    CHECK(ts.gridIsometric);
    CHECK(ts.gridWidth == 64);
    CHECK(ts.image == "tests/data/images/terrain.png"); // resolved against the .tsx
    CHECK(ts.imageWidth == 264);
    CHECK(ts.imageHeight == 68);
    CHECK_FALSE(ts.isCollection());
    CHECK(propertyString(ts.properties, "author") == "IsoStar tests");

    REQUIRE(m.layers.size() == 1);
    const Layer& l = m.layers[0];
    CHECK(l.type == LayerType::Tile);
    CHECK(l.id == 1);
    CHECK(l.name == "ground");
    CHECK(l.encoding == "csv");
    CHECK(l.opacity == 0.5);
    CHECK(l.offset == Vec2{3, -2});
    CHECK(l.parallax == Vec2{0.5, 1.0});
    REQUIRE(l.tintColor.has_value());
    CHECK(*l.tintColor == Color{0xff, 0, 0, 0x80});
    REQUIRE(findProperty(l.properties, "walkable"));
    CHECK(findProperty(l.properties, "walkable")->type == PropertyType::Bool);
    CHECK(l.tiles.width == 4);
    CHECK(l.tiles.height == 4);
    CHECK(l.tiles.gids == kGrid);
    CHECK(l.tiles.at(2, 3) == 6);
    CHECK(l.tiles.flipFlags == std::vector<std::uint8_t>(16, 0));
}

TEST_CASE("every tile data encoding decodes to the same grid", "[map][tmx]")
{
    for (const char* name : {"base64_plain", "base64_zlib", "base64_gzip", "base64_zstd", "xml_tiles"}) {
        INFO(name);
        const MapData m = load(std::string("tests/data/map/") + name + ".tmx");
        REQUIRE(m.layers.size() == 1);
        CHECK(m.layers[0].tiles.gids == kGrid);
        CHECK(m.layers[0].tiles.width == 4);
    }
    CHECK(load("tests/data/map/base64_zstd.tmx").layers[0].compression == "zstd");
    CHECK(load("tests/data/map/xml_tiles.tmx").layers[0].encoding == "xml");
}

TEST_CASE("per-tile data, animations and wang sets of a tileset", "[map][tsx]")
{
    const MapData m = load("tests/data/map/ortho_csv.tmx");
    const Tileset& ts = m.tilesets[0];
    REQUIRE(ts.tiles.size() == 3);
    const TileInfo* snow = ts.findTile(2);
    REQUIRE(snow);
    CHECK(snow->className == "snow");
    CHECK(snow->probability == 0.5);
    CHECK(propertyString(snow->properties, "cost") == "3");
    CHECK(ts.findTile(1) == nullptr);
    CHECK(m.tileInfo(3) == snow); // gid 3 = local 2
    CHECK(m.tileInfo(2) == nullptr);
    CHECK(m.tileInfo(0) == nullptr);
    CHECK(m.tilesetFor(8) == &ts);
    CHECK(m.tilesetFor(9) == nullptr);
    CHECK(m.tilesetFor(0) == nullptr);
    const TileInfo* anim = ts.findTile(5);
    REQUIRE(anim);
    REQUIRE(anim->animation.size() == 2);
    CHECK(anim->animation[1] == AnimationFrame{6, 250});

    REQUIRE(ts.wangSets.size() == 1);
    const WangSet& ws = ts.wangSets[0];
    CHECK(ws.name == "ground");
    CHECK(ws.type == WangSetType::Corner);
    REQUIRE(ws.colors.size() == 2);
    CHECK(ws.colors[1].name == "snow");
    CHECK(ws.colors[1].color == Color{255, 255, 255, 255});
    CHECK(ws.colors[1].probability == 0.5);
    REQUIRE(ws.tiles.size() == 3);
    CHECK(ws.tiles[2].tileId == 3);
    const std::uint8_t expected[8] = {0, 1, 0, 2, 0, 1, 0, 1};
    CHECK(std::equal(std::begin(expected), std::end(expected), std::begin(ws.tiles[2].wangId)));
}

TEST_CASE("loadTileset reads a standalone .tsx", "[map][tsx]")
{
    maptest::enterSourceDir();
    auto r = loadTileset("tests/data/map/tiles.tsx");
    REQUIRE(r.ok());
    CHECK(r.value().name == "terrain");
    CHECK(r.value().firstGid == 1);
    CHECK(r.value().source == "tests/data/map/tiles.tsx");
}

TEST_CASE("flip flags are split off the gids", "[map][tmx]")
{
    const MapData m = load("tests/data/map/flips.tmx");
    CHECK(m.orientation == Orientation::Hexagonal);
    CHECK(m.hexSideLength == 16);
    CHECK(m.staggerAxis == StaggerAxis::X);
    CHECK(m.staggerIndex == StaggerIndex::Even);
    const TileGrid& g = m.layers[0].tiles;
    CHECK(g.gids == std::vector<Gid>{3, 3, 3, 3, 3});
    CHECK(g.flipFlags == std::vector<std::uint8_t>{0, flip::Horizontal, flip::Vertical, flip::Diagonal,
                                                   flip::Horizontal | flip::Vertical |
                                                       flip::Diagonal | flip::Rotated120});
}

TEST_CASE("objects of every shape and properties of every type", "[map][tmx]")
{
    const MapData m = load("tests/data/map/objects.tmx");
    REQUIRE(m.layers.size() == 1);
    const Layer& l = m.layers[0];
    CHECK(l.type == LayerType::Object);
    CHECK(l.drawOrder == DrawOrder::Index);
    REQUIRE(l.color.has_value());
    CHECK(*l.color == Color{0xff, 0, 0, 0xa0});
    REQUIRE(l.objects.size() == 8);
    const Object& rect = l.objects[0];
    CHECK(rect.shape == ObjectShape::Rectangle);
    CHECK(rect.name == "spawn");
    CHECK(rect.className == "start");
    CHECK((rect.x == 32 && rect.y == 64 && rect.width == 32 && rect.height == 16));
    CHECK(l.objects[1].shape == ObjectShape::Ellipse);
    CHECK(l.objects[2].shape == ObjectShape::Point);
    CHECK(l.objects[2].x == 16.5);
    CHECK(l.objects[3].shape == ObjectShape::Polygon);
    CHECK(l.objects[3].rotation == 45);
    CHECK(l.objects[3].points == std::vector<Vec2>{{0, 0}, {32, 0}, {32, 32}});
    CHECK(l.objects[4].shape == ObjectShape::Polyline);
    CHECK(l.objects[4].points == std::vector<Vec2>{{0, 0}, {5.5, -2}, {10, 10}});
    const Object& text = l.objects[5];
    CHECK(text.shape == ObjectShape::Text);
    CHECK(text.text.text == "Hello, world");
    CHECK(text.text.fontFamily == "DejaVu Sans");
    CHECK(text.text.pixelSize == 12);
    CHECK(text.text.wrap);
    CHECK(text.text.bold);
    CHECK_FALSE(text.text.italic);
    CHECK(text.text.color == Color{0x11, 0x22, 0x33, 0xff});
    CHECK(text.text.hAlign == HorizontalAlign::Center);
    CHECK(text.text.vAlign == VerticalAlign::Bottom);
    const Object& tile = l.objects[6];
    CHECK(tile.shape == ObjectShape::Tile);
    CHECK(tile.gid == 3);
    CHECK(tile.flipFlags == flip::Horizontal);
    CHECK_FALSE(tile.visible);

    const Properties& p = l.objects[7].properties;
    REQUIRE(p.size() == 9);
    CHECK(p[0] == Property{"s", PropertyType::String, "", "text", {}});
    CHECK(p[1] == Property{"i", PropertyType::Int, "", "-42", {}});
    CHECK(p[2] == Property{"f", PropertyType::Float, "", "2.5", {}});
    CHECK(p[3] == Property{"b", PropertyType::Bool, "", "false", {}});
    CHECK(p[4] == Property{"c", PropertyType::Color, "", "#ff00ff80", {}});
    CHECK(p[5] == Property{"file", PropertyType::File, "", "tests/data/images/terrain.png", {}});
    CHECK(p[6] == Property{"target", PropertyType::Object, "", "7", {}});
    CHECK(p[7].value == "line one\nline two");
    const Property& stats = p[8];
    CHECK(stats.type == PropertyType::Class);
    CHECK(stats.propertyType == "Stats");
    REQUIRE(stats.members.size() == 2);
    CHECK(stats.members[0] == Property{"hp", PropertyType::Int, "", "10", {}});
    REQUIRE(stats.members[1].members.size() == 1);
    CHECK(stats.members[1].members[0].name == "deep");
}

TEST_CASE("isometric object positions convert with the tile height on both axes", "[map][iso]")
{
    // Saved the way Tiled saves it: a point at the centre of tile (3,2) of a 64x32 isometric
    // map is stored as (3.5 * 32, 2.5 * 32).
    const MapData m = load("tests/data/map/iso_objects.tmx");
    CHECK(m.orientation == Orientation::Isometric);
    const Layer& units = m.layers[1];
    REQUIRE(units.objects.size() == 2);
    const Object& hero = units.objects[0];
    CHECK(objectToTile(m, hero.x, hero.y) == isostar::TilePos{3.5, 2.5});
    const Object& goal = units.objects[1];
    CHECK(objectToTile(m, goal.x, goal.y) == isostar::TilePos{9.0, 7.0});

    MapData ortho = m;
    ortho.orientation = Orientation::Orthogonal;
    CHECK(objectToTile(ortho, 128, 64) == isostar::TilePos{2.0, 2.0});
}

TEST_CASE("isometric tile objects line up with tile-layer cells the way Tiled draws them", "[map][iso]")
{
    // Checked with Tiled's own renderer: `tmxrasterizer` draws the tile object of this fixture
    // (projected position (96,64)) pixel-identically to the same tile placed in cell (2,1) of a
    // tile layer, and differently when x is measured in tile widths (192). An isometric tile
    // object is anchored at its bottom centre, i.e. the bottom corner of its cell: tile (3,2).
    const MapData m = load("tests/data/map/iso_tile_object.tmx");
    const Object& o = m.layers.at(1).objects.at(0);
    const isostar::TilePos corner = objectToTile(m, o.x, o.y);
    CHECK(corner == isostar::TilePos{3.0, 2.0});
    const int cellX = int(corner.x) - 1, cellY = int(corner.y) - 1;
    CHECK(m.layers.at(0).tiles.at(cellX, cellY) == o.gid);
}

TEST_CASE("staggered and hexagonal object positions map to the cell under them", "[map][iso]")
{
    MapData m;
    m.orientation = Orientation::Staggered;
    m.tileWidth = 64;
    m.tileHeight = 32;
    m.staggerAxis = StaggerAxis::Y;
    m.staggerIndex = StaggerIndex::Odd;
    // Row 3 is odd, so shifted right by half a tile: cell (2,3) spans x 160..224, y 48..80.
    CHECK(objectToTile(m, 192, 64) == isostar::TilePos{2, 3});
    CHECK(objectToTile(m, 165, 64) == isostar::TilePos{2, 3});  // left corner of the diamond
    CHECK(objectToTile(m, 165, 50) == isostar::TilePos{2, 2});  // above its upper-left edge: row 2
    CHECK(objectToTile(m, 32, 16) == isostar::TilePos{0, 0});
    m.staggerIndex = StaggerIndex::Even; // now even rows are shifted
    CHECK(objectToTile(m, 64, 16) == isostar::TilePos{0, 0});
    CHECK(objectToTile(m, 10, 16) == isostar::TilePos{-1, 0});

    m.orientation = Orientation::Hexagonal; // 64x32 hexes with a 16 px flat side, stagger y odd
    m.hexSideLength = 16;
    m.staggerIndex = StaggerIndex::Odd;
    // Row step is (32 + 16) / 2 = 24: cell (1,1) is centred at (64 + 32 + 32, 24 + 16).
    CHECK(objectToTile(m, 128, 40) == isostar::TilePos{1, 1});
    CHECK(objectToTile(m, 96, 16) == isostar::TilePos{1, 0});
    m.staggerAxis = StaggerAxis::X; // column step (64 + 16) / 2 = 40, odd columns shifted down
    CHECK(objectToTile(m, 72, 32) == isostar::TilePos{1, 0});
    CHECK(objectToTile(m, 72, 40) == isostar::TilePos{1, 0});
    CHECK(objectToTile(m, 32, 16) == isostar::TilePos{0, 0});
}

TEST_CASE("infinite map chunks merge into one grid with a negative origin", "[map][tmx]")
{
    const MapData m = load("tests/data/map/infinite.tmx");
    CHECK(m.infinite);
    const TileGrid& g = m.layers[0].tiles;
    CHECK(g.originX == -16);
    CHECK(g.originY == -16);
    CHECK(g.width == 32);
    CHECK(g.height == 48);
    CHECK(maptest::nonEmpty(m.layers[0]) == 3);
    CHECK(g.at(15, 15) == 3);  // map cell (-1,-1)
    CHECK(g.at(16, 32) == 4);  // map cell (0,16)
    CHECK(g.at(31, 47) == 5);  // map cell (15,31)
}

TEST_CASE("nested groups, image layers and image-collection tilesets", "[map][tmx]")
{
    const MapData m = load("tests/data/map/groups.tmx");
    CHECK(m.renderOrder == RenderOrder::LeftUp);
    REQUIRE(m.layers.size() == 3);
    const Layer& sky = m.layers[0];
    CHECK(sky.type == LayerType::Image);
    CHECK(sky.image == "tests/data/images/sky.png");
    CHECK(sky.imageWidth == 640);
    CHECK(sky.repeatX);
    CHECK_FALSE(sky.repeatY);
    CHECK(sky.offset == Vec2{5, 6});
    const Layer& world = m.layers[1];
    CHECK(world.type == LayerType::Group);
    CHECK_FALSE(world.visible);
    CHECK(world.opacity == 0.75);
    CHECK(propertyString(world.properties, "zone") == "north");
    REQUIRE(world.layers.size() == 2);
    CHECK(world.layers[0].tiles.gids == std::vector<Gid>{1, 0, 0, 4});
    const Layer& deep = world.layers[1];
    CHECK(deep.locked);
    REQUIRE(deep.layers.size() == 1);
    CHECK(deep.layers[0].objects.at(0).gid == 4);

    std::vector<std::string> order;
    forEachLayer(m.layers, [&](const Layer& l) { order.push_back(l.name); });
    CHECK(order == std::vector<std::string>{"sky", "world", "floor", "deep", "props", "top"});

    const Tileset& ts = m.tilesets[0];
    CHECK(ts.isCollection());
    CHECK(ts.tileCount == 2);
    REQUIRE(ts.tiles.size() == 2);
    CHECK(ts.tiles[1].id == 3);
    CHECK(ts.tiles[1].image == "tests/data/images/rock.png");
    CHECK(ts.tiles[1].imageWidth == 32);
    CHECK(m.tilesetFor(4) == &ts);  // local id 3 exists although tilecount is 2
    CHECK(m.tilesetFor(2) == nullptr); // local id 1 was removed
}

TEST_CASE("objects from templates, with overrides and the template's tileset", "[map][tx]")
{
    const MapData m = load("tests/data/map/template.tmx");
    const Layer& l = m.layers[0];
    REQUIRE(l.objects.size() == 3);
    const Object& tree = l.objects[0];
    CHECK(tree.templatePath == "tests/data/map/templates/tree.tx");
    CHECK(tree.name == "tree");
    CHECK(tree.className == "obstacle");
    CHECK(tree.shape == ObjectShape::Tile);
    CHECK(tree.gid == 8); // template gid 4 = local 3 of tiles.tsx, firstgid 5 in this map
    CHECK((tree.x == 32 && tree.y == 64 && tree.width == 64 && tree.height == 32));
    CHECK(propertyString(tree.properties, "height") == "3");
    const Object& big = l.objects[1];
    CHECK(big.name == "big tree");
    CHECK(big.width == 128);
    CHECK(propertyString(big.properties, "height") == "7");
    CHECK(propertyString(big.properties, "blocks") == "true");
    const Object& marker = l.objects[2];
    CHECK(marker.shape == ObjectShape::Ellipse);
    CHECK(marker.width == 10);
    CHECK(marker.x == 5);
    CHECK(m.tilesets.size() == 2);
}
