#include "engine/terrain/TerrainRules.hpp"

#include <algorithm>
#include <cctype>
#include <utility>
#include <ostream>

namespace isostar::terrain {

bool sameTerrainName(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

const TerrainRule* TerrainRules::find(std::string_view name) const
{
    for (const TerrainRule& r : terrains)
        if (r.name == name)
            return &r;
    for (const TerrainRule& r : terrains) {
        if (sameTerrainName(r.name, name))
            return &r;
        for (const std::string& alias : r.aliases)
            if (sameTerrainName(alias, name))
                return &r;
    }
    return nullptr;
}

TerrainRule* TerrainRules::find(std::string_view name)
{
    return const_cast<TerrainRule*>(std::as_const(*this).find(name));
}

double TerrainRules::maxInfluenceRadius() const
{
    double r = -1.0;
    for (const TerrainRule& t : terrains)
        if (t.influence)
            r = std::max(r, t.influence->radius);
    return r;
}

const TerrainRules* TerrainConfig::profile(std::string_view name) const
{
    for (const TerrainProfile& p : profiles)
        if (p.name == name)
            return &p.rules;
    return nullptr;
}

std::string TerrainRules::terrainNames() const
{
    std::string out;
    for (const TerrainRule& t : terrains)
        out += (out.empty() ? "" : ", ") + t.name;
    return out;
}

std::string TerrainConfig::profileNames() const
{
    std::string out;
    for (const TerrainProfile& p : profiles) {
        if (!out.empty())
            out += ", ";
        out += p.name;
    }
    return out;
}

namespace {

TerrainRule rule(std::string name, char glyph)
{
    TerrainRule r;
    r.name = std::move(name);
    r.glyph = glyph;
    return r;
}

} // namespace

// Keep in step with maps/terrain.toml: TerrainConfigFileTest parses that file and compares.
TerrainConfig defaultTerrainConfig()
{
    TerrainConfig config;
    config.description = "IsoStar default terrain rules (the article's numbers)";
    TerrainRules& base = config.base;

    TerrainRule grass = rule("grass", '.');
    grass.baseCost = 1.0;
    TerrainRule snow = rule("snow", 's');
    snow.baseCost = 3.0;
    TerrainRule road = rule("road", '=');
    road.multiplier = 0.5;
    TerrainRule wall = rule("wall", '#');
    wall.passable = false;
    wall.blocksSight = true;
    TerrainRule volcano = rule("volcano", 'v');
    TerrainRule erupting = rule("volcano_erupting", 'V');
    erupting.influence = Influence{4.5, InfluenceEffect::Divide, 5.0, 0.0, 2.0};
    TerrainRule tombstone = rule("tombstone", '+');
    tombstone.influence = Influence{2.5, InfluenceEffect::Multiply, 3.0, 0.5, 1.1};
    TerrainRule tent = rule("tent", 'A');
    TerrainRule castle = rule("castle", 'C');
    TerrainRule tree = rule("tree", 'T');
    tree.passable = false;
    tree.blocksSight = true;
    TerrainRule rock = rule("rock", 'R');
    rock.passable = false;
    TerrainRule water = rule("water", '~');
    water.passable = false;
    TerrainRule bridge = rule("bridge", 'H');
    bridge.multiplier = 0.5;
    bridge.covers = true;
    TerrainRule flowers = rule("flowers", ',');

    base.terrains = {grass, snow, road, wall, volcano, erupting, tombstone, tent, castle,
                     tree, rock, water, bridge, flowers};
    base.movement = path::MoveRules{}; // no corner cutting, 1.414, octile, weight 1
    base.movement.diagonal = path::DiagonalMode::NoCornerCutting;
    base.movement.diagonalFactor = 1.414;
    base.movement.heuristic = path::Heuristic::Octile;
    base.movement.weight = 1.0;

    TerrainProfile dwarf;
    dwarf.name = "dwarf";
    dwarf.description = "Short legs, thick boots: snow costs half as much, roads help less";
    dwarf.rules = base;
    dwarf.rules.find("snow")->baseCost = 1.5;
    dwarf.rules.find("road")->multiplier = 0.75;

    TerrainProfile ranger;
    ranger.name = "ranger";
    ranger.description = "Woodland scout: walks through trees (cost 2) and fears no graveyard";
    ranger.rules = base;
    ranger.rules.find("tree")->passable = true;
    ranger.rules.find("tree")->baseCost = 2.0;
    ranger.rules.find("tombstone")->influence.reset();

    config.profiles = {dwarf, ranger};
    return config;
}

std::string_view influenceEffectName(InfluenceEffect e)
{
    return e == InfluenceEffect::Multiply ? "multiply" : "divide";
}

std::optional<InfluenceEffect> parseInfluenceEffect(std::string_view name)
{
    if (name == "multiply")
        return InfluenceEffect::Multiply;
    if (name == "divide")
        return InfluenceEffect::Divide;
    return std::nullopt;
}

std::ostream& operator<<(std::ostream& os, InfluenceEffect e)
{
    return os << influenceEffectName(e);
}

std::ostream& operator<<(std::ostream& os, const Influence& i)
{
    return os << "{radius " << i.radius << ", " << i.effect << ", base " << i.base << ", offset "
              << i.offset << ", scale " << i.scale << '}';
}

std::ostream& operator<<(std::ostream& os, const TerrainRule& r)
{
    os << r.name << " {";
    if (r.baseCost)
        os << "cost " << *r.baseCost << ", ";
    os << "multiplier " << r.multiplier << (r.passable ? "" : ", impassable")
       << (r.covers ? ", covers" : "") << (r.blocksSight ? ", blocks sight" : "");
    if (r.influence)
        os << ", influence " << *r.influence;
    if (r.glyph)
        os << ", glyph '" << r.glyph << '\'';
    for (std::size_t i = 0; i < r.aliases.size(); ++i)
        os << (i == 0 ? ", aliases " : "|") << r.aliases[i];
    return os << '}';
}

std::ostream& operator<<(std::ostream& os, const TerrainRules& r)
{
    os << "TerrainRules{movement " << r.movement << ", sight " << r.sight;
    if (r.size != 1)
        os << ", size " << r.size;
    for (const TerrainRule& t : r.terrains)
        os << "\n  " << t;
    return os << '}';
}

std::ostream& operator<<(std::ostream& os, const TerrainConfig& c)
{
    os << "TerrainConfig \"" << c.description << "\" base " << c.base;
    for (const TerrainProfile& p : c.profiles)
        os << "\nprofile " << p.name << " (" << p.description << "): " << p.rules;
    return os;
}

} // namespace isostar::terrain
