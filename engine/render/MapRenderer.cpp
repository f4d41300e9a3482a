#include "engine/render/MapRenderer.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/System/Err.hpp>

#include <algorithm>
#include <cmath>

namespace eng::render {

namespace {

const sf::BlendMode kPremultipliedBlend(sf::BlendMode::One, sf::BlendMode::OneMinusSrcAlpha, sf::BlendMode::Add,
                                        sf::BlendMode::One, sf::BlendMode::OneMinusSrcAlpha, sf::BlendMode::Add);

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
    return true;
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

    // 1. Ground: whole chunk batches.
    for (const MeshLayer& layer : m_mesh.layers) {
        if (layer.pass != LayerPass::Ground)
            continue;
        for (const MeshChunk& chunk : layer.chunks) {
            if (!chunk.bounds.intersects(view))
                continue;
            ++stats.groundChunksDrawn;
            for (const MeshBatch& batch : chunk.batches) {
                target.draw(batch.vertices, statesFor(batch.texture));
                ++stats.drawCalls;
            }
            if (!chunk.items.empty()) {
                QuadStream stream(target, base, stats.drawCalls);
                for (const MeshItem& item : chunk.items)
                    if (item.bounds.intersects(view))
                        stream.add(m_textures[std::size_t(item.texture)].get(), item.vertices.data());
            }
        }
    }

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
        for (const MeshChunk& chunk : layer.chunks) {
            if (!chunk.bounds.intersects(view))
                continue;
            for (const MeshItem& item : chunk.items)
                if (item.bounds.intersects(view))
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
    for (const MeshLayer& layer : m_mesh.layers) {
        if (layer.pass != LayerPass::Top)
            continue;
        QuadStream stream(target, base, stats.drawCalls);
        for (const MeshChunk& chunk : layer.chunks)
            for (const MeshItem& item : chunk.items)
                if (item.bounds.intersects(view))
                    stream.add(m_textures[std::size_t(item.texture)].get(), item.vertices.data());
    }
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
