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
///   overlay heat|influence|search|numbers|none turn an overlay on (several lines: several at
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
///   quit                                       end, exit code 0
///
/// Parsing checks everything up front, so a bad line fails before anything runs:
/// `tour.script:7: error: move: expected 2 integers, got "3"`.

#include "engine/core/Result.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace game {

enum class CommandType {
    SelectAll, SelectNone, SelectName, Move, Click, RClick, Drag, MouseMove, Wheel, Key, Wait, Screenshot, Dump, Quit,
    Sleep, Paint, Erase, Erupt, Undo, Redo, Save, Overlay, Step, Race, PanelSet, PanelSave
};

struct ScriptCommand {
    CommandType type = CommandType::Quit;
    int line = 0;          ///< 1-based line in the script
    int a = 0, b = 0;      ///< X Y (tile or pixel), or wheel delta in `c`
    int c = 0, d = 0;      ///< second point of `drag`; `wheel` delta in c; `erupt`: 1 on, 0 off
    double seconds = 0.0;  ///< wait, sleep [Limit: >= 0, <= 3600]
    std::string text;      ///< NAME / FILE / key name / TERRAIN / "on" "off" / overlay name
    std::string value;     ///< `panel set`: the VALUE (`text` holds the KEY)
    bool operator==(const ScriptCommand&) const = default;
};

/// Parses a whole script. `path` names the file in diagnostics. `isKeyName` decides whether a
/// `key` argument is known (the game passes its SFML key table).
eng::Result<std::vector<ScriptCommand>> parseScript(const std::string& text, const std::string& path,
                                                    bool (*isKeyName)(const std::string&) = nullptr);
/// Reads and parses a script file (a missing file is one diagnostic).
eng::Result<std::vector<ScriptCommand>> loadScript(const std::string& path,
                                                   bool (*isKeyName)(const std::string&) = nullptr);

std::ostream& operator<<(std::ostream& os, const ScriptCommand& c);

} // namespace game
