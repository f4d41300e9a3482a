#pragma once
/// \file TuningKeys.hpp
/// Internal to engine/terrain: ConfigTuning's keys. Which fields a terrain and movement have
/// (kind, the loader's limit), how a dotted key resolves against a config file's terrains and
/// profiles, the TOML path and token a key's value is written as, and the TuningKey that
/// describes a key over the model's state (value now and in the file, the range set() accepts).

#include "engine/core/Result.hpp"
#include "engine/terrain/ConfigTuning.hpp"

#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace isostar::terrain::detail {

/// One field of a terrain or of movement.
struct FieldSpec {
    std::string_view name; ///< "cost", "influence.radius", "diagonal", ...
    TuningKind kind;
    NumberLimit limit;
    /// Number, Whole: the largest value the loader takes (inclusive); none by default.
    double max = std::numeric_limits<double>::infinity();
};

/// A resolved key: which rules, which terrain, which field, and its path in the TOML.
struct KeySpec {
    std::string key;
    std::string profile;
    std::string terrain; ///< "" = movement
    const FieldSpec* field = nullptr;
    std::vector<std::string> path;
};

/// The rules of `profile` in `c` ("" = the base rules); null for a profile `c` lacks.
const TerrainRules* rulesOf(const TerrainConfig& c, const std::string& profile);

/// Resolves a dotted key (`terrain.NAME.FIELD`, `movement.FIELD`, `profile.P.` + either) against
/// the file's terrains and profiles; fails with "KEY: unknown key (why)".
Result<KeySpec> resolveKey(const TerrainConfig& file, std::string_view key);

/// Every key of the rules set `profile` ("" = base); influence keys only where `rules` has one,
/// unless `allInfluenceKeys`.
std::vector<KeySpec> specsOf(const TerrainConfig& file, const TerrainRules& rules, const std::string& profile,
                             bool allInfluenceKeys);

/// The TOML token for a value typed as text, or the error.
Result<std::string> tokenFor(const KeySpec& spec, std::string_view valueText);

/// The TuningKey of a resolved key over the model's state.
TuningKey describe(const KeySpec& s, const TerrainConfig& now, const TerrainConfig& file,
                   const std::vector<std::string>& inFile, const std::vector<std::pair<std::string, TomlValueEdit>>& edits);

} // namespace isostar::terrain::detail
