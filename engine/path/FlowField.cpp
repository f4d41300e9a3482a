/// \file FlowField.cpp
/// FlowField: a backwards Dijkstra over a rectangle of a NavGrid layer (binary heap with lazy
/// deletion, ties by cell index), one direction byte per cell.
#include "engine/path/FlowField.hpp"

#include "engine/path/detail/Directions.hpp"

#include <algorithm>

namespace eng::path {

namespace {

constexpr std::uint8_t NoDir = 8;

/// Min-heap order of (distance, cell): std::push_heap keeps the greatest first, so "a after b".
struct HeapAfter {
    template <class E>
    bool operator()(const E& a, const E& b) const
    {
        return a.d != b.d ? a.d > b.d : a.cell > b.cell;
    }
};

/// May a unit step from `from` by (dx, dy) into a passable cell under `mode`, given the
/// passability of the two side cells (diagonal steps only)?
bool diagonalAllowed(DiagonalMode mode, bool sideA, bool sideB)
{
    switch (mode) {
    case DiagonalMode::Never: return false;
    case DiagonalMode::NoCornerCutting: return sideA && sideB;
    case DiagonalMode::AtMostOneObstacle: return sideA || sideB;
    case DiagonalMode::Always: return true;
    }
    return false;
}

} // namespace

FieldRegion FieldRegion::around(const NavGrid& grid, std::span<const TileCoord> a, std::span<const TileCoord> b,
                                int margin)
{
    FieldRegion r{grid.width(), grid.height(), 0, 0};
    auto add = [&](TileCoord c) {
        r.x0 = std::min(r.x0, c.x);
        r.y0 = std::min(r.y0, c.y);
        r.x1 = std::max(r.x1, c.x + 1);
        r.y1 = std::max(r.y1, c.y + 1);
    };
    for (TileCoord c : a)
        add(c);
    for (TileCoord c : b)
        add(c);
    if (r.x1 <= r.x0 || r.y1 <= r.y0)
        return {};
    const int m = std::max(0, margin);
    return {std::max(0, r.x0 - m), std::max(0, r.y0 - m), std::min(grid.width(), r.x1 + m),
            std::min(grid.height(), r.y1 + m)};
}

PathStatus FlowField::begin(const NavGrid& grid, int layer, std::span<const TileCoord> goals, FieldRegion region)
{
    setup(layer, goals, region);
    return restart(grid);
}

void FlowField::setup(int layer, std::span<const TileCoord> goals, FieldRegion region)
{
    m_goals.assign(goals.begin(), goals.end());
    m_layer = layer;
    m_region = region;
    m_grid = nullptr;
    m_heap.clear();
    m_dist.clear();
    m_dir.clear();
    m_expanded = 0;
    m_status = PathStatus::InvalidInput;
}

PathStatus FlowField::restart(const NavGrid& grid)
{
    m_grid = nullptr;
    m_heap.clear();
    m_expanded = 0;
    if (!grid.validLayer(m_layer)) {
        m_dist.clear();
        m_dir.clear();
        m_status = PathStatus::InvalidInput;
        return m_status;
    }
    m_region = {std::max(0, m_region.x0), std::max(0, m_region.y0), std::min(grid.width(), m_region.x1),
                std::min(grid.height(), m_region.y1)};
    if (m_region.empty())
        m_region = {};
    m_rules = grid.rules(m_layer);
    m_version = grid.layerVersion(m_layer);
    const std::size_t cells = std::size_t(m_region.width()) * std::size_t(m_region.height());
    m_dist.assign(cells, Unreached);
    m_dir.assign(cells, NoDir);
    for (TileCoord g : m_goals)
        if (m_region.contains(g) && grid.passable(m_layer, g) && m_dist[local(g)] != 0.0) {
            m_dist[local(g)] = 0.0;
            push(0.0, local(g));
        }
    if (m_heap.empty()) {
        m_status = PathStatus::NoPath;
        return m_status;
    }
    m_grid = &grid;
    m_status = PathStatus::InProgress;
    return m_status;
}

void FlowField::push(double d, std::uint32_t cell)
{
    m_heap.push_back({d, cell});
    std::push_heap(m_heap.begin(), m_heap.end(), HeapAfter{});
}

PathStatus FlowField::step(int maxExpansions)
{
    if (m_status != PathStatus::InProgress)
        return m_status;
    if (!m_grid || m_grid->layerVersion(m_layer) != m_version) {
        m_grid = nullptr;
        m_heap.clear();
        m_status = PathStatus::InvalidInput;
        return m_status;
    }
    for (int n = std::max(1, maxExpansions); n > 0 && !m_heap.empty();) {
        std::pop_heap(m_heap.begin(), m_heap.end(), HeapAfter{});
        const HeapEntry e = m_heap.back();
        m_heap.pop_back();
        if (e.d > m_dist[e.cell])
            continue;  // a stale duplicate
        expand(e.cell, e.d);
        ++m_expanded;
        --n;
    }
    if (m_heap.empty()) {
        m_status = PathStatus::Found;
        m_grid = nullptr;
    }
    return m_status;
}

void FlowField::expand(std::uint32_t cell, double d)
{
    // Backwards: a neighbour `a` of the popped cell `b` may step into b, paying b's cost.
    const TileCoord b = cellOf(cell);
    const float* costs = m_grid->paddedCosts(m_layer);
    const int stride = m_grid->stride();
    const std::uint32_t bNode = m_grid->toNode(b);
    const double enter = double(costs[bNode]);
    for (int k = 0; k < 8; ++k) {
        const TileCoord a{b.x - detail::kDx[k], b.y - detail::kDy[k]};
        if (!m_region.contains(a) || !(costs[m_grid->toNode(a)] < Impassable))
            continue;
        double nd = d + enter;
        if (k >= 4) {
            // The step a -> b passes between the cells beside it: (b.x, a.y) and (a.x, b.y).
            const bool sideA = costs[std::uint32_t(int(bNode) - detail::kDy[k] * stride)] < Impassable;
            const bool sideB = costs[std::uint32_t(int(bNode) - detail::kDx[k])] < Impassable;
            if (!diagonalAllowed(m_rules.diagonal, sideA, sideB))
                continue;
            nd = d + enter * m_rules.diagonalFactor;
        }
        const std::uint32_t ai = local(a);
        if (nd < m_dist[ai]) {
            m_dist[ai] = nd;
            m_dir[ai] = std::uint8_t(k);
            push(nd, ai);
        }
    }
}

bool FlowField::touchedBy(const NavDirty& dirty) const
{
    if (dirty.layer != m_layer || dirty.empty())
        return false;
    if (dirty.rulesChanged)
        return true;
    // The search reads the costs of region cells only (the side cells of a diagonal step
    // between two region cells are region cells too), never the islands.
    return std::any_of(dirty.cells.begin(), dirty.cells.end(), [&](TileCoord c) { return m_region.contains(c); });
}

double FlowField::distance(TileCoord c) const
{
    return m_region.contains(c) && !m_dist.empty() ? m_dist[local(c)] : Unreached;
}

std::optional<TileCoord> FlowField::next(TileCoord c) const
{
    if (!m_region.contains(c) || m_dir.empty())
        return std::nullopt;
    const std::uint8_t k = m_dir[local(c)];
    if (k == NoDir)
        return std::nullopt;
    return TileCoord{c.x + detail::kDx[k], c.y + detail::kDy[k]};
}

bool FlowField::trace(TileCoord from, std::vector<TileCoord>& out) const
{
    if (!reached(from))
        return false;
    // Each step lowers the distance (costs are > 0), so the walk ends at a goal.
    out.push_back(from);
    for (std::optional<TileCoord> n = next(from); n; n = next(*n))
        out.push_back(*n);
    return true;
}

} // namespace eng::path
