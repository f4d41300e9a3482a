#include "engine/path/AnyAngle.hpp"
#include "engine/path/detail/Directions.hpp"
#include "engine/path/detail/HeapOrder.hpp"
#include "engine/path/detail/HexSegment.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <ostream>

namespace isostar::path {

namespace {

constexpr double kNoSegment = std::numeric_limits<double>::infinity();
/// Rounding allowance of string pulling: the sums of collinear segments differ from the one
/// segment that replaces them by a few ulps. The final cost check (smooth()) is exact.
constexpr double kPullSlack = 1e-12;

/// Where a hex walk looks: the grid's shape (cells off it are walls) and its hexagons.
struct HexWalk {
    detail::HexSegment segment;
    GridShape shape;
};

double walkHexSegment(const float* costs, const HexWalk& hex, int ax, int ay, int bx, int by)
{
    // Padded (x, y) is cell (x - 1, y - 1). A single step costs the entered cell; a longer
    // segment needs every cell it touches on the map, passable and of the start's cost (the
    // hex corner rule: a segment along an edge or through a corner touches the cells there).
    const int stride = hex.shape.width + 2;
    auto at = [&](TileCoord c) { return costs[std::size_t(c.y + 1) * std::size_t(stride) + std::size_t(c.x + 1)]; };
    const TileCoord a{ax - 1, ay - 1}, b{bx - 1, by - 1};
    const float c0 = at(a);
    if (!(c0 < Impassable))
        return kNoSegment;
    const int steps = hex.segment.topology().hexDistance(a, b);
    if (steps == 0)
        return 0.0;
    if (steps == 1)
        return at(b) < Impassable ? double(at(b)) : kNoSegment;
    const bool same =
        hex.segment.allTouched(a, b, [&](TileCoord c) { return hex.shape.inBounds(c) && at(c) == c0; });
    return same ? double(c0) * hex.segment.length(a, b) : kNoSegment;
}

/// Square grids: the rule's cost of the segment between the centres of two in-bounds cells given
/// in padded coordinates; kNoSegment when the rule forbids it. The walk visits the cells whose interior
/// the segment crosses, in order: with the segment's parameter t in [0, 1], it leaves its
/// current cell through a vertical grid line at t = (2i + 1) / (2|dx|) (i-th such line) and
/// through a horizontal one at t = (2j + 1) / (2|dy|); comparing (2i + 1)|dy| with (2j + 1)|dx|
/// decides exactly which comes first, and equality is a grid corner.
double walkSquareSegment(const float* costs, int stride, double diagFactor, int ax, int ay, int bx, int by)
{
    auto at = [&](int x, int y) { return costs[std::size_t(y) * std::size_t(stride) + std::size_t(x)]; };
    const float c0 = at(ax, ay);
    if (!(c0 < Impassable))
        return kNoSegment;
    const int dx = bx - ax, dy = by - ay;
    const int adx = std::abs(dx), ady = std::abs(dy);
    const int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
    if (adx == 0 && ady == 0)
        return 0.0;
    if (adx <= 1 && ady <= 1) {  // a single step, priced as the grid search prices it
        const float c = at(bx, by);
        if (!(c < Impassable))
            return kNoSegment;
        if (adx == 0 || ady == 0)
            return double(c);
        if (!(at(bx, ay) < Impassable) || !(at(ax, by) < Impassable))
            return kNoSegment;
        return double(c) * diagFactor;
    }
    int x = ax, y = ay;
    long long i = 0, j = 0;
    while (i < adx || j < ady) {
        const long long lhs = (2 * i + 1) * ady;
        const long long rhs = (2 * j + 1) * adx;
        if (lhs < rhs) {
            x += sx;
            ++i;
        } else if (lhs > rhs) {
            y += sy;
            ++j;
        } else {  // through the corner between four cells: the two side cells must be passable
            if (!(at(x + sx, y) < Impassable) || !(at(x, y + sy) < Impassable))
                return kNoSegment;
            x += sx;
            y += sy;
            ++i;
            ++j;
        }
        if (at(x, y) != c0)  // impassable, or another cost
            return kNoSegment;
    }
    return double(c0) * std::sqrt(double(dx) * dx + double(dy) * dy);
}

/// walkSquareSegment or walkHexSegment, as the grid's topology says (padded coordinates).
double walkSegment(const NavGrid& grid, int layer, int ax, int ay, int bx, int by)
{
    const float* costs = grid.paddedCosts(layer);
    if (grid.hex())
        return walkHexSegment(costs, HexWalk{detail::HexSegment(grid.topology()), grid.shape()}, ax, ay, bx, by);
    return walkSquareSegment(costs, grid.stride(), grid.rules(layer).diagonalFactor, ax, ay, bx, by);
}

double segmentCostChecked(const NavGrid& grid, int layer, TileCoord a, TileCoord b)
{
    if (!grid.validLayer(layer) || !grid.inBounds(a) || !grid.inBounds(b))
        return kNoSegment;
    return walkSegment(grid, layer, a.x + 1, a.y + 1, b.x + 1, b.y + 1);
}

/// A grid path's step a -> b is one step to a neighbour (hex: an edge neighbour).
bool singleStep(const NavGrid& grid, TileCoord a, TileCoord b)
{
    if (a == b)
        return false;
    if (grid.hex())
        return grid.topology().hexDistance(a, b) == 1;
    return std::abs(b.x - a.x) <= 1 && std::abs(b.y - a.y) <= 1;
}

} // namespace

std::ostream& operator<<(std::ostream& os, const SmoothPath& p)
{
    os << "SmoothPath{length " << p.length << ", cost " << p.cost << (p.fromGridPath ? ", from grid path" : "")
       << ", waypoints";
    for (TileCoord c : p.waypoints)
        os << ' ' << c;
    return os << '}';
}

bool segmentAllowed(const NavGrid& grid, int layer, TileCoord a, TileCoord b)
{
    return segmentCostChecked(grid, layer, a, b) < kNoSegment;
}

double segmentCost(const NavGrid& grid, int layer, TileCoord a, TileCoord b)
{
    return segmentCostChecked(grid, layer, a, b);
}

double segmentLength(TileCoord a, TileCoord b)
{
    const double dx = double(b.x - a.x), dy = double(b.y - a.y);
    return std::sqrt(dx * dx + dy * dy);
}

double segmentLength(const GridTopology& topology, TileCoord a, TileCoord b)
{
    const TilePos p = topology.centre(a), q = topology.centre(b);
    return std::hypot(q.x - p.x, q.y - p.y);
}

void AnyAngleQuery::nextGeneration(std::size_t padded)
{
    if (m_nodes.size() < padded)
        m_nodes.resize(padded, Node{0.0, 0, 0});
    detail::nextGeneration(m_nodes, m_generation);
}

void AnyAngleQuery::relax(const NavGrid& grid, int layer, std::uint32_t cur, std::uint32_t nb, double stepCost,
                          std::uint32_t goalNode)
{
    const int stride = grid.stride();
    const Node& s = m_nodes[cur];
    Node& n = m_nodes[nb];
    double best = s.g + stepCost;
    std::uint32_t bestParent = cur;
    if (s.parent != cur) {  // Theta*'s second path: straight from the parent, when the rule allows
        const int px = int(s.parent % std::uint32_t(stride)), py = int(s.parent / std::uint32_t(stride));
        const int nx = int(nb % std::uint32_t(stride)), ny = int(nb / std::uint32_t(stride));
        const float* costs = grid.paddedCosts(layer);
        const TileCoord pc = grid.toCoord(s.parent), nc = grid.toCoord(nb);
        // A parent two or more cells away: if allowed, the segment costs exactly the parent
        // cell's cost x its length, so the walk is skipped when that could not win anyway.
        const bool far = !singleStep(grid, pc, nc);
        const double bound = m_nodes[s.parent].g + double(costs[s.parent]) * segmentLength(grid.topology(), pc, nc);
        const double toBeat = n.stamp == m_generation ? std::min(best, n.g) : best;
        if (!far || bound <= toBeat) {
            const double c = walkSegment(grid, layer, px, py, nx, ny);
            const double viaParent = m_nodes[s.parent].g + c;
            if (viaParent <= best) {  // ties: the straighter path
                best = viaParent;
                bestParent = s.parent;
            }
        }
    }
    if (n.stamp == m_generation && !(best < n.g))
        return;
    n.g = best;
    n.parent = bestParent;
    n.stamp = m_generation;
    m_open.push_back({best + m_hScale * segmentLength(grid.topology(), grid.toCoord(nb), grid.toCoord(goalNode)), best, nb});
    std::push_heap(m_open.begin(), m_open.end(), detail::LaterInHeap{});
}

bool AnyAngleQuery::search(const NavGrid& grid, int layer, std::uint32_t startNode, std::uint32_t goalNode)
{
    nextGeneration(grid.paddedSize());
    m_open.clear();
    m_expanded = 0;
    // Admissible: a segment of length L costs at least minCost x L, a diagonal step minCost x
    // diagonalFactor, which may be a little below minCost x sqrt(2).
    // Hex: a step of length 1 costs at least minCost, so minCost x the length bounds the way.
    m_hScale = grid.hex() ? grid.minCellCost(layer)
                          : grid.minCellCost(layer) * std::min(1.0, grid.rules(layer).diagonalFactor / std::sqrt(2.0));
    const float* costs = grid.paddedCosts(layer);
    const int stride = grid.stride();
    const double diagFactor = grid.rules(layer).diagonalFactor;
    const int offsets[8] = {-stride, 1, stride, -1, -stride + 1, stride + 1, stride - 1, -stride - 1};
    m_nodes[startNode] = {0.0, m_generation, startNode};
    m_open.push_back({0.0, 0.0, startNode});
    const detail::LaterInHeap order;
    while (!m_open.empty()) {
        std::pop_heap(m_open.begin(), m_open.end(), order);
        const Entry e = m_open.back();
        m_open.pop_back();
        Node& cur = m_nodes[e.node];
        if (cur.stamp != m_generation || e.g != cur.g)
            continue;  // closed already, or a stale duplicate
        cur.stamp = m_generation + 1;
        ++m_expanded;
        if (e.node == goalNode)
            return true;
        if (grid.hex()) {
            const int* steps = grid.hexSteps().at(e.node);
            for (int k = 0; k < GridTopology::kHexNeighbours; ++k) {
                const std::uint32_t nb = std::uint32_t(std::int64_t(e.node) + steps[k]);
                if (m_nodes[nb].stamp != m_generation + 1 && costs[nb] < Impassable)
                    relax(grid, layer, e.node, nb, double(costs[nb]), goalNode);
            }
            continue;
        }
        for (int k = 0; k < 8; ++k) {
            const std::uint32_t nb = std::uint32_t(std::int64_t(e.node) + offsets[k]);
            if (m_nodes[nb].stamp == m_generation + 1)
                continue;
            const float c = costs[nb];
            if (!(c < Impassable))
                continue;
            double step = double(c);
            if (k >= 4) {  // diagonal: the strict corner rule
                const std::uint32_t side1 = std::uint32_t(std::int64_t(e.node) + offsets[k - 4]);
                const std::uint32_t side2 = std::uint32_t(std::int64_t(e.node) + offsets[(k - 3) % 4]);
                if (!(costs[side1] < Impassable) || !(costs[side2] < Impassable))
                    continue;
                step *= diagFactor;
            }
            relax(grid, layer, e.node, nb, step, goalNode);
        }
    }
    return false;
}

void AnyAngleQuery::pullString(const NavGrid& grid, int layer, std::span<const TileCoord> in,
                               std::vector<TileCoord>& out)
{
    out.clear();
    if (in.empty())
        return;
    m_prefix.assign(1, 0.0);
    for (std::size_t k = 1; k < in.size(); ++k)
        m_prefix.push_back(m_prefix.back() + segmentCost(grid, layer, in[k - 1], in[k]));
    out.push_back(in.front());
    std::size_t anchor = 0;
    while (anchor + 1 < in.size()) {
        std::size_t reach = anchor + 1;
        for (std::size_t k = anchor + 2; k < in.size(); ++k) {
            const double direct = segmentCost(grid, layer, in[anchor], in[k]);
            const double along = m_prefix[k] - m_prefix[anchor];
            if (!(direct <= along * (1.0 + kPullSlack)))
                break;
            reach = k;
        }
        out.push_back(in[reach]);
        anchor = reach;
    }
}

namespace {

/// Length and cost of `waypoints` under the rule (cost summed in path order).
void measureSmoothPath(const NavGrid& grid, int layer, SmoothPath& p)
{
    p.length = 0.0;
    p.cost = 0.0;
    for (std::size_t k = 1; k < p.waypoints.size(); ++k) {
        p.length += segmentLength(grid.topology(), p.waypoints[k - 1], p.waypoints[k]);
        p.cost += segmentCost(grid, layer, p.waypoints[k - 1], p.waypoints[k]);
    }
}

} // namespace

PathStatus AnyAngleQuery::smooth(const NavGrid& grid, int layer, std::span<const TileCoord> gridPath, SmoothPath& out)
{
    out = SmoothPath{};
    if (!grid.validLayer(layer) || gridPath.empty())
        return PathStatus::InvalidInput;
    double gridCost = 0.0;
    for (std::size_t k = 0; k < gridPath.size(); ++k) {
        const TileCoord a = gridPath[k == 0 ? 0 : k - 1], b = gridPath[k];
        if (!grid.inBounds(b) || (k > 0 && !singleStep(grid, a, b)))
            return PathStatus::InvalidInput;
        const double c = segmentCost(grid, layer, a, b);
        if (!(c < kNoSegment))
            return PathStatus::InvalidInput;
        gridCost += c;
    }
    const std::uint32_t startNode = grid.toNode(gridPath.front());
    const std::uint32_t goalNode = grid.toNode(gridPath.back());
    m_found.clear();
    if (search(grid, layer, startNode, goalNode)) {
        for (std::uint32_t n = goalNode;; n = m_nodes[n].parent) {
            m_found.push_back(grid.toCoord(n));
            if (n == startNode)
                break;
        }
        std::reverse(m_found.begin(), m_found.end());
    }
    out.expanded = m_expanded;
    pullString(grid, layer, m_found, out.waypoints);
    measureSmoothPath(grid, layer, out);
    if (out.waypoints.empty() || !(out.cost <= gridCost)) {
        pullString(grid, layer, gridPath, out.waypoints);
        measureSmoothPath(grid, layer, out);
        out.fromGridPath = true;
        if (!(out.cost <= gridCost)) {  // only by rounding: the grid path itself
            out.waypoints.assign(gridPath.begin(), gridPath.end());
            measureSmoothPath(grid, layer, out);
        }
    }
    return PathStatus::Found;
}

void segmentCells(const GridTopology& topology, TileCoord a, TileCoord b, std::vector<TileCoord>& out)
{
    if (!topology.hex)
        return segmentCells(a, b, out);
    if (a == b)
        return;
    const std::size_t first = out.size();
    detail::HexSegment(topology).touched(a, b, out);
    out.erase(std::find(out.begin() + std::ptrdiff_t(first), out.end(), a));  // a itself is not listed
}

void segmentCells(TileCoord a, TileCoord b, std::vector<TileCoord>& out)
{
    // The walk of walkSquareSegment(), without the costs.
    const int dx = b.x - a.x, dy = b.y - a.y;
    const long long adx = std::abs(dx), ady = std::abs(dy);
    const int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
    TileCoord c = a;
    long long i = 0, j = 0;
    while (i < adx || j < ady) {
        const long long lhs = (2 * i + 1) * ady;
        const long long rhs = (2 * j + 1) * adx;
        if (lhs <= rhs) {
            c.x += sx;
            ++i;
        }
        if (lhs >= rhs) {
            c.y += sy;
            ++j;
        }
        out.push_back(c);
    }
}

SmoothPath pullString(const NavGrid& grid, int layer, std::span<const TileCoord> gridPath)
{
    SmoothPath out;
    if (!grid.validLayer(layer) || gridPath.empty())
        return out;
    std::vector<double> prefix(1, 0.0);
    for (std::size_t k = 1; k < gridPath.size(); ++k) {
        const TileCoord a = gridPath[k - 1], b = gridPath[k];
        const double c = segmentCost(grid, layer, a, b);
        if (!singleStep(grid, a, b) || !(c < kNoSegment))
            return out;
        prefix.push_back(prefix.back() + c);
    }
    if (!grid.inBounds(gridPath.front()))
        return out;
    out.fromGridPath = true;
    out.waypoints.push_back(gridPath.front());
    std::size_t anchor = 0;
    while (anchor + 1 < gridPath.size()) {
        std::size_t reach = anchor + 1;
        for (std::size_t k = anchor + 2; k < gridPath.size(); ++k) {
            const double direct = segmentCost(grid, layer, gridPath[anchor], gridPath[k]);
            if (!(direct <= (prefix[k] - prefix[anchor]) * (1.0 + kPullSlack)))
                break;
            reach = k;
        }
        out.waypoints.push_back(gridPath[reach]);
        anchor = reach;
    }
    measureSmoothPath(grid, layer, out);
    if (!(out.cost <= prefix.back())) {  // only by rounding: the grid path itself
        out.waypoints.assign(gridPath.begin(), gridPath.end());
        measureSmoothPath(grid, layer, out);
    }
    return out;
}

PathStatus AnyAngleQuery::findPath(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, SmoothPath& out,
                                   PathResult& gridOut)
{
    out = SmoothPath{};
    const PathStatus status = m_gridQuery.findPath(grid, layer, start, goal, gridOut);
    if (!hasPath(status))
        return status;
    if (smooth(grid, layer, gridOut.path, out) != PathStatus::Found)
        return PathStatus::InvalidInput;
    return status;
}

} // namespace isostar::path
