#pragma once
/// \file Input.hpp
/// Input in play and editor modes: mouse and keyboard (real events and scripted ones go through
/// the same handlers). Input keeps what only the pointer knows (where a button went down, the
/// editor's drag, a drag's last pixel) and turns every key, held key and gesture into a Command
/// through the binding table (Bindings.hpp): it runs the camera's and the pointer's own
/// (runView: pan, zoom, centre, look at, box select) and hands every other to one sink. It
/// works on a Party and a View alone, so tests drive it without a window.
///
/// \code
/// std::vector<game::Command> said;
/// game::Input input(party, view, [&](const game::Command& c) { said.push_back(c); });
/// input.mouseMoved({640, 360});
/// input.mousePressed(sf::Mouse::Left, {640, 360});
/// input.mouseReleased(sf::Mouse::Left, {640, 360});   // cmd::SelectUnit or cmd::Order
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "game/input/Bindings.hpp"
#include "game/input/Command.hpp"
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

/// Where Input's commands go.
using CommandSink = std::function<void(const Command&)>;

/// The cells a brush drag from `from` to `to` paints (without `from`, with `to`): a 4-connected
/// line, so walls and roads drawn with a fast drag have no gaps. Empty when from == to.
std::vector<isostar::TileCoord> brushLine(isostar::TileCoord from, isostar::TileCoord to);

class Input {
public:
    Input(Party& party, View& view, CommandSink sink);

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
    /// Runs a command of the camera or the pointer (Pan `amount` steps, Zoom by `amount` steps
    /// around `at` or the pointer, CenterView, LookAt, SelectBox); false for any other command
    /// (nothing done).
    bool runView(const Command& c, float amount = 1.f, std::optional<sf::Vector2i> at = std::nullopt);

    /// The pointer in window pixels ({-1, -1} before it moved).
    sf::Vector2i mouse() const { return m_mouse; }
    /// The tile under the pointer, or nullopt (off the map, or over the minimap: no path
    /// preview across the map while the pointer crosses it).
    std::optional<isostar::TileCoord> hover() const;
    bool leftDown() const { return m_left.down; }
    /// Editor mode is on (`E`).
    bool editing() const { return m_editing; }
    /// Editor mode on or off (a drag going on ends: cmd::EndStroke).
    void setEditing(bool on);
    /// The help overlay shows (H): the table's Help rows apply (Esc closes it).
    bool helpShown() const { return m_helpShown; }
    void setHelpShown(bool on) { m_helpShown = on; }
    /// The selection box being dragged, window pixels.
    std::optional<sf::IntRect> selectionBox() const;

private:
    void selectInBox(sf::Vector2i a, sf::Vector2i b, bool add);
    /// The command bound to gesture `g` with the current modifiers (Shift as `shift`).
    std::optional<Command> bound(Gesture g, bool shift) const;
    /// Runs or emits the command bound to `g`, at `tile` when it names one. False when nothing
    /// is bound.
    bool gesture(Gesture g, isostar::TileCoord tile, bool shift);
    /// Runs `c` when it is the camera's or the pointer's (runView), else hands it to the sink.
    void emit(const Command& c);
    /// `g` is bound to a pan with the pointer (cmd::Pan{}).
    bool pansWith(Gesture g) const;
    /// The view centres on the selection (on the party when none is selected).
    void centerOnSelection();
    void releaseLeft(sf::Vector2i px);
    void releaseRight();
    void say(const std::string& text);
    void pointerChanged();
    /// The cell a click at the pointer means: the minimap's cell over the minimap, else hover().
    std::optional<isostar::TileCoord> clickedCell() const;
    /// The player moved the view (pan, drag, edge scroll, zoom around the cursor, the minimap):
    /// follow mode ends, and says so.
    void viewMoved();
    /// The camera goes where window pixel `px` points on the minimap.
    void minimapJump(sf::Vector2i px);

    Party& m_party;
    View& m_view;
    CommandSink m_sink;
    bool m_scripted = false;

    /// A mouse button held down: where it went down, and whether it moved far enough to drag
    /// (left: a selection box; right: a camera pan), or went down on the minimap (left: the
    /// view follows the pointer over it).
    struct ButtonDrag {
        bool down = false;
        bool dragging = false;
        bool minimap = false;
        sf::Vector2i press;
    };

    sf::Vector2i m_mouse{-1, -1};
    bool m_mouseInside = false;
    ButtonDrag m_left;
    ButtonDrag m_right;
    bool m_middleDown = false;
    sf::Vector2i m_lastDrag;
    bool m_ctrl = false;
    bool m_shift = false;

    bool m_editing = false;
    bool m_helpShown = false;
    bool m_painting = false;                  ///< left button held in editor mode
    std::optional<isostar::TileCoord> m_lastPainted;
};

} // namespace game
