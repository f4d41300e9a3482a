#pragma once
/// \file App.hpp
/// The window and the loop. The App owns the game's parts -- the session (world and party,
/// game/session), the view, input, the debug tools, the tuning panel, the HUD model -- wires
/// them (input's commands go to one dispatcher, Commands) and runs one mode: play, a script
/// (`--script`, ScriptRunner) or a bench (`--bench-frames`, `--bench-units`). Scripts feed
/// synthetic clicks and keys through the very handlers real input uses.
///
/// \code
/// game::Options opts;           // from the command line
/// game::App app(opts);
/// return app.run();             // 0 ok, 2 bad map/config/script at start
/// \endcode

#include "game/app/Commands.hpp"
#include "game/app/GameParts.hpp"
#include "game/app/HudModel.hpp"
#include "game/app/Options.hpp"
#include "game/audio/Audio.hpp"
#include "game/common/MessageLog.hpp"
#include "game/debug/DebugTools.hpp"
#include "game/input/Input.hpp"
#include "game/script/Script.hpp"
#include "game/session/Session.hpp"
#include "game/settings/SettingsFile.hpp"
#include "game/ui/ImGuiLayer.hpp"
#include "game/ui/TuningPanel.hpp"
#include "game/view/View.hpp"

#include <SFML/Graphics.hpp>

#include <chrono>
#include <memory>
#include <string>

namespace game {

class App : private Loop {
public:
    explicit App(Options options);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    /// Opens the window, loads everything and runs play, script or bench mode. Exit code.
    int run();

private:
    /// Scripts and benches own the mouse and keyboard and run unthrottled.
    bool scripted() const;
    GameParts parts();
    TuningActions tuningActions();
    /// A command from input: run, and an error it returns is said as one.
    void runCommand(const Command& c);
    /// Opens the window (false: said on stderr).
    bool openWindow();
    /// Opens the map: the world loads on a worker thread while the window shows which step
    /// runs (and stays responsive), then what draws it is built here (it needs the GL context).
    std::vector<isostar::Diagnostic> openWorld();
    int runPlay();
    /// Play, a script or a bench, once the world is open.
    int runMode(std::chrono::steady_clock::time_point start, const std::vector<ScriptCommand>& script);

    // The settings file (AppSettings.cpp): benches neither use nor save the window, view and
    // map settings (their figures are measured at the defaults); play and scripts do.
    bool benchmark() const;
    /// Before the window: says what reading the file found, takes its window size and, without
    /// --map, its last map (the valley when that map is gone).
    void startSettings();
    /// Once the window is open: the zoom, the minimap and follow mode.
    void applyViewSettings();
    /// The settings as the game has them now (what the file would keep).
    Settings currentSettings() const;
    /// Each tick: a change is saved once it settled (SettingsFile::update); at the end: flush.
    void keepSettings(bool atExit);

    // Sound (AppSound.cpp).
    /// Takes the volumes and mute from the settings file's [audio] table (--mute mutes this run;
    /// benchmarks play at the defaults), opens the audio device and reads the sounds; without a
    /// device says once that the game is silent (on stderr, and on screen in play).
    void openAudio();
    /// The volumes and mute the settings file keeps (currentSettings): the player's, but while
    /// --mute keeps the run muted the file's `muted` stays.
    AudioSettings audioToKeep() const;

    // Loop
    void pumpEvents() override;
    void tick(double dtSec) override;
    void drawFrame(sf::RenderTarget& target) override;
    void present() override;
    sf::RenderWindow& window() override { return *m_window; }
    bool uiClick(sf::Mouse::Button button, sf::Vector2i px) override;

    /// One ImGui frame over `target` when an ImGui window is shown (the panel); the place for
    /// other tools' ImGui windows too.
    void drawUi(sf::RenderTarget& target);

    Options m_opts;
    /// Created in run(): an SFML window touches the display as soon as it exists, and bad
    /// scripts must fail (exit 2) without one.
    std::unique_ptr<sf::RenderWindow> m_window;
    /// Dear ImGui on m_window's GL context; declared after it, so it goes first.
    ImGuiLayer m_ui;
    TuningPanel m_tuning;
    MessageLog m_messages;
    Session m_session;
    View m_view;
    Input m_input;
    debug::DebugTools m_debug;  ///< overlays, step-through, race, why (game/debug)
    HudModel m_hud;
    Audio m_audio;
    Commands m_commands;
    SettingsFile m_settings;
    std::chrono::steady_clock::time_point m_startTime = std::chrono::steady_clock::now();
};

/// SFML 2.5 (X11) aborts the whole process when it cannot open a display. Call before the
/// first window or render texture: returns false after printing a plain message naming `what`.
bool haveDisplay(const char* what);

} // namespace game
