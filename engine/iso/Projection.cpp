#include "engine/iso/Projection.hpp"

#include "engine/core/Assert.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <utility>

namespace isostar::iso {

std::ostream& operator<<(std::ostream& os, const WorldPos& p)
{
    return os << '(' << p.x << ',' << p.y << ')';
}

Projection::Projection(Orientation orientation, int mapWidth, int mapHeight, int tileWidth, int tileHeight)
    : m_orientation(orientation)
    , m_mapWidth(mapWidth)
    , m_mapHeight(mapHeight)
    , m_tileWidth(tileWidth)
    , m_tileHeight(tileHeight)
{
    ISOSTAR_ASSERT(mapWidth > 0 && mapHeight > 0, "map size must be positive");
    ISOSTAR_ASSERT(tileWidth > 0 && tileHeight > 0, "tile size must be positive");
    m_originX = orientation == Orientation::Isometric ? double(mapHeight) * tileWidth / 2.0 : 0.0;
}

Projection::Projection(Orientation orientation, int mapWidth, int mapHeight, int tileWidth, int tileHeight,
                       WorldPos cell00, WorldPos pixelSize)
    : Projection(orientation, mapWidth, mapHeight, tileWidth, tileHeight)
{
    place(cell00, pixelSize);
}

Projection::Projection(const HexShape& hex, int mapWidth, int mapHeight, int tileWidth, int tileHeight)
    : Projection(Orientation::Hexagonal, mapWidth, mapHeight, tileWidth, tileHeight)
{
    // Tiled's HexagonalRenderer::RenderParams: even tile sizes, integer offsets.
    m_hex = hex;
    m_hexW = std::max(2, tileWidth & ~1);
    m_hexH = std::max(2, tileHeight & ~1);
    const int side = std::max(0, hex.sideLength);
    (hex.staggerX ? m_sideX : m_sideY) = side;
    ISOSTAR_ASSERT(side < (hex.staggerX ? m_hexW : m_hexH), "hex side length must be less than the tile size");
    m_sideOffX = (m_hexW - m_sideX) / 2;
    m_sideOffY = (m_hexH - m_sideY) / 2;
    m_columnWidth = m_sideOffX + m_sideX;
    m_rowHeight = m_sideOffY + m_sideY;
    m_originX = 0.0;
}

Projection::Projection(const HexShape& hex, int mapWidth, int mapHeight, int tileWidth, int tileHeight,
                       WorldPos cell00, WorldPos pixelSize)
    : Projection(hex, mapWidth, mapHeight, tileWidth, tileHeight)
{
    place(cell00, pixelSize);
}

void Projection::place(WorldPos cell00, WorldPos pixelSize)
{
    ISOSTAR_ASSERT(pixelSize.x > 0.f && pixelSize.y > 0.f, "map pixel size must be positive");
    m_originX = cell00.x;
    m_originY = cell00.y;
    m_pixelSize = pixelSize;
}

void Projection::hexTopLeft(TileCoord c, double& x, double& y) const
{
    if (m_hex.staggerX) {
        x = double(c.x) * m_columnWidth;
        y = double(c.y) * (m_hexH + m_sideY) + (hexShifted(c.x) ? m_rowHeight : 0);
    } else {
        x = double(c.x) * (m_hexW + m_sideX) + (hexShifted(c.y) ? m_columnWidth : 0);
        y = double(c.y) * m_rowHeight;
    }
}

WorldPos Projection::mapPixelSize() const
{
    if (m_pixelSize)
        return *m_pixelSize;
    if (m_orientation == Orientation::Hexagonal) {
        // Tiled's mapBoundingRect: the same whichever index is shifted.
        if (m_hex.staggerX)
            return {float(m_mapWidth * m_columnWidth + m_sideOffX),
                    float(m_mapHeight * (m_hexH + m_sideY) + (m_mapWidth > 1 ? m_rowHeight : 0))};
        return {float(m_mapWidth * (m_hexW + m_sideX) + (m_mapHeight > 1 ? m_columnWidth : 0)),
                float(m_mapHeight * m_rowHeight + m_sideOffY)};
    }
    if (m_orientation == Orientation::Isometric) {
        const int cells = m_mapWidth + m_mapHeight;
        return {float(cells * m_tileWidth / 2), float(cells * m_tileHeight / 2)};
    }
    return {float(m_mapWidth * m_tileWidth), float(m_mapHeight * m_tileHeight)};
}

WorldPos Projection::tileToWorld(TilePos t) const
{
    if (m_orientation == Orientation::Hexagonal) {
        // Around the centre of the cell t is in: d in [-0.5, 0.5)^2 cell units. Across the
        // stagger axis a step of |d| moves half a cell along it, towards the side the
        // neighbours lie on (the shifted rows' neighbours are to the left, the others' right):
        // both neighbours' centres are reached exactly, and cells agree on their borders.
        const double fx = std::floor(t.x), fy = std::floor(t.y);
        const TileCoord c{int(fx), int(fy)};
        const double dx = t.x - fx - 0.5, dy = t.y - fy - 0.5;
        double x = 0.0, y = 0.0;
        hexTopLeft(c, x, y);
        x += m_originX + m_hexW / 2.0;
        y += m_originY + m_hexH / 2.0;
        if (m_hex.staggerX) {
            const double s = hexShifted(c.x) ? -1.0 : 1.0;
            return {float(x + dx * m_columnWidth), float(y + dy * (m_hexH + m_sideY) + s * std::abs(dx) * m_rowHeight)};
        }
        const double s = hexShifted(c.y) ? -1.0 : 1.0;
        return {float(x + dx * (m_hexW + m_sideX) + s * std::abs(dy) * m_columnWidth), float(y + dy * m_rowHeight)};
    }
    if (m_orientation == Orientation::Isometric)
        return {float(m_originX + (t.x - t.y) * m_tileWidth / 2.0),
                float(m_originY + (t.x + t.y) * m_tileHeight / 2.0)};
    return {float(m_originX + t.x * m_tileWidth), float(m_originY + t.y * m_tileHeight)};
}

TilePos Projection::worldToTile(WorldPos w) const
{
    if (m_orientation == Orientation::Hexagonal) {
        // tileToWorld solved: the coordinate along the stagger axis first (a plain scale: a is
        // x on maps staggered along x), then the other with that line's half step taken off.
        const auto solve = [this](double a, double aStart, double aStep, double b, double bStart, double bStep,
                                  double half) {
            const double first = (a - aStart) / aStep;
            const double line = std::floor(first + 0.5), d = first - line;
            const bool shifted = hexShifted(int(line));
            const double second = (b - bStart - (shifted ? half : 0.0) - (shifted ? -1.0 : 1.0) * std::abs(d) * half) / bStep;
            return std::pair<double, double>{first + 0.5, second + 0.5};
        };
        const double x0 = m_originX + m_hexW / 2.0, y0 = m_originY + m_hexH / 2.0;
        if (m_hex.staggerX) {
            const auto [x, y] = solve(w.x, x0, m_columnWidth, w.y, y0, m_hexH + m_sideY, m_rowHeight);
            return {x, y};
        }
        const auto [y, x] = solve(w.y, y0, m_rowHeight, w.x, x0, m_hexW + m_sideX, m_columnWidth);
        return {x, y};
    }
    if (m_orientation == Orientation::Isometric) {
        // u = x - y and v = x + y in tile units, then solve for x and y.
        const double u = (double(w.x) - m_originX) / (m_tileWidth / 2.0);
        const double v = (double(w.y) - m_originY) / (m_tileHeight / 2.0);
        return {(v + u) / 2.0, (v - u) / 2.0};
    }
    return {(double(w.x) - m_originX) / m_tileWidth, (double(w.y) - m_originY) / m_tileHeight};
}

std::optional<TileCoord> Projection::pick(WorldPos w) const
{
    const TilePos t = worldToTile(w);
    const double fx = std::floor(t.x);
    const double fy = std::floor(t.y);
    // Compare as doubles first so huge world positions cannot overflow the int conversion.
    // (A hexagon reaches at most one cell beyond the cell of tileToWorld's piece around it.)
    const double margin = m_orientation == Orientation::Hexagonal ? 1.0 : 0.0;
    if (!(fx >= -margin && fy >= -margin && fx < m_mapWidth + margin && fy < m_mapHeight + margin))
        return std::nullopt;
    TileCoord c{int(fx), int(fy)};
    if (m_orientation == Orientation::Hexagonal && !hexContains(c, w)) {
        // The hexagon holding w is a neighbour of that piece's cell: the first one that holds
        // it, in a fixed order (points on a shared edge always go to the same cell). A point
        // in none (a pixel gap where odd sizes keep hexagons from tiling) keeps the piece's cell.
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if ((dx != 0 || dy != 0) && hexContains({c.x + dx, c.y + dy}, w)) {
                    c = {c.x + dx, c.y + dy};
                    dy = 2;
                    break;
                }
    }
    if (!contains(c))
        return std::nullopt;
    return c;
}

bool Projection::hexContains(TileCoord c, WorldPos w) const
{
    // Inside a convex polygon clockwise on screen (y down): on the inner side of every edge.
    const CellOutline o = cellOutline(c);
    for (int i = 0; i < o.count; ++i) {
        const WorldPos a = o.points[std::size_t(i)], b = o.points[std::size_t((i + 1) % o.count)];
        const double cross = (double(b.x) - a.x) * (double(w.y) - a.y) - (double(b.y) - a.y) * (double(w.x) - a.x);
        if (cross < 0.0)
            return false;
    }
    return o.count > 0;
}

WorldPos Projection::cellCenter(TileCoord c) const
{
    return tileToWorld({c.x + 0.5, c.y + 0.5});
}

std::array<WorldPos, 4> Projection::cellCorners(TileCoord c) const
{
    if (m_orientation == Orientation::Hexagonal) {
        double x = 0.0, y = 0.0;
        hexTopLeft(c, x, y);
        const float l = float(m_originX + x), t = float(m_originY + y);
        const float r = l + float(m_hexW), b = t + float(m_hexH);
        return {WorldPos{l, t}, WorldPos{r, t}, WorldPos{r, b}, WorldPos{l, b}};
    }
    const double x = c.x, y = c.y;
    // The same tile-space corners serve both orientations: on isometric maps they are the
    // diamond's top, right, bottom and left; on orthogonal maps the rectangle's corners.
    return {tileToWorld({x, y}), tileToWorld({x + 1, y}), tileToWorld({x + 1, y + 1}), tileToWorld({x, y + 1})};
}

CellOutline Projection::cellOutline(TileCoord c) const
{
    CellOutline out;
    const auto add = [&out](WorldPos p) {
        if (out.count == 0 || !(out.points[std::size_t(out.count - 1)] == p))
            out.points[std::size_t(out.count++)] = p;
    };
    if (m_orientation != Orientation::Hexagonal) {
        for (const WorldPos& p : cellCorners(c))
            add(p);
        return out;
    }
    // Tiled's tileToScreenPolygon, from the upper-left corner clockwise; the two points of
    // each side across the stagger axis coincide, leaving six.
    double x = 0.0, y = 0.0;
    hexTopLeft(c, x, y);
    x += m_originX;
    y += m_originY;
    const int w = m_hexW, h = m_hexH, ox = m_sideOffX, oy = m_sideOffY;
    const int corner[8][2] = {{0, oy}, {ox, 0}, {w - ox, 0}, {w, oy}, {w, h - oy}, {w - ox, h}, {ox, h}, {0, h - oy}};
    for (const auto& k : corner)
        add({float(x + k[0]), float(y + k[1])});
    if (out.count > 1 && out.points[std::size_t(out.count - 1)] == out.points[0])
        --out.count;
    return out;
}

WorldPos Projection::cellImageAnchor(TileCoord c) const
{
    if (m_orientation == Orientation::Hexagonal) {
        double x = 0.0, y = 0.0;
        hexTopLeft(c, x, y);
        return {float(m_originX + x), float(m_originY + y + m_hexH)};
    }
    const WorldPos top = tileToWorld({double(c.x), double(c.y)});
    if (m_orientation == Orientation::Isometric)
        return {top.x - float(m_tileWidth) / 2.f, top.y + float(m_tileHeight)};
    return {top.x, top.y + float(m_tileHeight)};
}

float Projection::depthKey(TilePos t) const
{
    if (m_orientation == Orientation::Hexagonal)
        return float((double(tileToWorld(t).y) - m_originY) / m_hexH);
    if (m_orientation == Orientation::Isometric)
        return float(t.x + t.y);
    return float(t.y);
}

} // namespace isostar::iso
