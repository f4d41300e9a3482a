#pragma once
/// \file MapRenderer.hpp
/// Draws a Tiled map (orthogonal or isometric) with SFML as Tiled does, with units depth-sorted
/// among its tall tiles, culled to the view; and renders whole maps to images that match
/// `tmxrasterizer MAP OUT.png`. See MapMesh.hpp for what is drawn and which layers are sorted.

#include "engine/core/Diagnostic.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/map/MapData.hpp"
#include "engine/render/MapMesh.hpp"
#include "engine/render/SpriteItem.hpp"

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Texture.hpp>

#include <functional>
#include <memory>
#include <vector>

namespace eng::render {

/// Called by MapRenderer::draw between the flat ground and the depth-sorted part.
using OverlayFn = std::function<void(sf::RenderTarget&)>;

/// Per-frame figures of the last draw (filled by draw when a stats pointer is given).
struct DrawStats {
    int drawCalls = 0;
    int groundChunksDrawn = 0;
    int sortedItems = 0; ///< tiles + sprites depth-sorted this frame
};

class MapRenderer {
public:
    struct Options {
        MeshOptions mesh;
        /// Textures with premultiplied colours and premultiplied blending (offscreen images
        /// on a transparent background; see renderMapToImage).
        bool premultipliedAlpha = false;
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
    bool load(const eng::map::MapData& map, std::vector<eng::Diagnostic>& problems);
    bool load(const eng::map::MapData& map, std::vector<eng::Diagnostic>& problems, const Options& options);

    /// Advances tile animations by `dtSec` seconds [Limit: >=0]; rewrites only the texture
    /// coordinates of quads whose frame changed.
    void update(float dtSec);

    /// Draws the map for the target's current view (culled to it): ground layers, then the flat
    /// tiles of sorted layers (MeshItem::flat, e.g. roads in an overlay layer), then
    /// `groundOverlay(target)`, then depth-sorted tiles and `sprites` together (tiles before
    /// sprites on equal keys), then image layers that follow the sorted part. Per frame: one
    /// draw call per ground chunk and texture, one per run of equal textures in the sorted part;
    /// only the tiles in view are sorted (O(v log v)). Known difference from Tiled: a flat tile
    /// of a later layer on the same cell as a tall tile is drawn under it, not over it.
    void draw(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites,
              const OverlayFn& groundOverlay = {}) const;
    /// As draw, and fills `stats`.
    void draw(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites, const OverlayFn& groundOverlay,
              DrawStats& stats) const;
    /// Draws every layer in Tiled's exact order (no sorting, no sprites), not culled.
    void drawAllLayers(sf::RenderTarget& target) const;

    const eng::iso::Projection& projection() const { return m_mesh.projection; }
    /// Everything drawn, in world pixels (the map rectangle plus tall tiles and offsets).
    sf::FloatRect worldBounds() const { return m_mesh.bounds; }
    const MapMesh& mesh() const { return m_mesh; }
    /// Elapsed animation time, milliseconds.
    long long animationTimeMs() const { return m_timeMs; }

private:
    sf::RenderStates statesFor(int texture) const;
    void tightenQuads(const std::vector<sf::Image>& images);
    void setAnimatedFrame(const MeshAnimatedQuad& q, const sf::IntRect& rect);

    MapMesh m_mesh;
    std::vector<std::unique_ptr<sf::Texture>> m_textures;
    bool m_premultiplied = false;
    double m_timeAccMs = 0.0;
    long long m_timeMs = 0;
};

/// Renders the whole map at 1:1 into `out` with tmxrasterizer's canvas size and placement
/// (map bounding rectangle grown by the layer-offset margins, transparent background, layers in
/// Tiled's order, no units or UI), through an sf::RenderTexture with premultiplied alpha so
/// semi-transparent pixels over the transparent background match Qt's. False + Diagnostics on
/// failure (unsupported map, missing image, canvas too large for the GL texture size).
bool renderMapToImage(const eng::map::MapData& map, sf::Image& out, std::vector<eng::Diagnostic>& problems);

} // namespace eng::render

// Usage:
//   eng::render::MapRenderer renderer;
//   std::vector<eng::Diagnostic> problems;
//   if (!renderer.load(map, problems)) { show(problems); return; }
//   renderer.update(dt);
//   window.setView(camera);
//   renderer.draw(window, unitSprites, [&](sf::RenderTarget& t) { drawPathMarkers(t); });
