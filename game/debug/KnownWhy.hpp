#pragma once
/// \file KnownWhy.hpp
/// "Why this path" as the party knows it while the fog of war is on (the why panel, the dump's
/// `why`): nothing of a cell nobody has seen shows. A step into an unknown cell costs what the
/// belief grid says (FogOfWar::OpenCost: open ground), under the terrain UnknownTerrain, with no
/// influence; a step into a known cell is explained as without the fog (the belief grid holds
/// the real cost there). The straight line is costed the same way: unknown cells are open
/// ground, so it is blocked only where a known cell blocks it (the corner rule is not applied
/// to a line through unknown cells).
///
/// \code
/// const isostar::terrain::PathWhy why = game::debug::explainKnown(field, path, rules, fog, fog.belief(), layer);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/MoveRules.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/terrain/PathWhy.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "game/fog/FogOfWar.hpp"

#include <span>

namespace game::debug {

/// The terrain a step into an unknown cell is put under.
inline constexpr const char* UnknownTerrain = "unknown";

/// Explains `path` (start .. end) over `field` under `rules` as the party knows it: `fog`'s known
/// cells as isostar::terrain::explainPath does, unknown ones at `plan`'s cost on `layer`. A path and
/// straight line through known cells only give exactly explainPath's result. O(path + line)
/// explainPath calls of one step each.
isostar::terrain::PathWhy explainKnown(const isostar::terrain::TerrainField& field, std::span<const isostar::TileCoord> path,
                                   const isostar::path::MoveRules& rules, const FogOfWar& fog,
                                   const isostar::path::NavGrid& plan, int layer);

/// Explains the path of a unit of `size` cells a side (`path`: its footprint's northern
/// corners, start .. end) over `field` under `rules`: each step costs the dearest cell of the
/// footprint after it (as the unit's footprint layer prices it) and is explained as the same
/// step into that cell, its terrain and influences (`plan`'s `layer`: the profile's costs);
/// with `fog` [opt] as explainKnown (unknown cells open ground). The straight line runs
/// through the corners from the first to the last and is priced the same way (blocked at the
/// first corner whose footprint holds an impassable cell; the corner rule is not applied).
isostar::terrain::PathWhy explainFootprint(const isostar::terrain::TerrainField& field,
                                           std::span<const isostar::TileCoord> path, const isostar::path::MoveRules& rules,
                                           const FogOfWar* fog, const isostar::path::NavGrid& plan, int layer, int size);

} // namespace game::debug
