#pragma once
/// \file DebugJson.hpp
/// The debug tools' fields of the script command `dump` (JSON, nlohmann):
/// - `overlays`: the names of the overlays on, e.g. ["heat", "search"].
/// - `why`: "why this path" of the selection's leader's remaining path, as
///   isostar::terrain::whyJson: {"total", "base_by_terrain": {name: cost}, "influence_by_source":
///   [{"source": [x, y], "terrain", "delta"}], "straight_line_cost": number|null}, plus
///   "unit", "profile", "path_cost" (the same path summed step by step as `units[].path_cost`)
///   and "text" (the plain words); null without a selected unit that walks.
/// - `step`: the stepped search: {"mode", "status", "start", "goal", "profile", "expanded",
///   "order": [[x, y], ...] (every closed cell in order), "current": [x, y]|null,
///   "opened_last": [[x, y], ...], "cost"|null (when it ended with a path)}; null when step-through
///   never began a search.
/// - `race`: {"start", "goal", "profile", "lanes": [{"name", "key", "status", "cost"|null,
///   "expanded", "micros", "optimal", "path_length"}]}; null when no race is shown.

#include "game/debug/DebugTools.hpp"

#include <nlohmann/json.hpp>

namespace game::debug {

/// Adds `overlays`, `why`, `step` and `race` (see above) to `j`.
void addDumpFields(nlohmann::json& j, DebugTools& tools, const DebugFrame& f);

} // namespace game::debug
