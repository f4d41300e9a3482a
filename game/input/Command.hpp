#pragma once
/// \file Command.hpp
/// The game's actions in one vocabulary: what a key, a mouse gesture, a script line or a panel
/// asks the game to do. Input emits them (game/input/Bindings.hpp maps keys and gestures to
/// them), the script runner turns its lines into them, and the App's dispatcher
/// (game/app/Commands.hpp) runs each with one handler. Plain values: they copy and compare.
///
/// \code
/// game::Command c = game::cmd::Order{{12, 7}};
/// if (const auto* o = std::get_if<game::cmd::Order>(&c)) walkTo(o->tile);
/// \endcode

#include "engine/core/TileCoord.hpp"

#include <string>
#include <variant>

namespace game::cmd {

// Orders and selection
/// The selection walks to `tile` (a click on the ground, `move X Y`); in step-through mode it
/// begins a stepped search there instead.
struct Order { isostar::TileCoord tile; bool operator==(const Order&) const = default; };
/// Races the four searches from the selection's leader to `tile` (Shift+click, `race X Y`).
struct Race { isostar::TileCoord tile; bool operator==(const Race&) const = default; };
struct SelectAll { bool operator==(const SelectAll&) const = default; };
struct SelectNone { bool operator==(const SelectNone&) const = default; };
/// Only the unit called `name` (an error when there is none).
struct SelectName { std::string name; bool operator==(const SelectName&) const = default; };
/// Unit `index` (number keys, a click on a unit): alone, or toggled in the selection (`add`).
struct SelectUnit { int index = 0; bool add = false; bool operator==(const SelectUnit&) const = default; };

// Panels and modes
struct Reload { bool operator==(const Reload&) const = default; };
/// The help overlay (every key, grouped, over the map) shown or closed.
struct ToggleHelp { bool operator==(const ToggleHelp&) const = default; };
struct ToggleTuning { bool operator==(const ToggleTuning&) const = default; };
struct ToggleEditor { bool operator==(const ToggleEditor&) const = default; };

// The view
/// Follow mode on or off (F): the camera stays on the selection's leader while it walks.
struct ToggleFollow { bool operator==(const ToggleFollow&) const = default; };
/// Follow mode on or off (`follow on|off`).
struct Follow { bool on = true; bool operator==(const Follow&) const = default; };
/// The minimap shown or hidden (M), said.
struct ToggleMinimap { bool operator==(const ToggleMinimap&) const = default; };
/// The minimap shown or hidden (`minimap on|off`), silently.
struct ShowMinimap { bool on = true; bool operator==(const ShowMinimap&) const = default; };
/// The hint bar at the bottom shown or hidden.
struct ToggleHintBar { bool operator==(const ToggleHintBar&) const = default; };

// The camera and the pointer's own gestures (Input runs them: Input::runView)
/// The view pans one step by (dx, dy) (a key: a press in a script, held in play); (0, 0): the
/// pointer says how far (a middle- or right-drag, the pointer at a window edge).
struct Pan { int dx = 0; int dy = 0; bool operator==(const Pan&) const = default; };
/// The view zooms `steps` steps in (> 0) or out (< 0), around the window's centre, or around the
/// pointer (`atPointer`: the wheel; over the minimap the centre stays).
struct Zoom { int steps = 1; bool atPointer = false; bool operator==(const Zoom&) const = default; };
/// The view centres on the selection (on the whole party when none is selected).
struct CenterView { bool operator==(const CenterView&) const = default; };
/// The view centres on `tile` (a click or drag on the minimap: on the exact point under it).
struct LookAt { isostar::TileCoord tile; bool operator==(const LookAt&) const = default; };
/// Selects the units inside the window box from (x0, y0) to (x1, y1), pixels (a left drag in
/// play), or toggles them into the selection (`add`).
struct SelectBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool add = false;
    bool operator==(const SelectBox&) const = default;
};

// Sound
/// Sound muted or not, whichever it is not (U); said, and kept in the settings file.
struct ToggleMute { bool operator==(const ToggleMute&) const = default; };

// Fog of war
/// Fog of war on or off, whichever it is not (a key).
struct ToggleFog { bool operator==(const ToggleFog&) const = default; };
/// Fog of war on (`on`) or off (`fog on|off`).
struct SetFog { bool on = true; bool operator==(const SetFog&) const = default; };

// Debug tools (game/debug)
/// Turns the overlay `name` (heat, influence, search, numbers) on or off and says so.
struct ToggleOverlay { std::string name; bool operator==(const ToggleOverlay&) const = default; };
/// Turns the overlay `name` on, or every overlay off for "none" (`overlay NAME`), silently.
struct ShowOverlay { std::string name; bool operator==(const ShowOverlay&) const = default; };
struct ToggleWhy { bool operator==(const ToggleWhy&) const = default; };
/// Step-through mode on or off.
struct StepMode { bool operator==(const StepMode&) const = default; };
/// `expansions` more expansions of the stepped search.
struct Step { int expansions = 1; bool operator==(const Step&) const = default; };
/// Plays or pauses the stepped search.
struct StepPlay { bool operator==(const StepPlay&) const = default; };
/// The next play speed of the stepped search.
struct StepSpeed { bool operator==(const StepSpeed&) const = default; };
struct ClearRace { bool operator==(const ClearRace&) const = default; };

// Editing the world
/// The editor's click: a volcano at `tile` erupts or goes dormant, any other cell is painted
/// with the brush.
struct BrushClick { isostar::TileCoord tile; bool operator==(const BrushClick&) const = default; };
/// Paints `tile` with `terrain` as the brush would choose its tile, or with the brush's own
/// tile when `terrain` is empty (a drag).
struct Paint { isostar::TileCoord tile; std::string terrain; bool operator==(const Paint&) const = default; };
/// Clears the overlay tile of `tile`.
struct Erase { isostar::TileCoord tile; bool operator==(const Erase&) const = default; };
/// The volcano at `tile` erupts (`on`) or goes dormant.
struct Erupt { isostar::TileCoord tile; bool on = true; bool operator==(const Erupt&) const = default; };
/// The brush moves `step` places along the palette.
struct CycleBrush { int step = 1; bool operator==(const CycleBrush&) const = default; };
/// A drag begins / ends: the edits between undo as one.
struct BeginStroke { bool operator==(const BeginStroke&) const = default; };
struct EndStroke { bool operator==(const EndStroke&) const = default; };
struct Undo { bool operator==(const Undo&) const = default; };
struct Redo { bool operator==(const Redo&) const = default; };
/// Saves the map over its own file (Ctrl+S).
struct Save { bool operator==(const Save&) const = default; };
/// Saves the map as `path` (`save FILE`).
struct SaveAs { std::string path; bool operator==(const SaveAs&) const = default; };

// What input tells its owner
/// A message for the player (input's own refusals: "that is outside the map").
struct Notify { std::string text; bool error = false; bool operator==(const Notify&) const = default; };
/// The pointer or the camera moved: the hovered tile and the path preview follow.
struct PointerMoved { bool operator==(const PointerMoved&) const = default; };

} // namespace game::cmd

namespace game {

using Command = std::variant<cmd::Order, cmd::Race, cmd::SelectAll, cmd::SelectNone, cmd::SelectName, cmd::SelectUnit,
                             cmd::Reload, cmd::ToggleHelp, cmd::ToggleTuning, cmd::ToggleEditor, cmd::ToggleFollow,
                             cmd::Follow, cmd::ToggleMinimap, cmd::ShowMinimap, cmd::ToggleOverlay,
                             cmd::ShowOverlay, cmd::ToggleWhy, cmd::StepMode, cmd::Step, cmd::StepPlay, cmd::StepSpeed,
                             cmd::ClearRace, cmd::BrushClick, cmd::Paint, cmd::Erase, cmd::Erupt, cmd::CycleBrush,
                             cmd::BeginStroke, cmd::EndStroke, cmd::Undo, cmd::Redo, cmd::Save, cmd::SaveAs,
                             cmd::Notify, cmd::PointerMoved, cmd::ToggleFog, cmd::SetFog, cmd::ToggleHintBar,
                             cmd::Pan, cmd::Zoom, cmd::CenterView, cmd::LookAt, cmd::SelectBox, cmd::ToggleMute>;

/// `c` with its tile set to `tile` when it names one (Order, Race, BrushClick, Paint, Erase,
/// Erupt, LookAt); other commands unchanged. Bindings of mouse gestures hold a placeholder tile.
Command atTile(Command c, isostar::TileCoord tile);

} // namespace game
