#pragma once
/// \file App.hpp
/// The game: one window, the map, the party and the HUD. The same object plays interactively,
/// runs scripts (`--script`) and benchmarks frames (`--bench-frames`): scripts feed synthetic
/// clicks and keys through the very handlers real input uses.
///
/// \code
/// game::Options opts;           // from the command line
/// game::App app(opts);
/// return app.run();             // 0 ok, 2 bad map/config/script at start
/// \endcode

#include "engine/anim/SpriteSheet.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchTrace.hpp"
#include "engine/render/MapRenderer.hpp"
#include "game/app/KeyNames.hpp"
#include "game/app/Options.hpp"
#include "game/app/World.hpp"
#include "game/script/Script.hpp"
#include "game/state/Squad.hpp"
#include "game/view/Camera.hpp"

#include <SFML/Graphics.hpp>

#include <deque>
#include <memory>
#include <optional>
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
    struct Message {
        std::string text;
        double ttlSec;
        bool error;
    };
    struct CharacterArt {
        eng::anim::SpriteSheet sheet;
        sf::Texture texture;
    };

    // Loading
    bool loadAll(const WorldOptions& wo, std::vector<eng::Diagnostic>& problems, bool keepUnits);
    void loadCharacters();
    void spawnParty();
    void reload();

    // Modes
    int runPlay();
    int runScript(const std::vector<ScriptCommand>& script);
    int runBench();
    void pumpEvents();

    // Input (real and scripted)
    void handleEvent(const sf::Event& e);
    void mousePressed(sf::Mouse::Button b, sf::Vector2i px);
    void mouseReleased(sf::Mouse::Button b, sf::Vector2i px);
    void mouseMoved(sf::Vector2i px);
    void wheel(sf::Vector2i px, float delta);
    void keyPressed(const KeyChord& k);
    void realtimeCamera(double dtSec);
    void orderTo(eng::TileCoord tile);
    int unitAtPixel(sf::Vector2i px) const;
    void selectInBox(sf::Vector2i a, sf::Vector2i b, bool add);
    void toggleSelect(int index, bool add);

    // Simulation
    void tick(double dtSec);
    void updateHover();
    void say(const std::string& text, bool error = false);

    // Drawing
    void drawFrame(sf::RenderTarget& target);
    void drawGroundOverlay(sf::RenderTarget& target);
    void drawTraceNumbers(sf::RenderTarget& target);
    void drawHud(sf::RenderTarget& target);
    std::vector<eng::render::SpriteItem> unitSprites() const;
    sf::Vector2f unitFeetWorld(const Unit& u) const;
    sf::Vector2f unitScreen(const Unit& u) const;

    // Script output
    bool screenshot(const std::string& file, std::string& error);
    bool dump(const std::string& file, std::string& error);

    Options m_opts;
    bool m_scripted = false;
    /// Created in run(): an SFML window touches the display as soon as it exists, and bad
    /// scripts must fail (exit 2) without one.
    std::unique_ptr<sf::RenderWindow> m_window;
    sf::Font m_font;
    bool m_hasFont = false;

    World m_world;
    std::unique_ptr<eng::render::MapRenderer> m_renderer;
    Squad m_squad;
    Camera m_camera;
    std::vector<std::unique_ptr<CharacterArt>> m_characters;

    // Input state
    sf::Vector2i m_mouse{-1, -1};
    bool m_mouseInside = false;
    bool m_leftDown = false;
    bool m_boxing = false;
    sf::Vector2i m_leftPress;
    bool m_rightDown = false;
    bool m_rightPanning = false;
    sf::Vector2i m_rightPress;
    bool m_middleDown = false;
    sf::Vector2i m_lastDrag;
    bool m_ctrl = false;
    bool m_shift = false;

    // What the HUD shows
    std::optional<eng::TileCoord> m_hover;
    std::optional<eng::TileCoord> m_previewFor;
    std::vector<int> m_previewSelection;
    eng::path::PathResult m_preview;
    OrderReport m_lastOrder;
    bool m_hasOrder = false;
    eng::path::SearchTrace m_trace;
    bool m_showTrace = false;
    bool m_showHelp = true;
    double m_traceAgeSec = 0.0;
    std::deque<Message> m_messages;
    std::deque<std::string> m_messageLog; ///< everything said, newest last (dump)
    double m_fps = 0.0;
    double m_gameTimeSec = 0.0;
};

/// SFML 2.5 (X11) aborts the whole process when it cannot open a display. Call before the
/// first window or render texture: returns false after printing a plain message naming `what`.
bool haveDisplay(const char* what);

} // namespace game
