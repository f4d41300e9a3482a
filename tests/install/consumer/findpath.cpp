// findpath MAP SX,SY GX,GY: the engine from outside the project, as `isopath path MAP --from SX,SY
// --to GX,GY` runs it (the map's own terrain config, base rules, A*). Prints the status and the
// "cost:" line exactly as isopath prints it; exits 0 when the goal was reached, 1 otherwise or
// with the diagnostics of a map or config that does not load.

#include "engine/core/Diagnostic.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <string>

namespace {

bool parseCell(const char* text, eng::TileCoord& c)
{
    return std::sscanf(text, "%d,%d", &c.x, &c.y) == 2;
}

} // namespace

int main(int argc, char** argv)
{
    eng::TileCoord start, goal;
    if (argc != 4 || !parseCell(argv[2], start) || !parseCell(argv[3], goal)) {
        std::cerr << "usage: findpath MAP SX,SY GX,GY\n";
        return 2;
    }
    auto map = eng::map::loadMap(argv[1]);
    if (!map) {
        std::cerr << eng::formatDiagnostics(map.diagnostics());
        return 1;
    }
    auto config = eng::terrain::resolveTerrainConfig(map.value());
    if (!config) {
        std::cerr << eng::formatDiagnostics(config.diagnostics());
        return 1;
    }
    const eng::terrain::TerrainRules& rules = config.value().config.base;
    eng::terrain::TerrainField field;
    field.build(eng::terrain::terrainGridFromMap(map.value()), rules);
    eng::path::GridPathfinder finder;
    if (!finder.init(field.costField(), rules.movement)) {
        std::cerr << "findpath: the cost field or the move rules are invalid\n";
        return 1;
    }
    eng::path::PathResult result;
    finder.findPath(start, goal, result);
    std::cout << "status:   " << result.status << '\n';
    if (!result.path.empty())
        std::cout << "cost:     " << std::setprecision(10) << result.cost << " over " << result.path.size() - 1
                  << " steps\n";
    return result.status == eng::path::PathStatus::Found ? 0 : 1;
}
