#pragma once
/// \file HexSteps.hpp
/// Internal to engine/path: the six neighbours of a padded cell on a hexagonal grid (GridTopology)
/// as padded-index offsets. A hex cell's neighbours depend on whether its row (or column) is
/// shoved, so there are two offset sets; the one-cell padding ring covers every step (each
/// moves at most one cell in x and in y). Padded (px, py) is map cell (px - 1, py - 1).

#include "engine/core/GridTopology.hpp"

#include <cstdint>

namespace isostar::path::detail {

struct HexSteps {
    int offsets[2][GridTopology::kHexNeighbours] = {};  ///< [line shoved][k]: padded index step
    int dx[2][GridTopology::kHexNeighbours] = {};
    int dy[2][GridTopology::kHexNeighbours] = {};
    GridTopology topology;
    int stride = 0;

    HexSteps() = default;
    HexSteps(const GridTopology& t, int paddedStride) : topology(t), stride(paddedStride)
    {
        for (int s = 0; s < 2; ++s)
            for (int k = 0; k < GridTopology::kHexNeighbours; ++k) {
                const TileCoord d = t.hexStep(s == 1, k);
                dx[s][k] = d.x;
                dy[s][k] = d.y;
                offsets[s][k] = d.y * paddedStride + d.x;
            }
    }

    /// Whether padded cell (px, py)'s line is shoved (the index into offsets / dx / dy).
    int shiftedPadded(int px, int py) const { return topology.shifted({px - 1, py - 1}) ? 1 : 0; }
    /// Same for a padded index.
    int shiftedNode(std::uint32_t node) const
    {
        const int py = int(node / std::uint32_t(stride));
        return shiftedPadded(int(node) - py * stride, py);
    }
    /// The six padded-index offsets of a padded cell's neighbours, in GridTopology::hexStep order.
    const int* at(std::uint32_t node) const { return offsets[shiftedNode(node)]; }
    /// Hex distance between two padded cells.
    int distancePadded(int ax, int ay, int bx, int by) const
    {
        return topology.hexDistance({ax - 1, ay - 1}, {bx - 1, by - 1});
    }
};

} // namespace isostar::path::detail
