#pragma once
/// \file DebugTools.hpp
/// The debugging tools of the game in one place: the overlays (heat, influence, search,
/// numbers), step-through, the algorithm race and "why this path". The App owns one, runs its
/// commands, ticks it, lets it draw (ground part under the units, labels and panels in screen
/// space) and asks it for HUD lines and the `dump` fields. It reads the world and the party and
/// changes neither: nothing here orders a unit or edits the map.
///
/// Its keys are rows of the binding table (game/input/Bindings.cpp) whose commands call the
/// methods below: `C` `I` `T` `V` toggleOverlay, `Y` toggleWhy, `G` step-through mode (a click
/// then begins a stepped search from the selected unit instead of a move), `N` step(1),
/// `Shift+N` togglePlay, `Ctrl+N` nextSpeed, `R` clearRace; `Shift`+click with a unit selected
/// races the four searches to the tile (runRace). Each returns what to say ("" says nothing).
///
/// \code
/// game::debug::DebugTools tools;
/// game::debug::DebugFrame f{&world, host.version(), &party, &lastTrace, traceAgeSec, hover};
/// say(tools.toggleOverlay("heat"));
/// tools.update(dtSec, f);
/// tools.drawGround(target, f);                 // inside the renderer's ground pass
/// tools.drawScreen(target, camera, f, 200.f);  // after the world, before the HUD panels
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/SearchTrace.hpp"
#include "engine/terrain/PathWhy.hpp"
#include "game/debug/Overlays.hpp"
#include "game/debug/Race.hpp"
#include "game/debug/StepThrough.hpp"
#include "game/party/Party.hpp"
#include "game/view/Camera.hpp"
#include "game/world/World.hpp"

#include <SFML/Graphics.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace game::debug {

/// What the tools read in one call (owned by the caller).
struct DebugFrame {
    const World* world = nullptr;                        ///< [Limit: not null]
    std::uint64_t worldVersion = 0;                      ///< WorldHost::version()
    const Party* party = nullptr;                        ///< [Limit: not null]
    const eng::path::SearchTrace* lastSearch = nullptr;  ///< [opt] the leader's last order search
    double lastSearchAgeSec = 1e9;                       ///< seconds since it ran (its replay)
    std::optional<eng::TileCoord> hover;                 ///< [opt] the tile under the pointer
    const FogOfWar* fog = nullptr;                       ///< [opt] the fog of war, while it is on
};

/// "Why this path" for one unit's remaining path (see eng::terrain::PathWhy).
struct UnitWhy {
    std::string unit;                    ///< the unit's name
    std::string profile;                 ///< its profile's name
    std::vector<eng::TileCoord> path;    ///< remainingPlan(): its tile (and the cell it steps into),
                                         ///< then its path; walking a smoothed line: its plan's grid
                                         ///< path from the last waypoint it passed
    eng::terrain::PathWhy why;
    /// Walking a smoothed line (movement.smoothing): its whole plan's grid path cost, the line's
    /// cost and length.
    bool smoothed = false;
    double gridCost = 0.0;
    double smoothCost = 0.0;
    double smoothLength = 0.0;
};

class DebugTools {
public:
    DebugTools();

    Overlays overlays;
    StepThrough stepper;
    Race race;
    bool showWhy = false;  ///< the why panel (`Y`)

    /// Turns the overlay `name` (heat, influence, search, numbers) on or off. The message.
    std::string toggleOverlay(std::string_view name);
    /// The why panel on or off. The message.
    std::string toggleWhy();
    /// Plays or pauses the stepped search. The message.
    std::string togglePlay();
    /// The next play speed of the stepped search. The message.
    std::string nextSpeed();
    /// Clears the race shown; "" when none is.
    std::string clearRace();

    /// Step-through mode: clicks begin stepped searches instead of moves. Turning it off drops
    /// the stepped search. Returns the message to say.
    std::string setStepMode(bool on);
    bool stepMode() const { return m_stepMode; }
    /// Begins a stepped search from the selection's leader (where it stands, or the cell it is
    /// stepping into) to `goal` on its profile's layer. Returns the message to say.
    std::string beginStep(const DebugFrame& f, eng::TileCoord goal);
    /// `n` more expansions of the stepped search. Returns the message to say ("" when fine).
    std::string step(int n);
    /// Races the four searches (A*, Dijkstra, greedy best-first, weighted A* w = 2) from the
    /// selection's leader to `goal` on its layer. Returns the message to say.
    std::string runRace(const DebugFrame& f, eng::TileCoord goal);

    /// Per tick: plays the stepped search; drops a stepped search or race the world's version
    /// has moved past (their cells and costs no longer hold).
    void update(double dtSec, const DebugFrame& f);

    /// World space, under the unit sprites (target's view = the camera's).
    void drawGround(sf::RenderTarget& target, const DebugFrame& f);
    /// Screen space (target's default view), before the HUD panels: numbers on tiles, the heat
    /// legend (bottom-left, above `bottomMarginPx`), the step-through, race and why panels
    /// (stacked down the left edge from `topPx`, below the status panel).
    void drawScreen(sf::RenderTarget& target, const Camera& camera, const DebugFrame& f, float topPx,
                    float bottomMarginPx = 34.f);
    /// Extra lines for the status panel (which tools are on).
    std::vector<std::string> statusLines(const DebugFrame& f) const;
    /// Extra lines for the hovered tile's panel.
    std::vector<std::string> tileLines(const DebugFrame& f);

    /// "Why this path" for the selection's leader's remaining path; nullopt without a selection
    /// or when it stands still. Cached: recomputed when the path or the world changed.
    const std::optional<UnitWhy>& why(const DebugFrame& f);

    /// The font loaded (false: panels and labels are not drawn).
    bool hasFont() const { return m_hasFont; }

private:
    OverlayScene scene(const DebugFrame& f, bool stepping) const;
    /// The step-through and why panels; cells in Tiled's coordinates (`frame`: World::frame).
    TextLines stepLines(const eng::map::CellFrame& frame) const;
    TextLines whyLines(const UnitWhy& w, const eng::map::CellFrame& frame) const;

    eng::path::GridQuery m_raceQuery;   ///< the race's scratch (eng::path::runRace)
    sf::Font m_font;
    bool m_hasFont = false;
    bool m_stepMode = false;
    std::uint64_t m_stepVersion = 0;    ///< world version the stepped search began in
    std::uint64_t m_raceVersion = 0;    ///< world version the race ran in
    std::vector<eng::TileCoord> m_leaderPath;  ///< scratch: the leader's remaining path
    // why() cache
    std::optional<UnitWhy> m_why;
    std::uint64_t m_whyVersion = 0;
    const World* m_whyWorld = nullptr;
};

} // namespace game::debug
