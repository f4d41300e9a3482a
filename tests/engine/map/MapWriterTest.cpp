#include "engine/map/MapWriter.hpp"
#include "engine/map/PlayableMap.hpp"

#include "MapTestUtil.hpp"

#include "tests/support/FileSizeLimit.hpp"
#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <sys/resource.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace isostar::map;

namespace {

using testsupport::readAll;

/// A fresh empty folder for one test.
struct TempDir : testsupport::TempDir {
    TempDir() : testsupport::TempDir("isostar-mapwriter") {}
};

/// Copies tests/data/map and tests/data/images into `dir` (fixtures name ../images/...).
void copyFixtures(const fs::path& dir)
{
    maptest::copyTestData(dir, {"map", "images"});
}

/// Copies maps/valley.tmx into `dir`/maps with `dir`/assets linked to the real assets.
std::string copyValley(const fs::path& dir)
{
    fs::create_directories(dir / "maps");
    fs::copy_file(fs::path(ISOSTAR_SOURCE_DIR) / "maps/valley.tmx", dir / "maps/valley.tmx");
    fs::create_directory_symlink(fs::path(ISOSTAR_SOURCE_DIR) / "assets", dir / "assets");
    return (dir / "maps/valley.tmx").string();
}

std::string canonicalPath(const std::string& p)
{
    return p.empty() ? p : fs::weakly_canonical(fs::absolute(p)).string();
}

void canonicalProperties(Properties& props)
{
    for (Property& p : props) {
        if (p.type == PropertyType::File && !p.value.empty())
            p.value = canonicalPath(p.value);
        canonicalProperties(p.members);
    }
}

void canonicalLayers(std::vector<Layer>& layers)
{
    for (Layer& l : layers) {
        l.image = canonicalPath(l.image);
        canonicalProperties(l.properties);
        for (Object& o : l.objects) {
            o.templatePath = canonicalPath(o.templatePath);
            canonicalProperties(o.properties);
        }
        canonicalLayers(l.layers);
    }
}

/// The map with every resolved path made absolute and canonical and `path` cleared, so maps
/// loaded from different folders compare equal when they name the same files.
MapData canonical(MapData m)
{
    m.path.clear();
    canonicalProperties(m.properties);
    for (Tileset& ts : m.tilesets) {
        ts.source = canonicalPath(ts.source);
        ts.image = canonicalPath(ts.image);
        canonicalProperties(ts.properties);
        for (TileInfo& t : ts.tiles) {
            t.image = canonicalPath(t.image);
            canonicalProperties(t.properties);
        }
    }
    canonicalLayers(m.layers);
    return m;
}

/// The file with the content of every <data> element removed.
std::string withoutData(const std::string& text)
{
    static const std::regex data(R"((<data[^>]*>)[\s\S]*?(</data>))");
    return std::regex_replace(text, data, "$1$2");
}

std::vector<Layer*> tileLayers(std::vector<Layer>& layers)
{
    std::vector<Layer*> out;
    for (Layer& l : layers) {
        if (l.type == LayerType::Tile)
            out.push_back(&l);
        for (Layer* inner : tileLayers(l.layers))
            out.push_back(inner);
    }
    return out;
}

/// Changes every tile layer: swaps the first two cells that differ and flips one cell, or,
/// on a layer of equal cells, puts the first tileset's first tile into cell 0.
void editEveryLayer(MapData& m)
{
    for (Layer* l : tileLayers(m.layers)) {
        TileGrid& g = l->tiles;
        bool changed = false;
        for (std::size_t i = 1; i < g.gids.size() && !changed; ++i) {
            if (g.gids[i] != g.gids[0] || g.flipFlags[i] != g.flipFlags[0]) {
                std::swap(g.gids[i], g.gids[0]);
                std::swap(g.flipFlags[i], g.flipFlags[0]);
                changed = true;
            }
        }
        if (!changed)
            g.gids[0] = m.tilesets.front().firstGid;
        const std::size_t last = g.gids.size() - 1;
        if (g.gids[last] != 0)
            g.flipFlags[last] ^= flip::Horizontal | flip::Diagonal;
    }
}

using testsupport::withFileSizeLimit;

std::string errorsOf(const isostar::Result<SaveReport>& r)
{
    REQUIRE_FALSE(r.ok());
    return isostar::formatDiagnostics(r.diagnostics());
}

} // namespace

TEST_CASE("valley: edited tiles saved to another folder reload equal, everything else kept")
{
    MapData edited = maptest::load("maps/valley.tmx");
    Layer& ground = edited.layers.at(0);
    Layer& overlay = edited.layers.at(1);
    REQUIRE(ground.name == "ground");
    REQUIRE(overlay.name == "overlay");
    const std::size_t w = std::size_t(edited.width);
    ground.tiles.gids[0] = 13;
    ground.tiles.gids[5 * w + 7] = 1;
    ground.tiles.flipFlags[5 * w + 7] = flip::Horizontal;
    overlay.tiles.gids[10 * w + 10] = 121;
    overlay.tiles.gids[71 * w + 71] = 0;
    overlay.tiles.flipFlags[71 * w + 71] = 0;

    TempDir dir;
    const std::string out = dir.file("valley-copy.tmx");
    auto saved = saveMapTiles(edited, out, true);
    INFO(isostar::formatDiagnostics(saved.diagnostics()));
    REQUIRE(saved.ok());
    CHECK(saved.value().layersRewritten == 2);
    CHECK(saved.value().referencesRewritten == 2); // the two tileset sources
    CHECK(saved.value().backupPath.empty());

    MapData reloaded = maptest::load(out);
    CHECK(reloaded.layers.at(0).tiles == ground.tiles);
    CHECK(reloaded.layers.at(1).tiles == overlay.tiles);
    CHECK(canonical(reloaded) == canonical(edited));
    REQUIRE(reloaded.tilesets.size() == 2);
    CHECK(reloaded.tilesets[0].tileCount > 0);
    CHECK(reloaded.tilesets[1].firstGid == 121);

    // The rewritten tileset references are relative, not absolute.
    const std::string text = readAll(out);
    CHECK(text.find("source=\"/") == std::string::npos);
    CHECK(text.find("assets/tiles/ground.tsx\"") != std::string::npos);
}

TEST_CASE("valley: saving in place changes only the edited csv rows and keeps a .bak")
{
    TempDir dir;
    const std::string path = copyValley(dir.path);
    const std::string original = readAll(path);
    MapData edited = maptest::load(path);
    const std::size_t w = std::size_t(edited.width);
    edited.layers.at(0).tiles.gids[3 * w + 4] = 16;
    edited.layers.at(1).tiles.gids[20 * w + 30] = 40;

    auto saved = saveMapTiles(edited, path, true);
    INFO(isostar::formatDiagnostics(saved.diagnostics()));
    REQUIRE(saved.ok());
    CHECK(saved.value().referencesRewritten == 0);
    CHECK(saved.value().backupPath == path + ".bak");
    CHECK(readAll(path + ".bak") == original);

    const std::string text = readAll(path);
    CHECK(withoutData(text) == withoutData(original));
    // Tiled's csv rows: exactly the two edited rows differ, line for line.
    std::istringstream a(original), b(text);
    std::string la, lb;
    int lines = 0, differing = 0;
    while (std::getline(a, la) && std::getline(b, lb)) {
        ++lines;
        differing += la != lb;
    }
    CHECK(std::getline(b, lb).eof());
    CHECK(lines == int(std::count(original.begin(), original.end(), '\n')));
    CHECK(differing == 2);
    CHECK(canonical(maptest::load(path)) == canonical(edited));
}

TEST_CASE("an unedited save reproduces the file byte for byte")
{
    TempDir dir;
    copyFixtures(dir.path);
    for (const char* name : {"save_refs.tmx", "base64_zstd.tmx", "groups.tmx", "objects.tmx", "xml_tiles.tmx"}) {
        INFO(name);
        const std::string path = (dir.path / "map" / name).string();
        const std::string original = readAll(path);
        const MapData map = maptest::load(path);
        auto saved = saveMapTiles(map, path, false);
        INFO(isostar::formatDiagnostics(saved.diagnostics()));
        REQUIRE(saved.ok());
        CHECK(saved.value().layersRewritten == 0);
        CHECK(readAll(path) == original);
    }
}

TEST_CASE("every encoding round-trips and keeps its encoding and compression")
{
    TempDir dir;
    copyFixtures(dir.path);
    for (const char* name : {"ortho_csv.tmx", "base64_plain.tmx", "base64_zlib.tmx", "base64_gzip.tmx",
                             "base64_zstd.tmx", "xml_tiles.tmx", "flips.tmx", "groups.tmx", "save_refs.tmx"}) {
        INFO(name);
        const std::string path = (dir.path / "map" / name).string();
        const std::string original = readAll(path);
        MapData edited = maptest::load(path);
        const MapData before = edited;
        editEveryLayer(edited);
        REQUIRE(edited != before);

        auto saved = saveMapTiles(edited, path, true);
        INFO(isostar::formatDiagnostics(saved.diagnostics()));
        REQUIRE(saved.ok());
        CHECK(saved.value().layersRewritten == int(tileLayers(edited.layers).size()));
        CHECK(readAll(path + ".bak") == original);

        const std::string text = readAll(path);
        CHECK(text != original);
        CHECK(withoutData(text) == withoutData(original)); // <data> tags (encoding, compression) too
        const MapData reloaded = maptest::load(path);
        CHECK(reloaded == edited);
    }
}

TEST_CASE("legacy XML tile data is written as <tile> elements, one line per row")
{
    TempDir dir;
    copyFixtures(dir.path);
    const std::string path = (dir.path / "map/xml_tiles.tmx").string();
    MapData edited = maptest::load(path);
    edited.layers[0].tiles.gids[0] = 0;
    edited.layers[0].tiles.gids[15] = 3;
    REQUIRE(saveMapTiles(edited, path, false).ok());
    CHECK(readAll(path) == R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="4" height="4" tilewidth="64" tileheight="32">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="ground" width="4" height="4">
  <data>
   <tile/><tile gid="2"/><tile gid="3"/><tile gid="4"/>
   <tile gid="5"/><tile gid="6"/><tile gid="7"/><tile gid="8"/>
   <tile/><tile gid="1"/><tile/><tile gid="2"/>
   <tile gid="8"/><tile gid="7"/><tile gid="6"/><tile gid="3"/>
  </data>
 </layer>
</map>
)");
}

TEST_CASE("saving into another folder rewrites every relative reference so the copy still loads")
{
    TempDir dir;
    copyFixtures(dir.path);
    const std::string path = (dir.path / "map/save_refs.tmx").string();
    const std::string original = readAll(path);
    const MapData map = maptest::load(path);

    for (const char* target : {"elsewhere/deeper/copy.tmx", "map/sub/copy.tmx", "copy.tmx"}) {
        INFO(target);
        fs::create_directories((dir.path / target).parent_path());
        const std::string out = (dir.path / target).string();
        auto saved = saveMapTiles(map, out, true);
        INFO(isostar::formatDiagnostics(saved.diagnostics()));
        REQUIRE(saved.ok());
        // tileset image + tileset source + image layer + 2 templates + 2 file properties
        CHECK(saved.value().referencesRewritten == 7);
        const MapData copy = maptest::load(out);
        CHECK(canonical(copy) == canonical(map));
        CHECK(copy.tilesets.at(1).tileCount == 8); // the external tileset was found
        const std::string text = readAll(out);
        CHECK(text.find("value=\"/usr/share/doc\"") != std::string::npos); // absolute kept
        CHECK(text.find("<!-- Fixture for MapWriter") != std::string::npos);
        CHECK(text.find("Tom &amp; Jerry &quot;quoted&quot; &lt;here&gt;") != std::string::npos);
        CHECK(text.find("<tileset firstgid='5' source='") != std::string::npos); // quoting kept
    }
    CHECK(readAll(path) == original);

    SECTION("the exact text of a copy one folder deeper")
    {
        const std::string out = (dir.path / "map/sub/copy.tmx").string();
        const std::string text = readAll(out);
        CHECK(text.find(R"(<property name="notes" type="file" value="../../images/sky.png"/>)") != std::string::npos);
        CHECK(text.find(R"(<tileset firstgid='5' source='../tiles.tsx'/>)") != std::string::npos);
        CHECK(text.find(R"(<object id="1" template="../templates/tree.tx" x="32" y="64"/>)") != std::string::npos);
        CHECK(text.find(R"(<image source="../../images/extra.png" width="64" height="64"/>)") != std::string::npos);
    }
}

TEST_CASE("a failed write leaves the old file intact and names it")
{
    TempDir dir;
    copyFixtures(dir.path);
    const std::string path = (dir.path / "map/ortho_csv.tmx").string();
    const std::string original = readAll(path);
    MapData edited = maptest::load(path);
    editEveryLayer(edited);

    SECTION("the disk refuses the data (file size limit, stops root too)")
    {
        isostar::Result<SaveReport> saved = isostar::Result<SaveReport>::failure(isostar::Diagnostic{"", 0, "not run"});
        withFileSizeLimit(64, [&] { saved = saveMapTiles(edited, path, true); });
        const std::string errors = errorsOf(saved);
        CHECK(errors.find(path + ": error: cannot write " + path) == 0);
        CHECK(errors.find("File too large") != std::string::npos);
        CHECK(readAll(path) == original);
    }
    SECTION("a read-only folder")
    {
        if (::geteuid() == 0) {
            WARN("running as root: a read-only folder does not stop root (the size limit section covers this)");
            return;
        }
        fs::permissions(dir.path / "map", fs::perms::owner_read | fs::perms::owner_exec);
        const std::string errors = errorsOf(saveMapTiles(edited, path, true));
        CHECK(errors.find("cannot write " + path) != std::string::npos);
        CHECK(errors.find("Permission denied") != std::string::npos);
        CHECK(readAll(path) == original);
    }
    SECTION("a folder that does not exist")
    {
        const std::string out = (dir.path / "missing/copy.tmx").string();
        const std::string errors = errorsOf(saveMapTiles(edited, out, true));
        CHECK(errors.find(out + ": error: cannot write " + out) == 0);
        CHECK(errors.find("No such file or directory") != std::string::npos);
    }
}

TEST_CASE("maps that cannot be saved over give an error naming the file")
{
    TempDir dir;
    copyFixtures(dir.path);
    const std::string path = (dir.path / "map/groups.tmx").string();
    const MapData map = maptest::load(path);
    const std::string out = dir.file("out.tmx");

    SECTION("the original is gone")
    {
        MapData moved = map;
        moved.path = (dir.path / "map/gone.tmx").string();
        CHECK(errorsOf(saveMapTiles(moved, out, true)) ==
              moved.path + ": error: cannot read the map to save over: No such file or directory\n");
    }
    SECTION("a tile layer fewer than the file")
    {
        MapData fewer = map;
        fewer.layers.pop_back(); // "top"
        CHECK(errorsOf(saveMapTiles(fewer, out, true)) ==
              path + ":2: error: the file has 2 tile layers, the map being saved has 1\n");
    }
    SECTION("a layer of another size")
    {
        MapData resized = map;
        Layer& top = resized.layers.back();
        top.tiles.width = 4;
        top.tiles.gids.resize(8);
        top.tiles.flipFlags.resize(8);
        CHECK(errorsOf(saveMapTiles(resized, out, true)) ==
              path + ":31: error: layer \"top\": the file's layer is 2x2, the map being saved has 4x2 (8 cells)\n");
    }
    SECTION("a layer id the file does not have")
    {
        MapData renumbered = map;
        renumbered.layers.back().id = 99;
        CHECK(errorsOf(saveMapTiles(renumbered, out, true)) ==
              path + ":31: error: tile layer \"top\" (id 6) is not in the map being saved\n");
    }
    SECTION("JSON maps, an infinite map saved as a finite one, and a non-.tmx output name")
    {
        const MapData tmj = maptest::load((dir.path / "map/ortho_csv.tmj").string());
        CHECK(errorsOf(saveMapTiles(tmj, out, true)) == tmj.path + ": error: saving is supported for .tmx maps\n");
        MapData finite = maptest::load((dir.path / "map/infinite.tmx").string());
        finite.infinite = false;
        CHECK(errorsOf(saveMapTiles(finite, out, true)) ==
              finite.path + ":2: error: the file's map is infinite, the map being saved is finite\n");
        const std::string json = dir.file("out.tmj");
        CHECK(errorsOf(saveMapTiles(map, json, true)) ==
              json + ": error: a .tmx map can only be saved as a .tmx (or .xml) file\n");
    }
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("string properties named in SaveOptions::pathProperties are rebased like file properties")
{
    TempDir dir;
    copyFixtures(dir.path);
    const MapData map = maptest::load((dir.path / "map/save_refs.tmx").string());
    fs::create_directories(dir.path / "map/sub");
    const std::string out = (dir.path / "map/sub/copy.tmx").string();

    auto plain = saveMapTiles(map, out, false);
    REQUIRE(plain.ok());
    CHECK(plain.value().referencesRewritten == 7);
    CHECK(readAll(out).find(R"(<property name="config" value="../terrain/costs.toml"/>)") != std::string::npos);

    SaveOptions options;
    options.pathProperties = {"config"};
    auto rebased = saveMapTiles(map, out, false, options);
    REQUIRE(rebased.ok());
    CHECK(rebased.value().referencesRewritten == 8);
    CHECK(readAll(out).find(R"(<property name="config" value="../../terrain/costs.toml"/>)") != std::string::npos);
}

TEST_CASE("a file with CRLF line ends keeps them in rewritten data")
{
    TempDir dir;
    copyFixtures(dir.path);
    const std::string path = (dir.path / "map/ortho_csv.tmx").string();
    std::string crlf;
    for (char c : readAll(path)) {
        if (c == '\n')
            crlf += '\r';
        crlf += c;
    }
    std::ofstream(path, std::ios::binary) << crlf;
    MapData edited = maptest::load(path);
    editEveryLayer(edited);
    REQUIRE(saveMapTiles(edited, path, false).ok());
    const std::string text = readAll(path);
    CHECK(text.find("1,2,3,4,\r\n") == std::string::npos); // the edit swapped cells 0 and 1
    CHECK(text.find("2,1,3,4,\r\n5,6,7,8,\r\n0,1,0,2,\r\n8,7,6,2684354565\r\n</data>") != std::string::npos);
    CHECK(std::regex_search(text, std::regex("[^\r]\n")) == false);
    CHECK(maptest::load(path) == edited);
}

TEST_CASE("a staggered map saves as a staggered map, its playable form is refused")
{
    TempDir dir;
    const fs::path src = fs::path(ISOSTAR_SOURCE_DIR) / "tests/data/stagger/stagger_x_even.tmx";
    MapData map = maptest::load(src.string());
    map.layers.front().tiles.gids[3] = 2;
    const std::string out = dir.file("stagger.tmx");
    auto saved = saveMapTiles(map, out, false);
    INFO(isostar::formatDiagnostics(saved.diagnostics()));
    REQUIRE(saved.ok());
    const MapData reloaded = maptest::load(out);
    CHECK(reloaded.orientation == Orientation::Staggered);
    CHECK(reloaded.staggerAxis == StaggerAxis::X);
    CHECK(reloaded.staggerIndex == StaggerIndex::Even);
    CHECK(reloaded.layers.front().tiles == map.layers.front().tiles);

    const MapData play = playableMap(map, CellFrame::of(map));
    const std::string refused = dir.file("refused.tmx");
    CHECK(errorsOf(saveMapTiles(play, refused, false)) ==
          src.string() + ":2: error: the file's map is staggered, the map being saved is isometric\n");
    CHECK_FALSE(fs::exists(refused));
}
