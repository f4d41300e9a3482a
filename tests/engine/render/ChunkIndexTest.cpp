// ChunkIndex: for any world rectangle, exactly the chunks a full scan of chunk bounds keeps, in
// increasing order, on the big tiled valley (tall tiles rise over their chunks' neighbours), on
// an exact-order mesh (one chunk per layer) and after an edit grew a chunk's bounds.
#include "engine/map/MapLoader.hpp"
#include "engine/render/ChunkIndex.hpp"
#include "engine/render/MapMesh.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

namespace {

isostar::map::MapData loadMap(const std::string& rel)
{
    auto map = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/" + rel);
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    return std::move(map).value();
}

std::vector<int> fullScan(const isostar::render::MapMesh& mesh, int layer, const sf::FloatRect& view)
{
    std::vector<int> out;
    const auto& chunks = mesh.layers[std::size_t(layer)].chunks;
    for (std::size_t i = 0; i < chunks.size(); ++i)
        if (chunks[i].bounds.intersects(view))
            out.push_back(int(i));
    return out;
}

/// Random views (window-sized and a few huge or off-map ones) on every layer.
void checkAgainstScan(const isostar::render::MapMesh& mesh, const isostar::render::ChunkIndex& index, int views, int& nonEmpty)
{
    std::mt19937 rng(42);
    const sf::FloatRect b = mesh.bounds;
    std::uniform_real_distribution<float> ux(b.left - 2000.f, b.left + b.width + 2000.f);
    std::uniform_real_distribution<float> uy(b.top - 2000.f, b.top + b.height + 2000.f);
    std::uniform_real_distribution<float> us(1.f, 3000.f);
    std::vector<int> got;
    for (int v = 0; v < views; ++v) {
        const sf::FloatRect view = v % 10 == 9 ? sf::FloatRect(ux(rng), uy(rng), us(rng) * 10.f, us(rng) * 5.f)
                                               : sf::FloatRect(ux(rng), uy(rng), v % 2 ? 1280.f : us(rng), v % 2 ? 720.f : us(rng));
        for (int li = 0; li < int(mesh.layers.size()); ++li) {
            index.query(li, view, got);
            const std::vector<int> want = fullScan(mesh, li, view);
            INFO("view " << view.left << "," << view.top << " " << view.width << "x" << view.height << " layer " << li);
            REQUIRE(got == want);
            nonEmpty += want.empty() ? 0 : 1;
        }
    }
}

} // namespace

TEST_CASE("ChunkIndex lists exactly the chunks a full scan keeps (big valley, tall tiles)", "[render][mesh][index]")
{
    const isostar::map::MapData map = loadMap("maps/valley504.tmx");
    isostar::render::MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(isostar::render::buildMapMesh(map, {}, mesh, problems));
    REQUIRE(mesh.layers.size() == 3); // ground, overlay, objects
    REQUIRE(mesh.layers[0].chunks.size() == 32 * 32); // 504 / 16 rounded up = 32 per side
    isostar::render::ChunkIndex index;
    index.build(mesh);
    CHECK(index.layerCount() == 3);
    int nonEmpty = 0;
    checkAgainstScan(mesh, index, 400, nonEmpty);
    CHECK(nonEmpty > 300);
    // A window-sized view in the middle of the map lists a handful of chunks, not the map's.
    std::vector<int> got;
    const sf::FloatRect mid(mesh.bounds.left + mesh.bounds.width / 2.f, mesh.bounds.top + mesh.bounds.height / 2.f, 1280.f, 720.f);
    index.query(1, mid, got);
    CHECK(got.size() >= 4);
    CHECK(got.size() <= 20);
    // Layers the index does not know, and an empty view, list nothing.
    index.query(7, mid, got);
    CHECK(got.empty());
    index.query(0, sf::FloatRect(mid.left, mid.top, 0.f, 0.f), got);
    CHECK(got.empty());
}

TEST_CASE("ChunkIndex over an exact-order mesh and after an edit grows a chunk", "[render][mesh][index]")
{
    isostar::map::MapData map = loadMap("maps/valley.tmx");
    std::vector<isostar::Diagnostic> problems;
    {
        isostar::render::MapMesh exact;
        isostar::render::MeshOptions o;
        o.exactOrder = true;
        REQUIRE(isostar::render::buildMapMesh(map, o, exact, problems));
        isostar::render::ChunkIndex index;
        index.build(exact);
        int nonEmpty = 0;
        checkAgainstScan(exact, index, 100, nonEmpty);
        CHECK(nonEmpty > 50);
    }
    isostar::render::MapMesh mesh;
    REQUIRE(isostar::render::buildMapMesh(map, {}, mesh, problems));
    // A tall tile (gid 121, the first of tall.tsx: a wall) on an empty overlay cell in a chunk's
    // top row: the first such cell whose chunk holds no tall tile in that row grows the chunk's
    // bounds upwards, over its neighbour.
    isostar::map::Layer& overlay = map.layers[1];
    REQUIRE(overlay.type == isostar::map::LayerType::Tile);
    bool grew = false;
    for (int y = 16; y < overlay.tiles.height && !grew; y += 16)
        for (int x = 0; x < overlay.tiles.width && !grew; ++x) {
            isostar::map::Gid& gid = overlay.tiles.gids[std::size_t(y) * std::size_t(overlay.tiles.width) + std::size_t(x)];
            if (gid != 0)
                continue;
            gid = 121;
            const std::vector<isostar::render::MeshChunk> before = mesh.layers[1].chunks;
            std::vector<isostar::render::MeshChunkRef> rebuilt;
            REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, std::vector<isostar::TileCoord>{{x, y}}, mesh, rebuilt, problems));
            for (std::size_t i = 0; i < before.size(); ++i)
                grew = grew || before[i].bounds != mesh.layers[1].chunks[i].bounds;
        }
    REQUIRE(grew);
    isostar::render::ChunkIndex index;
    index.build(mesh);
    int nonEmpty = 0;
    checkAgainstScan(mesh, index, 200, nonEmpty);
    CHECK(nonEmpty > 100);
}
