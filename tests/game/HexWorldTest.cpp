// Worlds of hexagonal maps: played on Tiled's own cells, the cell under the pointer is the
// hexagon (centre, near every edge and corner) on all four stagger layouts, the hex scene's
// party and wall where the map puts them (a party object of size 2 plays as one cell), the
// view's shapes are hexagons.

#include "game/view/Draw.hpp"
#include "game/world/World.hpp"
#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

game::World loadHexWorld(const std::string& path)
{
    auto w = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/" + path, "", ""});
    INFO(isostar::formatDiagnostics(w.diagnostics()));
    REQUIRE(w);
    return std::move(w).value();
}

struct Point {
    float x, y;
};

} // namespace

TEST_CASE("hexagonal world: clicking the centre and near the edges of a hexagon picks it, on all four layouts")
{
    for (const char* stem : {"hex_x_odd", "hex_x_even", "hex_y_odd", "hex_y_even"}) {
        CAPTURE(stem);
        const game::World w = loadHexWorld(std::string("tests/data/hex/") + stem + ".tmx");
        REQUIRE(w.projection.orientation() == isostar::iso::Orientation::Hexagonal);
        CHECK(w.nav.width() == 7);
        CHECK(w.nav.height() == 6);
        const bool axisX = stem[4] == 'x';
        const bool even = std::string(stem).find("even") != std::string::npos;
        // Tiled's HexagonalRenderer for 16x16 cells with sides of 8 (written out here): the
        // bounding box of cell (x, y) and its hexagon's corners.
        const float t = 16.f, side = 8.f, off = (t - side) / 2.f, step = off + side;
        for (int y = 0; y < 6; ++y)
            for (int x = 0; x < 7; ++x) {
                CAPTURE(x, y);
                const bool shifted = ((axisX ? x : y) % 2 == 1) != even;
                const float left = axisX ? x * step : x * t + (shifted ? t / 2 : 0.f);
                const float top = axisX ? y * t + (shifted ? t / 2 : 0.f) : y * step;
                const Point ctr{left + t / 2, top + t / 2};
                std::vector<Point> corners;
                if (axisX)
                    corners = {{left, top + t / 2}, {left + off, top}, {left + off + side, top},
                               {left + t, top + t / 2}, {left + off + side, top + t}, {left + off, top + t}};
                else
                    corners = {{left, top + off}, {left + t / 2, top}, {left + t, top + off},
                               {left + t, top + off + side}, {left + t / 2, top + t}, {left, top + off + side}};
                const auto pickAt = [&](Point p) { return w.projection.pick({p.x, p.y}); };
                CHECK(pickAt(ctr) == isostar::TileCoord{x, y});
                for (std::size_t i = 0; i < corners.size(); ++i) {
                    const Point a = corners[i], b = corners[(i + 1) % corners.size()];
                    // One pixel inside the middle of the edge, and one inside the corner.
                    const Point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
                    const float dm = std::hypot(ctr.x - mid.x, ctr.y - mid.y);
                    CHECK(pickAt({mid.x + (ctr.x - mid.x) / dm, mid.y + (ctr.y - mid.y) / dm}) == isostar::TileCoord{x, y});
                    const float dc = std::hypot(ctr.x - a.x, ctr.y - a.y);
                    CHECK(pickAt({a.x + 1.5f * (ctr.x - a.x) / dc, a.y + 1.5f * (ctr.y - a.y) / dc}) ==
                          isostar::TileCoord{x, y});
                }
                // A corner of the bounding box is not in the hexagon (the box would say it is).
                CHECK(pickAt({left + 0.5f, top + 0.5f}) != isostar::TileCoord{x, y});
            }
    }
}

TEST_CASE("hexagonal world: overlay shapes are the cell's hexagon")
{
    const game::World w = loadHexWorld("tests/data/hex/hex_y_odd.tmx");
    sf::VertexArray va(sf::Triangles);
    game::addDiamond(va, w.projection, {2, 3}, sf::Color::White);
    REQUIRE(va.getVertexCount() == 12); // four triangles
    // They cover the hexagon: its area, 16 x 16 less the four corner triangles of 8 x 4.
    double area = 0.0;
    for (std::size_t i = 0; i < va.getVertexCount(); i += 3) {
        const sf::Vector2f a = va[i].position, b = va[i + 1].position, c = va[i + 2].position;
        area += std::abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2.0;
    }
    CHECK(area == Approx(16.0 * 16.0 - 4.0 * 8.0 * 4.0 / 2.0));
    sf::VertexArray ring(sf::Triangles);
    game::addDiamondRing(ring, w.projection, {2, 3}, sf::Color::White);
    CHECK(ring.getVertexCount() == 6 * 6); // a band along each of the six sides
}

TEST_CASE("the hex scene: its party, its wall with one gap, its terrain")
{
    const game::World w = loadHexWorld("maps/hex.tmx");
    CHECK(w.map.orientation == isostar::map::Orientation::Hexagonal);
    REQUIRE(w.party.size() == 4);
    CHECK(w.party[0].name == "knight");
    CHECK(w.party[0].tile == isostar::TileCoord{1, 5});
    // The wall's cells are impassable, the road through its gap is not.
    for (const isostar::TileCoord c : {isostar::TileCoord{8, 0}, {9, 3}, {11, 7}, {13, 10}, {14, 13}})
        CHECK_FALSE(w.nav.passable(0, c));
    for (const isostar::TileCoord c : {isostar::TileCoord{11, 8}, {12, 8}, {12, 9}})
        CHECK(w.nav.passable(0, c));
    const std::vector<std::string> lines = w.explain({8, 0}, 0);
    REQUIRE_FALSE(lines.empty());
    INFO(lines.front());
    CHECK(lines.front().rfind("cell (8,0): ", 0) == 0);
    CHECK(lines.front().find("wall") != std::string::npos);
}

TEST_CASE("the hex scene: a party object of size 2 plays as one cell, with a warning")
{
    // A copy of maps/hex.tmx whose knight asks for a 2x2 footprint (tilesets by absolute path).
    std::ifstream in(std::string(ISOSTAR_SOURCE_DIR) + "/maps/hex.tmx");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string assets = std::string("source=\"") + ISOSTAR_SOURCE_DIR + "/assets/";
    for (std::size_t at = text.find("source=\"../assets/"); at != std::string::npos;
         at = text.find("source=\"../assets/", at))
        text.replace(at, std::string("source=\"../assets/").size(), assets);
    const std::string knight = "name=\"knight\" type=\"party\" x=\"128\" y=\"204\">";
    const std::size_t k = text.find(knight);
    REQUIRE(k != std::string::npos);
    text.insert(k + knight.size(), "\n   <properties><property name=\"size\" type=\"int\" value=\"2\"/></properties>");
    const testsupport::TempDir dir("hex_size");
    std::ofstream(dir.file("hex.tmx")) << text;
    auto loaded = game::loadWorld({dir.file("hex.tmx"), "", ""});
    INFO(isostar::formatDiagnostics(loaded.diagnostics()));
    REQUIRE(loaded);
    const game::World w = std::move(loaded).value();
    REQUIRE_FALSE(w.party.empty());
    CHECK(w.party.front().name == "knight");
    CHECK(w.unitSize(w.party.front()) == 1);
    bool warned = false;
    for (const isostar::Diagnostic& d : w.warnings)
        warned = warned || d.message.find("size 2 on a hexagonal map: units bigger than a cell need a square grid, "
                                          "it plays as size 1") != std::string::npos;
    CHECK(warned);
}
