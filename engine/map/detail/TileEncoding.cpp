// Encoders for Tiled tile data, the inverse of TileData.cpp's decoders, formatted as Tiled 1.8
// writes them (see MapWriter.hpp for what is kept around them).
// Reference: https://doc.mapeditor.org/en/stable/reference/tmx-map-format/#data

#include "engine/map/detail/TileEncoding.hpp"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>

namespace isostar::map::detail {

std::vector<std::uint32_t> rawGids(const TileGrid& grid)
{
    std::vector<std::uint32_t> raw(grid.gids.begin(), grid.gids.end());
    if (grid.flipFlags.size() != raw.size())
        return raw;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const std::uint8_t f = grid.flipFlags[i];
        raw[i] |= (f & flip::Horizontal ? 1u << 31 : 0u) | (f & flip::Vertical ? 1u << 30 : 0u) |
                  (f & flip::Diagonal ? 1u << 29 : 0u) | (f & flip::Rotated120 ? 1u << 28 : 0u);
    }
    return raw;
}

std::string encodeCsv(const std::vector<std::uint32_t>& raw, int width)
{
    std::string out;
    out.reserve(raw.size() * 4);
    const std::size_t w = width > 0 ? std::size_t(width) : raw.size();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        out += std::to_string(raw[i]);
        if (i + 1 < raw.size()) {
            out += ',';
            if ((i + 1) % w == 0)
                out += '\n';
        }
    }
    return out;
}

std::string encodeXmlTiles(const std::vector<std::uint32_t>& raw, int width, const std::string& indent)
{
    std::string out;
    const std::size_t w = width > 0 ? std::size_t(width) : raw.size();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (i > 0 && i % w == 0)
            out += "\n" + indent;
        out += raw[i] == 0 ? std::string("<tile/>") : "<tile gid=\"" + std::to_string(raw[i]) + "\"/>";
    }
    return out;
}

std::string encodeBase64(const std::vector<std::uint8_t>& bytes)
{
    static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const std::uint32_t v = std::uint32_t(bytes[i]) << 16 | std::uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += alphabet[(v >> 6) & 63];
        out += alphabet[v & 63];
    }
    if (const std::size_t rest = bytes.size() - i; rest > 0) {
        std::uint32_t v = std::uint32_t(bytes[i]) << 16;
        if (rest == 2)
            v |= std::uint32_t(bytes[i + 1]) << 8;
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += rest == 2 ? alphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

namespace {

bool deflateBytes(const std::vector<std::uint8_t>& in, bool gzip, int level,
                  std::vector<std::uint8_t>& out, std::string& err)
{
    z_stream zs{};
    // windowBits 15 (+16 for a gzip header), memLevel 8: zlib's defaults, as Qt's qCompress uses.
    if (deflateInit2(&zs, level < 0 ? Z_DEFAULT_COMPRESSION : std::min(level, 9), Z_DEFLATED,
                     gzip ? 16 + MAX_WBITS : MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        err = "cannot initialise zlib";
        return false;
    }
    out.resize(deflateBound(&zs, uLong(in.size())) + (gzip ? 18 : 0));
    zs.next_in = const_cast<Bytef*>(in.data());
    zs.avail_in = uInt(in.size());
    zs.next_out = out.data();
    zs.avail_out = uInt(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    out.resize(out.size() - zs.avail_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END) {
        err = std::string(gzip ? "gzip" : "zlib") + " compression failed";
        return false;
    }
    return true;
}

} // namespace

bool encodeBase64Gids(const std::vector<std::uint32_t>& raw, Compression c, int level,
                      std::string& out, std::string& err)
{
    std::vector<std::uint8_t> bytes(raw.size() * 4);
    for (std::size_t k = 0; k < raw.size(); ++k) {
        bytes[4 * k] = std::uint8_t(raw[k]);
        bytes[4 * k + 1] = std::uint8_t(raw[k] >> 8);
        bytes[4 * k + 2] = std::uint8_t(raw[k] >> 16);
        bytes[4 * k + 3] = std::uint8_t(raw[k] >> 24);
    }
    std::vector<std::uint8_t> packed;
    switch (c) {
    case Compression::None: packed = std::move(bytes); break;
    case Compression::Zlib:
    case Compression::Gzip:
        if (!deflateBytes(bytes, c == Compression::Gzip, level, packed, err))
            return false;
        break;
    case Compression::Zstd: {
        packed.resize(ZSTD_compressBound(bytes.size()));
        const std::size_t n = ZSTD_compress(packed.data(), packed.size(), bytes.data(), bytes.size(),
                                            level < 0 ? ZSTD_CLEVEL_DEFAULT : level);
        if (ZSTD_isError(n)) {
            err = std::string("zstd compression failed: ") + ZSTD_getErrorName(n);
            return false;
        }
        packed.resize(n);
        break;
    }
    }
    out = encodeBase64(packed);
    return true;
}

} // namespace isostar::map::detail
