#pragma once
/// \file MapLoader.hpp
/// Loads Tiled maps and tilesets into MapData. Formats by file extension: .tmx/.xml (XML),
/// .tmj/.json (JSON); external tilesets .tsx/.tsj/.json and templates .tx/.tj are followed
/// relative to the file that names them. A `.gz` suffix is accepted for gzipped files.
///
/// Bad input never crashes: every problem found becomes a Diagnostic naming the file and, where
/// known, the line; the loader collects what it can and fails once.
///
/// \code
/// auto result = eng::map::loadMap("maps/valley.tmx");
/// if (!result) { std::cerr << eng::formatDiagnostics(result.diagnostics()); return 2; }
/// const eng::map::MapData& map = result.value();
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/map/MapData.hpp"

#include <string>

namespace eng::map {

/// Limits checked before allocating.
struct LoadLimits {
    std::uint64_t maxCells = 16u * 1024u * 1024u; ///< per map and per layer
    std::uint64_t maxTotalCells = 64u * 1024u * 1024u; ///< summed over every tile layer
    int maxNesting = 8; ///< map -> template -> tileset file depth
};

/// Loads a map file (and every external tileset and template it names).
Result<MapData> loadMap(const std::string& path, const LoadLimits& limits = {});

/// Loads a standalone external tileset (.tsx/.tsj); firstGid is left at 1.
Result<Tileset> loadTileset(const std::string& path);

} // namespace eng::map
