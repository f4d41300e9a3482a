// libFuzzer target for engine/map: one program per file kind, chosen at compile time by
// ISOSTAR_FUZZ_KIND (see tests/fuzz/CMakeLists.txt):
//   tmx, tmj     the input is a map file (loadMap)
//   tsx, tsj     the input is an external tileset (loadTileset, and a map naming it)
//   tx, tj       the input is a template named by a fixed map's object (loadMap of that map)
//   gz           the first byte picks .tmx/.tmj and whether the rest is written as is or
//                gzipped first (a valid stream around fuzzed text), as `in.tmx.gz` / `in.tmj.gz`
// The loader reads files, so the input is written into the scratch folder (FuzzSupport.hpp).

#include "engine/map/MapLoader.hpp"
#include "tests/fuzz/FuzzSupport.hpp"

#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace {

using namespace fuzzsupport;

constexpr std::string_view kKind = ISOSTAR_FUZZ_KIND;
static_assert(kKind == "tmx" || kKind == "tmj" || kKind == "tsx" || kKind == "tsj" || kKind == "tx" || kKind == "tj" ||
              kKind == "gz");

/// A map naming `in.<ext>` as its external tileset (tsx/tsj) or object template (tx/tj).
[[maybe_unused]] std::string hostMap(std::string_view ext)
{
    const std::string ref = "in." + std::string(ext);
    if (ext == "tsx")
        return R"(<?xml version="1.0"?><map version="1.8" orientation="orthogonal" width="2" height="2" )"
               R"(tilewidth="32" tileheight="32" infinite="0"><tileset firstgid="1" source=")" + ref +
               R"("/><layer id="1" name="g" width="2" height="2"><data encoding="csv">1,2,3,4</data></layer></map>)";
    if (ext == "tsj")
        return R"({"type":"map","version":"1.8","orientation":"orthogonal","width":2,"height":2,"tilewidth":32,)"
               R"("tileheight":32,"infinite":false,"tilesets":[{"firstgid":1,"source":")" + ref +
               R"("}],"layers":[{"type":"tilelayer","id":1,"name":"g","width":2,"height":2,"data":[1,2,3,4]}]})";
    if (ext == "tx")
        return R"(<?xml version="1.0"?><map version="1.8" orientation="orthogonal" width="2" height="2" )"
               R"(tilewidth="32" tileheight="32" infinite="0"><objectgroup id="1" name="o">)"
               R"(<object id="1" template=")" + ref + R"(" x="8" y="8"/></objectgroup></map>)";
    // tj
    return R"({"type":"map","version":"1.8","orientation":"orthogonal","width":2,"height":2,"tilewidth":32,)"
           R"("tileheight":32,"infinite":false,"tilesets":[],"layers":[{"type":"objectgroup","id":1,"name":"o",)"
           R"("objects":[{"id":1,"template":")" + ref + R"(","x":8,"y":8}]}]})";
}

/// `text` as a gzip stream (zlib, windowBits 15 + 16).
[[maybe_unused]] std::string gzip(std::string_view text)
{
    z_stream z{};
    if (deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        std::abort();
    std::string out(deflateBound(&z, uLong(text.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = uInt(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        std::abort();
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view text = asText(data, size);
    if constexpr (kKind == "tmx" || kKind == "tmj") {
        const std::string path = inputFile("in." + std::string(kKind));
        writeInput(path, text);
        checkResult(isostar::map::loadMap(path));
    } else if constexpr (kKind == "tsx" || kKind == "tsj") {
        const std::string tileset = inputFile("in." + std::string(kKind));
        writeInput(tileset, text);
        checkResult(isostar::map::loadTileset(tileset));
        const std::string host = inputFile(kKind == "tsx" ? "host.tmx" : "host.tmj");
        writeInput(host, hostMap(kKind));
        checkResult(isostar::map::loadMap(host));
    } else if constexpr (kKind == "tx" || kKind == "tj") {
        writeInput(inputFile("in." + std::string(kKind)), text);
        const std::string host = inputFile(kKind == "tx" ? "host.tmx" : "host.tmj");
        writeInput(host, hostMap(kKind));
        checkResult(isostar::map::loadMap(host));
    } else { // gz
        if (text.empty())
            return 0;
        const std::uint8_t mode = data[0];
        text.remove_prefix(1);
        const std::string path = inputFile((mode & 1) ? "in.tmj.gz" : "in.tmx.gz");
        writeInput(path, (mode & 2) ? std::string(text) : gzip(text));
        checkResult(isostar::map::loadMap(path));
    }
    return 0;
}
