#pragma once
/// \file GridShape.hpp
/// The shape of a flat, row-major grid of cells: its size, and the one place where a cell's
/// index is computed (index y * width + x). Engine grids (NavGrid, TerrainGrid) and maps hand
/// it out; code over per-cell arrays asks it instead of writing the index by hand.

#include "engine/core/TileCoord.hpp"

#include <cstddef>

namespace isostar {

struct GridShape {
    int width = 0;   ///< [Limit: >= 0]
    int height = 0;  ///< [Limit: >= 0]

    /// Cells in the grid: width * height.
    std::size_t size() const { return std::size_t(width) * std::size_t(height); }
    bool empty() const { return width <= 0 || height <= 0; }
    bool inBounds(TileCoord c) const { return c.x >= 0 && c.y >= 0 && c.x < width && c.y < height; }
    /// Row-major index of an in-bounds cell [Limit: inBounds(c)].
    std::size_t index(TileCoord c) const { return std::size_t(c.y) * std::size_t(width) + std::size_t(c.x); }
    /// The cell at a row-major index [Limit: i < size()].
    TileCoord cell(std::size_t i) const
    {
        return {int(i % std::size_t(width)), int(i / std::size_t(width))};
    }
    bool operator==(const GridShape&) const = default;
};

} // namespace isostar
