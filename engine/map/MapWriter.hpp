#pragma once
/// \file MapWriter.hpp
/// Saves the tiles of an edited MapData back into its Tiled map file, keeping everything else.
///
/// The writer does not serialise MapData. It re-reads the file the map was loaded from
/// (`MapData::path`) and splices new text into that file's bytes, so whatever the loader read
/// and the edit did not touch stays byte for byte: properties, objects, tileset references,
/// layer order and ids, attribute order and quoting, comments, whitespace, entities.
/// What changes:
/// - The content of each tile layer's `<data>` element whose cells differ from the file (a layer
///   whose cells are unchanged keeps its exact bytes). The layer keeps its encoding and
///   compression: csv (Tiled's rows: one line per map row, commas at line ends), base64 plain,
///   base64 + zlib / gzip / zstd (at the map's `compressionlevel`, default when -1), and legacy
///   XML `<tile gid=".."/>` elements (one line per row). The whitespace around the data is
///   kept, and so are CRLF line ends. Flip flags go back into the top bits of each gid.
/// - An infinite map's tile layer whose cells differ from its chunks: its `<data>` holds the
///   chunks Tiled writes for the layer's grid (in the same encoding): blocks of the map's chunk
///   size (`<editorsettings><chunksize>`, else 16x16) at multiples of that size, only those
///   holding a tile. So a cell painted outside the layer's chunks gets a new chunk, as in Tiled.
/// - Saving into another folder: every relative reference in the file — `<tileset source>`,
///   `<image source>`, `<object template>` and properties of type `file` (nested class members
///   too, and string properties named in SaveOptions::pathProperties) — is rewritten relative
///   to the new folder, so the copy still opens in Tiled and in the
///   loader. Absolute paths, empty values and URLs (`scheme://`) are kept. Same folder (by
///   canonical path): no reference changes.
///
/// Layers are matched by their `id` attribute when every tile layer of the file has a distinct
/// id and the MapData's tile layers carry the same ids; otherwise by document order of the tile
/// layers (layers inside groups included, as forEachLayer visits them).
///
/// The file is written with writeFileAtomically (engine/core/AtomicFile.hpp); `keepBackup`
/// keeps the replaced file as `outPath + ".bak"`.
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();
/// map.layers[0].tiles.gids[0] = 5;                      // an edit (see engine/edit)
/// auto saved = isostar::map::saveMapTiles(map, map.path, /*keepBackup=*/true);
/// if (!saved) std::cerr << isostar::formatDiagnostics(saved.diagnostics());
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/map/MapData.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace isostar::map {

/// What a successful save did.
struct SaveReport {
    std::string path;             ///< the file written (`outPath` as given)
    std::string backupPath;       ///< `outPath + ".bak"` when a previous file was kept, else ""
    int layersRewritten = 0;      ///< tile layers whose <data> was re-encoded
    int referencesRewritten = 0;  ///< relative paths adjusted for a new folder
    bool operator==(const SaveReport&) const = default;
};
std::ostream& operator<<(std::ostream& os, const SaveReport& r);

/// Optional knobs of saveMapTiles.
struct SaveOptions {
    /// Names of *string* properties (any owner: map, layer, object, tileset) whose values are
    /// paths relative to the map, rebased like `file` properties when saving into another
    /// folder — e.g. `{std::string(isostar::terrain::ConfigProperty)}` for the map's `config`.
    std::vector<std::string> pathProperties;
};

/// Writes the tile data of `map` into a copy of the file `map.path` and saves it as `outPath`
/// (may equal `map.path`). Supported: `.tmx` maps (also `.xml`) of every orientation, finite or
/// infinite, written to a `.tmx` or `.xml` path. `map` must be in the file's form: its
/// orientation, size and infiniteness (the game's playable form of a staggered or infinite map
/// is put back with isostar::map::tiledMap first). Every failure is a Diagnostic naming a file,
/// and nothing is written then:
/// - the original is missing, unreadable, gzipped or not valid XML (names `map.path`, with line),
/// - `.tmj`/JSON maps ("saving is supported for .tmx maps"), an output name that is not
///   `.tmx`/`.xml`,
/// - the file's orientation, width, height or infiniteness differs from the map's,
/// - the file's tile layers and the MapData's differ in number, ids or size (names the layer),
/// - a layer's data block cannot be located or its encoding is unknown,
/// - the write itself (names `outPath` and the OS reason).
/// Complexity: O(file size + cells); a layer is decoded once to compare and encoded only when
/// it changed.
Result<SaveReport> saveMapTiles(const MapData& map, const std::string& outPath, bool keepBackup,
                                const SaveOptions& options = {});

} // namespace isostar::map
