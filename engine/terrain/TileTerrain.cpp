#include "engine/terrain/TileTerrain.hpp"

#include "engine/terrain/TomlTextEdit.hpp"

#include <array>
#include <cctype>
#include <filesystem>
#include <limits>

namespace isostar::terrain {

namespace {

/// How dear a terrain is for breaking wang ties: impassable above any cost, else its cost x
/// multiplier; a name the rules do not know (or no rules) costs 1.
double dearness(std::string_view name, const TerrainRules* rules)
{
    const TerrainRule* r = rules ? rules->find(name) : nullptr;
    if (!r)
        return 1.0;
    if (!r->passable)
        return std::numeric_limits<double>::infinity();
    return r->baseCost.value_or(1.0) * r->multiplier;
}

/// The winning wang colour's name of local tile `local`, or "" when no set lists it.
std::string wangColorName(const map::Tileset& ts, std::uint32_t local, const TerrainRules* rules)
{
    for (const map::WangSet& set : ts.wangSets) {
        for (const map::WangTile& wt : set.tiles) {
            if (wt.tileId != local)
                continue;
            std::array<int, 256> count{};
            for (std::uint8_t c : wt.wangId)
                if (c != 0 && c <= set.colors.size())
                    ++count[c];
            int best = 0;
            for (int c = 1; c <= int(set.colors.size()); ++c) {
                if (count[std::size_t(c)] == 0 || set.colors[std::size_t(c - 1)].name.empty())
                    continue;
                if (best == 0 || count[std::size_t(c)] > count[std::size_t(best)] ||
                    (count[std::size_t(c)] == count[std::size_t(best)] &&
                     dearness(set.colors[std::size_t(c - 1)].name, rules) >
                         dearness(set.colors[std::size_t(best - 1)].name, rules)))
                    best = c;
            }
            if (best != 0)
                return set.colors[std::size_t(best - 1)].name;
        }
    }
    return {};
}

} // namespace

std::optional<TileTerrainName> tileTerrainName(const map::MapData& map, map::Gid gid, const TerrainRules* rules)
{
    if (gid == 0)
        return std::nullopt;
    const map::Tileset* ts = map.tilesetFor(gid);
    if (!ts)
        return std::nullopt;
    const std::uint32_t local = gid - ts->firstGid;
    const map::TileInfo* info = ts->findTile(local);
    TileTerrainName t;
    if (info)
        t.name = map::propertyString(info->properties, "terrain");
    if (t.name.empty()) {
        t.source = TerrainNameSource::WangColor;
        t.name = wangColorName(*ts, local, rules);
    }
    if (t.name.empty() && info) {
        t.source = TerrainNameSource::Class;
        t.name = info->className;
    }
    if (t.name.empty())
        return std::nullopt;
    if (const TerrainRule* r = rules ? rules->find(t.name) : nullptr)
        t.name = r->name;
    t.file = std::filesystem::path(ts->source.empty() ? map.path : ts->source).filename().string();
    return t;
}

std::string_view terrainNameSourceName(TerrainNameSource source)
{
    switch (source) {
    case TerrainNameSource::Property: return "terrain property";
    case TerrainNameSource::WangColor: return "wang colour";
    case TerrainNameSource::Class: return "class";
    }
    return "?";
}

std::string originText(const TileTerrainName& t)
{
    std::string out(terrainNameSourceName(t.source));
    if (!t.file.empty())
        out += " in " + t.file;
    return out;
}

std::string unknownTerrainText(std::string_view name, std::string_view origin)
{
    std::string key(name);
    for (char& c : key)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    std::string out = "unknown terrain \"" + std::string(name) + "\"";
    if (!origin.empty())
        out += " (" + std::string(origin) + ")";
    return out + " costs 1: add [" + formatTomlKey({"terrain", key}) + "] to the config";
}

} // namespace isostar::terrain
