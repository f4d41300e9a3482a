// Every shipped map: loads with isostar::map, names a known terrain on every placed tile, finds
// every image it uses, has its objects, and renders with Tiled's tmxrasterizer where installed.
// The seed maps also keep showing what the article shows under the default rules.

#include "engine/map/MapLoader.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "engine/terrain/TerrainRules.hpp"
#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = ISOSTAR_SOURCE_DIR;

std::vector<fs::path> shippedMaps()
{
    std::vector<fs::path> maps;
    for (const auto& e : fs::recursive_directory_iterator(kRoot / "maps"))
        if (e.is_regular_file() && (e.path().extension() == ".tmx" || e.path().extension() == ".tmj"))
            maps.push_back(e.path());
    std::sort(maps.begin(), maps.end());
    return maps;
}

isostar::map::MapData load(const fs::path& p)
{
    auto r = isostar::map::loadMap(p.string());
    INFO(p.string() << ":\n" << (r ? std::string() : isostar::formatDiagnostics(r.diagnostics())));
    REQUIRE(r);
    return std::move(r).value();
}

/// The terrain of the topmost tile at a cell (empty when none).
std::string topTerrain(const isostar::map::MapData& m, int x, int y)
{
    std::string t;
    isostar::map::forEachLayer(m.layers, [&](const isostar::map::Layer& l) {
        if (l.type != isostar::map::LayerType::Tile || x >= l.tiles.width || y >= l.tiles.height)
            return;
        const isostar::map::Gid g = l.tiles.at(x, y);
        if (const isostar::map::TileInfo* info = g ? m.tileInfo(g) : nullptr) {
            const std::string s = isostar::map::propertyString(info->properties, "terrain");
            if (!s.empty())
                t = s;
        }
    });
    return t;
}

std::optional<isostar::TileCoord> objectCell(const isostar::map::MapData& m, const std::string& name)
{
    std::optional<isostar::TileCoord> out;
    isostar::map::forEachLayer(m.layers, [&](const isostar::map::Layer& l) {
        for (const isostar::map::Object& o : l.objects)
            if (o.name == name && !out) {
                const isostar::TilePos p = isostar::map::objectToTile(m, o.x, o.y);
                out = isostar::TileCoord{int(std::floor(p.x)), int(std::floor(p.y))};
            }
    });
    return out;
}

struct Solved {
    isostar::map::MapData map;
    isostar::path::PathResult result;
};

/// Start-to-goal path under the map's own terrain config (the seed maps use the built-in one).
Solved solve(const std::string& rel)
{
    Solved s{load(kRoot / rel), {}};
    auto cfg = isostar::terrain::resolveTerrainConfig(s.map);
    REQUIRE(cfg);
    isostar::terrain::TerrainField field;
    field.build(isostar::terrain::terrainGridFromMap(s.map), cfg.value().config.base);
    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(field.costField(), field.rules().movement));
    const auto start = objectCell(s.map, "start"), goal = objectCell(s.map, "goal");
    REQUIRE(start);
    REQUIRE(goal);
    finder.findPath(*start, *goal, s.result);
    REQUIRE(s.result.status == isostar::path::PathStatus::Found);
    return s;
}

std::vector<isostar::TileCoord> cellsWith(const isostar::map::MapData& m, const std::string& terrain)
{
    std::vector<isostar::TileCoord> out;
    for (int y = 0; y < m.height; ++y)
        for (int x = 0; x < m.width; ++x)
            if (topTerrain(m, x, y) == terrain)
                out.push_back({x, y});
    return out;
}

double minDistance(const std::vector<isostar::TileCoord>& path, isostar::TileCoord c)
{
    double d = 1e9;
    for (const isostar::TileCoord& p : path)
        d = std::min(d, std::hypot(double(p.x - c.x), double(p.y - c.y)));
    return d;
}

} // namespace

TEST_CASE("every shipped map loads and every placed tile names a known terrain", "[maps]")
{
    const std::vector<fs::path> maps = shippedMaps();
    REQUIRE(maps.size() >= 6);
    const isostar::terrain::TerrainConfig defaults = isostar::terrain::defaultTerrainConfig();
    for (const fs::path& p : maps) {
        INFO(p.string());
        const isostar::map::MapData m = load(p);
        // The hex scene (maps/hex.tmx) on 64x48 hexagons, the rest on 64x32 diamonds.
        const bool hex = p.filename() == "hex.tmx";
        CHECK(m.orientation == (hex ? isostar::map::Orientation::Hexagonal : isostar::map::Orientation::Isometric));
        CHECK(m.tileWidth == 64);
        CHECK(m.tileHeight == (hex ? 48 : 32));
        // Every image a tileset names exists.
        for (const isostar::map::Tileset& ts : m.tilesets) {
            INFO("tileset " << ts.name);
            if (!ts.isCollection())
                CHECK(fs::exists(ts.image));
            for (const isostar::map::TileInfo& t : ts.tiles)
                if (!t.image.empty())
                    CHECK(fs::exists(t.image));
        }
        // Every placed tile carries a `terrain` property the default rules know.
        int placed = 0;
        std::set<std::string> bad;
        isostar::map::forEachLayer(m.layers, [&](const isostar::map::Layer& l) {
            if (l.type != isostar::map::LayerType::Tile)
                return;
            for (isostar::map::Gid g : l.tiles.gids) {
                if (g == 0)
                    continue;
                ++placed;
                const isostar::map::TileInfo* info = m.tileInfo(g);
                const std::string t = info ? isostar::map::propertyString(info->properties, "terrain") : std::string();
                if (t.empty() || !defaults.base.find(t))
                    bad.insert("gid " + std::to_string(g) + " terrain '" + t + "'");
            }
        });
        CHECK(placed >= m.width * m.height);
        for (const std::string& b : bad)
            FAIL_CHECK(b);
    }
}

TEST_CASE("every tile of the generated tilesets names a terrain, roads and walls form edge wang sets", "[maps]")
{
    for (const char* name : {"assets/tiles/ground.tsx", "assets/tiles/tall.tsx"}) {
        INFO(name);
        auto r = isostar::map::loadTileset((kRoot / name).string());
        REQUIRE(r);
        const isostar::map::Tileset& ts = r.value();
        CHECK(int(ts.tiles.size()) == ts.tileCount);
        for (const isostar::map::TileInfo& t : ts.tiles)
            CHECK_FALSE(isostar::map::propertyString(t.properties, "terrain").empty());
        // The first set is the edge set (roads, walls); ground.tsx adds its corner blend sets
        // after it (tests/maps/BlendTest.cpp).
        REQUIRE(ts.wangSets.size() == (std::string(name) == "assets/tiles/ground.tsx" ? 7u : 1u));
        CHECK(ts.wangSets[0].type == isostar::map::WangSetType::Edge);
        CHECK(ts.wangSets[0].tiles.size() == 15); // every connected NESW variant
        for (std::size_t i = 1; i < ts.wangSets.size(); ++i)
            CHECK(ts.wangSets[i].type == isostar::map::WangSetType::Corner);
    }
    auto tall = isostar::map::loadTileset((kRoot / "assets/tiles/tall.tsx").string());
    REQUIRE(tall);
    int animated = 0;
    for (const isostar::map::TileInfo& t : tall.value().tiles)
        if (!t.animation.empty()) {
            ++animated;
            CHECK(isostar::map::propertyString(t.properties, "terrain") == "volcano_erupting");
            CHECK(t.animation.size() >= 2);
        }
    CHECK(animated == 1);

    // `connects` (assets/README.md): exactly the tiles a road joins without being a road carry
    // "road", which names ground.tsx's road terrain and its wang colour.
    auto ground = isostar::map::loadTileset((kRoot / "assets/tiles/ground.tsx").string());
    REQUIRE(ground);
    REQUIRE(ground.value().wangSets.size() == 7);
    REQUIRE(ground.value().wangSets[0].colors.size() == 1);
    CHECK(ground.value().wangSets[0].colors[0].name == "road");
    for (const isostar::map::TileInfo& t : ground.value().tiles)
        CHECK(isostar::map::propertyString(t.properties, "connects").empty());
    std::map<std::string, std::string> connectsByTerrain;
    for (const isostar::map::TileInfo& t : tall.value().tiles) {
        const std::string terrain = isostar::map::propertyString(t.properties, "terrain");
        const std::string connects = isostar::map::propertyString(t.properties, "connects");
        INFO("tall.tsx tile " << t.id << " " << terrain);
        CHECK(connects == ((terrain == "bridge" || terrain == "tent" || terrain == "castle") ? "road" : ""));
        for (const isostar::map::Property& p : t.properties)
            if (p.name == "connects")
                CHECK(p.type == isostar::map::PropertyType::String);
        if (!connects.empty())
            connectsByTerrain[terrain] = connects;
    }
    CHECK(connectsByTerrain == std::map<std::string, std::string>{{"bridge", "road"}, {"castle", "road"}, {"tent", "road"}});
}

TEST_CASE("the hex scene's tilesets: hexagons of 64x48, every tile a terrain, the erupting volcano animated", "[maps]")
{
    auto ground = isostar::map::loadTileset((kRoot / "assets/tiles/hexground.tsx").string());
    auto tall = isostar::map::loadTileset((kRoot / "assets/tiles/hextall.tsx").string());
    REQUIRE(ground);
    REQUIRE(tall);
    CHECK(ground.value().tileWidth == 64);
    CHECK(ground.value().tileHeight == 48);
    CHECK(tall.value().tileWidth == 64);
    std::set<std::string> terrains;
    int animated = 0;
    for (const isostar::map::Tileset* ts : {&ground.value(), &tall.value()})
        for (const isostar::map::TileInfo& t : ts->tiles) {
            terrains.insert(isostar::map::propertyString(t.properties, "terrain"));
            if (!t.animation.empty()) {
                ++animated;
                CHECK(isostar::map::propertyString(t.properties, "terrain") == "volcano_erupting");
            }
        }
    CHECK(terrains == std::set<std::string>{"grass", "snow", "road", "wall", "tree", "volcano", "volcano_erupting",
                                            "tombstone"});
    CHECK(animated == 1);
}

TEST_CASE("road and wall cells of every shipped map connect exactly to their family and its connects tiles", "[maps]")
{
    // The data-level form of engine/edit's autotile rule: a road or wall tile's wang edges are set
    // exactly towards the neighbours that carry its colour: tiles of the same terrain, or tiles whose
    // `connects` names that terrain. (The isolated road, not in the set, has no edge set.)
    int checked = 0, joined = 0;
    for (const fs::path& p : shippedMaps()) {
        INFO(p.string());
        const isostar::map::MapData m = load(p);
        if (m.orientation == isostar::map::Orientation::Hexagonal)
            continue; // the hex tileset has no autotiled roads or walls (edge sets are square)
        // gid -> (terrain, N E S W colour flags) of every edge wang tile
        std::map<isostar::map::Gid, std::pair<std::string, unsigned>> wang;
        for (const isostar::map::Tileset& ts : m.tilesets)
            for (const isostar::map::WangSet& set : ts.wangSets)
                for (const isostar::map::WangTile& wt : set.tiles) {
                    const isostar::map::TileInfo* info = m.tileInfo(ts.firstGid + wt.tileId);
                    REQUIRE(info);
                    unsigned mask = 0;
                    for (int e = 0; e < 4; ++e)
                        mask |= wt.wangId[2 * e] != 0 ? 1u << e : 0u;
                    wang[ts.firstGid + wt.tileId] = {isostar::map::propertyString(info->properties, "terrain"), mask};
                }
        REQUIRE(!wang.empty());
        auto carries = [&](isostar::map::Gid g, const std::string& terrain) {
            const isostar::map::TileInfo* info = g ? m.tileInfo(g) : nullptr;
            if (!info)
                return false;
            if (isostar::map::propertyString(info->properties, "terrain") == terrain)
                return true;
            // Split by hand: GCC 12 warns falsely (-Wrestrict) on "," + std::string in Release.
            const std::string connects = isostar::map::propertyString(info->properties, "connects");
            std::size_t begin = 0;
            while (begin <= connects.size()) {
                const std::size_t end = std::min(connects.find(',', begin), connects.size());
                if (connects.compare(begin, end - begin, terrain) == 0)
                    return true;
                begin = end + 1;
            }
            return false;
        };
        std::set<std::string> bad;
        isostar::map::forEachLayer(m.layers, [&](const isostar::map::Layer& l) {
            if (l.type != isostar::map::LayerType::Tile)
                return;
            for (int y = 0; y < l.tiles.height; ++y)
                for (int x = 0; x < l.tiles.width; ++x) {
                    const isostar::map::Gid g = l.tiles.at(x, y);
                    const isostar::map::TileInfo* info = g ? m.tileInfo(g) : nullptr;
                    if (!info)
                        continue;
                    const std::string terrain = isostar::map::propertyString(info->properties, "terrain");
                    if (terrain != "road" && terrain != "wall")
                        continue;
                    const auto it = wang.find(g);
                    const unsigned have = it == wang.end() ? 0u : it->second.second;
                    unsigned want = 0;
                    const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0}; // N E S W
                    for (int e = 0; e < 4; ++e) {
                        const int nx = x + dx[e], ny = y + dy[e];
                        if (nx >= 0 && ny >= 0 && nx < l.tiles.width && ny < l.tiles.height && carries(l.tiles.at(nx, ny), terrain)) {
                            want |= 1u << e;
                            const isostar::map::TileInfo* n = m.tileInfo(l.tiles.at(nx, ny));
                            joined += isostar::map::propertyString(n->properties, "terrain") != terrain;
                        }
                    }
                    ++checked;
                    if (have != want)
                        bad.insert(l.name + " (" + std::to_string(x) + "," + std::to_string(y) + ") " + terrain + " edges " +
                                   std::to_string(have) + ", neighbours " + std::to_string(want));
                }
        });
        for (const std::string& b : bad)
            FAIL_CHECK(b);
    }
    CHECK(checked > 400); // 356 in valley alone
    CHECK(joined >= 11); // valley alone has 11 road edges onto a bridge, tent or castle
}

TEST_CASE("seed maps put start on the tent and goal on the castle, the valley spawns the party", "[maps]")
{
    for (const char* rel : {"maps/seed/road.tmx", "maps/seed/road_long_wall.tmx", "maps/seed/snow.tmx", "maps/seed/volcano.tmx",
                            "maps/seed/volcano_tombstone.tmx", "maps/valley.tmx"}) {
        INFO(rel);
        const isostar::map::MapData m = load(kRoot / rel);
        const auto start = objectCell(m, "start"), goal = objectCell(m, "goal");
        REQUIRE(start);
        REQUIRE(goal);
        CHECK(topTerrain(m, start->x, start->y) == "tent");
        CHECK(topTerrain(m, goal->x, goal->y) == "castle");
    }
    const isostar::map::MapData valley = load(kRoot / "maps/valley.tmx");
    CHECK(valley.width >= 64);
    CHECK(valley.height >= 64);
    // The party and its sizes (the int property `size`; none: 1): the valley's ox cart is 2x2,
    // the volcano scene's ogre 3x3.
    const auto partyOf = [](const isostar::map::MapData& map) {
        std::map<std::string, std::string> party;
        isostar::map::forEachLayer(map.layers, [&](const isostar::map::Layer& l) {
            for (const isostar::map::Object& o : l.objects)
                if (o.className == "party")
                    party[o.name] = isostar::map::propertyString(o.properties, "size", "1");
        });
        return party;
    };
    CHECK(partyOf(valley) ==
          std::map<std::string, std::string>{{"knight", "1"}, {"ranger", "1"}, {"mage", "1"}, {"dwarf", "1"}, {"cart", "2"}});
    CHECK(partyOf(load(kRoot / "maps/seed/volcano.tmx")) ==
          std::map<std::string, std::string>{{"knight", "1"}, {"ranger", "1"}, {"mage", "1"}, {"dwarf", "1"}, {"ogre", "3"}});
    for (const char* terrain : {"road", "wall", "castle", "volcano_erupting", "tombstone", "tree", "water", "bridge", "snow"}) {
        INFO(terrain);
        CHECK_FALSE(cellsWith(valley, terrain).empty());
    }
    // The castle is reachable from the camp.
    const Solved v = solve("maps/valley.tmx");
    CHECK(v.result.path.size() > 40);
}

TEST_CASE("the seed scenes show what the article shows under the default rules", "[maps]")
{
    SECTION("road: the cheapest path follows the road")
    {
        const Solved s = solve("maps/seed/road.tmx");
        for (std::size_t i = 1; i + 1 < s.result.path.size(); ++i) {
            const isostar::TileCoord c = s.result.path[i];
            INFO("step " << i << " at " << c.x << "," << c.y);
            CHECK(topTerrain(s.map, c.x, c.y) == "road");
        }
    }
    SECTION("road_long_wall: the road's detour no longer pays, the path leaves it")
    {
        const Solved s = solve("maps/seed/road_long_wall.tmx");
        int onRoad = 0;
        for (std::size_t i = 1; i + 1 < s.result.path.size(); ++i)
            onRoad += topTerrain(s.map, s.result.path[i].x, s.result.path[i].y) == "road";
        CHECK(onRoad == 0);
        CHECK(s.result.cost > solve("maps/seed/road.tmx").result.cost);
    }
    const Solved snow = solve("maps/seed/snow.tmx");
    const Solved volcano = solve("maps/seed/volcano.tmx");
    const Solved tomb = solve("maps/seed/volcano_tombstone.tmx");
    SECTION("snow: constant cost, the path is a straight line")
    {
        const auto& p = snow.result.path;
        REQUIRE(p.size() >= 3);
        for (std::size_t i = 1; i < p.size(); ++i) {
            CHECK(p[i].x - p[i - 1].x == p[1].x - p[0].x);
            CHECK(p[i].y - p[i - 1].y == p[1].y - p[0].y);
        }
    }
    const std::vector<isostar::TileCoord> vents = cellsWith(volcano.map, "volcano_erupting");
    REQUIRE(vents.size() == 1);
    SECTION("volcano: the path bends toward the erupting volcano")
    {
        CHECK(volcano.result.path != snow.result.path);
        CHECK(minDistance(volcano.result.path, vents[0]) < minDistance(snow.result.path, vents[0]));
        CHECK(volcano.result.cost < snow.result.cost);
    }
    SECTION("volcano_tombstone: the tombstone pushes the path away, it runs even closer to the volcano")
    {
        const std::vector<isostar::TileCoord> graves = cellsWith(tomb.map, "tombstone");
        REQUIRE(graves.size() == 1);
        CHECK(tomb.result.path != volcano.result.path);
        CHECK(minDistance(tomb.result.path, graves[0]) > minDistance(volcano.result.path, graves[0]));
        CHECK(minDistance(tomb.result.path, vents[0]) < minDistance(volcano.result.path, vents[0]));
    }
}

TEST_CASE("every shipped map renders with Tiled's tmxrasterizer", "[maps][render]")
{
    if (std::system("command -v tmxrasterizer > /dev/null 2>&1") != 0) {
        return testsupport::skipTest("tmxrasterizer is not installed (Debian package `tiled`)");
    }
    const fs::path outDir = fs::temp_directory_path() / "isostar_maps_tests";
    fs::create_directories(outDir);
    for (const fs::path& p : shippedMaps()) {
        INFO(p.string());
        const fs::path out = outDir / (p.stem().string() + ".png");
        fs::remove(out);
        // --size keeps the 72x72 valley small and quick; the map is still fully rendered.
        const std::string cmd = "QT_QPA_PLATFORM=offscreen tmxrasterizer --size 1024 '" + p.string() + "' '" + out.string() +
                                "' > /dev/null 2>&1";
        CHECK(std::system(cmd.c_str()) == 0);
        REQUIRE(fs::exists(out));
        CHECK(fs::file_size(out) > 1000);
    }
}

TEST_CASE("the big maps are the valley tiled, joined by roads across the seams, and playable", "[maps][big]")
{
    constexpr int kTile = 72; // the valley's side
    for (const auto& [rel, side] : {std::pair{"maps/valley256.tmx", 256}, {"maps/valley504.tmx", 504}}) {
        INFO(rel);
        const isostar::map::MapData m = load(kRoot / rel);
        REQUIRE(m.width == side);
        REQUIRE(m.height == side);
        std::vector<const isostar::map::Layer*> tileLayers;
        isostar::map::forEachLayer(m.layers, [&](const isostar::map::Layer& l) {
            if (l.type == isostar::map::LayerType::Tile)
                tileLayers.push_back(&l);
        });
        REQUIRE(tileLayers.size() == 2);
        // Every copy has the first one's terrains, cell for cell (tile variants are sprinkled
        // by position), away from the map's rim (row and column 0 and side-1 carry its trees).
        auto terrainOf = [&](const isostar::map::Layer& l, int x, int y) {
            const isostar::map::Gid g = l.tiles.at(x, y);
            const isostar::map::TileInfo* info = g ? m.tileInfo(g) : nullptr;
            return info ? isostar::map::propertyString(info->properties, "terrain") : std::string();
        };
        int compared = 0, differing = 0;
        for (const isostar::map::Layer* l : tileLayers) {
            CHECK(l->encoding == "base64");
            CHECK(l->compression == "zlib");
            for (int y = 1; y < side - 1; ++y)
                for (int x = 1; x < side - 1; ++x) {
                    const int fx = x % kTile, fy = y % kTile;
                    if (fx == 0 || fy == 0 || (fx == x && fy == y))
                        continue;
                    ++compared;
                    differing += terrainOf(*l, x, y) != terrainOf(*l, fx, fy) ? 1 : 0;
                }
        }
        CHECK(compared > side * side);
        CHECK(differing == 0);
        // Roads cross every seam: row 47 of each copy east-west, column 30 north-south.
        int seams = 0;
        for (int k = 1; k * kTile < side; ++k)
            for (int j = 0; j * kTile + 47 < side; ++j) {
                CHECK(topTerrain(m, k * kTile - 1, j * kTile + 47) == "road");
                CHECK(topTerrain(m, k * kTile, j * kTile + 47) == "road");
                CHECK(topTerrain(m, j * kTile + 30, k * kTile - 1) == "road");
                CHECK(topTerrain(m, j * kTile + 30, k * kTile) == "road");
                ++seams;
            }
        CHECK(seams >= 9);
        std::set<std::string> party;
        isostar::map::forEachLayer(m.layers, [&](const isostar::map::Layer& l) {
            for (const isostar::map::Object& o : l.objects)
                if (o.className == "party")
                    party.insert(o.name);
        });
        CHECK(party == std::set<std::string>{"knight", "ranger", "mage", "dwarf"});
        // The far castle is reachable from the camp, across several seams.
        const Solved s = solve(rel);
        const auto goal = objectCell(s.map, "goal");
        REQUIRE(goal);
        CHECK(topTerrain(s.map, goal->x, goal->y) == "castle");
        CHECK(goal->x >= side / 2);
        CHECK(goal->y >= side / 2);
        CHECK(s.result.path.size() > std::size_t(side));
    }
}
