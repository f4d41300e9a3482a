#pragma once
/// \file GameParts.hpp
/// The game's parts as the command handlers, the script runner, the benches and the dump see
/// them (all owned by the App), and the frame loop's steps the modes drive (the App implements
/// Loop).

#include "game/app/HudModel.hpp"
#include "game/audio/Audio.hpp"
#include "game/common/MessageLog.hpp"
#include "game/debug/DebugTools.hpp"
#include "game/input/Input.hpp"
#include "game/session/Session.hpp"
#include "game/ui/TuningPanel.hpp"
#include "game/view/View.hpp"

#include <SFML/Graphics.hpp>

namespace game {

struct GameParts {
    Session& session;
    View& view;
    Input& input;
    debug::DebugTools& debug;
    TuningPanel& tuning;
    HudModel& hud;
    Audio& audio;

    /// What the debug tools read this moment.
    debug::DebugFrame debugFrame() const
    {
        debug::DebugFrame f;
        f.world = &session.world();
        f.worldVersion = session.host().version();
        f.party = &session.party();
        f.plan = &session.planGrid();
        f.lastSearch = &session.trace();
        f.lastSearchAgeSec = session.traceAgeSec();
        f.hover = hud.hover();
        f.fog = session.fogOn() ? &session.fog() : nullptr;
        return f;
    }
    /// The hovered tile and the path preview follow the pointer, the camera and the party.
    void refreshHover() { hud.update(input.hover(), session.party()); }
    /// What a new world must pass before the session adopts it: the view builds what draws it
    /// (a world whose mesh does not build is refused, the current one stays).
    WorldGate gate();
    /// A change of the session reaches what shows it: the map's mesh (its tiles), the minimap
    /// (its cells), the party's art and the camera (a new party), the tuning panel (a world
    /// loaded: its config), the HUD's path preview, and the sound (an order's cue, a failed
    /// reload's, the volcanoes). Returns the change's error.
    std::string follow(const SessionChange& change);
    void say(const std::string& text, bool error = false) { session.messages().say(text, error); }
};

/// The frame loop's steps, as the script runner and the benches drive them.
class Loop {
public:
    /// Window events (scripted runs only keep the window sane).
    virtual void pumpEvents() = 0;
    /// One step of game time: session, view animations, messages, debug tools, hover.
    virtual void tick(double dtSec) = 0;
    /// Draws one frame (world, HUD, debug tools, panels) on `target`.
    virtual void drawFrame(sf::RenderTarget& target) = 0;
    /// drawFrame on the window, then shows it.
    virtual void present() = 0;
    virtual sf::RenderWindow& window() = 0;
    /// A scripted click reaches the ImGui panels first: true when it landed on one (then the
    /// game does not see it).
    virtual bool uiClick(sf::Mouse::Button button, sf::Vector2i px) = 0;

protected:
    ~Loop() = default;
};

} // namespace game
