#pragma once
/// \file TerrainConfigFile.hpp
/// Reads terrain rules from TOML (toml++). The format is documented in `maps/terrain.toml`.
///
/// Every problem becomes a Diagnostic naming the file and line, and all of them are reported at
/// once: TOML syntax errors (`terrain.toml:12: error: column 5: ...`), unknown keys, values of the
/// wrong type, a cost or multiplier that is zero, negative, NaN or infinite, a negative radius, an
/// influence whose factor would not stay > 0 over its radius, unknown enum names (effect,
/// diagonal, heuristic) and profiles overriding terrains that do not exist. Messages name the
/// key by its dotted path: `terrain.snow.cost: must be a finite number > 0, got -1`.
///
/// \code
/// isostar::Result<isostar::terrain::TerrainConfig> config = isostar::terrain::loadTerrainConfig("maps/terrain.toml");
/// if (!config) { std::cerr << isostar::formatDiagnostics(config.diagnostics()); return 2; }
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/terrain/TerrainRules.hpp"

#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace isostar::terrain {

/// The range a number of the config must lie in; every number must also be finite. The loader
/// checks numbers with these (checkNumber), and ConfigTuning shows them as the limits of its keys.
struct NumberLimit {
    double min = -std::numeric_limits<double>::infinity(); ///< lower bound; -infinity = none
    bool minExclusive = false;                             ///< true: v > min; false: v >= min
    bool operator==(const NumberLimit&) const = default;
};

/// `cost`, `multiplier`, `diagonal_factor`, `weight`: a finite number > 0.
inline constexpr NumberLimit PositiveNumber{0.0, true};
/// Influence `radius`: a finite number >= 0.
inline constexpr NumberLimit NonNegativeNumber{0.0, false};
/// Influence `base`, `offset`, `scale`: any finite number (their factor is checked as a whole).
inline constexpr NumberLimit FiniteNumber{};

/// nullopt when `v` is finite and within `limit`; else the loader's message without the key:
/// "must be a finite number > 0, got -1", "must be a finite number >= 0, got nan",
/// "must be a finite number, got inf".
std::optional<std::string> checkNumber(double v, NumberLimit limit);

/// Parses config text. `fileName` is only used in diagnostics.
Result<TerrainConfig> parseTerrainConfig(std::string_view text, const std::string& fileName);

/// The text of a config file as one read (a missing or unreadable file is an error naming the
/// path: "cannot open terrain config", "cannot read terrain config"). A caller that needs both
/// the text and its config parses this text itself (resolveTerrainConfig keeps it), so the two
/// can never come from different versions of a file that changes.
Result<std::string> readTerrainConfigText(const std::string& path);

/// Reads and parses a file: parseTerrainConfig(readTerrainConfigText(path)).
Result<TerrainConfig> loadTerrainConfig(const std::string& path);

} // namespace isostar::terrain
