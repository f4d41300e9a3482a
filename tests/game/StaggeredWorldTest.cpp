// Worlds of staggered and infinite maps: played on their CellFrame's grid, void cells
// impassable, paths stepping between cells that touch on screen, edited and saved in the file's form.

#include "game/world/WorldHost.hpp"

#include "engine/map/MapLoader.hpp"
#include "engine/path/GridPathfinder.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

namespace {

std::string staggerMap(const std::string& name)
{
    return std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/stagger/" + name;
}

game::World loadWorldFile(const std::string& path)
{
    auto w = game::loadWorld({path, "", ""});
    INFO(isostar::formatDiagnostics(w.diagnostics()));
    REQUIRE(w);
    return std::move(w).value();
}

game::World loadStaggerWorld(const std::string& name)
{
    auto w = game::loadWorld({staggerMap(name), "", ""});
    INFO(isostar::formatDiagnostics(w.diagnostics()));
    REQUIRE(w);
    return std::move(w).value();
}

} // namespace

TEST_CASE("staggered world: objects, walls and void on the diamond grid, paths step to screen neighbours")
{
    for (const char* name : {"stagger_x_odd.tmx", "stagger_x_even.tmx", "stagger_y_odd.tmx", "stagger_y_even.tmx"}) {
        CAPTURE(name);
        const game::World w = loadStaggerWorld(name);
        CHECK(w.map.orientation == isostar::map::Orientation::Isometric);
        CHECK(w.nav.width() == w.frame.gridWidth());
        REQUIRE(w.start);
        REQUIRE(w.goal);
        CHECK(w.frame.toTiled(*w.start) == isostar::TileCoord{1, 1});
        CHECK(w.frame.toTiled(*w.goal) == isostar::TileCoord{5, 6});
        CHECK_FALSE(w.nav.passable(0, w.frame.toGrid({3, 2})));  // wall
        CHECK(w.nav.passable(0, w.frame.toGrid({2, 2})));        // grass
        CHECK(w.nav.passable(0, w.frame.toGrid({6, 7})));        // an empty cell of a finite map
        int voids = 0;
        for (int y = 0; y < w.nav.height(); ++y)
            for (int x = 0; x < w.nav.width(); ++x)
                if (!w.frame.onMap({x, y})) {
                    CHECK_FALSE(w.nav.passable(0, {x, y}));
                    ++voids;
                }
        CHECK(voids == w.nav.width() * w.nav.height() - 56);
        // The HUD explains a cell in Tiled's coordinates.
        const std::vector<std::string> lines = w.explain(w.frame.toGrid({3, 2}), 0);
        REQUIRE_FALSE(lines.empty());
        CHECK(lines.front().rfind("cell (3,2): wall", 0) == 0);

        isostar::path::GridPathfinder finder;
        REQUIRE(finder.init(w.nav.costField(0), w.nav.rules(0)));
        isostar::path::PathResult r;
        REQUIRE(finder.findPath(*w.start, *w.goal, r) == isostar::path::PathStatus::Found);
        for (std::size_t k = 1; k < r.path.size(); ++k) {
            CHECK(std::abs(r.path[k].x - r.path[k - 1].x) <= 1);
            CHECK(std::abs(r.path[k].y - r.path[k - 1].y) <= 1);
            CHECK(w.frame.onMap(r.path[k]));
            const isostar::TileCoord t = w.frame.toTiled(r.path[k]);
            CHECK_FALSE((t.x == 3 && t.y >= 1 && t.y <= 5)); // around the wall, never through it
        }
    }
}

TEST_CASE("infinite world: the chunks' bounding box plays, cells without tiles are void")
{
    const game::World w = loadStaggerWorld("infinite_negative.tmx");
    CHECK(w.frame.tiledX() == -8);
    CHECK(w.frame.tiledY() == -8);
    CHECK(w.nav.width() == 16);
    CHECK(w.nav.height() == 16);
    REQUIRE(w.start);
    CHECK(w.frame.toTiled(*w.start) == isostar::TileCoord{-6, -6});
    CHECK_FALSE(w.nav.passable(0, w.frame.toGrid({3, 3})));   // the missing chunk
    CHECK_FALSE(w.nav.passable(0, w.frame.toGrid({-1, -7}))); // an empty cell
    CHECK(w.nav.passable(0, w.frame.toGrid({-6, -6})));
    const std::vector<std::string> lines = w.explain(w.frame.toGrid({3, 3}), 0);
    REQUIRE(lines.size() >= 2);
    CHECK(lines[0] == "cell (3,3): no terrain");
    CHECK(lines[1] == "  impassable (void: not on the map)");
}

namespace {

/// A copy of tests/data/stagger (and the art it names) in a fresh folder; the copy of `name`.
std::string copiedStaggerMap(const std::string& name)
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("isostar-stagger-edit-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path data = fs::path(ISOSTAR_SOURCE_DIR) / "tests/data";
    fs::copy(data / "stagger", dir / "stagger", fs::copy_options::recursive);
    fs::copy(data / "render", dir / "render", fs::copy_options::recursive);
    return (dir / "stagger" / name).string();
}

} // namespace

TEST_CASE("staggered worlds: painted on screen neighbours, undone, saved as staggered maps that reload with the edit")
{
    for (const char* name : {"stagger_x_odd.tmx", "stagger_x_even.tmx", "stagger_y_odd.tmx", "stagger_y_even.tmx"}) {
        CAPTURE(name);
        const std::string path = copiedStaggerMap(name);
        game::WorldHost host;
        REQUIRE(host.open({path, "", ""}).empty());
        const isostar::map::CellFrame frame = host.world().frame;
        const isostar::TileCoord cell = frame.toGrid({2, 2});
        REQUIRE(host.world().nav.passable(0, cell));
        game::WorldEdit e = host.paint(cell, "wall");
        INFO(e.error);
        REQUIRE(e.ok);
        CHECK(e.tiles == std::vector<isostar::TileCoord>{cell});
        CHECK_FALSE(host.world().nav.passable(0, cell));
        REQUIRE(host.undo().ok);
        CHECK(host.world().nav.passable(0, cell));
        REQUIRE(host.redo().ok);
        CHECK_FALSE(host.world().nav.passable(0, cell));

        // A grid cell that is none of Tiled's cells (a corner of the diamond grid) is refused.
        isostar::TileCoord off{0, 0};
        while (frame.onMap(off))
            ++off.x;
        const game::WorldEdit refused = host.paint(off, "wall");
        CHECK_FALSE(refused.ok);
        const isostar::TileCoord t = frame.toTiled(off);
        CHECK(refused.error == "(" + std::to_string(t.x) + ", " + std::to_string(t.y) + ") is off the map");

        const auto saved = host.save(path);
        INFO(isostar::formatDiagnostics(saved.diagnostics()));
        REQUIRE(saved);
        const auto file = isostar::map::loadMap(path);
        REQUIRE(file);
        CHECK(file.value().orientation == isostar::map::Orientation::Staggered);
        CHECK(file.value().width == 7);
        CHECK(file.value().layers.front().tiles.at(2, 2) == 2);  // the wall tile
        CHECK(file.value().layers.front().tiles.at(3, 2) == 2);  // the wall that was there
        CHECK(file.value().layers.front().tiles.at(1, 2) == 1);
        const game::World again = loadWorldFile(path);
        CHECK_FALSE(again.nav.passable(0, again.frame.toGrid({2, 2})));
        CHECK(again.nav.costField(0) == host.world().nav.costField(0));
    }
}

TEST_CASE("infinite world: a void cell painted stops being void, and the save grows a chunk")
{
    const std::string path = copiedStaggerMap("infinite_negative.tmx");
    game::WorldHost host;
    REQUIRE(host.open({path, "", ""}).empty());
    const isostar::TileCoord cell = host.world().frame.toGrid({3, 3});  // the missing chunk
    REQUIRE_FALSE(host.world().nav.passable(0, cell));
    game::WorldEdit e = host.paint(cell, "grass");
    INFO(e.error);
    REQUIRE(e.ok);
    CHECK(host.world().nav.passable(0, cell));
    CHECK(host.world().explain(cell, 0).front().rfind("cell (3,3): grass", 0) == 0);
    REQUIRE(host.undo().ok);
    CHECK_FALSE(host.world().nav.passable(0, cell));  // void again: no tile there
    REQUIRE(host.redo().ok);
    REQUIRE(host.save(path));
    const std::string text = [&] {
        std::ifstream in(path);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }();
    CHECK(text.find("infinite=\"1\"") != std::string::npos);
    CHECK(text.find(R"(<chunk x="0" y="0" width="16" height="16">)") != std::string::npos);
    // Reloaded (its chunks now 16x16, as Tiled writes them: a larger bounding box, the new part
    // void), every cell of the map as edited costs the same.
    const game::World again = loadWorldFile(path);
    CHECK(again.nav.passable(0, again.frame.toGrid({3, 3})));
    const isostar::map::CellFrame& was = host.world().frame;
    int differing = 0;
    for (int y = was.tiledY(); y < was.tiledY() + was.tiledHeight(); ++y)
        for (int x = was.tiledX(); x < was.tiledX() + was.tiledWidth(); ++x)
            differing += again.nav.cost(0, again.frame.toGrid({x, y})) != host.world().nav.cost(0, was.toGrid({x, y}));
    CHECK(differing == 0);
}

TEST_CASE("staggered world: picking finds the cell under the pointer, the map's corners pick none")
{
    for (const char* name : {"stagger_x_odd.tmx", "stagger_x_even.tmx", "stagger_y_odd.tmx", "stagger_y_even.tmx"}) {
        CAPTURE(name);
        const game::World w = loadStaggerWorld(name);
        const bool axisX = std::string(name).find("_x_") != std::string::npos;
        const bool even = std::string(name).find("even") != std::string::npos;
        const float tw = float(w.map.tileWidth), th = float(w.map.tileHeight);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 7; ++x) {
                // The cell's centre in Tiled's staggered layout (world = Tiled's pixels here).
                const bool shifted = ((axisX ? x : y) % 2 == 1) != even;
                const float cx = axisX ? x * tw / 2 + tw / 2 : x * tw + (shifted ? tw / 2 : 0) + tw / 2;
                const float cy = axisX ? y * th + (shifted ? th / 2 : 0) + th / 2 : y * th / 2 + th / 2;
                for (const isostar::iso::WorldPos p : {isostar::iso::WorldPos{cx, cy}, isostar::iso::WorldPos{cx + tw / 2 - 2, cy},
                                                   isostar::iso::WorldPos{cx, cy - th / 2 + 1}}) {
                    const std::optional<isostar::TileCoord> g = w.projection.pick(p);
                    REQUIRE(g);
                    CHECK(w.frame.toTiled(*g) == isostar::TileCoord{x, y});
                }
            }
        // The top-left corner of the map's rectangle lies in no cell of the map.
        const std::optional<isostar::TileCoord> corner = w.projection.pick({0.5f, 0.5f});
        CHECK((!corner || !w.frame.onMap(*corner)));
    }
}

TEST_CASE("a staggered map whose diamond grid would be too large is refused with its size")
{
    // 1 x 20000 cells: the diamond grid holding that column is 10001 x 10000.
    const std::filesystem::path file = std::filesystem::temp_directory_path() / "isostar_stagger_column.tmx";
    {
        std::ofstream out(file);
        out << R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="staggered" width="1" height="20000" tilewidth="32" tileheight="16" infinite="0" staggeraxis="y" staggerindex="odd">
 <layer id="1" name="ground" width="1" height="20000"><data encoding="csv">)";
        for (int i = 0; i < 20000; ++i)
            out << (i ? ",0" : "0");
        out << "</data></layer>\n</map>\n";
    }
    auto w = game::loadWorld({file.string(), "", ""});
    std::filesystem::remove(file);
    REQUIRE_FALSE(w);
    CHECK(w.diagnostics().front().message == "the map is too large to plan on (10001x10000 cells on the engine's grid)");
}
