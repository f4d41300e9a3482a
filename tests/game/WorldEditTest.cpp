// Editing the world without a window: random brush sequences keep every profile's costs equal
// to a fresh build of the edited map, undo restores the original costs exactly, and a saved map
// reloads to the same costs.
#include "game/world/WorldHost.hpp"

#include "engine/terrain/MapTerrain.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>

namespace fs = std::filesystem;

namespace {

const std::string Valley = std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx";

/// Every profile layer of `w` equals a full build of its map under the same rules.
void requireCostsMatchFreshBuild(const game::World& w)
{
    const isostar::terrain::TerrainGrid grid = isostar::terrain::terrainGridFromMap(w.map);
    for (const game::ProfileTerrain& t : w.terrains) {
        INFO("profile " << (t.profile.empty() ? std::string("default") : t.profile));
        isostar::terrain::TerrainField fresh;
        fresh.build(grid, t.terrain.rules());
        REQUIRE(t.terrain.bound());
        REQUIRE(t.terrain.costField().cost.empty());  // the NavGrid holds the only copy
        REQUIRE(w.nav.costField(t.terrain.layer()) == fresh.costField());
    }
}

std::vector<isostar::path::CostField> costsOf(const game::World& w)
{
    std::vector<isostar::path::CostField> out;
    for (int i = 0; i < w.nav.layerCount(); ++i)
        out.push_back(w.nav.costField(i));
    return out;
}

} // namespace

TEST_CASE("world edits: random brush sequences, undo of everything, save and reload")
{
    const fs::path dir = fs::temp_directory_path() / "isostar_world_edit_test";
    fs::remove_all(dir);
    fs::create_directories(dir);

    game::WorldHost host;
    REQUIRE(host.open({Valley, "", ""}).empty());
    const std::vector<isostar::path::CostField> original = costsOf(host.world());
    REQUIRE(original.size() == 3);
    std::vector<std::string> terrains;
    for (const isostar::edit::BrushTile& b : host.palette())
        terrains.push_back(b.terrain);
    REQUIRE(terrains.size() > 5);

    std::mt19937 rng(GENERATE(1u, 2u, 3u));
    const int w = host.world().map.width, h = host.world().map.height;
    int done = 0;
    for (int k = 0; k < 60; ++k) {
        const isostar::TileCoord c{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
        const std::vector<isostar::path::CostField> before = costsOf(host.world());
        game::WorldEdit e;
        switch (rng() % 4) {
        case 0:
        case 1: e = host.paint(c, terrains[rng() % terrains.size()]); break;
        case 2: e = host.erase(c); break;
        default: e = host.toggleErupting(c); break;
        }
        if (e.ok && !e.tiles.empty())
            ++done;
        // Costs changed exactly where reported: per layer (the NavDirty) and under any profile.
        const std::vector<isostar::path::CostField> after = costsOf(host.world());
        std::vector<isostar::TileCoord> anyLayer;
        for (std::size_t layer = 0; layer < after.size(); ++layer) {
            std::vector<isostar::TileCoord> differing;
            for (int i = 0; i < int(after[layer].cost.size()); ++i)
                if (after[layer].cost[std::size_t(i)] != before[layer].cost[std::size_t(i)])
                    differing.push_back(after[layer].coord(i));
            anyLayer.insert(anyLayer.end(), differing.begin(), differing.end());
            std::vector<isostar::TileCoord> reported;
            for (const isostar::path::NavDirty& d : e.dirty)
                if (d.layer == int(layer))
                    reported.insert(reported.end(), d.cells.begin(), d.cells.end());
            std::sort(reported.begin(), reported.end());
            std::sort(differing.begin(), differing.end());
            CHECK(reported == differing);
        }
        std::sort(anyLayer.begin(), anyLayer.end());
        anyLayer.erase(std::unique(anyLayer.begin(), anyLayer.end()), anyLayer.end());
        CHECK(e.costCells == anyLayer);
    }
    REQUIRE(done > 20);
    requireCostsMatchFreshBuild(host.world());
    CHECK(host.edits() == done);
    CHECK(host.version() == std::uint64_t(1 + done));

    // Saved and loaded again: the same costs for every profile.
    const std::string saved = (dir / "edited.tmx").string();
    auto report = host.save(saved);
    if (!report)
        FAIL(isostar::formatDiagnostics(report.diagnostics()));
    auto again = game::loadWorld({saved, "", ""});
    if (!again)
        FAIL(isostar::formatDiagnostics(again.diagnostics()));
    CHECK(costsOf(again.value()) == costsOf(host.world()));

    // Undo every edit: the original costs, exactly.
    while (true) {
        const game::WorldEdit e = host.undo();
        if (!e.ok)
            break;
    }
    CHECK(costsOf(host.world()) == original);
    requireCostsMatchFreshBuild(host.world());
}

TEST_CASE("world edits: an erupting volcano raises no cost outside its influence, going dormant restores them")
{
    game::WorldHost host;
    REQUIRE(host.open({Valley, "", ""}).empty());
    const auto before = costsOf(host.world());
    // Find a volcano: the first cell whose eruption succeeds.
    std::optional<isostar::TileCoord> volcano;
    for (int y = 0; y < host.world().map.height && !volcano; ++y)
        for (int x = 0; x < host.world().map.width && !volcano; ++x) {
            const game::WorldEdit e = host.setErupting({x, y}, true);
            if (e.ok && !e.tiles.empty()) {
                volcano = isostar::TileCoord{x, y};
                CHECK_FALSE(e.costCells.empty());
                const auto now = costsOf(host.world());
                const auto& f = now.front();
                for (int i = 0; i < int(f.cost.size()); ++i) {
                    const isostar::TileCoord c = f.coord(i);
                    const bool listed = std::find(e.costCells.begin(), e.costCells.end(), c) != e.costCells.end();
                    if (!listed)
                        REQUIRE(f.cost[std::size_t(i)] == before.front().cost[std::size_t(i)]);
                }
            }
        }
    REQUIRE(volcano);
    requireCostsMatchFreshBuild(host.world());
    const game::WorldEdit off = host.setErupting(*volcano, false);
    REQUIRE(off.ok);
    CHECK(costsOf(host.world()) == before);
    CHECK_FALSE(host.setErupting({0, 0}, true).ok);  // no volcano there
}
