/// \file WeightedJumpSearch.cpp
/// Weighted jump point search with the no-corner-cutting rule (the rule and the jumps are in
/// WeightedJumpSearch.hpp). A straight jump finds its stop with one scan of the direction's
/// pass plane, at least 57 cells per load, tells a dead end by the live plane and sums its cost
/// per run of the same-cost plane; a diagonal jump steps cell by cell through the successor
/// table.
#include "engine/path/WeightedJumpSearch.hpp"

#include "engine/path/detail/Directions.hpp"
#include "engine/path/jump/BitLine.hpp"
#include "engine/path/jump/StraightStart.hpp"
#include "engine/path/detail/OpenList.hpp"
#include "engine/path/landmarks/LandmarkBound.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace isostar::path {

namespace {

using detail::deadJump;
using detail::lineBit;
using detail::scanPassLine;
using detail::straightStart;

constexpr std::uint32_t kNoNode = std::numeric_limits<std::uint32_t>::max();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// The direction (detail::kDx / kDy order) of a step (dx, dy) in -1..1, by (dy + 1) * 3 + dx + 1.
constexpr std::int8_t kDirectionOf[9] = {7, 0, 4, 3, -1, 1, 6, 2, 5};

inline int stepSign(int v)
{
    return (v > 0) - (v < 0);
}

/// The direction of the last step of a jump by offset (dx, dy): a jump runs diagonally first,
/// then straight, so its last step is straight along the longer axis unless both are equal.
inline int incomingDirection(int dx, int dy)
{
    const int ax = dx < 0 ? -dx : dx;
    const int ay = dy < 0 ? -dy : dy;
    const int sx = ax >= ay ? stepSign(dx) : 0;
    const int sy = ay >= ax ? stepSign(dy) : 0;
    return kDirectionOf[(sy + 1) * 3 + sx + 1];
}

} // namespace

double WeightedJumpSearch::h(std::uint32_t node, int x, int y) const
{
    int dx = x - m_goalX;
    int dy = y - m_goalY;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    const int lo = dx < dy ? dx : dy;
    const int hi = dx < dy ? dy : dx;
    const double octile = m_minCost * (double(hi - lo) + m_diag * double(lo));
    if (m_active.lanes == 0)
        return octile;
    const double alt = detail::allLandmarkBound(m_active, node);
    return alt > octile ? alt : octile;
}

template <int K, bool Uniform>
std::uint32_t WeightedJumpSearch::jumpStraight(int x, int y, double& cost) const
{
    const WeightedJumpGrid& j = *m_flat;
    constexpr int dir = detail::kDx[K] + detail::kDy[K];
    constexpr bool rows = detail::kDy[K] == 0;
    const auto [line, from, goalPos, goalAhead, dead] = straightStart<K>(j, x, y, m_goalX, m_goalY);
    if (dead && !goalAhead)
        return kNoNode;  // it stops at a cell that keeps no direction
    const int stop = scanPassLine<dir>(j.passLines(K) + line, from);
    const bool goal = goalAhead && (dir > 0 ? goalPos <= stop : goalPos >= stop);
    if (dead && !goal)
        return kNoNode;
    const int end = goal ? goalPos : stop;
    const std::int64_t step = rows ? 1 : m_stride;  // node step per line position
    const std::int64_t base = rows ? std::int64_t(y) * m_stride : x;
    if constexpr (Uniform) {
        cost = m_minCost * double((end - from) * dir + 1);
        return std::uint32_t(base + end * step);
    }
    // Runs of equal cost, each found by one scan of the same-cost line.
    double total = 0.0;
    for (int a = from;;) {
        const int e = scanPassLine<dir>(j.sameLines(K) + line, a);
        const double c = double(m_costs[base + a * step]);
        if (dir > 0 ? e >= end : e <= end) {
            cost = total + c * double((end - a) * dir + 1);
            break;
        }
        total += c * double((e - a) * dir + 1);
        a = e + dir;
    }
    return std::uint32_t(base + end * step);
}

/// The ways beside the jump (X: the straight step kx, Y: ky). The jump's cells are d_1, d_2, ...
/// from the origin o; the way beside it on the X side takes the straight step o -> s_0 = o + X,
/// then the same diagonal steps, through s_i = d_i + X. altX is its cost up to s_{t-1}:
/// c(s_0) + diag x (c(s_1) + ... + c(s_{t-1})), infinite once one of its steps is not allowed.
/// Where it is strictly cheaper than the jump to the same cell, no optimal path takes the jump
/// there, so what the jump would find from there is left out:
/// - d_t, reached from s_{t-1} by a straight step: the rest of the jump;
/// - s_t = d_t + X, where the straight jump from d_t in X begins: that straight jump.
/// When o's path entered it by a straight step X from q = o - X, the way on the Y side may
/// leave from q instead, diagonally to s_0 (its corners: o and q + Y): its cost from o's g on
/// is then diag x c(s_0) - c(o) (o's g counts c(o) for that last step). The same with X and Y
/// swapped. Beside a road, for instance, the next road cell's diagonal reaches the cells beside
/// this one's cheaper (the straight jumps parallel to the road are left to it), and the
/// previous road cell's those farther from the road (the straight jumps away from it).
/// On a uniform layer the ways beside are not priced: there they never stop a diagonal jump (a
/// way beside reaches d_t at the jump's cost at best) and leave out only straight jumps of a
/// jump whose origin was entered straight, while their cost reads are on every diagonal step
/// (jps on AR0011SR, every scenario: 4.8 us per query with these uniform jumps, 7.5 with the
/// weighted ones).
template <int K>
void WeightedJumpSearch::waysBeside(std::int64_t origin, int in, double& altX, double& altY) const
{
    constexpr int kx = detail::kDx[K] > 0 ? 1 : 3;
    constexpr int ky = detail::kDy[K] > 0 ? 2 : 0;
    const std::int64_t stepX = detail::kDx[K];
    const std::int64_t stepY = std::int64_t(detail::kDy[K]) * m_stride;
    altX = double(m_costs[origin + stepX]);
    altY = double(m_costs[origin + stepY]);
    const double here = double(m_costs[origin]);
    if (in == kx && m_costs[origin - stepX + stepY] < Impassable)
        altY = std::min(altY, m_diag * altY - here);
    if (in == ky && m_costs[origin - stepY + stepX] < Impassable)
        altX = std::min(altX, m_diag * altX - here);
}

template <int K, bool Uniform>
void WeightedJumpSearch::jumpDiagonal(int x, int y, int in)
{
    const WeightedJumpGrid& j = *m_flat;
    constexpr int dx = detail::kDx[K];
    constexpr int dy = detail::kDy[K];
    DiagonalWalk walk;
    walk.prev = std::int64_t(y) * m_stride + x;  // the cell before this step (first: the origin)
    if constexpr (!Uniform)
        waysBeside<K>(walk.prev, in, walk.altX, walk.altY);  // not priced on a uniform layer
    // The cells that do nothing for the jump are skipped by one scan of the diagonal's skip
    // line (57 cells or more a load), but those in the goal's column (step tx) and row (step ty).
    const std::uint64_t* skipLine = j.diagonalLines(K) + std::size_t(j.diagonalLine(K, x, y)) * j.colWords();
    const int tx = (m_goalX - x) * dx;
    const int ty = (m_goalY - y) * dy;
    for (int t = 0;;) {
        bool besideWins = false;
        if constexpr (!Uniform)
            besideWins = walk.besideWins;
        if (besideWins) {
            // The ways beside left out both straight jumps of the last cell: on flat cells after
            // it they compare as there (both sides and the jump grow by diag x c a step), so
            // those cells are walked without their jumps (the goal's row and column aside).
            int n = 0;
            while (n + t + 1 != tx && n + t + 1 != ty && j.flat(x + (n + 1) * dx, y + (n + 1) * dy))
                ++n;
            if (n > 0) {
                x += n * dx;
                y += n * dy;
                t += n;
                skipFlat(n, std::int64_t(y) * m_stride + x, walk);
            }
        } else if ((Uniform || t > 0) && m_skipDiagonals && (Uniform || lineBit(skipLine, y + dy))) {
            // A weighted jump prices its first cell's ways beside before it skips (see skipFlat);
            // where few cells are skipped it tests the next one's bit before it scans.
            int n = (scanPassLine<dy>(skipLine, y + dy) - (y + dy)) * dy;
            if (tx > t && t + n >= tx)
                n = tx - t - 1;
            if (ty > t && t + n >= ty)
                n = ty - t - 1;
            if (n > 0) {
                x += n * dx;
                y += n * dy;
                t += n;
                if constexpr (!Uniform)
                    skipFlat(n, std::int64_t(y) * m_stride + x, walk);
            }
        }
        x += dx;
        y += dy;
        ++t;
        if (!diagonalCell<K, Uniform>(x, y, t, walk))
            return;
    }
}

template <int K, bool Uniform>
bool WeightedJumpSearch::diagonalCell(int x, int y, int t, DiagonalWalk& walk)
{
    const WeightedJumpGrid& j = *m_flat;
    constexpr int kx = detail::kDx[K] > 0 ? 1 : 3;  // the straight directions inside this diagonal
    constexpr int ky = detail::kDy[K] > 0 ? 2 : 0;
    constexpr unsigned natural = (1u << K) | (1u << kx) | (1u << ky);
    const std::int64_t stepX = detail::kDx[K];
    const std::int64_t stepY = std::int64_t(detail::kDy[K]) * m_stride;
    const std::uint32_t node = std::uint32_t(y * m_stride + x);
    double cost;
    if constexpr (Uniform) {
        cost = double(t) * m_minCost * m_diag;  // the cells priced by count
    } else {
        const double c = double(m_costs[node]);
        walk.sum += c;
        cost = walk.sum * m_diag;
        // The way beside it to d_t: altX + c(d_t) against the jump's cost.
        if ((walk.altX < walk.altY ? walk.altX : walk.altY) + c < cost - cost * 1e-12)
            return false;
    }
    const double tol = cost * 1e-12;
    const unsigned kept = Uniform ? j.uniformSuccessors(x, y, K) : j.keptAt(node, x, y, K);
    if (node == m_goalNode || (kept & ~natural) != 0) {
        add(node, cost);
        return false;
    }
    double sx = 0.0;
    double sy = 0.0;
    if constexpr (!Uniform) {
        // The step s_{t-1} -> s_t must cut no corner: its corners are d_t (open) and
        // s_{t-1} + X = d_{t-1} + 2X (read only when s_{t-1} is open, so inside the padding).
        sx = double(m_costs[node + stepX]);
        sy = double(m_costs[node + stepY]);
        if (walk.altX < kInfinity && !(m_costs[walk.prev + 2 * stepX] < Impassable))
            walk.altX = kInfinity;
        if (walk.altY < kInfinity && !(m_costs[walk.prev + 2 * stepY] < Impassable))
            walk.altY = kInfinity;
    }
    // A cell that keeps only the natural directions is expanded here, not pushed: its
    // straight jumps go on the list as two-leg jumps from the jump's origin (diagonal,
    // then straight), and the diagonal goes on.
    // The way beside it to s_t: altX + diag x c(s_t) against cost + c(s_t).
    bool besideX = false;
    bool besideY = false;
    if constexpr (!Uniform) {
        besideX = walk.altX + (m_diag - 1.0) * sx < cost - tol;
        besideY = walk.altY + (m_diag - 1.0) * sy < cost - tol;
        walk.besideWins = besideX && besideY;
    }
    double straight = 0.0;
    if (((kept >> kx) & 1u) && !besideX && !(Uniform && deadJump<kx>(j, x, y, m_goalX, m_goalY))) {
        const std::uint32_t to = jumpStraight<kx, Uniform>(x, y, straight);
        if (to != kNoNode)
            add(to, cost + straight);
    }
    if (((kept >> ky) & 1u) && !besideY && !(Uniform && deadJump<ky>(j, x, y, m_goalX, m_goalY))) {
        const std::uint32_t to = jumpStraight<ky, Uniform>(x, y, straight);
        if (to != kNoNode)
            add(to, cost + straight);
    }
    if (((kept >> K) & 1u) == 0)
        return false;
    if constexpr (!Uniform) {
        walk.altX += m_diag * sx;
        walk.altY += m_diag * sy;
        walk.prev = node;
    }
    return true;
}

void WeightedJumpSearch::skipFlat(int n, std::int64_t last, DiagonalWalk& walk) const
{
    // The n cells skipped, up to `last`, have open 3x3s of one cost c (so the cell before them
    // costs c too): each would have added c to the jump and diag x c to the ways beside, kept
    // only the natural directions, started straight jumps into dead ends, and compared its way
    // beside as its predecessor did (both sides grow by diag x c a step). Skipping them prunes
    // nothing a cell-by-cell walk would not, and adds the same jump points. Summed step by step
    // as the walk sums them (the same g to the last bit).
    const double c = double(m_costs[last]);
    for (int i = 0; i < n; ++i) {
        walk.sum += c;
        walk.altX += m_diag * c;
        walk.altY += m_diag * c;
    }
    walk.prev = last;
}

bool WeightedJumpSearch::improve(std::uint32_t node, std::uint32_t parent, double g, int x, int y)
{
    Node& n = m_nodes[node];
    const std::uint32_t openStamp = m_generation;
    if (n.stamp == openStamp + 1)
        return false;  // closed
    if (n.stamp == openStamp) {
        if (!(g < n.g))
            return false;
    } else {
        n.h = h(node, x, y);  // the same for every push of this search
    }
    n.stamp = openStamp;
    n.g = g;
    n.parent = parent;
    return true;
}

void WeightedJumpSearch::add(std::uint32_t to, double cost)
{
    if (to == kNoNode)
        return;
    // Pushed by flush() after the expansion's last jump: the loads of the successors' nodes and
    // landmark values overlap with the remaining jumps instead of waiting one after another.
    __builtin_prefetch(&m_nodes[to]);
    if (m_active.lanes != 0) // a cell's landmark values share one cache line
        __builtin_prefetch(m_active.values + std::size_t(to) * std::size_t(m_active.lanes));
    if (m_succCount == kMaxSuccessors)
        pushAll(m_from);
    m_succ[m_succCount] = to;
    m_succCost[m_succCount] = cost;
    ++m_succCount;
}

void WeightedJumpSearch::pushAll(std::uint32_t from)
{
    const double g = m_nodes[from].g;
    for (int i = 0; i < m_succCount; ++i) {
        const std::uint32_t to = m_succ[i];
        const int ty = m_rowOf(to);
        const int tx = int(to) - ty * m_stride;
        if (improve(to, from, g + m_succCost[i], tx, ty))
            m_list->push(detail::exactEntry(m_nodes[to].g, m_nodes[to].h, tx, ty), tx, ty);
    }
    m_succCount = 0;
}

std::uint32_t WeightedJumpSearch::flush(std::uint32_t from)
{
    // The successor with the smallest key is held back: when it precedes the whole open list
    // it is the next pop, and the search expands it without pushing and popping it.
    const double g = m_nodes[from].g;
    std::uint32_t held = kNoNode;
    detail::HeapEntry heldKey{};
    int heldX = 0, heldY = 0;
    for (int i = 0; i < m_succCount; ++i) {
        const std::uint32_t to = m_succ[i];
        const int ty = m_rowOf(to);
        const int tx = int(to) - ty * m_stride;
        if (!improve(to, from, g + m_succCost[i], tx, ty))
            continue;
        const detail::HeapEntry key = detail::exactEntry(m_nodes[to].g, m_nodes[to].h, tx, ty);
        if (held != kNoNode) {
            if (!detail::before(key, heldKey)) {
                m_list->push(key, tx, ty);
                continue;
            }
            m_list->push(heldKey, heldX, heldY);
        }
        held = to;
        heldKey = key;
        heldX = tx;
        heldY = ty;
    }
    m_succCount = 0;
    if (held == kNoNode || m_list->precedesAll(heldKey))
        return held;
    m_list->push(heldKey, heldX, heldY);
    return kNoNode;
}

template <bool Uniform>
void WeightedJumpSearch::expand(std::uint32_t node, int x, int y)
{
    const WeightedJumpGrid& j = *m_flat;
    const std::uint32_t parent = m_nodes[node].parent;
    unsigned kept = 0;
    int in = -1;  // the direction of the last step of its path (none for the start)
    if (parent == node) {
        // The start: every allowed step.
        for (int k = 0; k < 8; ++k) {
            const int dx = detail::kDx[k];
            const int dy = detail::kDy[k];
            if (j.open(x + dx, y + dy) && j.open(x + dx, y) && j.open(x, y + dy))
                kept |= 1u << k;
        }
    } else {
        const int py = m_rowOf(parent);
        const int px = int(parent) - py * m_stride;
        in = incomingDirection(x - px, y - py);
        kept = Uniform ? j.uniformSuccessors(x, y, in) : j.keptAt(node, x, y, in);
    }
    // The straight jumps that find nothing are left out by their bits, all four at once (on
    // a uniform layer; on a weighted one the jumps test the same bits as cheaply).
    if constexpr (Uniform)
        kept &= ~(unsigned(deadJump<0>(j, x, y, m_goalX, m_goalY)) | unsigned(deadJump<1>(j, x, y, m_goalX, m_goalY)) << 1 |
                  unsigned(deadJump<2>(j, x, y, m_goalX, m_goalY)) << 2 | unsigned(deadJump<3>(j, x, y, m_goalX, m_goalY)) << 3);
    while (kept != 0) {
        const int k = __builtin_ctz(kept);
        kept &= kept - 1;
        // One instance per direction: its steps and lines are constants there.
        double cost = 0.0;
        std::uint32_t to = kNoNode;
        switch (k) {
        case 0: to = jumpStraight<0, Uniform>(x, y, cost); break;
        case 1: to = jumpStraight<1, Uniform>(x, y, cost); break;
        case 2: to = jumpStraight<2, Uniform>(x, y, cost); break;
        case 3: to = jumpStraight<3, Uniform>(x, y, cost); break;
        case 4: jumpDiagonal<4, Uniform>(x, y, in); break;
        case 5: jumpDiagonal<5, Uniform>(x, y, in); break;
        case 6: jumpDiagonal<6, Uniform>(x, y, in); break;
        default: jumpDiagonal<7, Uniform>(x, y, in); break;
        }
        add(to, cost);
    }
}

template <bool Uniform>
bool WeightedJumpSearch::search(std::uint32_t startNode, std::uint32_t goalNode, int& expanded)
{
    detail::nextGeneration(m_nodes, m_generation);
    m_goalNode = goalNode;
    m_goalY = m_rowOf(goalNode);
    m_goalX = int(goalNode) - m_goalY * m_stride;
    m_active = detail::AllLandmarks{};
    if (m_table)
        detail::allLandmarks(*m_table, goalNode, m_active);
    m_open.reset(m_uniformLayer);
    detail::OpenList open(m_open);
    m_list = &open;
    const int startY = m_rowOf(startNode);
    const int startX = int(startNode) - startY * m_stride;
    improve(startNode, startNode, 0.0, startX, startY);
    const std::uint32_t closedStamp = m_generation + 1;
    const Node* nodes = m_nodes.data();
    const int stride = m_stride;
    // A cell's exact key from its record (the open list recomputes keys of entries it moves).
    auto exactKey = [nodes, stride](int x, int y) {
        const Node& n = nodes[std::size_t(y) * std::size_t(stride) + std::size_t(x)];
        return detail::exactEntry(n.g, n.h, x, y);
    };
    std::uint32_t next = startNode;  // a node to expand without the open list (flush)
    while (next != kNoNode || !open.empty()) {
        int x, y;
        if (next != kNoNode) {
            y = m_rowOf(next);
            x = int(next) - y * m_stride;
            next = kNoNode;
        } else {
            open.pop(x, y, exactKey);
        }
        const std::uint32_t node = std::uint32_t(y * m_stride + x);
        int nx, ny;
        if (open.peek(nx, ny)) {
            // The next pop's record and table entries arrive while this node expands.
            const std::uint32_t next = std::uint32_t(ny * m_stride + nx);
            __builtin_prefetch(&m_nodes[next]);
            if (!Uniform)
                __builtin_prefetch(m_flat->successorsAt(next));
        }
        Node& n = m_nodes[node];
        if (n.stamp == closedStamp)
            continue;  // a stale duplicate
        n.stamp = closedStamp;
        ++expanded;
        if (node == goalNode) {
            m_list = nullptr;
            return true;
        }
        m_from = node;
        expand<Uniform>(node, x, y);
        next = flush(node);
    }
    m_list = nullptr;
    return false;
}

// The searches findPath (WeightedJumpSearchQuery.cpp) runs.
template bool WeightedJumpSearch::search<true>(std::uint32_t, std::uint32_t, int&);
template bool WeightedJumpSearch::search<false>(std::uint32_t, std::uint32_t, int&);

} // namespace isostar::path
