#pragma once
/// \file HexSegment.hpp
/// Internal to engine/path: straight segments on a hex grid, in the plane where its cells are
/// regular hexagons (GridTopology::centre: neighbouring centres 1 apart). The cells a segment
/// touches are those whose closed hexagon it meets: the cells whose interior it crosses, and
/// those it only grazes (running along an edge between two cells, or through a corner where
/// three meet). AnyAngle's hex rule asks every touched cell to be passable and of one cost.

#include "engine/core/GridTopology.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace isostar::path::detail {

class HexSegment {
public:
    HexSegment() = default;
    explicit HexSegment(const GridTopology& topology) : m_t(topology)
    {
        // Neighbours k and k + 3 are opposite: k = 0, 1, 2 give the hexagon's three edge
        // normals (unit vectors), the same for every cell.
        const TilePos o = m_t.centre({0, 0});
        const auto n = m_t.neighbours({0, 0});
        for (int k = 0; k < 3; ++k) {
            const TilePos p = m_t.centre(n[std::size_t(k)]);
            m_ux[k] = p.x - o.x;
            m_uy[k] = p.y - o.y;
        }
    }

    /// Length of the segment between two cells' centres (1 for neighbours).
    double length(TileCoord a, TileCoord b) const
    {
        const TilePos p = m_t.centre(a), q = m_t.centre(b);
        return std::hypot(q.x - p.x, q.y - p.y);
    }

    /// True when the segment from the centre of a to the centre of b meets cell c's closed
    /// hexagon (separating axes: the hexagon's three edge normals and the segment's normal).
    bool touches(TileCoord a, TileCoord b, TileCoord c) const
    {
        constexpr double kEps = 1e-9;
        const TilePos cc = m_t.centre(c), p = m_t.centre(a), q = m_t.centre(b);
        const double px = p.x - cc.x, py = p.y - cc.y, qx = q.x - cc.x, qy = q.y - cc.y;
        for (int k = 0; k < 3; ++k) {
            const double s = px * m_ux[k] + py * m_uy[k];
            const double e = qx * m_ux[k] + qy * m_uy[k];
            if (std::min(s, e) > 0.5 + kEps || std::max(s, e) < -0.5 - kEps)
                return false;
        }
        const double len = std::hypot(qx - px, qy - py);
        if (len == 0.0)
            return true;
        const double nx = -(qy - py) / len, ny = (qx - px) / len;
        // The hexagon's extent along n: its corners are (u_k + u_(k+1)) / 3.
        double extent = 0.0;
        for (int k = 0; k < 3; ++k) {
            const int j = (k + 1) % 3;
            const double sign = k == 2 ? -1.0 : 1.0;  // u_3 = -u_0
            const double vx = (m_ux[k] + sign * m_ux[j]) / 3.0, vy = (m_uy[k] + sign * m_uy[j]) / 3.0;
            extent = std::max(extent, std::abs(vx * nx + vy * ny));
        }
        return std::abs(px * nx + py * ny) <= extent + kEps;
    }

    /// Calls ok(c) for every cell c the segment from the centre of a to the centre of b
    /// touches (a and b included; some more than once) until one returns false; returns
    /// whether all did. O(hexDistance(a, b)), no allocation.
    template <typename Ok>
    bool allTouched(TileCoord a, TileCoord b, Ok&& ok) const
    {
        // Every touched cell is a cell of the hex line or one of its neighbours (the line's
        // cells lie within half a step of the segment).
        const int n = m_t.hexDistance(a, b);
        for (int i = 0; i <= n; ++i) {
            const TileCoord c = m_t.hexLineCell(a, b, i);
            if (!ok(c))
                return false;
            for (const TileCoord nb : m_t.neighbours(c))
                if (touches(a, b, nb) && !ok(nb))
                    return false;
        }
        return true;
    }

    /// The cells the segment from the centre of a to the centre of b touches, a and b included,
    /// in walking order (by where their centre projects onto the segment), each once.
    /// O(hexDistance(a, b)); appends to `out`.
    void touched(TileCoord a, TileCoord b, std::vector<TileCoord>& out) const
    {
        const std::size_t first = out.size();
        allTouched(a, b, [&](TileCoord c) {
            out.push_back(c);
            return true;
        });
        std::sort(out.begin() + std::ptrdiff_t(first), out.end());
        out.erase(std::unique(out.begin() + std::ptrdiff_t(first), out.end()), out.end());
        const TilePos p = m_t.centre(a), q = m_t.centre(b);
        auto along = [&](TileCoord c) {
            const TilePos r = m_t.centre(c);
            return (r.x - p.x) * (q.x - p.x) + (r.y - p.y) * (q.y - p.y);
        };
        std::stable_sort(out.begin() + std::ptrdiff_t(first), out.end(),
                         [&](TileCoord u, TileCoord v) { return along(u) < along(v); });
    }

    const GridTopology& topology() const { return m_t; }

private:
    GridTopology m_t;
    double m_ux[3] = {};
    double m_uy[3] = {};
};

} // namespace isostar::path::detail
