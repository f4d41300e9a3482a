#pragma once
/// \file ChunkWriter.hpp
/// Internal to engine/map: an infinite map's tile layer written as Tiled writes it — `<chunk>`
/// elements of the map's chunk size (its `<editorsettings><chunksize>`, else 16x16), placed at
/// multiples of that size (negative ones included), only the chunks that hold a tile, top to
/// bottom and left to right. A cell painted outside the layer's chunks so gets a new chunk, as
/// in Tiled. Used by MapWriter.

#include "engine/map/MapData.hpp"
#include "engine/map/detail/Build.hpp"
#include "engine/map/detail/TileData.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace pugi {
class xml_node;
}

namespace isostar::map::detail {

/// Tiled's chunk size when the map's editor settings name none.
inline constexpr int DefaultChunkSize = 16;

/// The chunk size of the map file whose root element is `root`: `<editorsettings><chunksize
/// width height>` when both are positive, else DefaultChunkSize each.
void chunkSizeOf(pugi::xml_node root, int& width, int& height);

/// The chunks Tiled writes for `grid` (raw gids, flip bits in): chunkWidth x chunkHeight blocks
/// at multiples of the chunk size, those holding a tile only, rows top to bottom.
/// [Limit: chunkWidth, chunkHeight > 0]
std::vector<RawChunk> chunksOf(const TileGrid& grid, int chunkWidth, int chunkHeight);

/// True when the file's chunks (decoded) hold exactly the cells of `grid`: every chunk cell
/// equals the grid's (empty off the grid) and the grid has no tile outside the chunks.
bool sameCells(const std::vector<RawChunk>& fileChunks, const TileGrid& grid);

/// The text of `chunks` inside a `<data>` element: each `<chunk>` on its own line after
/// `indent`, its cells in `encoding` ("csv", "base64" with `comp` at `level`, or "xml"). False
/// with `err` when the compressor fails.
bool encodeChunks(const std::vector<RawChunk>& chunks, std::string_view encoding, Compression comp, int level,
                  const std::string& indent, std::string& out, std::string& err);

} // namespace isostar::map::detail
