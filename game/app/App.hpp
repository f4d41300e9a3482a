#pragma once
/// \file App.hpp
/// The game's wiring: one window, the world (game/world), the party (game/party), the view
/// (game/view) and input (game/input), the loop and the modes. The same object plays
/// interactively, runs scripts (`--script`) and benchmarks frames (`--bench-frames`): scripts
/// feed synthetic clicks and keys through the very handlers real input uses.
///
/// \code
/// game::Options opts;           // from the command line
/// game::App app(opts);
/// return app.run();             // 0 ok, 2 bad map/config/script at start
/// \endcode

#include "engine/path/PathResult.hpp"
#include "engine/path/SearchTrace.hpp"
#include "game/app/Options.hpp"
#include "game/debug/DebugTools.hpp"
#include "game/input/Input.hpp"
#include "game/party/Party.hpp"
#include "game/script/Script.hpp"
#include "game/ui/ImGuiLayer.hpp"
#include "game/ui/TuningPanel.hpp"
#include "game/view/MessageLog.hpp"
#include "game/view/View.hpp"
#include "game/world/WorldHost.hpp"

#include <SFML/Graphics.hpp>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace game {

class App {
public:
    explicit App(Options options);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    /// Opens the window, loads everything and runs play, script or bench mode. Exit code.
    int run();

private:
    // Loading
    bool loadAll(const WorldOptions& wo, std::vector<eng::Diagnostic>& problems);
    /// How the current world came to be (applyWorld).
    enum class WorldChange {
        New,       ///< the first world, or another size: a new party
        NewGrid,   ///< same size, new profiles: same units on the new grid, everyone stops
        SameGrid,  ///< edits or a reload that kept the grid: `dirty` says what changed
    };
    /// After the world changed: the party follows (see WorldChange), preview reset.
    void applyWorld(WorldChange change, std::span<const eng::path::NavDirty> dirty);
    void spawnParty();
    /// F5 (`automatic` false) or a watched file changed: the new world replaces the old one,
    /// or its error is shown and the old one stays.
    void reload(bool automatic);
    /// Polls the watched files (WorldHost throttles to twice a second) and reloads on a change.
    void pollFiles();

    // Modes
    int runPlay();
    int runScript(const std::vector<ScriptCommand>& script);
    int runBench();
    /// `--bench-units N`: N units on the passable cells, random goals every few seconds.
    int runUnitBench();
    void pumpEvents();

    /// After an edit of the world (brush, script, undo): mesh chunks, party costs (units whose
    /// paths cross a changed cell replan), preview. Returns the edit's error ("" when it worked).
    std::string afterEdit(const WorldEdit& edit);
    /// Runs the game for `seconds` of real time, frame by frame (ticks by elapsed time, draws,
    /// polls the watched files): the script command `sleep`.
    void runRealTime(double seconds);

    // Orders, simulation and drawing
    void orderTo(eng::TileCoord tile);
    void tick(double dtSec);
    void updateHover();
    void say(const std::string& text, bool error = false);
    void drawFrame(sf::RenderTarget& target);
    InputActions inputActions();
    /// Editor mode: the palette tile the brush paints, nullptr when the map has none.
    const eng::edit::BrushTile* brush() const;
    void reportEdit(const WorldEdit& edit);

    /// What the debug tools (game/debug) read this moment.
    debug::DebugFrame debugFrame() const;
    /// Says a debug tool's message ("" says nothing).
    void sayDebug(const std::string& text);

    // Live tuning (game/ui): the F2 panel and `panel set/save`
    TuningActions tuningActions();
    /// The config in force becomes `config`: costs rebuilt in place, units whose paths cross a
    /// changed cell replan (as after an edit). "" or why not.
    std::string applyTuning(const eng::terrain::TerrainConfig& config);
    /// One ImGui frame over `target` when an ImGui window is shown (the panel); the place for
    /// other tools' ImGui windows too.
    void drawUi(sf::RenderTarget& target);
    /// A scripted click reaches ImGui first: true when it landed on an ImGui window (then the
    /// game does not see it).
    bool scriptedUiClick(sf::Mouse::Button button, sf::Vector2i px);

    // Script output
    bool screenshot(const std::string& file, std::string& error);
    bool dump(const std::string& file, std::string& error);

    Options m_opts;
    bool m_scripted = false;
    /// Created in run(): an SFML window touches the display as soon as it exists, and bad
    /// scripts must fail (exit 2) without one.
    std::unique_ptr<sf::RenderWindow> m_window;
    /// Dear ImGui on m_window's GL context; declared after it, so it goes first.
    ImGuiLayer m_ui;
    TuningPanel m_tuning;

    WorldHost m_host;
    std::string m_reloadError;  ///< the last failed reload's first problem ("" after a good one)
    Party m_party;
    View m_view;
    MessageLog m_messages;
    std::vector<std::string> m_replanNames;  ///< units named in the "... replan" message on screen
    Input m_input;

    // What the HUD shows
    std::optional<eng::TileCoord> m_hover;
    std::optional<eng::TileCoord> m_previewFor;
    std::vector<UnitHandle> m_previewSelection;
    eng::path::PathResult m_preview;
    std::optional<OrderReport> m_lastOrder;
    eng::path::SearchTrace m_trace;
    bool m_showTrace = false;
    bool m_showHelp = true;
    double m_traceAgeSec = 0.0;
    int m_brush = 0;            ///< index into the palette (editor mode)
    double m_fps = 0.0;
    double m_gameTimeSec = 0.0;
    debug::DebugTools m_debug;  ///< overlays, step-through, race, why (game/debug)
};

/// SFML 2.5 (X11) aborts the whole process when it cannot open a display. Call before the
/// first window or render texture: returns false after printing a plain message naming `what`.
bool haveDisplay(const char* what);

} // namespace game
