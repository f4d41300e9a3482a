/// \file FlowField.cpp
/// FlowField: a backwards Dijkstra over a rectangle of a NavGrid layer (binary heap of 16-byte
/// keys with lazy deletion, ties by cell index), one direction byte and one flag byte per cell.
#include "engine/path/FlowField.hpp"

#include "engine/path/detail/Directions.hpp"
#include "engine/path/detail/OpenList.hpp"

#include <algorithm>
#include <cstring>
#include <functional>

namespace isostar::path {

namespace {

constexpr std::uint8_t NoDir = 8;
/// The distance of the ring of padded region cells round the region, which the search never
/// enters: below any real distance, so no relaxation ever improves it.
constexpr double Closed = -1.0;

/// m_flags bits: a source not settled yet; a cell settled (expanded with its distance as it
/// stands: a later improvement clears the bit and pushes the cell again, as lazy deletion would).
constexpr std::uint8_t SourceFlag = 1;
/// FlowField::bound's fixed lane count: the table's nodeStride with 8 landmarks.
constexpr std::size_t kLaneWidth = 16;
constexpr std::uint8_t ClosedFlag = 2;

/// The landmark lanes of a cell as FlowField::bound reads them with a fixed width (k = 8).
template <std::size_t Width>
[[gnu::always_inline]] inline std::int32_t laneBound(const std::uint16_t* v, const std::vector<std::int32_t>& mask,
                                                     const std::vector<std::int32_t>& offset)
{
    std::int32_t best = 0;
    for (std::size_t i = 0; i < Width; ++i) {
        const std::int32_t x = ((std::int32_t(v[i]) ^ mask[i]) - mask[i]) + offset[i];
        best = x > best ? x : best;
    }
    return best;
}

/// Bit (sideA * 2 + sideB) set: a diagonal step whose side cells' passability is (sideA,
/// sideB) is allowed under `mode`.
unsigned diagonalMask(DiagonalMode mode)
{
    switch (mode) {
    case DiagonalMode::Never: return 0u;
    case DiagonalMode::NoCornerCutting: return 0b1000u;
    case DiagonalMode::AtMostOneObstacle: return 0b1110u;
    case DiagonalMode::Always: return 0b1111u;
    }
    return 0u;
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
    m_heapCount = 0;
    m_dist = {};
    m_dir = {};
    m_flags = {};
    m_costs = {};
    m_lm.reset();
    m_expanded = 0;
    m_status = PathStatus::InvalidInput;
}

PathStatus FlowField::restart(const NavGrid& grid)
{
    if (prepare(grid) != PathStatus::InProgress)
        return m_status;
    start();
    return m_status;
}

PathStatus FlowField::prepare(const NavGrid& grid)
{
    m_grid = nullptr;
    m_watchGrid = true;
    m_begun = false;
    m_heapCount = 0;
    m_expanded = 0;
    m_dist.clear();
    m_dir.clear();
    m_flags.clear();
    if (!grid.validLayer(m_layer)) {
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
    m_nodeStride = grid.stride();
    for (int k = 0; k < 8; ++k) {
        // Backwards: the neighbour a of a settled cell b that may step into b lies at b - (dx, dy).
        m_cellStep[k] = -(detail::kDy[k] * pw + detail::kDx[k]);
        m_nodeStep[k] = -(detail::kDy[k] * grid.stride() + detail::kDx[k]);
    }
    m_nodeOrigin = m_region.empty() ? 0 : grid.toNode({m_region.x0, m_region.y0}) - std::uint32_t(grid.stride()) - 1;
    // The costs the search reads, the ring included (the grid's padding beyond its edges): a
    // copy, so the search itself reads nothing of the grid but the landmark table it holds.
    m_costs.resize(m_region.empty() ? 0 : std::size_t(pw) * std::size_t(ph));
    const float* costs = grid.paddedCosts(m_layer);
    for (int y = 0; y < (m_region.empty() ? 0 : ph); ++y)
        std::memcpy(m_costs.data() + std::size_t(y) * std::size_t(pw),
                    costs + m_nodeOrigin + std::size_t(y) * std::size_t(grid.stride()), std::size_t(pw) * sizeof(float));
    m_directions = m_rules.diagonal == DiagonalMode::Never ? 4 : 8;
    m_hex = grid.hexSteps();
    for (int sh = 0; sh < 2; ++sh)
        for (int k = 0; k < GridTopology::kHexNeighbours; ++k)
            m_hexCell[sh][k] = m_hex.dy[sh][k] * pw + m_hex.dx[sh][k];
    m_diagonalOk = diagonalMask(m_rules.diagonal);
    m_liveGoals.clear();
    for (TileCoord g : m_goals)
        if (m_region.contains(g) && grid.passable(m_layer, g))
            m_liveGoals.push_back(g);
    markSources(grid);
    m_grid = &grid;
    m_status = m_liveGoals.empty() ? PathStatus::NoPath : PathStatus::InProgress;
    if (m_status == PathStatus::NoPath)
        m_grid = nullptr;
    return m_status;
}

void FlowField::start()
{
    m_begun = true;
    const int pw = m_region.width() + 2, ph = m_region.height() + 2;
    // Walls stay Unreached (expand() never enters them); the ring is Closed. A plain fill: the
    // set-up of a large region costs little more than writing its memory.
    m_dist.assign(m_costs.size(), Unreached);
    m_dir.assign(m_dist.size(), NoDir);
    m_flags.assign(m_dist.size(), 0);
    if (m_heap.size() < 64)
        m_heap.resize(64);
    if (!m_region.empty()) {
        std::fill_n(m_dist.begin(), pw, Closed);
        std::fill_n(m_dist.end() - pw, pw, Closed);
        for (int y = 1; y < ph - 1; ++y) {
            m_dist[std::size_t(y) * std::size_t(pw)] = Closed;
            m_dist[std::size_t(y) * std::size_t(pw) + std::size_t(pw - 1)] = Closed;
        }
    }
    m_sourcesLeft = 0;
    for (TileCoord c : m_liveSources)
        if (!(m_flags[local(c)] & SourceFlag)) {  // a source listed twice counts once
            m_flags[local(c)] |= SourceFlag;
            ++m_sourcesLeft;
        }
    for (TileCoord g : m_liveGoals)
        if (m_dist[local(g)] == Unreached) {
            m_dist[local(g)] = 0.0;
            const int x = g.x - m_region.x0 + 1, y = g.y - m_region.y0 + 1;
            push(0.0, local(g), m_nodeOrigin + std::uint32_t(y) * std::uint32_t(m_nodeStride) + std::uint32_t(x), x, y);
        }
}

void FlowField::markSources(const NavGrid& grid)
{
    m_lm.reset();
    m_liveSources.clear();
    m_sourceBox = {m_region.x1, m_region.y1, m_region.x0, m_region.y0};
    std::vector<int> islands;
    for (TileCoord g : m_goals)
        if (m_region.contains(g))
            islands.push_back(grid.islandOf(m_layer, g));
    for (TileCoord c : m_sources) {
        if (!m_region.contains(c) || !grid.passable(m_layer, c) ||
            std::find(islands.begin(), islands.end(), grid.islandOf(m_layer, c)) == islands.end())
            continue;  // outside, a wall, or no way from it to a goal
        m_liveSources.push_back(c);
        m_sourceBox = {std::min(m_sourceBox.x0, c.x), std::min(m_sourceBox.y0, c.y), std::max(m_sourceBox.x1, c.x + 1),
                       std::max(m_sourceBox.y1, c.y + 1)};
    }
    // A step moves at most one cell along each axis. Four-connected: the Manhattan distance x
    // the cheapest cost. Else each step costs at least the cheapest cost x min(1, diagonal
    // factor) per cell of Chebyshev distance; with a factor of 1 or more the octile distance
    // with that factor (at most 2) bounds the way too, and tighter.
    markLandmarks(grid, islands);
    const double f = m_rules.diagonalFactor;
    const double cheapest = grid.minCellCost(m_layer);
    if (grid.hex()) {
        m_boundScale = cheapest;  // Chebyshev in offset coordinates: at most one cell a step
        m_boundDiagonal = 0.0;
    } else if (m_rules.diagonal == DiagonalMode::Never) {
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
    if (m_liveSources.empty() || !lm || lm->empty() || !lm->builtFor(m_rules, grid.topology()) ||
        std::adjacent_find(islands.begin(), islands.end(), std::not_equal_to<>()) != islands.end())
        return;
    const int k = lm->count;
    // In quanta: the table's values are whole quanta of its scale, so differences are exact.
    // Lane 2l: F_L(c) - max F_L(s); lane 2l + 1: min B_L(s) - B_L(c); padding lanes: 0 x v - big.
    const std::int32_t none = std::numeric_limits<std::int32_t>::min() / 2;
    m_lmMask.assign(lm->nodeStride, 0);
    m_lmOffset.assign(lm->nodeStride, none);
    for (int l = 0; l < k; ++l) {
        m_lmMask[std::size_t(2 * l + 1)] = -1;  // (v ^ -1) - -1 == -v
        m_lmOffset[std::size_t(2 * l + 1)] = std::numeric_limits<std::int32_t>::max() / 2;
    }
    for (TileCoord c : m_liveSources) {
        const std::uint32_t n = grid.toNode(c);
        for (int l = 0; l < k; ++l) {
            std::int32_t& from = m_lmOffset[std::size_t(2 * l)];
            from = std::max(from, std::int32_t(lm->forwardQuanta(n, l)));
            std::int32_t& to = m_lmOffset[std::size_t(2 * l + 1)];
            to = std::min(to, std::int32_t(lm->backwardQuanta(n, l)));
        }
    }
    for (int l = 0; l < k; ++l)
        m_lmOffset[std::size_t(2 * l)] = -m_lmOffset[std::size_t(2 * l)];
    m_lm = std::move(lm);
}

double FlowField::bound(int x, int y, std::uint32_t node) const
{
    // x, y padded: the box is compared in the same frame.
    const int bx0 = m_sourceBox.x0 - m_region.x0 + 1, by0 = m_sourceBox.y0 - m_region.y0 + 1;
    const int bx1 = m_sourceBox.x1 - m_region.x0, by1 = m_sourceBox.y1 - m_region.y0;
    const int dx = std::max({0, bx0 - x, x - bx1});
    const int dy = std::max({0, by0 - y, y - by1});
    const double h = m_boundScale * double(std::max(dx, dy)) + m_boundDiagonal * double(std::min(dx, dy));
    if (!m_lm)
        return h;
    // From each source s: d(s, c) >= F_L(c) - F_L(s) and >= B_L(s) - B_L(c) (Landmarks.hpp),
    // in whole quanta, times the scale once (exact: the same values as in doubles). Lane i of
    // the cell's values (F, B, F, B, .., padding) gives sign_i x value + offset_i, so the
    // loop over a fixed width vectorises.
    const std::uint16_t* v = m_lm->plane(0) + std::size_t(node) * m_lm->nodeStride;
    std::int32_t best = 0;
    if (m_lm->nodeStride == kLaneWidth)
        best = laneBound<kLaneWidth>(v, m_lmMask, m_lmOffset);
    else
        for (std::size_t i = 0; i < m_lm->nodeStride; ++i)
            best = std::max(best, ((std::int32_t(v[i]) ^ m_lmMask[i]) - m_lmMask[i]) + m_lmOffset[i]);
    return std::max(h, m_lm->scale * double(best));
}

void FlowField::push(double d, std::uint32_t cell, std::uint32_t node, int x, int y)
{
    const double f = m_sourcesLeft > 0 ? d + bound(x, y, node) : d;
    if (m_lm)
        prefetchAround(node, m_nodeStride);
    if (m_heapCount + 2 > m_heap.size())
        m_heap.resize(2 * m_heap.size());
    // Equal f: the smaller d first (the float of d: its order, exact but where two distances
    // round alike), then the cell.
    const float df = float(d);
    std::uint32_t dBits = 0;
    std::memcpy(&dBits, &df, sizeof dBits);
    detail::heapPush(m_heap.data(), m_heapCount, detail::HeapEntry{detail::fBitsOf(f), (std::uint64_t(dBits) << 32) | cell});
}

PathStatus FlowField::step(int maxExpansions)
{
    if (m_status != PathStatus::InProgress)
        return m_status;
    if (!m_begun && !m_watchGrid)
        start();  // detached: the set-up runs where the search does
    if (!m_grid || (m_watchGrid && m_grid->layerVersion(m_layer) != m_version)) {
        m_grid = nullptr;
        m_heapCount = 0;
        m_status = PathStatus::InvalidInput;
        return m_status;
    }
    const int pw = m_region.width() + 2;
    for (int n = std::max(1, maxExpansions); n > 0 && m_heapCount > 0;) {
        const std::uint64_t tie = m_heap[0].tie;
        detail::heapPop(m_heap.data(), m_heapCount);
        const auto cell = std::uint32_t(tie);
        const auto x = cell % std::uint32_t(pw), y = cell / std::uint32_t(pw);
        std::uint8_t& flags = m_flags[cell];
        if (flags & ClosedFlag)
            continue;  // a stale duplicate
        flags = std::uint8_t(flags | ClosedFlag);
        const bool source = flags & SourceFlag;
        if (source)
            flags = std::uint8_t(flags & ~SourceFlag);  // counted once, even if improved later
        expand(cell, m_nodeOrigin + y * std::uint32_t(m_nodeStride) + x, int(x), int(y), m_dist[cell]);
        ++m_expanded;
        --n;
        if (source && --m_sourcesLeft == 0)
            m_heapCount = 0;  // every source settled: done
    }
    if (m_heapCount == 0) {
        m_status = PathStatus::Found;
        m_grid = nullptr;
        m_lm.reset();
    }
    return m_status;
}

void FlowField::prefetchAround(std::uint32_t node, int stride) const
{
    // When it is expanded its neighbours' bounds are read: a row of three cells spans at most
    // two lines of the table, those of its first and last cell.
    for (const std::ptrdiff_t row : {std::ptrdiff_t(node) - stride, std::ptrdiff_t(node), std::ptrdiff_t(node) + stride}) {
        __builtin_prefetch(m_lm->plane(0) + std::size_t(row - 1) * m_lm->nodeStride);
        __builtin_prefetch(m_lm->plane(0) + std::size_t(row + 1) * m_lm->nodeStride);
    }
}

void FlowField::expandHex(std::uint32_t cell, std::uint32_t node, int x, int y, double d)
{
    // Neighbour k of b is a; b is neighbour k + 3 (mod 6) of a (GridTopology::hexStep).
    const float* costs = m_costs.data();
    const double nd = d + double(costs[cell]);
    const int sh = m_hex.topology.shifted({m_region.x0 + x - 1, m_region.y0 + y - 1}) ? 1 : 0;
    for (int k = 0; k < GridTopology::kHexNeighbours; ++k) {
        const std::uint32_t a = cell + std::uint32_t(m_hexCell[sh][k]);
        if (!(costs[a] < Impassable) || !(nd < m_dist[a]))
            continue;  // a wall (never entered), a Closed ring cell, or no better
        m_dist[a] = nd;
        m_dir[a] = std::uint8_t((k + 3) % GridTopology::kHexNeighbours);
        m_flags[a] = std::uint8_t(m_flags[a] & ~ClosedFlag);
        push(nd, a, node + std::uint32_t(m_hex.offsets[sh][k]), x + m_hex.dx[sh][k], y + m_hex.dy[sh][k]);
    }
}

void FlowField::expand(std::uint32_t cell, std::uint32_t node, int x, int y, double d)
{
    if (m_hex.topology.hex)
        return expandHex(cell, node, x, y, d);
    // Backwards: a neighbour `a` of the settled cell `b` may step into b, paying b's cost.
    const float* costs = m_costs.data();
    const double enter = double(costs[cell]);
    const double diagonal = enter * m_rules.diagonalFactor;
    for (int k = 0; k < m_directions; ++k) {
        const std::uint32_t a = cell + std::uint32_t(m_cellStep[k]);
        const std::uint32_t an = node + std::uint32_t(m_nodeStep[k]);
        if (!(costs[a] < Impassable))
            continue;  // a wall: never entered, its distance stays Unreached
        double nd = d + enter;
        if (k >= 4) {
            // The step a -> b passes between the cells beside it: (b.x, a.y) and (a.x, b.y).
            const unsigned sideA = costs[cell + std::uint32_t(m_cellStep[k] + detail::kDx[k])] < Impassable;
            const unsigned sideB = costs[cell - std::uint32_t(detail::kDx[k])] < Impassable;
            if (!((m_diagonalOk >> (sideA * 2 + sideB)) & 1u))
                continue;
            nd = d + diagonal;
        }
        if (nd < m_dist[a]) {  // never for a Closed cell
            m_dist[a] = nd;
            m_dir[a] = std::uint8_t(k);
            m_flags[a] = std::uint8_t(m_flags[a] & ~ClosedFlag);
            push(nd, a, an, x - detail::kDx[k], y - detail::kDy[k]);
        }
    }
}

void FlowField::detach()
{
    // The search reads its cost copy and its landmark table only: nothing to watch.
    m_watchGrid = false;
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
    if (m_hex.topology.hex) {
        const TileCoord step = m_hex.topology.hexStep(m_hex.topology.shifted(c), k);
        return TileCoord{c.x + step.x, c.y + step.y};
    }
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

} // namespace isostar::path
