// Edits of staggered and hexagonal maps saved in Tiled-compatible form: Tiled's own
// `tmxrasterizer` draws the saved file as it drew the original plus the edit — the pixels that
// change are those of the painted cell's tile, and only those. Staggered and hexagonal maps are
// painted by the real `isostar` binary under a script, hexagonal ones of all four layouts also
// through the engine (MapEditor + MapWriter). Skips without tmxrasterizer (and, for the game,
// without a display).

#include "engine/edit/MapEditor.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/map/MapWriter.hpp"
#include "tests/support/GameE2e.hpp"

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

bool haveTmxRasterizer()
{
    return std::system("command -v tmxrasterizer >/dev/null 2>&1") == 0;
}

/// `map` drawn by tmxrasterizer into `png`.
sf::Image rasterize(const fs::path& map, const fs::path& png)
{
    const std::string cmd =
        "QT_QPA_PLATFORM=offscreen tmxrasterizer '" + map.string() + "' '" + png.string() + "' >/dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    sf::Image image;
    REQUIRE(image.loadFromFile(png.string()));
    return image;
}

struct PixelBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0; ///< [x0, x1) x [y0, y1)
};

/// Where Tiled draws the tile of cell (x, y) of a staggered or hexagonal map (its
/// HexagonalRenderer; a staggered map is a hexagonal one with side length 0), in the
/// rasterized image of a finite map.
PixelBox tileBox(const isostar::map::MapData& map, int x, int y)
{
    const int tw = map.tileWidth, th = map.tileHeight;
    const int side = map.orientation == isostar::map::Orientation::Hexagonal ? map.hexSideLength : 0;
    const bool even = map.staggerIndex == isostar::map::StaggerIndex::Even;
    const auto shifted = [&](int i) { return ((i & 1) != 0) != even; };
    PixelBox b;
    if (map.staggerAxis == isostar::map::StaggerAxis::Y) {
        b.x0 = x * tw + (shifted(y) ? tw / 2 : 0);
        b.y0 = y * ((th + side) / 2);
    } else {
        b.x0 = x * ((tw + side) / 2);
        b.y0 = y * th + (shifted(x) ? th / 2 : 0);
    }
    b.x1 = b.x0 + tw;
    b.y1 = b.y0 + th;
    return b;
}

/// The pixels of `before` and `after` that differ: how many, and whether all lie in `box`.
struct Difference {
    long long count = 0;
    long long outside = 0;
};

Difference compare(const sf::Image& before, const sf::Image& after, const PixelBox& box)
{
    REQUIRE(before.getSize() == after.getSize());
    Difference d;
    for (unsigned y = 0; y < before.getSize().y; ++y)
        for (unsigned x = 0; x < before.getSize().x; ++x)
            if (before.getPixel(x, y) != after.getPixel(x, y)) {
                ++d.count;
                const bool inside = int(x) >= box.x0 && int(x) < box.x1 && int(y) >= box.y0 && int(y) < box.y1;
                d.outside += inside ? 0 : 1;
            }
    return d;
}

/// Rasterizes the original and the saved map and checks that exactly the tile of `cell`
/// changed (some of its pixels, none elsewhere).
void checkDrawsTheEdit(const fs::path& original, const fs::path& saved, const fs::path& dir, isostar::TileCoord cell)
{
    const auto map = isostar::map::loadMap(saved.string());
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    const sf::Image before = rasterize(original, dir / "before.png");
    const sf::Image after = rasterize(saved, dir / "after.png");
    const Difference d = compare(before, after, tileBox(map.value(), cell.x, cell.y));
    INFO("images in " << dir.string());
    CHECK(d.count > 0);
    CHECK(d.outside == 0);
}

} // namespace

TEST_CASE("a hexagonal map painted with the brush and saved: tmxrasterizer draws the edit (all four layouts)")
{
    if (!haveTmxRasterizer())
        return testsupport::skipTest("tmxrasterizer not installed: the saved hexagonal maps are not rasterized");
    for (const char* stem : {"hex_x_odd", "hex_x_even", "hex_y_odd", "hex_y_even"}) {
        CAPTURE(stem);
        const fs::path dir = testsupport::e2eDir("isostar-hex-edit", stem);
        fs::create_directories(dir / "hexedit");
        fs::copy(fs::path(ISOSTAR_SOURCE_DIR) / "tests/data/render", dir / "render", fs::copy_options::recursive);
        const fs::path original = fs::path(ISOSTAR_SOURCE_DIR) / "tests/data/hexedit" / (std::string(stem) + ".tmx");
        const fs::path saved = dir / "hexedit" / (std::string(stem) + ".tmx");
        fs::copy_file(original, saved);

        auto loaded = isostar::map::loadMap(saved.string());
        REQUIRE(loaded);
        isostar::map::MapData map = std::move(loaded).value();
        isostar::edit::MapEditor editor(map);
        REQUIRE(editor.paint({5, 2}, "wall").ok);
        REQUIRE(editor.paint({1, 6}, "wall").ok);
        REQUIRE(editor.undo().ok);                // the second wall is gone again
        const auto report = isostar::map::saveMapTiles(map, saved.string(), true);
        INFO(isostar::formatDiagnostics(report.diagnostics()));
        REQUIRE(report);
        const auto again = isostar::map::loadMap(saved.string());
        REQUIRE(again);
        CHECK(again.value().orientation == isostar::map::Orientation::Hexagonal);
        CHECK(again.value().hexSideLength == 8);
        CHECK(again.value().layers.front().tiles.at(5, 2) == 2);
        CHECK(again.value().layers.front().tiles.at(1, 6) == 1);
        checkDrawsTheEdit(original, saved, dir, {5, 2});
        fs::remove_all(dir);
    }
}

namespace {

/// Runs the game on `map` (relative to the project root) with a script that paints a wall at
/// (5, 4), another at (1, 6), undoes the second and saves into a temporary folder; the saved
/// file must hold the first wall only, keep the map's layout, and draw in tmxrasterizer as the
/// original plus that wall.
void paintInGameAndRasterize(const std::string& map, const std::string& stem, isostar::map::Orientation orientation)
{
    const fs::path dir = testsupport::e2eDir("isostar-e2e-layout-edit", stem);
    const fs::path saved = dir / "edited.tmx";
    // Cells in Tiled's coordinates.
    const auto r = testsupport::runGameScript(dir, map,
                                              "paint 5 4 wall\npaint 1 6 wall\nundo\nsave " + saved.string() +
                                                  "\nquit\n");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto again = isostar::map::loadMap(saved.string());
    INFO(isostar::formatDiagnostics(again.diagnostics()));
    REQUIRE(again);
    CHECK(again.value().orientation == orientation);
    CHECK(again.value().width == 7);
    CHECK(again.value().height == 8);
    CHECK(again.value().layers.front().tiles.at(5, 4) == 2);
    CHECK(again.value().layers.front().tiles.at(1, 6) == 1);
    checkDrawsTheEdit(fs::path(ISOSTAR_SOURCE_DIR) / map, saved, dir, {5, 4});
}

} // namespace

TEST_CASE("e2e: a staggered map painted in the game and saved: tmxrasterizer draws the edit (both axes)")
{
    if (!testsupport::haveDisplay())
        return;
    if (!haveTmxRasterizer())
        return testsupport::skipTest("tmxrasterizer not installed: the saved staggered maps are not rasterized");
    for (const char* stem : {"stagger_y_odd", "stagger_x_even"}) {
        CAPTURE(stem);
        paintInGameAndRasterize(std::string("tests/data/stagger/") + stem + ".tmx", stem,
                                isostar::map::Orientation::Staggered);
    }
}

TEST_CASE("e2e: a hexagonal map painted in the game and saved: tmxrasterizer draws the edit (both axes)")
{
    if (!testsupport::haveDisplay())
        return;
    if (!haveTmxRasterizer())
        return testsupport::skipTest("tmxrasterizer not installed: the saved hexagonal maps are not rasterized");
    for (const char* stem : {"hex_y_odd", "hex_x_even"}) {
        CAPTURE(stem);
        paintInGameAndRasterize(std::string("tests/data/hexedit/") + stem + ".tmx", stem,
                                isostar::map::Orientation::Hexagonal);
    }
}
