#pragma once
/// \file GroundCache.hpp
/// The flat ground of a map as pictures drawn once at 1:1: a grid of square world tiles of
/// TilePixels x TilePixels world pixels, each rendered at 1:1 into its own render texture when
/// it first comes into view (or after it was invalidated) and then drawn as one textured
/// rectangle, scaled by the view.
///
/// Why: tilesets are usually exact diamonds with transparent corners and no extruded edge. Drawn
/// tile by tile at a zoom other than 1:1, the pixels along a diamond's edge sample texels just
/// outside it (transparent, or the neighbour's), and a grid of light and dark dashes appears.
/// At 1:1 with the view on whole pixels every pixel samples a texel centre, so the 1:1 picture
/// is seamless; a cache tile is an axis-aligned rectangle whose every pixel samples a texel of
/// its own texture (nearest filtering), so the scaled picture stays seamless at every zoom, for
/// any tileset. It also makes a frame cheaper: a few rectangles instead of every ground tile.
///
/// The cache keeps what was drawn: the owner must invalidate the world rectangles whose ground
/// changed (edits, animation frames; see MapRenderer). Memory: 256 KiB per tile, about twice
/// the tiles the largest recent view needed (a 1280x720 view at 1:1 needs 24 tiles).

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/RenderTexture.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace isostar::render {

/// Figures of one GroundCache::draw.
struct GroundCacheStats {
    int tilesDrawn = 0;    ///< cache tiles drawn into the target (non-empty tiles in view)
    int tilesRendered = 0; ///< cache tiles (re)rendered at 1:1 during this draw
};

class GroundCache {
public:
    /// Side of a cache tile, world pixels.
    static constexpr int TilePixels = 256;

    /// Paints the ground of world rectangle `area` at 1:1 into `target`, whose view is already
    /// `area` and which is cleared to transparent. Returns true when what it drew depends on
    /// animation frames (the tile is then redrawn whenever the animation epoch changes).
    using PaintFn = std::function<bool(sf::RenderTarget& target, const sf::FloatRect& area)>;

    GroundCache() = default;
    GroundCache(const GroundCache&) = delete;
    GroundCache& operator=(const GroundCache&) = delete;
    GroundCache(GroundCache&&) = default;
    GroundCache& operator=(GroundCache&&) = default;

    /// Forgets every tile (a new map). Keeps the render textures for reuse.
    void clear();
    /// Marks the tiles intersecting world rectangle `world` stale: they are repainted when next
    /// drawn. O(tiles the rectangle covers).
    void invalidate(const sf::FloatRect& world);

    /// Draws the ground visible in `view` (world rectangle of the target's unrotated view) into
    /// `target` with its current view: every tile that intersects both `view` and `content`
    /// (the world rectangle outside which nothing is painted) and is not fully transparent is
    /// drawn as one rectangle; a missing or stale tile, or an animated one whose epoch is older
    /// than `animationEpoch`, is painted first through `paint`. Fully opaque tiles are drawn
    /// without blending; the others with premultiplied blending (what `paint` draws into a
    /// transparent target is premultiplied, whether it blends straight or premultiplied), so
    /// the result over the target equals drawing the ground directly, give or take one unit of
    /// rounding on semi-transparent pixels. Returns false (nothing drawn) when a render texture
    /// cannot be created; the caller then draws the ground directly. Cost: O(tiles in view)
    /// plus the painting of new tiles; memory is trimmed to about twice the tiles in view.
    bool draw(sf::RenderTarget& target, const sf::FloatRect& view, const sf::FloatRect& content,
              std::uint64_t animationEpoch, const PaintFn& paint, GroundCacheStats& stats);

    /// Tiles held (painted, stale or known empty).
    std::size_t tileCount() const { return m_tiles.size(); }

private:
    struct Tile {
        std::unique_ptr<sf::RenderTexture> texture; ///< null: fully transparent (or never painted)
        bool painted = false;
        bool opaque = false;    ///< every pixel has alpha 255
        bool animated = false;  ///< shows animated tiles (repainted on a new epoch)
        std::uint64_t epoch = 0;
        std::uint64_t lastUsed = 0; ///< draw count when last in view
    };

    static std::int64_t key(int tx, int ty) { return (std::int64_t(ty) << 32) ^ std::uint32_t(tx); }
    bool paintTile(Tile& tile, int tx, int ty, std::uint64_t animationEpoch, const PaintFn& paint);
    void trim(std::size_t keep);

    std::unordered_map<std::int64_t, Tile> m_tiles;
    std::vector<std::unique_ptr<sf::RenderTexture>> m_free; ///< render textures to reuse
    std::uint64_t m_draws = 0;
};

} // namespace isostar::render

// Usage (what MapRenderer::draw does):
//   GroundCache cache;
//   GroundCacheStats stats;
//   cache.draw(window, viewRect, mesh.bounds, epoch,
//              [&](sf::RenderTarget& t, const sf::FloatRect& area) { return drawGround(t, area); }, stats);
//   cache.invalidate(editedChunkBounds);   // after the ground changed there
