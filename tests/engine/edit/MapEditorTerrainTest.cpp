// Edits and terrain: terrainNamesAt stacks a cell like terrainGridFromMap, and random edit
// sequences on valley, fed to the terrain field cell by cell, give the costs of a full rebuild
// and autotiles that agree with their neighbours; undoing everything restores the map and costs.
#include "engine/edit/MapEditor.hpp"

#include "engine/edit/Palette.hpp"
#include "engine/edit/TileCatalog.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"

#include "ValleyMap.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace isostar::edit;
using namespace edittest;
using isostar::TileCoord;

namespace {

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

/// The cells of valley's volcanoes (dormant or erupting), so random edits erupt often.
std::vector<TileCoord> volcanoCells(const isostar::map::MapData& map)
{
    std::vector<TileCoord> volcanoes;
    const isostar::map::TileGrid& g = layerNamed(map, "overlay").tiles;
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x)
            if (g.at(x, y) == Volcano || g.at(x, y) == VolcanoErupting)
                volcanoes.push_back({x, y});
    return volcanoes;
}

/// Feeds the cells an edit changed to `field`, one by one (as the game does after an edit).
void followEdit(isostar::terrain::TerrainField& field, const isostar::map::MapData& map, const EditResult& r)
{
    for (TileCoord c : r.cells) {
        std::vector<isostar::terrain::TerrainId> ids;
        for (const std::string& name : isostar::terrain::terrainNamesAt(map, c))
            ids.push_back(field.addTerrain(name));
        field.setCell(c, ids);
    }
}

/// One random edit in a small window of valley (so edits meet each other: roads next to roads,
/// influences overlapping): paint a terrain or a tile, erase, erupt a volcano, undo or redo.
/// Every edit but undo and redo must succeed.
EditResult randomEdit(MapEditor& editor, std::mt19937& rng, const std::vector<TileCoord>& volcanoes)
{
    auto pick = [&](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
    auto cell = [&] { return TileCoord{20 + pick(14), 14 + pick(14)}; };
    EditResult r;
    const int op = pick(10);
    if (op < 4)
        r = editor.paint(cell(), editor.palette()[std::size_t(pick(int(editor.palette().size())))].terrain);
    else if (op < 6)
        r = editor.paintTile(cell(), editor.palette()[std::size_t(pick(int(editor.palette().size())))].gid);
    else if (op == 6)
        r = editor.erase(cell());
    else if (op == 7) {
        r = editor.toggleErupting(volcanoes[std::size_t(pick(int(volcanoes.size())))]);
        if (!r.ok)
            r = editor.paint(volcanoes[std::size_t(pick(int(volcanoes.size())))], "volcano");
    } else if (op == 8)
        r = editor.undo();
    else
        r = editor.redo();
    if (op < 8)
        REQUIRE(r.ok);
    return r;
}

/// The field updated cell by cell has the terrains and the costs of a rebuild from the map.
void checkAgainstRebuild(const isostar::terrain::TerrainField& field, const isostar::map::MapData& map,
                         const isostar::terrain::TerrainRules& rules)
{
    const isostar::terrain::TerrainGrid rebuilt = isostar::terrain::terrainGridFromMap(map);
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x) {
            REQUIRE(isostar::terrain::terrainNamesAt(map, {x, y}) == rebuilt.cellNames({x, y}));
            REQUIRE(field.grid().cellNames({x, y}) == rebuilt.cellNames({x, y}));
        }
    isostar::terrain::TerrainField full;
    full.build(rebuilt, rules);
    CHECK(sameBits(field.costField().cost, full.costField().cost));
}

/// Every autotiled cell of the editor's overlay carries the variant its neighbours call for.
void checkAutotiles(const MapEditor& editor, const isostar::map::MapData& map)
{
    const TileCatalog& catalog = editor.catalog();
    const isostar::map::TileGrid& og = editor.overlayLayer()->tiles;
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x) {
            const int family = catalog.familyOf(og.at(x, y));
            if (family < 0)
                continue;
            unsigned mask = 0;
            for (unsigned bit : {edge::North, edge::East, edge::South, edge::West}) {
                const TileCoord n = neighbour({x, y}, bit);
                if (n.x >= 0 && n.y >= 0 && n.x < map.width && n.y < map.height &&
                    catalog.carries(og.at(n.x, n.y), family))
                    mask |= bit;
            }
            REQUIRE(catalog.pickVariant(family, mask) == og.at(x, y));
        }
}

} // namespace

TEST_CASE("terrainNamesAt stacks a cell's terrains like terrainGridFromMap", "[edit][terrain]")
{
    const isostar::terrain::TerrainGrid grid = isostar::terrain::terrainGridFromMap(valley());
    for (int y = 0; y < valley().height; ++y)
        for (int x = 0; x < valley().width; ++x)
            REQUIRE(isostar::terrain::terrainNamesAt(valley(), {x, y}) == grid.cellNames({x, y}));
    CHECK(isostar::terrain::terrainNamesAt(valley(), {-1, 0}).empty());
    CHECK(isostar::terrain::terrainNamesAt(valley(), {0, 72}).empty());
}

TEST_CASE("random edit sequences on valley: cell-by-cell costs equal a rebuild, undo restores all", "[edit][terrain]")
{
    const isostar::map::MapData& original = valley();
    isostar::Result<isostar::terrain::ResolvedConfig> config = isostar::terrain::resolveTerrainConfig(original);
    REQUIRE(config.ok());
    const isostar::terrain::TerrainRules rules = config.value().config.base;
    isostar::terrain::TerrainField originalField;
    originalField.build(isostar::terrain::terrainGridFromMap(original), rules);
    const std::vector<TileCoord> volcanoes = volcanoCells(original);
    REQUIRE(!volcanoes.empty());

    for (unsigned seed : {1u, 2u, 3u}) {
        isostar::map::MapData map = original;
        MapEditor editor(map);
        isostar::terrain::TerrainField field = originalField;
        std::mt19937 rng(seed);
        int steps = 0;
        for (int i = 0; i < 300; ++i) {
            const EditResult r = randomEdit(editor, rng, volcanoes);
            followEdit(field, map, r);
            steps += r.ok && !r.cells.empty();
            if (i % 50 == 49) {
                INFO("seed " << seed << " after edit " << i);
                checkAgainstRebuild(field, map, rules);
                checkAutotiles(editor, map);
            }
        }
        CHECK(steps > 150);
        CHECK(!(map == original));
        while (editor.canUndo()) {
            const EditResult r = editor.undo();
            REQUIRE(r.ok);
            followEdit(field, map, r);
        }
        CHECK(map == original);
        CHECK(sameBits(field.costField().cost, originalField.costField().cost));
    }
}
