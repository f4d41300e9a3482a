#pragma once
/// \file CostField.hpp
/// The data A* reads: one float per cell, the cost of ENTERING that cell.
///
/// Produced by engine/terrain (from a Tiled map and its terrain rules) or by the Moving AI
/// reader; consumed by GridPathfinder, which copies it into its own padded layout at `init`.
///
/// \code
/// isostar::path::CostField field(8, 4);          // 8x4 cells, all cost 1
/// field.at({3, 1}) = isostar::path::Impassable;  // a wall
/// field.at({4, 2}) = 0.5f;                   // road: half price
/// \endcode

#include "engine/core/TileCoord.hpp"

#include <cmath>
#include <cstddef>
#include <iosfwd>
#include <limits>
#include <vector>

namespace isostar::path {

/// Cost of a cell that can never be entered (a wall). +infinity, so `cost * factor` stays blocked.
inline constexpr float Impassable = std::numeric_limits<float>::infinity();

/// True when `cost` is a valid cost of a passable cell: finite and > 0.
inline bool isPassableCost(float cost)
{
    return cost > 0.0f && cost < Impassable;
}

/// Row-major grid of entry costs in Tiled tile space (x = column, y = row, index y*width+x).
/// Each value is either `Impassable` or finite and > 0 (GridPathfinder::init rejects anything
/// else: zero, negative, NaN, -inf). Costs below 1 are allowed (roads, volcano warmth); the
/// pathfinder scales its heuristic by the cheapest cell so A* stays optimal.
struct CostField {
    int width = 0;            ///< cells per row [Limit: >= 0]
    int height = 0;           ///< rows [Limit: >= 0]
    std::vector<float> cost;  ///< width*height entry costs, row-major

    CostField() = default;
    /// A width x height field with every cell costing `fill`.
    CostField(int w, int h, float fill = 1.0f)
        : width(w), height(h), cost(std::size_t(w > 0 && h > 0 ? w * h : 0), fill) {}

    bool inBounds(TileCoord c) const { return c.x >= 0 && c.y >= 0 && c.x < width && c.y < height; }
    /// Flat index of an in-bounds cell.
    int index(TileCoord c) const { return c.y * width + c.x; }
    /// Cell of a flat index.
    TileCoord coord(int i) const { return {i % width, i / width}; }
    /// Entry cost of an in-bounds cell (may be Impassable).
    float at(TileCoord c) const { return cost[std::size_t(index(c))]; }
    float& at(TileCoord c) { return cost[std::size_t(index(c))]; }
    /// In bounds and enterable (finite positive cost).
    bool passable(TileCoord c) const { return inBounds(c) && isPassableCost(at(c)); }

    bool operator==(const CostField&) const = default;
};

/// Prints "CostField WxH" and, for small fields, the grid (`#` impassable, else the cost).
std::ostream& operator<<(std::ostream& os, const CostField& f);

} // namespace isostar::path
