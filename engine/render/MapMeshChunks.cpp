/// \file MapMeshChunks.cpp
/// Tile layers cut into chunks of MeshOptions::chunkCells square (one chunk per layer in exact
/// order), each chunk built in Tiled's draw order; and rebuildMapMeshCells' work: checking that
/// the map still fits the mesh, finding the chunks an edit touched, rebuilding them alone (or
/// the whole mesh when the edit moves the depth-sorted part) and putting them in place.
#include "engine/render/detail/MeshBuilder.hpp"

#include <algorithm>
#include <string>

namespace isostar::render::detail {

MeshBuilder::ChunkGrid MeshBuilder::chunkGridOf(const map::TileGrid& g) const
{
    ChunkGrid cg;
    cg.size = m_options.exactOrder ? std::max(g.width, g.height) : std::max(1, m_options.chunkCells);
    cg.chunksX = (g.width + cg.size - 1) / cg.size;
    cg.chunksY = (g.height + cg.size - 1) / cg.size;
    return cg;
}

int MeshBuilder::drawRow(int x, int y) const
{
    const iso::Projection& p = m_out.projection;
    if (p.orientation() != iso::Orientation::Hexagonal || !p.hex().staggerX)
        return y;
    const bool shifted = ((x & 1) != 0) != p.hex().staggerEven;
    return 2 * y + (shifted ? 1 : 0);
}

MeshBuilder::TileLayerSink MeshBuilder::sinkFor(const FlatLayer& fl, int li,
                                                 std::vector<MeshAnimatedQuad>& animatedQuads) const
{
    const MeshLayer& ml = m_out.layers[std::size_t(li)];
    return TileLayerSink{&fl, li, m_options.exactOrder || ml.pass != LayerPass::Ground, vertexColor(fl),
                         &animatedQuads};
}

void MeshBuilder::buildTileLayer(const FlatLayer& fl, int li)
{
    MeshLayer& ml = m_out.layers[std::size_t(li)];
    const map::TileGrid& g = fl.layer->tiles;
    if (g.width <= 0 || g.height <= 0)
        return;
    const ChunkGrid cg = chunkGridOf(g);
    ml.chunks.resize(std::size_t(cg.chunksX) * std::size_t(cg.chunksY));
    std::vector<bool> firstBounds(ml.chunks.size(), true);
    const TileLayerSink sink = sinkFor(fl, li, m_out.animatedQuads);
    forCellsInOrder(0, 0, g.width - 1, g.height - 1, [&](int gx, int gy) {
        const int chunk = (gy / cg.size) * cg.chunksX + gx / cg.size;
        bool fb = firstBounds[std::size_t(chunk)];
        if (!emitTile(sink, gx, gy, ml.chunks[std::size_t(chunk)], chunk, fb) && !m_firstMissing)
            m_firstMissing.emplace(fl.layer, TileCoord{g.originX + gx, g.originY + gy});
        firstBounds[std::size_t(chunk)] = fb;
        return true;
    });
}

void MeshBuilder::listTurnedTiles(const map::TileGrid& g)
{
    // The smooth textures of the tiles this layer turns (each its own rectangle), so the lazy
    // chunks find them; emitTile asks for the same ones.
    for (std::size_t i = 0; i < g.gids.size() && i < g.flipFlags.size(); ++i) {
        if (g.gids[i] == 0 || (g.flipFlags[i] & (map::flip::Diagonal | map::flip::Rotated120)) == 0)
            continue;
        const Tileset* ts = m_map.tilesetFor(g.gids[i]);
        if (!ts)
            continue;
        int animation = -1;
        const TileImage img = shownImage(*ts, g.gids[i] - ts->firstGid, animation);
        if (img.texture >= 0)
            smoothTwin(img.texture, animation < 0 ? img.rect : sf::IntRect());
    }
}

float MeshBuilder::quadReach() const
{
    int size = std::max(m_map.tileWidth, m_map.tileHeight);
    double offset = 0.0;
    for (const Tileset& ts : m_map.tilesets) {
        size = std::max({size, ts.tileWidth, ts.tileHeight});
        offset = std::max({offset, std::abs(double(ts.tileOffset.x)), std::abs(double(ts.tileOffset.y))});
        for (const map::TileInfo& t : ts.tiles)
            size = std::max({size, t.width, t.height, t.imageWidth, t.imageHeight});
    }
    return float(double(size) + offset);
}

void MeshBuilder::layoutTileLayer(const FlatLayer& fl, int li)
{
    MeshLayer& ml = m_out.layers[std::size_t(li)];
    const map::TileGrid& g = fl.layer->tiles;
    if (g.width <= 0 || g.height <= 0)
        return;
    // Every texture a tile of this layer may need (the tint is the layer's).
    for (const Tileset& ts : m_map.tilesets) {
        if (!ts.isCollection())
            textureFor(ts, ts.image);
        for (const map::TileInfo& t : ts.tiles)
            if (!t.image.empty())
                textureFor(ts, t.image);
    }
    if (m_out.projection.orientation() == iso::Orientation::Hexagonal)
        listTurnedTiles(g);
    const ChunkGrid cg = chunkGridOf(g);
    ml.chunks.resize(std::size_t(cg.chunksX) * std::size_t(cg.chunksY));
    const float reach = quadReach() + std::abs(fl.offset.x) + std::abs(fl.offset.y);
    for (int cy = 0; cy < cg.chunksY; ++cy)
        for (int cx = 0; cx < cg.chunksX; ++cx) {
            // The bounding box of the chunk's cells (the four corners of its cell rectangle),
            // grown by the farthest a quad reaches out of its cell.
            const double x0 = g.originX + cx * cg.size, y0 = g.originY + cy * cg.size;
            const double x1 = g.originX + std::min((cx + 1) * cg.size, g.width);
            const double y1 = g.originY + std::min((cy + 1) * cg.size, g.height);
            sf::FloatRect box;
            bool first = true;
            for (const TilePos p : {TilePos{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}) {
                const iso::WorldPos w = m_out.projection.tileToWorld(p);
                grow(box, sf::FloatRect(w.x, w.y, 0.f, 0.f), first);
            }
            MeshChunk& mc = ml.chunks[std::size_t(cy) * std::size_t(cg.chunksX) + std::size_t(cx)];
            mc.bounds = {box.left - reach, box.top - reach, box.width + 2.f * reach, box.height + 2.f * reach};
            mc.built = false;
        }
}

bool MeshBuilder::buildChunks(std::span<const MeshChunkRef> chunks, std::vector<Diagnostic>& problems)
{
    std::vector<FlatLayer> flat;
    flatten(m_map.layers, FlatLayer{}, flat);
    if (!sameLayout(flat)) {
        problems.push_back({m_map.path, 0, "cannot draw the map: its size or layers changed since it was loaded"});
        return false;
    }
    const std::size_t oldAnimations = m_out.animations.size();
    std::vector<PendingChunk> pending;
    std::vector<MeshAnimatedQuad> quads;
    for (const MeshChunkRef& ref : chunks) {
        const FlatLayer& fl = flat[std::size_t(ref.layer)];
        if (fl.layer->type != LayerType::Tile)
            continue;
        useTintOf(fl);
        PendingChunk p{ref, MeshChunk{}};
        TileCoord bad;
        if (!buildTileChunk(fl, ref.layer, ref.chunk, p.chunk, quads, bad)) {
            m_out.animations.resize(oldAnimations);
            problems.push_back(noTextureProblem(*fl.layer, bad));
            return false;
        }
        pending.push_back(std::move(p));
    }
    std::vector<MeshChunkRef> built;
    installChunks(pending, quads, built);
    return true;
}

bool MeshBuilder::buildTileChunk(const FlatLayer& fl, int li, int chunk, MeshChunk& out,
                                 std::vector<MeshAnimatedQuad>& quads, TileCoord& badCell)
{
    const map::TileGrid& g = fl.layer->tiles;
    const ChunkGrid cg = chunkGridOf(g);
    const int x0 = (chunk % cg.chunksX) * cg.size, y0 = (chunk / cg.chunksX) * cg.size;
    const int x1 = std::min(x0 + cg.size, g.width) - 1, y1 = std::min(y0 + cg.size, g.height) - 1;
    const TileLayerSink sink = sinkFor(fl, li, quads);
    bool first = true;
    return forCellsInOrder(x0, y0, x1, y1, [&](int gx, int gy) {
        if (emitTile(sink, gx, gy, out, chunk, first))
            return true;
        badCell = {g.originX + gx, g.originY + gy};
        return false;
    });
}

bool MeshBuilder::rebuildCells(std::span<const TileCoord> cells, std::vector<MeshChunkRef>& rebuilt,
                               std::vector<Diagnostic>& problems)
{
    rebuilt.clear();
    std::vector<FlatLayer> flat;
    flatten(m_map.layers, FlatLayer{}, flat);
    if (!sameLayout(flat)) {
        problems.push_back({m_map.path, 0, "cannot update the map's picture in place: its size or layers changed "
                                           "since it was loaded (reload it)"});
        return false;
    }
    if (sortedStartMoves(flat, cells))
        return rebuildAll(rebuilt, problems);
    std::vector<PendingChunk> pending;
    std::vector<MeshAnimatedQuad> quads;
    if (!buildTouchedChunks(flat, cells, pending, quads, problems))
        return false;
    installChunks(pending, quads, rebuilt);
    return true;
}

bool MeshBuilder::sameLayout(const std::vector<FlatLayer>& flat) const
{
    bool sameLayers = flat.size() == m_out.layers.size();
    for (std::size_t i = 0; sameLayers && i < flat.size(); ++i) {
        const map::TileGrid& g = flat[i].layer->tiles;
        sameLayers = flat[i].layer->type == m_out.layers[i].type && flat[i].layer->name == m_out.layers[i].name &&
                     (flat[i].layer->type != LayerType::Tile || g.width <= 0 || g.height <= 0 ||
                      m_out.layers[i].chunks.size() ==
                          std::size_t(chunkGridOf(g).chunksX) * std::size_t(chunkGridOf(g).chunksY));
    }
    return sameLayers && m_out.projection.mapWidth() == std::max(1, m_map.width) &&
           m_out.projection.mapHeight() == std::max(1, m_map.height);
}

bool MeshBuilder::sortedStartMoves(const std::vector<FlatLayer>& flat, std::span<const TileCoord> cells) const
{
    // Layers before the start had no tall tile, so only the edited cells can have given them
    // one; the first sorted layer keeps its place if an edited cell (or else any cell) of it is
    // tall.
    std::size_t oldStart = m_out.layers.size();
    for (std::size_t i = 0; i < m_out.layers.size() && oldStart == m_out.layers.size(); ++i)
        if (m_out.layers[i].pass != LayerPass::Ground)
            oldStart = i;
    const std::size_t newStart = sortedStartOf(flat, [&](std::size_t i) {
        const Layer& l = *flat[i].layer;
        if (i < oldStart)
            return hasTallCell(l, cells);
        if (i == oldStart && hasTallCell(l, cells))
            return true;
        return isTallTileLayer(l);
    });
    return newStart != oldStart;
}

std::vector<int> MeshBuilder::chunksHolding(const map::TileGrid& g, const ChunkGrid& cg,
                                            std::span<const TileCoord> cells)
{
    std::vector<int> chunks;
    for (const TileCoord& c : cells) {
        const int gx = c.x - g.originX, gy = c.y - g.originY;
        if (gx >= 0 && gy >= 0 && gx < g.width && gy < g.height)
            chunks.push_back((gy / cg.size) * cg.chunksX + gx / cg.size);
    }
    std::sort(chunks.begin(), chunks.end());
    chunks.erase(std::unique(chunks.begin(), chunks.end()), chunks.end());
    return chunks;
}

bool MeshBuilder::buildTouchedChunks(const std::vector<FlatLayer>& flat, std::span<const TileCoord> cells,
                                     std::vector<PendingChunk>& pending, std::vector<MeshAnimatedQuad>& quads,
                                     std::vector<Diagnostic>& problems)
{
    const std::size_t oldAnimations = m_out.animations.size();
    for (std::size_t i = 0; i < flat.size(); ++i) {
        const map::TileGrid& g = flat[i].layer->tiles;
        if (flat[i].layer->type != LayerType::Tile || g.width <= 0 || g.height <= 0)
            continue;
        const std::vector<int> chunks = chunksHolding(g, chunkGridOf(g), cells);
        useTintOf(flat[i]);
        for (int chunk : chunks) {
            PendingChunk p{{int(i), chunk}, MeshChunk{}};
            TileCoord bad;
            if (!buildTileChunk(flat[i], int(i), chunk, p.chunk, quads, bad)) {
                m_out.animations.resize(oldAnimations);
                problems.push_back(noTextureProblem(*flat[i].layer, bad));
                return false;
            }
            pending.push_back(std::move(p));
        }
    }
    return true;
}

void MeshBuilder::installChunks(std::vector<PendingChunk>& pending, const std::vector<MeshAnimatedQuad>& quads,
                                std::vector<MeshChunkRef>& rebuilt)
{
    for (PendingChunk& p : pending) {
        m_out.layers[std::size_t(p.ref.layer)].chunks[std::size_t(p.ref.chunk)] = std::move(p.chunk);
        rebuilt.push_back(p.ref);
    }
    std::erase_if(m_out.animatedQuads, [&](const MeshAnimatedQuad& q) {
        return std::binary_search(rebuilt.begin(), rebuilt.end(), MeshChunkRef{q.layer, q.chunk});
    });
    m_out.animatedQuads.insert(m_out.animatedQuads.end(), quads.begin(), quads.end());
    updateBounds();
}

bool MeshBuilder::rebuildAll(std::vector<MeshChunkRef>& rebuilt, std::vector<Diagnostic>& problems)
{
    MapMesh fresh;
    fresh.textures = m_out.textures;
    MeshBuilder b(m_map, m_options, fresh, true);
    b.build();
    if (b.m_firstMissing) {
        problems.push_back(noTextureProblem(*b.m_firstMissing->first, b.m_firstMissing->second));
        return false;
    }
    m_out = std::move(fresh);
    for (std::size_t li = 0; li < m_out.layers.size(); ++li)
        for (std::size_t ci = 0; ci < m_out.layers[li].chunks.size(); ++ci)
            rebuilt.push_back({int(li), int(ci)});
    return true;
}

Diagnostic MeshBuilder::noTextureProblem(const Layer& layer, TileCoord cell) const
{
    const map::TileGrid& g = layer.tiles;
    const map::Gid gid = g.at(cell.x - g.originX, cell.y - g.originY);
    const Tileset* ts = m_map.tilesetFor(gid);
    return {m_map.path, 0,
            "cell (" + std::to_string(cell.x) + "," + std::to_string(cell.y) + ") of layer \"" + layer.name +
                "\" shows gid " + std::to_string(gid) +
                (ts ? " of tileset \"" + ts->name + "\", whose image was not loaded with the map"
                    : ", which belongs to no tileset of the map") +
                ": cannot draw it without reloading the map"};
}

} // namespace isostar::render::detail
