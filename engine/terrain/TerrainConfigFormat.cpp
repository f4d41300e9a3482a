#include "engine/terrain/TerrainConfigFormat.hpp"

#include "engine/terrain/TomlTextEdit.hpp"

namespace isostar::terrain {

namespace {

std::string glyphText(char c) { return formatTomlString(std::string(1, c)); }

/// `{ radius = .., effect = .., ... }`; with `base`, only the fields that differ from it.
std::string influenceText(const Influence& i, const Influence* base)
{
    std::string out;
    auto field = [&](const char* name, const std::string& value, bool same) {
        if (same)
            return;
        out += out.empty() ? "{ " : ", ";
        out += name;
        out += " = ";
        out += value;
    };
    field("radius", formatTomlNumber(i.radius), base && base->radius == i.radius);
    field("effect", formatTomlString(influenceEffectName(i.effect)), base && base->effect == i.effect);
    field("base", formatTomlNumber(i.base), base && base->base == i.base);
    field("offset", formatTomlNumber(i.offset), base && base->offset == i.offset);
    field("scale", formatTomlNumber(i.scale), base && base->scale == i.scale);
    return out.empty() ? std::string() : out + " }";
}

/// The lines of a terrain table: what `rule` sets relative to `base` (a fresh rule for the base
/// terrains, the base rule for a profile).
std::string terrainLines(const TerrainRule& rule, const TerrainRule& base, bool isProfile)
{
    std::string out;
    auto line = [&](const char* key, const std::string& value) {
        out += key;
        out += " = ";
        out += value;
        out += '\n';
    };
    if (rule.baseCost && rule.baseCost != base.baseCost)
        line("cost", formatTomlNumber(*rule.baseCost));
    if (rule.multiplier != base.multiplier)
        line("multiplier", formatTomlNumber(rule.multiplier));
    if (rule.passable != base.passable)
        line("passable", rule.passable ? "true" : "false");
    if (rule.covers != base.covers)
        line("covers", rule.covers ? "true" : "false");
    if (rule.blocksSight != base.blocksSight)
        line("blocks_sight", rule.blocksSight ? "true" : "false");
    if (rule.glyph != 0 && rule.glyph != base.glyph)
        line("glyph", glyphText(rule.glyph));
    if (!isProfile && !rule.aliases.empty()) {
        std::string list = "[";
        for (const std::string& a : rule.aliases)
            list += (list.size() > 1 ? ", " : "") + formatTomlString(a);
        line("aliases", list + "]");
    }
    if (rule.influence && rule.influence != base.influence) {
        const Influence* from = isProfile && base.influence ? &*base.influence : nullptr;
        line("influence", influenceText(*rule.influence, from));
    } else if (!rule.influence && base.influence) {
        line("influence", "false");
    }
    return out;
}

std::string movementLines(const TerrainRules& rules, const TerrainRules* baseRules)
{
    const path::MoveRules& m = rules.movement;
    const path::MoveRules* base = baseRules ? &baseRules->movement : nullptr;
    std::string out;
    auto line = [&](const char* key, const std::string& value, bool same) {
        if (same)
            return;
        out += key;
        out += " = ";
        out += value;
        out += '\n';
    };
    line("diagonal", formatTomlString(path::diagonalModeName(m.diagonal)), base && base->diagonal == m.diagonal);
    line("diagonal_factor", formatTomlNumber(m.diagonalFactor), base && base->diagonalFactor == m.diagonalFactor);
    line("heuristic", formatTomlString(path::heuristicName(m.heuristic)), base && base->heuristic == m.heuristic);
    line("weight", formatTomlNumber(m.weight), base && base->weight == m.weight);
    line("smoothing", formatTomlString(m.smoothing ? "on" : "off"), base && base->smoothing == m.smoothing);
    line("sight", std::to_string(rules.sight), baseRules ? baseRules->sight == rules.sight : rules.sight == DefaultSight);
    line("size", std::to_string(rules.size), baseRules ? baseRules->size == rules.size : rules.size == 1);
    return out;
}

/// "\n[a.b]\n", appended piece by piece (GCC 12 warns falsely, -Wrestrict, on "x" + string&&).
void header(std::string& out, const std::vector<std::string>& path)
{
    out += "\n[";
    out += formatTomlKey(path);
    out += "]\n";
}

} // namespace

std::string formatTerrainConfig(const TerrainConfig& config)
{
    std::string out;
    if (!config.description.empty()) {
        out += "description = ";
        out += formatTomlString(config.description);
        out += "\n\n";
    }
    out += "[movement]\n";
    out += movementLines(config.base, nullptr);
    const TerrainRule fresh;
    for (const TerrainRule& t : config.base.terrains) {
        header(out, {"terrain", t.name});
        out += terrainLines(t, fresh, false);
    }
    for (const TerrainProfile& p : config.profiles) {
        header(out, {"profile", p.name});
        if (!p.description.empty()) {
            out += "description = ";
            out += formatTomlString(p.description);
            out += '\n';
        }
        const std::string movement = movementLines(p.rules, &config.base);
        if (!movement.empty()) {
            header(out, {"profile", p.name, "movement"});
            out += movement;
        }
        for (const TerrainRule& t : p.rules.terrains) {
            const TerrainRule* base = config.base.find(t.name);
            if (!base)
                continue; // not representable: a profile only changes terrains of the base
            const std::string lines = terrainLines(t, *base, true);
            if (!lines.empty()) {
                header(out, {"profile", p.name, "terrain", t.name});
                out += lines;
            }
        }
    }
    return out;
}

} // namespace isostar::terrain
