// engine/map against Tiled's own example maps (Debian package `tiled`, some files gzipped).
// Skips with a message when the folder is absent.

#include "tests/engine/map/MapTestUtil.hpp"
#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <map>

using namespace isostar::map;

namespace {

const char* const kExamples = "/usr/share/doc/tiled/examples";

struct Expected {
    Orientation orientation;
    int width, height, tileWidth, tileHeight;
    bool infinite;
};

// What Tiled 1.8.2 itself reports for each example (orientation, size in tiles, tile size).
const std::map<std::string, Expected> kExpected = {
    {"desert.tmx", {Orientation::Orthogonal, 40, 40, 32, 32, false}},
    {"hexagonal-mini.tmx", {Orientation::Hexagonal, 20, 20, 14, 12, false}},
    {"isometric_grass_and_water.tmx", {Orientation::Isometric, 25, 25, 64, 32, false}},
    {"isometric_staggered_grass_and_water.tmx.gz", {Orientation::Staggered, 25, 50, 64, 32, true}},
    {"orthogonal-outside.tmx.gz", {Orientation::Orthogonal, 45, 31, 16, 16, false}},
    {"perspective_walls.tmx", {Orientation::Orthogonal, 32, 32, 31, 31, false}},
    {"rpg/island.tmx", {Orientation::Orthogonal, 58, 47, 16, 16, false}},
    {"sewer_automap/rule_001.tmx", {Orientation::Orthogonal, 7, 3, 24, 24, false}},
    {"sewer_automap/rule_002.tmx", {Orientation::Orthogonal, 8, 5, 24, 24, false}},
    {"sewer_automap/rule_003.tmx", {Orientation::Orthogonal, 8, 6, 24, 24, false}},
    {"sewer_automap/rule_004.tmx", {Orientation::Orthogonal, 7, 6, 24, 24, false}},
    {"sewer_automap/rule_005.tmx", {Orientation::Orthogonal, 13, 6, 24, 24, false}},
    {"sewer_automap/rule_006.tmx", {Orientation::Orthogonal, 7, 5, 24, 24, false}},
    {"sewer_automap/rule_007.tmx", {Orientation::Orthogonal, 7, 7, 24, 24, false}},
    {"sewer_automap/rule_008.tmx", {Orientation::Orthogonal, 4, 4, 24, 24, false}},
    {"sewer_automap/rule_009.tmx", {Orientation::Orthogonal, 4, 3, 24, 24, false}},
    {"sewer_automap/sewers.tmx", {Orientation::Orthogonal, 31, 31, 24, 24, false}},
    {"sewers.tmx", {Orientation::Orthogonal, 50, 50, 24, 24, false}},
    {"sticker-knight/map/sandbox.tmx.gz", {Orientation::Orthogonal, 79, 45, 32, 32, false}},
    {"sticker-knight/map/sandbox2.tmx.gz", {Orientation::Orthogonal, 80, 31, 32, 32, false}},
    {"sticker-knight/ui/title.json.gz", {Orientation::Orthogonal, 38, 26, 32, 32, false}},
    {"test_hexagonal_tile_60x60x30.tmx", {Orientation::Hexagonal, 20, 20, 60, 60, false}},
};

bool isMapFile(const std::filesystem::path& p)
{
    const std::string name = p.filename().string();
    for (const char* ext : {".tmx", ".tmx.gz", ".tmj", ".tmj.gz", ".json.gz"})
        if (name.size() > std::strlen(ext) && name.ends_with(ext))
            return true;
    return false;
}

} // namespace

TEST_CASE("every Tiled example map loads with the right orientation and size", "[map][examples]")
{
    namespace fs = std::filesystem;
    if (!fs::is_directory(kExamples)) {
        return testsupport::skipTest(std::string(kExamples) + " is absent (install Debian's `tiled` package)");
    }
    std::size_t seen = 0;
    for (const auto& entry : fs::recursive_directory_iterator(kExamples)) {
        if (!entry.is_regular_file() || !isMapFile(entry.path()))
            continue;
        const std::string rel = fs::relative(entry.path(), kExamples).generic_string();
        INFO(rel);
        auto it = kExpected.find(rel);
        // A new example map in a newer package: the test must learn its expected values.
        REQUIRE(it != kExpected.end());
        auto r = loadMap(entry.path().string());
        INFO(isostar::formatDiagnostics(r.diagnostics()));
        REQUIRE(r.ok());
        const MapData& m = r.value();
        const Expected& e = it->second;
        CHECK(m.orientation == e.orientation);
        CHECK(m.width == e.width);
        CHECK(m.height == e.height);
        CHECK(m.tileWidth == e.tileWidth);
        CHECK(m.tileHeight == e.tileHeight);
        CHECK(m.infinite == e.infinite);
        CHECK_FALSE(m.layers.empty());
        // Every tile gid the map uses belongs to one of its tilesets (the loader checked it).
        forEachLayer(m.layers, [&](const Layer& l) {
            for (Gid g : l.tiles.gids)
                if (g != 0 && !m.tilesetFor(g))
                    FAIL("gid " << g << " without tileset in layer " << l.name);
        });
        ++seen;
    }
    CHECK(seen == kExpected.size());
}

TEST_CASE("Tiled examples: details that often go wrong", "[map][examples]")
{
    namespace fs = std::filesystem;
    if (!fs::is_directory(kExamples)) {
        return testsupport::skipTest(std::string(kExamples) + " is absent");
    }
    SECTION("staggered infinite map: chunks fill the whole map")
    {
        auto r = loadMap(std::string(kExamples) + "/isometric_staggered_grass_and_water.tmx.gz");
        REQUIRE(r.ok());
        const MapData& m = r.value();
        CHECK(m.staggerAxis == StaggerAxis::Y);
        CHECK(m.staggerIndex == StaggerIndex::Odd);
        const TileGrid& g = m.layers.at(0).tiles;
        CHECK(g.originX == 0);
        CHECK(g.originY == 0);
        CHECK(maptest::nonEmpty(m.layers[0]) == 25u * 50u);
        const Tileset& ts = m.tilesets.at(0);
        CHECK(ts.gridIsometric);
        CHECK(ts.tileOffset == Vec2{0, 16});
        CHECK_FALSE(ts.wangSets.empty());
    }
    SECTION("old map without image sizes: tile count read from the PNG header")
    {
        auto r = loadMap(std::string(kExamples) + "/perspective_walls.tmx");
        REQUIRE(r.ok());
        const Tileset& ts = r.value().tilesets.at(0);
        CHECK(ts.imageWidth > 0);
        CHECK(ts.tileCount == ts.columns * (ts.imageHeight / ts.tileHeight));
    }
    SECTION("templates in a gzipped map with a gzipped external tileset")
    {
        auto r = loadMap(std::string(kExamples) + "/sticker-knight/map/sandbox.tmx.gz");
        REQUIRE(r.ok());
        const MapData& m = r.value();
        REQUIRE(m.tilesets.size() == 1);
        CHECK(m.tilesets[0].isCollection());
        CHECK(m.tilesets[0].source == std::string(kExamples) + "/sticker-knight/map/objs.tsx");
        std::size_t fromTemplates = 0;
        forEachLayer(m.layers, [&](const Layer& l) {
            for (const Object& o : l.objects)
                fromTemplates += !o.templatePath.empty();
        });
        CHECK(fromTemplates > 0);
    }
}
