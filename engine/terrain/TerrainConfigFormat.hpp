#pragma once
/// \file TerrainConfigFormat.hpp
/// Writes a TerrainConfig as the TOML text of a config file (the format of `maps/terrain.toml`),
/// for configs that come from no file: the built-in defaults, which the tuning panel can then
/// edit and save like a file (ConfigTuning::fromConfig).
///
/// The text holds no comments. Base terrains write only what differs from a fresh terrain
/// (cost when set, multiplier when not 1, passable when false, covers when true, glyph when set,
/// influence as one inline table); `[movement]` writes all four keys. A profile writes its
/// `description` and only the values in which its resolved rules differ from the base rules
/// (`influence = false` where the base has an influence the profile has not).
///
/// Guarantee: parseTerrainConfig(formatTerrainConfig(c)) == c for every config the loader can
/// produce (every config whose profiles have the base's terrains, in the base's order, and
/// keep every base cost: a profile cannot remove a cost in the file format). Numbers are written
/// in the shortest form that reads back exactly.
///
/// \code
/// std::string text = isostar::terrain::formatTerrainConfig(isostar::terrain::defaultTerrainConfig());
/// \endcode

#include "engine/terrain/TerrainRules.hpp"

#include <string>

namespace isostar::terrain {

/// The config as TOML text ('\n' line ends, ends with a newline).
std::string formatTerrainConfig(const TerrainConfig& config);

} // namespace isostar::terrain
