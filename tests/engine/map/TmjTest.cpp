// engine/map: Tiled's JSON formats (.tmj/.tsj/.tj). The .tmj fixtures were exported from the
// .tmx fixtures by Tiled 1.8.2 itself (`tiled --export-map json`), so loading both must give the
// same MapData up to what the formats themselves differ in.

#include "tests/engine/map/MapTestUtil.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace isostar::map;
using maptest::load;

namespace {

void normalise(Properties& props)
{
    // JSON sorts properties by name and drops class names Tiled does not know from a project.
    std::sort(props.begin(), props.end(), [](const Property& a, const Property& b) { return a.name < b.name; });
    for (Property& p : props) {
        p.propertyType.clear();
        normalise(p.members);
    }
}

void normalise(std::vector<Layer>& layers)
{
    for (Layer& l : layers) {
        normalise(l.properties);
        l.encoding.clear();
        for (Object& o : l.objects) {
            normalise(o.properties);
            o.templatePath.clear();
        }
        normalise(l.layers);
    }
}

/// What may differ between a .tmx and its .tmj export: paths, format versions, property order.
MapData normalised(MapData m)
{
    m.path.clear();
    m.version.clear();
    normalise(m.properties);
    for (Tileset& ts : m.tilesets) {
        ts.source.clear();
        normalise(ts.properties);
        for (TileInfo& t : ts.tiles)
            normalise(t.properties);
    }
    normalise(m.layers);
    return m;
}

} // namespace

TEST_CASE("TMJ exports load to the same data as their TMX originals", "[map][tmj]")
{
    for (const char* name : {"ortho_csv", "base64_zlib", "flips", "objects", "iso_objects",
                             "infinite", "groups", "template"}) {
        INFO(name);
        const MapData tmx = load(std::string("tests/data/map/") + name + ".tmx");
        const MapData tmj = load(std::string("tests/data/map/") + name + ".tmj");
        CHECK(tmj.path == std::string("tests/data/map/") + name + ".tmj");
        CHECK(normalised(tmx) == normalised(tmj));
    }
}

TEST_CASE("a TMJ map with a TSJ tileset and a TJ template", "[map][tmj]")
{
    const MapData csv = load("tests/data/map/ortho_csv.tmj");
    REQUIRE(csv.tilesets.size() == 1);
    CHECK(csv.tilesets[0].source == "tests/data/map/tiles.tsj");
    CHECK(csv.tilesets[0].image == "tests/data/images/terrain.png");
    CHECK(csv.tilesets[0].tileCount == 8);
    CHECK(csv.tilesets[0].wangSets.at(0).tiles.size() == 3);
    CHECK(csv.layers.at(0).tiles.gids.at(4) == 5);

    const MapData t = load("tests/data/map/template.tmj");
    const Object& tree = t.layers.at(0).objects.at(0);
    CHECK(tree.templatePath == "tests/data/map/templates/tree.tj");
    CHECK(tree.gid == 8);
    CHECK(tree.className == "obstacle");
    CHECK(propertyString(tree.properties, "blocks") == "true");
    CHECK(t.layers.at(0).objects.at(2).templatePath == "tests/data/map/templates/marker.tx");

    auto ts = loadTileset("tests/data/map/tiles.tsj");
    REQUIRE(ts.ok());
    CHECK(ts.value().name == "terrain");
    CHECK(ts.value().findTile(5)->animation.size() == 2);
}

TEST_CASE("TSJ and TSX tilesets carry wang sets and tile classes alike (class and the older type)", "[map][tmj]")
{
    // names.tsx/.tsj: corner, mixed and edge wang sets; tile 5 `class`, tile 6 Tiled 1.8's `type`.
    const MapData tmx = load("tests/data/terrain/names/names.tmx");
    const MapData tmj = load("tests/data/terrain/names/names.tmj");
    REQUIRE(tmx.tilesets.size() == 1);
    REQUIRE(tmj.tilesets.size() == 1);
    const Tileset& x = tmx.tilesets[0];
    const Tileset& j = tmj.tilesets[0];
    REQUIRE(x.wangSets.size() == 3);
    CHECK(x.wangSets == j.wangSets);
    CHECK(x.wangSets[0].type == WangSetType::Corner);
    CHECK(x.wangSets[1].type == WangSetType::Mixed);
    CHECK(x.wangSets[2].type == WangSetType::Edge);
    CHECK(x.wangSets[0].colors.at(3).name == "Lake");
    CHECK(x.wangSets[1].tiles.at(0).wangId[7] == 2);
    CHECK(x.tiles == j.tiles);
    REQUIRE(x.findTile(5));
    CHECK(x.findTile(5)->className == "Road");
    REQUIRE(j.findTile(6));
    CHECK(j.findTile(6)->className == "wall");
    CHECK(x.findTile(6)->className == "wall");
    CHECK(normalised(tmx) == normalised(tmj));
}
