// Compares renderMapToImage with Tiled's own `tmxrasterizer` (the reference) pixel by pixel.
// Needs an OpenGL context (run under xvfb-run without a display); skips when tmxrasterizer is
// not installed.
#include "engine/edit/MapEditor.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/map/MapWriter.hpp"
#include "engine/render/MapRenderer.hpp"
#include "GlKeepAlive.hpp"
#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct Comparison {
    sf::Vector2u ours, theirs;
    long long differing = 0; ///< pixels where some channel differs by more than the tolerance
    long long total = 0;
    int maxDelta = 0;
    double ratio() const { return total ? double(differing) / double(total) : 1.0; }
};

/// Largest channel distance between two pixels compared *premultiplied* (colour times alpha,
/// i.e. what they contribute when composited over anything). Both Qt's raster engine and GL keep
/// 8-bit premultiplied intermediates and round differently by one step; in straight alpha a step
/// is magnified by 255/alpha (7 levels at alpha 36), so straight-alpha deltas would measure
/// rounding, not placement. The colour of fully transparent pixels is ignored this way too.
int pixelDelta(sf::Color a, sf::Color b)
{
    auto pm = [](int c, int alpha) { return (c * alpha + 127) / 255; };
    int d = std::abs(int(a.a) - int(b.a));
    d = std::max(d, std::abs(pm(a.r, a.a) - pm(b.r, b.a)));
    d = std::max(d, std::abs(pm(a.g, a.a) - pm(b.g, b.a)));
    return std::max(d, std::abs(pm(a.b, a.a) - pm(b.b, b.a)));
}

Comparison compare(const sf::Image& ours, const sf::Image& theirs, int tolerance)
{
    Comparison c;
    c.ours = ours.getSize();
    c.theirs = theirs.getSize();
    if (c.ours != c.theirs)
        return c;
    c.total = (long long)c.ours.x * c.ours.y;
    for (unsigned y = 0; y < c.ours.y; ++y)
        for (unsigned x = 0; x < c.ours.x; ++x) {
            const int d = pixelDelta(ours.getPixel(x, y), theirs.getPixel(x, y));
            c.maxDelta = std::max(c.maxDelta, d);
            c.differing += d > tolerance;
        }
    return c;
}

bool haveTmxRasterizer()
{
    return std::system("command -v tmxrasterizer >/dev/null 2>&1") == 0;
}

fs::path outDir()
{
    const fs::path dir = fs::temp_directory_path() / "isostar_render_tests";
    fs::create_directories(dir);
    return dir;
}

/// Renders `map` with tmxrasterizer and with renderMapToImage (both PNGs are kept in outDir()
/// for looking at) and compares them.
Comparison renderBoth(const std::string& mapPath, const std::string& stem, int tolerance,
                      const std::string& extraArgs = {})
{
    // Each run writes under its own temporary name and renames into place (atomic), so runs in
    // parallel never read each other's half-written files.
    const fs::path ref = outDir() / (stem + "_tmxrasterizer.png");
    const fs::path mine = outDir() / (stem + "_isostar.png");
    const std::string tag = std::to_string(::getpid());
    const fs::path refTmp = outDir() / (stem + "_tmxrasterizer." + tag + ".png");
    const fs::path mineTmp = outDir() / (stem + "_isostar." + tag + ".png");
    const std::string cmd = "QT_QPA_PLATFORM=offscreen tmxrasterizer " + extraArgs + " '" + mapPath + "' '" +
                            refTmp.string() + "' >/dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    sf::Image theirs;
    REQUIRE(theirs.loadFromFile(refTmp.string()));
    fs::rename(refTmp, ref);

    auto map = isostar::map::loadMap(mapPath);
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    sf::Image ours;
    std::vector<isostar::Diagnostic> problems;
    INFO(isostar::formatDiagnostics(problems));
    REQUIRE(isostar::render::renderMapToImage(map.value(), ours, problems));
    REQUIRE(ours.saveToFile(mineTmp.string()));
    fs::rename(mineTmp, mine);
    const Comparison c = compare(ours, theirs, tolerance);
    std::ostringstream os;
    os << stem << ": " << c.ours.x << "x" << c.ours.y << " vs tmxrasterizer " << c.theirs.x << "x" << c.theirs.y
       << ", differing pixels (> " << tolerance << "): " << c.differing << " of " << c.total << ", max channel delta "
       << c.maxDelta << " (images in " << outDir().string() << ")";
    WARN(os.str());
    return c;
}

} // namespace

TEST_CASE("renderMapToImage matches tmxrasterizer on Tiled's isometric_grass_and_water.tmx", "[render][gl]")
{
    keepGlContextAlive();
    const std::string map = "/usr/share/doc/tiled/examples/isometric_grass_and_water.tmx";
    if (!haveTmxRasterizer() || !fs::exists(map)) {
        return testsupport::skipTest("tmxrasterizer or Tiled's examples not installed");
    }
    const Comparison c = renderBoth(map, "isometric_grass_and_water", 2);
    CHECK(c.ours == c.theirs);
    CHECK(c.differing == 0);
}

TEST_CASE("renderMapToImage matches tmxrasterizer on Tiled's perspective_walls.tmx", "[render][gl]")
{
    keepGlContextAlive();
    const std::string map = "/usr/share/doc/tiled/examples/perspective_walls.tmx";
    if (!haveTmxRasterizer() || !fs::exists(map)) {
        return testsupport::skipTest("tmxrasterizer or Tiled's examples not installed");
    }
    const Comparison c = renderBoth(map, "perspective_walls", 2);
    CHECK(c.ours == c.theirs);
    CHECK(c.differing == 0);
}

namespace {

/// tmxrasterizer options hiding the object layers that hold no tile object: Tiled draws their
/// shapes and point pins (editor markers such as our `start`/`goal`), which the game never draws.
std::string hideMarkerLayers(const isostar::map::MapData& map)
{
    std::string args;
    isostar::map::forEachLayer(map.layers, [&](const isostar::map::Layer& l) {
        if (l.type != isostar::map::LayerType::Object)
            return;
        for (const isostar::map::Object& o : l.objects)
            if (o.gid != 0)
                return;
        args += " --hide-layer '" + l.name + "'";
    });
    return args;
}

} // namespace

TEST_CASE("renderMapToImage matches tmxrasterizer on the feature fixtures", "[render][gl]")
{
    keepGlContextAlive();
    // Flip flags H/V/D and all three, tall tiles with <tileoffset>, a group with offset and
    // opacity, a tinted layer with opacity and offset, tile objects (image collection, flipped,
    // stretched), an image layer with offset and opacity, an animated tile (frame 0), a hidden
    // layer, and the canvas grown by the layer offsets. Tiled smooths stretched tile objects by
    // default; we draw them nearest-neighbour, so the reference is made with --no-smoothing.
    if (!haveTmxRasterizer()) {
        return testsupport::skipTest("tmxrasterizer not installed");
    }
    for (const char* stem : {"features_iso", "features_ortho"}) {
        const std::string map = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/" + stem + ".tmx";
        const Comparison c = renderBoth(map, stem, 2, "--no-smoothing");
        CHECK(c.ours == sf::Vector2u(137, 75)); // 128x64 map + 4+5 / 5+6 offset margins
        CHECK(c.ours == c.theirs);
        CHECK(c.differing == 0);
    }
}

TEST_CASE("renderMapToImage matches tmxrasterizer on our own maps (marker layers hidden)", "[render][gl]")
{
    keepGlContextAlive();
    if (!haveTmxRasterizer()) {
        return testsupport::skipTest("tmxrasterizer not installed");
    }
    std::vector<fs::path> maps;
    const fs::path root(ISOSTAR_SOURCE_DIR);
    for (const char* own : {"maps/valley.tmx", "maps/hex.tmx"})
        if (fs::exists(root / own))
            maps.push_back(root / own);
    if (fs::exists(root / "maps/seed"))
        for (const auto& e : fs::directory_iterator(root / "maps/seed"))
            if (e.path().extension() == ".tmx")
                maps.push_back(e.path());
    if (maps.empty()) {
        return testsupport::skipTest("no maps in maps/");
    }
    std::sort(maps.begin(), maps.end());
    for (const fs::path& p : maps) {
        auto loaded = isostar::map::loadMap(p.string());
        REQUIRE(loaded);
        const Comparison c = renderBoth(p.string(), "ours_" + p.stem().string(), 2, hideMarkerLayers(loaded.value()));
        CHECK(c.ours == c.theirs);
        CHECK(c.differing == 0);
    }
}

namespace {

/// maps/valley.tmx as the engine loads it.
isostar::map::MapData loadValleyMap()
{
    auto loaded = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx");
    REQUIRE(loaded);
    return std::move(loaded).value();
}

/// `map` saved as NAME.tmx in a fresh folder (`dir`, the caller removes it), then drawn by
/// tmxrasterizer and by the game's renderer from that file.
struct SavedRender {
    fs::path dir;
    fs::path file;
    Comparison c;
};

SavedRender saveAndRender(const isostar::map::MapData& map, const std::string& name)
{
    SavedRender r;
    r.dir = outDir() / (name + "_" + std::to_string(::getpid()));
    fs::create_directories(r.dir);
    r.file = r.dir / (name + ".tmx");
    auto report = isostar::map::saveMapTiles(map, r.file.string(), false);
    INFO(isostar::formatDiagnostics(report.diagnostics()));
    REQUIRE(report);
    r.c = renderBoth(r.file.string(), "saved_" + name, 2, hideMarkerLayers(map));
    return r;
}

} // namespace

TEST_CASE("a map edited with the brush and saved draws in tmxrasterizer as in the game", "[render][gl]")
{
    keepGlContextAlive();
    if (!haveTmxRasterizer()) {
        return testsupport::skipTest("tmxrasterizer not installed");
    }
    isostar::map::MapData map = loadValleyMap();
    isostar::edit::MapEditor editor(map);
    // Ground, autotiled roads and walls (their neighbours re-picked), a volcano set erupting
    // (animated), a tombstone, an erased tent (the road beside it re-picked).
    int changed = 0;
    for (int x = 30; x <= 36; ++x)
        changed += editor.paint({x, 50}, "road").ok;
    for (int y = 44; y <= 48; ++y)
        changed += editor.paint({20, y}, "wall").ok;
    for (int x = 5; x <= 9; ++x)
        changed += editor.paint({x, 44}, "snow").ok;
    changed += editor.setErupting({53, 54}, true).ok;
    changed += editor.paint({14, 52}, "tombstone").ok;
    changed += editor.erase({25, 36}).ok;               // a tent on the road
    CHECK(changed >= 18);  // the brush changed (nearly) every one of the 21 cells

    // tmxrasterizer on the saved file == the game's renderer on that file ...
    const SavedRender r = saveAndRender(map, "valley_edited");
    const fs::path& dir = r.dir;
    const fs::path& saved = r.file;
    CHECK(r.c.ours == r.c.theirs);
    CHECK(r.c.differing == 0);
    // ... == the game's renderer on the edited map it still has in memory.
    sf::Image fromMemory, fromFile;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(isostar::render::renderMapToImage(map, fromMemory, problems));
    auto reloaded = isostar::map::loadMap(saved.string());
    REQUIRE(reloaded);
    REQUIRE(isostar::render::renderMapToImage(reloaded.value(), fromFile, problems));
    const Comparison same = compare(fromMemory, fromFile, 0);
    CHECK(same.ours == same.theirs);
    CHECK(same.differing == 0);
    fs::remove_all(dir);
}

TEST_CASE("snow painted into valley's grass and saved: its corner blends draw in tmxrasterizer as in the game", "[render][gl]")
{
    keepGlContextAlive();
    if (!haveTmxRasterizer()) {
        return testsupport::skipTest("tmxrasterizer not installed");
    }
    isostar::map::MapData map = loadValleyMap();
    isostar::edit::MapEditor editor(map);
    // A snow patch with a water hole in the meadow south-west of the lake: grass-snow blends
    // around it, snow-water blends around the hole.
    editor.beginStroke();
    for (int y = 40; y <= 43; ++y)
        for (int x = 6; x <= 9; ++x)
            REQUIRE(editor.paint({x, y}, x == 8 && y == 42 ? "water" : "snow").ok);
    editor.endStroke();
    const isostar::map::Layer* ground = editor.groundLayer();
    REQUIRE(ground);
    int blends = 0;
    for (int y = 39; y <= 44; ++y)
        for (int x = 5; x <= 10; ++x) {
            const isostar::map::Gid g = ground->tiles.at(x, y);
            blends += g > 36 && g <= 120; // ground.tsx's mixed tiles (ids 36-119)
        }
    CHECK(blends >= 20);

    const SavedRender r = saveAndRender(map, "valley_snow");
    CHECK(r.c.ours == r.c.theirs);
    CHECK(r.c.differing == 0);
    fs::remove_all(r.dir);
}

TEST_CASE("renderMapToImage matches tmxrasterizer on Tiled's isometric_staggered_grass_and_water.tmx", "[render][gl]")
{
    // An infinite staggered map (stagger axis y, index odd) of 16x16 chunks: drawn on the
    // playable diamond grid, placed as Tiled's staggered renderer places each cell.
    keepGlContextAlive();
    const fs::path examples = "/usr/share/doc/tiled/examples";
    const fs::path packed = examples / "isometric_staggered_grass_and_water.tmx.gz";
    if (!haveTmxRasterizer() || !fs::exists(packed) || !fs::exists(examples / "isometric_grass_and_water.png")) {
        return testsupport::skipTest("tmxrasterizer or Tiled's staggered example not installed");
    }
    const fs::path dir = outDir() / ("staggered_example_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path map = dir / "isometric_staggered_grass_and_water.tmx";
    const std::string gunzip = "gunzip -c '" + packed.string() + "' > '" + map.string() + "'";
    REQUIRE(std::system(gunzip.c_str()) == 0);
    fs::copy_file(examples / "isometric_grass_and_water.png", dir / "isometric_grass_and_water.png");
    const Comparison c = renderBoth(map.string(), "isometric_staggered_grass_and_water", 2);
    fs::remove_all(dir);
    CHECK(c.ours == sf::Vector2u(2080, 1040)); // 32x64 cells of chunks: 32*64 + 32, 64*16 + 16
    CHECK(c.ours == c.theirs);
    CHECK(c.differing == 0);
}

TEST_CASE("renderMapToImage matches tmxrasterizer on staggered maps of both axes and indexes", "[render][gl]")
{
    keepGlContextAlive();
    if (!haveTmxRasterizer()) {
        return testsupport::skipTest("tmxrasterizer not installed");
    }
    for (const char* stem : {"stagger_x_odd", "stagger_x_even", "stagger_y_odd", "stagger_y_even"}) {
        const std::string map = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/stagger/" + stem + ".tmx";
        auto loaded = isostar::map::loadMap(map);
        REQUIRE(loaded);
        const Comparison c = renderBoth(map, stem, 2, hideMarkerLayers(loaded.value()));
        // 7x8 cells of 32x16: stagger x (7+1)*16 by 8*16+8, stagger y 7*32+16 by (8+1)*8.
        CHECK(c.ours == (stem[8] == 'x' ? sf::Vector2u(128, 136) : sf::Vector2u(240, 72)));
        CHECK(c.ours == c.theirs);
        CHECK(c.differing == 0);
    }
}

TEST_CASE("renderMapToImage draws an infinite map with negative chunks as tmxrasterizer does", "[render][gl]")
{
    // Our canvas is the bounding box of the chunks, cells (-8,-8)..(7,7): 16x16 cells, 512x256.
    // tmxrasterizer draws the bounding box of its own 16x16 chunk grid, (-16,-16)..(15,15): a
    // 1024x512 image; the map's cells sit in it at (512, 128) (measured), the rest transparent.
    keepGlContextAlive();
    if (!haveTmxRasterizer()) {
        return testsupport::skipTest("tmxrasterizer not installed");
    }
    const std::string map = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/stagger/infinite_negative.tmx";
    auto loaded = isostar::map::loadMap(map);
    REQUIRE(loaded);
    const Comparison whole = renderBoth(map, "infinite_negative", 2, hideMarkerLayers(loaded.value()));
    REQUIRE(whole.ours == sf::Vector2u(512, 256));
    REQUIRE(whole.theirs == sf::Vector2u(1024, 512));
    sf::Image ours, theirs, part;
    REQUIRE(ours.loadFromFile((outDir() / "infinite_negative_isostar.png").string()));
    REQUIRE(theirs.loadFromFile((outDir() / "infinite_negative_tmxrasterizer.png").string()));
    part.create(512, 256);
    part.copy(theirs, 0, 0, sf::IntRect(512, 128, 512, 256));
    const Comparison c = compare(ours, part, 2);
    CHECK(c.differing == 0);
    long long outside = 0;
    for (unsigned y = 0; y < 512; ++y)
        for (unsigned x = 0; x < 1024; ++x)
            if ((x < 512 || y < 128 || y >= 384) && theirs.getPixel(x, y).a != 0)
                ++outside;
    CHECK(outside == 0);
}

TEST_CASE("renderMapToImage matches tmxrasterizer on Tiled's hexagonal examples", "[render][gl][hex]")
{
    // hexagonal-mini.tmx: stagger y odd, 14x12 cells with side 6 and 18x18 images with a tile
    // offset; test_hexagonal_tile_60x60x30.tmx: stagger x odd, flips and the 60/120 degree turns.
    keepGlContextAlive();
    const fs::path examples = "/usr/share/doc/tiled/examples";
    if (!haveTmxRasterizer() || !fs::exists(examples / "hexagonal-mini.tmx") ||
        !fs::exists(examples / "test_hexagonal_tile_60x60x30.tmx")) {
        return testsupport::skipTest("tmxrasterizer or Tiled's hexagonal examples not installed");
    }
    const Comparison mini = renderBoth((examples / "hexagonal-mini.tmx").string(), "hexagonal-mini", 2);
    CHECK(mini.ours == sf::Vector2u(20 * 14 + 7, 20 * 9 + 3));
    CHECK(mini.ours == mini.theirs);
    CHECK(mini.differing == 0);
    const Comparison big =
        renderBoth((examples / "test_hexagonal_tile_60x60x30.tmx").string(), "test_hexagonal_tile_60x60x30", 2);
    CHECK(big.ours == sf::Vector2u(20 * 45 + 15, 20 * 60 + 30));
    CHECK(big.ours == big.theirs);
    // Four pixels on the edges of tiles turned by 60 or 120 degrees, whose centres lie on the
    // turned edge: Qt's fixed-point rasterizer counts them in, GL's does not (measured: 4 of
    // 1,125,450; snapping the corners to Qt's 1/64 pixel grid made it 8). Every other pixel,
    // the turned tiles' insides included, is within the tolerance.
    CHECK(big.differing <= 4);
}

TEST_CASE("renderMapToImage matches tmxrasterizer on hexagonal maps of both axes and indexes", "[render][gl][hex]")
{
    // tests/data/hex: flips and turns, a group with offset and opacity holding tall animated
    // tiles, a tinted layer, tile objects, an image layer, a hidden layer (see gen_hex.py).
    keepGlContextAlive();
    if (!haveTmxRasterizer()) {
        return testsupport::skipTest("tmxrasterizer not installed");
    }
    for (const char* stem : {"hex_x_odd", "hex_x_even", "hex_y_odd", "hex_y_even"}) {
        const std::string map = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/hex/" + stem + ".tmx";
        // Smoothing on (tmxrasterizer's default): the tiles turned by 60 and 120 degrees are
        // sampled bilinearly on both sides.
        const Comparison c = renderBoth(map, stem, 2);
        // 7x6 cells of 16x16, side 8, plus the offset margins (4 left, 5 top, 5 right, 6 bottom):
        // stagger x 7*12+4 by 6*16+8, stagger y 7*16+8 by 6*12+4.
        const bool x = stem[4] == 'x';
        CHECK(c.ours == (x ? sf::Vector2u(88 + 9, 104 + 11) : sf::Vector2u(120 + 9, 76 + 11)));
        CHECK(c.ours == c.theirs);
        CHECK(c.differing == 0);
    }
}
