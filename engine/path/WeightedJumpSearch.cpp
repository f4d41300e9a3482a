/// \file WeightedJumpSearch.cpp
/// Weighted jump point search with the no-corner-cutting rule. Straight jumps scan 64 cells per
/// step on the bit planes: moving east along row y, cell x stops the jump when it is blocked
/// (dead end), when it is not flat (a cost border: a jump point), or when a side cell
/// (x, y-1) / (x, y+1) is open while the one behind it, (x-1, y-1) / (x-1, y+1), is blocked
/// (a forced neighbour, as in JumpPointSearch). A diagonal jump stops at a cell that is not
/// flat or where one of its two straight jumps finds something.
#include "engine/path/WeightedJumpSearch.hpp"

#include "engine/path/detail/ClosestCells.hpp"
#include "engine/path/detail/Directions.hpp"
#include "engine/path/detail/OpenList.hpp"
#include "engine/path/detail/LandmarkBound.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace eng::path {

namespace {

constexpr std::uint32_t kNoNode = std::numeric_limits<std::uint32_t>::max();
constexpr int kNoStop = std::numeric_limits<int>::min();

/// 64 bits of `line` with bit 0 = position `pos` (padded coordinate, >= -kLead).
inline std::uint64_t flatWindow(const std::uint64_t* line, int pos)
{
    const unsigned b = unsigned(pos + WeightedJumpGrid::kLead);
    const unsigned w = b >> 6;
    const unsigned s = b & 63u;
    return s == 0 ? line[w] : (line[w] >> s) | (line[w + 1] << (64u - s));
}

/// The lines of one straight scan: the open and flat bits of the line, the open bits of both
/// neighbour lines.
struct ScanLines {
    const std::uint64_t* open;
    const std::uint64_t* flat;
    const std::uint64_t* side0;
    const std::uint64_t* side1;
};

/// Straight scan from the open position `pos` in direction `dir` (+1 / -1). Returns the first
/// jump point (a cell that is not flat, or a forced neighbour), its position also in
/// `lastOpen`; or kNoStop for a dead end, with the last open position in `lastOpen`.
inline int scanFlatLine(const ScanLines& l, int pos, int dir, int& lastOpen)
{
    if (dir > 0) {
        for (;;) {
            const std::uint64_t f = flatWindow(l.flat, pos);
            const std::uint64_t u = flatWindow(l.side0, pos);
            const std::uint64_t d = flatWindow(l.side1, pos);
            // bit k: not flat, or side cell k open and side cell k-1 (behind) blocked.
            const std::uint64_t stop = (~f | (u & ~(u << 1)) | (d & ~(d << 1))) & ~std::uint64_t(1);
            if (stop != 0) {
                const int k = __builtin_ctzll(stop);
                if (((flatWindow(l.open, pos) >> k) & 1u) == 0) {
                    lastOpen = pos + k - 1;
                    return kNoStop;
                }
                lastOpen = pos + k;
                return pos + k;
            }
            pos += 63;
        }
    }
    for (;;) {
        const int base = pos - 63;  // bit 63 = pos
        const std::uint64_t f = flatWindow(l.flat, base);
        const std::uint64_t u = flatWindow(l.side0, base);
        const std::uint64_t d = flatWindow(l.side1, base);
        // bit k: not flat, or side cell k open and side cell k+1 (behind) blocked.
        const std::uint64_t stop = (~f | (u & ~(u >> 1)) | (d & ~(d >> 1))) & ~(std::uint64_t(1) << 63);
        if (stop != 0) {
            const int k = 63 - __builtin_clzll(stop);
            if (((flatWindow(l.open, base) >> k) & 1u) == 0) {
                lastOpen = base + k + 1;
                return kNoStop;
            }
            lastOpen = base + k;
            return base + k;
        }
        pos -= 63;
    }
}

/// The heap entry of `node` reached with cost g: f's bits, then larger g first (float bits,
/// monotone for g >= 0), then the lower node.
inline detail::HeapEntry jumpEntry(double f, double g, std::uint32_t node)
{
    const float gf = float(g);
    std::uint32_t gBits = 0;
    std::memcpy(&gBits, &gf, sizeof gBits);
    return {detail::fBitsOf(f), (std::uint64_t(~gBits) << 32) | node};
}

inline int stepSign(int v)
{
    return (v > 0) - (v < 0);
}

} // namespace

bool WeightedJumpSearch::supports(const NavGrid& grid, int layer)
{
    if (!grid.validLayer(layer))
        return false;
    const MoveRules& r = grid.rules(layer);
    return r.diagonal == DiagonalMode::NoCornerCutting && r.diagonalFactor >= 1.0 && r.diagonalFactor < 2.0;
}

double WeightedJumpSearch::h(std::uint32_t node, int x, int y) const
{
    int dx = x - m_goalX;
    int dy = y - m_goalY;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    const int lo = dx < dy ? dx : dy;
    const int hi = dx < dy ? dy : dx;
    const double octile = m_minCost * (double(hi - lo) + m_diag * double(lo));
    if (m_active.count == 0)
        return octile;
    const double alt = detail::landmarkBound(m_active, node);
    return alt > octile ? alt : octile;
}

std::uint32_t WeightedJumpSearch::jumpStraight(int x, int y, int dx, int dy) const
{
    const WeightedJumpGrid& j = *m_flat;
    // Next to a cost border most jumps end after one step: no scan for those.
    if (!j.open(x + dx, y + dy))
        return kNoNode;
    if (!j.flat(x + dx, y + dy))
        return std::uint32_t((y + dy) * m_stride + x + dx);
    int lastOpen = 0;
    if (dy == 0) {
        const std::size_t n = j.rowWords();
        const std::size_t row = std::size_t(y) * n;
        const ScanLines lines{j.openRows() + row, j.flatRows() + row, j.openRows() + row - n, j.openRows() + row + n};
        const int at = scanFlatLine(lines, x, dx, lastOpen);
        if (y == m_goalY && (dx > 0 ? (m_goalX > x && m_goalX <= lastOpen) : (m_goalX < x && m_goalX >= lastOpen)))
            return m_goalNode;
        return at == kNoStop ? kNoNode : std::uint32_t(y * m_stride + at);
    }
    const std::size_t n = j.colWords();
    const std::size_t col = std::size_t(x) * n;
    const ScanLines lines{j.openCols() + col, j.flatCols() + col, j.openCols() + col - n, j.openCols() + col + n};
    const int at = scanFlatLine(lines, y, dy, lastOpen);
    if (x == m_goalX && (dy > 0 ? (m_goalY > y && m_goalY <= lastOpen) : (m_goalY < y && m_goalY >= lastOpen)))
        return m_goalNode;
    return at == kNoStop ? kNoNode : std::uint32_t(at * m_stride + x);
}

std::uint32_t WeightedJumpSearch::jumpDiagonal(int x, int y, int dx, int dy) const
{
    const WeightedJumpGrid& j = *m_flat;
    for (;;) {
        // No corner cutting: both orthogonal neighbours of the step must be open.
        if (!j.open(x + dx, y) || !j.open(x, y + dy) || !j.open(x + dx, y + dy))
            return kNoNode;
        x += dx;
        y += dy;
        const std::uint32_t node = std::uint32_t(y * m_stride + x);
        if (node == m_goalNode || !j.flat(x, y))
            return node;
        if (jumpStraight(x, y, dx, 0) != kNoNode || jumpStraight(x, y, 0, dy) != kNoNode)
            return node;
    }
}

void WeightedJumpSearch::push(std::uint32_t node, std::uint32_t parent, double g)
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
    const int y = int(node / std::uint32_t(m_stride));
    const int x = int(node) - y * m_stride;
    if (m_openCount + 2 > m_open.size())
        m_open.resize(std::max<std::size_t>(1024, 2 * m_open.size()));
    detail::heapPush(m_open.data(), m_openCount, jumpEntry(g + h(node, x, y), g, node));
}

void WeightedJumpSearch::add(std::uint32_t to)
{
    if (to == kNoNode)
        return;
    // Pushed by flush() after the expansion's last jump: the loads of the successors' nodes and
    // landmark values overlap with the remaining jumps instead of waiting one after another.
    __builtin_prefetch(&m_nodes[to]);
    if (m_active.count != 0)
        __builtin_prefetch(m_active.plane[0] + 2 * std::size_t(to));
    m_succ[m_succCount++] = to;
}

void WeightedJumpSearch::flush(std::uint32_t from, int x, int y)
{
    const double g = m_nodes[from].g;
    for (int i = 0; i < m_succCount; ++i) {
        const std::uint32_t to = m_succ[i];
        const int ty = int(to / std::uint32_t(m_stride));
        const int tx = int(to) - ty * m_stride;
        const int sx = stepSign(tx - x);
        const int sy = stepSign(ty - y);
        const int steps = std::max(std::abs(tx - x), std::abs(ty - y));
        // Every cell of a jump costs what its first cell costs (all but its last are flat).
        const double c = double(m_costs[std::int64_t(from) + sy * m_stride + sx]);
        const double step = sx != 0 && sy != 0 ? c * m_diag * double(steps) : c * double(steps);
        push(to, from, g + step);
    }
    m_succCount = 0;
}

void WeightedJumpSearch::expandAll(int x, int y)
{
    add(jumpStraight(x, y, 0, -1));
    add(jumpStraight(x, y, 1, 0));
    add(jumpStraight(x, y, 0, 1));
    add(jumpStraight(x, y, -1, 0));
    add(jumpDiagonal(x, y, 1, -1));
    add(jumpDiagonal(x, y, 1, 1));
    add(jumpDiagonal(x, y, -1, 1));
    add(jumpDiagonal(x, y, -1, -1));
}

void WeightedJumpSearch::expandBorder(int x, int y, int dx, int dy)
{
    // A cost border entered from q = (x - dx, y - dy): every direction but those whose first
    // step x->n q matches for strictly less in one or two steps that avoid x (all allowed under
    // no corner cutting). Then g*(x) >= g*(q) + w(q->x) makes q's way to n strictly cheaper
    // than any path x->n, so no optimal path takes that step. The backward ones never count.
    const WeightedJumpGrid& j = *m_flat;
    const auto cost = [&](int cx, int cy) {
        return double(m_costs[std::size_t(cy) * std::size_t(m_stride) + std::size_t(cx)]);
    };
    const double here = cost(x, y);
    const double f = m_diag;
    if (dx != 0 && dy != 0) {
        // Straight on in x: q -> (x, y - dy) straight, then diagonally; likewise in y.
        const double ex = cost(x + dx, y);
        if (!(j.open(x, y - dy) && j.open(x + dx, y - dy) && cost(x, y - dy) + ex * f < here * f + ex))
            add(jumpStraight(x, y, dx, 0));
        const double ey = cost(x, y + dy);
        if (!(j.open(x - dx, y) && j.open(x - dx, y + dy) && cost(x - dx, y) + ey * f < here * f + ey))
            add(jumpStraight(x, y, 0, dy));
        add(jumpDiagonal(x, y, dx, dy));
        // (dx, -dy) and (-dx, dy): q reaches them by two straight steps past x.
        if (!(j.open(x, y - dy) && cost(x, y - dy) + cost(x + dx, y - dy) < (here + cost(x + dx, y - dy)) * f))
            add(jumpDiagonal(x, y, dx, -dy));
        if (!(j.open(x - dx, y) && cost(x - dx, y) + cost(x - dx, y + dy) < (here + cost(x - dx, y + dy)) * f))
            add(jumpDiagonal(x, y, -dx, dy));
        return;
    }
    add(jumpStraight(x, y, dx, dy));
    const int px = dy != 0 ? 1 : 0;
    const int py = dx != 0 ? 1 : 0;
    for (int side : {-1, 1}) {
        const int sx = side * px;
        const int sy = side * py;
        // q reaches the side cell s diagonally when q's own side cell is open; the forward
        // diagonal n then by one straight step from s.
        const bool qSide = j.open(x - dx + sx, y - dy + sy);
        const double sideCost = cost(x + sx, y + sy);
        const double n = cost(x + dx + sx, y + dy + sy);
        if (!(qSide && j.open(x + sx, y + sy) && sideCost * f + n < here + n * f))
            add(jumpDiagonal(x, y, dx + sx, dy + sy));
        if (!(qSide && sideCost * f < here + sideCost))
            add(jumpStraight(x, y, sx, sy));
    }
}

void WeightedJumpSearch::expand(std::uint32_t node)
{
    const WeightedJumpGrid& j = *m_flat;
    const int y = int(node / std::uint32_t(m_stride));
    const int x = int(node) - y * m_stride;
    const std::uint32_t parent = m_nodes[node].parent;
    if (parent == node) {
        expandAll(x, y);  // the start: every direction
        return;
    }
    const int py = int(parent / std::uint32_t(m_stride));
    const int px = int(parent) - py * m_stride;
    const int dx = stepSign(x - px);
    const int dy = stepSign(y - py);
    if (!j.flat(x, y)) {
        expandBorder(x, y, dx, dy);
        return;
    }
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

void WeightedJumpSearch::nextGeneration()
{
    if (m_generation >= detail::kMaxGeneration) {
        for (Node& n : m_nodes)
            n.stamp = 0;
        m_generation = 0;
    }
    m_generation += 2;
}

bool WeightedJumpSearch::search(std::uint32_t startNode, std::uint32_t goalNode, int& expanded)
{
    nextGeneration();
    m_goalNode = goalNode;
    m_goalY = int(goalNode / std::uint32_t(m_stride));
    m_goalX = int(goalNode) - m_goalY * m_stride;
    m_active = detail::ActiveLandmarks{};
    if (m_table)
        detail::chooseActiveLandmarks(*m_table, startNode, goalNode, m_active);
    m_openCount = 0;
    push(startNode, startNode, 0.0);
    const std::uint32_t closedStamp = m_generation + 1;
    while (m_openCount > 0) {
        const std::uint32_t node = std::uint32_t(m_open[0].tie);
        detail::heapPop(m_open.data(), m_openCount);
        Node& n = m_nodes[node];
        if (n.stamp == closedStamp)
            continue;  // a stale duplicate
        n.stamp = closedStamp;
        ++expanded;
        if (node == goalNode)
            return true;
        expand(node);
        const int y = int(node / std::uint32_t(m_stride));
        flush(node, int(node) - y * m_stride, y);
    }
    return false;
}

void WeightedJumpSearch::writePath(std::uint32_t startNode, std::uint32_t endNode, PathResult& out) const
{
    // Jump points end..start, then each straight or diagonal segment cell by cell.
    out.path.clear();
    for (std::uint32_t n = endNode;; n = m_nodes[n].parent) {
        const int y = int(n / std::uint32_t(m_stride));
        out.path.push_back({int(n) - y * m_stride - 1, y - 1});
        if (n == startNode)
            break;
    }
    std::reverse(out.path.begin(), out.path.end());
    const std::size_t jumps = out.path.size();
    std::size_t cells = 1;
    for (std::size_t i = 1; i < jumps; ++i) {
        const TileCoord a = out.path[i - 1];
        const TileCoord b = out.path[i];
        cells += std::size_t(std::max(std::abs(b.x - a.x), std::abs(b.y - a.y)));
    }
    // Interpolate in place from the back into the grown vector.
    out.path.resize(cells);
    std::size_t w = cells;
    for (std::size_t i = jumps; i-- > 1;) {
        const TileCoord b = out.path[i];
        const TileCoord a = out.path[i - 1];
        const int steps = std::max(std::abs(b.x - a.x), std::abs(b.y - a.y));
        const int sx = stepSign(b.x - a.x);
        const int sy = stepSign(b.y - a.y);
        for (int s = steps; s >= 1; --s)
            out.path[--w] = {a.x + sx * s, a.y + sy * s};
    }
    // The cost as A* sums it: step by step in path order.
    double cost = 0.0;
    for (std::size_t i = 1; i < out.path.size(); ++i) {
        const TileCoord c = out.path[i];
        const double entry = double(m_costs[std::size_t(c.y + 1) * std::size_t(m_stride) + std::size_t(c.x + 1)]);
        const bool diagonal = c.x != out.path[i - 1].x && c.y != out.path[i - 1].y;
        cost = diagonal ? cost + entry * m_diag : cost + entry;
    }
    out.cost = cost;
}

PathStatus WeightedJumpSearch::findPath(const NavGrid& grid, int layer, const WeightedJumpGrid& flat,
                                        TileCoord start, TileCoord goal, PathResult& out)
{
    out.path.clear();
    out.cost = 0.0;
    out.expanded = 0;
    if (!supports(grid, layer) || !flat.matches(grid, layer)) {
        out.status = PathStatus::InvalidInput;
        return out.status;
    }
    if (!grid.inBounds(start) || !grid.passable(layer, start)) {
        out.status = PathStatus::StartInvalid;
        return out.status;
    }
    if (!grid.inBounds(goal)) {
        out.status = PathStatus::GoalInvalid;
        return out.status;
    }
    if (m_nodes.size() < grid.paddedSize())
        m_nodes.resize(grid.paddedSize(), Node{});
    m_flat = &flat;
    m_costs = grid.paddedCosts(layer);
    m_stride = grid.stride();
    m_minCost = grid.minCellCost(layer);
    m_diag = grid.rules(layer).diagonalFactor;
    m_table = m_useLandmarks ? grid.landmarks(layer) : nullptr;
    if (m_table && (m_table->empty() || m_table->stride != m_stride))
        m_table.reset();
    run(grid, layer, start, goal, out);
    m_flat = nullptr;
    m_costs = nullptr;
    m_table.reset();
    m_active = detail::ActiveLandmarks{};
    return out.status;
}

PathStatus WeightedJumpSearch::run(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, PathResult& out)
{
    const std::int32_t* islands = grid.paddedIslands(layer);
    const std::uint32_t startNode = grid.toNode(start);
    const std::uint32_t goalNode = grid.toNode(goal);
    int expanded = 0;
    if (islands[goalNode] == islands[startNode]) {
        // Same island: the search reaches the goal (an exhausted open list would be a bug;
        // it is reported as NoPath rather than a path through stale parents).
        const bool reached = search(startNode, goalNode, expanded);
        if (reached)
            writePath(startNode, goalNode, out);
        out.status = reached ? PathStatus::Found : PathStatus::NoPath;
        out.expanded = expanded;
        return out.status;
    }
    if (!m_partialPaths) {
        out.status = PathStatus::NoPath;
        return out.status;
    }
    // Partial: the start island's cells closest (Euclidean) to the goal, then the cheapest of
    // them (ties: lower row-major index), as GridQuery.
    detail::closestCellsOnIsland(islands, islands[startNode], grid.width(), grid.height(), goal, m_targets);
    std::sort(m_targets.begin(), m_targets.end());
    std::uint32_t bestTarget = kNoNode;
    double bestCost = 0.0;
    for (std::uint32_t t : m_targets) {
        if (!search(startNode, t, expanded))
            continue;  // cannot happen: the candidates are on the start's island
        if (bestTarget == kNoNode || m_nodes[t].g < bestCost) {
            bestTarget = t;
            bestCost = m_nodes[t].g;
        }
    }
    out.expanded = expanded;
    if (bestTarget == kNoNode) {
        out.status = PathStatus::NoPath;
        return out.status;
    }
    if (bestTarget != m_targets.back()) {
        search(startNode, bestTarget, expanded);  // the scratch holds the last search only
        out.expanded = expanded;
    }
    writePath(startNode, bestTarget, out);
    out.status = PathStatus::Partial;
    return out.status;
}

} // namespace eng::path
