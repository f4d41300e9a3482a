#pragma once
/// \file Input.hpp
/// Input in play and editor modes: mouse and keyboard (real events and scripted ones go through
/// the same handlers). Play: selection by click, box and number key, orders, camera pan and zoom.
/// Editor (`E` toggles): a click or a drag paints the brush (one undo step per drag), a click on
/// a volcano makes it erupt or go dormant, a right click erases the overlay, Tab / Shift+Tab or
/// Ctrl+wheel cycle the brush; Ctrl+Z / Ctrl+Y undo / redo and Ctrl+S saves in both modes. What
/// input cannot do
/// by itself (order a move, reload, toggle overlays, speak) it asks of its owner through
/// InputActions, so it works on a Party and a View alone and tests can drive it without a window.
///
/// \code
/// game::InputActions act;
/// act.order = [&](eng::TileCoord t) { ... };
/// game::Input input(party, view, act);
/// input.mouseMoved({640, 360});
/// input.mousePressed(sf::Mouse::Left, {640, 360});
/// input.mouseReleased(sf::Mouse::Left, {640, 360});   // selects a unit or orders a move
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "game/input/KeyNames.hpp"
#include "game/party/Party.hpp"
#include "game/view/View.hpp"

#include <SFML/Window/Event.hpp>
#include <SFML/Window/Mouse.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace game {

/// What input asks its owner to do. Every callback may be empty (then nothing happens).
struct InputActions {
    std::function<void(eng::TileCoord)> order;            ///< move the selection to a tile
    std::function<void()> reload;                         ///< F5
    std::function<void()> toggleTrace;                    ///< T
    std::function<void()> toggleHelp;                     ///< H, F1
    std::function<void(const std::string&, bool)> say;    ///< text, is an error
    std::function<void()> pointerChanged;                 ///< hover / camera changed: recompute
    // Editor mode.
    std::function<void(bool)> editorToggled;              ///< E: true = now editing
    std::function<void(eng::TileCoord)> editClick;        ///< click: erupt a volcano, else paint
    std::function<void(eng::TileCoord)> editPaint;        ///< drag entered a cell: paint
    std::function<void(eng::TileCoord)> editErase;        ///< right click: erase the overlay
    std::function<void(bool)> editStroke;                 ///< a drag begins (true) / ends (false)
    std::function<void(int)> cycleBrush;                  ///< +1 / -1
    std::function<void()> undo;                           ///< Ctrl+Z
    std::function<void()> redo;                           ///< Ctrl+Y, Ctrl+Shift+Z
    std::function<void()> save;                           ///< Ctrl+S
    std::function<void()> toggleTuning;                   ///< F2: the live tuning panel (game/ui)
    // Debug tools (game/debug).
    /// Any key not handled above (Ctrl+Z/Y/S, E) is offered here first; true: consumed.
    std::function<bool(const KeyChord&)> debugKey;
    std::function<void(eng::TileCoord)> race;             ///< Shift+click the ground with a selection
};

/// The cells a brush drag from `from` to `to` paints (without `from`, with `to`): a 4-connected
/// line, so walls and roads drawn with a fast drag have no gaps. Empty when from == to.
std::vector<eng::TileCoord> brushLine(eng::TileCoord from, eng::TileCoord to);

class Input {
public:
    Input(Party& party, View& view, InputActions actions);

    /// Scripted input: pan keys pan one step per press; realtime polling is off.
    void setScripted(bool scripted) { m_scripted = scripted; }

    /// Mouse, wheel and key events (window close and resize are the owner's business).
    void handleEvent(const sf::Event& e);
    void mouseMoved(sf::Vector2i px);
    void mousePressed(sf::Mouse::Button b, sf::Vector2i px);
    void mouseReleased(sf::Mouse::Button b, sf::Vector2i px);
    void wheel(sf::Vector2i px, float delta);
    void keyPressed(const KeyChord& k);
    /// A scripted chord is pressed and released at once: forget Ctrl and Shift.
    void releaseModifiers() { m_ctrl = m_shift = false; }
    /// Play mode, every frame: held pan keys and screen-edge scrolling.
    void realtimeCamera(double dtSec, sf::Vector2u windowSize, bool hasFocus);

    /// The pointer in window pixels ({-1, -1} before it moved).
    sf::Vector2i mouse() const { return m_mouse; }
    /// The tile under the pointer, or nullopt.
    std::optional<eng::TileCoord> hover() const { return m_view.pick(m_mouse); }
    bool leftDown() const { return m_leftDown; }
    /// Editor mode is on (`E`).
    bool editing() const { return m_editing; }
    void setEditing(bool on);
    /// The selection box being dragged, window pixels.
    std::optional<sf::IntRect> selectionBox() const;

private:
    void selectInBox(sf::Vector2i a, sf::Vector2i b, bool add);
    void toggleSelect(int index, bool add);
    void order(eng::TileCoord t);
    void say(const std::string& text, bool error = false);
    void pointerChanged();

    Party& m_party;
    View& m_view;
    InputActions m_actions;
    bool m_scripted = false;

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

    bool m_editing = false;
    bool m_painting = false;                  ///< left button held in editor mode
    std::optional<eng::TileCoord> m_lastPainted;
};

} // namespace game
