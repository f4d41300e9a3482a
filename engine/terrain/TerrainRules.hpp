#pragma once
/// \file TerrainRules.hpp
/// The rules that turn terrain names into movement cost: plain values, read from a TOML config
/// (see TerrainConfigFile.hpp and the commented `maps/terrain.toml`) or built in code.
///
/// A cell holds an ordered stack of terrains (bottom to top, one per tile layer). Its cost is
///
///     cost = base cost of the TOPMOST terrain that has one (1 when none has)
///          x the multipliers of ALL its terrains
///          then, for every influence source s within its radius (d = Euclidean distance between
///          the cell coordinates, d <= radius; sources stack, the cell itself included at d = 0):
///              factor = ((base - d) + offset) * scale
///              cost = cost * factor  (effect multiply)   or   cost / factor  (effect divide)
///
/// A cell is impassable when any of its terrains is. A terrain with `covers` hides every terrain
/// below it in the same cell (a bridge over water: the water's impassability no longer counts).
/// Influence factors are always > 0 (the config loader rejects radii at which they would not
/// be), and the final cost is clamped into [MinCellCost, MaxCellCost], so stacking many sources
/// never yields a zero, negative or infinite cost.
///
/// \code
/// const isostar::terrain::TerrainConfig config = isostar::terrain::defaultTerrainConfig();
/// const isostar::terrain::TerrainRules* dwarf = config.profile("dwarf");   // nullptr if absent
/// const isostar::terrain::TerrainRule* snow = config.base.find("snow");     // cost 3
/// if (dwarf && snow) std::cout << "snow costs " << snow->baseCost.value_or(1.0) << '\n';
/// \endcode

#include "engine/path/Footprint.hpp"
#include "engine/path/MoveRules.hpp"

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::terrain {

/// Lowest cost a passable cell can get after influences (stacked divisions are clamped here).
inline constexpr double MinCellCost = 1e-6;
/// Highest finite cost a passable cell can get (stacked multiplications are clamped here, so
/// they never overflow into "impassable").
inline constexpr double MaxCellCost = 1e9;

/// How an influence factor changes the cost of the cells around its source.
enum class InfluenceEffect {
    Multiply, ///< cost * factor ("multiply")
    Divide,   ///< cost / factor ("divide")
};

/// Cost change around every cell that holds the terrain.
/// factor(d) = ((base - d) + offset) * scale, applied to every cell with d <= radius.
struct Influence {
    double radius = 0.0;   ///< in cells, Euclidean [Limit: finite, >= 0]
    InfluenceEffect effect = InfluenceEffect::Multiply;
    double base = 1.0;     ///< [Limit: finite]
    double offset = 0.0;   ///< [Limit: finite]
    double scale = 1.0;    ///< [Limit: finite]; factor(0) and factor(radius) must both be > 0

    /// The factor at distance d (no range check).
    double factor(double d) const { return ((base - d) + offset) * scale; }
    bool operator==(const Influence&) const = default;
};

/// A unit's sight radius when the config names none, cells.
inline constexpr int DefaultSight = 7;
/// The largest sight radius a config may give.
inline constexpr int MaxSight = 64;

/// The rule of one terrain name.
struct TerrainRule {
    std::string name;                   ///< as in the tiles' `terrain` property
    std::optional<double> baseCost;     ///< [opt] [Limit: finite, > 0]; topmost one in a cell wins
    double multiplier = 1.0;            ///< [Limit: finite, > 0]; all of a cell's multiply
    bool passable = true;               ///< false: a cell holding it can never be entered
    bool covers = false;                ///< hides the terrains below it in the same cell
    std::optional<Influence> influence; ///< [opt] cost change around each cell holding it
    char glyph = 0;                     ///< [opt] letter for ASCII pictures, 0 = none
    /// Stops a unit's line of sight (fog of war): a cell holding it is seen, the cells behind
    /// it are not. Covered terrains (below a `covers` one) do not count.
    bool blocksSight = false;
    /// [opt] other names of the same terrain in maps (`aliases = ["Sea", "Lake"]`): a wang colour
    /// or tile class called "Lake" is this terrain. Matched without regard to case, like `name`.
    std::vector<std::string> aliases{};

    bool operator==(const TerrainRule&) const = default;
};

/// One complete rule set: terrains and movement. What a unit profile resolves to.
struct TerrainRules {
    std::vector<TerrainRule> terrains;  ///< unique names, in config order
    path::MoveRules movement;           ///< diagonal mode and factor, heuristic, weight
    /// How far a unit sees, in cells (Euclidean, fog of war; `[movement] sight`) [Limit: 1..64].
    int sight = DefaultSight;
    /// A unit's side in cells: it covers size x size cells (`[movement] size`, units bigger than
    /// a cell: path/Footprint.hpp) [Limit: 1..path::MaxFootprintSize].
    int size = 1;

    /// The rule with this name, or nullptr: the rule named exactly so, else the one whose name
    /// or one of whose aliases equals `name` without regard to (ASCII) case.
    const TerrainRule* find(std::string_view name) const;
    TerrainRule* find(std::string_view name);
    /// Largest influence radius of any terrain, or -1 when no terrain has an influence.
    double maxInfluenceRadius() const;
    /// "grass, road, wall" in config order (for error messages); empty when there are none.
    std::string terrainNames() const;
    bool operator==(const TerrainRules&) const = default;
};

/// A unit movement profile: the base rules with some terrain values or movement overridden.
struct TerrainProfile {
    std::string name;          ///< `[profile.NAME]`
    std::string description;   ///< [opt] one line for humans
    TerrainRules rules;        ///< fully resolved (base + overrides)
    bool operator==(const TerrainProfile&) const = default;
};

/// A whole config file: the base rules and the unit profiles derived from them.
struct TerrainConfig {
    std::string description;              ///< [opt] top-level `description`
    TerrainRules base;
    std::vector<TerrainProfile> profiles; ///< in config order, unique names

    /// The rules of a profile, or nullptr when there is no such profile.
    const TerrainRules* profile(std::string_view name) const;
    /// "dwarf, ranger" (for error messages); empty when there are none.
    std::string profileNames() const;
    bool operator==(const TerrainConfig&) const = default;
};

/// The built-in rules; equal to what `maps/terrain.toml` says (a test checks that). They
/// reproduce the article: grass 1, snow 3, road x0.5, wall impassable, volcano_erupting divides
/// by (5 - d) * 2 within 4.5, tombstone multiplies by ((3 - d) + 0.5) * 1.1 within 2.5,
/// diagonal x1.414 without corner cutting, octile heuristic, weight 1.
TerrainConfig defaultTerrainConfig();

/// True when `a` and `b` are equal without regard to ASCII case (how map names meet the config's).
bool sameTerrainName(std::string_view a, std::string_view b);

/// "multiply" | "divide".
std::string_view influenceEffectName(InfluenceEffect e);
std::optional<InfluenceEffect> parseInfluenceEffect(std::string_view name);

std::ostream& operator<<(std::ostream& os, InfluenceEffect e);
std::ostream& operator<<(std::ostream& os, const Influence& i);
std::ostream& operator<<(std::ostream& os, const TerrainRule& r);
std::ostream& operator<<(std::ostream& os, const TerrainRules& r);
std::ostream& operator<<(std::ostream& os, const TerrainConfig& c);

/// Where a cell's terrain stack (bottom first) starts to count: the index of its topmost terrain
/// whose rule `covers` the ones below it, 0 when none does. `ruleOf(terrain)` gives a terrain's
/// rule, or nullptr for one without.
template <typename Stack, typename RuleOf>
std::size_t firstUncovered(const Stack& stack, RuleOf&& ruleOf)
{
    for (std::size_t i = stack.size(); i-- > 1;)
        if (const TerrainRule* r = ruleOf(stack[i]); r && r->covers)
            return i;
    return 0;
}

} // namespace isostar::terrain
