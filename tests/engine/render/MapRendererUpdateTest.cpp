// MapRenderer::updateCells through OpenGL (sf::RenderTexture): after random edits of the valley
// the renderer draws pixel for pixel as one freshly loaded from the edited map. Run under
// xvfb-run without a display.
#include "engine/map/MapLoader.hpp"
#include "engine/render/MapRenderer.hpp"
#include "GlKeepAlive.hpp"
#include "SolidTexture.hpp"

#include <catch2/catch.hpp>
#include "tests/support/Scale.hpp"

#include <SFML/Graphics/RenderTexture.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using isostar::TileCoord;

namespace {

const std::string kValley = std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx";

isostar::map::MapData loadMapFile(const std::string& path)
{
    auto map = isostar::map::loadMap(path);
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    return std::move(map).value();
}

void setGid(isostar::map::MapData& map, std::size_t layer, TileCoord c, isostar::map::Gid gid, std::uint8_t flips = 0)
{
    isostar::map::TileGrid& g = map.layers.at(layer).tiles;
    const std::size_t i = std::size_t(c.y) * std::size_t(g.width) + std::size_t(c.x);
    g.gids.at(i) = gid;
    if (!g.flipFlags.empty())
        g.flipFlags.at(i) = flips;
}

/// What `renderer` draws into `rt` through `view`, with `sprites`, over an opaque background.
sf::Image drawn(const isostar::render::MapRenderer& renderer, sf::RenderTexture& rt, const sf::View& view,
                const std::vector<isostar::render::SpriteItem>& sprites)
{
    rt.setView(view);
    rt.clear(sf::Color(10, 20, 30));
    renderer.draw(rt, sprites);
    rt.display();
    return rt.getTexture().copyToImage();
}

/// Number of differing pixels (0 when equal); the first one goes to the test log.
long long differingPixels(const sf::Image& a, const sf::Image& b)
{
    REQUIRE(a.getSize() == b.getSize());
    long long n = 0;
    for (unsigned y = 0; y < a.getSize().y; ++y)
        for (unsigned x = 0; x < a.getSize().x; ++x)
            if (a.getPixel(x, y) != b.getPixel(x, y)) {
                if (n == 0)
                    UNSCOPED_INFO("first differing pixel (" << x << "," << y << ")");
                ++n;
            }
    return n;
}

} // namespace

TEST_CASE("after random edits of the valley, updateCells draws exactly as a fresh load", "[render][gl][update]")
{
    keepGlContextAlive();
    isostar::map::MapData map = loadMapFile(kValley);
    std::vector<isostar::Diagnostic> problems;
    isostar::render::MapRenderer updated;
    REQUIRE(updated.load(map, problems));
    const isostar::map::Gid maxGid = map.tilesets.back().firstGid + isostar::map::Gid(map.tilesets.back().tileCount) - 1;
    const isostar::map::Gid volcano = 121 + 16, erupting = 121 + 17, tree = 121 + 25, wall = 121 + 0, road = 9; // tall.tsx firstgid 121
    const isostar::map::Gid picks[] = {volcano, erupting, tree, wall, road, 0};

    const sf::Texture unitTexture = solidTexture(24, 40, sf::Color(255, 0, 255));
    sf::RenderTexture near, overview;
    REQUIRE(near.create(320, 320));
    REQUIRE(overview.create(1152, 600));

    std::mt19937 rng(7);
    auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    int steps = 0;
    for (int round = 0; round < testsupport::scaled(12, 4); ++round) { // 4 in the sanitizer build
        INFO("round " << round);
        // A brush stroke on one cell and its 4 neighbours; every other one on a chunk corner,
        // where tall tiles rise over the neighbouring chunks.
        TileCoord c{uniform(1, map.width - 2), uniform(1, map.height - 2)};
        if (round % 2 == 0)
            c = {16 * uniform(1, 4), 16 * uniform(1, 4)};
        const std::vector<TileCoord> cells{c, {c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (const TileCoord& cell : cells) {
            const std::size_t layer = uniform(0, 3) == 0 ? 0 : 1;
            isostar::map::Gid gid = uniform(0, 1) == 0 ? picks[uniform(0, 5)] : isostar::map::Gid(uniform(1, int(maxGid)));
            if (layer == 0 && gid == 0)
                gid = 1;
            setGid(map, layer, cell, gid, std::uint8_t(uniform(0, 5) == 0 ? isostar::map::flip::Horizontal : 0));
        }
        setGid(map, 1, c, round % 3 == 0 ? erupting : tree); // always something tall and something animated
        REQUIRE(updated.updateCells(map, cells, problems));
        CHECK(problems.empty());
        CHECK(updated.rebuiltChunks() >= 1);
        CHECK(updated.rebuiltChunks() <= 2 * cells.size()); // one per cell and tile layer at most
        updated.update(0.125f); // 125 ms a round: the erupting volcano changes frames
        ++steps;

        isostar::render::MapRenderer fresh;
        REQUIRE(fresh.load(map, problems));
        fresh.update(0.125f * float(steps));
        REQUIRE(fresh.animationTimeMs() == updated.animationTimeMs());
        CHECK(fresh.worldBounds() == updated.worldBounds());

        // A unit standing just in front of the edited cell (sorted among the tall tiles).
        isostar::render::SpriteItem unit;
        unit.texture = &unitTexture;
        unit.rect = {0, 0, 24, 40};
        unit.tile = {c.x + 1.2, c.y + 0.6};
        const isostar::iso::WorldPos feet = updated.projection().tileToWorld(unit.tile);
        unit.feet = {feet.x, feet.y};
        unit.origin = {12.f, 38.f};
        const std::vector<isostar::render::SpriteItem> sprites{unit};

        const isostar::iso::WorldPos top = updated.projection().tileToWorld({double(c.x), double(c.y)});
        // Around the cell, and above it only (what there is drawn rises from cells further down).
        for (const sf::View& view : {sf::View({top.x, top.y - 40.f}, {320.f, 320.f}),
                                     sf::View({top.x, top.y - 250.f}, {320.f, 320.f})})
            CHECK(differingPixels(drawn(updated, near, view, sprites), drawn(fresh, near, view, sprites)) == 0);
        if (round % 4 == 3) {
            const sf::View whole(updated.worldBounds());
            CHECK(differingPixels(drawn(updated, overview, whole, sprites), drawn(fresh, overview, whole, sprites)) == 0);
        }
    }
}

TEST_CASE("updateCells refuses a tile it has no texture for and keeps drawing the old map", "[render][gl][update]")
{
    keepGlContextAlive();
    const std::string path = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/wall_iso.tmx";
    isostar::map::MapData map = loadMapFile(path);
    setGid(map, 1, {1, 1}, 0); // the wall goes: the "tall" tileset's image is never loaded
    std::vector<isostar::Diagnostic> problems;
    isostar::render::MapRenderer renderer;
    REQUIRE(renderer.load(map, problems));
    sf::RenderTexture rt;
    REQUIRE(rt.create(96, 64));
    const sf::View view(sf::FloatRect(0, -16, 96, 64));
    const sf::Image before = drawn(renderer, rt, view, {});

    setGid(map, 0, {0, 0}, 2);
    setGid(map, 1, {1, 1}, 3);
    const TileCoord cells[2] = {{0, 0}, {1, 1}};
    CHECK_FALSE(renderer.updateCells(map, cells, problems));
    REQUIRE(problems.size() == 1);
    CHECK(isostar::formatDiagnostic(problems[0]).rfind(path + ": error: cell (1,1) of layer \"walls\" shows gid 3", 0) == 0);
    CHECK(renderer.rebuiltChunks() == 0);
    CHECK(differingPixels(drawn(renderer, rt, view, {}), before) == 0);

    // Without the wall the ground edit goes through and shows.
    setGid(map, 1, {1, 1}, 0);
    problems.clear();
    REQUIRE(renderer.updateCells(map, cells, problems));
    CHECK(differingPixels(drawn(renderer, rt, view, {}), before) > 0);
    isostar::render::MapRenderer fresh;
    REQUIRE(fresh.load(map, problems));
    CHECK(differingPixels(drawn(renderer, rt, view, {}), drawn(fresh, rt, view, {})) == 0);
}

TEST_CASE("an edit that changes which layers are depth-sorted still draws as a fresh load", "[render][gl][update]")
{
    keepGlContextAlive();
    isostar::map::MapData map = loadMapFile(std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/wall_iso.tmx");
    std::vector<isostar::Diagnostic> problems;
    isostar::render::MapRenderer renderer;
    REQUIRE(renderer.load(map, problems));
    sf::RenderTexture rt;
    REQUIRE(rt.create(96, 64));
    const sf::View view(sf::FloatRect(0, -16, 96, 64));
    const sf::Texture unitTexture = solidTexture(8, 8, sf::Color(255, 0, 255));
    isostar::render::SpriteItem unit;
    unit.texture = &unitTexture;
    unit.rect = {0, 0, 8, 8};
    unit.tile = {1.5, 0.5}; // behind the wall when there is one
    const isostar::iso::WorldPos feet = renderer.projection().tileToWorld(unit.tile);
    unit.feet = {feet.x, feet.y};
    unit.origin = {4.f, 8.f};
    const std::vector<isostar::render::SpriteItem> sprites{unit};
    const TileCoord cells[2] = {{1, 1}, {2, 1}};
    for (const isostar::map::Gid gid : {0u, 3u, 1u, 4u}) {
        INFO("gid " << gid);
        setGid(map, 1, {1, 1}, gid); // the wall goes (the walls layer becomes ground), comes back, ...
        setGid(map, 1, {2, 1}, gid == 1 ? 2 : 0);
        REQUIRE(renderer.updateCells(map, cells, problems));
        CHECK(renderer.mesh().layers[1].pass ==
              (gid >= 3 ? isostar::render::LayerPass::Sorted : isostar::render::LayerPass::Ground));
        isostar::render::MapRenderer fresh;
        REQUIRE(fresh.load(map, problems));
        CHECK(differingPixels(drawn(renderer, rt, view, sprites), drawn(fresh, rt, view, sprites)) == 0);
    }
}

TEST_CASE("updateCells of 5 cells on the valley: time (printed, not checked)", "[.][bench][render][gl][update]")
{
    keepGlContextAlive();
    isostar::map::MapData map = loadMapFile(kValley);
    std::vector<isostar::Diagnostic> problems;
    isostar::render::MapRenderer renderer;
    REQUIRE(renderer.load(map, problems));
    std::mt19937 rng(3);
    auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int runs = 400;
    std::vector<double> us;
    std::size_t chunks = 0;
    for (int i = 0; i < runs; ++i) {
        const TileCoord c{uniform(1, map.width - 2), uniform(1, map.height - 2)};
        const std::vector<TileCoord> cells{c, {c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (const TileCoord& cell : cells)
            setGid(map, 1, cell, isostar::map::Gid(uniform(0, 69)));
        const auto t0 = std::chrono::steady_clock::now();
        REQUIRE(renderer.updateCells(map, cells, problems));
        const auto t1 = std::chrono::steady_clock::now();
        us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        chunks += renderer.rebuiltChunks();
    }
    std::vector<int> slowest(us.size());
    for (std::size_t i = 0; i < us.size(); ++i)
        slowest[i] = int(i);
    std::sort(slowest.begin(), slowest.end(), [&](int a, int b) { return us[std::size_t(a)] > us[std::size_t(b)]; });
    std::printf("slowest calls (index: us):");
    for (std::size_t i = 0; i < 5; ++i)
        std::printf(" %d: %.0f", slowest[i], us[std::size_t(slowest[i])]);
    std::printf("\n");
    std::sort(us.begin(), us.end());
    double sum = 0;
    for (double v : us)
        sum += v;
    std::printf("updateCells, 5 cells on valley.tmx: mean %.1f us, median %.1f us, p99 %.1f us, max %.1f us; "
                "%.2f chunks rebuilt per call\n",
                sum / runs, us[us.size() / 2], us[us.size() * 99 / 100], us.back(), double(chunks) / runs);
}
