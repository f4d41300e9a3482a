#include "engine/map/CellFrame.hpp"

#include "engine/core/Assert.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

namespace isostar::map {

// Staggered cells on the diamond grid. A diamond cell (ix, iy) has its top corner at
// a = ix - iy half tile widths across and b = ix + iy half tile heights down (plus a constant),
// so a staggered cell's (a, b) follow from where Tiled's HexagonalRenderer (side length 0) draws
// it; a and b always have the same parity, which makes (ix, iy) = ((a+b)/2, (b-a)/2) exact.
// StaggerY: row sy is screen row b = sy; column sx of it sits at a = 2 sx + shift - even.
// StaggerX: column sx is a = sx; row sy of it sits at b = 2 sy + shift - even.

TileCoord CellFrame::diamondOf(TileCoord t) const
{
    const int e = m_staggerEven ? 1 : 0;
    int a = 0, b = 0;
    if (m_layout == Layout::StaggerY) {
        a = 2 * t.x + (shifted(t.y) ? 1 : 0) - e;
        b = t.y;
    } else {
        a = t.x;
        b = 2 * t.y + (shifted(t.x) ? 1 : 0) - e;
    }
    return {(a + b) / 2, (b - a) / 2};
}

CellFrame::CellFrame(Layout layout, bool isometric, bool staggerEven, int x0, int y0, int width, int height,
                     int tileWidth, int tileHeight)
    : m_layout(layout)
    , m_isometric(isometric || layout != Layout::Plain)
    , m_staggerEven(staggerEven)
    , m_x0(x0)
    , m_y0(y0)
    , m_width(width)
    , m_height(height)
{
    ISOSTAR_ASSERT(width > 0 && height > 0 && tileWidth > 0 && tileHeight > 0, "CellFrame: sizes must be positive");
    const double tw = tileWidth, th = tileHeight;
    if (layout == Layout::Plain) {
        m_gridWidth = width;
        m_gridHeight = height;
        m_originX = m_isometric ? height * tw / 2.0 : 0.0;
        m_pixelWidth = m_isometric ? (width + height) * tw / 2.0 : width * tw;
        m_pixelHeight = m_isometric ? (width + height) * th / 2.0 : height * th;
        return;
    }
    // The diamond bounding box: (ix, iy) are monotonic along rows and columns, so the
    // rectangle's border holds the extremes.
    int minX = INT_MAX, minY = INT_MAX, maxX = INT_MIN, maxY = INT_MIN;
    const auto visit = [&](int x, int y) {
        const TileCoord d = diamondOf({x, y});
        minX = std::min(minX, d.x), maxX = std::max(maxX, d.x);
        minY = std::min(minY, d.y), maxY = std::max(maxY, d.y);
    };
    for (int x = x0; x < x0 + width; ++x)
        visit(x, y0), visit(x, y0 + height - 1);
    for (int y = y0; y < y0 + height; ++y)
        visit(x0, y), visit(x0 + width - 1, y);
    m_shiftX = minX;
    m_shiftY = minY;
    m_gridWidth = maxX - minX + 1;
    m_gridHeight = maxY - minY + 1;
    const int e = staggerEven ? 1 : 0;
    // The map rectangle in Tiled's pixels: the bounding box of the cells' bounding boxes.
    if (layout == Layout::StaggerY) {
        const bool all = height == 1 && shifted(y0), any = height > 1 || shifted(y0);
        m_tiledPixelX = x0 * tw + (all ? tw / 2.0 : 0.0);
        m_tiledPixelY = y0 * th / 2.0;
        m_pixelWidth = (x0 + width) * tw + (any ? tw / 2.0 : 0.0) - m_tiledPixelX;
        m_pixelHeight = (height + 1) * th / 2.0;
        m_originX = (minX - minY + e + 1) * tw / 2.0 - m_tiledPixelX;
        m_originY = (minX + minY) * th / 2.0 - m_tiledPixelY;
    } else {
        const bool all = width == 1 && shifted(x0), any = width > 1 || shifted(x0);
        m_tiledPixelX = x0 * tw / 2.0;
        m_tiledPixelY = y0 * th + (all ? th / 2.0 : 0.0);
        m_pixelWidth = (width + 1) * tw / 2.0;
        m_pixelHeight = (y0 + height) * th + (any ? th / 2.0 : 0.0) - m_tiledPixelY;
        m_originX = (minX - minY + 1) * tw / 2.0 - m_tiledPixelX;
        m_originY = (minX + minY + e) * th / 2.0 - m_tiledPixelY;
    }
}

CellFrame CellFrame::of(const MapData& map)
{
    int x0 = 0, y0 = 0, x1 = map.width, y1 = map.height;
    if (map.infinite) {
        bool any = false;
        forEachLayer(map.layers, [&](const Layer& l) {
            const TileGrid& g = l.tiles;
            if (l.type != LayerType::Tile || g.width <= 0 || g.height <= 0)
                return;
            x0 = any ? std::min(x0, g.originX) : g.originX;
            y0 = any ? std::min(y0, g.originY) : g.originY;
            x1 = any ? std::max(x1, g.originX + g.width) : g.originX + g.width;
            y1 = any ? std::max(y1, g.originY + g.height) : g.originY + g.height;
            any = true;
        });
    }
    const Layout layout = map.orientation != Orientation::Staggered ? Layout::Plain
                          : map.staggerAxis == StaggerAxis::X   ? Layout::StaggerX
                                                                : Layout::StaggerY;
    return CellFrame(layout, map.orientation == Orientation::Isometric, map.staggerIndex == StaggerIndex::Even, x0,
                     y0, std::max(1, x1 - x0), std::max(1, y1 - y0), std::max(1, map.tileWidth),
                     std::max(1, map.tileHeight));
}

TileCoord CellFrame::toGrid(TileCoord t) const
{
    if (m_layout == Layout::Plain)
        return {t.x - m_x0, t.y - m_y0};
    const TileCoord d = diamondOf(t);
    return {d.x - m_shiftX, d.y - m_shiftY};
}

TileCoord CellFrame::toTiled(TileCoord g) const
{
    if (m_layout == Layout::Plain)
        return {g.x + m_x0, g.y + m_y0};
    const int ix = g.x + m_shiftX, iy = g.y + m_shiftY;
    const int a = ix - iy, b = ix + iy;
    const int e = m_staggerEven ? 1 : 0;
    if (m_layout == Layout::StaggerY)
        return {(a - (shifted(b) ? 1 : 0) + e) / 2, b}; // the numerator is even: exact
    return {a, (b - (shifted(a) ? 1 : 0) + e) / 2};
}

TilePos CellFrame::toTiled(TilePos g) const
{
    const double fx = std::floor(g.x), fy = std::floor(g.y);
    const TileCoord t = toTiled(TileCoord{int(fx), int(fy)});
    return {t.x + (g.x - fx), t.y + (g.y - fy)};
}

bool CellFrame::onMap(TileCoord g) const
{
    if (g.x < 0 || g.y < 0 || g.x >= m_gridWidth || g.y >= m_gridHeight)
        return false;
    return m_layout == Layout::Plain || tiledOnMap(toTiled(g));
}

} // namespace isostar::map
