#pragma once
/// \file TileData.hpp
/// Internal to engine/map: decoding of tile layer data shared by TMX and TMJ (csv, base64,
/// zlib/gzip/zstd), and reading files that may be gzipped. Every decoder is bounded: output
/// never grows past the size the caller says it needs (zlib bombs stop there).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::map::detail {

enum class Compression { None, Zlib, Gzip, Zstd };

/// Outcome of a decode step. `message` says what is wrong (without file or line);
/// `offset` is the byte offset in the input text where it went wrong, when known.
struct DecodeError {
    std::string message;
    std::size_t offset = std::string_view::npos;
};

/// Decodes base64 (whitespace ignored). Returns false and fills `err` on a bad character or
/// bad length/padding.
bool decodeBase64(std::string_view text, std::vector<std::uint8_t>& out, DecodeError& err);

/// Decompresses `in`, producing at most `maxOut` bytes. Returns false with `err` when the data
/// is corrupt or would decompress to more than `maxOut` bytes.
bool decompress(Compression c, const std::vector<std::uint8_t>& in, std::size_t maxOut,
                std::vector<std::uint8_t>& out, DecodeError& err);

/// Parses Tiled's csv tile data: unsigned 32-bit numbers separated by commas and whitespace.
/// Stops with an error after `maxCount` numbers (the caller compares counts itself).
bool parseCsv(std::string_view text, std::size_t maxCount, std::vector<std::uint32_t>& out,
              DecodeError& err);

/// base64 (+ compression) -> little-endian 32-bit raw gids. `expectedCount` bounds the output.
bool decodeBase64Gids(std::string_view text, Compression c, std::size_t expectedCount,
                      std::vector<std::uint32_t>& out, DecodeError& err);

/// Reads a whole file. A name ending in ".gz" is gunzipped; when `path` does not exist but
/// `path + ".gz"` does (Debian ships Tiled's examples that way), that one is read instead.
/// Files larger than `maxBytes` (after gunzip) are refused. `err` holds the reason on failure.
bool readFileMaybeGz(const std::string& path, std::string& out, std::string& err,
                     std::size_t maxBytes = std::size_t(512) << 20);

/// Width and height of a PNG, GIF or BMP file from its header (the loader never decodes
/// images; this is only for old files that omit an image's size). False when unknown.
bool readImageSize(const std::string& path, int& width, int& height);

/// `ref` resolved against the folder of `baseFile` (lexically normalised; absolute refs kept).
std::string resolvePath(const std::string& baseFile, const std::string& ref);

/// Lower-case extension without ".gz" ("maps/a.tmx.gz" -> ".tmx").
std::string formatExtension(const std::string& path);

} // namespace isostar::map::detail
