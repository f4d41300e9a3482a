#include "engine/iso/Projection.hpp"

#include "engine/core/Assert.hpp"

#include <cmath>
#include <ostream>

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
    ISOSTAR_ASSERT(pixelSize.x > 0.f && pixelSize.y > 0.f, "map pixel size must be positive");
    m_originX = cell00.x;
    m_originY = cell00.y;
    m_pixelSize = pixelSize;
}

WorldPos Projection::mapPixelSize() const
{
    if (m_pixelSize)
        return *m_pixelSize;
    if (m_orientation == Orientation::Isometric) {
        const int cells = m_mapWidth + m_mapHeight;
        return {float(cells * m_tileWidth / 2), float(cells * m_tileHeight / 2)};
    }
    return {float(m_mapWidth * m_tileWidth), float(m_mapHeight * m_tileHeight)};
}

WorldPos Projection::tileToWorld(TilePos t) const
{
    if (m_orientation == Orientation::Isometric)
        return {float(m_originX + (t.x - t.y) * m_tileWidth / 2.0),
                float(m_originY + (t.x + t.y) * m_tileHeight / 2.0)};
    return {float(m_originX + t.x * m_tileWidth), float(m_originY + t.y * m_tileHeight)};
}

TilePos Projection::worldToTile(WorldPos w) const
{
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
    if (!(fx >= 0.0 && fy >= 0.0 && fx < m_mapWidth && fy < m_mapHeight))
        return std::nullopt;
    return TileCoord{int(fx), int(fy)};
}

WorldPos Projection::cellCenter(TileCoord c) const
{
    return tileToWorld({c.x + 0.5, c.y + 0.5});
}

std::array<WorldPos, 4> Projection::cellCorners(TileCoord c) const
{
    const double x = c.x, y = c.y;
    // The same tile-space corners serve both orientations: on isometric maps they are the
    // diamond's top, right, bottom and left; on orthogonal maps the rectangle's corners.
    return {tileToWorld({x, y}), tileToWorld({x + 1, y}), tileToWorld({x + 1, y + 1}), tileToWorld({x, y + 1})};
}

float Projection::depthKey(TilePos t) const
{
    if (m_orientation == Orientation::Isometric)
        return float(t.x + t.y);
    return float(t.y);
}

} // namespace isostar::iso
