#include "tools/pathbench/TunedAStar.hpp"

#include <algorithm>
#include <cstdlib>

namespace pathbench {

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::Impassable;

namespace {

/// Heap order: lower f, then lower h.
inline bool lessEntry(double fa, float ha, double fb, float hb)
{
    return fa < fb || (fa == fb && ha < hb);
}

} // namespace

TunedAStar::TunedAStar(const CostField& field, double diagonalFactor)
    : m_stride(field.width + 2), m_diag(diagonalFactor), m_octileDiag(std::clamp(diagonalFactor, 1.0, 2.0))
{
    const std::size_t padded = std::size_t(field.width + 2) * std::size_t(field.height + 2);
    m_costs.assign(padded, Impassable);
    for (int y = 0; y < field.height; ++y)
        for (int x = 0; x < field.width; ++x)
            m_costs[std::size_t((y + 1) * m_stride + x + 1)] = field.at({x, y});
    // The largest admissible octile scale for these step weights (as the engine's NavGrid).
    const double lo = std::min(1.0, diagonalFactor);
    const double ld = std::min(diagonalFactor, 2.0);
    m_hScale = cheapestCell(field) * std::min(lo, ld / m_octileDiag);
    m_nodes.assign(padded, Node{0.0, 0u, 0u});
    const int dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    const int dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
    for (int k = 0; k < 8; ++k)
        m_offsets[k] = dy[k] * m_stride + dx[k];
    m_heap.reserve(1024);
}

void TunedAStar::push(const Entry& e)
{
    std::size_t i = m_heap.size();
    m_heap.push_back(e);
    Entry* h = m_heap.data();
    while (i > 0) {
        const std::size_t parent = (i - 1) / 2;
        if (!lessEntry(e.f, e.h, h[parent].f, h[parent].h))
            break;
        h[i] = h[parent];
        i = parent;
    }
    h[i] = e;
}

TunedAStar::Entry TunedAStar::pop()
{
    Entry* h = m_heap.data();
    const Entry top = h[0];
    const Entry last = h[m_heap.size() - 1];
    const std::size_t n = m_heap.size() - 1;
    std::size_t i = 0;
    for (;;) {
        std::size_t child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && lessEntry(h[child + 1].f, h[child + 1].h, h[child].f, h[child].h))
            ++child;
        if (!lessEntry(h[child].f, h[child].h, last.f, last.h))
            break;
        h[i] = h[child];
        i = child;
    }
    h[i] = last;
    m_heap.pop_back();
    return top;
}

BaselineResult TunedAStar::find(TileCoord start, TileCoord goal)
{
    BaselineResult r;
    if (m_generation >= 0xFFFFFFF0u) {
        for (Node& n : m_nodes)
            n.stamp = 0;
        m_generation = 0;
    }
    m_generation += 2;
    const std::uint32_t open = m_generation, closed = m_generation + 1;
    const int stride = m_stride;
    const std::uint32_t s = std::uint32_t((start.y + 1) * stride + start.x + 1);
    const std::uint32_t t = std::uint32_t((goal.y + 1) * stride + goal.x + 1);
    const int gx = goal.x + 1, gy = goal.y + 1;
    const double hScale = m_hScale, octileDiag = m_octileDiag, diag = m_diag;
    auto hOf = [&](std::uint32_t n) {
        const int y = int(n) / stride, x = int(n) - y * stride;
        const int dx = std::abs(x - gx), dy = std::abs(y - gy);
        const int lo = std::min(dx, dy), hi = std::max(dx, dy);
        return hScale * (double(hi - lo) + octileDiag * double(lo));
    };
    const float* const costs = m_costs.data();
    Node* const nodes = m_nodes.data();
    m_heap.clear();
    nodes[s] = Node{0.0, open, s};
    push({hOf(s), float(hOf(s)), s});
    while (!m_heap.empty()) {
        const std::uint32_t cur = pop().node;
        Node& cn = nodes[cur];
        if (cn.stamp == closed)
            continue;  // a stale entry of a cell improved since
        cn.stamp = closed;
        ++r.expanded;
        if (cur == t) {
            r.found = true;
            r.cost = cn.g;
            m_path.clear();
            for (std::uint32_t n = t;; n = nodes[n].parent) {
                m_path.push_back(n);
                if (n == s)
                    break;
            }
            return r;
        }
        const double g = cn.g;
        auto relax = [&](std::uint32_t nb, double ng) {
            Node& m = nodes[nb];
            if (m.stamp == closed || (m.stamp == open && ng >= m.g))
                return;
            m = Node{ng, open, cur};
            const double h = hOf(nb);
            push({ng + h, float(h), nb});
        };
        bool pass[4];
        for (int k = 0; k < 4; ++k) {
            const std::uint32_t nb = cur + std::uint32_t(m_offsets[k]);
            const float c = costs[nb];
            pass[k] = c < Impassable;
            if (pass[k])
                relax(nb, g + double(c));
        }
        // NE, SE, SW, NW: each needs both orthogonal side cells (N/E, S/E, S/W, N/W).
        static constexpr int kSide[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}};
        for (int d = 0; d < 4; ++d) {
            if (!(pass[kSide[d][0]] && pass[kSide[d][1]]))
                continue;
            const std::uint32_t nb = cur + std::uint32_t(m_offsets[4 + d]);
            const float c = costs[nb];
            if (c < Impassable)
                relax(nb, g + double(c) * diag);
        }
    }
    return r;
}

} // namespace pathbench
