/// \file JumpPointSearch.cpp
/// Jump point search with the no-corner-cutting rule. Straight jumps scan 64 cells per step on
/// the bit planes: moving east along row y, cell x stops the jump when it is blocked (dead end)
/// or when a side cell (x, y-1) / (x, y+1) is open while the one behind it, (x-1, y-1) /
/// (x-1, y+1), is blocked (a forced neighbour: the only optimal way there turns at x).
/// Diagonal moves have no forced neighbours under this rule (both side cells are open), so a
/// diagonal jump stops only where one of its two straight jumps finds something.
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/detail/HeapOrder.hpp"

#include "engine/path/detail/JumpQuery.hpp"
#include "engine/path/detail/Directions.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace eng::path {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

/// 64 bits of `line` with bit 0 = position `pos` (padded coordinate, >= -kLead).
inline std::uint64_t window(const std::uint64_t* line, int pos)
{
    const unsigned b = unsigned(pos + JumpPointGrid::kLead);
    const unsigned w = b >> 6;
    const unsigned s = b & 63u;
    return s == 0 ? line[w] : (line[w] >> s) | (line[w + 1] << (64u - s));
}

/// Straight scan along `line` (neighbour lines `side0`, `side1`) from the open position `pos`
/// in direction `dir` (+1 / -1). Returns the position of the first jump point (forced
/// neighbour); or, in `lastOpen`, the last open position before a blocked one (dead end), and
/// then the function returns `kNoJump`.
constexpr int kNoJump = std::numeric_limits<int>::min();

inline int scanLine(const std::uint64_t* line, const std::uint64_t* side0, const std::uint64_t* side1, int pos,
                    int dir, int& lastOpen)
{
    if (dir > 0) {
        for (;;) {
            const std::uint64_t b = window(line, pos);
            const std::uint64_t u = window(side0, pos);
            const std::uint64_t d = window(side1, pos);
            // bit k: side cell k open, side cell k-1 (behind) blocked.
            const std::uint64_t stop = (~b | (u & ~(u << 1)) | (d & ~(d << 1))) & ~std::uint64_t(1);
            if (stop != 0) {
                const int k = __builtin_ctzll(stop);
                if (((b >> k) & 1u) == 0) {
                    lastOpen = pos + k - 1;
                    return kNoJump;
                }
                lastOpen = pos + k;
                return pos + k;
            }
            pos += 63;
        }
    } else {
        for (;;) {
            const int base = pos - 63;  // bit 63 = pos
            const std::uint64_t b = window(line, base);
            const std::uint64_t u = window(side0, base);
            const std::uint64_t d = window(side1, base);
            // bit k: side cell k open, side cell k+1 (behind) blocked.
            const std::uint64_t stop = (~b | (u & ~(u >> 1)) | (d & ~(d >> 1))) & ~(std::uint64_t(1) << 63);
            if (stop != 0) {
                const int k = 63 - __builtin_clzll(stop);
                if (((b >> k) & 1u) == 0) {
                    lastOpen = base + k + 1;
                    return kNoJump;
                }
                lastOpen = base + k;
                return base + k;
            }
            pos -= 63;
        }
    }
}

inline int sign(int v)
{
    return (v > 0) - (v < 0);
}


} // namespace

// ---------------------------------------------------------------------------------------------
// JumpPointGrid

bool JumpPointGrid::build(const NavGrid& grid, int layer)
{
    m_layer = -1;
    m_rows.clear();
    m_cols.clear();
    if (!grid.validLayer(layer))
        return false;
    m_pw = grid.stride();
    m_ph = grid.height() + 2;
    m_rowWords = std::size_t(m_pw + 2 * kLead) / 64 + 2;
    m_colWords = std::size_t(m_ph + 2 * kLead) / 64 + 2;
    m_rows.assign(m_rowWords * std::size_t(m_ph), 0u);
    m_cols.assign(m_colWords * std::size_t(m_pw), 0u);
    const float* costs = grid.paddedCosts(layer);
    for (int y = 0; y < m_ph; ++y) {
        for (int x = 0; x < m_pw; ++x) {
            if (!(costs[std::size_t(y) * std::size_t(m_pw) + std::size_t(x)] < Impassable))
                continue;
            const std::size_t bx = std::size_t(x + kLead);
            const std::size_t by = std::size_t(y + kLead);
            m_rows[std::size_t(y) * m_rowWords + (bx >> 6)] |= std::uint64_t(1) << (bx & 63);
            m_cols[std::size_t(x) * m_colWords + (by >> 6)] |= std::uint64_t(1) << (by & 63);
        }
    }
    m_layer = layer;
    m_version = grid.layerVersion(layer);
    return true;
}

bool JumpPointGrid::matches(const NavGrid& grid, int layer) const
{
    return built() && layer == m_layer && grid.validLayer(layer) && grid.layerVersion(layer) == m_version &&
           grid.stride() == m_pw && grid.height() + 2 == m_ph;
}

// ---------------------------------------------------------------------------------------------
// JumpPointSearch

bool JumpPointSearch::supports(const NavGrid& grid, int layer)
{
    if (!grid.validLayer(layer) || !grid.uniformCost(layer))
        return false;
    const MoveRules& r = grid.rules(layer);
    return r.diagonal == DiagonalMode::NoCornerCutting && r.diagonalFactor >= 1.0 && r.diagonalFactor < 2.0;
}

double JumpPointSearch::h(int x, int y) const
{
    int dx = x - m_goalX;
    int dy = y - m_goalY;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    const int lo = dx < dy ? dx : dy;
    const int hi = dx < dy ? dy : dx;
    return m_cost * double(hi - lo) + m_diagCost * double(lo);
}

std::uint32_t JumpPointSearch::jumpStraight(int x, int y, int dx, int dy) const
{
    const JumpPointGrid& j = *m_jumps;
    int lastOpen = 0;
    if (dy == 0) {
        const std::uint64_t* rows = j.rows();
        const std::size_t n = j.rowWords();
        const int at = scanLine(rows + std::size_t(y) * n, rows + std::size_t(y - 1) * n, rows + std::size_t(y + 1) * n,
                                x, dx, lastOpen);
        if (y == m_goalY && (dx > 0 ? (m_goalX > x && m_goalX <= lastOpen) : (m_goalX < x && m_goalX >= lastOpen)))
            return m_goalNode;
        return at == kNoJump ? kNone : std::uint32_t(y * m_stride + at);
    }
    const std::uint64_t* cols = j.cols();
    const std::size_t n = j.colWords();
    const int at = scanLine(cols + std::size_t(x) * n, cols + std::size_t(x - 1) * n, cols + std::size_t(x + 1) * n, y,
                            dy, lastOpen);
    if (x == m_goalX && (dy > 0 ? (m_goalY > y && m_goalY <= lastOpen) : (m_goalY < y && m_goalY >= lastOpen)))
        return m_goalNode;
    return at == kNoJump ? kNone : std::uint32_t(at * m_stride + x);
}

std::uint32_t JumpPointSearch::jumpDiagonal(int x, int y, int dx, int dy) const
{
    const JumpPointGrid& j = *m_jumps;
    for (;;) {
        // No corner cutting: both orthogonal neighbours of the step must be open.
        if (!j.open(x + dx, y) || !j.open(x, y + dy) || !j.open(x + dx, y + dy))
            return kNone;
        x += dx;
        y += dy;
        const std::uint32_t node = std::uint32_t(y * m_stride + x);
        if (node == m_goalNode)
            return node;
        if (jumpStraight(x, y, dx, 0) != kNone || jumpStraight(x, y, 0, dy) != kNone)
            return node;
    }
}

void JumpPointSearch::push(std::uint32_t node, std::uint32_t parent, double g)
{
    Node& n = m_nodes[node];
    const std::uint32_t openStamp = m_generation;
    if (n.stamp == openStamp + 1)
        return;  // closed
    if (n.stamp == openStamp && !(g < n.g))
        return;
    n.stamp = openStamp;
    n.g = g;
    n.parent = parent;
    const int y = m_rowOf(node);
    const int x = int(node) - y * m_stride;
    m_open.push_back({g + h(x, y), g, node});
    std::push_heap(m_open.begin(), m_open.end(), detail::LaterInHeap{});
}

void JumpPointSearch::expand(std::uint32_t node)
{
    const JumpPointGrid& j = *m_jumps;
    const int y = m_rowOf(node);
    const int x = int(node) - y * m_stride;
    const Node& cur = m_nodes[node];
    const double g = cur.g;
    auto add = [&](std::uint32_t to) {
        if (to == kNone)
            return;
        const int ty = m_rowOf(to);
        const int tx = int(to) - ty * m_stride;
        const int ax = tx > x ? tx - x : x - tx;
        const int ay = ty > y ? ty - y : y - ty;
        // A jump is a straight or a diagonal line: one of the offsets is 0 or both are equal.
        const double step = ax == ay ? m_diagCost * double(ax) : m_cost * double(ax + ay);
        push(to, node, g + step);
    };
    if (cur.parent == node) {
        // The start: every direction.
        add(jumpStraight(x, y, 0, -1));
        add(jumpStraight(x, y, 1, 0));
        add(jumpStraight(x, y, 0, 1));
        add(jumpStraight(x, y, -1, 0));
        add(jumpDiagonal(x, y, 1, -1));
        add(jumpDiagonal(x, y, 1, 1));
        add(jumpDiagonal(x, y, -1, 1));
        add(jumpDiagonal(x, y, -1, -1));
        return;
    }
    const int py = m_rowOf(cur.parent);
    const int px = int(cur.parent) - py * m_stride;
    const int dx = sign(x - px);
    const int dy = sign(y - py);
    if (dx != 0 && dy != 0) {
        add(jumpStraight(x, y, dx, 0));
        add(jumpStraight(x, y, 0, dy));
        add(jumpDiagonal(x, y, dx, dy));
    } else if (dx != 0) {
        add(jumpStraight(x, y, dx, 0));
        for (int side : {-1, 1}) {
            if (j.open(x, y + side) && !j.open(x - dx, y + side)) {
                add(jumpStraight(x, y, 0, side));
                add(jumpDiagonal(x, y, dx, side));
            }
        }
    } else {
        add(jumpStraight(x, y, 0, dy));
        for (int side : {-1, 1}) {
            if (j.open(x + side, y) && !j.open(x + side, y - dy)) {
                add(jumpStraight(x, y, side, 0));
                add(jumpDiagonal(x, y, side, dy));
            }
        }
    }
}

bool JumpPointSearch::search(std::uint32_t startNode, std::uint32_t goalNode, int& expanded)
{
    detail::nextGeneration(m_nodes, m_generation);
    m_goalNode = goalNode;
    m_goalY = m_rowOf(goalNode);
    m_goalX = int(goalNode) - m_goalY * m_stride;
    m_open.clear();
    push(startNode, startNode, 0.0);
    const std::uint32_t closedStamp = m_generation + 1;
    while (!m_open.empty()) {
        std::pop_heap(m_open.begin(), m_open.end(), detail::LaterInHeap{});
        const std::uint32_t node = m_open.back().node;
        m_open.pop_back();
        Node& n = m_nodes[node];
        if (n.stamp == closedStamp)
            continue;  // a stale duplicate
        n.stamp = closedStamp;
        ++expanded;
        if (node == goalNode)
            return true;
        expand(node);
    }
    return false;
}

void JumpPointSearch::writePath(std::uint32_t startNode, std::uint32_t endNode, PathResult& out) const
{
    detail::jumpPointsToCells(startNode, endNode, m_stride, [this](std::uint32_t n) { return m_nodes[n].parent; },
                              out.path);
    // The cost as A* sums it: step by step in path order.
    double cost = 0.0;
    for (std::size_t i = 1; i < out.path.size(); ++i) {
        const bool diagonal = out.path[i].x != out.path[i - 1].x && out.path[i].y != out.path[i - 1].y;
        cost = diagonal ? cost + m_cost * m_diag : cost + m_cost;
    }
    out.cost = cost;
}

PathStatus JumpPointSearch::findPath(const NavGrid& grid, int layer, const JumpPointGrid& jumps, TileCoord start,
                                     TileCoord goal, PathResult& out)
{
    const bool supported = supports(grid, layer) && jumps.matches(grid, layer);
    if (const std::optional<PathStatus> refused = detail::refuseJumpQuery(grid, layer, supported, start, goal, out)) {
        out.status = *refused;
        return out.status;
    }
    if (m_nodes.size() < grid.paddedSize())
        m_nodes.resize(grid.paddedSize(), Node{});
    m_jumps = &jumps;
    m_stride = grid.stride();
    m_rowOf = detail::RowOf(m_stride);
    m_cost = double(grid.paddedCosts(layer)[grid.toNode(start)]);
    m_diag = grid.rules(layer).diagonalFactor;
    m_diagCost = m_cost * m_diag;
    detail::runJumpQuery(
        grid, layer, start, goal, m_partialPaths, m_targets, out,
        [this](std::uint32_t s, std::uint32_t g, int& expanded) { return search(s, g, expanded); },
        [this](std::uint32_t n) { return m_nodes[n].g; },
        [this, &out](std::uint32_t s, std::uint32_t e) { writePath(s, e, out); });
    m_jumps = nullptr;
    return out.status;
}

} // namespace eng::path
