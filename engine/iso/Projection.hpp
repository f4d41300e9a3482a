#pragma once
/// \file Projection.hpp
/// Tile space <-> world (Tiled map canvas pixel) space for orthogonal, isometric and hexagonal
/// maps, exact picking on the diamond (or hexagon), and depth keys for draw order. Pure math:
/// core only, no SFML.
///
/// World space is Tiled's own map pixel space, the space tmxrasterizer paints in before it adds
/// the layer-offset margins: for an isometric map of W x H cells of tw x th pixels the map
/// diamond fills a ((W+H)*tw/2) x ((W+H)*th/2) rectangle whose top-left is (0,0); the top corner
/// of cell (x,y) is at (H*tw/2 + (x - y)*tw/2, (x + y)*th/2). Orthogonal: (x*tw, y*th).
/// Hexagonal: Tiled's HexagonalRenderer layout (tile sizes rounded down to even, as Tiled does):
/// cell (x,y)'s bounding box is tw x th at (x*(tw+side), y*rowHeight) plus half a column on
/// shifted rows (stagger axis y), or at (x*columnWidth, y*(th+side)) plus half a row on shifted
/// columns (stagger axis x); the cells keep Tiled's offset coordinates.

#include "engine/core/TileCoord.hpp"

#include <array>
#include <iosfwd>
#include <optional>

namespace isostar::iso {

/// A point in world (map canvas) pixels; y grows downwards.
struct WorldPos {
    float x = 0.f;
    float y = 0.f;
    bool operator==(const WorldPos&) const = default;
};
std::ostream& operator<<(std::ostream& os, const WorldPos& p);

/// Grid shapes the projection supports (staggered maps play on an isometric grid:
/// isostar::map::CellFrame).
enum class Orientation { Orthogonal, Isometric, Hexagonal };

/// The layout of a hexagonal grid, as Tiled's map attributes give it.
struct HexShape {
    bool staggerX = false;    ///< staggeraxis="x" (columns shifted down), else "y" (rows shifted right)
    bool staggerEven = false; ///< staggerindex="even": even columns/rows of the grid are shifted
    int sideLength = 0;       ///< hexsidelength: pixels of the flat sides along the stagger axis [Limit: >=0]
    bool operator==(const HexShape&) const = default;
};

/// A cell's outline in world pixels, clockwise on screen: the diamond (top, right, bottom, left),
/// the rectangle (top-left, top-right, bottom-right, bottom-left) or the hexagon (from its
/// upper-left corner; 6 points, fewer where sides have no length).
struct CellOutline {
    std::array<WorldPos, 6> points{};
    int count = 0;
};

/// The projection of one map. Cheap to copy; all queries are O(1), allocation-free and const.
class Projection {
public:
    /// A 1x1 orthogonal map of 1x1 pixel cells (only useful as a placeholder).
    Projection() = default;
    /// \param mapWidth, mapHeight  size in cells [Limit: >0]
    /// \param tileWidth, tileHeight  grid cell size in pixels [Limit: >0]
    Projection(Orientation orientation, int mapWidth, int mapHeight, int tileWidth, int tileHeight);
    /// The same grid placed elsewhere in world space: the top corner (isometric) or top-left
    /// corner (orthogonal) of cell (0,0) at `cell00`, and a map rectangle of `pixelSize` at (0,0).
    /// For grids that stand for other layouts (isostar::map::CellFrame: staggered maps on a diamond
    /// grid, whose rectangle is not the diamond's bounding box). [Limit: pixelSize > 0]
    Projection(Orientation orientation, int mapWidth, int mapHeight, int tileWidth, int tileHeight, WorldPos cell00,
               WorldPos pixelSize);
    /// A hexagonal map of mapWidth x mapHeight cells (Tiled's offset coordinates), cell (0,0)'s
    /// bounding box at (0,0). `tileWidth`, `tileHeight` are the map's (rounded down to even here,
    /// as Tiled's renderer does). [Limit: sizes > 0, hex.sideLength < the tile size on its axis]
    Projection(const HexShape& hex, int mapWidth, int mapHeight, int tileWidth, int tileHeight);
    /// The same hexagonal grid with cell (0,0)'s bounding box at `cell00` and a map rectangle of
    /// `pixelSize` (an infinite map's cells placed by its frame). [Limit: pixelSize > 0]
    Projection(const HexShape& hex, int mapWidth, int mapHeight, int tileWidth, int tileHeight, WorldPos cell00,
               WorldPos pixelSize);

    Orientation orientation() const { return m_orientation; }
    int mapWidth() const { return m_mapWidth; }
    int mapHeight() const { return m_mapHeight; }
    int tileWidth() const { return m_tileWidth; }
    int tileHeight() const { return m_tileHeight; }
    /// The hexagonal layout (meaningful for Orientation::Hexagonal only).
    const HexShape& hex() const { return m_hex; }
    /// Size of the map's bounding rectangle in world pixels, top-left at (0,0) (layer offsets and
    /// tall tiles not included): isometric ((W+H)*tw/2, (W+H)*th/2), orthogonal (W*tw, H*th);
    /// the given size for a placed grid.
    WorldPos mapPixelSize() const;
    bool contains(TileCoord c) const
    {
        return c.x >= 0 && c.y >= 0 && c.x < m_mapWidth && c.y < m_mapHeight;
    }

    /// Continuous tile position -> world. TilePos (x,y) is the top corner (isometric) or the
    /// top-left corner (orthogonal) of cell (x,y); (x+0.5, y+0.5) is its centre. Works off the map.
    /// Hexagonal: offset coordinates are not linear on screen, so the map is piecewise linear
    /// around each cell's centre (cell = floor(t), d = t - centre, the shifted half-step scaled
    /// by |d| across the stagger axis): continuous everywhere, and a straight line on screen
    /// between the centres of two neighbouring cells, which is what a unit walking one step
    /// follows.
    WorldPos tileToWorld(TilePos t) const;
    /// Inverse of tileToWorld (continuous, works off the map).
    TilePos worldToTile(WorldPos w) const;
    /// The cell whose diamond (rectangle, hexagon) contains `w`, or nullopt off the map. Cells are
    /// half-open: a point exactly on the edge between two cells belongs to the one with the
    /// larger x (or y) coordinate (hexagons: to one of them, always the same), so every point
    /// picks at most one cell.
    std::optional<TileCoord> pick(WorldPos w) const;
    /// World position of the centre of cell `c`.
    WorldPos cellCenter(TileCoord c) const;
    /// The 4 corners of cell `c` in world pixels, clockwise: isometric top, right, bottom, left;
    /// orthogonal top-left, top-right, bottom-right, bottom-left; hexagonal: its bounding box's
    /// (cellOutline gives the hexagon).
    std::array<WorldPos, 4> cellCorners(TileCoord c) const;
    /// The outline of cell `c`: the diamond, rectangle or hexagon (see CellOutline).
    CellOutline cellOutline(TileCoord c) const;
    /// Bottom-left corner of cell `c`'s bounding box, where Tiled anchors a tile's image (images
    /// taller than the grid rise above it): the diamond's left corner x and bottom y on isometric
    /// maps.
    WorldPos cellImageAnchor(TileCoord c) const;
    /// Draw-order key of something standing at `t` (its feet): larger is drawn later (in front).
    /// Isometric: x + y (the screen row of the feet); orthogonal: y; hexagonal: the feet's
    /// world y in tile heights (Tiled draws hexagons by screen rows). A tall tile on cell (x,y)
    /// uses the key of the cell's centre, depthKey({x+0.5, y+0.5}); so a unit on a cell behind it
    /// (x-1 or y-1, key one less) is drawn first and hidden, a unit in front (key one more) is
    /// drawn over it. Equal keys are a tie: the renderer then draws tiles before sprites, so a
    /// unit standing on a cell is drawn over the decoration of that same cell.
    float depthKey(TilePos t) const;

private:
    /// Cell (0, 0)'s world position and the map's pixel size, as Tiled places the map (the
    /// placed constructors).
    void place(WorldPos cell00, WorldPos pixelSize);
    /// Hexagonal: top-left of cell `c`'s bounding box, relative to the origin.
    void hexTopLeft(TileCoord c, double& x, double& y) const;
    bool hexShifted(int index) const { return ((index & 1) != 0) != m_hex.staggerEven; }
    bool hexContains(TileCoord c, WorldPos w) const;

    Orientation m_orientation = Orientation::Orthogonal;
    int m_mapWidth = 1, m_mapHeight = 1;
    int m_tileWidth = 1, m_tileHeight = 1;
    double m_originX = 0.0; ///< world x of the top corner of cell (0,0) (isometric: H*tw/2)
    double m_originY = 0.0; ///< world y of the top corner of cell (0,0)
    std::optional<WorldPos> m_pixelSize; ///< a placed grid's rectangle
    // Hexagonal layout (Tiled's RenderParams): even tile size, side lengths, offsets, steps.
    HexShape m_hex;
    int m_hexW = 1, m_hexH = 1;       ///< tile size rounded down to even
    int m_sideX = 0, m_sideY = 0;     ///< the side length on the stagger axis, 0 on the other
    int m_sideOffX = 0, m_sideOffY = 0;
    int m_columnWidth = 1, m_rowHeight = 1;
};

} // namespace isostar::iso

// Usage:
//   isostar::iso::Projection proj(isostar::iso::Orientation::Isometric, 64, 64, 64, 32);
//   isostar::iso::WorldPos feet = proj.tileToWorld({unit.x, unit.y});
//   if (auto cell = proj.pick(mouseWorld)) highlight(*cell);
//   float key = proj.depthKey(unitPos); // sort sprites and tall tiles by it
//   isostar::iso::Projection hexes(isostar::iso::HexShape{false, false, 6}, 20, 20, 14, 12); // hexagonal-mini.tmx
//   isostar::iso::CellOutline hexagon = hexes.cellOutline({3, 4}); // 6 corners to draw
