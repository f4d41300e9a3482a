// The brush's corner blends (engine/edit/CornerBlends.hpp): CornerBlends::pick gives every ground
// tile of the shipped maps (tools/artgen's rule), and painting re-picks the blends around the
// painted cells: exact tiles on a small map, neighbours agreeing on shared corners on valley, the
// painted terrain names kept, undo / redo bit for bit, and a save + reload keeping the tiles.

#include "engine/edit/CornerBlends.hpp"
#include "engine/edit/MapEditor.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/map/MapWriter.hpp"

#include "BlankMap.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace isostar::edit;
using isostar::TileCoord;
using isostar::map::Gid;

namespace {

namespace fs = std::filesystem;

const fs::path kBlendRoot = ISOSTAR_SOURCE_DIR;

isostar::map::MapData loadBlendMap(const fs::path& path)
{
    isostar::Result<isostar::map::MapData> r = isostar::map::loadMap(path.string());
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return std::move(r).value();
}

const isostar::map::MapData& blendValley()
{
    static const isostar::map::MapData map = loadBlendMap(kBlendRoot / "maps/valley.tmx");
    return map;
}

isostar::map::TileGrid& groundGrid(isostar::map::MapData& map)
{
    for (isostar::map::Layer& l : map.layers)
        if (l.name == "ground")
            return l.tiles;
    FAIL("no ground layer");
    return map.layers.front().tiles;
}

const isostar::map::TileGrid& groundGrid(const isostar::map::MapData& map)
{
    return groundGrid(const_cast<isostar::map::MapData&>(map));
}

/// The terrain property of a gid ("" when none).
std::string terrainOfGid(const isostar::map::MapData& map, Gid gid)
{
    const isostar::map::TileInfo* info = map.tileInfo(gid);
    return info ? isostar::map::propertyString(info->properties, "terrain") : std::string();
}

/// Every ground cell's terrain name, row by row.
std::vector<std::string> groundTerrains(const isostar::map::MapData& map)
{
    const isostar::map::TileGrid& g = groundGrid(map);
    std::vector<std::string> out;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x)
            out.push_back(terrainOfGid(map, g.at(x, y)));
    return out;
}

/// The ground cells where CornerBlends::pick disagrees with the map's tile, as "(x,y) has g, pick p".
std::vector<std::string> cellsOffRule(const isostar::map::MapData& map)
{
    const CornerBlends blends(map);
    const isostar::map::TileGrid& g = groundGrid(map);
    const CornerBlends::KindAt kindAt = [&](TileCoord c) {
        return c.x < 0 || c.y < 0 || c.x >= g.width || c.y >= g.height ? -1 : blends.kindOf(g.at(c.x, c.y));
    };
    std::vector<std::string> off;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x)
            if (const Gid p = blends.pick({x, y}, kindAt, g.at(x, y)); p != g.at(x, y)) {
                std::ostringstream o;
                o << TileCoord{x, y} << " has " << g.at(x, y) << ", pick " << p;
                off.push_back(o.str());
            }
    return off;
}

// Tiled's corner slots of a wang id.
constexpr int kTR = 1, kBR = 3, kBL = 5, kTL = 7;

/// Pairs of neighbouring ground cells (all 8 directions) inside `area` [x0, y0, x1, y1] that share
/// a corner set, one of them a blend, and disagree on a shared corner. `pairs` counts comparisons.
std::vector<std::string> cornerConflicts(const isostar::map::MapData& map, int x0, int y0, int x1, int y1, int& pairs)
{
    const isostar::map::Tileset& ts = map.tilesets.at(0);
    std::map<Gid, std::vector<std::pair<std::size_t, const isostar::map::WangTile*>>> corners;
    for (std::size_t s = 0; s < ts.wangSets.size(); ++s)
        if (ts.wangSets[s].type == isostar::map::WangSetType::Corner)
            for (const isostar::map::WangTile& wt : ts.wangSets[s].tiles)
                corners[ts.firstGid + wt.tileId].push_back({s, &wt});
    const isostar::map::TileGrid& g = groundGrid(map);
    std::vector<std::string> bad;
    // (dx, dy) -> the corners a shares with b, as (slot of a, slot of b) pairs
    struct Dir { int dx, dy; std::vector<std::pair<int, int>> shared; };
    const Dir dirs[4] = {{1, 0, {{kTR, kTL}, {kBR, kBL}}}, {0, 1, {{kBL, kTL}, {kBR, kTR}}},
                         {1, 1, {{kBR, kTL}}}, {-1, 1, {{kBL, kTR}}}};
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            for (const Dir& d : dirs) {
                const int nx = x + d.dx, ny = y + d.dy;
                if (nx < x0 || nx > x1 || ny > y1)
                    continue;
                const auto a = corners.find(g.at(x, y)), b = corners.find(g.at(nx, ny));
                if (a == corners.end() || b == corners.end())
                    continue;
                for (const auto& [sa, wa] : a->second)
                    for (const auto& [sb, wb] : b->second) {
                        if (sa != sb || !(wa->cornersMixed() || wb->cornersMixed()))
                            continue;
                        ++pairs;
                        for (const auto& [ca, cb] : d.shared)
                            if (wa->wangId[ca] != wb->wangId[cb]) {
                                std::ostringstream o;
                                o << TileCoord{x, y} << " / " << TileCoord{nx, ny} << " in " << ts.wangSets[sa].name;
                                bad.push_back(o.str());
                            }
                    }
            }
    return bad;
}

/// valley's tilesets on a small blank map: ground all grass (gid 1), empty overlay.
isostar::map::MapData grassMap(int w, int h)
{
    return testsupport::blankCopy(blendValley(), w, h);
}

// ground.tsx (firstgid 1, tools/artgen/Layout.hpp): a corner set's blend for corner mask m
// (top 1, right 2, bottom 4, left 8 = the other terrain) is gid first + m.
constexpr Gid kGrass = 1, kSnow = 5, kWater = 9, kScorched = 33, kRoad = 17;
constexpr Gid kGrassSnow = 36, kGrassScorched = 64, kSnowWater = 106;

} // namespace

TEST_CASE("pick gives every ground tile of the shipped maps (tools/artgen's rule)", "[edit][blend]")
{
    std::vector<fs::path> maps{kBlendRoot / "maps/valley.tmx", kBlendRoot / "maps/valley256.tmx"};
    for (const auto& e : fs::directory_iterator(kBlendRoot / "maps/seed"))
        if (e.path().extension() == ".tmx")
            maps.push_back(e.path());
    for (const fs::path& p : maps) {
        INFO(p.string());
        const isostar::map::MapData map = loadBlendMap(p);
        const CornerBlends blends(map);
        REQUIRE_FALSE(blends.empty());
        const std::vector<std::string> off = cellsOffRule(map);
        CHECK(off.empty());
        for (std::size_t i = 0; i < off.size() && i < 10; ++i)
            WARN(off[i]);
    }
    const CornerBlends blends(blendValley());
    CHECK(blends.kindName(blends.kindOf(kGrassSnow + 5)) == "grass");   // a blend: its base
    CHECK(blends.kindName(blends.kindOf(kScorched + 2)) == "scorched"); // a plain tile: its colour
    CHECK(blends.kindName(blends.kindOf(kSnowWater + 1)) == "snow");
    CHECK(blends.kindOf(kRoad) == -1);
}

TEST_CASE("snow painted into grass: the 8 neighbours get snow in the corners they share", "[edit][blend]")
{
    isostar::map::MapData map = grassMap(5, 5);
    // A road tile on the ground layer is in no corner set: left alone.
    groundGrid(map).gids[2 * 5 + 4] = kRoad;
    const isostar::map::MapData original = map;
    MapEditor editor(map);
    const EditResult r = editor.paint({2, 2}, "snow");
    REQUIRE(r.ok);
    const isostar::map::TileGrid& g = groundGrid(map);
    const std::map<TileCoord, Gid> want{
        {{1, 1}, kGrassSnow + 4}, {{2, 1}, kGrassSnow + 12}, {{3, 1}, kGrassSnow + 8},
        {{1, 2}, kGrassSnow + 6}, {{2, 2}, kSnow},           {{3, 2}, kGrassSnow + 9},
        {{1, 3}, kGrassSnow + 2}, {{2, 3}, kGrassSnow + 3},  {{3, 3}, kGrassSnow + 1}};
    std::set<TileCoord> changed;
    for (const auto& [c, gid] : want) {
        INFO(c);
        CHECK(g.at(c.x, c.y) == gid);
        CHECK(terrainOfGid(map, g.at(c.x, c.y)) == (c == TileCoord{2, 2} ? "snow" : "grass"));
        changed.insert(c);
    }
    CHECK(std::set<TileCoord>(r.cells.begin(), r.cells.end()) == changed);
    CHECK(g.at(4, 2) == kRoad);
    CHECK(g.at(0, 0) == kGrass);
    int pairs = 0;
    CHECK(cornerConflicts(map, 0, 0, 4, 4, pairs).empty());
    CHECK(pairs > 20);
    CHECK(cellsOffRule(map).empty());

    // Water beside the snow: the snow cell turns snow-water (still snow), the water stays plain.
    REQUIRE(editor.paint({2, 3}, "water").ok);
    CHECK(g.at(2, 3) == kWater);
    CHECK(g.at(2, 2) == kSnowWater + 4 + 8);
    CHECK(terrainOfGid(map, g.at(2, 2)) == "snow");
    CHECK(cellsOffRule(map).empty());
    // Painting grass over the snow takes its corners back from the grass around it.
    REQUIRE(editor.paint({2, 2}, "grass").ok);
    CHECK(g.at(1, 1) == kGrass);
    CHECK(g.at(3, 1) == kGrass);
    CHECK(cellsOffRule(map).empty());

    for (int i = 0; i < 3; ++i)
        REQUIRE(editor.undo().ok);
    CHECK(map == original);
}

TEST_CASE("a grass cell between snow on all sides keeps one corner, one between scorched turns scorched", "[edit][blend]")
{
    isostar::map::MapData map = grassMap(5, 5);
    const isostar::map::MapData original = map;
    MapEditor editor(map);
    editor.beginStroke();
    for (int y = 1; y <= 3; ++y)
        for (int x = 1; x <= 3; ++x)
            if (x != 2 || y != 2)
                REQUIRE(editor.paint({x, y}, "snow").ok);
    editor.endStroke();
    const isostar::map::TileGrid& g = groundGrid(map);
    // Every vertex touches 3 snow cells: the tie keeps the top corner grass.
    CHECK(g.at(2, 2) == kGrassSnow + 2 + 4 + 8);
    CHECK(terrainOfGid(map, g.at(2, 2)) == "grass");
    CHECK(cellsOffRule(map).empty());
    REQUIRE(editor.undo().ok); // the stroke is one step
    CHECK(map == original);
    CHECK_FALSE(editor.canUndo());

    // Scorched grass is grass: a grass cell with scorched earth on all corners becomes it.
    editor.beginStroke();
    for (int y = 1; y <= 3; ++y)
        for (int x = 1; x <= 3; ++x)
            if (x != 2 || y != 2)
                REQUIRE(editor.paintTile({x, y}, kScorched).ok);
    editor.endStroke();
    CHECK(g.at(2, 2) == kScorched);
    CHECK(terrainOfGid(map, g.at(2, 2)) == "grass");
    CHECK(g.at(0, 0) == kGrassScorched + 4);
    CHECK(cellsOffRule(map).empty());
    // The painted tile already shows: painting it again is a no-op.
    const std::uint64_t revision = editor.revision();
    CHECK(editor.paintTile({2, 2}, kGrass).cells.empty());
    CHECK(editor.paint({0, 0}, "grass").cells.empty());
    CHECK(editor.revision() == revision);
}

TEST_CASE("snow painted into valley's grass: blends agree, names kept, undo / redo / save exact", "[edit][blend]")
{
    const isostar::map::MapData& original = blendValley();
    // The first cell whose 5x5 is plain grass (gids 1-4) with an empty overlay.
    const isostar::map::TileGrid& og = groundGrid(original);
    TileCoord at{-1, -1};
    for (int y = 2; y + 2 < og.height && at.x < 0; ++y)
        for (int x = 2; x + 2 < og.width && at.x < 0; ++x) {
            bool plain = true;
            for (int dy = -2; dy <= 2; ++dy)
                for (int dx = -2; dx <= 2; ++dx)
                    plain = plain && og.at(x + dx, y + dy) >= kGrass && og.at(x + dx, y + dy) < kGrass + 4;
            if (plain)
                at = {x, y};
        }
    REQUIRE(at.x >= 0);
    isostar::map::MapData map = original;
    MapEditor editor(map);
    std::vector<std::string> names = groundTerrains(map);
    const EditResult r = editor.paint(at, "snow");
    REQUIRE(r.ok);
    names[std::size_t(at.y * map.width + at.x)] = "snow";
    CHECK(r.cells.size() == 9);
    const isostar::map::TileGrid& g = groundGrid(map);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (dx != 0 || dy != 0)
                CHECK((g.at(at.x + dx, at.y + dy) > kGrassSnow && g.at(at.x + dx, at.y + dy) < kGrassSnow + 15));
    int pairs = 0;
    CHECK(cornerConflicts(map, at.x - 2, at.y - 2, at.x + 2, at.y + 2, pairs).empty());
    CHECK(pairs >= 8 + 12); // 8 blends with each other and with the snow cell
    CHECK(groundTerrains(map) == names);
    CHECK(cellsOffRule(map).empty());

    // A stroke: a snow blob with water in it, one undo step.
    editor.beginStroke();
    for (int x = at.x + 1; x <= at.x + 3; ++x)
        for (int y = at.y; y <= at.y + 1; ++y) {
            const char* t = x == at.x + 3 && y == at.y + 1 ? "water" : "snow";
            REQUIRE(editor.paint({x, y}, t).ok);
            names[std::size_t(y * map.width + x)] = t;
        }
    editor.endStroke();
    CHECK(groundTerrains(map) == names);
    CHECK(cellsOffRule(map).empty());
    pairs = 0;
    CHECK(cornerConflicts(map, at.x - 2, at.y - 2, at.x + 5, at.y + 3, pairs).empty());
    const isostar::map::MapData painted = map;

    // Save into a temp folder (references rebased) and load again: the same tiles.
    const fs::path dir = fs::temp_directory_path() / ("isostar_blend_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto saved = isostar::map::saveMapTiles(map, (dir / "valley.tmx").string(), false);
    INFO(isostar::formatDiagnostics(saved.diagnostics()));
    REQUIRE(saved);
    const isostar::map::MapData reloaded = loadBlendMap(dir / "valley.tmx");
    fs::remove_all(dir);
    REQUIRE(reloaded.layers.size() == map.layers.size());
    for (std::size_t i = 0; i < map.layers.size(); ++i) {
        CHECK(reloaded.layers[i].tiles.gids == map.layers[i].tiles.gids);
        CHECK(reloaded.layers[i].tiles.flipFlags == map.layers[i].tiles.flipFlags);
    }

    REQUIRE(editor.undo().ok);
    REQUIRE(editor.undo().ok);
    CHECK(map == original); // every tile and flip flag, bit for bit
    REQUIRE(editor.redo().ok);
    REQUIRE(editor.redo().ok);
    CHECK(map == painted);
}

TEST_CASE("random ground paints on valley keep every cell on the rule and its painted name", "[edit][blend]")
{
    const isostar::map::MapData& original = blendValley();
    for (unsigned seed : {7u, 8u}) {
        INFO("seed " << seed);
        isostar::map::MapData map = original;
        MapEditor editor(map);
        std::vector<std::string> names = groundTerrains(map);
        std::mt19937 rng(seed);
        auto uniform = [&](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
        const char* terrains[] = {"snow", "water", "flowers", "grass"};
        for (int i = 0; i < 300; ++i) {
            if (i % 20 == 0)
                editor.beginStroke();
            const TileCoord c{38 + uniform(16), 16 + uniform(16)}; // grass, snow, water and flowers meet here
            const char* t = terrains[uniform(4)];
            REQUIRE(editor.paint(c, t).ok);
            names[std::size_t(c.y * map.width + c.x)] = t;
            if (i % 20 == 19)
                editor.endStroke();
        }
        CHECK(groundTerrains(map) == names);
        // blends of most corner sets in the window (ground.tsx: 14 mixed tiles per set from id 36)
        std::set<Gid> setsSeen;
        for (int y = 16; y < 32; ++y)
            for (int x = 38; x < 54; ++x)
                if (const Gid g = groundGrid(map).at(x, y); g > kGrassSnow && g <= kSnowWater + 14)
                    setsSeen.insert((g - kGrassSnow - 1) / 14);
        CHECK(setsSeen.size() >= 4);
        const std::vector<std::string> off = cellsOffRule(map);
        CHECK(off.empty());
        for (std::size_t i = 0; i < off.size() && i < 10; ++i)
            WARN(off[i]);
        int undos = 0;
        while (editor.canUndo()) {
            REQUIRE(editor.undo().ok);
            ++undos;
        }
        CHECK(undos == 15);
        CHECK(map == original);
    }
}
