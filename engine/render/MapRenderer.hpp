#pragma once
/// \file MapRenderer.hpp
/// Draws a Tiled map (orthogonal or isometric) with SFML as Tiled does, with units depth-sorted
/// among its tall tiles, culled to the view; and renders whole maps to images that match
/// `tmxrasterizer MAP OUT.png`. See MapMesh.hpp for what is drawn and which layers are sorted.

#include "engine/core/Diagnostic.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/map/MapData.hpp"
#include "engine/render/ChunkIndex.hpp"
#include "engine/render/GroundCache.hpp"
#include "engine/render/MapMesh.hpp"
#include "engine/render/SpriteItem.hpp"

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Texture.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <tuple>
#include <vector>

namespace isostar::render {

/// Called by MapRenderer::draw between the flat ground and the depth-sorted part.
using OverlayFn = std::function<void(sf::RenderTarget&)>;
/// A colour to multiply a cell's depth-sorted tiles by (white: as they are; alpha 0: not drawn).
using CellShadeFn = std::function<sf::Color(TileCoord)>;

/// Per-frame figures of the last draw (filled by draw when a stats pointer is given).
struct DrawStats {
    int drawCalls = 0;         ///< every draw call, into the target and into ground cache tiles
    int groundChunksDrawn = 0; ///< ground chunks drawn (directly, or into ground cache tiles)
    int sortedItems = 0; ///< tiles + sprites depth-sorted this frame
    int groundTilesDrawn = 0;    ///< ground cache tiles drawn into the target (0: cache not used)
    int groundTilesRendered = 0; ///< ground cache tiles painted at 1:1 this frame
};

namespace detail {
/// What of a tile image is drawn (MapRenderer's cache; see MapRendererTighten.cpp).
struct TileCoverage {
    sf::IntRect box; ///< texture pixels of the non-transparent texels; empty = fully transparent
    bool diamond = false;      ///< every non-transparent texel's centre is inside the inscribed diamond
    bool diamondOpaque = true; ///< every texel whose centre is inside the diamond has alpha 255
    bool nearDiamond = true;   ///< no texel drawn more than about one pixel outside the diamond
};
/// Copies the tiles (gids, flip flags) of `cells` on every tile layer of `from` into `to`, a
/// map of the same layers and sizes (a lazy renderer's copy). False (nothing copied) when the
/// layers differ.
bool copyCells(const isostar::map::MapData& from, std::span<const isostar::TileCoord> cells, isostar::map::MapData& to);
} // namespace detail

class MapRenderer {
public:
    struct Options {
        MeshOptions mesh;
        /// Textures with premultiplied colours and premultiplied blending (offscreen images
        /// on a transparent background; see renderMapToImage).
        bool premultipliedAlpha = false;
        /// Big maps: load builds no tile-layer chunk (buildMapMeshLayout) and keeps a copy of
        /// the map; prepare() builds the chunks a view needs and drops the ones unseen longest
        /// once more than lazyChunkBudget are built. Same pictures, memory bounded by the
        /// budget, load time independent of the map's size. The owner calls prepare() before
        /// each draw.
        bool lazyChunks = false;
        /// Built tile-layer chunks a lazy renderer keeps (those the last prepare() needed
        /// always stay): with 16x16-cell chunks about 40 kB each on the valley's two layers.
        std::size_t lazyChunkBudget = 3072;
    };

    MapRenderer() = default;
    MapRenderer(const MapRenderer&) = delete;
    MapRenderer& operator=(const MapRenderer&) = delete;
    MapRenderer(MapRenderer&&) = default;
    MapRenderer& operator=(MapRenderer&&) = default;

    /// Loads the textures and builds the mesh of `map` (which need not outlive the renderer).
    /// On failure returns false and appends Diagnostics (a missing or broken image names the
    /// image file and the tileset); the renderer is then empty. Needs a GL context (SFML makes
    /// one). O(cells + objects + image pixels).
    bool load(const isostar::map::MapData& map, std::vector<isostar::Diagnostic>& problems);
    bool load(const isostar::map::MapData& map, std::vector<isostar::Diagnostic>& problems, const Options& options);

    /// Redraws the cells `cells` (map cell coordinates) of `map` after their gids changed on
    /// any tile layers: `map` is the map given to load, edited (same size, tilesets and layers;
    /// a cell may now show a tile of any tileset, animated or taller than before). Rebuilds only
    /// the mesh chunks holding those cells on every tile layer (see rebuildMapMeshCells: chunk
    /// bounds, so culling of tall tiles that rise over a neighbour chunk stays right; depth-sorted
    /// items; animated quads, new animations running in step with the others), so that the
    /// renderer then draws exactly as one freshly loaded from the edited map and advanced to the
    /// same animation time. Cells outside the map are ignored. A tile whose image has no loaded
    /// texture (or a gid of no tileset) -> false, a Diagnostic naming the map and the cell, the
    /// previous state kept (the whole batch is refused). Needs no GL context. Cost: about
    /// chunkCells^2 cells per touched chunk and layer (plus a whole rebuild, O(cells), in the rare
    /// case the edit changes which layers are depth-sorted).
    bool updateCells(const isostar::map::MapData& map, std::span<const isostar::TileCoord> cells,
                     std::vector<isostar::Diagnostic>& problems);
    /// Chunks (layer x chunk) rebuilt by the last updateCells (0 after a refused one; every
    /// chunk of the mesh after a whole rebuild).
    std::size_t rebuiltChunks() const { return m_rebuiltChunks; }

    /// Lazy renderer (Options::lazyChunks): builds the chunks that world rectangle `view` (and a
    /// ground cache tile around it) needs, then drops the least recently needed chunks beyond
    /// lazyChunkBudget. Nothing for other renderers. False (and problems) only when a chunk
    /// cannot be drawn for want of a texture (it stays unbuilt).
    bool prepare(const sf::FloatRect& view, std::vector<isostar::Diagnostic>& problems);
    /// Tile-layer chunks built now (every chunk for a renderer that is not lazy).
    std::size_t builtChunks() const;

    /// Advances tile animations by `dtSec` seconds [Limit: >=0]; rewrites only the texture
    /// coordinates of quads whose frame changed.
    void update(float dtSec);

    /// Draws the map for the target's current view (culled to it): ground layers, then the flat
    /// tiles of sorted layers (MeshItem::flat, e.g. roads in an overlay layer), then
    /// `groundOverlay(target)`, then depth-sorted tiles and `sprites` together (tiles before
    /// sprites on equal keys), then image layers that follow the sorted part. Per frame: one
    /// draw call per ground cache tile in view (see setGroundCache; without the cache: one per
    /// ground chunk and texture), one per run of equal textures in the sorted part; the chunks
    /// in view come from a spatial index and only the tiles in view are sorted (O(chunks near
    /// the view + v log v), independent of the map's size), plus the 1:1 painting of ground
    /// cache tiles that come into view. Logically const: the ground cache it fills changes no
    /// picture. Known difference from Tiled: a flat tile
    /// of a later layer on the same cell as a tall tile is drawn under it, not over it.
    void draw(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites,
              const OverlayFn& groundOverlay = {}) const;
    /// As draw, and fills `stats`.
    void draw(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites, const OverlayFn& groundOverlay,
              DrawStats& stats) const;
    /// Culling (on by default): draw finds the chunks in view through a ChunkIndex and sorts only
    /// the tiles in view, so a frame costs what is in view, not what is on the map. Off: every
    /// chunk and every tile is drawn and sorted (the reference the render tests compare a culled
    /// draw with; same pixels, O(map) per frame).
    void setCulling(bool on) { m_culling = on; }
    /// Shades the depth-sorted tiles (trees, walls, tents: what rises above its cell) by the cell
    /// they stand on, e.g. a fog of war hiding what stands on unseen cells; empty: none. Ground
    /// layers and sprites are not shaded.
    void setCellShade(CellShadeFn shade) { m_cellShade = std::move(shade); }
    bool culling() const { return m_culling; }
    /// Ground cache (on by default): draw paints the flat ground (ground layers and the flat tiles
    /// of sorted layers) at 1:1 into cached render textures of GroundCache::TilePixels square
    /// and draws those scaled by the view, so the ground is seamless at every zoom for any
    /// tileset (drawn tile by tile, exact diamonds without extruded edges show a grid of dashes
    /// at zooms other than 1:1: edge pixels sample texels outside the diamond). At 1:1 with the
    /// view on whole pixels the picture is the direct one, pixel for pixel over an opaque
    /// ground. The cache follows edits (updateCells) and animation frames of ground tiles by
    /// itself. Used only when culling is on and the view is not rotated; off (or when a render
    /// texture cannot be made): the ground is drawn tile by tile from the mesh.
    void setGroundCache(bool on) { m_groundCacheOn = on; }
    bool groundCache() const { return m_groundCacheOn; }
    /// Draws every layer in Tiled's exact order (no sorting, no sprites), not culled.
    void drawAllLayers(sf::RenderTarget& target) const;

    const isostar::iso::Projection& projection() const { return m_mesh.projection; }
    /// Everything drawn, in world pixels (the map rectangle plus tall tiles and offsets).
    sf::FloatRect worldBounds() const { return m_mesh.bounds; }
    const MapMesh& mesh() const { return m_mesh; }
    /// Elapsed animation time, milliseconds.
    long long animationTimeMs() const { return m_timeMs; }

private:
    sf::RenderStates statesFor(int texture) const;
    /// Shrinks the quads of `chunks` to what their images draw and sets MeshItem::flat and
    /// MeshBatch::opaque (animated quads keep their rectangle).
    void tightenQuads(std::span<const MeshChunkRef> chunks);
    const detail::TileCoverage& coverage(int texture, const sf::Vertex* six);
    void setAnimatedFrame(const MeshAnimatedQuad& q, const sf::IntRect& rect);

    /// Chunks of layer `layer` to draw for `view`, increasing (culled: the index's answer).
    const std::vector<int>& chunksInView(int layer, const sf::FloatRect& view) const;
    /// Draws the flat ground in world rectangle `area` (ground layers, then the flat tiles of
    /// sorted layers) into `target`; true when a chunk drawn holds animated ground quads.
    bool drawFlatGround(sf::RenderTarget& target, const sf::FloatRect& area, DrawStats& stats) const;
    /// Draws the depth-sorted part in `view`: tall tiles and `sprites` by (key, tiles before
    /// sprites, layer, Tiled's order). Only what is in view is sorted.
    void drawSorted(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites, const sf::FloatRect& view,
                    const sf::RenderStates& base, DrawStats& stats) const;
    /// Which ground-layer chunks hold animated quads (m_groundAnimated), after a mesh change.
    void markAnimatedChunks();
    /// After chunks were built (lazily or for an edit): their quads tightened, their animated
    /// quads at the current frame, the cached ground under them repainted.
    void chunksBuilt(std::span<const MeshChunkRef> chunks);
    /// Drops the quads of the least recently used built chunks beyond the budget.
    void evictChunks();

    MapMesh m_mesh;
    ChunkIndex m_index; ///< of m_mesh's chunk bounds (rebuilt by load and updateCells)
    mutable std::vector<int> m_visible; ///< chunksInView's scratch
    bool m_culling = true;
    CellShadeFn m_cellShade;
    MeshOptions m_meshOptions; ///< as given to buildMapMesh (for updateCells)
    std::vector<std::unique_ptr<sf::Texture>> m_textures;
    std::vector<sf::Image> m_images; ///< the textures' images, straight alpha (for tightenQuads)
    /// Coverage of (texture, rect left, top, width, height).
    std::map<std::tuple<int, int, int, int, int>, detail::TileCoverage> m_coverage;
    std::size_t m_rebuiltChunks = 0;
    /// Ground pictures drawn by draw (which is const: the cache changes no picture, only what a
    /// frame costs).
    mutable GroundCache m_groundCache;
    bool m_groundCacheOn = true;
    /// Per layer, per chunk: the chunk is on a ground layer and shows an animated tile.
    std::vector<std::vector<char>> m_groundAnimated;
    /// Bumped whenever an animation changes frame: cached ground showing animated tiles is redrawn.
    std::uint64_t m_animationEpoch = 0;
    bool m_premultiplied = false;
    /// Lazy renderers: the map chunks are built from (kept up to date by updateCells), the
    /// prepare() call each chunk was last needed by, and the count of prepare() calls.
    std::unique_ptr<isostar::map::MapData> m_lazyMap;
    std::vector<std::vector<std::uint32_t>> m_chunkUsed;
    std::uint32_t m_prepares = 0;
    std::size_t m_chunkBudget = 0;
    double m_timeAccMs = 0.0;
    long long m_timeMs = 0;
};

/// Renders the whole map at 1:1 into `out` with tmxrasterizer's canvas size and placement
/// (map bounding rectangle grown by the layer-offset margins, transparent background, layers in
/// Tiled's order, no units or UI), through an sf::RenderTexture with premultiplied alpha so
/// semi-transparent pixels over the transparent background match Qt's. False + Diagnostics on
/// failure (unsupported map, missing image, canvas too large for the GL texture size).
/// Staggered and infinite maps are drawn on their playable grid (isostar::map::playableMap) in
/// Tiled's pixel layout: an infinite map's canvas is the bounding box of its chunks.
bool renderMapToImage(const isostar::map::MapData& map, sf::Image& out, std::vector<isostar::Diagnostic>& problems);

} // namespace isostar::render

// Usage:
//   isostar::render::MapRenderer renderer;
//   std::vector<isostar::Diagnostic> problems;
//   if (!renderer.load(map, problems)) { show(problems); return; }
//   renderer.update(dt);
//   editor.paint(map, cell);                          // gids of map's tile layers change
//   renderer.updateCells(map, changedCells, problems); // only the touched chunks are rebuilt
//   window.setView(camera);
//   renderer.draw(window, unitSprites, [&](sf::RenderTarget& t) { drawPathMarkers(t); });
