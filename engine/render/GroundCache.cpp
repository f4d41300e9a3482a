#include "engine/render/GroundCache.hpp"

#include "engine/render/PremultipliedBlend.hpp"

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Vertex.hpp>

#include <algorithm>
#include <cmath>

namespace isostar::render {

namespace {

/// Tiles below this count are never trimmed (a 1280x720 view at 1:1 needs 24 to 30).
constexpr std::size_t kMinTilesKept = 64;
/// Render textures kept for reuse beyond the tiles held.
constexpr std::size_t kMaxFree = 16;

struct TileRange {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1; ///< inclusive
};

/// Tiles whose square overlaps `r` (positive area, as sf::Rect::intersects).
TileRange tilesOver(const sf::FloatRect& r)
{
    const float s = float(GroundCache::TilePixels);
    TileRange t;
    t.x0 = int(std::floor(r.left / s));
    t.y0 = int(std::floor(r.top / s));
    t.x1 = int(std::ceil((r.left + r.width) / s)) - 1;
    t.y1 = int(std::ceil((r.top + r.height) / s)) - 1;
    return t;
}

} // namespace

void GroundCache::clear()
{
    for (auto& [k, tile] : m_tiles)
        if (tile.texture && m_free.size() < kMaxFree)
            m_free.push_back(std::move(tile.texture));
    m_tiles.clear();
}

void GroundCache::invalidate(const sf::FloatRect& world)
{
    if (m_tiles.empty() || world.width <= 0.f || world.height <= 0.f)
        return;
    const TileRange r = tilesOver(world);
    const double covered = (double(r.x1) - r.x0 + 1.0) * (double(r.y1) - r.y0 + 1.0);
    if (covered > double(m_tiles.size())) {
        // A large rectangle: look at the tiles held instead of every square it covers.
        for (auto& [k, tile] : m_tiles) {
            const int tx = int(std::uint32_t(k & 0xffffffff)), ty = int(k >> 32);
            if (tx >= r.x0 && tx <= r.x1 && ty >= r.y0 && ty <= r.y1)
                tile.painted = false;
        }
        return;
    }
    for (int ty = r.y0; ty <= r.y1; ++ty)
        for (int tx = r.x0; tx <= r.x1; ++tx) {
            const auto it = m_tiles.find(key(tx, ty));
            if (it != m_tiles.end())
                it->second.painted = false;
        }
}

bool GroundCache::paintTile(Tile& tile, int tx, int ty, std::uint64_t animationEpoch, const PaintFn& paint)
{
    const unsigned s = unsigned(TilePixels);
    if (!tile.texture) {
        if (!m_free.empty()) {
            tile.texture = std::move(m_free.back());
            m_free.pop_back();
        } else {
            auto texture = std::make_unique<sf::RenderTexture>();
            if (!texture->create(s, s))
                return false;
            texture->setSmooth(false); // nearest: a pixel never samples outside its own tile
            tile.texture = std::move(texture);
        }
    }
    sf::RenderTexture& rt = *tile.texture;
    const sf::FloatRect area(float(tx) * float(s), float(ty) * float(s), float(s), float(s));
    rt.setView(sf::View(area));
    rt.clear(sf::Color::Transparent);
    tile.animated = paint(rt, area);
    rt.display();
    // One read-back per painted tile: opaque tiles are drawn without blending (software GL
    // fills them faster), empty ones (outside the map's diamond) not at all.
    const sf::Image image = rt.getTexture().copyToImage();
    const sf::Uint8* px = image.getPixelsPtr();
    const std::size_t n = std::size_t(image.getSize().x) * image.getSize().y;
    sf::Uint8 lo = 255, hi = 0;
    for (std::size_t i = 0; i < n; ++i) {
        lo = std::min(lo, px[4 * i + 3]);
        hi = std::max(hi, px[4 * i + 3]);
    }
    tile.opaque = n > 0 && lo == 255;
    if (hi == 0 && !tile.animated) {
        if (m_free.size() < kMaxFree)
            m_free.push_back(std::move(tile.texture));
        tile.texture.reset();
    }
    tile.painted = true;
    tile.epoch = animationEpoch;
    return true;
}

bool GroundCache::draw(sf::RenderTarget& target, const sf::FloatRect& view, const sf::FloatRect& content,
                       std::uint64_t animationEpoch, const PaintFn& paint, GroundCacheStats& stats)
{
    stats = GroundCacheStats{};
    ++m_draws;
    sf::FloatRect area;
    if (!view.intersects(content, area))
        return true;
    const TileRange r = tilesOver(area);
    const float s = float(TilePixels);
    // Paint first, then draw: the target is switched once, not once per new tile.
    std::vector<std::pair<int, int>> inView;
    inView.reserve(std::size_t(r.x1 - r.x0 + 1) * std::size_t(r.y1 - r.y0 + 1));
    for (int ty = r.y0; ty <= r.y1; ++ty)
        for (int tx = r.x0; tx <= r.x1; ++tx) {
            Tile& tile = m_tiles[key(tx, ty)];
            tile.lastUsed = m_draws;
            if (!tile.painted || (tile.animated && tile.epoch != animationEpoch)) {
                if (!paintTile(tile, tx, ty, animationEpoch, paint))
                    return false;
                ++stats.tilesRendered;
            }
            inView.emplace_back(tx, ty);
        }
    for (const auto& [tx, ty] : inView) {
        const Tile& tile = m_tiles[key(tx, ty)];
        if (!tile.texture)
            continue;
        const float x0 = float(tx) * s, y0 = float(ty) * s;
        const sf::Vertex quad[6] = {
            sf::Vertex({x0, y0}, {0.f, 0.f}),         sf::Vertex({x0 + s, y0}, {s, 0.f}),
            sf::Vertex({x0 + s, y0 + s}, {s, s}),     sf::Vertex({x0, y0}, {0.f, 0.f}),
            sf::Vertex({x0 + s, y0 + s}, {s, s}),     sf::Vertex({x0, y0 + s}, {0.f, s}),
        };
        sf::RenderStates states(&tile.texture->getTexture());
        states.blendMode = tile.opaque ? sf::BlendNone : kPremultipliedBlend;
        target.draw(quad, 6, sf::Triangles, states);
        ++stats.tilesDrawn;
    }
    trim(std::max(kMinTilesKept, 2 * inView.size()));
    return true;
}

void GroundCache::trim(std::size_t keep)
{
    if (m_tiles.size() <= keep)
        return;
    // Least recently used first; the tiles of this draw stay.
    std::vector<std::pair<std::uint64_t, std::int64_t>> byAge;
    byAge.reserve(m_tiles.size());
    for (const auto& [k, tile] : m_tiles)
        if (tile.lastUsed != m_draws)
            byAge.emplace_back(tile.lastUsed, k);
    std::sort(byAge.begin(), byAge.end());
    // Evict down to three quarters of `keep`, so a camera that keeps moving trims every few
    // frames instead of every frame.
    const std::size_t target = keep - keep / 4;
    for (const auto& [age, k] : byAge) {
        if (m_tiles.size() <= target)
            break;
        const auto it = m_tiles.find(k);
        if (it->second.texture && m_free.size() < kMaxFree)
            m_free.push_back(std::move(it->second.texture));
        m_tiles.erase(it);
    }
}

} // namespace isostar::render
