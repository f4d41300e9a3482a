/// \file ConfigTuningKeys.cpp
/// ConfigTuning's keys (detail/TuningKeys.hpp): the field tables of terrains and movement, key
/// resolution against the file's terrains and profiles, a key's value in resolved rules, the
/// token a typed value becomes, and the range a number may take without breaking the loader's
/// influence rule.
#include "engine/terrain/detail/TuningKeys.hpp"

#include "engine/terrain/TerrainConfigFormat.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace isostar::terrain {

namespace detail {

namespace {

constexpr FieldSpec TerrainFields[] = {
    {"cost", TuningKind::Number, PositiveNumber},
    {"multiplier", TuningKind::Number, PositiveNumber},
    {"passable", TuningKind::Bool, {}},
    {"influence.radius", TuningKind::Number, NonNegativeNumber},
    {"influence.effect", TuningKind::Choice, {}},
    {"influence.base", TuningKind::Number, FiniteNumber},
    {"influence.offset", TuningKind::Number, FiniteNumber},
    {"influence.scale", TuningKind::Number, FiniteNumber},
};

constexpr FieldSpec MovementFields[] = {
    {"diagonal", TuningKind::Choice, {}},
    {"diagonal_factor", TuningKind::Number, PositiveNumber},
    {"heuristic", TuningKind::Choice, {}},
    {"weight", TuningKind::Number, PositiveNumber},
    {"smoothing", TuningKind::Choice, {}},
    {"sight", TuningKind::Whole, {1.0, false}, double(MaxSight)},
};

constexpr std::string_view TerrainFieldNames =
    "cost, multiplier, passable, influence.radius, influence.effect, influence.base, influence.offset, "
    "influence.scale";
constexpr std::string_view MovementFieldNames = "diagonal, diagonal_factor, heuristic, weight, smoothing, sight";

std::vector<std::string> splitNames(std::string_view list)
{
    std::vector<std::string> out;
    while (!list.empty()) {
        const std::size_t comma = list.find(", ");
        // "zero (or dijkstra)": the alias in parentheses is not a choice of its own.
        const std::string_view name = list.substr(0, comma);
        out.emplace_back(name.substr(0, name.find(" (")));
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 2);
    }
    return out;
}

std::vector<std::string> choicesOf(const KeySpec& spec)
{
    if (spec.field->name == "influence.effect")
        return {"multiply", "divide"};
    if (spec.field->name == "diagonal")
        return splitNames(path::diagonalModeNames());
    if (spec.field->name == "heuristic")
        return splitNames(path::heuristicNames());
    if (spec.field->name == "smoothing")
        return {"on", "off"};
    return {};
}

KeySpec makeSpec(const std::string& profile, const std::string& terrain, const FieldSpec& field)
{
    KeySpec s;
    s.profile = profile;
    s.terrain = terrain;
    s.field = &field;
    if (!profile.empty())
        s.path = {"profile", profile};
    if (terrain.empty()) {
        s.path.push_back("movement");
    } else {
        s.path.push_back("terrain");
        s.path.push_back(terrain);
    }
    std::string_view name = field.name;
    while (!name.empty()) {
        const std::size_t dot = name.find('.');
        s.path.emplace_back(name.substr(0, dot));
        name = dot == std::string_view::npos ? std::string_view{} : name.substr(dot + 1);
    }
    s.key = (profile.empty() ? std::string() : "profile." + profile + ".") +
            (terrain.empty() ? std::string("movement") : "terrain." + terrain) + "." + std::string(field.name);
    return s;
}

/// The value of a field in resolved rules, as text ("" = unset), and as a number.
std::pair<std::string, std::optional<double>> valueIn(const TerrainRules& rules, const KeySpec& spec)
{
    auto num = [](double v) { return std::pair{formatTomlNumber(v), std::optional<double>(v)}; };
    auto text = [](std::string_view t) { return std::pair{std::string(t), std::optional<double>()}; };
    const std::string_view f = spec.field->name;
    if (spec.terrain.empty()) {
        const path::MoveRules& m = rules.movement;
        if (f == "diagonal")
            return text(path::diagonalModeName(m.diagonal));
        if (f == "diagonal_factor")
            return num(m.diagonalFactor);
        if (f == "heuristic")
            return text(path::heuristicName(m.heuristic));
        if (f == "smoothing")
            return text(m.smoothing ? "on" : "off");
        if (f == "sight")
            return std::pair{std::to_string(rules.sight), std::optional<double>(rules.sight)};
        return num(m.weight);
    }
    const TerrainRule* r = rules.find(spec.terrain);
    if (!r)
        return text("");
    if (f == "cost")
        return r->baseCost ? num(*r->baseCost) : text("");
    if (f == "multiplier")
        return num(r->multiplier);
    if (f == "passable")
        return text(r->passable ? "true" : "false");
    if (!r->influence)
        return text("");
    const Influence& i = *r->influence;
    if (f == "influence.radius")
        return num(i.radius);
    if (f == "influence.effect")
        return text(influenceEffectName(i.effect));
    if (f == "influence.base")
        return num(i.base);
    if (f == "influence.offset")
        return num(i.offset);
    return num(i.scale);
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

/// A number typed as text ("2.5", "+3", "1e-3"), or nullopt.
std::optional<double> parseNumber(std::string_view digits)
{
    if (!digits.empty() && digits.front() == '+')
        digits.remove_prefix(1);
    double d = 0.0;
    const std::from_chars_result r = std::from_chars(digits.data(), digits.data() + digits.size(), d);
    if (digits.empty() || r.ec != std::errc() || r.ptr != digits.data() + digits.size())
        return std::nullopt;
    return d;
}

/// Narrows `r` to the values of `field` that keep factor(d) = ((base - d) + offset) * scale > 0
/// at d = 0 and d = radius (the loader's rule; the factor is linear in d), the other fields fixed.
/// scale > 0 needs base + offset > radius; scale < 0 needs base + offset < 0 (then d = 0 binds).
void narrowForFactor(NumberRange& r, const Influence& i, std::string_view field)
{
    auto above = [&](double v) { // values > v
        if (v > r.min || (v == r.min && !r.minExclusive)) {
            r.min = v;
            r.minExclusive = true;
        }
    };
    auto below = [&](double v) { // values < v
        if (v < r.max || (v == r.max && !r.maxExclusive)) {
            r.max = v;
            r.maxExclusive = true;
        }
    };
    const double sum = i.base + i.offset;
    if (field == "influence.radius") {
        if (i.scale > 0)
            below(sum);
    } else if (field == "influence.base") {
        if (i.scale > 0)
            above(i.radius - i.offset);
        else
            below(-i.offset);
    } else if (field == "influence.offset") {
        if (i.scale > 0)
            above(i.radius - i.base);
        else
            below(-i.base);
    } else if (field == "influence.scale") {
        if (sum > i.radius) {
            above(0.0);
        } else if (sum < 0.0) {
            below(0.0);
        } else { // no scale works: an empty interval
            above(0.0);
            below(0.0);
        }
    }
}

} // namespace

const TerrainRules* rulesOf(const TerrainConfig& c, const std::string& profile)
{
    return profile.empty() ? &c.base : c.profile(profile);
}

Result<std::string> tokenFor(const KeySpec& spec, std::string_view valueText)
{
    const std::string_view v = trim(valueText);
    auto refuse = [&](std::string_view expected) {
        return Result<std::string>::failure(
            Diagnostic{"", 0, spec.key + ": expected " + std::string(expected) + ", got \"" + std::string(valueText) + "\""});
    };
    switch (spec.field->kind) {
    case TuningKind::Number: {
        const std::optional<double> d = parseNumber(v);
        if (!d)
            return refuse("a number");
        return formatTomlNumber(*d);
    }
    case TuningKind::Whole: {
        const std::optional<double> d = parseNumber(v);
        if (!d)
            return refuse("a whole number");
        // A whole value as a TOML integer ("9.0" too); any other number as typed, for the
        // loader's own refusal ("must be a whole number of cells from 1 to 64").
        if (std::isfinite(*d) && std::abs(*d) < 1e15 && *d == std::floor(*d))
            return std::to_string(static_cast<long long>(*d));
        return formatTomlNumber(*d);
    }
    case TuningKind::Bool:
        if (v == "true" || v == "false")
            return std::string(v);
        return refuse("true or false");
    case TuningKind::Choice:
        return formatTomlString(v);
    }
    return refuse("a value");
}

Result<KeySpec> resolveKey(const TerrainConfig& file, std::string_view key)
{
    auto unknown = [&](const std::string& why) {
        return Result<KeySpec>::failure(Diagnostic{"", 0, std::string(key) + ": unknown key (" + why + ")"});
    };
    std::string profile;
    std::string_view rest = key;
    if (rest.starts_with("profile.")) {
        rest.remove_prefix(8);
        const TerrainProfile* found = nullptr;
        for (const TerrainProfile& p : file.profiles)
            if (rest.size() > p.name.size() && rest.starts_with(p.name) && rest[p.name.size()] == '.' &&
                (!found || p.name.size() > found->name.size()))
                found = &p;
        if (!found) {
            const std::string name(rest.substr(0, rest.find('.')));
            return unknown("no profile \"" + name + "\"; profiles: " +
                           (file.profiles.empty() ? std::string("none") : file.profileNames()));
        }
        profile = found->name;
        rest.remove_prefix(profile.size() + 1);
    }
    if (rest.starts_with("movement.")) {
        const std::string_view f = rest.substr(9);
        for (const FieldSpec& field : MovementFields)
            if (field.name == f)
                return makeSpec(profile, "", field);
        return unknown("movement keys: " + std::string(MovementFieldNames));
    }
    if (rest.starts_with("terrain.")) {
        rest.remove_prefix(8);
        bool terrainKnown = false;
        for (const TerrainRule& t : file.base.terrains) {
            if (rest.size() <= t.name.size() || !rest.starts_with(t.name) || rest[t.name.size()] != '.')
                continue;
            terrainKnown = true;
            const std::string_view f = rest.substr(t.name.size() + 1);
            for (const FieldSpec& field : TerrainFields)
                if (field.name == f)
                    return makeSpec(profile, t.name, field);
        }
        if (terrainKnown)
            return unknown("terrain keys: " + std::string(TerrainFieldNames));
        const std::string name(rest.substr(0, rest.find('.')));
        std::string names;
        for (const TerrainRule& t : file.base.terrains)
            names += (names.empty() ? "" : ", ") + t.name;
        return unknown("no terrain \"" + name + "\"; terrains: " + names);
    }
    return unknown("expected terrain.NAME.KEY, movement.KEY, profile.NAME.terrain.NAME.KEY or "
                   "profile.NAME.movement.KEY");
}

std::vector<KeySpec> specsOf(const TerrainConfig& file, const TerrainRules& rules, const std::string& profile,
                             bool allInfluenceKeys)
{
    std::vector<KeySpec> out;
    for (const FieldSpec& field : MovementFields)
        out.push_back(makeSpec(profile, "", field));
    for (const TerrainRule& t : file.base.terrains) {
        const TerrainRule* resolved = rules.find(t.name);
        for (const FieldSpec& field : TerrainFields) {
            const bool influenceKey = field.name.starts_with("influence.");
            if (influenceKey && !allInfluenceKeys && !(resolved && resolved->influence))
                continue;
            out.push_back(makeSpec(profile, t.name, field));
        }
    }
    return out;
}

TuningKey describe(const KeySpec& s, const TerrainConfig& now, const TerrainConfig& file,
                   const std::vector<std::string>& inFile, const std::vector<std::pair<std::string, TomlValueEdit>>& edits)
{
    TuningKey k;
    k.key = s.key;
    k.profile = s.profile;
    k.terrain = s.terrain;
    k.field = std::string(s.field->name);
    k.kind = s.field->kind;
    k.limit = s.field->limit;
    k.choices = choicesOf(s);
    if (const TerrainRules* rules = rulesOf(now, s.profile)) {
        auto [text, number] = valueIn(*rules, s);
        k.value = std::move(text);
        k.number = number;
    }
    if (const TerrainRules* rules = rulesOf(file, s.profile))
        k.fileValue = valueIn(*rules, s).first;
    if (k.kind == TuningKind::Number || k.kind == TuningKind::Whole) {
        k.range.min = k.limit.min;
        k.range.minExclusive = k.limit.minExclusive;
        k.range.max = s.field->max;
        const TerrainRules* rules = rulesOf(now, s.profile);
        const TerrainRule* rule = rules && !s.terrain.empty() ? rules->find(s.terrain) : nullptr;
        if (rule && rule->influence)
            narrowForFactor(k.range, *rule->influence, s.field->name);
    }
    k.inFile = std::binary_search(inFile.begin(), inFile.end(), s.key);
    k.edited = std::any_of(edits.begin(), edits.end(), [&](const auto& e) { return e.first == s.key; });
    return k;
}

} // namespace detail

bool NumberRange::contains(double v) const
{
    return std::isfinite(v) && (minExclusive ? v > min : v >= min) && (maxExclusive ? v < max : v <= max);
}

} // namespace isostar::terrain
