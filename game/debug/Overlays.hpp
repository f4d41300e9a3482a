#pragma once
/// \file Overlays.hpp
/// The debug overlays of the map, several at once:
/// - **heat**: every cell in view shaded by its entry cost under the selected unit's profile
///   (log scale from the layer's cheapest to its dearest cell), impassable cells dark with a red
///   rim, and a legend (colour bar with the figures) in the bottom-left corner.
/// - **influence**: each influence source (an erupting volcano's warmth, a tombstone's dread)
///   as a shaded disk out to its radius, darker where its factor changes the cost more; warmth
///   orange, dread violet. The hovered cell's net factor goes to the tile panel (tileLines).
/// - **search**: the last search (a SearchTrace): closed cells shaded by expansion order (blue
///   first, orange last; replayed over about 2.5 s after each new search), the open set
///   outlined in green, the path as a line through the cell centres.
/// - **numbers**: at a zoom of 1.5x or more, g, h and f on the searched cells and the cost of
///   each step along the path (on by itself, or with `search`).
/// - **field**: the flow field of the selected unit's group order (GroupFields): on every cell
///   in view the field reached, an arrow to the neighbour it leads to, yellow near the goal to blue
///   far from it; the goal ringed, the field's region outlined.
/// - **clearance**: the cells where the selected unit's footprint may stand (its northern
///   corner there, every cell of the footprint passable for its profile: its footprint layer)
///   blue; cells passable for its profile where its footprint does not fit red-orange.
///
/// Cost: only cells that can reach into the view add geometry (maps go up to 504x504); what
/// depends on the whole map (the influence sources, the search's order per cell) is built once
/// per world version / per search and kept.
///
/// With the fog of war on, the heat map, its legend and the step costs are the party's
/// knowledge (OverlayScene::plan, the belief grid) and unknown cells are left out.
///
/// \code
/// game::debug::Overlays overlays;
/// game::debug::OverlayFlags flags;
/// flags.heat = true;
/// game::debug::OverlayScene scene{&world, leader.layer, host.version(), &trace, traceAgeSec, path, hover};
/// overlays.drawGround(target, flags, scene);                  // camera view set: world space, under units
/// overlays.drawLabels(target, camera, font, flags, scene);    // default view: numbers and the legend
/// \endcode

#include "engine/core/GridShape.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/FlowField.hpp"
#include "engine/path/SearchTrace.hpp"
#include "engine/terrain/TerrainRules.hpp"
#include "game/debug/DebugDraw.hpp"
#include "game/fog/FogOfWar.hpp"
#include "game/view/Camera.hpp"
#include "game/world/World.hpp"

#include <SFML/Graphics.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace game::debug {

/// Which overlays are on. All off by default.
struct OverlayFlags {
    bool heat = false;
    bool influence = false;
    bool search = false;
    bool numbers = false;
    bool field = false;
    bool clearance = false;

    bool any() const { return heat || influence || search || numbers || field || clearance; }
    /// The names of the overlays that are on, in the order heat, influence, search, numbers,
    /// field, clearance.
    std::vector<std::string> names() const;
    /// Turns on the overlay called `name` ("heat", "influence", "search", "numbers", "field",
    /// "clearance") or, for "none", turns every overlay off. False (nothing changed) for any
    /// other name.
    bool set(std::string_view name);
    bool operator==(const OverlayFlags&) const = default;
};

/// True for the names OverlayFlags::set accepts ("heat", "influence", "search", "numbers",
/// "field", "clearance", "none").
bool isOverlayName(std::string_view name);

/// What the overlays look at this frame (owned by the caller; read only while drawing).
struct OverlayScene {
    const World* world = nullptr;                   ///< [Limit: not null when drawing]
    int layer = 0;                                  ///< the selected unit's NavGrid layer (profile)
    int unitLayer = 0;                              ///< the layer it plans on: its footprint layer for its size
    int unitSize = 1;                               ///< its size (footprint side, cells)
    std::uint64_t worldVersion = 0;                 ///< WorldHost::version(): cached data is rebuilt when it changes
    const isostar::path::SearchTrace* trace = nullptr;  ///< [opt] the last search
    double traceAgeSec = 1e9;                       ///< seconds since that search (its replay)
    std::span<const isostar::TileCoord> path;           ///< [opt] the selected unit's path, its own tile first
    std::optional<isostar::TileCoord> hover;            ///< [opt] the cell under the pointer
    /// [opt] The fog of war while it is on: the heat map, the influence disks, the flow field
    /// and the numbers leave unknown cells out (a step cost there reads "+?"), a source on an
    /// unknown cell shows nothing; the fog drawn over the map hides the rest.
    const FogOfWar* fog = nullptr;
    /// [opt] The flow field of the selected unit's group order (the field overlay).
    const isostar::path::FlowField* field = nullptr;
    /// [opt] The grid the party plans on (the fog's belief grid while the fog is on); null:
    /// the world's. Costs shown are read here.
    const isostar::path::NavGrid* plan = nullptr;
    /// True when the fog hides what `c` is.
    bool unknown(isostar::TileCoord c) const { return fog && !fog->known(c); }
    /// The grid whose costs are shown.
    const isostar::path::NavGrid& grid() const { return plan ? *plan : world->nav; }
};

/// One influence source: a cell holding a terrain with an influence under the scene's profile.
struct InfluenceSource {
    isostar::TileCoord cell;
    std::string terrain;
    isostar::terrain::Influence influence;
};

/// The influence sources of `terrain` (cells whose terrains below the topmost `covers` one
/// included hold a terrain with an influence), in row-major order, one entry per such terrain
/// of a cell. O(cells x depth).
std::vector<InfluenceSource> findInfluenceSources(const isostar::terrain::TerrainField& terrain);

/// The zoom (screen pixels per world pixel) from which numbers are drawn on the tiles.
inline constexpr float NumbersMinZoom = 1.5f;

/// The overlays' drawing of the overlays `flags` turns on, and what they cache between frames.
class Overlays {
public:
    /// World-space part (target's view = the camera's): heat, influence disks, search shading,
    /// open outline and path. Call under the unit sprites.
    void drawGround(sf::RenderTarget& target, const OverlayFlags& flags, const OverlayScene& scene);
    /// Screen-space part (target's default view): numbers on tiles (zoom >= NumbersMinZoom) and
    /// the heat legend (bottom-left, above `bottomMarginPx`).
    void drawLabels(sf::RenderTarget& target, const Camera& camera, const sf::Font& font, const OverlayFlags& flags,
                    const OverlayScene& scene, float bottomMarginPx = 34.f);
    /// Extra lines for the hovered tile's panel: the net influence factor and each source's
    /// factor (influence on), the cell's g/h/f in the last search (search or numbers on).
    std::vector<std::string> tileLines(const OverlayFlags& flags, const OverlayScene& scene);

    /// The influence sources under the scene's profile (cached per world version and layer).
    const std::vector<InfluenceSource>& sources(const OverlayScene& scene);

private:
    /// The whole search, per cell: when it was closed and first opened, and its final g/h/f.
    struct SearchCache {
        const isostar::path::SearchTrace* trace = nullptr;
        int steps = -1;
        std::size_t opened = 0;
        isostar::GridShape shape;
        isostar::TileCoord last{-1, -1};
        std::vector<int> closedAt;   ///< step that closed the cell, -1: never
        std::vector<int> openedAt;   ///< first step that opened it, -1: never
        isostar::path::TraceSnapshot final;
    };
    bool searchUsable(const OverlayScene& scene);
    int replayStep(const OverlayScene& scene) const;
    void drawHeat(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near) const;
    void drawInfluence(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near);
    void drawSearch(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near);
    void drawPath(sf::VertexArray& va, const OverlayScene& scene) const;
    void drawField(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near) const;
    void drawClearance(sf::VertexArray& va, const OverlayScene& scene, const CellRange& near) const;
    void drawLegend(sf::RenderTarget& target, const sf::Font& font, const OverlayScene& scene, float bottomMarginPx) const;

    SearchCache m_search;
    const World* m_sourcesWorld = nullptr;
    std::uint64_t m_sourcesVersion = 0;
    int m_sourcesLayer = -1;
    std::vector<InfluenceSource> m_sources;
};

} // namespace game::debug
