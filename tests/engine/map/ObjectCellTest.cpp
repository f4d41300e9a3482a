// engine/map/ObjectCell: the one object -> cell rule (points, shape centres, rotation, tile
// objects standing on their cell by the tileset's alignment), orthogonal and isometric.

#include "engine/map/ObjectCell.hpp"
#include "tests/engine/map/MapTestUtil.hpp"

#include <catch2/catch.hpp>

using namespace isostar::map;
using isostar::TileCoord;

namespace {

MapData makeMap(Orientation o, int tileWidth, int tileHeight, ObjectAlignment alignment = ObjectAlignment::Unspecified)
{
    MapData m;
    m.orientation = o;
    m.width = m.height = 8;
    m.tileWidth = tileWidth;
    m.tileHeight = tileHeight;
    Tileset ts;
    ts.name = "t";
    ts.firstGid = 1;
    ts.tileCount = 4;
    ts.columns = 2;
    ts.tileWidth = tileWidth;
    ts.tileHeight = tileHeight;
    ts.image = "t.png";
    ts.objectAlignment = alignment;
    m.tilesets.push_back(ts);
    return m;
}

Object shape(ObjectShape s, double x, double y, double w = 0, double h = 0, double rotation = 0)
{
    Object o;
    o.shape = s;
    o.x = x;
    o.y = y;
    o.width = w;
    o.height = h;
    o.rotation = rotation;
    return o;
}

Object tile(double x, double y, double w, double h, double rotation = 0)
{
    Object o = shape(ObjectShape::Tile, x, y, w, h, rotation);
    o.gid = 1;
    return o;
}

} // namespace

TEST_CASE("objectCell: orthogonal shapes by their centre", "[map][object]")
{
    const MapData m = makeMap(Orientation::Orthogonal, 32, 32);
    CHECK(objectCell(m, shape(ObjectShape::Point, 48, 80)) == TileCoord{1, 2});
    CHECK(objectCell(m, shape(ObjectShape::Point, 32, 32)) == TileCoord{1, 1}); // a corner: the cell right-down
    CHECK(objectCell(m, shape(ObjectShape::Rectangle, 32, 32, 64, 32)) == TileCoord{2, 1});
    CHECK(objectCell(m, shape(ObjectShape::Ellipse, 0, 0, 96, 96)) == TileCoord{1, 1});
    // Turned 90 degrees clockwise about (x, y): the centre (32, 16) from (64, 0) goes to (-16, 32).
    CHECK(objectCell(m, shape(ObjectShape::Rectangle, 64, 0, 64, 32, 90)) == TileCoord{1, 1});
    Object poly = shape(ObjectShape::Polygon, 0, 0);
    poly.points = {{0, 0}, {64, 0}, {64, 64}};
    CHECK(objectCell(m, poly) == TileCoord{1, 1});
    CHECK(objectTilePos(m, poly) == isostar::TilePos{1.0, 1.0});
}

TEST_CASE("objectCell: orthogonal tile objects stand on their bottom cell", "[map][object]")
{
    // Default alignment on orthogonal maps: (x, y) is the image's bottom-left. A 1x3 tree whose
    // foot is at y = 96 stands on row 2, not on row 1 where its image's centre is.
    const MapData m = makeMap(Orientation::Orthogonal, 32, 32);
    CHECK(objectCell(m, tile(32, 96, 32, 96)) == TileCoord{1, 2});
    CHECK(objectCell(m, tile(32, 64, 32, 32)) == TileCoord{1, 1});
    CHECK(objectCell(m, tile(32, 64, 0, 0)) == TileCoord{1, 1}); // no size: the tile's (32x32)
    // A tile turned 180 degrees about its bottom-left corner (64, 64) hangs down-left of it.
    CHECK(objectCell(m, tile(64, 64, 32, 32, 180)) == TileCoord{1, 2});

    const MapData topLeft = makeMap(Orientation::Orthogonal, 32, 32, ObjectAlignment::TopLeft);
    CHECK(objectCell(topLeft, tile(32, 32, 32, 32)) == TileCoord{1, 1});
    const MapData centre = makeMap(Orientation::Orthogonal, 32, 32, ObjectAlignment::Center);
    CHECK(objectCell(centre, tile(48, 48, 32, 32)) == TileCoord{1, 1});
}

TEST_CASE("objectCell: isometric objects", "[map][object]")
{
    // 64x32 tiles: object positions are in tile-height units along both tile axes.
    const MapData m = makeMap(Orientation::Isometric, 64, 32);
    CHECK(objectCell(m, shape(ObjectShape::Point, 48, 80)) == TileCoord{1, 2});
    CHECK(objectCell(m, shape(ObjectShape::Rectangle, 32, 32, 32, 64)) == TileCoord{1, 2});
    // A tile object is anchored at its bottom-centre: it stands on the cell whose bottom corner
    // is there, (1, 1) for the anchor (2, 2) in tile units, whatever the image's height.
    CHECK(objectCell(m, tile(64, 64, 64, 32)) == TileCoord{1, 1});
    CHECK(objectCell(m, tile(64, 64, 64, 128)) == TileCoord{1, 1});
    CHECK(objectTilePos(m, tile(64, 64, 64, 32)) == isostar::TilePos{1.5, 1.5});
    // Anchored at its top-left (1, 1): the foot is 32 px right and 32 px down on screen, which
    // is (1.5, 0.5) in tile space, so the foot is (2.5, 1.5) and the cell (2, 1).
    const MapData topLeft = makeMap(Orientation::Isometric, 64, 32, ObjectAlignment::TopLeft);
    CHECK(objectTilePos(topLeft, tile(32, 32, 64, 32)) == isostar::TilePos{2.0, 1.0});
    CHECK(objectCell(topLeft, tile(32, 32, 64, 32)) == TileCoord{2, 1});
}

TEST_CASE("objectCell: far-away objects clamp instead of overflowing", "[map][object]")
{
    const MapData m = makeMap(Orientation::Orthogonal, 32, 32);
    CHECK(objectCell(m, shape(ObjectShape::Point, 1e300, -1e300)) == TileCoord{2147483647, -2147483647 - 1});
}
