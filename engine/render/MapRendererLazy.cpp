/// \file MapRendererLazy.cpp
/// Lazy renderers (MapRenderer::Options::lazyChunks): the chunks a view needs built on demand
/// from the renderer's copy of the map, the ones unseen longest dropped beyond the budget.
#include "engine/render/GroundCache.hpp"
#include "engine/render/MapRenderer.hpp"

#include <algorithm>
#include <utility>

namespace isostar::render {

namespace detail {

namespace {

bool sameTileLayers(const std::vector<map::Layer>& a, const std::vector<map::Layer>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].type != b[i].type)
            return false;
        const map::TileGrid& ga = a[i].tiles;
        const map::TileGrid& gb = b[i].tiles;
        if (a[i].type == map::LayerType::Tile &&
            (ga.originX != gb.originX || ga.originY != gb.originY || ga.width != gb.width ||
             ga.height != gb.height || ga.flipFlags.size() != gb.flipFlags.size()))
            return false;
        if (a[i].type == map::LayerType::Group && !sameTileLayers(a[i].layers, b[i].layers))
            return false;
    }
    return true;
}

void copyLayerCells(const std::vector<map::Layer>& from, std::span<const TileCoord> cells, std::vector<map::Layer>& to)
{
    for (std::size_t i = 0; i < from.size(); ++i) {
        if (from[i].type == map::LayerType::Group)
            copyLayerCells(from[i].layers, cells, to[i].layers);
        if (from[i].type != map::LayerType::Tile)
            continue;
        const map::TileGrid& g = from[i].tiles;
        map::TileGrid& t = to[i].tiles;
        for (const TileCoord& c : cells) {
            const int gx = c.x - g.originX, gy = c.y - g.originY;
            if (gx < 0 || gy < 0 || gx >= g.width || gy >= g.height)
                continue;
            const std::size_t k = std::size_t(gy) * std::size_t(g.width) + std::size_t(gx);
            t.gids[k] = g.gids[k];
            if (!g.flipFlags.empty())
                t.flipFlags[k] = g.flipFlags[k];
        }
    }
}

} // namespace

bool copyCells(const map::MapData& from, std::span<const TileCoord> cells, map::MapData& to)
{
    if (!sameTileLayers(from.layers, to.layers))
        return false;
    copyLayerCells(from.layers, cells, to.layers);
    return true;
}

} // namespace detail

std::size_t MapRenderer::builtChunks() const
{
    std::size_t n = 0;
    for (const MeshLayer& l : m_mesh.layers)
        if (l.type == map::LayerType::Tile)
            for (const MeshChunk& c : l.chunks)
                n += c.built ? 1 : 0;
    return n;
}

bool MapRenderer::prepare(const sf::FloatRect& view, std::vector<isostar::Diagnostic>& problems)
{
    if (!m_lazyMap)
        return true;
    ++m_prepares;
    // The view and every ground cache tile that overlaps it (painted whole from the chunks).
    const float margin = float(GroundCache::TilePixels);
    const sf::FloatRect area(view.left - margin, view.top - margin, view.width + 2.f * margin,
                             view.height + 2.f * margin);
    std::vector<MeshChunkRef> missing;
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li) {
        if (m_mesh.layers[li].type != map::LayerType::Tile)
            continue;
        for (int ci : chunksInView(int(li), area)) {
            m_chunkUsed[li][std::size_t(ci)] = m_prepares;
            if (!m_mesh.layers[li].chunks[std::size_t(ci)].built)
                missing.push_back({int(li), ci});
        }
    }
    if (!missing.empty()) {
        if (!buildMapMeshChunks(*m_lazyMap, m_meshOptions, missing, m_mesh, problems))
            return false;
        chunksBuilt(missing);
    }
    evictChunks();
    return true;
}

void MapRenderer::chunksBuilt(std::span<const MeshChunkRef> chunks)
{
    tightenQuads(chunks);
    markAnimatedChunks();
    for (MeshAnimation& a : m_mesh.animations)
        a.current = animationFrameAt(a, m_timeMs);
    for (const MeshAnimatedQuad& q : m_mesh.animatedQuads)
        if (std::binary_search(chunks.begin(), chunks.end(), MeshChunkRef{q.layer, q.chunk})) {
            const MeshAnimation& a = m_mesh.animations[std::size_t(q.animation)];
            setAnimatedFrame(q, a.frameRects[std::size_t(a.current)]);
        }
    for (const MeshChunkRef& ref : chunks)
        m_groundCache.invalidate(m_mesh.layers[std::size_t(ref.layer)].chunks[std::size_t(ref.chunk)].bounds);
}

void MapRenderer::evictChunks()
{
    std::vector<std::pair<std::uint32_t, MeshChunkRef>> built;
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li)
        if (m_mesh.layers[li].type == map::LayerType::Tile)
            for (std::size_t ci = 0; ci < m_mesh.layers[li].chunks.size(); ++ci)
                if (m_mesh.layers[li].chunks[ci].built)
                    built.push_back({m_chunkUsed[li][ci], {int(li), int(ci)}});
    if (built.size() <= m_chunkBudget)
        return;
    // Down to three quarters of the budget, the least recently needed first (never this
    // call's), so that the next calls do not evict again at once.
    std::sort(built.begin(), built.end());
    const std::size_t keep = m_chunkBudget * 3 / 4;
    std::vector<MeshChunkRef> dropped;
    for (std::size_t i = 0; i < built.size() - keep && built[i].first != m_prepares; ++i) {
        const MeshChunkRef ref = built[i].second;
        MeshChunk& c = m_mesh.layers[std::size_t(ref.layer)].chunks[std::size_t(ref.chunk)];
        // The bounds stay (they hold the same quads when it is built again from the same map).
        c.batches = {};
        c.items = {};
        c.built = false;
        dropped.push_back(ref);
    }
    std::sort(dropped.begin(), dropped.end());
    std::erase_if(m_mesh.animatedQuads, [&](const MeshAnimatedQuad& q) {
        return std::binary_search(dropped.begin(), dropped.end(), MeshChunkRef{q.layer, q.chunk});
    });
    markAnimatedChunks();
}

} // namespace isostar::render
