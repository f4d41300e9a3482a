#pragma once
/// \file CellFrame.hpp
/// Tiled's cell coordinates <-> the engine's grid, for every map the game plays: orthogonal and
/// isometric maps, finite or infinite, and staggered ones (both axes, both indexes).
///
/// The engine (NavGrid, terrain, renderer chunks, party) works on a grid of cells (0,0) to
/// (gridWidth-1, gridHeight-1) whose eight neighbours are (x+-1, y+-1): an orthogonal grid, or
/// a diamond (isometric) one. A CellFrame places a rectangle of Tiled's cells on such a grid:
/// - Plain (orthogonal, isometric): grid = Tiled - (x0, y0); identity for finite maps, a shift
///   for infinite ones whose chunks start anywhere (negative coordinates included).
/// - StaggerX / StaggerY: each staggered cell is the diamond-grid cell at the same place on
///   screen, so a staggered map becomes an isometric one whose visual neighbours are the grid's
///   neighbours (paths look the same in either layout). The diamond grid is the bounding box of
///   those cells; its other cells are not on the map (onMap false: void).
/// World space (pixels) is Tiled's map pixel space moved so that the map's rectangle (the
/// bounding box of its cells, tmxrasterizer's image) starts at (0,0): originX/originY place grid
/// cell (0,0) and pixelWidth/pixelHeight size the rectangle (isostar::iso::Projection takes both).
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// const isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();   // checked: MapLoader.hpp
/// const isostar::map::CellFrame f = isostar::map::CellFrame::of(map);   // staggered, infinite, plain
/// const isostar::TileCoord g = f.toGrid({-3, 7});                    // Tiled's cell -> grid
/// const isostar::TileCoord t = f.toTiled(g);                         // (-3, 7) again
/// std::cout << "Tiled's " << t << " is grid cell " << g << (f.onMap(g) ? "\n" : " (off the map)\n");
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/map/MapData.hpp"

namespace isostar::map {

class CellFrame {
public:
    enum class Layout { Plain, StaggerX, StaggerY };

    /// Identity of a 1x1 orthogonal map of 1x1 pixel cells (a placeholder).
    CellFrame() = default;
    /// The frame of Tiled's cells [x0, x0+width) x [y0, y0+height) laid out as `layout`.
    /// `isometric` only matters for Plain (diamond or rectangular cells).
    /// [Limit: width, height, tileWidth, tileHeight > 0]
    CellFrame(Layout layout, bool isometric, bool staggerEven, int x0, int y0, int width, int height, int tileWidth,
              int tileHeight);
    /// The frame of a map: its orientation and stagger; finite maps cover (0,0)..(width-1,
    /// height-1); infinite maps the bounding box of their tile layers' chunks (the map's
    /// width/height when it has no tile layer). Hexagonal maps get a Plain frame (played on their own cells).
    static CellFrame of(const MapData& map);

    Layout layout() const { return m_layout; }
    /// True when the grid is a diamond one (isometric and staggered maps).
    bool isometric() const { return m_isometric; }
    /// True when grid and Tiled coordinates are the same cells (finite orthogonal/isometric).
    bool identity() const { return m_layout == Layout::Plain && m_x0 == 0 && m_y0 == 0; }
    int gridWidth() const { return m_gridWidth; }
    int gridHeight() const { return m_gridHeight; }
    /// Tiled's rectangle: first cell and size.
    int tiledX() const { return m_x0; }
    int tiledY() const { return m_y0; }
    int tiledWidth() const { return m_width; }
    int tiledHeight() const { return m_height; }

    /// Tiled's cell -> grid cell (may be off the grid for cells off the map). O(1).
    TileCoord toGrid(TileCoord tiled) const;
    /// Grid cell -> Tiled's cell (any cell, on or off the grid). O(1).
    TileCoord toTiled(TileCoord grid) const;
    /// Continuous grid position -> Tiled's: the cell's place plus the fraction within it (a
    /// cell's centre maps to its centre); a plain shift on Plain frames.
    TilePos toTiled(TilePos grid) const;
    /// True for a grid cell that is one of Tiled's cells of the rectangle.
    bool onMap(TileCoord grid) const;
    /// True when Tiled's cell lies in the rectangle.
    bool tiledOnMap(TileCoord tiled) const
    {
        return tiled.x >= m_x0 && tiled.y >= m_y0 && tiled.x - m_x0 < m_width && tiled.y - m_y0 < m_height;
    }

    /// World position of the top corner (diamond) or top-left corner (orthogonal) of grid cell
    /// (0,0), and the size of the map's rectangle in world pixels.
    double originX() const { return m_originX; }
    double originY() const { return m_originY; }
    double pixelWidth() const { return m_pixelWidth; }
    double pixelHeight() const { return m_pixelHeight; }
    /// Tiled's pixel position of world (0,0) (the map rectangle's top-left in Tiled's pixels,
    /// where object positions of staggered maps are measured).
    double tiledPixelX() const { return m_tiledPixelX; }
    double tiledPixelY() const { return m_tiledPixelY; }

private:
    /// Staggered cell -> unshifted diamond cell.
    TileCoord diamondOf(TileCoord tiled) const;
    bool shifted(int index) const { return ((index & 1) != 0) != m_staggerEven; }

    Layout m_layout = Layout::Plain;
    bool m_isometric = false;
    bool m_staggerEven = false;
    int m_x0 = 0, m_y0 = 0, m_width = 1, m_height = 1;
    int m_gridWidth = 1, m_gridHeight = 1;
    int m_shiftX = 0, m_shiftY = 0; ///< grid = diamond - shift (staggered layouts)
    double m_originX = 0.0, m_originY = 0.0;
    double m_pixelWidth = 1.0, m_pixelHeight = 1.0;
    double m_tiledPixelX = 0.0, m_tiledPixelY = 0.0;
};

} // namespace isostar::map
