#include "engine/terrain/MapTerrain.hpp"

#include "engine/terrain/TerrainConfigFile.hpp"
#include "engine/terrain/TileTerrain.hpp"

#include <filesystem>
#include <ostream>
#include <unordered_map>

namespace isostar::terrain {

namespace {

// The per-cell rules shared by terrainGridFromMap and terrainNamesAt, so both stack a cell's
// terrains the same way: which gid a tile layer holds at a map cell (a gid's terrain name is
// tileTerrainName's).

/// The gid `layer` holds at map cell (x, y); 0 when the layer's grid does not cover the cell
/// (infinite maps: chunks' bounding box) or the cell is empty.
map::Gid layerGidAt(const map::Layer& layer, int x, int y)
{
    const map::TileGrid& tiles = layer.tiles;
    const int lx = x - tiles.originX;
    const int ly = y - tiles.originY;
    if (lx < 0 || ly < 0 || lx >= tiles.width || ly >= tiles.height)
        return 0;
    return tiles.at(lx, ly);
}

} // namespace

TerrainGrid terrainGridFromMap(const map::MapData& map, const TerrainRules* rules)
{
    TerrainGrid grid(map.width, map.height);
    grid.source = map.path;
    // gid -> terrain id (NoTerrain for tiles without one); a map has few distinct gids.
    std::unordered_map<map::Gid, TerrainId> byGid;
    auto terrainOf = [&](map::Gid gid) -> TerrainId {
        auto it = byGid.find(gid);
        if (it != byGid.end())
            return it->second;
        const std::optional<TileTerrainName> name = tileTerrainName(map, gid, rules);
        const TerrainId id = name ? grid.intern(name->name, originText(*name)) : NoTerrain;
        byGid.emplace(gid, id);
        return id;
    };
    // Layer by layer (cache-friendly); per cell the order is the same as terrainNamesAt's.
    map::forEachLayer(map.layers, [&](const map::Layer& layer) {
        if (layer.type != map::LayerType::Tile)
            return;
        for (int y = 0; y < grid.height; ++y)
            for (int x = 0; x < grid.width; ++x) {
                const map::Gid gid = layerGidAt(layer, x, y);
                if (gid == 0)
                    continue;
                const TerrainId t = terrainOf(gid);
                if (t != NoTerrain)
                    grid.push({x, y}, t);
            }
    });
    return grid;
}

std::vector<std::string> terrainNamesAt(const map::MapData& map, TileCoord c, const TerrainRules* rules)
{
    std::vector<std::string> names;
    if (c.x < 0 || c.y < 0 || c.x >= map.width || c.y >= map.height)
        return names;
    map::forEachLayer(map.layers, [&](const map::Layer& layer) {
        if (layer.type != map::LayerType::Tile)
            return;
        if (std::optional<TileTerrainName> name = tileTerrainName(map, layerGidAt(layer, c.x, c.y), rules))
            names.push_back(std::move(name->name));
    });
    return names;
}

namespace {

Result<ResolvedConfig> load(const std::string& path, ConfigOrigin origin)
{
    Result<std::string> text = readTerrainConfigText(path);
    if (!text)
        return Result<ResolvedConfig>::failure(text.diagnostics());
    Result<TerrainConfig> r = parseTerrainConfig(text.value(), path);
    if (!r)
        return Result<ResolvedConfig>::failure(r.diagnostics());
    return ResolvedConfig{std::move(r).value(), origin, path, std::move(text).value()};
}

} // namespace

Result<ResolvedConfig> resolveTerrainConfig(const map::MapData& map, const std::string& overridePath)
{
    namespace fs = std::filesystem;
    if (!overridePath.empty())
        return load(overridePath, ConfigOrigin::CommandLine);
    const fs::path folder = fs::path(map.path).parent_path();
    if (const map::Property* p = map::findProperty(map.properties, std::string(ConfigProperty))) {
        if (p->value.empty())
            return Result<ResolvedConfig>::failure(
                Diagnostic{map.path, 0, "map property \"config\" is empty (it should name a terrain config file)"});
        // A `file` property is already resolved by the loader; a string is relative to the map.
        const std::string path = p->type == map::PropertyType::File || fs::path(p->value).is_absolute()
                                     ? p->value
                                     : (folder / p->value).lexically_normal().string();
        std::error_code ec;
        if (!fs::is_regular_file(path, ec))
            return Result<ResolvedConfig>::failure(Diagnostic{
                map.path, 0, "map property \"config\" names \"" + path + "\", which is not a readable file"});
        return load(path, ConfigOrigin::MapProperty);
    }
    const std::string beside = (folder / DefaultConfigFileName).string();
    std::error_code ec;
    if (fs::is_regular_file(beside, ec))
        return load(beside, ConfigOrigin::BesideMap);
    return ResolvedConfig{defaultTerrainConfig(), ConfigOrigin::BuiltIn, {}, {}};
}

Result<TerrainRules> profileRules(const ResolvedConfig& config, std::string_view profile)
{
    if (profile.empty())
        return config.config.base;
    if (const TerrainRules* rules = config.config.profile(profile))
        return *rules;
    const std::string names = config.config.profileNames();
    return Result<TerrainRules>::failure(
        Diagnostic{config.path.empty() ? std::string("built-in config") : config.path, 0,
                   "unknown profile \"" + std::string(profile) + "\"" +
                       (names.empty() ? " (the terrain config defines no profiles)"
                                      : " (the terrain config defines: " + names + ")")});
}

std::string_view configOriginName(ConfigOrigin origin)
{
    switch (origin) {
    case ConfigOrigin::CommandLine: return "command line";
    case ConfigOrigin::MapProperty: return "map property";
    case ConfigOrigin::BesideMap: return "beside the map";
    case ConfigOrigin::BuiltIn: return "built-in";
    }
    return "?";
}

std::ostream& operator<<(std::ostream& os, ConfigOrigin origin)
{
    return os << configOriginName(origin);
}

} // namespace isostar::terrain
