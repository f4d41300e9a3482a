// engine/map/MapEnums: Tiled's keyword attributes <-> enums, one table each; loaders convert at
// load time and report unknown spellings.

#include "engine/map/MapEnums.hpp"
#include "tests/engine/map/MapTestUtil.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace isostar::map;

TEST_CASE("every keyword enum round-trips through its Tiled spelling", "[map][enums]")
{
    for (int i = 0; i <= int(ObjectAlignment::BottomRight); ++i) {
        const auto a = ObjectAlignment(i);
        CHECK(parseObjectAlignment(toString(a)) == a);
    }
    CHECK(toString(ObjectAlignment::BottomLeft) == "bottomleft");
    CHECK(parseTileRenderSize("grid") == TileRenderSize::Grid);
    CHECK(toString(TileRenderSize::Tile) == "tile");
    CHECK(parseFillMode("preserve-aspect-fit") == FillMode::PreserveAspectFit);
    CHECK(toString(FillMode::Stretch) == "stretch");
    CHECK(parseDrawOrder("index") == DrawOrder::Index);
    CHECK(toString(DrawOrder::TopDown) == "topdown");
    CHECK(parseHorizontalAlign("justify") == HorizontalAlign::Justify);
    CHECK(toString(VerticalAlign::Center) == "center");
    CHECK_FALSE(parseObjectAlignment("Middle"));
    CHECK_FALSE(parseDrawOrder("TopDown")); // Tiled writes lower case only
    CHECK_FALSE(parseVerticalAlign(""));
}

TEST_CASE("alignmentFraction: Tiled's unspecified alignment depends on the orientation", "[map][enums]")
{
    CHECK(alignmentFraction(ObjectAlignment::Unspecified, Orientation::Orthogonal) == Vec2{0.0, 1.0});
    CHECK(alignmentFraction(ObjectAlignment::Unspecified, Orientation::Isometric) == Vec2{0.5, 1.0});
    CHECK(alignmentFraction(ObjectAlignment::Unspecified, Orientation::Staggered) == Vec2{0.0, 1.0});
    CHECK(alignmentFraction(ObjectAlignment::TopRight, Orientation::Isometric) == Vec2{1.0, 0.0});
    CHECK(alignmentFraction(ObjectAlignment::Center, Orientation::Orthogonal) == Vec2{0.5, 0.5});
}

TEST_CASE("loaded maps carry the keywords as enums", "[map][enums]")
{
    const MapData m = maptest::load("tests/data/map/iso_tile_object.tmx");
    REQUIRE_FALSE(m.tilesets.empty());
    CHECK(m.tilesets[0].objectAlignment == ObjectAlignment::Unspecified);
    CHECK(m.tilesets[0].tileRenderSize == TileRenderSize::Tile);
    CHECK(m.tilesets[0].fillMode == FillMode::Stretch);
}

namespace {

std::string writeTemp(const std::string& name, const std::string& text)
{
    const std::filesystem::path p = std::filesystem::temp_directory_path() / ("isostar-map-enums-" + name);
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
}

const char* const kHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"2\" "
                          "height=\"1\" tilewidth=\"32\" tileheight=\"32\" infinite=\"0\">\n";

std::string keywordMap(const std::string& alignment, const std::string& drawOrder, const std::string& halign)
{
    return std::string(kHead) +
           " <tileset firstgid=\"1\" name=\"t\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"2\" columns=\"2\" "
           "objectalignment=\"" + alignment + "\" tilerendersize=\"grid\" fillmode=\"preserve-aspect-fit\">\n"
           "  <image source=\"t.png\" width=\"64\" height=\"32\"/>\n </tileset>\n"
           " <objectgroup id=\"1\" name=\"o\" draworder=\"" + drawOrder + "\">\n"
           "  <object id=\"1\" x=\"0\" y=\"0\" width=\"32\" height=\"32\"><text halign=\"" + halign +
           "\" valign=\"center\">hi</text></object>\n"
           " </objectgroup>\n</map>\n";
}

} // namespace

TEST_CASE("the loaders convert keywords at load time and name an unknown one", "[map][enums]")
{
    const std::string good = writeTemp("good.tmx", keywordMap("topright", "index", "justify"));
    auto r = loadMap(good);
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    const MapData& m = r.value();
    CHECK(m.tilesets[0].objectAlignment == ObjectAlignment::TopRight);
    CHECK(m.tilesets[0].tileRenderSize == TileRenderSize::Grid);
    CHECK(m.tilesets[0].fillMode == FillMode::PreserveAspectFit);
    CHECK(m.layers[0].drawOrder == DrawOrder::Index);
    CHECK(m.layers[0].objects[0].text.hAlign == HorizontalAlign::Justify);
    CHECK(m.layers[0].objects[0].text.vAlign == VerticalAlign::Center);

    const std::string bad = writeTemp("bad.tmx", keywordMap("middle", "sideways", "centre"));
    CHECK(isostar::formatDiagnostics(loadMap(bad).diagnostics()) ==
          bad + ":3: error: <tileset>: attribute \"objectalignment\" has an unknown value \"middle\"\n" +
          bad + ":6: error: <objectgroup>: attribute \"draworder\" has an unknown value \"sideways\"\n" +
          bad + ":7: error: <text>: attribute \"halign\" has an unknown value \"centre\"\n");

    const std::string json = writeTemp(
        "bad.tmj", "{ \"type\":\"map\", \"orientation\":\"orthogonal\", \"renderorder\":\"right-down\", \"width\":1, "
                   "\"height\":1, \"tilewidth\":32, \"tileheight\":32, \"infinite\":false, \"tilesets\":[],\n"
                   " \"layers\":[ { \"type\":\"objectgroup\", \"name\":\"o\", \"draworder\":\"sideways\", \"objects\":[] } ] }\n");
    CHECK(isostar::formatDiagnostics(loadMap(json).diagnostics()) ==
          json + ": error: layers[0].draworder: unknown value \"sideways\"\n");
}
