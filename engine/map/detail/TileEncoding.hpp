#pragma once
/// \file TileEncoding.hpp
/// Internal to engine/map: the encoders matching TileData.hpp's decoders — raw gids (flip bits
/// in) to Tiled's csv, XML `<tile>` elements and base64 with optional zlib/gzip/zstd, formatted
/// the way Tiled 1.8 writes them. Used by MapWriter.

#include "engine/map/MapData.hpp"
#include "engine/map/detail/TileData.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace isostar::map::detail {

/// A grid's cells as raw Tiled gids: gid | flip bits (bit 31 horizontal, 30 vertical,
/// 29 diagonal, 28 hexagonal 120 degrees). An empty `flipFlags` means no flips.
std::vector<std::uint32_t> rawGids(const TileGrid& grid);

/// Tiled's csv: one line per row, every value followed by a comma except the very last, rows
/// separated by "\n" (no leading or trailing newline: the caller keeps the file's own).
std::string encodeCsv(const std::vector<std::uint32_t>& raw, int width);

/// Legacy XML: `<tile/>` for empty cells, `<tile gid="N"/>` otherwise, one line per row; rows
/// are separated by "\n" + `indent`.
std::string encodeXmlTiles(const std::vector<std::uint32_t>& raw, int width, const std::string& indent);

/// Standard base64 (RFC 4648, '=' padding, no line breaks).
std::string encodeBase64(const std::vector<std::uint8_t>& bytes);

/// Raw gids as little-endian bytes, compressed with `c` at `level` (-1 = the library's default:
/// zlib 6, zstd 3), then base64. False with `err` when the compressor fails.
bool encodeBase64Gids(const std::vector<std::uint32_t>& raw, Compression c, int level,
                      std::string& out, std::string& err);

} // namespace isostar::map::detail
