#include "tools/pathbench/ArticleTerrain.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace pathbench {

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::Impassable;

namespace {

/// A map being generated: its layers, and the one random stream every feature is drawn from in
/// turn (the order of the draws is what makes a seed's map).
struct TerrainDraft {
    int width = 0;
    int height = 0;
    std::mt19937 rng;
    std::vector<float> base;  // grass
    std::vector<float> mult;
    std::vector<std::uint8_t> wall;

    TerrainDraft(int w, int h, std::uint32_t seed)
        : width(w)
        , height(h)
        , rng(seed)
        , base(std::size_t(double(w) * double(h)), 1.0f)
        , mult(std::size_t(double(w) * double(h)), 1.0f)
        , wall(std::size_t(double(w) * double(h)), 0)
    {
    }

    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
    std::size_t idx(int x, int y) const { return std::size_t(y) * std::size_t(width) + std::size_t(x); }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }

    /// Snow fields: discs of base cost 3.
    void snowFields(int n)
    {
        for (int i = 0; i < n; ++i) {
            const int cx = uniform(0, width - 1), cy = uniform(0, height - 1), r = uniform(6, 30);
            for (int y = cy - r; y <= cy + r; ++y)
                for (int x = cx - r; x <= cx + r; ++x)
                    if (inside(x, y) && (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                        base[idx(x, y)] = 3.0f;
        }
    }

    /// Roads: long straight and stair-step strips that halve the cost.
    void roads(int n)
    {
        for (int i = 0; i < n; ++i) {
            const bool horizontal = (i % 2) == 0;
            int x = horizontal ? 0 : uniform(0, width - 1);
            int y = horizontal ? uniform(0, height - 1) : 0;
            while (inside(x, y)) {
                mult[idx(x, y)] = 0.5f;
                if (horizontal) {
                    ++x;
                    if (uniform(0, 9) == 0)
                        y += uniform(0, 1) ? 1 : -1;
                } else {
                    ++y;
                    if (uniform(0, 9) == 0)
                        x += uniform(0, 1) ? 1 : -1;
                }
                if (inside(x, y))
                    mult[idx(x, y)] = 0.5f;
            }
        }
    }

    /// Wall segments with random lengths (they bend paths).
    void walls(int n)
    {
        for (int i = 0; i < n; ++i) {
            const int len = uniform(5, 60);
            const bool horizontal = uniform(0, 1) == 0;
            const int x0 = uniform(0, width - 1), y0 = uniform(0, height - 1);
            for (int k = 0; k < len; ++k) {
                const int x = horizontal ? x0 + k : x0, y = horizontal ? y0 : y0 + k;
                if (inside(x, y))
                    wall[idx(x, y)] = 1;
            }
        }
    }

    /// Walled rooms, most with a door; a cell inside each closed one goes to `closedRoomCells`.
    void rooms(int n, std::vector<TileCoord>& closedRoomCells)
    {
        for (int i = 0; i < n; ++i) {
            const int w = uniform(5, 18), h = uniform(5, 18);
            const int x0 = uniform(1, std::max(1, width - w - 2)), y0 = uniform(1, std::max(1, height - h - 2));
            const bool closed = i % 4 == 0;  // every 4th room has no door: an island
            for (int y = y0; y <= y0 + h; ++y)
                for (int x = x0; x <= x0 + w; ++x) {
                    if (!inside(x, y))
                        continue;
                    const bool border = x == x0 || y == y0 || x == x0 + w || y == y0 + h;
                    if (border)
                        wall[idx(x, y)] = 1;
                    else if (closed)
                        wall[idx(x, y)] = 0;  // keep the inside open
                }
            if (!closed) {
                const int doorX = x0 + uniform(1, w - 1);
                if (inside(doorX, y0 + h))
                    wall[idx(doorX, y0 + h)] = 0;
            } else if (inside(x0 + w / 2, y0 + h / 2)) {
                closedRoomCells.push_back({x0 + w / 2, y0 + h / 2});
            }
        }
    }

    /// `count` influence sources on passable cells, each multiplying (or dividing) the cost of
    /// the passable cells within `radius` by factorOf(distance). Costs are products of factors,
    /// so the order in which sources apply does not matter.
    template <typename FactorOf>
    void applyInfluence(CostField& field, int count, double radius, FactorOf factorOf, bool divide)
    {
        const int r = int(std::floor(radius));
        for (int i = 0; i < count; ++i) {
            const int cx = uniform(0, width - 1), cy = uniform(0, height - 1);
            if (wall[idx(cx, cy)])
                continue;
            for (int y = cy - r; y <= cy + r; ++y)
                for (int x = cx - r; x <= cx + r; ++x) {
                    if (!inside(x, y) || wall[idx(x, y)])
                        continue;
                    const double d = std::sqrt(double((x - cx) * (x - cx) + (y - cy) * (y - cy)));
                    if (d > radius)
                        continue;
                    float& c = field.cost[idx(x, y)];
                    c = divide ? float(c / factorOf(d)) : float(c * factorOf(d));
                }
        }
    }
};

} // namespace

ArticleMap generateArticleTerrain(int width, int height, std::uint32_t seed)
{
    TerrainDraft t(width, height, seed);
    const double area = double(width) * double(height);
    const double scale = area / (512.0 * 512.0);
    t.snowFields(int(40 * scale));
    t.roads(std::max(2, int(12 * std::sqrt(scale))));
    t.walls(int(260 * scale));
    ArticleMap out;
    t.rooms(int(60 * scale), out.closedRoomCells);

    CostField field(width, height);
    for (std::size_t i = 0; i < field.cost.size(); ++i)
        field.cost[i] = t.wall[i] ? Impassable : t.base[i] * t.mult[i];
    t.applyInfluence(field, int(150 * scale), 4.5, [](double d) { return (5.0 - d) * 2.0; }, true);         // erupting volcanoes
    t.applyInfluence(field, int(300 * scale), 2.5, [](double d) { return ((3.0 - d) + 0.5) * 1.1; }, false); // tombstones
    out.field = std::move(field);
    return out;
}

} // namespace pathbench
