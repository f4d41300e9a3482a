#pragma once
/// \file View.hpp
/// What the player sees: the camera, the map renderer (mesh), the party's sprites, the ground
/// overlays (paths, hover, preview, selection rings) and the HUD. The view reads
/// the world and the party and changes neither; tile <-> world comes from the world's
/// isostar::iso::Projection, so picking needs no renderer.
///
/// \code
/// game::View view;
/// view.loadFont();
/// if (!view.loadMap(world, problems)) show(problems);   // keeps the old mesh on failure
/// view.loadCharacters(party, messages);
/// game::HudState hud;  // hover, preview, messages, ...
/// view.draw(window, world, party, hud);
/// \endcode

#include "engine/anim/SpriteSheet.hpp"
#include "engine/core/Diagnostic.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/path/AnyAngle.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/render/MapRenderer.hpp"
#include "game/party/Party.hpp"
#include "game/view/Camera.hpp"
#include "game/view/Minimap.hpp"
#include "game/view/UnitArt.hpp"
#include "game/common/MessageLog.hpp"
#include "game/fog/FogOfWar.hpp"
#include "game/world/World.hpp"

#include <SFML/Graphics.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace game {

/// Where the HUD's panels leave room, window pixels: what drawings around them go by.
struct HudLayout {
    float belowStatusPx = 0.f;   ///< the first free row below the status panel (top left)
    float bottomMarginPx = 0.f;  ///< the height the hint bar (and a gap) takes at the bottom
};

/// The help overlay's text (H): a title, then groups of (keys, what they do) lines.
struct HelpSheet {
    struct Group {
        std::string title;
        std::vector<std::pair<std::string, std::string>> lines;  ///< (keys, what they do)
        bool operator==(const Group&) const = default;
    };
    std::string title;
    std::vector<Group> groups;
    bool operator==(const HelpSheet&) const = default;
};

/// The hint bar at the bottom: its text, and whether it shows (Shift+H hides it).
struct HintBar {
    std::string text;
    bool shown = true;
};

/// Everything a frame shows besides the world and the party (owned by the caller; pointers may
/// be null when there is nothing to show).
struct HudState {
    std::optional<isostar::TileCoord> hover;          ///< tile under the pointer
    const isostar::path::PathResult* preview = nullptr; ///< path preview from the selection's leader
    /// [opt] the line it would walk (movement.smoothing on): drawn over the preview's cells,
    /// which are then faint; null or no waypoints: the cells alone.
    const isostar::path::SmoothPath* previewSmooth = nullptr;
    const OrderReport* lastOrder = nullptr;       ///< the last order's figures, null: none yet
    HintBar hintBar;
    /// [opt] The help overlay while it shows (H): drawn over everything else of the HUD.
    const HelpSheet* helpSheet = nullptr;
    bool scripted = false;
    double fps = 0.0;
    const MessageLog* messages = nullptr;
    sf::Vector2i mouse{-1, -1};                   ///< pointer, window pixels (-1: none)
    bool leftDown = false;                        ///< a left button drag is going on
    std::optional<sf::IntRect> selectionBox;      ///< box being dragged, window pixels
    std::vector<std::string> statusLines;         ///< extra lines for the status panel
    std::vector<std::string> errorLines;          ///< lines in red under the status panel's lines
    std::vector<std::string> tileLines;           ///< extra lines for the hovered tile's panel
    int explainLayer = 0;                         ///< World::terrains layer the tile panel explains
    /// The layer of `plan` the selected unit plans on (its footprint layer) and its size: the
    /// hovered footprint is marked passable or not on it.
    struct HoverFootprint {
        int layer = 0;
        int size = 1;
    } hoverFootprint;
    /// [opt] The grid the party plans on (its knowledge while the fog is on): the hovered tile
    /// is marked passable or not as it says. Null: the world's.
    const isostar::path::NavGrid* plan = nullptr;
    /// [opt] The fog of war while it is on: unknown cells are drawn dark, known cells out of
    /// sight dimmed, and the tile panel says "unknown" for an unknown cell (nothing else).
    const FogOfWar* fog = nullptr;
    /// [opt] Extra drawing in world space under the units, before the paths and the hover
    /// marks (the debug overlays, game/debug).
    std::function<void(sf::RenderTarget&)> drawGroundExtra;
    /// [opt] Extra drawing in screen space after the world, before the HUD panels, around
    /// them as `layout` says.
    std::function<void(sf::RenderTarget&, const HudLayout& layout)> drawScreenExtra;
};

class View {
public:
    View();
    ~View();

    /// Loads the HUD font; false (and a warning on stderr) when it is missing: no HUD text.
    bool loadFont();
    /// Builds a new mesh for `world` (textures, chunks). On failure appends the problems and
    /// keeps the previous mesh. Sets the camera bounds, and the rest as showWorld. Needs a GL
    /// context.
    bool loadMap(const World& world, std::vector<isostar::Diagnostic>& problems);
    /// What the view keeps of `world` besides the mesh (no GL): its projection (picking), the
    /// camera bounds of its map and the minimap's colours. loadMap does it; tests without a
    /// window call it alone.
    void showWorld(const World& world);
    /// After an edit of `world`'s map: rebuilds only the mesh chunks holding `cells`. False (and
    /// the problems) when the renderer refused; then the whole mesh is rebuilt (loadMap).
    bool updateCells(const World& world, std::span<const isostar::TileCoord> cells, std::vector<isostar::Diagnostic>& problems);
    /// Loads the sprite sheet of every unit (by name, from assets/party/NAME.json) and keeps
    /// which one each unit wears, by unit handle (units spawned later, or of a party reset
    /// since, are drawn as markers); problems are said on `messages` (UnitArt).
    void loadCharacters(const Party& party, MessageLog& messages);
    /// The sprite sheet unit `index` wears (UnitArt::sheetOf), or nullptr.
    const isostar::anim::SpriteSheet* sheetOf(const Party& party, std::size_t index) const
    {
        return m_unitArt.sheetOf(party, index);
    }
    /// Advances tile animations.
    void update(double dtSec);
    /// The loading screen, while a map opens: `title`, the step that runs, how long it has run
    /// and a bar sweeping along (how long a step takes is not known ahead).
    void drawLoading(sf::RenderTarget& target, const std::string& title, const std::string& step,
                     double stepSec) const;
    /// The same as a band at the top of the window, over the map still in play (a reload runs;
    /// draw it after the frame).
    void drawReloading(sf::RenderTarget& target, const std::string& title, const std::string& step,
                       double stepSec) const;

    Camera& camera() { return m_camera; }
    const Camera& camera() const { return m_camera; }
    /// The minimap (bottom right; M). Its colours follow the world through loadMap / showWorld
    /// and Minimap::updateCells.
    Minimap& minimap() { return m_minimap; }
    const Minimap& minimap() const { return m_minimap; }

    /// Follow mode (F): the camera stays on the selection's leader (followParty each tick)
    /// until the player moves the view.
    void setFollow(bool on) { m_follow = on; }
    bool following() const { return m_follow; }
    /// With follow mode on and a selection: centres the camera on its leader's feet.
    void followParty(const Party& party);

    /// The unit's feet in world pixels (projection of its continuous tile position).
    sf::Vector2f unitFeetWorld(const Unit& u) const;
    /// The centre of cell `c` in world pixels.
    sf::Vector2f cellCenterWorld(isostar::TileCoord c) const;
    /// The unit's feet in window pixels.
    sf::Vector2f unitScreen(const Unit& u) const;
    /// The unit under window pixel `px` (feet first, then the front-most body), or -1.
    int unitAtPixel(const Party& party, sf::Vector2i px) const;
    /// The tile under window pixel `px`, or nullopt off the map.
    std::optional<isostar::TileCoord> pick(sf::Vector2i px) const;

    /// Draws a whole frame: map with units and overlays in world space, then the HUD.
    void draw(sf::RenderTarget& target, const World& world, const Party& party, const HudState& hud);

private:
    /// drawLoading's title, step line and sweeping bar, the bar's top left at `barPos`.
    void drawProgress(sf::RenderTarget& target, sf::Vector2f barPos, float barW, const std::string& title,
                      const std::string& step, double stepSec) const;
    /// The minimap's fog shading follows `fog`: on, off, and the cells whose state the fog
    /// changed since the last frame drawn (FogOfWar::changesSince).
    void syncMinimapFog(const FogOfWar* fog);
    /// Lines of a HUD panel with their colours.
    using HudLines = std::vector<std::pair<std::string, sf::Color>>;

    /// The sprites of the units in `view` (world pixels), into m_sprites.
    void unitSprites(const Party& party, const sf::FloatRect& view);
    void drawGroundOverlay(sf::RenderTarget& target, const World& world, const Party& party, const HudState& hud) const;
    /// The status panel's lines (top left): map, fps, selection, last path, the caller's lines.
    HudLines statusLines(const World& world, const Party& party, const HudState& hud) const;
    /// Where the status panel (of `status`) and the hint bar leave room.
    static HudLayout hudLayout(const HudLines& status, const HudState& hud);
    void drawHud(sf::RenderTarget& target, const World& world, const HudState& hud, const HudLines& status) const;
    void drawMessages(sf::RenderTarget& target, const HudState& hud) const;
    void drawHelp(sf::RenderTarget& target, const HudState& hud) const;
    void drawHelpSheet(sf::RenderTarget& target, const HelpSheet& sheet) const;

    Camera m_camera;
    isostar::iso::Projection m_projection;
    isostar::map::CellFrame m_frame; ///< the world's (picking keeps to cells on the map)
    std::unique_ptr<isostar::render::MapRenderer> m_renderer;
    UnitArt m_unitArt;
    std::vector<isostar::render::SpriteItem> m_sprites;  ///< the frame's unit sprites (storage kept)
    sf::Font m_font;
    bool m_hasFont = false;
    Minimap m_minimap;
    const FogOfWar* m_minimapFog = nullptr;     ///< the fog the minimap shades by (null: none)
    std::uint64_t m_fogStamp = 0;               ///< what the minimap has read of the fog's changes
    bool m_follow = false;
};

} // namespace game
