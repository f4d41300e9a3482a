// Decoding of Tiled tile data: csv, base64, zlib/gzip/zstd — each bounded by the size the layer
// needs, so a hostile file can't make us allocate more than its cells (zlib bombs).
// Reference: https://doc.mapeditor.org/en/stable/reference/tmx-map-format/#data

#include "engine/map/detail/TileData.hpp"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace isostar::map::detail {

namespace {

int base64Value(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string printable(char c)
{
    if (std::isprint(static_cast<unsigned char>(c)))
        return std::string("'") + c + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02x", unsigned(static_cast<unsigned char>(c)));
    return buf;
}

const char* compressionName(Compression c)
{
    switch (c) {
    case Compression::Zlib: return "zlib";
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    case Compression::None: break;
    }
    return "uncompressed";
}

bool inflateBounded(const std::vector<std::uint8_t>& in, bool gzip, std::size_t maxOut,
                    std::vector<std::uint8_t>& out, DecodeError& err)
{
    z_stream zs{};
    if (inflateInit2(&zs, gzip ? 16 + MAX_WBITS : MAX_WBITS) != Z_OK) {
        err.message = "cannot initialise zlib";
        return false;
    }
    // One byte of slack: producing it proves the data is larger than allowed. The buffer
    // grows by doubling up to that bound, so small inputs with a large bound stay cheap.
    const std::size_t limit = maxOut + 1;
    out.resize(std::min(limit, std::max<std::size_t>(in.size() * 4, 64 * 1024)));
    zs.next_in = const_cast<Bytef*>(in.data());
    zs.avail_in = uInt(in.size());
    std::size_t produced = 0;
    int rc = Z_OK;
    while (rc == Z_OK) {
        if (produced == out.size()) {
            if (out.size() == limit)
                break;
            out.resize(std::min(limit, out.size() * 2));
        }
        zs.next_out = out.data() + produced;
        zs.avail_out = uInt(out.size() - produced);
        rc = inflate(&zs, Z_NO_FLUSH);
        produced = out.size() - zs.avail_out;
    }
    const bool inputLeft = zs.avail_in > 0;
    inflateEnd(&zs);
    const char* name = gzip ? "gzip" : "zlib";
    if (produced > maxOut) {
        err.message = std::string(name) + " data decompresses to more than the " +
                      std::to_string(maxOut) + " bytes the layer needs";
        return false;
    }
    if (rc != Z_STREAM_END) {
        err.message = std::string("corrupt ") + name + " data" +
                      (rc == Z_BUF_ERROR || (rc == Z_OK && !inputLeft) ? " (truncated)" : "");
        return false;
    }
    out.resize(produced);
    return true;
}

bool zstdBounded(const std::vector<std::uint8_t>& in, std::size_t maxOut,
                 std::vector<std::uint8_t>& out, DecodeError& err)
{
    ZSTD_DStream* ds = ZSTD_createDStream();
    if (!ds) {
        err.message = "cannot initialise zstd";
        return false;
    }
    out.assign(maxOut + 1, 0);
    ZSTD_inBuffer ib{in.data(), in.size(), 0};
    ZSTD_outBuffer ob{out.data(), out.size(), 0};
    std::size_t rc = 1;
    for (;;) {
        const std::size_t inBefore = ib.pos, outBefore = ob.pos;
        rc = ZSTD_decompressStream(ds, &ob, &ib);
        if (ZSTD_isError(rc) || rc == 0 || ob.pos == ob.size)
            break;
        if (ib.pos == inBefore && ob.pos == outBefore)
            break; // no progress with all input consumed: truncated frame
    }
    ZSTD_freeDStream(ds);
    if (ob.pos > maxOut) {
        err.message = "zstd data decompresses to more than the " + std::to_string(maxOut) +
                      " bytes the layer needs";
        return false;
    }
    if (ZSTD_isError(rc) || rc != 0) {
        err.message = ZSTD_isError(rc) ? std::string("corrupt zstd data: ") + ZSTD_getErrorName(rc)
                                       : std::string("corrupt zstd data (truncated)");
        return false;
    }
    out.resize(ob.pos);
    return true;
}

} // namespace

bool decodeBase64(std::string_view text, std::vector<std::uint8_t>& out, DecodeError& err)
{
    // Table-driven: 64 = whitespace (skipped), 65 = '=', 66 = invalid.
    static const auto table = [] {
        std::array<std::uint8_t, 256> t{};
        t.fill(66);
        for (int c = 0; c < 256; ++c)
            if (base64Value(char(c)) >= 0)
                t[std::size_t(c)] = std::uint8_t(base64Value(char(c)));
        for (char c : {' ', '\t', '\n', '\r'})
            t[std::size_t(static_cast<unsigned char>(c))] = 64;
        t[std::size_t('=')] = 65;
        return t;
    }();
    out.resize(text.size() / 4 * 3 + 3);
    std::uint8_t* dst = out.data();
    std::uint32_t acc = 0;
    int bits = 0;
    std::size_t symbols = 0, padding = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::uint8_t v = table[static_cast<unsigned char>(text[i])];
        if (v < 64 && padding == 0) {
            ++symbols;
            acc = (acc << 6) | v;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                *dst++ = std::uint8_t((acc >> bits) & 0xFFu);
            }
            continue;
        }
        if (v == 64)
            continue;
        if (v == 65) {
            ++padding;
            ++symbols;
            continue;
        }
        err.message = v == 66 ? "invalid base64 character " + printable(text[i])
                              : std::string("base64 data continues after '=' padding");
        err.offset = i;
        out.clear();
        return false;
    }
    out.resize(std::size_t(dst - out.data()));
    if (symbols % 4 != 0 || padding > 2) {
        err.message = "base64 data has a bad length (" + std::to_string(symbols) +
                      " characters, not a multiple of 4)";
        return false;
    }
    return true;
}

bool decompress(Compression c, const std::vector<std::uint8_t>& in, std::size_t maxOut,
                std::vector<std::uint8_t>& out, DecodeError& err)
{
    switch (c) {
    case Compression::None:
        out = in;
        return true;
    case Compression::Zlib: return inflateBounded(in, false, maxOut, out, err);
    case Compression::Gzip: return inflateBounded(in, true, maxOut, out, err);
    case Compression::Zstd: return zstdBounded(in, maxOut, out, err);
    }
    return false;
}

bool parseCsv(std::string_view text, std::size_t maxCount, std::vector<std::uint32_t>& out,
              DecodeError& err)
{
    out.clear();
    std::size_t i = 0;
    const std::size_t n = text.size();
    bool expectValue = true;
    while (i < n) {
        const char c = text[i];
        if (isSpace(c)) {
            ++i;
            continue;
        }
        if (c == ',') {
            if (expectValue) {
                err.message = "empty value in csv data";
                err.offset = i;
                return false;
            }
            expectValue = true;
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < n && text[j] != ',' && !isSpace(text[j]))
            ++j;
        const std::string_view token = text.substr(i, j - i);
        if (!expectValue) {
            err.message = "missing comma before \"" + std::string(token) + "\" in csv data";
            err.offset = i;
            return false;
        }
        std::uint32_t v = 0;
        auto [p, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
        if (ec != std::errc() || p != token.data() + token.size()) {
            err.message = "bad tile id \"" + std::string(token.substr(0, 40)) + "\" in csv data";
            err.offset = i;
            return false;
        }
        if (out.size() >= maxCount) {
            // Count the rest cheaply so the message can say how many there are.
            std::size_t total = out.size() + 1;
            for (std::size_t k = j; k < n; ++k)
                total += text[k] == ',';
            out.resize(std::min(total, maxCount + 1));
            err.message = std::to_string(total) + " tiles";
            return false;
        }
        out.push_back(v);
        expectValue = false;
        i = j;
    }
    if (expectValue && !out.empty()) {
        err.message = "csv data ends with a comma";
        err.offset = n;
        return false;
    }
    return true;
}

bool decodeBase64Gids(std::string_view text, Compression c, std::size_t expectedCount,
                      std::vector<std::uint32_t>& out, DecodeError& err)
{
    std::vector<std::uint8_t> raw, bytes;
    if (!decodeBase64(text, raw, err))
        return false;
    const std::size_t maxBytes = expectedCount * 4;
    if (c == Compression::None) {
        bytes = std::move(raw);
    } else if (!decompress(c, raw, maxBytes, bytes, err)) {
        return false;
    }
    if (bytes.size() % 4 != 0) {
        err.message = std::string(compressionName(c)) + " data is " + std::to_string(bytes.size()) +
                      " bytes, not a multiple of 4";
        return false;
    }
    out.resize(bytes.size() / 4);
    for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = std::uint32_t(bytes[4 * k]) | std::uint32_t(bytes[4 * k + 1]) << 8 |
                 std::uint32_t(bytes[4 * k + 2]) << 16 | std::uint32_t(bytes[4 * k + 3]) << 24;
    return true;
}

bool readFileMaybeGz(const std::string& path, std::string& out, std::string& err,
                     std::size_t maxBytes)
{
    namespace fs = std::filesystem;
    std::string actual = path;
    std::error_code ec;
    if (!fs::exists(actual, ec) && fs::exists(actual + ".gz", ec))
        actual += ".gz";
    if (fs::is_directory(actual, ec)) {
        err = "is a directory";
        return false;
    }
    std::ifstream in(actual, std::ios::binary);
    if (!in) {
        err = std::strerror(errno);
        if (err.empty() || errno == 0)
            err = "cannot open";
        return false;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size < 0) {
        err = "cannot read";
        return false;
    }
    if (std::uint64_t(size) > maxBytes) {
        err = "file is larger than " + std::to_string(maxBytes) + " bytes";
        return false;
    }
    std::string data(std::size_t(size), '\0');
    in.read(data.data(), size);
    if (!in) {
        err = "cannot read";
        return false;
    }
    const bool gz = actual.size() > 3 && actual.compare(actual.size() - 3, 3, ".gz") == 0;
    if (!gz) {
        out = std::move(data);
        return true;
    }
    std::vector<std::uint8_t> packed(data.begin(), data.end()), unpacked;
    DecodeError de;
    if (!inflateBounded(packed, true, maxBytes, unpacked, de)) {
        err = de.message;
        return false;
    }
    out.assign(unpacked.begin(), unpacked.end());
    return true;
}

bool readImageSize(const std::string& path, int& width, int& height)
{
    std::ifstream in(path, std::ios::binary);
    unsigned char h[32] = {};
    if (!in || !in.read(reinterpret_cast<char*>(h), sizeof h))
        return false;
    auto be32 = [&](int i) {
        return std::uint32_t(h[i]) << 24 | std::uint32_t(h[i + 1]) << 16 |
               std::uint32_t(h[i + 2]) << 8 | std::uint32_t(h[i + 3]);
    };
    auto le16 = [&](int i) { return std::uint32_t(h[i]) | std::uint32_t(h[i + 1]) << 8; };
    auto le32 = [&](int i) { return le16(i) | le16(i + 2) << 16; };
    std::uint32_t w = 0, ht = 0;
    if (!std::memcmp(h, "\x89PNG\r\n\x1a\n", 8) && !std::memcmp(h + 12, "IHDR", 4)) {
        w = be32(16);
        ht = be32(20);
    } else if (!std::memcmp(h, "GIF8", 4)) {
        w = le16(6);
        ht = le16(8);
    } else if (h[0] == 'B' && h[1] == 'M') {
        w = le32(18);
        ht = le32(22);
        if (ht & 0x80000000u)
            ht = 0u - ht; // top-down BMP
    } else {
        return false;
    }
    if (w == 0 || ht == 0 || w > 1u << 20 || ht > 1u << 20)
        return false;
    width = int(w);
    height = int(ht);
    return true;
}

std::string resolvePath(const std::string& baseFile, const std::string& ref)
{
    namespace fs = std::filesystem;
    const fs::path r(ref);
    if (r.is_absolute())
        return r.lexically_normal().string();
    return (fs::path(baseFile).parent_path() / r).lexically_normal().string();
}

std::string formatExtension(const std::string& path)
{
    namespace fs = std::filesystem;
    fs::path p(path);
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char ch) { return char(std::tolower(ch)); });
    if (ext == ".gz") {
        ext = p.stem().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char ch) { return char(std::tolower(ch)); });
    }
    return ext;
}

} // namespace isostar::map::detail
