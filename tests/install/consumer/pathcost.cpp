// pathcost: the engine linked into a shared library. Needs position-independent engine
// libraries; includes the engine's installed headers (<isostar/engine/...>) beside the
// consumer's own engine/ folder.

#include "pathcost.hpp"

#include <isostar/engine/core/Diagnostic.hpp>
#include <isostar/engine/map/MapLoader.hpp>
#include <isostar/engine/path/GridPathfinder.hpp>
#include <isostar/engine/terrain/MapTerrain.hpp>
#include <isostar/engine/terrain/TerrainField.hpp>

// The consumer's own header of the same name, found through the consumer's include folder.
#define CONSUMER_OWN_ENGINE_HEADERS
#include "engine/core/TileCoord.hpp"

#include <string>

PathCost findPathCost(const std::string& mapPath, int sx, int sy, int gx, int gy)
{
    PathCost answer;
    auto map = isostar::map::loadMap(mapPath);
    if (!map) {
        answer.error = isostar::formatDiagnostics(map.diagnostics());
        return answer;
    }
    auto config = isostar::terrain::resolveTerrainConfig(map.value());
    if (!config) {
        answer.error = isostar::formatDiagnostics(config.diagnostics());
        return answer;
    }
    answer.loaded = true;
    const isostar::terrain::TerrainRules& rules = config.value().config.base;
    isostar::terrain::TerrainField field;
    field.build(isostar::terrain::terrainGridFromMap(map.value()), rules);
    isostar::path::GridPathfinder finder;
    if (!finder.init(field.costField(), rules.movement)) {
        answer.status = std::string(isostar::path::statusName(isostar::path::PathStatus::InvalidInput));
        return answer;
    }
    const consumer::GridCell start{sx, sy};
    const consumer::GridCell goal{gx, gy};
    isostar::path::PathResult result;
    finder.findPath({start.column, start.row}, {goal.column, goal.row}, result);
    answer.status = std::string(isostar::path::statusName(result.status));
    if (!result.path.empty()) {
        answer.cost = result.cost;
        answer.steps = int(result.path.size()) - 1;
    }
    return answer;
}
