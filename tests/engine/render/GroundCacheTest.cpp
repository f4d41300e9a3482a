// The ground cache through OpenGL (sf::RenderTexture): a map made of one flat-coloured
// exact-diamond tile (transparent corners, no extruded edge) shows no seam at any zoom from
// 0.25x to 4x; drawn tile by tile (cache off) the same views do show seams (so the check can
// fail); the cache follows animation frames of ground tiles and is the direct picture at 1:1.
// Run under xvfb-run without a display.
#include "engine/map/MapLoader.hpp"
#include "engine/render/MapRenderer.hpp"
#include "GlKeepAlive.hpp"

#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTexture.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

const sf::Color kTile(200, 120, 40);
const sf::Color kTile2(40, 90, 210);
const sf::Color kBackground(0, 0, 0);
constexpr int kTileW = 64, kTileH = 32, kCells = 24;

/// A diamond tile image: texels whose centre lies inside the inscribed diamond are `c`, the
/// rest transparent white (so a transparent texel drawn without blending shows as a light dash).
void paintDiamond(sf::Image& img, unsigned left, sf::Color c)
{
    for (int y = 0; y < kTileH; ++y)
        for (int x = 0; x < kTileW; ++x) {
            const double d = std::abs(x + 0.5 - kTileW / 2.0) / (kTileW / 2.0) + std::abs(y + 0.5 - kTileH / 2.0) / (kTileH / 2.0);
            img.setPixel(left + unsigned(x), unsigned(y), d < 1.0 ? c : sf::Color(255, 255, 255, 0));
        }
}

/// Writes a kCells x kCells isometric map filled with tile 0 of a two-tile diamond tileset
/// (tile 1 another colour; `animated`: tile 0 alternates with tile 1 every 100 ms) and loads it.
isostar::map::MapData flatDiamondMap(bool animated)
{
    const fs::path dir = fs::temp_directory_path() / ("isostar_groundcache_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    sf::Image img;
    img.create(2 * kTileW, kTileH, sf::Color::Transparent);
    paintDiamond(img, 0, kTile);
    paintDiamond(img, kTileW, kTile2);
    REQUIRE(img.saveToFile((dir / "diamond.png").string()));
    std::string csv;
    for (int i = 0; i < kCells * kCells; ++i) {
        if (i > 0)
            csv += ',';
        csv += '1';
    }
    const std::string anim = animated ? "  <tile id=\"0\"><animation><frame tileid=\"0\" duration=\"100\"/>"
                                        "<frame tileid=\"1\" duration=\"100\"/></animation></tile>\n"
                                      : "";
    const fs::path tmx = dir / (animated ? "animated.tmx" : "flat.tmx");
    std::ofstream(tmx) << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<map version=\"1.8\" orientation=\"isometric\" renderorder=\"right-down\" width=\""
                       << kCells << "\" height=\"" << kCells << "\" tilewidth=\"" << kTileW << "\" tileheight=\"" << kTileH
                       << "\" infinite=\"0\" nextlayerid=\"2\" nextobjectid=\"1\">\n"
                          " <tileset firstgid=\"1\" name=\"diamond\" tilewidth=\"64\" tileheight=\"32\" tilecount=\"2\" columns=\"2\">\n"
                          "  <image source=\"diamond.png\" width=\"128\" height=\"32\"/>\n"
                       << anim
                       << " </tileset>\n"
                          " <layer id=\"1\" name=\"ground\" width=\""
                       << kCells << "\" height=\"" << kCells << "\">\n  <data encoding=\"csv\">\n"
                       << csv << "\n</data>\n </layer>\n</map>\n";
    auto map = isostar::map::loadMap(tmx.string());
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    return std::move(map).value();
}

/// Draws `renderer` into `rt` at magnification `zoom` (screen pixels per world pixel) around
/// world point `centre`, over kBackground.
sf::Image drawAt(isostar::render::MapRenderer& renderer, sf::RenderTexture& rt, sf::Vector2f centre, float zoom,
                 isostar::render::DrawStats& stats)
{
    const sf::Vector2f size(float(rt.getSize().x), float(rt.getSize().y));
    rt.setView(sf::View(centre, size / zoom));
    rt.clear(kBackground);
    renderer.draw(rt, {}, {}, stats);
    rt.display();
    return rt.getTexture().copyToImage();
}

struct Seams {
    long long inside = 0;    ///< pixels checked (well inside the map)
    long long differing = 0; ///< of those, pixels that are not the tile's colour
};

/// Pixels of `img` whose centre lies inside the map's diamond by at least 0.1 cell, compared
/// with `expected` (the map edge itself is left out: there the tile meets the background).
Seams seams(const sf::Image& img, const isostar::iso::Projection& proj, sf::Vector2f centre, float zoom, sf::Color expected)
{
    Seams s;
    const sf::Vector2u size = img.getSize();
    for (unsigned y = 0; y < size.y; ++y)
        for (unsigned x = 0; x < size.x; ++x) {
            const float wx = float(centre.x + (x + 0.5 - size.x / 2.0) / zoom);
            const float wy = float(centre.y + (y + 0.5 - size.y / 2.0) / zoom);
            const isostar::TilePos t = proj.worldToTile({wx, wy});
            const double m = 0.1;
            if (t.x < m || t.y < m || t.x > kCells - m || t.y > kCells - m)
                continue;
            ++s.inside;
            s.differing += img.getPixel(x, y) != expected ? 1 : 0;
        }
    return s;
}

const float kZooms[] = {0.25f, 0.43f, 0.5f, 0.75f, 1.52f, 2.f, 3.3f, 4.f};

} // namespace

TEST_CASE("flat exact-diamond ground has no seam at any zoom from 0.25x to 4x", "[render][gl][cache]")
{
    keepGlContextAlive();
    const isostar::map::MapData map = flatDiamondMap(false);
    isostar::render::MapRenderer renderer;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(renderer.load(map, problems));
    REQUIRE(renderer.groundCache());
    sf::RenderTexture rt;
    REQUIRE(rt.create(320, 200));
    const isostar::iso::WorldPos mid = renderer.projection().cellCenter({kCells / 2, kCells / 2});
    // Centres on, off and between whole pixels; at 0.25x the whole map is in view with its edges.
    for (const sf::Vector2f centre : {sf::Vector2f(float(mid.x), float(mid.y)), sf::Vector2f(float(mid.x) + 0.37f, float(mid.y) + 5.81f),
                                      sf::Vector2f(float(mid.x) - 133.5f, float(mid.y) + 41.25f)})
        for (const float zoom : kZooms) {
            INFO("zoom " << zoom << "x, centre " << centre.x << "," << centre.y);
            isostar::render::DrawStats stats;
            const sf::Image img = drawAt(renderer, rt, centre, zoom, stats);
            const Seams s = seams(img, renderer.projection(), centre, zoom, kTile);
            CHECK(s.inside > 20000);
            CHECK(s.differing == 0);
            CHECK(stats.groundTilesDrawn > 0);
        }
}

TEST_CASE("drawn tile by tile (cache off) the same ground shows seams: the check can fail", "[render][gl][cache]")
{
    keepGlContextAlive();
    const isostar::map::MapData map = flatDiamondMap(false);
    isostar::render::MapRenderer renderer;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(renderer.load(map, problems));
    renderer.setGroundCache(false);
    sf::RenderTexture rt;
    REQUIRE(rt.create(320, 200));
    const isostar::iso::WorldPos mid = renderer.projection().cellCenter({kCells / 2, kCells / 2});
    const sf::Vector2f centre(float(mid.x) + 0.37f, float(mid.y) + 5.81f);
    int zoomsWithSeams = 0;
    for (const float zoom : kZooms) {
        isostar::render::DrawStats stats;
        const sf::Image img = drawAt(renderer, rt, centre, zoom, stats);
        CHECK(stats.groundTilesDrawn == 0);
        zoomsWithSeams += seams(img, renderer.projection(), centre, zoom, kTile).differing > 0 ? 1 : 0;
    }
    CHECK(zoomsWithSeams >= 4);
}

TEST_CASE("at 1:1 the cached ground is the direct picture, and a second frame paints nothing", "[render][gl][cache]")
{
    keepGlContextAlive();
    for (const std::string& path : {std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx",
                                   std::string(ISOSTAR_SOURCE_DIR) + "/maps/seed/road.tmx"}) {
        INFO(path);
        auto loaded = isostar::map::loadMap(path);
        INFO(isostar::formatDiagnostics(loaded.diagnostics()));
        REQUIRE(loaded);
        isostar::render::MapRenderer cached, direct;
        std::vector<isostar::Diagnostic> problems;
        REQUIRE(cached.load(loaded.value(), problems));
        REQUIRE(direct.load(loaded.value(), problems));
        direct.setGroundCache(false);
        sf::RenderTexture rt;
        REQUIRE(rt.create(640, 360));
        const sf::FloatRect b = cached.worldBounds();
        // The map's middle (all ground) and its top-left corner (ground meets the background).
        for (const sf::Vector2f centre : {sf::Vector2f(std::round(b.left + b.width / 2), std::round(b.top + b.height / 2)),
                                          sf::Vector2f(std::round(b.left + b.width / 4), std::round(b.top + b.height / 4))}) {
            isostar::render::DrawStats s1, s2, s3;
            const sf::Image a = drawAt(cached, rt, centre, 1.f, s1);
            const sf::Image again = drawAt(cached, rt, centre, 1.f, s2);
            const sf::Image d = drawAt(direct, rt, centre, 1.f, s3);
            CHECK(s1.groundTilesRendered > 0);
            CHECK(s2.groundTilesRendered == 0);
            CHECK(s2.groundChunksDrawn == 0);
            CHECK(s2.groundTilesDrawn == s1.groundTilesDrawn);
            long long differing = 0;
            for (unsigned y = 0; y < a.getSize().y; ++y)
                for (unsigned x = 0; x < a.getSize().x; ++x)
                    differing += a.getPixel(x, y) != d.getPixel(x, y) || again.getPixel(x, y) != d.getPixel(x, y) ? 1 : 0;
            CHECK(differing == 0);
        }
    }
}

TEST_CASE("cached ground follows the frames of animated ground tiles", "[render][gl][cache]")
{
    keepGlContextAlive();
    const isostar::map::MapData map = flatDiamondMap(true);
    isostar::render::MapRenderer renderer;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(renderer.load(map, problems));
    sf::RenderTexture rt;
    REQUIRE(rt.create(320, 200));
    const isostar::iso::WorldPos mid = renderer.projection().cellCenter({kCells / 2, kCells / 2});
    const sf::Vector2f centre(float(mid.x), float(mid.y));
    for (const float zoom : {1.f, 0.43f, 2.f}) {
        INFO("zoom " << zoom);
        isostar::render::DrawStats stats;
        const sf::Color expected = renderer.animationTimeMs() % 200 < 100 ? kTile : kTile2;
        const sf::Image first = drawAt(renderer, rt, centre, zoom, stats);
        CHECK(seams(first, renderer.projection(), centre, zoom, expected).differing == 0);
        renderer.update(0.1f); // the next frame of the animation
        const sf::Image next = drawAt(renderer, rt, centre, zoom, stats);
        CHECK(stats.groundTilesRendered > 0);
        const sf::Color other = expected == kTile ? kTile2 : kTile;
        const Seams s = seams(next, renderer.projection(), centre, zoom, other);
        CHECK(s.inside > 0);
        CHECK(s.differing == 0);
    }
}
