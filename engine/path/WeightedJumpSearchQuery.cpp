/// \file WeightedJumpSearchQuery.cpp
/// The query around weighted jump point search's loop (WeightedJumpSearch.cpp): which layers it
/// supports, the refusals and the partial paths (jump/JumpQuery.hpp), and the found path's
/// cells and cost from its jump points.
#include "engine/path/WeightedJumpSearch.hpp"

#include "engine/path/jump/JumpQuery.hpp"

namespace isostar::path {

bool WeightedJumpSearch::supports(const NavGrid& grid, int layer)
{
    if (!grid.validLayer(layer) || grid.hex())
        return false;  // jump searches are square-grid searches
    const MoveRules& r = grid.rules(layer);
    return r.diagonal == DiagonalMode::NoCornerCutting && r.diagonalFactor >= 1.0 && r.diagonalFactor < 2.0;
}

void WeightedJumpSearch::writePath(std::uint32_t startNode, std::uint32_t endNode, PathResult& out)
{
    detail::collectJumpPoints(startNode, endNode, m_stride, m_rowOf,
                              [this](std::uint32_t n) { return m_nodes[n].parent; }, m_jumpPoints);
    detail::cellsOfJumps(m_jumpPoints, out.path);
    // The cost as A* sums it: step by step in path order (a uniform layer's cells are not read).
    if (m_uniformLayer) {
        out.cost = detail::uniformJumpCost(m_jumpPoints, m_minCost, m_minCost * m_diag);
        return;
    }
    double cost = 0.0;
    for (std::size_t i = 1; i < out.path.size(); ++i) {
        const TileCoord c = out.path[i];
        const double entry = double(m_costs[std::size_t(c.y + 1) * std::size_t(m_stride) + std::size_t(c.x + 1)]);
        const bool diagonal = c.x != out.path[i - 1].x && c.y != out.path[i - 1].y;
        cost = diagonal ? cost + entry * m_diag : cost + entry;
    }
    out.cost = cost;
}

PathStatus WeightedJumpSearch::findPath(const NavGrid& grid, int layer, const WeightedJumpGrid& flat,
                                        TileCoord start, TileCoord goal, PathResult& out)
{
    const bool supported = supports(grid, layer) && flat.matches(grid, layer);
    // The start's passability from the table's open plane (it matches the layer when supported).
    const auto startOpen = [&flat](TileCoord c) { return flat.open(c.x + 1, c.y + 1); };
    if (const std::optional<PathStatus> refused =
            detail::refuseJumpQuery(grid, supported, start, goal, out, startOpen)) {
        out.status = *refused;
        return out.status;
    }
    m_nodes.growTo(grid.paddedSize());  // zero pages: the first query does not write them all
    m_flat = &flat;
    m_costs = grid.paddedCosts(layer);
    m_stride = grid.stride();
    m_rowOf = detail::RowOf(m_stride);
    m_open.setLayout(m_stride, grid.height() + 2);
    m_uniformLayer = grid.uniformCost(layer);  // ties everywhere: the tie heap alone, as GridQuery
    // The table's skip planes follow the layer's kind (WeightedJumpGrid::diagonalFlat); the
    // weighted rule is a subset of the uniform one, so only the other way round forbids skips.
    m_skipDiagonals = m_uniformLayer || flat.diagonalFlat();
    m_minCost = grid.minCellCost(layer);
    m_diag = grid.rules(layer).diagonalFactor;
    m_table = m_useLandmarks ? grid.landmarks(layer) : nullptr;
    if (m_table && (m_table->empty() || m_table->stride != m_stride))
        m_table.reset();
    detail::runJumpQuery(
        grid, layer, start, goal, m_partialPaths, m_targets, out,
        [this](std::uint32_t s, std::uint32_t g, int& expanded) {
            return m_uniformLayer ? search<true>(s, g, expanded) : search<false>(s, g, expanded);
        },
        [this](std::uint32_t n) { return m_nodes[n].g; },
        [this, &out](std::uint32_t s, std::uint32_t e) { writePath(s, e, out); });
    m_flat = nullptr;
    m_costs = nullptr;
    m_table.reset();
    m_active = detail::AllLandmarks{};
    return out.status;
}

} // namespace isostar::path
