#pragma once
/// \file MapData.hpp
/// Plain value types for a loaded Tiled map (TMX/TSX/TX or TMJ/TSJ/TJ): what Tiled 1.8 writes,
/// with Tiled's flip bits split off every gid, paths resolved, and nothing that needs SFML.
/// A MapData is immutable after loading and shared read-only.
///
/// Reference: https://doc.mapeditor.org/en/stable/reference/tmx-map-format/

#include "engine/core/TileCoord.hpp"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace isostar::map {

/// 32-bit gid: 0 = empty cell; firstgid..firstgid+tilecount-1 belongs to one tileset.
using Gid = std::uint32_t;

/// Flip flags as stored in the top bits of a raw Tiled gid. Stored separately, in `FlipFlags`.
namespace flip {
inline constexpr std::uint8_t Horizontal = 1u << 0;   ///< raw bit 31
inline constexpr std::uint8_t Vertical = 1u << 1;     ///< raw bit 30
inline constexpr std::uint8_t Diagonal = 1u << 2;     ///< raw bit 29 (anti-diagonal on ortho/iso)
inline constexpr std::uint8_t Rotated120 = 1u << 3;   ///< raw bit 28 (hexagonal maps only)
inline constexpr std::uint32_t RawMask = 0xF0000000u; ///< all four raw bits
} // namespace flip

struct Color {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
    bool operator==(const Color&) const = default;
};

struct Vec2 {
    double x = 0.0, y = 0.0;
    bool operator==(const Vec2&) const = default;
};

enum class Orientation { Orthogonal, Isometric, Staggered, Hexagonal };
enum class RenderOrder { RightDown, RightUp, LeftDown, LeftUp };
enum class StaggerAxis { X, Y };
enum class StaggerIndex { Odd, Even };

// Tiled's keyword attributes, converted at load time (spellings: engine/map/MapEnums.hpp).
/// Tileset `objectalignment`: where a tile object's (x, y) sits on its image.
enum class ObjectAlignment { Unspecified, TopLeft, Top, TopRight, Left, Center, Right, BottomLeft, Bottom, BottomRight };
/// Tileset `tilerendersize`: tiles drawn at their own size or scaled to the map's grid.
enum class TileRenderSize { Tile, Grid };
/// Tileset `fillmode`: how a tile scaled to the grid keeps its aspect ratio.
enum class FillMode { Stretch, PreserveAspectFit };
/// Object layer `draworder`: by y (`topdown`) or in file order (`index`).
enum class DrawOrder { TopDown, Index };
/// Text object `halign` / `valign`.
enum class HorizontalAlign { Left, Center, Right, Justify };
enum class VerticalAlign { Top, Center, Bottom };

// ---------------------------------------------------------------------------------------------
// Custom properties

enum class PropertyType { String, Int, Float, Bool, Color, File, Object, Class };

/// One custom property. `value` keeps Tiled's text form ("3", "0.5", "true", "#ff112233",
/// a resolved file path, an object id); the typed accessors below parse it. A `Class` property
/// has `members` instead (nested, already merged with nothing: only what the file states).
struct Property {
    std::string name;
    PropertyType type = PropertyType::String;
    std::string propertyType; ///< custom class / enum name (Tiled's `propertytype`), may be empty
    std::string value;
    std::vector<Property> members; ///< for PropertyType::Class

    bool operator==(const Property&) const = default;
};
using Properties = std::vector<Property>;

/// The property with this name, or nullptr.
const Property* findProperty(const Properties& props, const std::string& name);
/// The string value of a property, or `fallback` when it is absent.
std::string propertyString(const Properties& props, const std::string& name,
                           const std::string& fallback = {});

// ---------------------------------------------------------------------------------------------
// Tilesets

struct AnimationFrame {
    std::uint32_t tileId = 0; ///< local tile id in the same tileset
    int durationMs = 0;
    bool operator==(const AnimationFrame&) const = default;
};

struct ObjectGroupData; // tile collision shapes, see below

/// Per-tile data of a tileset (only tiles Tiled wrote a <tile> element for).
struct TileInfo {
    std::uint32_t id = 0;    ///< local id
    std::string className;   ///< Tiled 1.8 `class` (older: `type`)
    double probability = 1.0;
    Properties properties;
    std::string image;       ///< image-collection tilesets: resolved path of this tile's image
    int imageWidth = 0, imageHeight = 0;
    int x = 0, y = 0, width = 0, height = 0; ///< sub-rectangle (Tiled 1.9+), 0 = whole image
    std::vector<AnimationFrame> animation;
    bool operator==(const TileInfo&) const = default;
};

struct WangColor {
    std::string name;
    std::string className;
    Color color;
    int tile = -1; ///< local tile id representing the color, -1 = none
    double probability = 1.0;
    Properties properties;
    bool operator==(const WangColor&) const = default;
};

struct WangTile {
    std::uint32_t tileId = 0;
    /// Tiled's wangid: 8 color indices (1-based into WangSet::colors; 0 = none), clockwise from
    /// the top edge: top, top-right, right, bottom-right, bottom, bottom-left, left, top-left.
    std::uint8_t wangId[8] = {};
    bool operator==(const WangTile&) const = default;
    /// A transition tile of a corner set: its four corners are not all the same colour.
    bool cornersMixed() const { return wangId[1] != wangId[3] || wangId[1] != wangId[5] || wangId[1] != wangId[7]; }
};

enum class WangSetType { Corner, Edge, Mixed };

struct WangSet {
    std::string name;
    std::string className;
    WangSetType type = WangSetType::Mixed;
    int tile = -1;
    Properties properties;
    std::vector<WangColor> colors;
    std::vector<WangTile> tiles;
    bool operator==(const WangSet&) const = default;
};

struct Tileset {
    std::string name;
    std::string className;
    Gid firstGid = 1;
    std::string source;   ///< resolved path of the external .tsx/.tsj, empty when inline
    int tileWidth = 0, tileHeight = 0;
    int spacing = 0, margin = 0;
    int tileCount = 0, columns = 0;
    Vec2 tileOffset;      ///< <tileoffset x y>, pixels
    ObjectAlignment objectAlignment = ObjectAlignment::Unspecified;
    TileRenderSize tileRenderSize = TileRenderSize::Tile;
    FillMode fillMode = FillMode::Stretch;
    bool gridIsometric = false;           ///< <grid orientation="isometric">
    int gridWidth = 0, gridHeight = 0;
    /// Image tilesets: the resolved path of the one image and its size (empty for collections).
    std::string image;
    int imageWidth = 0, imageHeight = 0;
    std::optional<Color> transparentColor;
    std::optional<Color> backgroundColor;
    Properties properties;
    std::vector<TileInfo> tiles;  ///< sorted by id; only tiles that carry data
    std::vector<WangSet> wangSets;

    bool isCollection() const { return image.empty(); }
    /// True when `gid` (flip bits removed) is one of this tileset's tiles: for image tilesets
    /// firstGid..firstGid+tileCount-1; for image collections (whose ids may have gaps after
    /// tiles were removed in Tiled) a tile that has an entry in `tiles`.
    bool contains(Gid gid) const
    {
        if (gid < firstGid)
            return false;
        const std::uint32_t local = gid - firstGid;
        return isCollection() ? findTile(local) != nullptr : local < std::uint32_t(tileCount);
    }
    /// Per-tile data for a local id, or nullptr when the tile has none.
    const TileInfo* findTile(std::uint32_t localId) const;
    bool operator==(const Tileset&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Layers

enum class ObjectShape { Rectangle, Ellipse, Point, Polygon, Polyline, Text, Tile };

struct TextData {
    std::string text, fontFamily = "sans-serif";
    int pixelSize = 16;
    bool wrap = false, bold = false, italic = false, underline = false, strikeout = false,
         kerning = true;
    Color color{0, 0, 0, 255};
    HorizontalAlign hAlign = HorizontalAlign::Left;
    VerticalAlign vAlign = VerticalAlign::Top;
    bool operator==(const TextData&) const = default;
};

/// One object. Positions are in Tiled's map pixel units: on orthogonal maps plain pixels; on
/// isometric maps *projected* units where both axes count tile-height pixels along the two tile
/// axes (use `objectToTile`). The cell an object marks: `objectCell` (ObjectCell.hpp).
struct Object {
    int id = 0;
    std::string name;
    std::string className; ///< `class` (Tiled 1.9) or `type` (1.8)
    double x = 0, y = 0, width = 0, height = 0, rotation = 0;
    bool visible = true;
    ObjectShape shape = ObjectShape::Rectangle;
    Gid gid = 0;                 ///< tile objects: gid without flip bits
    std::uint8_t flipFlags = 0;  ///< flip:: bits of a tile object
    std::vector<Vec2> points;    ///< polygon/polyline points, relative to (x, y)
    TextData text;
    std::string templatePath;    ///< resolved .tx path when the object came from a template
    Properties properties;
    bool operator==(const Object&) const = default;
};

enum class LayerType { Tile, Object, Image, Group };

/// Cells of a tile layer. For infinite maps, chunks are merged into one rectangle whose top-left
/// cell is (originX, originY) in map tile coordinates (may be negative).
struct TileGrid {
    int originX = 0, originY = 0;
    int width = 0, height = 0;
    std::vector<Gid> gids;                ///< width*height, row-major, flip bits removed, 0 = empty
    std::vector<std::uint8_t> flipFlags;  ///< same size as gids, flip:: bits
    Gid at(int x, int y) const { return gids[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
    bool operator==(const TileGrid&) const = default;
};

struct Layer {
    LayerType type = LayerType::Tile;
    int id = 0;
    std::string name;
    std::string className;
    bool visible = true;
    bool locked = false;
    double opacity = 1.0;
    std::optional<Color> tintColor;
    Vec2 offset;                 ///< pixels (offsetx/offsety)
    Vec2 parallax{1.0, 1.0};
    Properties properties;

    // LayerType::Tile
    TileGrid tiles;
    std::string encoding;        ///< "csv" | "base64" | "xml" (informational)
    std::string compression;     ///< "" | "zlib" | "gzip" | "zstd"

    // LayerType::Object
    std::vector<Object> objects;
    DrawOrder drawOrder = DrawOrder::TopDown;
    std::optional<Color> color;

    // LayerType::Image
    std::string image;           ///< resolved path
    int imageWidth = 0, imageHeight = 0;
    bool repeatX = false, repeatY = false;

    // LayerType::Group
    std::vector<Layer> layers;

    bool operator==(const Layer&) const = default;
};

// ---------------------------------------------------------------------------------------------
// The map

struct MapData {
    std::string path;            ///< the file it was loaded from, as given
    std::string version, tiledVersion;
    std::string className;
    Orientation orientation = Orientation::Orthogonal;
    RenderOrder renderOrder = RenderOrder::RightDown;
    int width = 0, height = 0;   ///< in tiles (for infinite maps: as Tiled wrote them)
    int tileWidth = 0, tileHeight = 0;
    int hexSideLength = 0;
    StaggerAxis staggerAxis = StaggerAxis::Y;
    StaggerIndex staggerIndex = StaggerIndex::Odd;
    bool infinite = false;
    int compressionLevel = -1;
    Vec2 parallaxOrigin;
    std::optional<Color> backgroundColor;
    int nextLayerId = 0, nextObjectId = 0;
    Properties properties;
    std::vector<Tileset> tilesets; ///< sorted by firstGid
    std::vector<Layer> layers;     ///< top-level layers in file order (bottom first)

    /// The tileset that owns `gid` (flip bits already removed), or nullptr for 0 / unknown.
    const Tileset* tilesetFor(Gid gid) const;
    /// Per-tile data for a gid, or nullptr.
    const TileInfo* tileInfo(Gid gid) const;
    bool operator==(const MapData&) const = default;
};

/// Converts an object position in map pixel units to continuous tile coordinates.
/// Orthogonal: (x / tileWidth, y / tileHeight). Isometric: Tiled stores object positions
/// projected so that both axes are measured in tile-*height* pixels along the tile axes, hence
/// (x / tileHeight, y / tileHeight) — dividing x by tileWidth is the classic loader bug.
/// Staggered/hexagonal: objects are stored in plain pixels; the result is the cell under the
/// point (integral x, y), found with the same nearest-centre hit test as Tiled's renderers.
TilePos objectToTile(const MapData& map, double x, double y);

/// Text dumps for test output (Catch2) and debugging: every field, one item per line.
std::ostream& operator<<(std::ostream& os, const Color& c);
std::ostream& operator<<(std::ostream& os, const Vec2& v);
std::ostream& operator<<(std::ostream& os, const Property& p);
std::ostream& operator<<(std::ostream& os, const TileInfo& t);
std::ostream& operator<<(std::ostream& os, const Tileset& t);
std::ostream& operator<<(std::ostream& os, const Object& o);
std::ostream& operator<<(std::ostream& os, const TileGrid& g);
std::ostream& operator<<(std::ostream& os, const Layer& l);
std::ostream& operator<<(std::ostream& os, const MapData& m);

/// Visits every layer depth-first in draw order (groups before their children).
template <typename F>
void forEachLayer(const std::vector<Layer>& layers, F&& f)
{
    for (const Layer& l : layers) {
        f(l);
        if (l.type == LayerType::Group)
            forEachLayer(l.layers, f);
    }
}

} // namespace isostar::map
