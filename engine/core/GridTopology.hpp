#pragma once
/// \file GridTopology.hpp
/// Which cells of a grid are neighbours: a square grid (eight around each cell; engine/path's
/// move rules decide which of them a step may enter) or one of Tiled's four hexagonal layouts,
/// where a cell's neighbours are the six cells that share an edge with it.
///
/// Hexagonal maps keep Tiled's offset coordinates (x = column, y = row, as TileCoord everywhere):
/// - staggeraxis="y" (HexAxis::Rows, pointy-top hexagons): every other row is shoved right by
///   half a cell; staggerindex="odd" shoves the odd rows (Red Blob Games' "odd-r"), "even" the
///   even rows ("even-r").
/// - staggeraxis="x" (HexAxis::Columns, flat-top hexagons): every other column is shoved down by
///   half a cell; "odd" shoves the odd columns ("odd-q"), "even" the even ones ("even-q").
/// Cube coordinates (q + r + s == 0) are Red Blob Games' (https://www.redblobgames.com/grids/hexagons/):
/// the distance of two hexagons is max(|dq|, |dr|, |ds|), the fewest steps between them.
///
/// Pure value type, std only; every function is O(1) unless it says otherwise.
///
/// \code
/// const isostar::GridTopology hex = isostar::GridTopology::hexagonal(isostar::HexAxis::Rows, true);
/// for (const isostar::TileCoord n : hex.neighbours({3, 4}))   // the six cells around (3,4)
///     std::cout << n << ' ';
/// std::cout << hex.hexDistance({0, 0}, {10, 10}) << '\n';     // 15 steps
/// \endcode

#include "engine/core/TileCoord.hpp"

#include <array>
#include <cstdint>
#include <ostream>
#include <vector>

namespace isostar {

/// The lines of a hexagonal map that are offset by half a cell (Tiled's staggeraxis).
enum class HexAxis : std::uint8_t {
    Rows,     ///< staggeraxis="y": rows offset (pointy-top hexagons)
    Columns,  ///< staggeraxis="x": columns offset (flat-top hexagons)
};

/// A hexagon in cube coordinates [Limit: q + r + s == 0].
struct CubeCoord {
    int q = 0;
    int r = 0;
    int s = 0;
    bool operator==(const CubeCoord&) const = default;
};

inline std::ostream& operator<<(std::ostream& os, const CubeCoord& h)
{
    return os << '[' << h.q << ',' << h.r << ',' << h.s << ']';
}

/// A grid's neighbourhood: square (the default) or hexagonal in one of Tiled's four layouts.
struct GridTopology {
    bool hex = false;               ///< false: square grid (axis and oddShifted unused)
    HexAxis axis = HexAxis::Rows;   ///< hex: which lines are offset
    bool oddShifted = true;         ///< hex: staggerindex="odd" (odd lines shoved), false: "even"

    /// Number of hexagon neighbours of every cell (on or off the map).
    static constexpr int kHexNeighbours = 6;

    static constexpr GridTopology square() { return {}; }
    static constexpr GridTopology hexagonal(HexAxis axis, bool oddShifted) { return {true, axis, oddShifted}; }
    bool operator==(const GridTopology&) const = default;

    /// Neighbours of a cell: 6 on a hex grid, 8 on a square one (its move rules may allow fewer).
    int neighbourCount() const { return hex ? kHexNeighbours : 8; }

    /// Hex: the cell's row (Rows) or column (Columns) is shoved by half a cell. False on square grids.
    bool shifted(TileCoord c) const
    {
        if (!hex)
            return false;
        const int line = axis == HexAxis::Rows ? c.y : c.x;
        return ((line & 1) != 0) == oddShifted;
    }

    /// Hex: the step (dx, dy) from a cell whose line is `shiftedLine` (shifted()) to its
    /// neighbour k [Limit: 0 <= k < 6]. Neighbour k is the cube direction kCubeSteps[k]: k goes
    /// once round the cell, neighbour k + 3 (mod 6) is opposite neighbour k. Every step is at
    /// most 1 in x and in y.
    TileCoord hexStep(bool shiftedLine, int k) const
    {
        // Rows: the two neighbours above and below lie right of the cell when its row is
        // shoved, left when not; columns likewise, below / above.
        // Order (cube directions +q, +q-r, -r, -q, -q+r, +r):
        static constexpr int kRowShifted[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}};
        static constexpr int kRowPlain[6][2] = {{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}};
        static constexpr int kColShifted[6][2] = {{1, 1}, {1, 0}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
        static constexpr int kColPlain[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {0, 1}};
        const int(*t)[2] = axis == HexAxis::Rows ? (shiftedLine ? kRowShifted : kRowPlain)
                                                 : (shiftedLine ? kColShifted : kColPlain);
        return {t[k][0], t[k][1]};
    }

    /// Hex: the six cells that share an edge with `c`, in hexStep() order (cells off the map
    /// included: the caller checks bounds).
    std::array<TileCoord, kHexNeighbours> neighbours(TileCoord c) const
    {
        std::array<TileCoord, kHexNeighbours> out{};
        const bool sh = shifted(c);
        for (int k = 0; k < kHexNeighbours; ++k) {
            const TileCoord d = hexStep(sh, k);
            out[std::size_t(k)] = {c.x + d.x, c.y + d.y};
        }
        return out;
    }

    /// Hex: offset (Tiled) coordinates -> cube coordinates.
    CubeCoord toCube(TileCoord c) const
    {
        // Red Blob Games' offset conversions; (v & 1) is the parity for negative v too, and
        // v -+ (v & 1) is even, so the division is exact.
        if (axis == HexAxis::Rows) {
            const int p = c.y & 1;
            const int q = c.x - (oddShifted ? c.y - p : c.y + p) / 2;
            return {q, c.y, -q - c.y};
        }
        const int p = c.x & 1;
        const int r = c.y - (oddShifted ? c.x - p : c.x + p) / 2;
        return {c.x, r, -c.x - r};
    }

    /// Hex: cube coordinates -> offset (Tiled) coordinates (inverse of toCube).
    TileCoord fromCube(CubeCoord h) const
    {
        if (axis == HexAxis::Rows) {
            const int p = h.r & 1;
            return {h.q + (oddShifted ? h.r - p : h.r + p) / 2, h.r};
        }
        const int p = h.q & 1;
        return {h.q, h.r + (oddShifted ? h.q - p : h.q + p) / 2};
    }

    /// Hex: the fewest steps from a to b over the six neighbours (no walls).
    int hexDistance(TileCoord a, TileCoord b) const
    {
        const CubeCoord u = toCube(a);
        const CubeCoord v = toCube(b);
        const int dq = u.q > v.q ? u.q - v.q : v.q - u.q;
        const int dr = u.r > v.r ? u.r - v.r : v.r - u.r;
        const int ds = u.s > v.s ? u.s - v.s : v.s - u.s;
        return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
    }

    /// The centre of a cell in the plane where the grid's cells are regular: square grids, cell
    /// (x, y) -> (x + 0.5, y + 0.5) (tile space); hex grids, regular hexagons whose neighbouring
    /// centres are 1 apart (Rows: x = column + 0.5 on shoved rows, y = row x sqrt(3)/2; Columns
    /// likewise with the axes swapped). Straight lines of this plane are the ones engine/path
    /// smooths along and fog sees along.
    TilePos centre(TileCoord c) const
    {
        constexpr double kRowPitch = 0.86602540378443864676;  // sqrt(3) / 2
        if (!hex)
            return {c.x + 0.5, c.y + 0.5};
        const double half = shifted(c) ? 0.5 : 0.0;
        if (axis == HexAxis::Rows)
            return {c.x + half, c.y * kRowPitch};
        return {c.x * kRowPitch, c.y + half};
    }

    /// Hex: the cells of Red Blob Games' line from a to b (cube lerp at hexDistance + 1 evenly
    /// spaced points, each nudged by a hair so no point lies on an edge), a and b included;
    /// consecutive cells are neighbours. Appends to `out`. O(hexDistance).
    void hexLine(TileCoord a, TileCoord b, std::vector<TileCoord>& out) const;
    /// Hex: cell i of hexLine(a, b) [Limit: 0 <= i <= hexDistance(a, b)], without a vector.
    /// `otherSide`: nudged the other way, so where the line runs exactly along an edge between
    /// two cells this line takes the cell on the other side (fog of war looks both ways).
    TileCoord hexLineCell(TileCoord a, TileCoord b, int i, bool otherSide = false) const;
};

/// "square", or "hexagonal (staggeraxis y, staggerindex odd)" with the layout's Tiled attributes.
inline std::ostream& operator<<(std::ostream& os, const GridTopology& t)
{
    if (!t.hex)
        return os << "square";
    return os << "hexagonal (staggeraxis " << (t.axis == HexAxis::Rows ? 'y' : 'x') << ", staggerindex "
              << (t.oddShifted ? "odd" : "even") << ')';
}

} // namespace isostar
