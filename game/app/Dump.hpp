#pragma once
/// \file Dump.hpp
/// The script command `dump FILE`: the game's state as JSON, for tests and tools. Fields (the
/// e2e tests read them by name):
/// - `map` (path), `time` (game seconds);
/// - `units`: [{`name`, `tile` [x, y], `pos` [x, y], `screen` [px, py], `moving`, `selected`,
///   `goal` [x, y], `profile`, `path_cost` (the remaining path from the unit's tile to its goal
///   under its profile now, null when impassable), `facing`, `animation`, `path` [[x, y], ...]
///   (the unit's tile, the cell it steps into, then the cells still to enter; walking a smoothed
///   line: its plan's grid cells from the last waypoint passed), `smoothed` {`waypoints` [[x, y], ...], `length`, `cost`} (the line of
///   its current plan under movement.smoothing, isostar::path::pullString of its grid path) | null}];
/// - `world`: {`version`, `reloads`, `edits`, `config` (path, or what was used),
///   `reload_frames` (frames drawn while a reload loaded, since the start)};
/// - `hover_tile` [x, y] | null;
/// - `last_path`: {`status`, `cost`, `length`, `expanded`, `micros`, `clicked`, `anchor_moved`,
///   `anchor` (when moved)} | null;
/// - `camera`: {`center` [x, y], `zoom`}; `trace_visible` (the search overlay is on);
/// - `panel`: the tuning panel's values {key: number|bool|string}; `panel_visible`;
/// - `fog`: {`enabled` (the fog of war is on), `known` (the map's cells the party has seen, void cells of staggered and infinite maps not counted; 0 when off)};
/// - `audio`: {`enabled` (sound reaches a device), `muted`, `played` (the names of the last 50
///   sounds started, oldest first: `step_grass`, `volcano_rumble`, `order_refused`, ...; recorded
///   muted and without a device too: the game's choices, game/audio/Mixer.hpp)};
/// - the debug tools' `overlays`, `why`, `step`, `race` (game/debug/DebugJson.hpp);
/// - `messages_on_screen` [text], `messages` [text] (the log).

#include "game/app/GameParts.hpp"

#include <functional>
#include <string>

namespace game {

/// Writes `file` through a temporary file in the same folder renamed into place. `write`
/// writes the temporary file it is given; false (and `error`) when either step failed.
bool writeAtomically(const std::string& file, const std::string& tmpSuffix,
                     const std::function<bool(const std::string& tmpPath)>& write, std::string& error);

/// Writes the dump of `parts` to `file` (atomically). False and `error` when it could not.
bool writeDump(const std::string& file, GameParts parts, std::string& error);

} // namespace game
