#pragma once
/// \file MovingAi.hpp
/// Reader for Nathan Sturtevant's Moving AI grid benchmarks (.map and .map.scen), std only.
/// Conventions (see ../shared/movingai/SOURCES.md): `.`, `G`, `S` are ground; `W` is water
/// (steps only water<->water); `@`, `O`, `T` are never entered. 8-connected, orthogonal steps
/// cost 1, diagonals exactly sqrt(2), no corner cutting.
///
/// \code
/// #include "engine/path/GridPathfinder.hpp"
/// auto map = isostar::path::loadMovingAiMap("den520d.map");
/// auto scen = isostar::path::loadMovingAiScenarios("den520d.map.scen");
/// if (!map) { std::cerr << isostar::formatDiagnostics(map.diagnostics()); return 2; }
/// if (!scen) { std::cerr << isostar::formatDiagnostics(scen.diagnostics()); return 2; }
/// const auto& s = scen.value().scenarios[0];
/// isostar::path::GridPathfinder finder;
/// finder.init(isostar::path::toCostField(map.value(), map.value().terrainAt(s.start)),
///             isostar::path::movingAiRules());
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/MoveRules.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::path {

/// Movement class of a Moving AI cell. A step joins two cells of the same class.
enum class MovingAiTerrain : std::uint8_t { Ground, Water, Blocked };

struct MovingAiMap {
    std::string file;          ///< path as given to the loader
    int width = 0;
    int height = 0;
    std::vector<char> cells;   ///< row-major raw characters

    MovingAiTerrain terrainAt(TileCoord c) const;
};

/// Parses a `.map` text: `type octile`, `height H`, `width W` (any order), `map`, then H rows
/// of W characters; LF or CRLF, final newline optional. Unknown cell characters, wrong row
/// counts or lengths, missing header fields: diagnostics `file:line: error: ...`.
Result<MovingAiMap> parseMovingAiMap(std::string_view text, const std::string& fileName);
Result<MovingAiMap> loadMovingAiMap(const std::string& path);

/// Cells of class `passableClass` cost 1, every other cell is Impassable. Because steps only
/// join cells of one class and the start fixes the class, searching this field is exactly the
/// HOG2 rule (including diagonal side cells having to be in the destination's class).
CostField toCostField(const MovingAiMap& map, MovingAiTerrain passableClass);

/// NoCornerCutting, diagonal factor sqrt(2) exactly, octile heuristic, weight 1.
MoveRules movingAiRules();

struct MovingAiScenario {
    int line = 0;           ///< 1-based line in the .scen file
    int bucket = 0;
    std::string mapName;    ///< as written (may include a directory)
    int mapWidth = 0;
    int mapHeight = 0;
    TileCoord start;
    TileCoord goal;
    double optimalLength = 0.0;
    int decimals = 0;       ///< digits after the decimal point in the written length
    /// Allowed |found - optimal|: 1e-4, or half a unit of the last written digit (+1e-6) when
    /// the file rounds coarser (0.005 + 1e-6 for 2 decimals).
    double tolerance() const;
};

struct MovingAiScenarioFile {
    std::string file;
    std::string version;    ///< "1" (tab-separated) or "1.0" (space-separated)
    std::vector<MovingAiScenario> scenarios;
};

/// Parses a `.scen` text: `version 1` or `version 1.0`, then 9 whitespace-separated fields per
/// line (blank lines ignored, CRLF accepted). Errors name file and line.
Result<MovingAiScenarioFile> parseMovingAiScenarios(std::string_view text, const std::string& fileName);
Result<MovingAiScenarioFile> loadMovingAiScenarios(const std::string& path);

/// Checks a scenario against its map: width/height equal the header, start and goal in bounds,
/// passable and of one terrain class (errors); the map's base name matches, directories ignored
/// (a Warning only, since renamed copies are common). Empty when fine.
std::vector<Diagnostic> checkScenario(const MovingAiScenario& s, const MovingAiMap& map,
                                      const std::string& scenFile);

} // namespace isostar::path
