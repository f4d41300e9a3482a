#pragma once
/// \file Bindings.hpp
/// The one table of keys and mouse gestures: each row binds a trigger ("Ctrl+Z", "Shift+click")
/// in a mode (play, editor, both, or while the help overlay shows) to a Command, with what it
/// does and its group. Input handles no key or gesture outside it: it looks a pressed chord, a
/// held key or a gesture up here and runs or emits the row's command. The hint bar, the help
/// overlay (H) and README's key table are written from the rows (game/input/KeyHelp.hpp), so a
/// key named anywhere is the key that works. Adding a key is one row (and, for a new action,
/// one handler in game/app/Commands.cpp).
///
/// Rows are tried in order, the first match wins. A row's modifiers must be down; the others
/// must be up unless the row lets them be anything (`anyMods`): `C` heat map with Shift or
/// without, `T` search overlay with any modifier.
///
/// \code
/// game::KeyChord k = *game::parseKeyChord("Ctrl+Z");
/// if (std::optional<game::Command> c = game::commandForKey(k, editing)) sink(*c);   // cmd::Undo
/// \endcode

#include "game/input/Command.hpp"
#include "game/input/KeyNames.hpp"

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace game {

/// What starts a binding: a key or one of the mouse gestures Input recognises.
enum class Gesture {
    Key,         ///< a key chord
    Click,       ///< left click on the ground ("click")
    RightClick,  ///< right click on the ground, no pan ("rclick")
    Drag,        ///< the pointer entered a cell with the left button held ("drag")
    WheelUp,     ///< mouse wheel away from the user ("wheelup")
    WheelDown,   ///< mouse wheel towards the user ("wheeldown")
    ClickUnit,   ///< left click on a unit ("unitclick")
    MiddleDrag,  ///< the pointer moved with the middle button held ("mdrag")
    RightDrag,   ///< the pointer moved past the drag threshold with the right button held ("rdrag")
    MinimapClick,///< left button down on the minimap, and moves while it stays down ("mapclick")
    Edge,        ///< the pointer at a window edge, in play ("edge")
    Hover,       ///< the pointer or the view moved ("hover")
};

/// A parsed trigger: the gesture and its modifiers (and the key, for Gesture::Key).
struct Trigger {
    Gesture gesture = Gesture::Key;
    KeyChord chord;
    bool operator==(const Trigger&) const = default;
};

/// "Ctrl+Z", "F5", "Shift+click", "Ctrl+wheelup": a key chord as parseKeyChord reads it, or a
/// gesture name (click, rclick, drag, wheelup, wheeldown, unitclick, mdrag, rdrag, mapclick,
/// edge, hover) after the same modifier prefixes.
std::optional<Trigger> parseTrigger(const std::string& text);

/// Where a row applies. Help rows apply while the help overlay shows (in play and in the editor)
/// and come first in the table, so they win over the others there.
enum class Mode { Any, Play, Editor, Help };

/// The groups of the help overlay and of README's key table, in their order.
enum class KeyGroup { Help, Select, View, Debug, World, Editor };
/// "Select and move", "Camera and view", ...
const char* groupTitle(KeyGroup group);

/// Modifier bits of Binding::anyMods.
inline constexpr unsigned ModCtrl = 1, ModShift = 2, ModAlt = 4;

/// Which hint bar shows a row (Binding::bars).
inline constexpr unsigned BarPlay = 1, BarEditor = 2;

struct Binding {
    std::string trigger;   ///< parseTrigger's text
    Mode mode = Mode::Any;
    unsigned anyMods = 0;  ///< modifiers whose state does not matter
    Command command;       ///< gestures on a cell: its tile is filled in (atTile)
    KeyGroup group = KeyGroup::Select;
    std::string what;      ///< what it does, as the help overlay and README say it
    std::string hint;      ///< its word on the hint bar ("follow"), with `bars`; "" = not there
    unsigned bars = 0;     ///< BarPlay, BarEditor: the hint bars that show it
};

/// Every binding, in the order they are tried.
const std::vector<Binding>& bindings();

/// The command bound to `pressed` in the current mode (editor or play; the help overlay shown
/// or not), or nullopt.
std::optional<Command> commandFor(const Trigger& pressed, bool editing, bool helpShown = false);
/// The same for a key chord.
std::optional<Command> commandForKey(const KeyChord& pressed, bool editing, bool helpShown = false);
/// The `wanted` commands of the keys held now, each once, in table order: for each held key of
/// a row with a wanted command, what the first row matching it with the modifiers held binds.
/// `down` says whether a key is down (asked about those keys and LControl / RControl, LShift /
/// RShift, LAlt / RAlt only).
std::vector<Command> heldCommands(const std::function<bool(sf::Keyboard::Key)>& down, bool editing,
                                  const std::function<bool(const Command&)>& wanted);

/// How a message names the first key of each command: "Ctrl+Z/Y" for Undo, Redo (a modifier
/// prefix shared with the previous one is not repeated), joined by `separator`.
std::string keysFor(std::initializer_list<Command> commands, const std::string& separator = "/");

/// `labels` joined by `separator`, a prefix shared with the previous one not repeated
/// ("Ctrl+Z/Y", "wheel up/down", "C/I/T").
std::string joinLabels(const std::vector<std::string>& labels, const std::string& separator = "/");

/// How the help, the hint bar and README write a trigger: "Esc", "=", "keypad +",
/// "Shift+click a unit", "wheel up", "middle-drag"; other keys as written ("Ctrl+Z").
std::string keyLabel(const std::string& trigger);

/// The label of the first row bound to `command` ("G" for StepMode), "" when none: messages
/// that name a key take it from here.
inline std::string keyOf(const Command& command)
{
    return keysFor({command});
}

} // namespace game
