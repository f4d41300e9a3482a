#include "engine/render/MapRenderer.hpp"

#include "engine/render/PremultipliedBlend.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/System/Err.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace eng::render {

namespace {

/// SFML prints its own loading errors to sf::err(); we report Diagnostics instead.
class QuietSfmlErrors {
public:
    QuietSfmlErrors()
        : m_old(sf::err().rdbuf(nullptr))
    {
    }
    ~QuietSfmlErrors() { sf::err().rdbuf(m_old); }
    QuietSfmlErrors(const QuietSfmlErrors&) = delete;
    QuietSfmlErrors& operator=(const QuietSfmlErrors&) = delete;

private:
    std::streambuf* m_old;
};

sf::FloatRect viewRect(const sf::RenderTarget& target)
{
    const sf::View& v = target.getView();
    const sf::Vector2f size = v.getSize();
    // A rotated view sees more than its size: cover the rotated rectangle's bounding box.
    const float ext = v.getRotation() == 0.f ? 0.f : std::max(std::abs(size.x), std::abs(size.y)) * 0.5f;
    const float w = std::abs(size.x) + 2.f * ext, h = std::abs(size.y) + 2.f * ext;
    return {v.getCenter().x - w / 2.f, v.getCenter().y - h / 2.f, w, h};
}

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

bool MapRenderer::load(const eng::map::MapData& map, std::vector<eng::Diagnostic>& problems)
{
    return load(map, problems, Options{});
}

bool MapRenderer::load(const eng::map::MapData& map, std::vector<eng::Diagnostic>& problems, const Options& options)
{
    m_mesh = MapMesh{};
    m_textures.clear();
    m_images.clear();
    m_coverage.clear();
    m_groundCache.clear();
    m_rebuiltChunks = 0;
    m_timeAccMs = 0.0;
    m_timeMs = 0;
    m_premultiplied = options.premultipliedAlpha;
    MeshOptions meshOptions = options.mesh;
    meshOptions.premultipliedAlpha = options.premultipliedAlpha;
    MapMesh mesh;
    if (!buildMapMesh(map, meshOptions, mesh, problems))
        return false;

    QuietSfmlErrors quiet;
    std::vector<std::unique_ptr<sf::Texture>> textures;
    std::vector<sf::Image> images;
    bool ok = true;
    for (const TextureSource& src : mesh.textures) {
        sf::Image image;
        if (!image.loadFromFile(src.path)) {
            problems.push_back({src.path, 0,
                                "cannot load image of " + (src.tileset.rfind("image layer", 0) == 0 ? src.tileset : "tileset \"" + src.tileset + "\"") +
                                    " (" + src.tilesetFile + "): missing or not a readable PNG/BMP/GIF/JPEG/TGA image"});
            ok = false;
            continue;
        }
        if (src.transparentColor)
            image.createMaskFromColor(sf::Color(src.transparentColor->r, src.transparentColor->g, src.transparentColor->b), 0);
        if (src.tint != sf::Color::White) {
            const sf::Vector2u size = image.getSize();
            for (unsigned y = 0; y < size.y; ++y)
                for (unsigned x = 0; x < size.x; ++x) {
                    sf::Color c = image.getPixel(x, y);
                    // Tiled: multiply-composite the opaque tint over the pixel, then keep the
                    // pixel's alpha: tint * (c*a + 1 - a) in straight colour.
                    auto ch = [&](sf::Uint8 v, sf::Uint8 t) {
                        return sf::Uint8((t * (v * c.a + 255 * (255 - c.a)) + 255 * 127) / (255 * 255));
                    };
                    c.r = ch(c.r, src.tint.r);
                    c.g = ch(c.g, src.tint.g);
                    c.b = ch(c.b, src.tint.b);
                    image.setPixel(x, y, c);
                }
        }
        images.push_back(image); // straight alpha, for tightenQuads (alpha is all it reads)
        if (m_premultiplied) {
            const sf::Vector2u size = image.getSize();
            for (unsigned y = 0; y < size.y; ++y)
                for (unsigned x = 0; x < size.x; ++x) {
                    sf::Color c = image.getPixel(x, y);
                    c.r = sf::Uint8((c.r * c.a + 127) / 255);
                    c.g = sf::Uint8((c.g * c.a + 127) / 255);
                    c.b = sf::Uint8((c.b * c.a + 127) / 255);
                    image.setPixel(x, y, c);
                }
        }
        auto texture = std::make_unique<sf::Texture>();
        if (!texture->loadFromImage(image)) {
            const sf::Vector2u size = image.getSize();
            problems.push_back({src.path, 0,
                                "cannot make a texture of " + std::to_string(size.x) + "x" + std::to_string(size.y) +
                                    " pixels (largest this GPU takes: " + std::to_string(sf::Texture::getMaximumSize()) + ")"});
            ok = false;
            continue;
        }
        textures.push_back(std::move(texture));
    }
    if (!ok)
        return false;
    m_mesh = std::move(mesh);
    m_textures = std::move(textures);
    m_images = std::move(images);
    m_meshOptions = meshOptions;
    std::vector<MeshChunkRef> all;
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li)
        for (std::size_t ci = 0; ci < m_mesh.layers[li].chunks.size(); ++ci)
            all.push_back({int(li), int(ci)});
    tightenQuads(all);
    m_index.build(m_mesh);
    m_groundCache.clear();
    markAnimatedChunks();
    return true;
}

void MapRenderer::markAnimatedChunks()
{
    m_groundAnimated.assign(m_mesh.layers.size(), {});
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li)
        m_groundAnimated[li].assign(m_mesh.layers[li].chunks.size(), 0);
    // Animated items of sorted layers are never flat (tightenQuads leaves them), so only ground
    // layers put animated tiles into the cached ground.
    for (const MeshAnimatedQuad& q : m_mesh.animatedQuads)
        if (m_mesh.layers[std::size_t(q.layer)].pass == LayerPass::Ground)
            m_groundAnimated[std::size_t(q.layer)][std::size_t(q.chunk)] = 1;
}

bool MapRenderer::updateCells(const eng::map::MapData& map, std::span<const eng::TileCoord> cells,
                              std::vector<eng::Diagnostic>& problems)
{
    m_rebuiltChunks = 0;
    // The cached ground must be repainted where a rebuilt chunk drew before and draws now
    // (its bounds may shrink or grow with tall tiles): keep the old bounds. O(chunks), no pixels.
    std::vector<std::vector<sf::FloatRect>> oldBounds(m_mesh.layers.size());
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li)
        for (const MeshChunk& chunk : m_mesh.layers[li].chunks)
            oldBounds[li].push_back(chunk.bounds);
    std::vector<MeshChunkRef> rebuilt;
    if (!rebuildMapMeshCells(map, m_meshOptions, cells, m_mesh, rebuilt, problems))
        return false;
    tightenQuads(rebuilt);
    m_index.build(m_mesh); // chunk bounds (tall tiles) may have changed; O(chunks), no pixels
    std::size_t chunkCount = 0;
    for (const MeshLayer& layer : m_mesh.layers)
        chunkCount += layer.chunks.size();
    if (rebuilt.size() == chunkCount) {
        m_groundCache.clear(); // a whole rebuild (the depth-sorted layers changed)
    } else {
        for (const MeshChunkRef& ref : rebuilt) {
            const std::size_t li = std::size_t(ref.layer), ci = std::size_t(ref.chunk);
            if (li < oldBounds.size() && ci < oldBounds[li].size())
                m_groundCache.invalidate(oldBounds[li][ci]);
            m_groundCache.invalidate(m_mesh.layers[li].chunks[ci].bounds);
        }
    }
    markAnimatedChunks();
    // Animations new to the mesh start in step with the others (the rest are already at the
    // frame of m_timeMs); the rebuilt quads show frame 0 until set here.
    for (MeshAnimation& a : m_mesh.animations)
        a.current = animationFrameAt(a, m_timeMs);
    for (const MeshAnimatedQuad& q : m_mesh.animatedQuads)
        if (std::binary_search(rebuilt.begin(), rebuilt.end(), MeshChunkRef{q.layer, q.chunk})) {
            const MeshAnimation& a = m_mesh.animations[std::size_t(q.animation)];
            setAnimatedFrame(q, a.frameRects[std::size_t(a.current)]);
        }
    m_rebuiltChunks = rebuilt.size();
    return true;
}

namespace {

using Coverage = detail::TileCoverage;

Coverage coverageOf(const sf::Image& img, const sf::IntRect& r)
{
    Coverage c;
    const sf::Vector2u size = img.getSize();
    int l = r.left + r.width, t = r.top + r.height, rr = r.left - 1, b = r.top - 1;
    c.diamond = true;
    for (int y = r.top; y < r.top + r.height; ++y)
        for (int x = r.left; x < r.left + r.width; ++x) {
            if (x < 0 || y < 0 || unsigned(x) >= size.x || unsigned(y) >= size.y)
                continue;
            const sf::Uint8 alpha = img.getPixel(unsigned(x), unsigned(y)).a;
            // Diamond distance of the texel centre: < 1 inside the inscribed diamond.
            const double d = std::abs(x - r.left + 0.5 - r.width / 2.0) / (r.width / 2.0) +
                             std::abs(y - r.top + 0.5 - r.height / 2.0) / (r.height / 2.0);
            if (d < 1.0 - 1e-9 && alpha != 255)
                c.diamondOpaque = false;
            if (alpha == 0)
                continue;
            l = std::min(l, x);
            rr = std::max(rr, x);
            t = std::min(t, y);
            b = std::max(b, y);
            if (d >= 1.0 - 1e-9)
                c.diamond = false;
            if (d >= 1.0 + 2.0 / r.height)
                c.nearDiamond = false;
        }
    if (rr >= l && b >= t)
        c.box = sf::IntRect(l, t, rr - l + 1, b - t + 1);
    return c;
}

/// Rewrites a quad (tl,tr,br / tl,br,bl) to cover only `box` of its texture, or, when `diamond`,
/// the inscribed diamond as two triangles (top,right,bottom / top,bottom,left). Position and
/// texture coordinates stay the same affine map, so every drawn pixel samples the same texel:
/// the picture is unchanged, only fewer transparent pixels are filled (software GL is fill-bound).
void reshapeQuad(sf::Vertex* v, const sf::IntRect& box, bool diamond)
{
    const sf::Vector2f p0 = v[0].position, ps = v[1].position - p0, pt = v[5].position - p0;
    const sf::Vector2f t0 = v[0].texCoords, ts = v[1].texCoords - t0, tt = v[5].texCoords - t0;
    const float det = ts.x * tt.y - ts.y * tt.x;
    if (det == 0.f)
        return;
    auto at = [&](float s, float t) {
        return sf::Vertex(p0 + ps * s + pt * t, v[0].color, t0 + ts * s + tt * t);
    };
    if (diamond) {
        const sf::Vertex top = at(0.5f, 0.f), right = at(1.f, 0.5f), bottom = at(0.5f, 1.f), left = at(0.f, 0.5f);
        v[0] = top, v[1] = right, v[2] = bottom, v[3] = top, v[4] = bottom, v[5] = left;
        return;
    }
    // (s,t) of the box corners: invert tex = t0 + s*ts + t*tt.
    float smin = 1.f, smax = 0.f, tmin = 1.f, tmax = 0.f;
    const sf::Vector2f corners[4] = {{float(box.left), float(box.top)},
                                     {float(box.left + box.width), float(box.top)},
                                     {float(box.left), float(box.top + box.height)},
                                     {float(box.left + box.width), float(box.top + box.height)}};
    for (const sf::Vector2f& c : corners) {
        const sf::Vector2f d = c - t0;
        const float s = (d.x * tt.y - d.y * tt.x) / det;
        const float t = (ts.x * d.y - ts.y * d.x) / det;
        smin = std::min(smin, s), smax = std::max(smax, s);
        tmin = std::min(tmin, t), tmax = std::max(tmax, t);
    }
    const sf::Vertex a = at(smin, tmin), b = at(smax, tmin), c = at(smax, tmax), d = at(smin, tmax);
    v[0] = a, v[1] = b, v[2] = c, v[3] = a, v[4] = c, v[5] = d;
}

} // namespace

const detail::TileCoverage& MapRenderer::coverage(int texture, const sf::Vertex* v)
{
    float l = v[0].texCoords.x, r = l, t = v[0].texCoords.y, b = t;
    for (int i = 1; i < 6; ++i) {
        l = std::min(l, v[i].texCoords.x), r = std::max(r, v[i].texCoords.x);
        t = std::min(t, v[i].texCoords.y), b = std::max(b, v[i].texCoords.y);
    }
    const sf::IntRect rect(int(l), int(t), int(r - l), int(b - t));
    const auto key = std::make_tuple(texture, rect.left, rect.top, rect.width, rect.height);
    auto it = m_coverage.find(key);
    if (it == m_coverage.end())
        it = m_coverage.emplace(key, coverageOf(m_images[std::size_t(texture)], rect)).first;
    return it->second;
}

void MapRenderer::tightenQuads(std::span<const MeshChunkRef> chunks)
{
    // Animated quads keep their full rectangle (their frames cover different texels).
    std::vector<std::tuple<int, int, int, std::size_t>> animated;
    for (const MeshAnimatedQuad& q : m_mesh.animatedQuads)
        animated.emplace_back(q.layer, q.chunk, q.batch, q.index);
    std::sort(animated.begin(), animated.end());
    auto isAnimated = [&](int l, int c, int b, std::size_t i) {
        return std::binary_search(animated.begin(), animated.end(), std::make_tuple(l, c, b, i));
    };
    const float tw = float(m_mesh.projection.tileWidth()), th = float(m_mesh.projection.tileHeight());
    const bool iso = m_mesh.projection.orientation() == iso::Orientation::Isometric;
    for (const MeshChunkRef& ref : chunks) {
        const int li = ref.layer, ci = ref.chunk;
        MeshChunk& chunk = m_mesh.layers[std::size_t(li)].chunks[std::size_t(ci)];
        for (std::size_t bi = 0; bi < chunk.batches.size(); ++bi) {
            sf::VertexArray& va = chunk.batches[bi].vertices;
            bool opaque = va.getVertexCount() > 0;
            for (std::size_t i = 0; i + 6 <= va.getVertexCount(); i += 6) {
                if (isAnimated(li, ci, int(bi), i)) {
                    opaque = false;
                    continue;
                }
                const Coverage& cov = coverage(chunk.batches[bi].texture, &va[i]);
                const sf::Vector2f size = va[i + 2].position - va[i].position;
                // A grid-sized isometric ground tile drawn only inside its diamond: each
                // screen pixel is filled once instead of twice.
                const bool diamond = iso && cov.diamond && size == sf::Vector2f(tw, th);
                if (diamond || cov.box.width > 0)
                    reshapeQuad(&va[i], cov.box, diamond);
                opaque = opaque && diamond && cov.diamondOpaque && va[i].color.a == 255;
            }
            chunk.batches[bi].opaque = opaque;
        }
        for (std::size_t ii = 0; ii < chunk.items.size(); ++ii) {
            if (isAnimated(li, ci, -1, ii))
                continue;
            MeshItem& item = chunk.items[ii];
            const Coverage& cov = coverage(item.texture, item.vertices.data());
            const sf::Vector2f size = item.vertices[2].position - item.vertices[0].position;
            // Flat: stays within its own diamond (give or take an anti-aliased edge pixel).
            item.flat = iso && cov.nearDiamond && size == sf::Vector2f(tw, th) &&
                        m_mesh.layers[std::size_t(li)].type == map::LayerType::Tile;
            const bool diamond = item.flat && cov.diamond;
            if (diamond || cov.box.width > 0)
                reshapeQuad(item.vertices.data(), cov.box, diamond);
        }
    }
}

void MapRenderer::update(float dtSec)
{
    if (!(dtSec > 0.f) || m_mesh.animations.empty())
        return;
    m_timeAccMs += double(dtSec) * 1000.0;
    m_timeMs = std::llround(m_timeAccMs);
    std::vector<bool> changed(m_mesh.animations.size(), false);
    bool any = false;
    for (std::size_t i = 0; i < m_mesh.animations.size(); ++i) {
        MeshAnimation& a = m_mesh.animations[i];
        const int frame = animationFrameAt(a, m_timeMs);
        if (frame != a.current) {
            a.current = frame;
            changed[i] = true;
            any = true;
        }
    }
    if (!any)
        return;
    ++m_animationEpoch;
    for (const MeshAnimatedQuad& q : m_mesh.animatedQuads)
        if (changed[std::size_t(q.animation)]) {
            const MeshAnimation& a = m_mesh.animations[std::size_t(q.animation)];
            setAnimatedFrame(q, a.frameRects[std::size_t(a.current)]);
        }
}

void MapRenderer::setAnimatedFrame(const MeshAnimatedQuad& q, const sf::IntRect& rect)
{
    MeshChunk& chunk = m_mesh.layers[std::size_t(q.layer)].chunks[std::size_t(q.chunk)];
    sf::Vertex* six = q.batch < 0 ? chunk.items[q.index].vertices.data()
                                  : &chunk.batches[std::size_t(q.batch)].vertices[q.index];
    setQuadTexCoords(six, rect, q.flipFlags);
}

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

    // 2. Depth-sorted: tall tiles in view and the sprites, by (key, tiles before sprites, layer,
    //    Tiled's order). Only what is in view is sorted.
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
            if (e.item) {
                stream.add(m_textures[std::size_t(e.item->texture)].get(), e.item->vertices.data());
            } else {
                spriteQuad(*e.sprite, six);
                stream.add(e.sprite->texture, six);
            }
        }
    }

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

bool renderMapToImage(const eng::map::MapData& map, sf::Image& out, std::vector<eng::Diagnostic>& problems)
{
    MapRenderer renderer;
    MapRenderer::Options options;
    options.mesh.exactOrder = true;
    options.premultipliedAlpha = true;
    if (!renderer.load(map, problems, options))
        return false;
    const sf::FloatRect canvas = renderer.mesh().canvas;
    const unsigned w = unsigned(std::max(1.f, std::ceil(canvas.width)));
    const unsigned h = unsigned(std::max(1.f, std::ceil(canvas.height)));
    const unsigned maxSize = sf::Texture::getMaximumSize();
    if (w > maxSize || h > maxSize) {
        problems.push_back({map.path, 0,
                            "the map's image would be " + std::to_string(w) + "x" + std::to_string(h) +
                                " pixels, more than this GPU's largest texture (" + std::to_string(maxSize) + ")"});
        return false;
    }
    sf::RenderTexture rt;
    {
        QuietSfmlErrors quiet;
        if (!rt.create(w, h)) {
            problems.push_back({map.path, 0, "cannot create a " + std::to_string(w) + "x" + std::to_string(h) +
                                                 " offscreen render target (no OpenGL context?)"});
            return false;
        }
    }
    rt.setView(sf::View(sf::FloatRect(canvas.left, canvas.top, float(w), float(h))));
    rt.clear(sf::Color::Transparent);
    renderer.drawAllLayers(rt);
    rt.display();
    out = rt.getTexture().copyToImage();
    // Back from premultiplied to straight alpha, as a PNG stores it.
    const sf::Vector2u size = out.getSize();
    for (unsigned y = 0; y < size.y; ++y)
        for (unsigned x = 0; x < size.x; ++x) {
            sf::Color c = out.getPixel(x, y);
            if (c.a == 0) {
                out.setPixel(x, y, sf::Color::Transparent);
                continue;
            }
            if (c.a == 255)
                continue;
            c.r = sf::Uint8(std::min(255, (c.r * 255 + c.a / 2) / c.a));
            c.g = sf::Uint8(std::min(255, (c.g * 255 + c.a / 2) / c.a));
            c.b = sf::Uint8(std::min(255, (c.b * 255 + c.a / 2) / c.a));
            out.setPixel(x, y, c);
        }
    return true;
}

} // namespace eng::render
