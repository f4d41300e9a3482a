#pragma once
/// \file MapMesh.hpp
/// The geometry of a Tiled map as SFML vertices, built from MapData alone (no textures, no GL
/// context: tests check it without a window). MapRenderer owns one and adds the textures.
///
/// What is built, per visible layer in Tiled's order (groups flattened, their visibility,
/// opacity, tint and offset combined with their children's):
/// - tile layers: one quad per cell. The image is bottom-left aligned to the cell's bounding box
///   (the diamond's left corner and bottom on isometric maps) as Tiled does, so images taller
///   than the grid rise above the cell; then the tileset's <tileoffset> and the layer offset are
///   added (hexagonal maps: the bounding box of the hexagon). Flip flags H/V/D (diagonal =
///   transpose, applied first, as Tiled; a turn on hexagonal maps), opacity and tint
///   as the vertex colour (tint is baked into a tinted copy of the
///   texture, see TextureSource::tint), tile animations (frame 0 at time 0), image-collection tilesets,
///   tilerendersize="grid" (stretched to the grid cell).
/// - object layers: visible tile objects only (shapes, points and text are markers, not drawn).
///   Isometric positions are projected with isostar::map::objectToTile; the image is anchored by
///   the tileset's objectalignment (unspecified = bottom centre on isometric maps, bottom-left
///   on orthogonal ones), sized to the object's width/height, rotated around the anchor.
/// - image layers: one quad at the layer offset (repeatx/repeaty not supported).
///
/// Passes (what the game's draw does with depth): the first visible tile layer is always flat
/// *ground*; so is every later layer up to the first one that has a tile taller than the grid
/// (image height > map tileheight) or a tile object. From that layer on, tile layers and tile
/// objects are *depth-sorted* (per-tile items with a depth key from isostar::iso, sorted together
/// with the units), and image layers are drawn on top. A layer's bool property `depth_sorted`
/// overrides the automatic choice (true: the sorted part starts here; false: keep it ground).
/// Ground layers are cut into chunks of chunkCells x chunkCells cells with one sf::VertexArray
/// (sf::Triangles) per texture per chunk, so culling tests a few chunk rectangles.

#include "engine/core/Diagnostic.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/map/MapData.hpp"

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/Vertex.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace isostar::render {

struct MeshOptions {
    int chunkCells = 16;             ///< ground chunk size in cells [Limit: >0]
    /// Build every layer as per-tile items kept in Tiled's exact draw order, one chunk per layer
    /// (renderMapToImage: overlapping tiles of different tilesets interleave exactly as in Tiled).
    bool exactOrder = false;
    /// Vertex colours premultiplied by their alpha (for premultiplied-alpha rendering).
    bool premultipliedAlpha = false;
    /// For a map made by isostar::map::playableMap (staggered or infinite maps): the frame it was
    /// made with, which places its grid in world space (projectionOf). Empty: the map's own.
    std::optional<map::CellFrame> frame;
};

/// The projection of a map's grid: the map's own (orientation, width, height, tile size), or,
/// with a frame, the grid placed as the frame says. Tile sizes below 1 count as 1.
iso::Projection projectionOf(const map::MapData& map, const map::CellFrame* frame);

/// One image tiles are cut from (a tileset image, or one tile of an image collection).
struct TextureSource {
    std::string path;                          ///< resolved image path
    std::optional<map::Color> transparentColor; ///< pixels of this colour become transparent
    std::string tileset;                       ///< name of the tileset (for diagnostics)
    std::string tilesetFile;                   ///< the .tsx (or the map when inline)
    /// Layer tint baked into the texture as Tiled does it (not a plain multiply: a pixel of
    /// straight colour c and alpha a becomes tint * (c*a + 1 - a), alpha unchanged), so that
    /// semi-transparent pixels match Tiled. White = untinted.
    sf::Color tint = sf::Color::White;
    /// Sampled bilinearly: tiles turned by 60 or 120 degrees on hexagonal maps, as Tiled's
    /// smooth pixmap transform draws them (everything else is drawn texel for pixel, nearest).
    bool smooth = false;
    /// The part of the image the texture holds (a turned tile's own rectangle, so smooth
    /// sampling clamps at its edges as Tiled's does instead of reading the next tile); empty:
    /// the whole image.
    sf::IntRect crop;
    bool operator==(const TextureSource&) const = default;
};

/// One quad drawn on its own (depth-sorted tiles, tile objects, exact-order layers).
struct MeshItem {
    float depthKey = 0.f;     ///< isostar::iso::Projection::depthKey of the cell centre / object anchor
    /// Place in Tiled's draw order within the layer (tie-break; increasing, not dense: for tile
    /// layers a key of the cell, so a chunk rebuilt alone gets the same keys as a whole build).
    int order = 0;
    int texture = 0;          ///< index into MapMesh::textures
    sf::FloatRect bounds;     ///< world rectangle covered (for culling)
    std::array<sf::Vertex, 6> vertices; ///< two triangles: (tl, tr, br), (tl, br, bl)
    /// Covers nothing outside its own cell's diamond (a grid-sized flat tile such as a road in
    /// an overlay layer; set by MapRenderer after looking at the image). Nothing depth-sorted
    /// can be hidden by it, so MapRenderer::draw draws it with the ground, before the overlay.
    bool flat = false;
    /// The map cell it stands on: a tile layer's cell, or the cell under a tile object's anchor
    /// ({-1, -1} for an image layer). MapRenderer::setCellShade shades the item by it.
    TileCoord cell{-1, -1};
};

/// Ground vertices of one texture in one chunk.
struct MeshBatch {
    int texture = 0;
    sf::VertexArray vertices{sf::Triangles};
    /// Every pixel it fills is opaque (set by MapRenderer after looking at the image): drawn
    /// without blending, which software GL fills faster.
    bool opaque = false;
};

struct MeshChunk {
    /// World rectangle covering every quad of the chunk. For a chunk not built yet: an estimate
    /// that holds every quad it will have.
    sf::FloatRect bounds;
    /// False: a chunk of a lazy mesh (buildMapMeshLayout) whose quads are not built yet (none).
    bool built = true;
    std::vector<MeshBatch> batches; ///< ground layers (drawn in this order)
    std::vector<MeshItem> items;    ///< sorted layers and exact-order layers, in Tiled's order
};

enum class LayerPass { Ground, Sorted, Top };

struct MeshLayer {
    std::string name;
    map::LayerType type = map::LayerType::Tile;
    LayerPass pass = LayerPass::Ground;
    std::vector<MeshChunk> chunks;
};

/// A Tiled tile animation; every cell showing the tile runs it in step (global time, as Tiled).
struct MeshAnimation {
    int texture = 0;
    std::vector<sf::IntRect> frameRects; ///< texture rectangles of the frames
    std::vector<int> frameEndMs;         ///< cumulative end time of each frame
    int current = 0;                     ///< frame shown now
};

/// Where a quad showing an animated tile lives.
struct MeshAnimatedQuad {
    int animation = 0;
    int layer = 0, chunk = 0;
    int batch = -1;             ///< -1: an item (index = item index); else index = first vertex
    std::size_t index = 0;
    std::uint8_t flipFlags = 0;
};

struct MapMesh {
    iso::Projection projection;
    sf::FloatRect mapRect;   ///< the map's bounding rectangle, top-left (0,0)
    sf::FloatRect bounds;    ///< mapRect plus everything drawn outside it (tall tiles, offsets)
    /// tmxrasterizer's canvas: mapRect grown by the layer-offset margins (left/top by the most
    /// negative offsets, right/bottom by the most positive ones); its size is the image size.
    sf::FloatRect canvas;
    std::optional<map::Color> background;
    std::vector<TextureSource> textures;
    std::vector<MeshLayer> layers;
    std::vector<MeshAnimation> animations;
    std::vector<MeshAnimatedQuad> animatedQuads;
};

/// One chunk of one layer: MapMesh::layers[layer].chunks[chunk].
struct MeshChunkRef {
    int layer = 0;
    int chunk = 0;
    bool operator==(const MeshChunkRef&) const = default;
    auto operator<=>(const MeshChunkRef&) const = default;
};

/// Builds the mesh of `map`. Fails (false, with a Diagnostic naming the map) only for maps the
/// renderer does not support (a staggered map is drawn through isostar::map::playableMap and
/// MeshOptions::frame). Hexagonal maps are drawn as Tiled's HexagonalRenderer draws them (cells
/// in its order: by rows, or by half rows on maps staggered along x; the diagonal flip bit and
/// bit 28 turn a tile by 60 and 120 degrees). O(cells + objects).
bool buildMapMesh(const map::MapData& map, const MeshOptions& options, MapMesh& out,
                  std::vector<Diagnostic>& problems);

/// As buildMapMesh, but the chunks of tile layers are left unbuilt (MeshChunk::built false, no
/// quads, bounds an estimate: the chunk's cells grown by the largest tile image of the map's
/// tilesets and every offset), and every texture a tile layer may need is listed up front, so
/// buildMapMeshChunks never needs another. Object and image layers are built whole. O(layers x
/// chunks + tilesets' tiles): a big map's mesh costs only the chunks built later.
bool buildMapMeshLayout(const map::MapData& map, const MeshOptions& options, MapMesh& out,
                        std::vector<Diagnostic>& problems);

/// Builds the given unbuilt chunks of `mesh` (made by buildMapMeshLayout from `map` with the
/// same `options`) exactly as buildMapMesh builds them, with their animated quads (animations
/// new to the mesh appended, current = 0). `chunks` sorted, each once. False (a Diagnostic, the
/// mesh unchanged) as rebuildMapMeshCells for a tile without a texture. O(cells of the chunks).
bool buildMapMeshChunks(const map::MapData& map, const MeshOptions& options, std::span<const MeshChunkRef> chunks,
                        MapMesh& mesh, std::vector<Diagnostic>& problems);

/// Brings `mesh` (made by buildMapMesh from `map` with the same `options`, its textures loaded)
/// up to date after gids of `map`'s tile layers changed at `cells` (map cell coordinates; the
/// map keeps its size, tilesets and layers). Rebuilds, on every tile layer, only the chunks that
/// contain one of `cells` (cells outside a layer are ignored for it), exactly as buildMapMesh
/// builds them from the edited map: quads, item order keys, chunk bounds (so tall tiles that
/// rise over a neighbouring chunk stay culled right), animated quads; then MapMesh::bounds.
/// Animations new to the mesh are appended (current = 0, their quads show frame 0). If the edit
/// moves the start of the depth-sorted part (a tall tile painted on a ground layer, or the last
/// tall tile of the first sorted layer removed), the whole mesh is rebuilt instead, so the
/// passes stay those of a fresh build. `rebuilt` receives the chunks rebuilt, sorted (every
/// chunk after a whole rebuild). Never adds a texture: a tile whose image the mesh has no
/// texture for (its tileset was not drawn with this tint at load), or a gid of no tileset, ->
/// false, a Diagnostic naming the map and the cell, `mesh` unchanged; also false if the map's
/// size or layers differ from the mesh's. O(layers x chunks touched x chunkCells^2), plus a
/// scan of the first sorted layer when the edited cells of it hold no tall tile.
bool rebuildMapMeshCells(const map::MapData& map, const MeshOptions& options, std::span<const TileCoord> cells,
                         MapMesh& mesh, std::vector<MeshChunkRef>& rebuilt, std::vector<Diagnostic>& problems);

/// Writes the texture coordinates of a quad's 6 vertices for `rect` with Tiled's flip flags
/// (flip::Diagonal transposes first, then Horizontal and Vertical mirror).
void setQuadTexCoords(sf::Vertex* six, const sf::IntRect& rect, std::uint8_t flipFlags);

/// The frame of `anim` shown at `timeMs` (looping).
int animationFrameAt(const MeshAnimation& anim, long long timeMs);

} // namespace isostar::render
