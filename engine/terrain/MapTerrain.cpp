#include "engine/terrain/MapTerrain.hpp"

#include "engine/terrain/TerrainConfigFile.hpp"

#include <filesystem>
#include <ostream>
#include <unordered_map>

namespace eng::terrain {

TerrainGrid terrainGridFromMap(const map::MapData& map)
{
    TerrainGrid grid(map.width, map.height);
    grid.source = map.path;
    // gid -> terrain id (NoTerrain for tiles without one); a map has few distinct gids.
    std::unordered_map<map::Gid, TerrainId> byGid;
    auto terrainOf = [&](map::Gid gid) -> TerrainId {
        auto it = byGid.find(gid);
        if (it != byGid.end())
            return it->second;
        TerrainId id = NoTerrain;
        if (const map::TileInfo* info = map.tileInfo(gid)) {
            const std::string name = map::propertyString(info->properties, std::string(TerrainProperty));
            if (!name.empty())
                id = grid.intern(name);
        }
        byGid.emplace(gid, id);
        return id;
    };
    map::forEachLayer(map.layers, [&](const map::Layer& layer) {
        if (layer.type != map::LayerType::Tile)
            return;
        const map::TileGrid& tiles = layer.tiles;
        for (int ly = 0; ly < tiles.height; ++ly) {
            const int y = tiles.originY + ly;
            if (y < 0 || y >= grid.height)
                continue;
            for (int lx = 0; lx < tiles.width; ++lx) {
                const int x = tiles.originX + lx;
                if (x < 0 || x >= grid.width)
                    continue;
                const map::Gid gid = tiles.at(lx, ly);
                if (gid == 0)
                    continue;
                const TerrainId t = terrainOf(gid);
                if (t != NoTerrain)
                    grid.push({x, y}, t);
            }
        }
    });
    return grid;
}

namespace {

Result<ResolvedConfig> load(const std::string& path, ConfigOrigin origin)
{
    Result<TerrainConfig> r = loadTerrainConfig(path);
    if (!r)
        return Result<ResolvedConfig>::failure(r.diagnostics());
    return ResolvedConfig{std::move(r).value(), origin, path};
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
    return ResolvedConfig{defaultTerrainConfig(), ConfigOrigin::BuiltIn, {}};
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

} // namespace eng::terrain
