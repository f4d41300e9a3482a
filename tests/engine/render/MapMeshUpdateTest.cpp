// rebuildMapMeshCells: after random cell edits the patched mesh equals a mesh built from scratch
// from the edited map (no window and no GL context).
#include "engine/map/MapLoader.hpp"
#include "engine/render/MapMesh.hpp"

#include <catch2/catch.hpp>
#include "tests/support/Scale.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using isostar::TileCoord;
using isostar::render::LayerPass;
using isostar::render::MapMesh;
using isostar::render::MeshChunkRef;
using isostar::render::MeshOptions;

namespace {

isostar::map::MapData loadMapFile(const std::string& path)
{
    auto map = isostar::map::loadMap(path);
    INFO(isostar::formatDiagnostics(map.diagnostics()));
    REQUIRE(map);
    return std::move(map).value();
}

MapMesh build(const isostar::map::MapData& map, const MeshOptions& options = {})
{
    MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    REQUIRE(isostar::render::buildMapMesh(map, options, mesh, problems));
    return mesh;
}

bool sameVertex(const sf::Vertex& a, const sf::Vertex& b)
{
    return a.position == b.position && a.texCoords == b.texCoords && a.color == b.color;
}

/// Requires `a` and `b` to draw the same: equal layers, chunks, quads and animated quads.
/// Texture and animation indices may differ; what they name must not.
void requireSameMesh(const MapMesh& a, const MapMesh& b)
{
    REQUIRE(a.layers.size() == b.layers.size());
    CHECK(a.bounds == b.bounds);
    auto texA = [&](int t) { return a.textures.at(std::size_t(t)); };
    auto texB = [&](int t) { return b.textures.at(std::size_t(t)); };
    for (std::size_t li = 0; li < a.layers.size(); ++li) {
        INFO("layer " << li);
        const auto& la = a.layers[li];
        const auto& lb = b.layers[li];
        REQUIRE(la.pass == lb.pass);
        REQUIRE(la.chunks.size() == lb.chunks.size());
        for (std::size_t ci = 0; ci < la.chunks.size(); ++ci) {
            INFO("chunk " << ci);
            const auto& ca = la.chunks[ci];
            const auto& cb = lb.chunks[ci];
            REQUIRE(ca.bounds == cb.bounds);
            REQUIRE(ca.batches.size() == cb.batches.size());
            for (std::size_t bi = 0; bi < ca.batches.size(); ++bi) {
                REQUIRE(texA(ca.batches[bi].texture) == texB(cb.batches[bi].texture));
                const auto& va = ca.batches[bi].vertices;
                const auto& vb = cb.batches[bi].vertices;
                REQUIRE(va.getVertexCount() == vb.getVertexCount());
                for (std::size_t i = 0; i < va.getVertexCount(); ++i)
                    REQUIRE(sameVertex(va[i], vb[i]));
            }
            REQUIRE(ca.items.size() == cb.items.size());
            for (std::size_t ii = 0; ii < ca.items.size(); ++ii) {
                const auto& ia = ca.items[ii];
                const auto& ib = cb.items[ii];
                REQUIRE(ia.depthKey == ib.depthKey);
                REQUIRE(ia.order == ib.order);
                REQUIRE(ia.bounds == ib.bounds);
                REQUIRE(texA(ia.texture) == texB(ib.texture));
                for (std::size_t k = 0; k < 6; ++k)
                    REQUIRE(sameVertex(ia.vertices[k], ib.vertices[k]));
            }
        }
    }
    // Animated quads: the same places, flips and frames.
    using Key = std::tuple<int, int, int, std::size_t, int, std::vector<int>>;
    auto keys = [](const MapMesh& m) {
        std::vector<Key> out;
        for (const auto& q : m.animatedQuads) {
            const auto& anim = m.animations.at(std::size_t(q.animation));
            std::vector<int> frames;
            for (const sf::IntRect& r : anim.frameRects)
                frames.insert(frames.end(), {r.left, r.top, r.width, r.height});
            frames.insert(frames.end(), anim.frameEndMs.begin(), anim.frameEndMs.end());
            out.emplace_back(q.layer, q.chunk, q.batch, q.index, int(q.flipFlags), frames);
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    REQUIRE(keys(a) == keys(b));
}

void setGid(isostar::map::MapData& map, std::size_t layer, TileCoord c, isostar::map::Gid gid, std::uint8_t flips = 0)
{
    isostar::map::TileGrid& g = map.layers.at(layer).tiles;
    const std::size_t i = std::size_t(c.y) * std::size_t(g.width) + std::size_t(c.x);
    g.gids.at(i) = gid;
    if (!g.flipFlags.empty())
        g.flipFlags.at(i) = flips;
}

const std::string kValley = std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx";

} // namespace

TEST_CASE("random cell edits on the valley: the patched mesh equals a fresh build", "[render][mesh][update]")
{
    isostar::map::MapData map = loadMapFile(kValley);
    REQUIRE(map.layers.size() >= 2);
    REQUIRE(map.layers[1].type == isostar::map::LayerType::Tile); // "overlay": roads, walls, trees
    MapMesh mesh = build(map);
    REQUIRE(mesh.layers[1].pass == LayerPass::Sorted);
    const isostar::map::Gid maxGid = map.tilesets.back().firstGid + isostar::map::Gid(map.tilesets.back().tileCount) - 1;
    const isostar::map::Gid erupting = 121 + 17; // tall.tsx (firstgid 121) tile 17: the animated erupting volcano
    REQUIRE(map.tileInfo(erupting));
    REQUIRE_FALSE(map.tileInfo(erupting)->animation.empty());

    std::mt19937 rng(20240611);
    auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int round = 0; round < testsupport::scaled(40); ++round) { // 10 in the sanitizer build
        INFO("round " << round);
        // A brush stroke: one cell and up to 4 neighbours; every other round near a chunk border
        // (tall tiles there rise over the neighbouring chunk).
        TileCoord c{uniform(0, map.width - 1), uniform(0, map.height - 1)};
        if (round % 2 == 0)
            c = {std::min(map.width - 1, 16 * uniform(1, 4) + uniform(-1, 0)),
                 std::min(map.height - 1, 16 * uniform(1, 4) + uniform(-1, 0))};
        std::vector<TileCoord> cells{c};
        const TileCoord around[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (const TileCoord& d : around) {
            const TileCoord n{c.x + d.x, c.y + d.y};
            if (n.x >= 0 && n.y >= 0 && n.x < map.width && n.y < map.height)
                cells.push_back(n);
        }
        for (const TileCoord& cell : cells) {
            const std::size_t layer = std::size_t(uniform(0, 1));
            isostar::map::Gid gid = isostar::map::Gid(uniform(layer == 0 ? 1 : 0, int(maxGid)));
            if (uniform(0, 5) == 0)
                gid = erupting;
            setGid(map, layer, cell, gid, std::uint8_t(uniform(0, 7) == 0 ? isostar::map::flip::Horizontal : 0));
        }
        std::vector<MeshChunkRef> rebuilt;
        std::vector<isostar::Diagnostic> problems;
        REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, cells, mesh, rebuilt, problems));
        CHECK(problems.empty());
        // At most one chunk per cell and tile layer, and only chunks holding an edited cell.
        CHECK(rebuilt.size() <= 2 * cells.size());
        CHECK(std::is_sorted(rebuilt.begin(), rebuilt.end()));
        for (const MeshChunkRef& r : rebuilt)
            CHECK(std::any_of(cells.begin(), cells.end(),
                              [&](TileCoord cell) { return (cell.y / 16) * 5 + cell.x / 16 == r.chunk; }));
        requireSameMesh(mesh, build(map));
    }
}

TEST_CASE("a tall tile on a chunk's edge grows that chunk's bounds over its neighbour", "[render][mesh][update]")
{
    isostar::map::MapData map = loadMapFile(kValley);
    MapMesh mesh = build(map);
    const TileCoord cell{32, 32}; // top corner of chunk (2,2) of the 16-cell chunks
    setGid(map, 1, cell, 0);
    std::vector<MeshChunkRef> rebuilt;
    std::vector<isostar::Diagnostic> problems;
    const TileCoord cells[1] = {cell};
    REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, cells, mesh, rebuilt, problems));
    const float topOfCell = mesh.projection.tileToWorld({32.0, 32.0}).y;
    setGid(map, 1, cell, 121 + 25); // a tree, 128 pixels high on a 32-pixel grid
    REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, cells, mesh, rebuilt, problems));
    CHECK(rebuilt == std::vector<MeshChunkRef>{{0, 12}, {1, 12}});
    CHECK(mesh.layers[1].chunks[12].bounds.top <= topOfCell - 96.f);
    requireSameMesh(mesh, build(map));
}

TEST_CASE("an edit that changes which layers are depth-sorted rebuilds the whole mesh", "[render][mesh][update]")
{
    isostar::map::MapData map = loadMapFile(std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/wall_iso.tmx");
    MapMesh mesh = build(map);
    REQUIRE(mesh.layers[1].pass == LayerPass::Sorted);
    const TileCoord cells[1] = {{1, 1}};
    std::vector<MeshChunkRef> rebuilt;
    std::vector<isostar::Diagnostic> problems;

    setGid(map, 1, {1, 1}, 0); // the only wall goes: "walls" becomes ground
    REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, cells, mesh, rebuilt, problems));
    CHECK(mesh.layers[1].pass == LayerPass::Ground);
    CHECK(rebuilt.size() == mesh.layers[0].chunks.size() + mesh.layers[1].chunks.size());
    requireSameMesh(mesh, build(map));

    setGid(map, 1, {1, 1}, 3); // and comes back
    REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, cells, mesh, rebuilt, problems));
    CHECK(mesh.layers[1].pass == LayerPass::Sorted);
    requireSameMesh(mesh, build(map));

    setGid(map, 1, {1, 1}, 1); // the wall becomes a flat tile
    setGid(map, 1, {0, 0}, 4); // but another wall elsewhere keeps it sorted
    const TileCoord two[2] = {{1, 1}, {0, 0}};
    REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, two, mesh, rebuilt, problems));
    CHECK(mesh.layers[1].pass == LayerPass::Sorted);
    CHECK(rebuilt.size() == 2);
    requireSameMesh(mesh, build(map));
    CHECK(problems.empty());
}

TEST_CASE("a tile without a loaded texture is refused, naming the map and the cell", "[render][mesh][update]")
{
    const std::string path = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/wall_iso.tmx";
    isostar::map::MapData map = loadMapFile(path);
    setGid(map, 1, {1, 1}, 0); // the "tall" tileset's image is then never used: no texture
    MapMesh mesh = build(map);
    REQUIRE(mesh.textures.size() == 1);
    const MapMesh before = build(map);

    setGid(map, 0, {2, 0}, 2);  // fine on its own
    setGid(map, 1, {2, 1}, 4);  // needs tiles32.png
    const TileCoord cells[2] = {{2, 0}, {2, 1}};
    std::vector<MeshChunkRef> rebuilt;
    std::vector<isostar::Diagnostic> problems;
    CHECK_FALSE(isostar::render::rebuildMapMeshCells(map, {}, cells, mesh, rebuilt, problems));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].file == path);
    CHECK(problems[0].message.find("cell (2,1) of layer \"walls\" shows gid 4 of tileset \"tall\"") !=
          std::string::npos);
    CHECK(rebuilt.empty());
    requireSameMesh(mesh, before); // the fine cell was not applied either

    setGid(map, 1, {2, 1}, 0);
    problems.clear();
    REQUIRE(isostar::render::rebuildMapMeshCells(map, {}, cells, mesh, rebuilt, problems));
    requireSameMesh(mesh, build(map));

    // A gid of no tileset.
    setGid(map, 0, {0, 0}, 99);
    const TileCoord first[1] = {{0, 0}};
    CHECK_FALSE(isostar::render::rebuildMapMeshCells(map, {}, first, mesh, rebuilt, problems));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.find("cell (0,0) of layer \"ground\" shows gid 99, which belongs to no tileset") !=
          std::string::npos);
}

TEST_CASE("cells outside the map are ignored, exact-order meshes rebuild their one chunk", "[render][mesh][update]")
{
    isostar::map::MapData map = loadMapFile(std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/wall_iso.tmx");
    MeshOptions exact;
    exact.exactOrder = true;
    MapMesh mesh = build(map, exact);
    std::vector<MeshChunkRef> rebuilt;
    std::vector<isostar::Diagnostic> problems;
    const TileCoord outside[2] = {{-1, 0}, {3, 3}};
    REQUIRE(isostar::render::rebuildMapMeshCells(map, exact, outside, mesh, rebuilt, problems));
    CHECK(rebuilt.empty());
    setGid(map, 0, {2, 2}, 2);
    const TileCoord cells[1] = {{2, 2}};
    REQUIRE(isostar::render::rebuildMapMeshCells(map, exact, cells, mesh, rebuilt, problems));
    CHECK(rebuilt == std::vector<MeshChunkRef>{{0, 0}, {1, 0}});
    requireSameMesh(mesh, build(map, exact));
}

TEST_CASE("a lazy mesh: estimated bounds hold every chunk's quads, chunks built later equal a whole build",
          "[render][mesh][lazy]")
{
    const std::string features = std::string(ISOSTAR_SOURCE_DIR) + "/tests/data/render/";
    for (const std::string& path : {kValley, features + "features_iso.tmx", features + "features_ortho.tmx"}) {
        INFO(path);
        const isostar::map::MapData map = loadMapFile(path);
        MeshOptions small;
        small.chunkCells = 5;
        for (const MeshOptions& options : {MeshOptions{}, small}) {
            INFO("chunk cells " << options.chunkCells);
            const MapMesh whole = build(map, options);
            MapMesh lazy;
            std::vector<isostar::Diagnostic> problems;
            REQUIRE(isostar::render::buildMapMeshLayout(map, options, lazy, problems));
            REQUIRE(lazy.layers.size() == whole.layers.size());
            std::vector<MeshChunkRef> odd, even;
            for (std::size_t li = 0; li < lazy.layers.size(); ++li) {
                REQUIRE(lazy.layers[li].chunks.size() == whole.layers[li].chunks.size());
                for (std::size_t ci = 0; ci < lazy.layers[li].chunks.size(); ++ci) {
                    const isostar::render::MeshChunk& estimate = lazy.layers[li].chunks[ci];
                    const sf::FloatRect exact = whole.layers[li].chunks[ci].bounds;
                    if (!estimate.built) {
                        CHECK(estimate.batches.empty());
                        CHECK(estimate.items.empty());
                        (ci % 2 ? odd : even).push_back({int(li), int(ci)});
                    }
                    if (exact.width <= 0.f && exact.height <= 0.f)
                        continue;  // an empty chunk
                    INFO("layer " << li << " chunk " << ci);
                    CHECK(estimate.bounds.left <= exact.left);
                    CHECK(estimate.bounds.top <= exact.top);
                    CHECK(estimate.bounds.left + estimate.bounds.width >= exact.left + exact.width);
                    CHECK(estimate.bounds.top + estimate.bounds.height >= exact.top + exact.height);
                }
            }
            // Every texture is listed up front: building the chunks (in two rounds, as views
            // would) never needs another.
            const std::size_t textures = lazy.textures.size();
            REQUIRE(isostar::render::buildMapMeshChunks(map, options, odd, lazy, problems));
            REQUIRE(isostar::render::buildMapMeshChunks(map, options, even, lazy, problems));
            CHECK(problems.empty());
            CHECK(lazy.textures.size() == textures);
            requireSameMesh(lazy, whole);
        }
    }
}
