/// \file FlowField.cpp
/// FlowField: a backwards Dijkstra over a rectangle of a NavGrid layer (binary heap with lazy
/// deletion, ties by cell index), one direction byte per cell.
#include "engine/path/FlowField.hpp"

#include "engine/path/detail/Directions.hpp"

#include <algorithm>
#include <functional>

namespace eng::path {

namespace {

constexpr std::uint8_t NoDir = 8;
/// The distance of the ring of padded region cells round the region, which the search never
/// enters: below any real distance, so no relaxation ever improves it.
constexpr double Closed = -1.0;

/// Min-heap order of (f, distance, cell): std::push_heap keeps the greatest first, so "a after b".
struct HeapAfter {
    template <class E>
    bool operator()(const E& a, const E& b) const
    {
        if (a.f != b.f)
            return a.f > b.f;
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

PathStatus FlowField::begin(const NavGrid& grid, int layer, std::span<const TileCoord> goals, FieldRegion region,
                            std::span<const TileCoord> sources)
{
    setup(layer, goals, region, sources);
    return restart(grid);
}

void FlowField::setup(int layer, std::span<const TileCoord> goals, FieldRegion region, std::span<const TileCoord> sources)
{
    m_goals.assign(goals.begin(), goals.end());
    m_sources.assign(sources.begin(), sources.end());
    m_layer = layer;
    m_region = region;
    stop();
}

void FlowField::stop()
{
    m_grid = nullptr;
    m_heap = {};  // memory freed: a field waiting for restart() holds no region arrays
    m_dist = {};
    m_dir = {};
    m_isSource = {};
    m_bound = {};
    m_lm.reset();
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
    const int pw = m_region.width() + 2, ph = m_region.height() + 2;
    // Walls stay Unreached (expand() never enters them); the ring is Closed. A plain fill: the
    // set-up of a large region costs little more than writing its memory.
    m_dist.assign(m_region.empty() ? 0 : std::size_t(pw) * std::size_t(ph), Unreached);
    m_dir.assign(m_dist.size(), NoDir);
    if (!m_region.empty()) {
        std::fill_n(m_dist.begin(), pw, Closed);
        std::fill_n(m_dist.end() - pw, pw, Closed);
        for (int y = 1; y < ph - 1; ++y) {
            m_dist[std::size_t(y) * std::size_t(pw)] = Closed;
            m_dist[std::size_t(y) * std::size_t(pw) + std::size_t(pw - 1)] = Closed;
        }
    }
    markSources(grid);
    for (TileCoord g : m_goals)
        if (m_region.contains(g) && m_dist[local(g)] == Unreached && grid.passable(m_layer, g)) {
            m_dist[local(g)] = 0.0;
            push(0.0, local(g), grid.toNode(g));
        }
    if (m_heap.empty()) {
        m_status = PathStatus::NoPath;
        return m_status;
    }
    m_grid = &grid;
    m_status = PathStatus::InProgress;
    return m_status;
}

void FlowField::markSources(const NavGrid& grid)
{
    m_sourcesLeft = 0;
    m_isSource.clear();
    m_bound.clear();
    m_lm.reset();
    m_sourceBox = {m_region.x1, m_region.y1, m_region.x0, m_region.y0};
    std::vector<int> islands;
    for (TileCoord g : m_goals)
        if (m_region.contains(g))
            islands.push_back(grid.islandOf(m_layer, g));
    for (TileCoord c : m_sources) {
        if (!m_region.contains(c) || !grid.passable(m_layer, c) ||
            std::find(islands.begin(), islands.end(), grid.islandOf(m_layer, c)) == islands.end())
            continue;  // outside, a wall, listed twice, or no way from it to a goal
        if (m_isSource.empty())
            m_isSource.assign(m_dist.size(), 0);
        if (m_isSource[local(c)])
            continue;
        m_isSource[local(c)] = 1;
        ++m_sourcesLeft;
        m_sourceBox = {std::min(m_sourceBox.x0, c.x), std::min(m_sourceBox.y0, c.y), std::max(m_sourceBox.x1, c.x + 1),
                       std::max(m_sourceBox.y1, c.y + 1)};
    }
    // A step moves at most one cell along each axis. Four-connected: the Manhattan distance x
    // the cheapest cost. Else each step costs at least the cheapest cost x min(1, diagonal
    // factor) per cell of Chebyshev distance; with a factor of 1 or more the octile distance
    // with that factor (at most 2) bounds the way too, and tighter.
    markLandmarks(grid, islands);
    if (m_sourcesLeft > 0)
        m_bound.assign(m_dist.size(), -1.0);
    const double f = m_rules.diagonalFactor;
    const double cheapest = grid.minCellCost(m_layer);
    if (m_rules.diagonal == DiagonalMode::Never) {
        m_boundScale = cheapest;
        m_boundDiagonal = cheapest;
    } else if (f >= 1.0) {
        m_boundScale = cheapest;
        m_boundDiagonal = cheapest * (std::min(f, 2.0) - 1.0);
    } else {
        m_boundScale = cheapest * f;
        m_boundDiagonal = 0.0;
    }
}

void FlowField::markLandmarks(const NavGrid& grid, const std::vector<int>& islands)
{
    // The table compares cells of one island only: the goals' island, the sources' too.
    std::shared_ptr<const LandmarkTable> lm = grid.landmarks(m_layer);
    if (m_sourcesLeft == 0 || !lm || lm->empty() || !lm->builtFor(m_rules) ||
        std::adjacent_find(islands.begin(), islands.end(), std::not_equal_to<>()) != islands.end())
        return;
    const int k = lm->count;
    m_lmFrom.assign(std::size_t(k), -std::numeric_limits<double>::infinity());
    m_lmTo.assign(std::size_t(k), std::numeric_limits<double>::infinity());
    for (TileCoord c : m_sources) {
        if (!m_region.contains(c) || m_isSource.empty() || !m_isSource[local(c)])
            continue;
        const std::uint32_t n = grid.toNode(c);
        for (int l = 0; l < k; ++l) {
            m_lmFrom[std::size_t(l)] = std::max(m_lmFrom[std::size_t(l)], double(lm->forward(n, l)));
            m_lmTo[std::size_t(l)] = std::min(m_lmTo[std::size_t(l)], double(lm->backward(n, l)));
        }
    }
    m_lm = std::move(lm);
}

double FlowField::bound(std::uint32_t cell, std::uint32_t node) const
{
    if (m_sourcesLeft == 0)
        return 0.0;
    const int pw = m_region.width() + 2;
    const int x = m_region.x0 + int(cell) % pw - 1, y = m_region.y0 + int(cell) / pw - 1;
    const int dx = std::max({0, m_sourceBox.x0 - x, x - (m_sourceBox.x1 - 1)});
    const int dy = std::max({0, m_sourceBox.y0 - y, y - (m_sourceBox.y1 - 1)});
    double h = m_boundScale * double(std::max(dx, dy)) + m_boundDiagonal * double(std::min(dx, dy));
    if (m_lm) {
        // From each source s: d(s, c) >= F_L(c) - F_L(s) and >= B_L(s) - B_L(c) (Landmarks.hpp).
        const int k = m_lm->count;
        for (int l = 0; l < k; ++l)
            h = std::max({h, double(m_lm->forward(node, l)) - m_lmFrom[std::size_t(l)],
                          m_lmTo[std::size_t(l)] - double(m_lm->backward(node, l))});
    }
    return h;
}

void FlowField::push(double d, std::uint32_t cell, std::uint32_t node)
{
    double h = 0.0;
    if (!m_bound.empty()) {
        // A cell is pushed once per improvement: its bound is computed once.
        double& cached = m_bound[cell];
        if (cached < 0.0)
            cached = bound(cell, node);
        h = cached;
    }
    m_heap.push_back({d + h, d, cell, node});
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
        expand(e);
        ++m_expanded;
        --n;
        if (!m_isSource.empty() && m_isSource[e.cell] && --m_sourcesLeft == 0)
            m_heap.clear();  // every source settled: done
    }
    if (m_heap.empty()) {
        m_status = PathStatus::Found;
        m_grid = nullptr;
        m_lm.reset();
        m_bound = {};
    }
    return m_status;
}

void FlowField::expand(const HeapEntry& e)
{
    // Backwards: a neighbour `a` of the popped cell `b` may step into b, paying b's cost.
    const float* costs = m_grid->paddedCosts(m_layer);
    const int stride = m_grid->stride(), pw = m_region.width() + 2;
    const double enter = double(costs[e.node]);
    const double diagonal = enter * m_rules.diagonalFactor;
    for (int k = 0; k < 8; ++k) {
        const std::uint32_t a = std::uint32_t(int(e.cell) - detail::kDy[k] * pw - detail::kDx[k]);
        const std::uint32_t an = std::uint32_t(int(e.node) - detail::kDy[k] * stride - detail::kDx[k]);
        if (!(costs[an] < Impassable))
            continue;  // a wall: never entered, its distance stays Unreached
        double nd = e.d + enter;
        if (k >= 4) {
            // The step a -> b passes between the cells beside it: (b.x, a.y) and (a.x, b.y).
            const bool sideA = costs[std::uint32_t(int(e.node) - detail::kDy[k] * stride)] < Impassable;
            const bool sideB = costs[std::uint32_t(int(e.node) - detail::kDx[k])] < Impassable;
            if (!diagonalAllowed(m_rules.diagonal, sideA, sideB))
                continue;
            nd = e.d + diagonal;
        }
        if (nd < m_dist[a]) {  // never for a Closed cell
            m_dist[a] = nd;
            m_dir[a] = std::uint8_t(k);
            push(nd, a, an);
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
    if (!m_region.contains(c) || m_dist.empty())
        return Unreached;
    const double d = m_dist[local(c)];
    return d == Closed ? Unreached : d;
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
