// Object -> cell: see ObjectCell.hpp for the rule. Tiled reference:
// https://doc.mapeditor.org/en/stable/reference/tmx-map-format/#object (x, y: "the position of
// the object", the top-left of shapes; tile objects are placed by the tileset's
// `objectalignment`, whose default `unspecified` means bottomleft on orthogonal maps and bottom
// on isometric ones).

#include "engine/map/ObjectCell.hpp"

#include "engine/map/MapEnums.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace isostar::map {

namespace {

/// `v` turned by `degrees` clockwise on screen (y points down), as Tiled rotates objects.
Vec2 rotated(Vec2 v, double degrees)
{
    if (degrees == 0.0)
        return v;
    const double r = degrees * std::numbers::pi / 180.0;
    const double c = std::cos(r), s = std::sin(r);
    return {v.x * c - v.y * s, v.x * s + v.y * c};
}

/// Offset from (x, y) to the centre of a shape, in the object's own units (unrotated).
Vec2 shapeCentre(const Object& o)
{
    switch (o.shape) {
    case ObjectShape::Point:
    case ObjectShape::Tile: return {0.0, 0.0};
    case ObjectShape::Rectangle:
    case ObjectShape::Ellipse:
    case ObjectShape::Text: return {o.width / 2.0, o.height / 2.0};
    case ObjectShape::Polygon:
    case ObjectShape::Polyline: break;
    }
    if (o.points.empty())
        return {0.0, 0.0};
    Vec2 lo = o.points.front(), hi = lo;
    for (const Vec2& p : o.points) {
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
    }
    return {(lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0};
}

} // namespace

TilePos objectTilePos(const MapData& map, const Object& o)
{
    const bool isometric = map.orientation == Orientation::Isometric;
    const double tw = map.tileWidth > 0 ? map.tileWidth : 1.0;
    const double th = map.tileHeight > 0 ? map.tileHeight : 1.0;
    if (o.gid == 0) {
        const Vec2 c = isometric ? shapeCentre(o) : rotated(shapeCentre(o), o.rotation);
        return objectToTile(map, o.x + c.x, o.y + c.y);
    }
    // A tile object: from the anchor to the image's bottom-centre (its foot), then half a map
    // tile up the screen, in screen pixels of the unrotated image; then turned with the object.
    // On an isometric map "half a tile up the screen" is (-0.5, -0.5) in tile space: the centre
    // of the cell whose bottom corner is the foot.
    const Tileset* ts = map.tilesetFor(o.gid);
    const Vec2 a = alignmentFraction(ts ? ts->objectAlignment : ObjectAlignment::Unspecified, map.orientation);
    // Tiled writes a tile object's size; without one (a hand-made file) the tile's own size.
    const double w = o.width > 0 ? o.width : (ts ? ts->tileWidth : 0);
    const double h = o.height > 0 ? o.height : (ts ? ts->tileHeight : 0);
    const Vec2 s = rotated({(0.5 - a.x) * w, (1.0 - a.y) * h - th / 2.0}, o.rotation);
    if (isometric) {
        // The anchor is in Tiled's projected units; a screen offset (sx, sy) is
        // (sx / tw + sy / th, sy / th - sx / tw) in tile space.
        const TilePos p = objectToTile(map, o.x, o.y);
        return {p.x + s.x / tw + s.y / th, p.y + s.y / th - s.x / tw};
    }
    return objectToTile(map, o.x + s.x, o.y + s.y);
}

TileCoord objectCell(const MapData& map, const Object& object)
{
    // Clamped before the cast: positions come from files, and a far-away object must give a
    // far-away cell, not undefined behaviour.
    const auto toInt = [](double v) {
        constexpr double lo = -2147483648.0, hi = 2147483647.0;
        return std::isnan(v) ? 0 : int(std::clamp(std::floor(v), lo, hi));
    };
    const TilePos p = objectTilePos(map, object);
    return {toInt(p.x), toInt(p.y)};
}

} // namespace isostar::map
