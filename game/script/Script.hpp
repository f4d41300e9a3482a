#pragma once
/// \file Script.hpp
/// The scripted mode's language: one command per line, `#` starts a comment.
///
///   select all | select none | select NAME     choose units
///   move X Y                                   order the selection to tile (X, Y)
///   click PX PY | rclick PX PY                 left / right click at window pixels
///   drag PX PY PX2 PY2                         left-drag a selection box
///   mousemove PX PY                            move the mouse (hover, preview)
///   wheel PX PY DELTA                          mouse wheel (zoom around PX PY)
///   key NAME                                   press a key: A..Z, 0..9, F1..F12, Space, Escape,
///                                              Tab, Left, Right, Up, Down; "Ctrl+A" style combos
///   wait SECONDS                               advance game time with a fixed step
///   sleep SECONDS                              real wall-clock time: the game runs frame by frame
///                                              (real elapsed time, drawing, watching files), so
///                                              another process can change a watched file meanwhile
///   paint X Y TERRAIN                          what the brush does on that cell (tile chosen as
///                                              the brush would; road/wall variants autotiled)
///   erase X Y                                  clear the cell's overlay tile
///   erupt X Y on|off                           a volcano at (X, Y) erupts / goes dormant
///   undo | redo                                the last edit
///   save FILE                                  the map as .tmx (atomic, the old file kept as .bak)
///   screenshot FILE | dump FILE                write a PNG / the state as JSON (atomically)
///   overlay heat|influence|search|numbers|field|clearance|none
///                                              turn an overlay on (several lines: several at
///                                              once), or all off
///   step N                                     N more expansions of the stepped search (a `key G`
///                                              then a `move` or click begins it) [Limit: 0..1e6]
///   race X Y                                   race A*, Dijkstra, greedy and weighted A* from the
///                                              selected unit to tile (X, Y)
///   panel set KEY VALUE                        a value of the tuning panel (F2), the same path as
///                                              its widgets: KEY as in the TOML (terrain.snow.cost,
///                                              terrain.volcano_erupting.influence.radius,
///                                              movement.heuristic, profile.dwarf.terrain.snow.cost);
///                                              a value the config loader refuses is an error
///   panel save FILE                            the tuned config as TOML (atomic, .bak kept; only
///                                              the changed values differ from the config file)
///   follow on|off                              follow mode (F): the view keeps the selection's
///                                              leader centred
///   minimap on|off                             show or hide the minimap (M)
///   fog on|off                                 fog of war on / off
///   quit                                       end, exit code 0
///
/// Parsing checks everything up front, so a bad line fails before anything runs:
/// `tour.script:7: error: move: expected 2 integers, got "3"`. Each line becomes one typed
/// command (game::script::Command), the variant of the structs below.
///
/// \code
/// auto parsed = game::loadScript("maps/tour.script", &game::isKeyName);
/// for (const game::ScriptCommand& c : parsed.value())
///     if (const auto* m = std::get_if<game::script::Move>(&c.command)) order(m->x, m->y);
/// \endcode

#include "engine/core/Result.hpp"

#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

namespace game::script {

struct SelectAll { bool operator==(const SelectAll&) const = default; };
struct SelectNone { bool operator==(const SelectNone&) const = default; };
/// `select NAME`: only the unit called NAME.
struct SelectName { std::string name; bool operator==(const SelectName&) const = default; };
/// `move X Y`: the selection walks to tile (x, y).
struct Move { int x = 0, y = 0; bool operator==(const Move&) const = default; };
/// `click PX PY`: a left click at window pixels.
struct Click { int px = 0, py = 0; bool operator==(const Click&) const = default; };
/// `rclick PX PY`: a right click at window pixels.
struct RClick { int px = 0, py = 0; bool operator==(const RClick&) const = default; };
/// `drag PX PY PX2 PY2`: the left button held from (px, py) to (px2, py2).
struct Drag { int px = 0, py = 0, px2 = 0, py2 = 0; bool operator==(const Drag&) const = default; };
/// `mousemove PX PY`.
struct MouseMove { int px = 0, py = 0; bool operator==(const MouseMove&) const = default; };
/// `wheel PX PY DELTA`.
struct Wheel { int px = 0, py = 0, delta = 0; bool operator==(const Wheel&) const = default; };
/// `key NAME`: a chord as the key table names it ("T", "Ctrl+A").
struct Key { std::string chord; bool operator==(const Key&) const = default; };
/// `wait SECONDS`: game time with the fixed step [Limit: 0..3600].
struct Wait { double seconds = 0.0; bool operator==(const Wait&) const = default; };
/// `sleep SECONDS`: real time, frame by frame [Limit: 0..3600].
struct Sleep { double seconds = 0.0; bool operator==(const Sleep&) const = default; };
/// `paint X Y TERRAIN`.
struct Paint { int x = 0, y = 0; std::string terrain; bool operator==(const Paint&) const = default; };
/// `erase X Y`.
struct Erase { int x = 0, y = 0; bool operator==(const Erase&) const = default; };
/// `erupt X Y on|off`.
struct Erupt { int x = 0, y = 0; bool on = false; bool operator==(const Erupt&) const = default; };
struct Undo { bool operator==(const Undo&) const = default; };
struct Redo { bool operator==(const Redo&) const = default; };
/// `save FILE`: the map as .tmx.
struct Save { std::string file; bool operator==(const Save&) const = default; };
/// `screenshot FILE`.
struct Screenshot { std::string file; bool operator==(const Screenshot&) const = default; };
/// `dump FILE`.
struct Dump { std::string file; bool operator==(const Dump&) const = default; };
/// `overlay NAME`: heat, influence, search, numbers, field, clearance or none.
struct Overlay { std::string name; bool operator==(const Overlay&) const = default; };
/// `step N` [Limit: 0..1000000].
struct Step { int expansions = 0; bool operator==(const Step&) const = default; };
/// `race X Y`.
struct Race { int x = 0, y = 0; bool operator==(const Race&) const = default; };
/// `panel set KEY VALUE`.
struct PanelSet { std::string key, value; bool operator==(const PanelSet&) const = default; };
/// `panel save FILE`.
struct PanelSave { std::string file; bool operator==(const PanelSave&) const = default; };
/// `follow on|off`.
struct Follow { bool on = true; bool operator==(const Follow&) const = default; };
/// `minimap on|off`.
struct Minimap { bool on = true; bool operator==(const Minimap&) const = default; };
struct Quit { bool operator==(const Quit&) const = default; };
/// `fog on|off`.
struct Fog { bool on = true; bool operator==(const Fog&) const = default; };

/// One script command, by its line's first word.
using Command = std::variant<SelectAll, SelectNone, SelectName, Move, Click, RClick, Drag, MouseMove, Wheel, Key, Wait,
                             Sleep, Paint, Erase, Erupt, Undo, Redo, Save, Screenshot, Dump, Overlay, Step, Race,
                             PanelSet, PanelSave, Follow, Minimap, Quit, Fog>;

/// The command's first word ("move", "panel", ...).
const char* commandName(const Command& c);

} // namespace game::script

namespace game {

/// One parsed line of a script.
struct ScriptCommand {
    int line = 0;  ///< 1-based line in the script
    script::Command command;
    bool operator==(const ScriptCommand&) const = default;
};

/// Parses a whole script. `path` names the file in diagnostics. `isKeyName` decides whether a
/// `key` argument is known (the game passes its SFML key table).
isostar::Result<std::vector<ScriptCommand>> parseScript(const std::string& text, const std::string& path,
                                                    bool (*isKeyName)(const std::string&) = nullptr);
/// Reads and parses a script file (a missing file is one diagnostic).
isostar::Result<std::vector<ScriptCommand>> loadScript(const std::string& path,
                                                   bool (*isKeyName)(const std::string&) = nullptr);

/// "line 4: move 3 4": the line and the command as a script would write it.
std::ostream& operator<<(std::ostream& os, const ScriptCommand& c);

} // namespace game
