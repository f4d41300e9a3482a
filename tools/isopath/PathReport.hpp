#pragma once
/// \file PathReport.hpp
/// The output of `isopath path`: a summary with the ASCII picture (PathPicture.hpp), or JSON.
/// Cells are printed in Tiled's coordinates.

#include "tools/isopath/Algorithm.hpp"
#include "tools/isopath/MapWorld.hpp"
#include "tools/isopath/PathQuery.hpp"

#include "engine/path/AnyAngle.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/Race.hpp"
#include "engine/terrain/PathWhy.hpp"

#include <optional>
#include <string>
#include <vector>

namespace isopath {

/// The query's search: which algorithm ran, its result, its wall time.
struct SearchOutcome {
    Algorithm algorithm = Algorithm::AStar;
    isostar::path::PathResult result;
    double micros = 0.0;
};

/// Everything the output shows.
struct PathReport {
    const PathOptions& opt;
    const MapWorld& world;
    const isostar::terrain::TerrainRules& rules;
    const QueryCells& cells;
    const isostar::terrain::TerrainField& field;
    const SearchOutcome& search;
    std::string status;
    std::vector<std::string> warnings;
    std::optional<isostar::terrain::PathWhy> why;  ///< --why
    std::optional<isostar::path::Race> race;       ///< --compare
    std::optional<isostar::path::SmoothPath> smooth;  ///< --smooth, when the search found a path
};

/// The JSON object of the report, one line on stdout.
void printJson(const PathReport& rep);

/// The summary, the picture and what the options add (--explain, --why, --compare, --smooth) on
/// stdout; the warnings on stderr.
void printText(const PathReport& rep);

} // namespace isopath
