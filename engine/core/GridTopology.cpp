/// \file GridTopology.cpp
/// GridTopology's hex line (Red Blob Games' cube lerp).
#include "engine/core/GridTopology.hpp"

#include <cmath>

namespace isostar {

namespace {

/// The hexagon containing fractional cube coordinates (Red Blob Games' cube_round).
CubeCoord roundCube(double q, double r, double s)
{
    double rq = std::round(q);
    double rr = std::round(r);
    double rs = std::round(s);
    const double dq = std::abs(rq - q);
    const double dr = std::abs(rr - r);
    const double ds = std::abs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    else
        rs = -rq - rr;
    return {int(rq), int(rr), int(rs)};
}

} // namespace

TileCoord GridTopology::hexLineCell(TileCoord a, TileCoord b, int i, bool otherSide) const
{
    const int n = hexDistance(a, b);
    if (n == 0 || i <= 0)
        return a;
    if (i >= n)
        return b;
    const CubeCoord u = toCube(a);
    const CubeCoord v = toCube(b);
    // The nudge keeps lerp points off the edges between two hexagons (q + r + s stays 0).
    const double side = otherSide ? -1.0 : 1.0;
    const double nq = side * 1e-6, nr = side * 2e-6, ns = side * -3e-6;
    const double t = double(i) / double(n);
    return fromCube(roundCube(u.q + nq + (v.q - u.q) * t, u.r + nr + (v.r - u.r) * t, u.s + ns + (v.s - u.s) * t));
}

void GridTopology::hexLine(TileCoord a, TileCoord b, std::vector<TileCoord>& out) const
{
    const int n = hexDistance(a, b);
    for (int i = 0; i <= n; ++i)
        out.push_back(hexLineCell(a, b, i));
}

} // namespace isostar
