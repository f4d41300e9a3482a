#include "engine/terrain/TerrainConfigFile.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

namespace isostar::terrain {

namespace {

/// Collects diagnostics for one file.
struct Errors {
    const std::string& file;
    std::vector<Diagnostic> list;

    void add(int line, std::string message) { list.push_back({file, line, std::move(message)}); }
    void add(const toml::source_region& where, std::string message)
    {
        add(int(where.begin.line), std::move(message));
    }
};

std::string shortestText(double v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

std::string_view typeName(const toml::node& n)
{
    switch (n.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::none: break;
    }
    return "nothing";
}

/// A number (integer or float) or an error. No range check.
std::optional<double> readNumber(const toml::node& n, const std::string& path, Errors& errors)
{
    if (!n.is_number()) {
        errors.add(n.source(), path + ": expected a number, got " + std::string(typeName(n)));
        return std::nullopt;
    }
    return n.value<double>();
}

/// A number within `limit` (see NumberLimit), or an error.
std::optional<double> readLimited(const toml::node& n, const std::string& path, NumberLimit limit, Errors& errors)
{
    std::optional<double> v = readNumber(n, path, errors);
    if (!v)
        return v;
    if (std::optional<std::string> problem = checkNumber(*v, limit)) {
        errors.add(n.source(), path + ": " + *problem);
        return std::nullopt;
    }
    return v;
}

/// A finite number > 0 (costs, multipliers, factors, weights).
std::optional<double> readPositive(const toml::node& n, const std::string& path, Errors& errors)
{
    return readLimited(n, path, PositiveNumber, errors);
}

std::optional<double> readFinite(const toml::node& n, const std::string& path, Errors& errors)
{
    return readLimited(n, path, FiniteNumber, errors);
}

std::optional<bool> readBool(const toml::node& n, const std::string& path, Errors& errors)
{
    if (!n.is_boolean()) {
        errors.add(n.source(), path + ": expected true or false, got " + std::string(typeName(n)));
        return std::nullopt;
    }
    return n.value<bool>();
}

std::optional<std::string> readString(const toml::node& n, const std::string& path, Errors& errors)
{
    if (!n.is_string()) {
        errors.add(n.source(), path + ": expected a string, got " + std::string(typeName(n)));
        return std::nullopt;
    }
    return std::string(n.as_string()->get());
}

const toml::table* readTable(const toml::node& n, const std::string& path, Errors& errors)
{
    if (!n.is_table()) {
        errors.add(n.source(), path + ": expected a table, got " + std::string(typeName(n)));
        return nullptr;
    }
    return n.as_table();
}

void unknownKey(const toml::key& k, const std::string& path, std::string_view expected, Errors& errors)
{
    errors.add(k.source(), path + ": unknown key (expected " + std::string(expected) + ")");
}

/// toml++ keeps tables sorted by key; configs are read (and their terrains listed) in file order.
std::vector<std::pair<const toml::key*, const toml::node*>> inFileOrder(const toml::table& t)
{
    std::vector<std::pair<const toml::key*, const toml::node*>> items;
    for (auto&& [key, node] : t)
        items.emplace_back(&key, &node);
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) {
        const toml::source_position& pa = a.first->source().begin;
        const toml::source_position& pb = b.first->source().begin;
        return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
    });
    return items;
}

std::string child(const std::string& path, std::string_view key)
{
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

void parseInfluence(const toml::table& t, std::optional<Influence>& target, const std::string& path,
                    const toml::source_region& where, Errors& errors)
{
    const bool fresh = !target.has_value();
    Influence inf = target.value_or(Influence{});
    bool hasRadius = false, hasEffect = false, hasBase = false;
    const std::size_t before = errors.list.size();
    for (auto&& [key, node] : t) {
        const std::string p = child(path, key.str());
        if (key == "radius") {
            hasRadius = true;
            if (std::optional<double> v = readLimited(node, p, NonNegativeNumber, errors))
                inf.radius = *v;
        } else if (key == "effect") {
            hasEffect = true;
            if (std::optional<std::string> s = readString(node, p, errors)) {
                if (std::optional<InfluenceEffect> e = parseInfluenceEffect(*s))
                    inf.effect = *e;
                else
                    errors.add(node.source(), p + ": unknown effect \"" + *s +
                                                  "\" (expected multiply, divide)");
            }
        } else if (key == "base") {
            hasBase = true;
            if (std::optional<double> v = readFinite(node, p, errors))
                inf.base = *v;
        } else if (key == "offset") {
            if (std::optional<double> v = readFinite(node, p, errors))
                inf.offset = *v;
        } else if (key == "scale") {
            if (std::optional<double> v = readFinite(node, p, errors))
                inf.scale = *v;
        } else {
            unknownKey(key, p, "radius, effect, base, offset, scale", errors);
        }
    }
    if (fresh) {
        std::string missing;
        for (auto [has, name] : {std::pair{hasRadius, "radius"}, {hasEffect, "effect"}, {hasBase, "base"}})
            if (!has)
                missing += missing.empty() ? name : std::string(", ") + name;
        if (!missing.empty())
            errors.add(where, path + ": missing " + missing);
    }
    if (errors.list.size() != before)
        return;
    // The factor is linear in d, so it is > 0 on [0, radius] iff it is at both ends. A factor
    // <= 0 would make cost zero, negative or (divide) infinite: reject instead of clamping.
    for (double d : {0.0, inf.radius}) {
        if (!(inf.factor(d) > 0.0)) {
            errors.add(where, path + ": factor ((base - d) + offset) * scale must be > 0 for every d "
                                     "in [0, radius], but at d = " + shortestText(d) + " it is " +
                                     shortestText(inf.factor(d)));
            return;
        }
    }
    target = inf;
}

constexpr std::string_view TerrainKeys = "cost, multiplier, passable, covers, blocks_sight, glyph, influence, aliases";

/// `aliases = ["Sea", "Lake"]`: an array of non-empty strings.
void readAliases(const toml::node& node, const std::string& path, TerrainRule& rule, Errors& errors)
{
    const toml::array* a = node.as_array();
    if (!a) {
        errors.add(node.source(), path + ": expected an array of names, got " + std::string(typeName(node)));
        return;
    }
    rule.aliases.clear();
    for (const toml::node& item : *a) {
        std::optional<std::string> s = readString(item, path, errors);
        if (s && s->empty())
            errors.add(item.source(), path + ": an alias must not be empty");
        else if (s)
            rule.aliases.push_back(std::move(*s));
    }
}

/// `profile` true: a profile's override, which may not change names (`aliases`): every profile
/// reads the same map, whose terrain names the base rules settle.
void parseTerrain(const toml::table& t, TerrainRule& rule, const std::string& path, Errors& errors,
                  bool profile = false)
{
    for (auto&& [key, node] : t) {
        const std::string p = child(path, key.str());
        if (key == "aliases") {
            if (profile)
                errors.add(node.source(), p + ": a profile cannot change aliases (give them under [terrain." +
                                              rule.name + "])");
            else
                readAliases(node, p, rule, errors);
        } else if (key == "cost") {
            if (std::optional<double> v = readPositive(node, p, errors))
                rule.baseCost = *v;
        } else if (key == "multiplier") {
            if (std::optional<double> v = readPositive(node, p, errors))
                rule.multiplier = *v;
        } else if (key == "passable") {
            if (std::optional<bool> v = readBool(node, p, errors))
                rule.passable = *v;
        } else if (key == "covers") {
            if (std::optional<bool> v = readBool(node, p, errors))
                rule.covers = *v;
        } else if (key == "blocks_sight") {
            if (std::optional<bool> v = readBool(node, p, errors))
                rule.blocksSight = *v;
        } else if (key == "glyph") {
            if (std::optional<std::string> s = readString(node, p, errors)) {
                if (s->size() != 1 || !std::isgraph(static_cast<unsigned char>((*s)[0])))
                    errors.add(node.source(), p + ": must be one printable ASCII character, got \"" + *s + "\"");
                else
                    rule.glyph = (*s)[0];
            }
        } else if (key == "influence") {
            if (node.is_boolean()) {
                if (node.value<bool>() == false)
                    rule.influence.reset();
                else
                    errors.add(node.source(), p + ": expected a table or false, got true");
            } else if (const toml::table* it = readTable(node, p, errors)) {
                parseInfluence(*it, rule.influence, p, node.source(), errors);
            }
        } else {
            unknownKey(key, p, TerrainKeys, errors);
        }
    }
}

void parseMovement(const toml::table& t, TerrainRules& rules, const std::string& path, Errors& errors)
{
    path::MoveRules& m = rules.movement;
    for (auto&& [key, node] : t) {
        const std::string p = child(path, key.str());
        if (key == "diagonal") {
            if (std::optional<std::string> s = readString(node, p, errors)) {
                if (std::optional<path::DiagonalMode> d = path::parseDiagonalMode(*s))
                    m.diagonal = *d;
                else
                    errors.add(node.source(), p + ": unknown diagonal mode \"" + *s + "\" (expected " +
                                                  std::string(path::diagonalModeNames()) + ")");
            }
        } else if (key == "diagonal_factor") {
            if (std::optional<double> v = readPositive(node, p, errors))
                m.diagonalFactor = *v;
        } else if (key == "heuristic") {
            if (std::optional<std::string> s = readString(node, p, errors)) {
                if (std::optional<path::Heuristic> h = path::parseHeuristic(*s))
                    m.heuristic = *h;
                else
                    errors.add(node.source(), p + ": unknown heuristic \"" + *s + "\" (expected " +
                                                  std::string(path::heuristicNames()) + ")");
            }
        } else if (key == "weight") {
            if (std::optional<double> v = readPositive(node, p, errors))
                m.weight = *v;
        } else if (key == "smoothing") {
            if (std::optional<std::string> s = readString(node, p, errors)) {
                if (*s == "on" || *s == "off")
                    m.smoothing = *s == "on";
                else
                    errors.add(node.source(), p + ": unknown smoothing \"" + *s + "\" (expected on, off)");
            }
        } else if (key == "sight") {
            const std::optional<std::int64_t> v = node.value_exact<std::int64_t>();
            if (!v || *v < 1 || *v > MaxSight)
                errors.add(node.source(), p + ": must be a whole number of cells from 1 to " + std::to_string(MaxSight));
            else
                rules.sight = int(*v);
        } else if (key == "size") {
            const std::optional<std::int64_t> v = node.value_exact<std::int64_t>();
            if (!v || *v < 1 || *v > path::MaxFootprintSize)
                errors.add(node.source(), p + ": must be a whole number of cells from 1 to " +
                                              std::to_string(path::MaxFootprintSize) + " (the unit covers size x size cells)");
            else
                rules.size = int(*v);
        } else {
            unknownKey(key, p, "diagonal, diagonal_factor, heuristic, weight, smoothing, sight, size", errors);
        }
    }
}

void parseProfile(const toml::table& t, TerrainProfile& profile, const std::string& path, Errors& errors)
{
    for (auto&& [key, node] : t) {
        const std::string p = child(path, key.str());
        if (key == "description") {
            if (std::optional<std::string> s = readString(node, p, errors))
                profile.description = *s;
        } else if (key == "movement") {
            if (const toml::table* mt = readTable(node, p, errors))
                parseMovement(*mt, profile.rules, p, errors);
        } else if (key == "terrain") {
            const toml::table* tt = readTable(node, p, errors);
            if (!tt)
                continue;
            for (auto [namePtr, tnodePtr] : inFileOrder(*tt)) {
                const toml::key& name = *namePtr;
                const toml::node& tnode = *tnodePtr;
                const std::string tp = child(p, name.str());
                TerrainRule* rule = profile.rules.find(name.str());
                if (!rule) {
                    errors.add(name.source(), tp + ": unknown terrain \"" + std::string(name.str()) +
                                                  "\" (a profile can only change terrains defined under [terrain])");
                    continue;
                }
                if (const toml::table* rt = readTable(tnode, tp, errors))
                    parseTerrain(*rt, *rule, tp, errors, true);
            }
        } else {
            unknownKey(key, p, "description, movement, terrain", errors);
        }
    }
}

/// Map names meet the config's without regard to case, so no two terrains may share a name or
/// alias that way: `terrain.Water: "Water" is also terrain.water` (reported at the later one).
void checkNamesDistinct(const toml::table& terrainTable, const TerrainRules& rules, Errors& errors)
{
    std::vector<std::pair<std::string, std::string>> seen; // (name or alias, owning terrain)
    for (const TerrainRule& r : rules.terrains) {
        const toml::node* node = terrainTable.get(r.name);
        std::vector<std::string> names{r.name};
        names.insert(names.end(), r.aliases.begin(), r.aliases.end());
        for (const std::string& n : names) {
            auto clash = std::find_if(seen.begin(), seen.end(),
                                      [&](const auto& s) { return sameTerrainName(s.first, n); });
            if (clash != seen.end() && clash->second != r.name)
                errors.add(node ? node->source() : toml::source_region{},
                           child("terrain", r.name) + ": \"" + n + "\" also names " +
                               child("terrain", clash->second) + " (names and aliases match without regard to case)");
            else if (clash == seen.end())
                seen.emplace_back(n, r.name);
        }
    }
}

TerrainConfig parseDocument(const toml::table& doc, Errors& errors)
{
    TerrainConfig config;
    // Base rules first: profiles copy them, whatever the key order in the file.
    if (const toml::node* mt = doc.get("movement"))
        if (const toml::table* t = readTable(*mt, "movement", errors))
            parseMovement(*t, config.base, "movement", errors);
    if (const toml::node* tn = doc.get("terrain")) {
        if (const toml::table* tt = readTable(*tn, "terrain", errors)) {
            for (auto [namePtr, nodePtr] : inFileOrder(*tt)) {
                const toml::key& name = *namePtr;
                const toml::node& node = *nodePtr;
                const std::string p = child("terrain", name.str());
                TerrainRule rule;
                rule.name = std::string(name.str());
                if (const toml::table* rt = readTable(node, p, errors))
                    parseTerrain(*rt, rule, p, errors);
                config.base.terrains.push_back(std::move(rule));
            }
            checkNamesDistinct(*tt, config.base, errors);
        }
    }
    for (auto&& [key, node] : doc) {
        if (key == "description") {
            if (std::optional<std::string> s = readString(node, "description", errors))
                config.description = *s;
        } else if (key == "profile") {
            const toml::table* pt = readTable(node, "profile", errors);
            if (!pt)
                continue;
            for (auto [namePtr, pnodePtr] : inFileOrder(*pt)) {
                const toml::key& name = *namePtr;
                const toml::node& pnode = *pnodePtr;
                const std::string p = child("profile", name.str());
                TerrainProfile profile;
                profile.name = std::string(name.str());
                profile.rules = config.base;
                if (const toml::table* t = readTable(pnode, p, errors))
                    parseProfile(*t, profile, p, errors);
                config.profiles.push_back(std::move(profile));
            }
        } else if (key != "movement" && key != "terrain") {
            unknownKey(key, std::string(key.str()), "description, movement, terrain, profile", errors);
        }
    }
    return config;
}

} // namespace

std::optional<std::string> checkNumber(double v, NumberLimit limit)
{
    const bool inRange = limit.minExclusive ? v > limit.min : v >= limit.min;
    if (std::isfinite(v) && inRange)
        return std::nullopt;
    std::string bound;
    if (std::isfinite(limit.min))
        bound = (limit.minExclusive ? " > " : " >= ") + shortestText(limit.min);
    return "must be a finite number" + bound + ", got " + shortestText(v);
}

Result<TerrainConfig> parseTerrainConfig(std::string_view text, const std::string& fileName)
{
    Errors errors{fileName, {}};
    toml::table doc;
    try {
        doc = toml::parse(text, fileName);
    } catch (const toml::parse_error& e) {
        errors.add(int(e.source().begin.line),
                   "column " + std::to_string(e.source().begin.column) + ": " + std::string(e.description()));
        return Result<TerrainConfig>::failure(std::move(errors.list));
    }
    TerrainConfig config = parseDocument(doc, errors);
    if (!errors.list.empty()) {
        std::stable_sort(errors.list.begin(), errors.list.end(),
                         [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
        return Result<TerrainConfig>::failure(std::move(errors.list));
    }
    return config;
}

Result<std::string> readTerrainConfigText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Result<std::string>::failure(Diagnostic{path, 0, "cannot open terrain config"});
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return Result<std::string>::failure(Diagnostic{path, 0, "cannot read terrain config"});
    return text.str();
}

Result<TerrainConfig> loadTerrainConfig(const std::string& path)
{
    Result<std::string> text = readTerrainConfigText(path);
    if (!text)
        return Result<TerrainConfig>::failure(text.diagnostics());
    return parseTerrainConfig(text.value(), path);
}

} // namespace isostar::terrain
