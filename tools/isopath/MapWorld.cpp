// The one step from a Tiled map on disk to the grid every isopath command searches (MapWorld.hpp).

#include "tools/isopath/MapWorld.hpp"

#include "engine/map/MapLoader.hpp"
#include "engine/map/PlayableMap.hpp"

#include <utility>

namespace isopath {

std::optional<MapFile> readMapFile(const std::string& mapPath, const std::string& configPath,
                                   WorldFailure& failure)
{
    isostar::Result<isostar::map::MapData> loaded = isostar::map::loadMap(mapPath);
    if (!loaded) {
        failure = {WorldFailure::Step::Map, loaded.diagnostics()};
        return std::nullopt;
    }
    isostar::Result<isostar::terrain::ResolvedConfig> config = isostar::terrain::resolveTerrainConfig(loaded.value(), configPath);
    if (!config) {
        failure = {WorldFailure::Step::Config, config.diagnostics()};
        return std::nullopt;
    }
    return MapFile{mapPath, std::move(loaded).value(), std::move(config).value()};
}

std::optional<MapWorld> placeOnGrid(MapFile file, WorldFailure& failure)
{
    isostar::Result<isostar::map::PlayedMap> played = isostar::map::placeMap(std::move(file.map));
    if (!played) {
        failure = {WorldFailure::Step::Grid, played.diagnostics()};
        return std::nullopt;
    }
    isostar::map::PlayedMap& p = played.value();
    return MapWorld{std::move(p.map), std::move(file.config), p.frame, std::move(p.voids)};
}

std::optional<MapWorld> loadMapWorld(const std::string& mapPath, const std::string& configPath,
                                     WorldFailure& failure)
{
    std::optional<MapFile> file = readMapFile(mapPath, configPath, failure);
    if (!file)
        return std::nullopt;
    return placeOnGrid(std::move(*file), failure);
}

isostar::terrain::TerrainGrid worldTerrainGrid(const MapWorld& world)
{
    isostar::terrain::TerrainGrid grid = isostar::terrain::terrainGridFromMap(world.map, &world.config.config.base);
    grid.voids = world.voids;  // as isostar::terrain::buildNavWorld: void cells are impassable
    return grid;
}

std::vector<isostar::Diagnostic> buildTerrainField(const MapWorld& world, const isostar::terrain::TerrainRules& rules,
                                               isostar::terrain::TerrainField& field)
{
    return field.build(worldTerrainGrid(world), rules);
}

std::string sizeText(const isostar::map::CellFrame& frame)
{
    std::string s = std::to_string(frame.tiledWidth()) + "x" + std::to_string(frame.tiledHeight());
    if (frame.tiledX() != 0 || frame.tiledY() != 0)
        s += " from (" + std::to_string(frame.tiledX()) + "," + std::to_string(frame.tiledY()) + ")";
    return s;
}

std::string coordText(isostar::TileCoord c)
{
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

} // namespace isopath
