// Saving edited maps of every layout: infinite maps keep their chunks (a cell painted outside
// them gets a new chunk of the map's chunk size), and a staggered or infinite map edited in its
// playable form goes back into the file's form (tiledMap) cell for cell.

#include "engine/map/MapWriter.hpp"
#include "engine/map/PlayableMap.hpp"

#include "MapTestUtil.hpp"

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <utility>

namespace fs = std::filesystem;
using namespace isostar::map;

namespace {

/// A fresh folder holding copies of tests/data/stagger and tests/data/render (the fixtures' art).
struct StaggerCopy : testsupport::TempDir {
    StaggerCopy() : testsupport::TempDir("isostar-mapwriter-layouts") { maptest::copyTestData(path, {"stagger", "render"}); }
};

/// Every tile of a layer by Tiled's cell (flip flags in the high byte), empty cells left out.
std::map<std::pair<int, int>, unsigned> cellsOf(const TileGrid& g)
{
    std::map<std::pair<int, int>, unsigned> out;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(g.width) + std::size_t(x);
            if (g.gids[i] != 0)
                out[{g.originX + x, g.originY + y}] = g.gids[i] | (unsigned(g.flipFlags[i]) << 24);
        }
    return out;
}

/// `g` grown to cover Tiled's rectangle [x0, x0+w) x [y0, y0+h) (its cells kept).
TileGrid grownTo(const TileGrid& g, int x0, int y0, int w, int h)
{
    TileGrid out;
    out.originX = x0;
    out.originY = y0;
    out.width = w;
    out.height = h;
    out.gids.assign(std::size_t(w) * std::size_t(h), 0);
    out.flipFlags.assign(out.gids.size(), 0);
    for (const auto& [cell, v] : cellsOf(g)) {
        const std::size_t i = std::size_t(cell.second - y0) * std::size_t(w) + std::size_t(cell.first - x0);
        out.gids[i] = v & 0xFFFFFFu;
        out.flipFlags[i] = std::uint8_t(v >> 24);
    }
    return out;
}

void setCell(TileGrid& g, int x, int y, Gid gid)
{
    g.gids[std::size_t(y - g.originY) * std::size_t(g.width) + std::size_t(x - g.originX)] = gid;
}

int countOf(const std::string& text, const std::string& what)
{
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

} // namespace

TEST_CASE("an infinite map saves in chunks: a cell outside them gets a new chunk of the map's chunk size")
{
    StaggerCopy dir;
    const std::string path = (dir.path / "stagger/infinite_negative.tmx").string();
    const std::string original = testsupport::readAll(path);

    SECTION("unchanged: the file's bytes stay")
    {
        const MapData map = maptest::load(path);
        REQUIRE(saveMapTiles(map, path, false).ok());
        CHECK(testsupport::readAll(path) == original);
    }
    SECTION("Tiled's default chunk size, 16x16")
    {
        MapData map = maptest::load(path);
        TileGrid& g = map.layers.front().tiles;
        REQUIRE(g.originX == -8);
        REQUIRE(g.width == 16);
        g = grownTo(g, -8, -8, 40, 16);
        setCell(g, -7, -7, 2);  // in a chunk
        setCell(g, 3, 3, 2);    // in the bounding box, where no chunk is
        setCell(g, 30, -2, 1);  // far outside
        const auto want = cellsOf(g);
        auto saved = saveMapTiles(map, path, true);
        INFO(isostar::formatDiagnostics(saved.diagnostics()));
        REQUIRE(saved.ok());
        CHECK(saved.value().layersRewritten == 1);
        const std::string text = testsupport::readAll(path);
        // Chunks of 16 at multiples of 16, only where a tile is.
        CHECK(countOf(text, "<chunk ") == 5);
        for (const char* chunk : {R"(<chunk x="-16" y="-16" width="16" height="16">)",
                                  R"(<chunk x="0" y="-16" width="16" height="16">)",
                                  R"(<chunk x="16" y="-16" width="16" height="16">)",
                                  R"(<chunk x="-16" y="0" width="16" height="16">)",
                                  R"(<chunk x="0" y="0" width="16" height="16">)"})
            CHECK(text.find(chunk) != std::string::npos);
        CHECK(text.find(R"(<chunk x="16" y="0")") == std::string::npos); // no tile there
        const MapData reloaded = maptest::load(path);
        CHECK(reloaded.infinite);
        CHECK(cellsOf(reloaded.layers.front().tiles) == want);
        // Everything but the tile data stays as it was (objects, tilesets, header).
        CHECK(text.substr(text.find("</layer>")) == original.substr(original.find("</layer>")));
        CHECK(text.substr(0, text.find("<data")) == original.substr(0, original.find("<data")));
    }
    SECTION("the map's own chunk size (editor settings)")
    {
        std::string withSettings = original;
        const std::size_t afterMap = withSettings.find(">\n", withSettings.find("<map ")) + 2;
        withSettings.insert(afterMap, " <editorsettings>\n  <chunksize width=\"8\" height=\"8\"/>\n </editorsettings>\n");
        std::ofstream(path, std::ios::binary) << withSettings;
        MapData map = maptest::load(path);
        setCell(map.layers.front().tiles, 3, 3, 2);
        const auto want = cellsOf(map.layers.front().tiles);
        REQUIRE(saveMapTiles(map, path, false).ok());
        const std::string text = testsupport::readAll(path);
        CHECK(countOf(text, "<chunk ") == 4); // the three of the file and (0, 0)
        CHECK(text.find(R"(<chunk x="0" y="0" width="8" height="8">)") != std::string::npos);
        CHECK(cellsOf(maptest::load(path).layers.front().tiles) == want);
    }
}

TEST_CASE("an infinite map's chunks keep the layer's encoding (base64 + zlib)")
{
    StaggerCopy dir;
    const std::string path = (dir.path / "stagger/infinite_negative.tmx").string();
    MapData map = maptest::load(path);
    // Re-encode the fixture as base64 + zlib first (an edit saved into a rewritten file).
    std::string text = testsupport::readAll(path);
    text = std::regex_replace(text, std::regex(R"(<data encoding="csv">)"), R"(<data encoding="base64" compression="zlib">)");
    text = std::regex_replace(text, std::regex(R"(<chunk [^>]*>[\s\S]*?</chunk>\s*)"), "");
    std::ofstream(path, std::ios::binary) << text;
    auto saved = saveMapTiles(map, path, false);
    INFO(isostar::formatDiagnostics(saved.diagnostics()));
    REQUIRE(saved.ok());
    const std::string out = testsupport::readAll(path);
    CHECK(out.find(R"(<data encoding="base64" compression="zlib">)") != std::string::npos);
    CHECK(countOf(out, "<chunk ") == 3);  // 16x16 chunks holding the fixture's three 8x8 ones
    CHECK(cellsOf(maptest::load(path).layers.front().tiles) == cellsOf(map.layers.front().tiles));
}

TEST_CASE("a staggered or infinite map edited in its playable form saves in the file's form")
{
    StaggerCopy dir;
    for (const char* name : {"stagger_x_odd.tmx", "stagger_x_even.tmx", "stagger_y_odd.tmx", "stagger_y_even.tmx",
                             "infinite_negative.tmx"}) {
        CAPTURE(name);
        const std::string path = (dir.path / "stagger" / name).string();
        const MapData file = maptest::load(path);
        const auto played = placeMap(file);
        REQUIRE(played.ok());
        CHECK(played.value().form == TiledForm::of(file));
        const CellFrame& frame = played.value().frame;

        // Unedited: the file's tiles on every cell.
        const MapData back = tiledMap(played.value().map, frame, played.value().form);
        CHECK(back.orientation == file.orientation);
        CHECK(back.width == file.width);
        CHECK(back.infinite == file.infinite);
        CHECK(cellsOf(back.layers.front().tiles) == cellsOf(file.layers.front().tiles));

        // Edited on the grid: the edit lands on Tiled's cell, and the saved file holds it.
        MapData edited = played.value().map;
        const isostar::TileCoord target = file.infinite ? isostar::TileCoord{3, 3} : isostar::TileCoord{2, 3};
        const isostar::TileCoord g = frame.toGrid(target);
        TileGrid& grid = edited.layers.front().tiles;
        grid.gids[std::size_t(g.y) * std::size_t(grid.width) + std::size_t(g.x)] = 2;
        MapData want = file;
        if (file.infinite)
            want.layers.front().tiles = grownTo(want.layers.front().tiles, frame.tiledX(), frame.tiledY(),
                                                frame.tiledWidth(), frame.tiledHeight());
        setCell(want.layers.front().tiles, target.x, target.y, 2);
        auto saved = saveMapTiles(tiledMap(edited, frame, played.value().form), path, true);
        INFO(isostar::formatDiagnostics(saved.diagnostics()));
        REQUIRE(saved.ok());
        const MapData reloaded = maptest::load(path);
        CHECK(reloaded.orientation == file.orientation);
        CHECK(reloaded.staggerAxis == file.staggerAxis);
        CHECK(reloaded.staggerIndex == file.staggerIndex);
        CHECK(reloaded.infinite == file.infinite);
        CHECK(cellsOf(reloaded.layers.front().tiles) == cellsOf(want.layers.front().tiles));

        // The playable form itself is never written over the file.
        CHECK_FALSE(saveMapTiles(edited, path, false).ok());
    }
}
