/// \file WeightedJumpGrid.cpp
/// The passability and flatness planes of weighted jump point search (WeightedJumpSearch.hpp):
/// built from a layer's padded costs, patched cell by cell after an edit.
#include "engine/path/WeightedJumpSearch.hpp"

#include <bit>

namespace eng::path {

bool WeightedJumpGrid::flatAt(const float* costs, int px, int py) const
{
    if (px <= 0 || py <= 0 || px >= m_pw - 1 || py >= m_ph - 1)
        return false;  // the padding ring is blocked
    const std::size_t stride = std::size_t(m_pw);
    const float c = costs[std::size_t(py) * stride + std::size_t(px)];
    if (!(c < Impassable))
        return false;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const float n = costs[std::size_t(py + dy) * stride + std::size_t(px + dx)];
            if (n < Impassable && n != c)
                return false;
        }
    return true;
}

void WeightedJumpGrid::setCell(int px, int py, bool open, bool flat)
{
    const std::size_t bx = std::size_t(px + kLead);
    const std::size_t by = std::size_t(py + kLead);
    const std::uint64_t rowBit = std::uint64_t(1) << (bx & 63);
    const std::uint64_t colBit = std::uint64_t(1) << (by & 63);
    const std::size_t r = std::size_t(py) * m_rowWords + (bx >> 6);
    const std::size_t c = std::size_t(px) * m_colWords + (by >> 6);
    m_openRows[r] = open ? (m_openRows[r] | rowBit) : (m_openRows[r] & ~rowBit);
    m_flatRows[r] = flat ? (m_flatRows[r] | rowBit) : (m_flatRows[r] & ~rowBit);
    m_openCols[c] = open ? (m_openCols[c] | colBit) : (m_openCols[c] & ~colBit);
    m_flatCols[c] = flat ? (m_flatCols[c] | colBit) : (m_flatCols[c] & ~colBit);
}

bool WeightedJumpGrid::build(const NavGrid& grid, int layer)
{
    m_layer = -1;
    m_openRows.clear();
    m_flatRows.clear();
    m_openCols.clear();
    m_flatCols.clear();
    if (!grid.validLayer(layer))
        return false;
    m_pw = grid.stride();
    m_ph = grid.height() + 2;
    m_rowWords = std::size_t(m_pw + 2 * kLead) / 64 + 2;
    m_colWords = std::size_t(m_ph + 2 * kLead) / 64 + 2;
    m_openRows.assign(m_rowWords * std::size_t(m_ph), 0u);
    m_flatRows.assign(m_rowWords * std::size_t(m_ph), 0u);
    m_openCols.assign(m_colWords * std::size_t(m_pw), 0u);
    m_flatCols.assign(m_colWords * std::size_t(m_pw), 0u);
    const float* costs = grid.paddedCosts(layer);
    for (int y = 1; y < m_ph - 1; ++y)
        for (int x = 1; x < m_pw - 1; ++x) {
            const bool open = costs[std::size_t(y) * std::size_t(m_pw) + std::size_t(x)] < Impassable;
            if (open)
                setCell(x, y, true, flatAt(costs, x, y));
        }
    m_layer = layer;
    m_version = grid.layerVersion(layer);
    return true;
}

bool WeightedJumpGrid::update(const NavGrid& grid, const NavDirty& dirty)
{
    if (!built() || !grid.validLayer(m_layer) || grid.stride() != m_pw || grid.height() + 2 != m_ph)
        return false;
    if (dirty.layer != m_layer)
        return true;
    const float* costs = grid.paddedCosts(m_layer);
    for (const TileCoord c : dirty.cells) {
        if (!grid.inBounds(c))
            continue;
        // The cell's own bits and the flatness of its 8 neighbours (their 3x3 holds it).
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int px = c.x + 1 + dx;
                const int py = c.y + 1 + dy;
                if (px <= 0 || py <= 0 || px >= m_pw - 1 || py >= m_ph - 1)
                    continue;
                const bool open = costs[std::size_t(py) * std::size_t(m_pw) + std::size_t(px)] < Impassable;
                setCell(px, py, open, open && flatAt(costs, px, py));
            }
    }
    m_version = grid.layerVersion(m_layer);
    return true;
}

bool WeightedJumpGrid::matches(const NavGrid& grid, int layer) const
{
    return built() && layer == m_layer && grid.validLayer(layer) && grid.layerVersion(layer) == m_version &&
           grid.stride() == m_pw && grid.height() + 2 == m_ph;
}

std::size_t WeightedJumpGrid::borderCells() const
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < m_openRows.size(); ++i)
        n += std::size_t(std::popcount(m_openRows[i] & ~m_flatRows[i]));
    return n;
}

} // namespace eng::path
