#pragma once
/// \file Minimap.hpp
/// The minimap: the whole map at a glance in the bottom-right corner of the screen (above the
/// hint bar, clear of the status panel, the tile panel and the messages). The map is drawn in
/// world space scaled down, so an isometric map shows as the same diamond as the game and the
/// camera's visible area is a plain rectangle on it; the units are dots, their remaining paths
/// thin lines. A crowd (more than MinimapCrowdUnits units) is drawn as small dots without
/// outlines, with the paths of the selected units only, so the overlay costs a few vertices
/// per unit.
///
/// The ground is one texture (a colour per terrain name, impassable cells darker, shaded by an
/// optional fog), drawn as one textured quad with plain (nearest) sampling. A texel spans at
/// least MinTexelPx window pixels on the panel: a map whose cells are smaller there gets one
/// texel per square of cellsPerTexel() x cellsPerTexel() cells, coloured as the square's
/// top-left cell (the 504x504 valley: 4 x 4 cells, 126 x 126 texels; the 2016x2016 one: 16 x 16
/// cells), so the texture has about as many texels as the panel has pixels whatever the map's
/// size, and a frame draws and uploads the same on a big map as on a small one. The texels are
/// recoloured only where cells change (updateCells after an edit or a tuning change, fogChanged
/// for the cells a fog changed; rebuild after a load or a reload) and only the changed region is
/// updated in place in the texture at the next draw.
///
/// Colouring, the layout and picking are plain CPU work (tests run them without a window);
/// draw() needs a GL context.
///
/// \code
/// game::Minimap minimap;
/// minimap.rebuild(world);                        // a new world
/// minimap.place(window.getSize(), 34.f);         // bottom right, 34 px above the bottom
/// minimap.updateCells(world, edit.tiles);        // after an edit: those texels only
/// if (minimap.hit(px)) camera.centerOn(minimap.layout().pixelToWorld(sf::Vector2f(px)));
/// minimap.draw(window, camera, party);
/// \endcode

#include "engine/core/GridShape.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"
#include "game/party/Party.hpp"
#include "game/view/Camera.hpp"
#include "game/world/World.hpp"

#include <SFML/Graphics.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace testsupport {
struct MinimapProbe;
}

namespace game {

/// Above this many units the minimap draws a crowd (see the file comment).
inline constexpr std::size_t MinimapCrowdUnits = 1000;

/// What a fog of war knows of a cell, as the minimap shades it.
enum class FogShade : std::uint8_t {
    Unknown,  ///< never seen: dark
    Known,    ///< seen before, out of sight now: dimmed
    Visible,  ///< in sight: full colour
};
/// A fog of war's shade of each cell (a fog of war provides it; none: every cell is visible).
using FogFn = std::function<FogShade(isostar::TileCoord)>;

/// The minimap's colour of a terrain name: a fixed palette for the shipped terrains
/// (maps/terrain.toml), a colour derived from the name for any other; an impassable cell's
/// colour is darker.
sf::Color minimapColor(std::string_view terrain, bool passable);

/// Where the minimap sits in the window and how its pixels map to the world and the cells: the
/// map's world rectangle scaled uniformly (aspect kept) into a panel in the bottom-right corner.
class MinimapLayout {
public:
    /// Largest size of the map's picture, window pixels (the panel adds a margin around it).
    static constexpr float MaxWidthPx = 260.f, MaxHeightPx = 180.f;
    static constexpr float MarginPx = 6.f;  ///< between the picture and the panel's edge
    static constexpr float EdgePx = 10.f;   ///< between the panel and the window's right edge

    MinimapLayout() = default;
    /// The minimap of `proj` in a window of `windowPx`, its panel `bottomMarginPx` above the
    /// window's bottom edge and EdgePx from its right edge.
    MinimapLayout(const isostar::iso::Projection& proj, sf::Vector2f windowPx, float bottomMarginPx);

    /// The panel, window pixels.
    const sf::FloatRect& box() const { return m_box; }
    /// The map's picture in the panel (the map's world rectangle), window pixels.
    sf::FloatRect picture() const;
    /// Whether window pixel `px` lies on the panel.
    bool contains(sf::Vector2i px) const;
    /// World (map canvas) pixels <-> window pixels, both ways, continuous.
    sf::Vector2f worldToPixel(sf::Vector2f world) const;
    sf::Vector2f pixelToWorld(sf::Vector2f px) const;
    /// A continuous tile position (cell (x, y)'s centre is (x + 0.5, y + 0.5)) in window pixels.
    sf::Vector2f tileToPixel(isostar::TilePos t) const;
    /// The cell under window pixel `px` (its centre, px + 0.5), nullopt off the panel or off the
    /// map (the corners of the panel around an isometric map's diamond).
    std::optional<isostar::TileCoord> pixelToCell(sf::Vector2i px) const;
    /// Window pixels per world pixel.
    float scale() const { return m_scale; }

private:
    isostar::iso::Projection m_proj;
    sf::FloatRect m_box;
    sf::Vector2f m_origin;  ///< window pixel of world (0, 0)
    float m_scale = 1.f;
};

class Minimap {
public:
    Minimap();
    ~Minimap();
    Minimap(const Minimap&) = delete;
    Minimap& operator=(const Minimap&) = delete;

    /// A new or reloaded world: every cell is coloured again and the whole texture is uploaded at
    /// the next draw. Keeps nothing of `world` but its projection and the colours.
    void rebuild(const World& world);
    /// The tiles or the costs of `cells` changed in `world` (an edit: WorldEdit::tiles and
    /// costCells; tuning: costCells): only those texels are coloured again, and only their
    /// bounding box is uploaded at the next draw. Cells off the map are ignored.
    void updateCells(const World& world, std::span<const isostar::TileCoord> cells);
    /// The fog's shade of each cell, or none (empty). Every texel is shaded again.
    void setFog(FogFn fog);
    /// The fog changed on `cells`: only those texels are shaded again.
    void fogChanged(std::span<const isostar::TileCoord> cells);

    /// The panel in a window of `windowPx`, `bottomMarginPx` above its bottom edge.
    void place(sf::Vector2u windowPx, float bottomMarginPx);
    const MinimapLayout& layout() const { return m_layout; }
    bool visible() const { return m_visible; }
    void setVisible(bool on) { m_visible = on; }
    /// Whether window pixel `px` is on the minimap (shown, and a map loaded).
    bool hit(sf::Vector2i px) const { return m_visible && !m_shape.empty() && m_layout.contains(px); }

    /// Fewest window pixels a texel spans across on the panel: smaller cells are downsampled
    /// (see the file comment).
    static constexpr float MinTexelPx = 2.f;
    /// Cells per texel side: 1 unless a cell spans fewer than MinTexelPx pixels on the panel.
    int cellsPerTexel() const { return m_step; }

    /// The texel of an in-map cell (its square's, when downsampled), as the next draw shows it.
    sf::Color texel(isostar::TileCoord c) const;

    /// Draws the panel (when shown): the ground, the units' remaining paths and the units, the
    /// camera's visible area. Uploads the pending regions first. Needs a GL context.
    void draw(sf::RenderTarget& target, const Camera& camera, const Party& party);

private:
    /// Colours the texel of in-map cell `c` as its square's top-left cell (its base colour from
    /// `world`, then the fog).
    void colour(const World& world, isostar::TileCoord c);
    /// Shades the base colour of texel index `i` by the fog into the texels.
    void compose(std::size_t i);
    /// Texel index of an in-map cell.
    std::size_t texelIndex(isostar::TileCoord c) const { return m_tex.index({c.x / m_step, c.y / m_step}); }
    /// Adds the bounding box of `cells` (in-map ones) to the pending uploads.
    void addPending(std::span<const isostar::TileCoord> cells);
    /// Creates the texture or updates the pending regions in place (GL).
    void upload();
    void drawOverlay(sf::RenderTarget& target, const Camera& camera, const Party& party) const;
    /// A hexagonal map's ground in world pixels: each cell's hexagon showing its texel.
    sf::VertexArray hexGround() const;

    isostar::iso::Projection m_proj;
    MinimapLayout m_layout;
    sf::Vector2u m_windowPx{0, 0};
    float m_bottomMarginPx = 0.f;
    isostar::GridShape m_shape;                  ///< the map in cells (empty: none yet)
    int m_step = 1;                          ///< cells per texel side
    isostar::GridShape m_tex;                    ///< the texture in texels
    std::vector<sf::Color> m_base;           ///< per texel: terrain colour before the fog
    std::vector<sf::Uint8> m_texels;         ///< per texel: RGBA as uploaded
    std::vector<sf::IntRect> m_pending;      ///< texel regions the next draw updates
    std::size_t m_coloured = 0;              ///< texels coloured by the last call that colours
    FogFn m_fog;
    /// Made at the first draw: an SFML texture needs a GL context from its construction on.
    std::unique_ptr<sf::Texture> m_texture;
    sf::VertexArray m_hexGround{sf::Triangles}; ///< hexGround(), made at the first draw after rebuild
    bool m_visible = true;

    friend struct testsupport::MinimapProbe;  ///< tests/support/MinimapProbe.hpp: m_coloured, m_pending
};

} // namespace game
