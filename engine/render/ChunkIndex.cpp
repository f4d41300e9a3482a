#include "engine/render/ChunkIndex.hpp"

#include <algorithm>
#include <cmath>

namespace isostar::render {

void ChunkIndex::build(const MapMesh& mesh, float bucketPixels)
{
    m_bucket = bucketPixels > 0.f ? bucketPixels : 512.f;
    m_area = mesh.bounds;
    m_bucketsX = std::max(1, int(std::ceil(std::max(0.f, m_area.width) / m_bucket)));
    m_bucketsY = std::max(1, int(std::ceil(std::max(0.f, m_area.height) / m_bucket)));
    const std::size_t buckets = std::size_t(m_bucketsX) * std::size_t(m_bucketsY);
    m_layers.assign(mesh.layers.size(), LayerIndex{});
    std::size_t maxChunks = 0;
    for (std::size_t li = 0; li < mesh.layers.size(); ++li) {
        const std::vector<MeshChunk>& chunks = mesh.layers[li].chunks;
        LayerIndex& ix = m_layers[li];
        maxChunks = std::max(maxChunks, chunks.size());
        ix.bounds.resize(chunks.size());
        // Two passes (count, fill) into one flat array: bucket b lists chunks[start[b]..start[b+1]).
        std::vector<std::uint32_t> count(buckets + 1, 0);
        std::vector<int> x0(chunks.size()), x1(chunks.size()), y0(chunks.size()), y1(chunks.size());
        for (std::size_t ci = 0; ci < chunks.size(); ++ci) {
            const sf::FloatRect& b = chunks[ci].bounds;
            ix.bounds[ci] = b;
            x0[ci] = int(std::floor((b.left - m_area.left) / m_bucket));
            y0[ci] = int(std::floor((b.top - m_area.top) / m_bucket));
            x1[ci] = int(std::floor((b.left + b.width - m_area.left) / m_bucket));
            y1[ci] = int(std::floor((b.top + b.height - m_area.top) / m_bucket));
            const bool empty = !(b.width > 0.f) || !(b.height > 0.f);
            if (empty)
                continue; // intersects() never holds for an empty rectangle
            if (x0[ci] < 0 || y0[ci] < 0 || x1[ci] >= m_bucketsX || y1[ci] >= m_bucketsY) {
                ix.outside.push_back(int(ci)); // not inside mesh.bounds (should not happen): always tested
                x0[ci] = 1, x1[ci] = 0;
                continue;
            }
            for (int y = y0[ci]; y <= y1[ci]; ++y)
                for (int x = x0[ci]; x <= x1[ci]; ++x)
                    ++count[std::size_t(y) * std::size_t(m_bucketsX) + std::size_t(x) + 1];
        }
        for (std::size_t b = 0; b < buckets; ++b)
            count[b + 1] += count[b];
        ix.start = count;
        ix.chunks.assign(count[buckets], 0);
        std::vector<std::uint32_t> fill(count.begin(), count.end() - 1);
        for (std::size_t ci = 0; ci < chunks.size(); ++ci) {
            const sf::FloatRect& b = chunks[ci].bounds;
            if (!(b.width > 0.f) || !(b.height > 0.f) || x0[ci] > x1[ci])
                continue;
            for (int y = y0[ci]; y <= y1[ci]; ++y)
                for (int x = x0[ci]; x <= x1[ci]; ++x)
                    ix.chunks[fill[std::size_t(y) * std::size_t(m_bucketsX) + std::size_t(x)]++] = int(ci);
        }
    }
    m_seen.assign(maxChunks, 0);
    m_stamp = 0;
}

void ChunkIndex::query(int layer, const sf::FloatRect& view, std::vector<int>& out) const
{
    out.clear();
    if (layer < 0 || std::size_t(layer) >= m_layers.size())
        return;
    const LayerIndex& ix = m_layers[std::size_t(layer)];
    if (++m_stamp == 0) { // wrapped: forget every old stamp
        std::fill(m_seen.begin(), m_seen.end(), 0u);
        m_stamp = 1;
    }
    auto consider = [&](int ci) {
        if (m_seen[std::size_t(ci)] == m_stamp)
            return;
        m_seen[std::size_t(ci)] = m_stamp;
        if (ix.bounds[std::size_t(ci)].intersects(view))
            out.push_back(ci);
    };
    for (int ci : ix.outside)
        consider(ci);
    if (view.width > 0.f && view.height > 0.f) {
        const int bx0 = std::max(0, int(std::floor((view.left - m_area.left) / m_bucket)));
        const int by0 = std::max(0, int(std::floor((view.top - m_area.top) / m_bucket)));
        const int bx1 = std::min(m_bucketsX - 1, int(std::floor((view.left + view.width - m_area.left) / m_bucket)));
        const int by1 = std::min(m_bucketsY - 1, int(std::floor((view.top + view.height - m_area.top) / m_bucket)));
        for (int y = by0; y <= by1; ++y)
            for (int x = bx0; x <= bx1; ++x) {
                const std::size_t b = std::size_t(y) * std::size_t(m_bucketsX) + std::size_t(x);
                for (std::uint32_t k = ix.start[b]; k < ix.start[b + 1]; ++k)
                    consider(ix.chunks[k]);
            }
    }
    std::sort(out.begin(), out.end());
}

} // namespace isostar::render
