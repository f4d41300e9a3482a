// A lazy MapRenderer (Options::lazyChunks) draws pixel for pixel what an eager one draws: for
// views anywhere on a big map, after its budget made it drop chunks, and after edits of cells
// whose chunks were built or not. Run under xvfb-run without a display.
#include "engine/map/MapLoader.hpp"
#include "engine/render/MapRenderer.hpp"
#include "engine/render/ViewRect.hpp"
#include "GlKeepAlive.hpp"

#include <catch2/catch.hpp>

#include <SFML/Graphics/RenderTexture.hpp>

#include <random>
#include <string>
#include <vector>

using isostar::TileCoord;

namespace {

isostar::map::MapData lazyTestMap(const std::string& name)
{
    auto map = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/maps/" + name);
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    return std::move(map).value();
}

/// Draws `renderer` (prepared first when lazy) into `rt` with a 320x180 view centred on `cell`.
sf::Image lazyTestDraw(isostar::render::MapRenderer& renderer, sf::RenderTexture& rt, TileCoord cell)
{
    const isostar::iso::WorldPos c = renderer.projection().cellCenter(cell);
    rt.setView(sf::View({c.x, c.y}, {320.f, 180.f}));
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(renderer.prepare(isostar::render::viewRect(rt), problems));
    rt.clear(sf::Color(10, 20, 30));
    renderer.draw(rt, {});
    rt.display();
    return rt.getTexture().copyToImage();
}

long long lazyTestDiff(const sf::Image& a, const sf::Image& b)
{
    REQUIRE(a.getSize() == b.getSize());
    long long n = 0;
    for (unsigned y = 0; y < a.getSize().y; ++y)
        for (unsigned x = 0; x < a.getSize().x; ++x)
            n += a.getPixel(x, y) != b.getPixel(x, y) ? 1 : 0;
    return n;
}

isostar::render::MapRenderer::Options lazyOptions(std::size_t budget)
{
    isostar::render::MapRenderer::Options o;
    o.lazyChunks = true;
    o.lazyChunkBudget = budget;
    return o;
}

} // namespace

TEST_CASE("a lazy renderer draws as an eager one anywhere on a big map, within its chunk budget",
          "[render][gl][lazy]")
{
    keepGlContextAlive();
    const isostar::map::MapData map = lazyTestMap("valley504.tmx");
    isostar::render::MapRenderer eager, lazy;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(eager.load(map, problems));
    REQUIRE(lazy.load(map, problems, lazyOptions(40)));
    CHECK(lazy.builtChunks() == 0);  // nothing until a view needs it
    const std::size_t all = eager.builtChunks();
    CHECK(all == 2 * 32 * 32);
    CHECK(lazy.worldBounds().contains(eager.worldBounds().left, eager.worldBounds().top));
    sf::RenderTexture rt;
    REQUIRE(rt.create(320, 180));
    // The first camp, a forest, a seam, the far corner, and back to the camp (its chunks were
    // dropped meanwhile and are built again).
    for (const TileCoord cell : {TileCoord{12, 58}, TileCoord{250, 260}, TileCoord{143, 119}, TileCoord{503, 503},
                                 TileCoord{0, 0}, TileCoord{12, 58}}) {
        INFO("view centred on cell " << cell.x << "," << cell.y);
        CHECK(lazyTestDiff(lazyTestDraw(lazy, rt, cell), lazyTestDraw(eager, rt, cell)) == 0);
        CHECK(lazy.builtChunks() <= 40 + 24);  // the budget, plus what this view needs
    }
    CHECK(lazy.builtChunks() < all / 10);
}

TEST_CASE("a lazy renderer follows edits of built and unbuilt chunks as an eager one", "[render][gl][lazy]")
{
    keepGlContextAlive();
    isostar::map::MapData map = lazyTestMap("valley.tmx");
    isostar::render::MapRenderer lazy;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(lazy.load(map, problems, lazyOptions(6)));
    sf::RenderTexture rt;
    REQUIRE(rt.create(320, 180));
    lazyTestDraw(lazy, rt, {10, 10});  // some chunks built, most not
    std::mt19937 rng(7u);
    const isostar::map::Gid grass = map.layers.at(0).tiles.at(30, 30);
    const isostar::map::Gid tree = map.layers.at(1).tiles.at(0, 0) != 0 ? map.layers.at(1).tiles.at(0, 0) : 0;
    std::vector<TileCoord> cells;
    for (int k = 0; k < 40; ++k) {
        const TileCoord c{int(rng() % unsigned(map.width)), int(rng() % unsigned(map.height))};
        cells.push_back(c);
        isostar::map::TileGrid& ground = map.layers.at(0).tiles;
        isostar::map::TileGrid& over = map.layers.at(1).tiles;
        ground.gids.at(std::size_t(c.y) * std::size_t(ground.width) + std::size_t(c.x)) = grass;
        over.gids.at(std::size_t(c.y) * std::size_t(over.width) + std::size_t(c.x)) = k % 2 ? tree : 0;
    }
    REQUIRE(lazy.updateCells(map, cells, problems));
    isostar::render::MapRenderer fresh;
    REQUIRE(fresh.load(map, problems));
    for (const TileCoord cell : {cells[0], cells[1], cells[7], TileCoord{10, 10}, cells[20], cells[39]}) {
        INFO("view centred on cell " << cell.x << "," << cell.y);
        CHECK(lazyTestDiff(lazyTestDraw(lazy, rt, cell), lazyTestDraw(fresh, rt, cell)) == 0);
    }
}
