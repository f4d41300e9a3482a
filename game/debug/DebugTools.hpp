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
/// races the four searches to the tile (runRace). Each returns what to say ("" says nothing);
/// the keys it names there are given by the caller (DebugKeys), which owns the binding table.
///
/// Everything the tools search and cost is on the grid the party plans on (DebugFrame::plan):
/// with the fog of war on, the party's knowledge (unknown ground as open ground), so nothing
/// shows what nobody has seen; with the fog off, the real world.
///
/// \code
/// game::debug::DebugTools tools(keys);
/// game::debug::DebugFrame f{&world, host.version(), &party, &planGrid, &lastTrace, traceAgeSec, hover};
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
    /// The grid the party plans on (Session::planGrid: the fog's belief grid while the fog is
    /// on, else world->nav) [Limit: not null]. Races, stepped searches, costs and the why panel
    /// read it.
    const isostar::path::NavGrid* plan = nullptr;
    const isostar::path::SearchTrace* lastSearch = nullptr;  ///< [opt] the leader's last order search
    double lastSearchAgeSec = 1e9;                       ///< seconds since it ran (its replay)
    std::optional<isostar::TileCoord> hover;                 ///< [opt] the tile under the pointer
    const FogOfWar* fog = nullptr;                       ///< [opt] the fog of war, while it is on
};

/// "Why this path" for one unit's remaining path (see isostar::terrain::PathWhy).
struct UnitWhy {
    std::string unit;                    ///< the unit's name
    std::string profile;                 ///< its profile's name
    std::vector<isostar::TileCoord> path;    ///< remainingPlan(): its tile (and the cell it steps into),
                                         ///< then its path; walking a smoothed line: its plan's grid
                                         ///< path from the last waypoint it passed
    isostar::terrain::PathWhy why;
    /// Walking a smoothed line (movement.smoothing): its whole plan's grid path cost, the line's
    /// cost and length.
    bool smoothed = false;
    double gridCost = 0.0;
    double smoothCost = 0.0;
    double smoothLength = 0.0;
};

/// How the player reaches the tools, as messages and panels name it ("G", "Shift+N"): the
/// keys bound to their commands, named by the owner of the binding table.
struct DebugKeys {
    std::string stepMode;   ///< step-through mode on / off
    std::string step;       ///< one expansion
    std::string stepPlay;   ///< play / pause the stepped search
    std::string stepSpeed;  ///< its next speed
    std::string race;       ///< the gesture that races the searches to a tile ("Shift+click")
    std::string clearRace;
    std::string why;        ///< the why panel
    std::string overlays;   ///< every overlay's key and name, e.g. "C heat, I influence"
};

class DebugTools {
public:
    explicit DebugTools(DebugKeys keys);

    /// Turns the overlay `name` (heat, influence, search, numbers) on or off. The message.
    std::string toggleOverlay(std::string_view name);
    /// Turns the overlay `name` on, or every overlay off for "none" (OverlayFlags::set). False
    /// for another name.
    bool showOverlay(std::string_view name) { return m_flags.set(name); }
    /// The overlays that are on.
    const OverlayFlags& overlays() const { return m_flags; }
    /// Whether an overlay shows the orders' search traces (search or numbers): while it does,
    /// the session records them (Session::setTraceWanted).
    bool searchWatched() const { return m_flags.search || m_flags.numbers; }
    /// The stepped search and the race shown (read only: the commands above change them).
    const StepThrough& stepper() const { return m_stepper; }
    const Race& race() const { return m_race; }
    /// The why panel is shown.
    bool whyShown() const { return m_showWhy; }
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
    std::string beginStep(const DebugFrame& f, isostar::TileCoord goal);
    /// `n` more expansions of the stepped search (dropped first when `f`'s grid moved past it,
    /// as update() does). Returns the message to say ("" when fine).
    std::string step(const DebugFrame& f, int n);
    /// Races the four searches (A*, Dijkstra, greedy best-first, weighted A* w = 2) from the
    /// selection's leader to `goal` on its layer. Returns the message to say.
    std::string runRace(const DebugFrame& f, isostar::TileCoord goal);

    /// Per tick: plays the stepped search; drops a stepped search or race the grid the party
    /// plans on has moved past (another grid, or its costs changed: they no longer hold).
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

private:
    OverlayScene scene(const DebugFrame& f, bool stepping) const;
    /// Drops a stepped search or race `f`'s grid has moved past.
    void dropStale(const DebugFrame& f);
    /// A stepped search is on screen: the search overlay shows it whatever the flags say.
    bool stepping() const;
    /// The overlays drawn now: the flags, with search while stepping.
    OverlayFlags shownFlags() const;
    /// The step-through and why panels; cells in Tiled's coordinates (`frame`: World::frame).
    TextLines stepLines(const isostar::map::CellFrame& frame) const;
    TextLines whyLines(const UnitWhy& w, const isostar::map::CellFrame& frame) const;

    DebugKeys m_keys;
    OverlayFlags m_flags;
    Overlays m_overlays;
    StepThrough m_stepper;
    Race m_race;
    bool m_showWhy = false;             ///< the why panel (`Y`)
    isostar::path::GridQuery m_raceQuery;   ///< the race's scratch (isostar::path::runRace)
    sf::Font m_font;
    bool m_hasFont = false;
    bool m_stepMode = false;
    /// The world and the grid (with its version) a stepped search, a race or the why panel
    /// ran on: when one changes (another world, an edit, tuning, a unit seeing new ground with
    /// the fog on, the fog toggled) it no longer holds.
    struct SearchedOn {
        std::uint64_t worldVersion = 0;
        const isostar::path::NavGrid* grid = nullptr;
        std::uint64_t gridVersion = 0;
        bool operator==(const SearchedOn&) const = default;
    };
    static SearchedOn searchedOn(const DebugFrame& f);
    SearchedOn m_stepOn;
    SearchedOn m_raceOn;
    std::vector<isostar::TileCoord> m_leaderPath;  ///< scratch: the leader's remaining path
    // why() cache
    std::optional<UnitWhy> m_why;
    SearchedOn m_whyOn;
    const World* m_whyWorld = nullptr;
};

} // namespace game::debug
