// The one step from a Tiled map on disk to the grid every isopath command searches (MapWorld.hpp).

#include "tools/isopath/MapWorld.hpp"

#include "engine/map/MapLoader.hpp"
#include "engine/map/PlayableMap.hpp"

#include <utility>

namespace isopath {

std::optional<MapFile> readMapFile(const std::string& mapPath, const std::string& configPath,
                                   WorldFailure& failure)
{
    eng::Result<eng::map::MapData> loaded = eng::map::loadMap(mapPath);
    if (!loaded) {
        failure = {WorldFailure::Step::Map, loaded.diagnostics()};
        return std::nullopt;
    }
    eng::Result<eng::terrain::ResolvedConfig> config = eng::terrain::resolveTerrainConfig(loaded.value(), configPath);
    if (!config) {
        failure = {WorldFailure::Step::Config, config.diagnostics()};
        return std::nullopt;
    }
    return MapFile{mapPath, std::move(loaded).value(), std::move(config).value()};
}

std::optional<MapWorld> placeOnGrid(MapFile file, WorldFailure& failure)
{
    const std::string& path = file.path;
    if (file.map.width <= 0 || file.map.height <= 0) {
        failure = {WorldFailure::Step::Cells, {eng::Diagnostic{path, 0, "the map has no cells"}}};
        return std::nullopt;
    }
    MapWorld world{std::move(file.map), std::move(file.config), {}, {}};
    world.frame = eng::map::CellFrame::of(world.map);
    if (std::uint64_t(world.frame.gridWidth()) * std::uint64_t(world.frame.gridHeight()) > eng::map::MaxPlayableCells) {
        failure = {WorldFailure::Step::Size,
                   {eng::Diagnostic{path, 0,
                                    "the map is too large to plan on (" + std::to_string(world.frame.gridWidth()) +
                                        "x" + std::to_string(world.frame.gridHeight()) +
                                        " cells on the engine's grid)"}}};
        return std::nullopt;
    }
    if (!world.frame.identity()) {
        const bool infinite = world.map.infinite;
        world.map = eng::map::playableMap(world.map, world.frame);
        world.voids = eng::map::voidCells(world.map, world.frame, infinite);
    }
    return world;
}

std::optional<MapWorld> loadMapWorld(const std::string& mapPath, const std::string& configPath,
                                     WorldFailure& failure)
{
    std::optional<MapFile> file = readMapFile(mapPath, configPath, failure);
    if (!file)
        return std::nullopt;
    return placeOnGrid(std::move(*file), failure);
}

eng::terrain::TerrainGrid worldTerrainGrid(const MapWorld& world)
{
    eng::terrain::TerrainGrid grid = eng::terrain::terrainGridFromMap(world.map, &world.config.config.base);
    grid.voids = world.voids;
    return grid;
}

std::vector<eng::Diagnostic> buildTerrainField(const MapWorld& world, const eng::terrain::TerrainRules& rules,
                                               eng::terrain::TerrainField& field)
{
    return field.build(worldTerrainGrid(world), rules);
}

std::string sizeText(const eng::map::CellFrame& frame)
{
    std::string s = std::to_string(frame.tiledWidth()) + "x" + std::to_string(frame.tiledHeight());
    if (frame.tiledX() != 0 || frame.tiledY() != 0)
        s += " from (" + std::to_string(frame.tiledX()) + "," + std::to_string(frame.tiledY()) + ")";
    return s;
}

std::string coordText(eng::TileCoord c)
{
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

} // namespace isopath
