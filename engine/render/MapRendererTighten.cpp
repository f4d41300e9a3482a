/// \file MapRendererTighten.cpp
/// Fewer pixels to fill, the same picture: each quad shrinks to the box its image's opaque
/// pixels cover, or to the inscribed diamond for grid-sized isometric tiles that stay in it;
/// flat overlay tiles and fully opaque ground batches are marked so draw can take them with the
/// ground or without blending. Coverage is computed once per (texture, rectangle).
#include "engine/render/MapRenderer.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace isostar::render {

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
                // Smooth (turned) quads sample across their opaque box's edge: kept whole.
                if (isAnimated(li, ci, int(bi), i) || m_mesh.textures[std::size_t(chunk.batches[bi].texture)].smooth) {
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
            if (isAnimated(li, ci, -1, ii) || m_mesh.textures[std::size_t(chunk.items[ii].texture)].smooth)
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

} // namespace isostar::render
