/// \file MapRendererDraw.cpp
/// MapRenderer's drawing: the flat ground (through the ground cache or chunk by chunk), the
/// depth-sorted tiles and sprites in view, the image layers on top, and every layer in Tiled's
/// order for renderMapToImage; quads are sent in runs of one texture.
#include "engine/render/MapRenderer.hpp"
#include "engine/render/ViewRect.hpp"

#include "engine/render/PremultipliedBlend.hpp"

#include <algorithm>
#include <cmath>

namespace isostar::render {

namespace {

/// Collects quads and draws them in runs of one texture (one draw call per run).
class QuadStream {
public:
    QuadStream(sf::RenderTarget& target, sf::RenderStates base, int& drawCalls)
        : m_target(target)
        , m_base(base)
        , m_drawCalls(drawCalls)
    {
        m_vertices.reserve(6 * 512);
    }
    QuadStream(const QuadStream&) = delete;
    QuadStream& operator=(const QuadStream&) = delete;
    ~QuadStream() { flush(); }

    void add(const sf::Texture* texture, const sf::Vertex* six)
    {
        if (texture != m_texture)
            flush();
        m_texture = texture;
        m_vertices.insert(m_vertices.end(), six, six + 6);
    }
    void flush()
    {
        if (m_vertices.empty())
            return;
        sf::RenderStates states = m_base;
        states.texture = m_texture;
        m_target.draw(m_vertices.data(), m_vertices.size(), sf::Triangles, states);
        ++m_drawCalls;
        m_vertices.clear();
    }

private:
    sf::RenderTarget& m_target;
    sf::RenderStates m_base;
    int& m_drawCalls;
    const sf::Texture* m_texture = nullptr;
    std::vector<sf::Vertex> m_vertices;
};

void spriteQuad(const SpriteItem& s, sf::Vertex* six)
{
    const float w = float(std::abs(s.rect.width)), h = float(std::abs(s.rect.height));
    const sf::Vector2f tl = s.feet - s.origin * s.scale;
    const sf::Vector2f p[4] = {tl, tl + sf::Vector2f(w * s.scale, 0.f), tl + sf::Vector2f(w, h) * s.scale,
                               tl + sf::Vector2f(0.f, h * s.scale)};
    const float l = float(s.rect.left), t = float(s.rect.top);
    const float r = l + float(s.rect.width), b = t + float(s.rect.height);
    const sf::Vector2f tc[4] = {{l, t}, {r, t}, {r, b}, {l, b}};
    const int idx[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; ++i)
        six[i] = sf::Vertex(p[idx[i]], s.color, tc[idx[i]]);
}

} // namespace

sf::RenderStates MapRenderer::statesFor(int texture) const
{
    sf::RenderStates states;
    if (m_premultiplied)
        states.blendMode = kPremultipliedBlend;
    if (texture >= 0 && std::size_t(texture) < m_textures.size())
        states.texture = m_textures[std::size_t(texture)].get();
    return states;
}

void MapRenderer::draw(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites,
                       const OverlayFn& groundOverlay) const
{
    DrawStats stats;
    draw(target, sprites, groundOverlay, stats);
}

void MapRenderer::draw(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites, const OverlayFn& groundOverlay,
                       DrawStats& stats) const
{
    stats = DrawStats{};
    const sf::FloatRect view = viewRect(target);
    const sf::RenderStates base = statesFor(-1);

    // 1. The flat ground: through the cache of 1:1 pictures (seamless at every zoom), or tile
    //    by tile.
    bool cached = false;
    if (m_groundCacheOn && m_culling && target.getView().getRotation() == 0.f) {
        GroundCacheStats cacheStats;
        cached = m_groundCache.draw(target, view, m_mesh.bounds, m_animationEpoch,
                                    [&](sf::RenderTarget& t, const sf::FloatRect& area) {
                                        return drawFlatGround(t, area, stats);
                                    },
                                    cacheStats);
        stats.groundTilesDrawn = cacheStats.tilesDrawn;
        stats.groundTilesRendered = cacheStats.tilesRendered;
        stats.drawCalls += cacheStats.tilesDrawn;
    }
    if (!cached)
        drawFlatGround(target, view, stats);

    if (groundOverlay)
        groundOverlay(target);

    // 2. Depth-sorted: tall tiles in view and the sprites.
    drawSorted(target, sprites, view, base, stats);

    // 3. Image layers after the sorted part.
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li) {
        const MeshLayer& layer = m_mesh.layers[li];
        if (layer.pass != LayerPass::Top)
            continue;
        QuadStream stream(target, base, stats.drawCalls);
        for (int ci : chunksInView(int(li), view))
            for (const MeshItem& item : layer.chunks[std::size_t(ci)].items)
                if (!m_culling || item.bounds.intersects(view))
                    stream.add(m_textures[std::size_t(item.texture)].get(), item.vertices.data());
    }
}

void MapRenderer::drawSorted(sf::RenderTarget& target, const std::vector<SpriteItem>& sprites,
                             const sf::FloatRect& view, const sf::RenderStates& base, DrawStats& stats) const
{
    struct Entry {
        float key;
        int cls;
        int layer;
        int order;
        const MeshItem* item;
        const SpriteItem* sprite;
    };
    std::vector<Entry> entries;
    entries.reserve(1024 + sprites.size());
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li) {
        const MeshLayer& layer = m_mesh.layers[li];
        if (layer.pass != LayerPass::Sorted)
            continue;
        for (int ci : chunksInView(int(li), view)) {
            const MeshChunk& chunk = layer.chunks[std::size_t(ci)];
            for (const MeshItem& item : chunk.items)
                if (!item.flat && (!m_culling || item.bounds.intersects(view)))
                    entries.push_back({item.depthKey, 0, int(li), item.order, &item, nullptr});
        }
    }
    for (std::size_t i = 0; i < sprites.size(); ++i) {
        if (!sprites[i].texture)
            continue;
        entries.push_back({m_mesh.projection.depthKey(sprites[i].tile), 1, 0, int(i), nullptr, &sprites[i]});
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        if (a.key != b.key)
            return a.key < b.key;
        if (a.cls != b.cls)
            return a.cls < b.cls;
        if (a.layer != b.layer)
            return a.layer < b.layer;
        return a.order < b.order;
    });
    stats.sortedItems = int(entries.size());
    {
        QuadStream stream(target, base, stats.drawCalls);
        sf::Vertex six[6];
        for (const Entry& e : entries) {
            if (e.item && m_cellShade && e.item->cell.x >= 0) {
                const sf::Color shade = m_cellShade(e.item->cell);
                if (shade.a == 0)
                    continue;
                for (std::size_t k = 0; k < 6; ++k) {
                    six[k] = e.item->vertices[k];
                    six[k].color = six[k].color * shade;
                }
                stream.add(m_textures[std::size_t(e.item->texture)].get(), six);
            } else if (e.item) {
                stream.add(m_textures[std::size_t(e.item->texture)].get(), e.item->vertices.data());
            } else {
                spriteQuad(*e.sprite, six);
                stream.add(e.sprite->texture, six);
            }
        }
    }
}

bool MapRenderer::drawFlatGround(sf::RenderTarget& target, const sf::FloatRect& view, DrawStats& stats) const
{
    const sf::RenderStates base = statesFor(-1);
    bool animated = false;
    // Ground layers: whole chunk batches.
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li) {
        const MeshLayer& layer = m_mesh.layers[li];
        if (layer.pass != LayerPass::Ground)
            continue;
        for (int ci : chunksInView(int(li), view)) {
            const MeshChunk& chunk = layer.chunks[std::size_t(ci)];
            ++stats.groundChunksDrawn;
            if (li < m_groundAnimated.size() && m_groundAnimated[li][std::size_t(ci)])
                animated = true;
            for (const MeshBatch& batch : chunk.batches) {
                sf::RenderStates states = statesFor(batch.texture);
                if (batch.opaque)
                    states.blendMode = sf::BlendNone;
                target.draw(batch.vertices, states);
                ++stats.drawCalls;
            }
            if (!chunk.items.empty()) {
                QuadStream stream(target, base, stats.drawCalls);
                for (const MeshItem& item : chunk.items)
                    if (!m_culling || item.bounds.intersects(view))
                        stream.add(m_textures[std::size_t(item.texture)].get(), item.vertices.data());
            }
        }
    }
    // Flat tiles of sorted layers (roads in an overlay layer): nothing can be behind them.
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li) {
        const MeshLayer& layer = m_mesh.layers[li];
        if (layer.pass != LayerPass::Sorted)
            continue;
        QuadStream stream(target, base, stats.drawCalls);
        for (int ci : chunksInView(int(li), view)) {
            const MeshChunk& chunk = layer.chunks[std::size_t(ci)];
            for (const MeshItem& item : chunk.items)
                if (item.flat && (!m_culling || item.bounds.intersects(view)))
                    stream.add(m_textures[std::size_t(item.texture)].get(), item.vertices.data());
        }
    }
    return animated;
}

const std::vector<int>& MapRenderer::chunksInView(int layer, const sf::FloatRect& view) const
{
    if (m_culling) {
        m_index.query(layer, view, m_visible);
    } else {
        m_visible.resize(m_mesh.layers[std::size_t(layer)].chunks.size());
        for (std::size_t i = 0; i < m_visible.size(); ++i)
            m_visible[i] = int(i);
    }
    return m_visible;
}

void MapRenderer::drawAllLayers(sf::RenderTarget& target) const
{
    int drawCalls = 0;
    for (const MeshLayer& layer : m_mesh.layers)
        for (const MeshChunk& chunk : layer.chunks) {
            for (const MeshBatch& batch : chunk.batches)
                target.draw(batch.vertices, statesFor(batch.texture));
            QuadStream stream(target, statesFor(-1), drawCalls);
            for (const MeshItem& item : chunk.items)
                stream.add(m_textures[std::size_t(item.texture)].get(), item.vertices.data());
        }
}

} // namespace isostar::render
