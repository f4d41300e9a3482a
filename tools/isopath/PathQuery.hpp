#pragma once
/// \file PathQuery.hpp
/// The query of `isopath path`: its options, the rules they ask for (profile, heuristic,
/// diagonal mode, weight), its cells (Tiled's coordinates or the map's start/goal objects, on
/// the searched grid) and the checks before the search. Bad input throws UsageError.

#include "tools/isopath/MapWorld.hpp"

#include "engine/core/TileCoord.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "engine/terrain/TerrainRules.hpp"

#include <optional>
#include <string>
#include <vector>

namespace isopath {

/// The options of `isopath path` (see addPathCommand for their meaning).
struct PathOptions {
    std::string mapPath;
    std::string from, to;
    std::string configPath;
    std::string profile;
    std::string heuristic, diagonal, weight;
    std::string size;      ///< --size: the unit's size (default: the profile's `[movement] size`)
    std::string explain;
    std::string algorithm = "auto";
    std::string landmarks = "auto";
    bool json = false;
    bool noPartial = false;
    bool why = false;      ///< --why: explain the path's cost (PathWhy.hpp)
    bool compare = false;  ///< --compare: race the four searches (Race.hpp)
    bool smooth = false;   ///< --smooth: the any-angle path too (AnyAngle.hpp)
};

/// The profile's rules (or the base rules) with the options' heuristic, diagonal mode, weight
/// and unit size.
isostar::terrain::TerrainRules queryRules(const PathOptions& opt, const isostar::terrain::ResolvedConfig& config);

/// The cells of the query: start and goal (options, else the map's objects), the explained cell.
struct QueryCells {
    isostar::TileCoord start;
    isostar::TileCoord goal;
    std::optional<isostar::TileCoord> explain;
};

QueryCells queryCells(const PathOptions& opt, const MapWorld& world);

/// Refuses cells off the map and an impassable start; warns about an impassable goal and a
/// weight above 1.
void checkQuery(const QueryCells& cells, const isostar::terrain::TerrainField& field, const isostar::terrain::TerrainRules& rules,
                const isostar::map::CellFrame& frame, std::vector<std::string>& warnings);

/// A unit bigger than a cell (rules.size > 1): refuses a start where its footprint does not fit
/// and warns about such a goal. `footprints`: the footprint costs (path/Footprint.hpp).
void checkFootprint(const QueryCells& cells, const isostar::path::CostField& footprints, int size,
                    const isostar::map::CellFrame& frame, std::vector<std::string>& warnings);

} // namespace isopath
