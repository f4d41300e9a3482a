#pragma once
/// \file ConfigTuning.hpp
/// Live tuning of a terrain config file: every tunable value as a key of the TOML
/// (`terrain.snow.cost`, `movement.heuristic`, `profile.dwarf.terrain.road.multiplier`), set
/// with exactly the loader's checks and messages, reset to the file's values, and saved back into
/// the file with only the changed values' tokens replaced (comments, order and layout stay).
///
/// How it holds the limits: the model keeps the file's text and the edits (key -> TOML token).
/// Each `set` writes the edits into the text (editTomlValues, TomlTextEdit.hpp) and parses that
/// text with parseTerrainConfig; a value the loader refuses is refused with the loader's message
/// (`terrain.snow.cost: must be a finite number > 0, got -1`, the influence rule "factor must be
/// > 0 for every d in [0, radius]", unknown effect / diagonal / heuristic names), and the state
/// stays as it was. So `config()` is by construction what parseTerrainConfig returns for `text()`,
/// the text `save` writes. Cost: a set is one or two parses of the text.
///
/// Keys (NAME: a terrain of the file, P: a profile of the file):
/// - `terrain.NAME.cost | multiplier | passable`
/// - `terrain.NAME.influence.radius | effect | base | offset | scale` (listed by keys() only for
///   terrains that have an influence; the loader refuses a new influence without radius, effect
///   and base, and a key below `influence = false`)
/// - `movement.diagonal | diagonal_factor | heuristic | weight | smoothing | sight` (smoothing:
///   on | off; sight: a whole number of cells, 1..MaxSight, the fog of war's radius)
/// - `profile.P.terrain.NAME.KEY` and `profile.P.movement.KEY`: the profile's overrides (a base
///   value the profile does not override reaches the profile, as in the file).
/// A key the file does not write (snow's multiplier) can be set: it is inserted into the text.
///
/// Not thread-safe; one owner (the game's panel and script), like the TerrainConfig it produces.
///
/// \code
/// void rebuildCosts(const isostar::terrain::TerrainConfig& config);    // yours: e.g. TerrainField::setRules
/// isostar::Result<isostar::terrain::ConfigTuning> r = isostar::terrain::ConfigTuning::fromFile("maps/terrain.toml");
/// if (!r) { std::cerr << isostar::formatDiagnostics(r.diagnostics()); return 2; }
/// isostar::terrain::ConfigTuning tuning = std::move(r).value();
/// if (std::optional<std::string> error = tuning.set("terrain.snow.cost", "-1"))
///     std::cerr << *error << '\n';   // "terrain.snow.cost: must be a finite number > 0, got -1"
/// tuning.set("terrain.volcano_erupting.influence.radius", "3");
/// rebuildCosts(tuning.config());     // the TerrainConfig now in force
/// for (const isostar::terrain::TuningKey& k : tuning.keys())
///     if (k.profile.empty()) std::cout << k.key << " = " << k.value << " (file: " << k.fileValue << ")\n";
/// if (std::optional<std::string> error = tuning.save(tuning.fileName()))  // atomic, keeps .bak
///     std::cerr << *error << '\n';   // "cannot write maps/terrain.toml: ...: Permission denied"
/// else
///     tuning.markSaved();            // the saved values are now the file's values
/// tuning.reset();                    // back to the file's values
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/terrain/TerrainConfigFile.hpp"
#include "engine/terrain/TerrainRules.hpp"
#include "engine/terrain/TomlTextEdit.hpp"

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace isostar::terrain {

/// What kind of value a key takes.
enum class TuningKind {
    Number, ///< a finite number within TuningKey::limit
    Whole,  ///< a whole number within TuningKey::range (`movement.sight`); its value text "7"
    Bool,   ///< "true" | "false"
    Choice, ///< one of TuningKey::choices
};

/// The interval of numbers set() accepts for one key while every other value stays as it is.
struct NumberRange {
    double min = -std::numeric_limits<double>::infinity();
    bool minExclusive = false;
    double max = std::numeric_limits<double>::infinity();
    bool maxExclusive = false;

    /// v is finite and inside the interval.
    bool contains(double v) const;
    bool operator==(const NumberRange&) const = default;
};

/// One tunable value: where it lives, its limits, its value now and in the file.
struct TuningKey {
    std::string key;      ///< dotted, as in the TOML: "profile.dwarf.terrain.snow.cost"
    std::string profile;  ///< "" = the base rules, else the profile's name
    std::string terrain;  ///< the terrain's name; "" for a movement key
    std::string field;    ///< "cost", "influence.radius", "diagonal_factor", ...
    TuningKind kind = TuningKind::Number;
    NumberLimit limit;    ///< Number, Whole: the loader's lower bound for this key (PositiveNumber,
                          ///< NonNegativeNumber, FiniteNumber; 1 for sight).
    NumberRange range;    ///< Number, Whole: what set() accepts now: `limit` (up to MaxSight for
                          ///< sight; no upper bound otherwise), narrowed for influence
                          ///< fields by the rule that the factor ((base - d) + offset) * scale stays
                          ///< > 0 over [0, radius] with the other fields as they are (scale > 0:
                          ///< radius < base + offset; scale < 0: base + offset < 0). Exact up to
                          ///< floating-point rounding at the bounds; set() has the last word.
    std::vector<std::string> choices; ///< Choice: the canonical names ("octile", "euclidean", ...)
    std::string value;     ///< now in force: "3.0", "true", "octile"; "" = unset (a terrain
                           ///< without a cost of its own)
    std::string fileValue; ///< the same in the file's config (inherited / default when not written)
    std::optional<double> number; ///< Number, Whole: `value` as a number; nullopt when unset
    bool inFile = false;   ///< the file writes this key itself
    bool edited = false;   ///< set through the model: a save writes this key

    /// The value now differs from the file's (also when inherited from an edited base key).
    bool changed() const { return value != fileValue; }
    bool operator==(const TuningKey&) const = default;
};

/// The tuning model over one config file's text. Copyable value.
class ConfigTuning {
public:
    /// Parses `text` (parseTerrainConfig). `fileName` names the file in diagnostics and is the
    /// default target of save. Fails with the loader's diagnostics.
    static Result<ConfigTuning> fromText(std::string text, std::string fileName);
    /// Reads and parses the file (loadTerrainConfig's errors: missing file, bad TOML, limits).
    static Result<ConfigTuning> fromFile(const std::string& path);
    /// A config from no file (the built-in defaults): its text is formatTerrainConfig(config)
    /// (TerrainConfigFormat.hpp, no comments), `fileName` the default save target ("" = none).
    /// config() == `config` for every config the loader can produce; fails with the loader's
    /// diagnostics otherwise.
    static Result<ConfigTuning> fromConfig(const TerrainConfig& config, std::string fileName);

    /// The config now in force: == parseTerrainConfig(text(), fileName()).value().
    const TerrainConfig& config() const { return m_config; }
    /// The config of the file's text (what reset() returns to).
    const TerrainConfig& fileConfig() const { return m_fileConfig; }
    const std::string& fileName() const { return m_fileName; }
    /// The file's text as read (or as last marked saved).
    const std::string& fileText() const { return m_fileText; }
    /// The file's text with the edits written in: what save() writes.
    const std::string& text() const { return m_text; }

    /// Every tunable key, in order: base movement, base terrains (config order; cost, multiplier,
    /// passable, then influence.* when the terrain has an influence), then per profile (file
    /// order) the same with the `profile.P.` prefix and the profile's resolved values.
    std::vector<TuningKey> keys() const;
    /// One key (any key set() accepts, listed or not), or nullopt when set() would call it unknown.
    std::optional<TuningKey> find(std::string_view key) const;

    /// Sets one value, given as text: a number ("2.5", "3", "1e-3"), "true" / "false", or a name.
    /// Applies it and returns nullopt, or returns the error and changes nothing:
    /// - the loader's message for a value it refuses: "terrain.snow.cost: must be a finite
    ///   number > 0, got -1", "terrain.volcano_erupting.influence: factor ((base - d) + offset) *
    ///   scale must be > 0 for every d in [0, radius], but at d = 4.5 it is -1", "movement.heuristic:
    ///   unknown heuristic \"fast\" (expected octile, ...)";
    /// - "KEY: expected a number, got \"abc\"" / "KEY: expected true or false, got \"yes\"";
    /// - "KEY: unknown key (...)" naming the key, for anything not listed above (an unknown
    ///   terrain or profile included).
    /// Setting a value back to what the file gives drops the edit (save leaves that line alone).
    std::optional<std::string> set(std::string_view key, std::string_view valueText);
    /// Back to the file's values: drops every edit.
    void reset();

    /// The keys set through the model whose edit is still in effect, in the order first set.
    std::vector<std::string> editedKeys() const;
    bool edited() const { return !m_edits.empty(); }

    /// Every value now in force as (key, value text), in keys() order; unset costs are left out.
    /// For the `panel` field of the script's `dump`.
    std::vector<std::pair<std::string, std::string>> values() const;

    /// Writes text() to `path` with isostar::writeFileAtomically (temp file + rename; `keepBackup`:
    /// an existing file stays as `path + ".bak"`). nullopt on success, else the error naming the
    /// file ("cannot write PATH: <step>: <OS reason>"). Does not change the model.
    std::optional<std::string> save(const std::string& path, bool keepBackup = true) const;
    /// After saving to the file the config came from: text() becomes the file's text, the edits
    /// are cleared, so fileValue / reset() refer to the saved values.
    void markSaved();

private:
    ConfigTuning() = default;
    void rebuildInFile();

    std::string m_fileName;
    std::string m_fileText;
    TerrainConfig m_fileConfig;
    std::vector<std::pair<std::string, TomlValueEdit>> m_edits; ///< key -> edit, in first-set order
    std::string m_text;
    TerrainConfig m_config;
    std::vector<std::string> m_inFile; ///< sorted keys the file's text writes itself
};

} // namespace isostar::terrain
