#pragma once
// An independent checker of the smoothing rule (engine/path/AnyAngle.hpp) for the tests: exact
// geometry in integers, not the engine's walk. Coordinates are doubled so cell (x, y) is the
// open square (2x, 2x + 2) x (2y, 2y + 2) and its centre (2x + 1, 2y + 1). A cell is crossed when
// the closed segment meets its open interior (rational parameter intervals compared by cross
// multiplication); a grid corner (2X, 2Y) is passed when it lies on the segment. Every cell in
// the bounding box is tried, so nothing depends on a walk order.

#include "engine/core/TileCoord.hpp"
#include "engine/path/AnyAngle.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/NavGrid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace pathtest {

/// p / q with q > 0.
struct Ratio {
    long long p = 0;
    long long q = 1;
};

inline bool less(Ratio a, Ratio b)
{
    return a.p * b.q < b.p * a.q;
}

/// Does the closed segment from centre a to centre b meet the open interior of cell c?
inline bool crossesInterior(isostar::TileCoord a, isostar::TileCoord b, isostar::TileCoord c)
{
    const long long ax = 2 * a.x + 1, ay = 2 * a.y + 1;
    const long long dx = 2 * (b.x - a.x), dy = 2 * (b.y - a.y);
    Ratio lo{-1, 1}, hi{2, 1};  // the open t interval, wider than [0, 1] to start with
    auto clip = [&](long long start, long long d, long long cellMin) {
        if (d == 0) {
            if (!(cellMin < start && start < cellMin + 2))
                hi = lo;  // empty
            return;
        }
        Ratio t1{cellMin - start, d}, t2{cellMin + 2 - start, d};
        if (d < 0) {
            t1 = {-t1.p, -d};
            t2 = {-t2.p, -d};
            std::swap(t1, t2);
        }
        if (less(lo, t1))
            lo = t1;
        if (less(t2, hi))
            hi = t2;
    };
    clip(ax, dx, 2LL * c.x);
    clip(ay, dy, 2LL * c.y);
    // (lo, hi) meets [0, 1] iff lo < hi, lo < 1 and hi > 0.
    return less(lo, hi) && less(lo, Ratio{1, 1}) && less(Ratio{0, 1}, hi);
}

/// Does the grid corner (X, Y) (doubled: (2X, 2Y)) lie on the closed segment?
inline bool passesCorner(isostar::TileCoord a, isostar::TileCoord b, int cx, int cy)
{
    const long long ax = 2 * a.x + 1, ay = 2 * a.y + 1, bx = 2 * b.x + 1, by = 2 * b.y + 1;
    const long long px = 2LL * cx, py = 2LL * cy;
    if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) != 0)
        return false;
    return std::min(ax, bx) <= px && px <= std::max(ax, bx) && std::min(ay, by) <= py && py <= std::max(ay, by);
}

/// The rule's cost of the segment, or nullopt when the rule forbids it (or a cell is off the
/// map). `cost(c)` gives a cell's cost (isostar::path::Impassable off the map).
template <class CostOf>
std::optional<double> ruleCost(CostOf cost, double diagonalFactor, isostar::TileCoord a, isostar::TileCoord b)
{
    using isostar::path::Impassable;
    if (!(cost(a) < Impassable) || !(cost(b) < Impassable))
        return std::nullopt;
    const int x0 = std::min(a.x, b.x), x1 = std::max(a.x, b.x), y0 = std::min(a.y, b.y), y1 = std::max(a.y, b.y);
    std::vector<float> crossed;
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            if (crossesInterior(a, b, {x, y})) {
                if (!(cost({x, y}) < Impassable))
                    return std::nullopt;
                crossed.push_back(cost({x, y}));
            }
    for (int cy = y0 + 1; cy <= y1; ++cy)
        for (int cx = x0 + 1; cx <= x1; ++cx)
            if (passesCorner(a, b, cx, cy))
                for (isostar::TileCoord n : {isostar::TileCoord{cx - 1, cy - 1}, {cx, cy - 1}, {cx - 1, cy}, {cx, cy}})
                    if (!(cost(n) < Impassable))
                        return std::nullopt;
    const int adx = std::abs(b.x - a.x), ady = std::abs(b.y - a.y);
    if (adx == 0 && ady == 0)
        return 0.0;
    if (adx <= 1 && ady <= 1)
        return adx + ady == 2 ? double(cost(b)) * diagonalFactor : double(cost(b));
    for (float c : crossed)
        if (c != crossed.front())
            return std::nullopt;
    return double(crossed.front()) * std::sqrt(double(adx * adx + ady * ady));
}

/// The checker over a NavGrid layer.
inline std::optional<double> ruleCost(const isostar::path::NavGrid& grid, int layer, isostar::TileCoord a, isostar::TileCoord b)
{
    return ruleCost([&](isostar::TileCoord c) { return grid.cost(layer, c); }, grid.rules(layer).diagonalFactor, a, b);
}

/// Checks a smoothed path of `layer` against the grid path it must not be dearer than: first and
/// last cell, every segment under the rule (the independent checker), cost = sum of segment
/// costs, length = sum of Euclidean lengths, cost <= gridCost. Empty when fine, else what failed.
inline std::string checkSmoothPath(const isostar::path::NavGrid& grid, int layer, const isostar::path::SmoothPath& s,
                                   std::span<const isostar::TileCoord> gridPath, double gridCost)
{
    std::ostringstream err;
    if (s.waypoints.empty() || gridPath.empty())
        return "empty path";
    if (s.waypoints.front() != gridPath.front() || s.waypoints.back() != gridPath.back())
        err << "ends " << s.waypoints.front() << ".." << s.waypoints.back() << " differ from the grid path's; ";
    double cost = 0.0, length = 0.0;
    for (std::size_t k = 1; k < s.waypoints.size(); ++k) {
        const isostar::TileCoord a = s.waypoints[k - 1], b = s.waypoints[k];
        const std::optional<double> c = ruleCost(grid, layer, a, b);
        if (!c) {
            err << "segment " << a << "->" << b << " breaks the rule; ";
            continue;
        }
        cost += *c;
        length += std::hypot(double(b.x - a.x), double(b.y - a.y));
    }
    if (std::abs(cost - s.cost) > 1e-9 * std::max(1.0, cost))
        err << "cost " << s.cost << " != sum of segments " << cost << "; ";
    if (std::abs(length - s.length) > 1e-9 * std::max(1.0, length))
        err << "length " << s.length << " != sum of segments " << length << "; ";
    if (s.cost > gridCost)
        err << "cost " << s.cost << " > grid path's " << gridCost << "; ";
    return err.str();
}

} // namespace pathtest
