#pragma once
/// \file Bindings.hpp
/// The one table of keys and mouse gestures: each row binds a trigger ("Ctrl+Z", "Shift+click")
/// in a mode (play, editor or both) to a Command. Input looks a pressed chord or a finished
/// gesture up here and emits the row's command; the help line lists the keys from the rows, so
/// a key named in it is the key that works. Adding a key is one row (and, for a new action, one
/// handler in game/app/Commands.cpp).
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
};

/// A parsed trigger: the gesture and its modifiers (and the key, for Gesture::Key).
struct Trigger {
    Gesture gesture = Gesture::Key;
    KeyChord chord;
    bool operator==(const Trigger&) const = default;
};

/// "Ctrl+Z", "F5", "Shift+click", "Ctrl+wheelup": a key chord as parseKeyChord reads it, or a
/// gesture name (click, rclick, drag, wheelup, wheeldown) after the same modifier prefixes.
std::optional<Trigger> parseTrigger(const std::string& text);

enum class Mode { Any, Play, Editor };

/// Modifier bits of Binding::anyMods.
inline constexpr unsigned ModCtrl = 1, ModShift = 2, ModAlt = 4;

struct Binding {
    std::string trigger;   ///< parseTrigger's text, also how the help line writes it
    Mode mode = Mode::Any;
    unsigned anyMods = 0;  ///< modifiers whose state does not matter
    Command command;       ///< gestures on a cell: its tile is filled in (atTile)
};

/// Every binding, in the order they are tried.
const std::vector<Binding>& bindings();

/// The command bound to `pressed` in the current mode, or nullopt.
std::optional<Command> commandFor(const Trigger& pressed, bool editing);
/// The same for a key chord.
std::optional<Command> commandForKey(const KeyChord& pressed, bool editing);

/// How the help line names the first key of each command: "Ctrl+Z/Y" for Undo, Redo (a
/// modifier prefix shared with the previous one is not repeated), joined by `separator`.
std::string keysFor(std::initializer_list<Command> commands, const std::string& separator = "/");

/// The trigger of the first row bound to `command` ("G" for StepMode), "" when none: messages
/// that name a key take it from here.
inline std::string keyOf(const Command& command)
{
    return keysFor({command});
}

/// The help line of play mode and of editor mode.
std::string playHelp();
std::string editorHelp();

} // namespace game
