/// \file MapRenderer.cpp
/// MapRenderer's state: loading a map (its mesh, the images with their transparent colour and
/// baked tint, the textures), following edits (updateCells) and animation time (update); and
/// renderMapToImage. Drawing: MapRendererDraw.cpp; shrinking quads to their images:
/// MapRendererTighten.cpp.
#include "engine/render/MapRenderer.hpp"

#include "engine/map/PlayableMap.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/System/Err.hpp>

#include <algorithm>
#include <cmath>

namespace isostar::render {

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

/// Loads `src`'s image with its transparent colour and tint applied (straight alpha); false, with
/// the problem, when it cannot be read.
bool loadSourceImage(const TextureSource& src, sf::Image& image, std::vector<isostar::Diagnostic>& problems)
{
    if (!image.loadFromFile(src.path)) {
        problems.push_back({src.path, 0,
                            "cannot load image of " + (src.tileset.rfind("image layer", 0) == 0 ? src.tileset : "tileset \"" + src.tileset + "\"") +
                                " (" + src.tilesetFile + "): missing or not a readable PNG/BMP/GIF/JPEG/TGA image"});
        return false;
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
    return true;
}

/// Straight alpha to premultiplied, in place.
void premultiply(sf::Image& image)
{
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

} // namespace

bool MapRenderer::load(const isostar::map::MapData& map, std::vector<isostar::Diagnostic>& problems)
{
    return load(map, problems, Options{});
}

bool MapRenderer::load(const isostar::map::MapData& map, std::vector<isostar::Diagnostic>& problems, const Options& options)
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
    m_lazyMap.reset();
    m_chunkUsed.clear();
    MeshOptions meshOptions = options.mesh;
    meshOptions.premultipliedAlpha = options.premultipliedAlpha;
    const bool lazy = options.lazyChunks && !meshOptions.exactOrder;
    MapMesh mesh;
    if (!(lazy ? buildMapMeshLayout(map, meshOptions, mesh, problems) : buildMapMesh(map, meshOptions, mesh, problems)))
        return false;

    QuietSfmlErrors quiet;
    std::vector<std::unique_ptr<sf::Texture>> textures;
    std::vector<sf::Image> images;
    bool ok = true;
    for (const TextureSource& src : mesh.textures) {
        sf::Image image;
        if (!loadSourceImage(src, image, problems)) {
            ok = false;
            continue;
        }
        if (src.crop.width > 0 && src.crop.height > 0) {
            sf::Image part;
            part.create(unsigned(src.crop.width), unsigned(src.crop.height), sf::Color::Transparent);
            part.copy(image, 0, 0, src.crop);
            image = part;
        }
        images.push_back(image); // straight alpha, for tightenQuads (alpha is all it reads)
        if (m_premultiplied)
            premultiply(image);
        auto texture = std::make_unique<sf::Texture>();
        if (!texture->loadFromImage(image)) {
            const sf::Vector2u size = image.getSize();
            problems.push_back({src.path, 0,
                                "cannot make a texture of " + std::to_string(size.x) + "x" + std::to_string(size.y) +
                                    " pixels (largest this GPU takes: " + std::to_string(sf::Texture::getMaximumSize()) + ")"});
            ok = false;
            continue;
        }
        texture->setSmooth(src.smooth);
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
            if (m_mesh.layers[li].chunks[ci].built)
                all.push_back({int(li), int(ci)});
    tightenQuads(all);
    if (lazy) {
        m_lazyMap = std::make_unique<isostar::map::MapData>(map);
        m_chunkBudget = options.lazyChunkBudget;
        for (const MeshLayer& l : m_mesh.layers)
            m_chunkUsed.emplace_back(l.chunks.size(), 0u);
    }
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

bool MapRenderer::updateCells(const isostar::map::MapData& map, std::span<const isostar::TileCoord> cells,
                              std::vector<isostar::Diagnostic>& problems)
{
    m_rebuiltChunks = 0;
    // The cached ground must be repainted where a rebuilt chunk drew before and draws now
    // (its bounds may shrink or grow with tall tiles): keep the old bounds. O(chunks), no pixels.
    std::vector<std::vector<sf::FloatRect>> oldBounds(m_mesh.layers.size());
    for (std::size_t li = 0; li < m_mesh.layers.size(); ++li)
        for (const MeshChunk& chunk : m_mesh.layers[li].chunks)
            oldBounds[li].push_back(chunk.bounds);
    std::vector<MeshChunkRef> rebuilt;
    if (m_lazyMap && !detail::copyCells(map, cells, *m_lazyMap)) {
        problems.push_back({map.path, 0, "cannot update the map's picture in place: its size or layers changed "
                                         "since it was loaded (reload it)"});
        return false;
    }
    if (!rebuildMapMeshCells(m_lazyMap ? *m_lazyMap : map, m_meshOptions, cells, m_mesh, rebuilt, problems))
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

bool renderMapToImage(const isostar::map::MapData& map, sf::Image& out, std::vector<isostar::Diagnostic>& problems)
{
    MapRenderer renderer;
    MapRenderer::Options options;
    options.mesh.exactOrder = true;
    options.premultipliedAlpha = true;
    if (std::optional<isostar::Diagnostic> bad = isostar::map::hexShapeProblem(map)) {
        problems.push_back(std::move(*bad));
        return false;
    }
    if (map.orientation == isostar::map::Orientation::Staggered || map.infinite) {
        // Drawn on the grid the game plays: the frame keeps Tiled's pixel layout.
        options.mesh.frame = isostar::map::CellFrame::of(map);
        const std::uint64_t cells =
            std::uint64_t(options.mesh.frame->gridWidth()) * std::uint64_t(options.mesh.frame->gridHeight());
        if (cells > isostar::map::MaxPlayableCells) {
            problems.push_back({map.path, 0, "the map is too large to draw (" + std::to_string(cells) +
                                                 " cells on the engine's grid)"});
            return false;
        }
        if (!renderer.load(isostar::map::playableMap(map, *options.mesh.frame), problems, options))
            return false;
    } else if (!renderer.load(map, problems, options)) {
        return false;
    }
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

} // namespace isostar::render
