#pragma once
/// \file Footprint.hpp
/// The cells a unit covers. A unit of size s (1 to 4) standing on cell (x, y) covers the s x s
/// block x .. x+s-1, y .. y+s-1 (its footprint; (x, y) is the block's northern corner on an
/// isometric map). The party's occupancy, orders and giving way, the fog's eyes and the drawing
/// of big units all ask these questions; size 1 is one cell.
///
/// \code
/// const game::Footprint cart{{10, 4}, 2};
/// cart.contains({11, 5});                       // true
/// cart.overlaps({{12, 4}, 1});                  // false: beside it
/// cart.forEachCell([](isostar::TileCoord c) { /* (10,4) (11,4) (10,5) (11,5) */ });
/// \endcode

#include "engine/core/TileCoord.hpp"

#include <algorithm>

namespace game {

/// The largest unit size the game accepts (the engine's footprint layers go as far).
inline constexpr int MaxUnitSize = 4;

struct Footprint {
    isostar::TileCoord at;  ///< the northern corner: the cell the unit "is on"
    int size = 1;           ///< side in cells [Limit: >= 1]

    bool contains(isostar::TileCoord c) const
    {
        return c.x >= at.x && c.y >= at.y && c.x < at.x + size && c.y < at.y + size;
    }
    bool overlaps(const Footprint& o) const
    {
        return at.x < o.at.x + o.size && o.at.x < at.x + size && at.y < o.at.y + o.size && o.at.y < at.y + size;
    }
    /// Calls `f(cell)` for every cell, row by row.
    template <class F>
    void forEachCell(F&& f) const
    {
        for (int dy = 0; dy < size; ++dy)
            for (int dx = 0; dx < size; ++dx)
                f(isostar::TileCoord{at.x + dx, at.y + dy});
    }
    /// The anchors (northern corners) from which a footprint of `moverSize` overlaps this one:
    /// the block at.x - moverSize + 1 .. at.x + size - 1 (and the same in y). A size-1 mover: the
    /// footprint's own cells.
    template <class F>
    void forEachAnchorOverlapping(int moverSize, F&& f) const
    {
        for (int y = at.y - moverSize + 1; y < at.y + size; ++y)
            for (int x = at.x - moverSize + 1; x < at.x + size; ++x)
                f(isostar::TileCoord{x, y});
    }
};

/// A unit size read from the map or the config, clamped to 1 .. MaxUnitSize.
inline int clampUnitSize(int size)
{
    return std::clamp(size, 1, MaxUnitSize);
}

} // namespace game
