#pragma once
/// \file MapLoader.hpp
/// Loads Tiled maps and tilesets into MapData. Formats by file extension: .tmx/.xml (XML),
/// .tmj/.json (JSON), otherwise by content; external tilesets .tsx/.tsj/.json and templates
/// .tx/.tj are followed relative to the file that names them (each read once per load).
/// A `.gz` suffix is accepted for gzipped files, and a referenced file that is missing is
/// looked for as `name.gz` too (Debian ships Tiled's examples that way).
///
/// Bad input never crashes: every problem found becomes a Diagnostic naming the file (as given,
/// or resolved relative to it for tilesets and templates) and, for XML, the line; JSON errors
/// name the JSON path instead (`layers[2] "ground": ...`). The loader collects what it can and
/// fails once. Checked: required attributes, numbers (strict, in range), sizes > 0, tile counts
/// against width*height, every gid against the tilesets, encodings and compressions by name,
/// property values against their types, DOCTYPE internal subsets (refused), nesting depth.
/// Not an error: a missing *image* file (the renderer reports it; sizes then come from the
/// attributes, or from the image header when the file omits them and the image exists).
///
/// After a successful load: tilesets are sorted by firstGid and do not overlap; finite maps'
/// tile layers are exactly width x height; infinite maps' layers cover their chunks' bounding
/// box (TileGrid origin, possibly negative, may be empty).
///
/// \code
/// auto result = isostar::map::loadMap("maps/valley.tmx");
/// if (!result) { std::cerr << isostar::formatDiagnostics(result.diagnostics()); return 2; }
/// const isostar::map::MapData& map = result.value();
/// std::cout << map.width << "x" << map.height << ", " << map.layers.size() << " layers\n";
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/map/MapData.hpp"

#include <string>

namespace isostar::map {

/// Limits checked before allocating (a hostile file can't make the loader allocate more than
/// these, nor decompress more than its layers need).
struct LoadLimits {
    std::uint64_t maxCells = 16u * 1024u * 1024u; ///< per map and per layer
    std::uint64_t maxTotalCells = 64u * 1024u * 1024u; ///< summed over every tile layer
    int maxNesting = 8; ///< map -> template -> tileset file depth
};

/// Loads a map file (and every external tileset and template it names).
Result<MapData> loadMap(const std::string& path, const LoadLimits& limits = {});

/// Loads a standalone external tileset (.tsx/.tsj); firstGid is left at 1.
Result<Tileset> loadTileset(const std::string& path);

} // namespace isostar::map
