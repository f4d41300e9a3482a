// loadNavWorld: one call from a Tiled map and its config to the map as played, its terrain grid
// and the NavGrid, for every orientation the engine plays. Tiled's own examples (Debian package
// `tiled`) are used when installed; the cases skip with a message when they are absent.

#include "engine/terrain/NavWorld.hpp"

#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using isostar::TileCoord;

namespace {

const std::string TiledExamples = "/usr/share/doc/tiled/examples";

std::string staggerMap(const std::string& name)
{
    return std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/stagger/" + name;
}

isostar::terrain::NavWorld loadNav(const std::string& map, const std::vector<std::string>& profiles = {""})
{
    isostar::Result<isostar::terrain::NavWorld> w = isostar::terrain::loadNavWorld(map, "", profiles);
    INFO(isostar::formatDiagnostics(w.diagnostics()));
    REQUIRE(w);
    return std::move(w).value();
}

} // namespace

TEST_CASE("loadNavWorld: Tiled's staggered example is one island on the engine's grid", "[terrain][navworld][examples]")
{
    const std::string map = TiledExamples + "/isometric_staggered_grass_and_water.tmx.gz";
    if (!std::filesystem::exists(map))
        return testsupport::skipTest(map + " is absent (install Debian's `tiled` package)");
    const isostar::terrain::NavWorld w = loadNav(map);
    CHECK(w.map.orientation == isostar::map::Orientation::Isometric);
    CHECK(w.frame.layout() != isostar::map::CellFrame::Layout::Plain);
    CHECK(w.nav.width() == w.frame.gridWidth());
    CHECK(w.nav.height() == w.frame.gridHeight());
    CHECK(w.nav.layerCount() == 1);
    CHECK(w.fields.size() == 1);
    CHECK(w.fields[0].layer() == 0);
    CHECK_FALSE(w.terrain->voids.empty());
    CHECK(w.nav.islandCount(0) == 1);
}

TEST_CASE("loadNavWorld: every Tiled example the engine plays loads, hexagonal ones are refused", "[terrain][navworld][examples]")
{
    namespace fs = std::filesystem;
    if (!fs::is_directory(TiledExamples))
        return testsupport::skipTest(TiledExamples + " is absent (install Debian's `tiled` package)");
    for (const char* name : {"desert.tmx", "isometric_grass_and_water.tmx", "orthogonal-outside.tmx.gz",
                             "sewers.tmx", "rpg/island.tmx"}) {
        CAPTURE(name);
        const isostar::terrain::NavWorld w = loadNav(TiledExamples + "/" + name);
        CHECK(w.frame.identity());
        CHECK(w.nav.width() == w.map.width);
        CHECK(w.nav.islandCount(0) >= 1);
    }
    // Hexagonal maps plan on their own cells, six neighbours each (staggeraxis y, index odd).
    const isostar::terrain::NavWorld hex = loadNav(TiledExamples + "/hexagonal-mini.tmx");
    CHECK(hex.frame.identity());
    CHECK(hex.nav.topology() == isostar::GridTopology::hexagonal(isostar::HexAxis::Rows, true));
    CHECK(hex.nav.width() == 20);
}

TEST_CASE("loadNavWorld: staggered and infinite maps on their frame's grid, void cells impassable", "[terrain][navworld]")
{
    for (const char* name : {"stagger_x_odd.tmx", "stagger_x_even.tmx", "stagger_y_odd.tmx", "stagger_y_even.tmx"}) {
        CAPTURE(name);
        const isostar::terrain::NavWorld w = loadNav(staggerMap(name));
        CHECK_FALSE(w.nav.passable(0, w.frame.toGrid({3, 2})));  // wall
        CHECK(w.nav.passable(0, w.frame.toGrid({2, 2})));        // grass
        int voids = 0;
        for (int y = 0; y < w.nav.height(); ++y)
            for (int x = 0; x < w.nav.width(); ++x)
                if (!w.frame.onMap({x, y})) {
                    CHECK(w.terrain->isVoid(w.terrain->index({x, y})));
                    CHECK_FALSE(w.nav.passable(0, {x, y}));
                    ++voids;
                }
        CHECK(voids == w.nav.width() * w.nav.height() - 56);
        isostar::path::GridQuery query;
        isostar::path::PathResult r;
        CHECK(query.findPath(w.nav, 0, w.frame.toGrid({1, 1}), w.frame.toGrid({5, 6}), r) ==
              isostar::path::PathStatus::Found);
    }
    const isostar::terrain::NavWorld inf = loadNav(staggerMap("infinite_negative.tmx"));
    CHECK(inf.frame.tiledX() == -8);
    CHECK(inf.nav.width() == 16);
    CHECK_FALSE(inf.nav.passable(0, inf.frame.toGrid({3, 3})));   // the missing chunk
    CHECK(inf.nav.passable(0, inf.frame.toGrid({-6, -6})));
}

TEST_CASE("loadNavWorld: one layer per profile, bound fields, errors name the file", "[terrain][navworld]")
{
    const std::string map = std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/road.tmx";
    const isostar::terrain::NavWorld w = loadNav(map, {"", "dwarf"});
    REQUIRE(w.nav.layerCount() == 2);
    CHECK(w.profiles == std::vector<std::string>{"", "dwarf"});
    CHECK(w.nav.layerName(1) == "dwarf");
    CHECK(w.fields[1].layer() == 1);
    CHECK(w.fields[0].sharesGrid(w.fields[1]));
    CHECK(w.config.origin != isostar::terrain::ConfigOrigin::CommandLine);

    const auto elf = isostar::terrain::loadNavWorld(map, "", {"elf"});
    REQUIRE_FALSE(elf);
    CHECK(elf.diagnostics().front().message.rfind("unknown profile \"elf\"", 0) == 0);

    const auto missing = isostar::terrain::loadNavWorld(map + ".missing");
    REQUIRE_FALSE(missing);
    CHECK(missing.diagnostics().front().file == map + ".missing");

    const auto badConfig = isostar::terrain::loadNavWorld(map, map + ".no-such.toml");
    REQUIRE_FALSE(badConfig);
    CHECK(badConfig.diagnostics().front().file == map + ".no-such.toml");
}
