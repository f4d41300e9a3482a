/// \file GridPathfinderSetup.cpp
/// GridPathfinder's setup: copying the field into the padded layout, rule changes, cell
/// updates, islands, the cheapest cell cost and the heuristic's scale. The queries are in
/// GridPathfinder.cpp, the search loop in GridPathfinderSearch.cpp.
#include "engine/path/GridPathfinder.hpp"

#include "engine/path/detail/Directions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace eng::path {

using detail::kDx;
using detail::kDy;
using detail::kMaxGeneration;

namespace {

/// The costs a pathfinder accepts: finite and > 0, or Impassable.
bool validCost(float c)
{
    return isPassableCost(c) || c == Impassable;
}

bool allValid(const CostField& field)
{
    return std::all_of(field.cost.begin(), field.cost.end(), validCost);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Setup

bool GridPathfinder::init(const CostField& field, const MoveRules& rules)
{
    m_search = Search{};
    m_width = m_height = m_stride = 0;
    if (!isValid(rules) || field.width <= 0 || field.height <= 0)
        return false;
    // Padded node indices are 32-bit and heap entries hold padded x and y in 16 bits each.
    const long long padded = (long long)(field.width + 2) * (long long)(field.height + 2);
    if (padded >= (long long)std::numeric_limits<std::int32_t>::max() || field.width + 2 > 0xFFFF ||
        field.height + 2 > 0xFFFF)
        return false;
    if (field.cost.size() != std::size_t(field.width) * std::size_t(field.height) || !allValid(field))
        return false;

    m_rules = rules;
    const int stride = field.width + 2;
    m_cells.assign(std::size_t(padded), Cell{0.0, Impassable, 0u});
    m_width = field.width;
    m_height = field.height;
    m_stride = stride;
    copyCosts(field);
    // Node state is only resized (never cleared per query): stamps older than the current
    // generation mean "unvisited". A fresh allocation starts with stamp 0 and generation 2.
    m_parent.assign(std::size_t(padded), 0u);
    m_targetStamp.clear();
    m_island.assign(std::size_t(padded), -1);
    m_generation = 0;
    m_open.reset(false);
    m_hTargets.clear();
    m_open.setLayout(stride, field.height + 2);
    for (int k = 0; k < 8; ++k)
        m_offsets[k] = kDy[k] * stride + kDx[k];
    computeIslands();
    computeMinCost();
    computeHeuristicScale();
    return true;
}

bool GridPathfinder::setRules(const MoveRules& rules)
{
    if (!isValid(rules))
        return false;
    m_search = Search{};
    const bool islandsChange = (rules.diagonal == DiagonalMode::Always) != (m_rules.diagonal == DiagonalMode::Always);
    m_rules = rules;
    if (initialized()) {
        if (islandsChange)
            computeIslands();
        computeHeuristicScale();
    }
    return true;
}

bool GridPathfinder::updateCells(const CostField& field, std::span<const TileCoord> cells)
{
    if (!initialized() || field.width != m_width || field.height != m_height ||
        field.cost.size() != std::size_t(m_width) * std::size_t(m_height))
        return false;
    m_search = Search{};
    bool ok = true;
    bool passabilityChanged = false;
    bool rescanMin = false;
    for (const TileCoord& c : cells) {
        if (!field.inBounds(c))
            continue;
        const float next = field.at(c);
        if (!validCost(next)) {
            ok = false;
            continue;
        }
        float& mine = m_cells[toNode(c)].cost;
        const bool was = mine < Impassable;
        const bool now = next < Impassable;
        passabilityChanged |= was != now;
        // The cheapest cell scales the heuristic (and cheapest == dearest makes the field
        // uniform): a rescan is only needed when a cell that was an extreme changed.
        if (was && (double(mine) <= m_minCost || double(mine) >= m_maxCost) && (!now || next != mine))
            rescanMin = true;
        if (now && (m_minCost == 0.0 || double(next) < m_minCost))
            m_minCost = next;
        if (now && double(next) > m_maxCost)
            m_maxCost = next;
        mine = next;
    }
    if (passabilityChanged)
        computeIslands();
    if (rescanMin)
        computeMinCost();
    computeHeuristicScale();
    return ok;
}

bool GridPathfinder::refresh(const CostField& field)
{
    if (!initialized() || field.width != m_width || field.height != m_height ||
        field.cost.size() != std::size_t(m_width) * std::size_t(m_height) || !allValid(field))
        return false;
    m_search = Search{};
    copyCosts(field);
    computeIslands();
    computeMinCost();
    computeHeuristicScale();
    return true;
}

void GridPathfinder::copyCosts(const CostField& field)
{
    for (int y = 0; y < m_height; ++y)
        for (int x = 0; x < m_width; ++x)
            m_cells[toNode({x, y})].cost = field.cost[std::size_t(y * m_width + x)];
}

void GridPathfinder::computeIslands()
{
    // Connectivity under the move rules. With NoCornerCutting or AtMostOneObstacle every
    // allowed diagonal passes a passable orthogonal side cell that is adjacent to both ends,
    // so islands are exactly the 4-connected components; only Always adds diagonal links.
    const int dirs = m_rules.diagonal == DiagonalMode::Always ? 8 : 4;
    std::fill(m_island.begin(), m_island.end(), -1);
    m_islandCount = 0;
    m_stack.clear();
    const std::uint32_t n = std::uint32_t(m_cells.size());
    for (std::uint32_t seed = 0; seed < n; ++seed) {
        if (m_island[seed] >= 0 || !(m_cells[seed].cost < Impassable))
            continue;
        const std::int32_t id = m_islandCount++;
        m_island[seed] = id;
        m_stack.push_back(seed);
        while (!m_stack.empty()) {
            const std::uint32_t cur = m_stack.back();
            m_stack.pop_back();
            for (int k = 0; k < dirs; ++k) {
                // The padding ring is Impassable, so cur + offset never leaves the array.
                const std::uint32_t nb = std::uint32_t(std::int64_t(cur) + m_offsets[k]);
                if (m_island[nb] < 0 && m_cells[nb].cost < Impassable) {
                    m_island[nb] = id;
                    m_stack.push_back(nb);
                }
            }
        }
    }
}

void GridPathfinder::computeMinCost()
{
    float best = Impassable;
    float dearest = 0.0f;
    for (const Cell& c : m_cells) {
        best = std::min(best, c.cost);
        if (c.cost < Impassable)
            dearest = std::max(dearest, c.cost);
    }
    m_minCost = best < Impassable ? double(best) : 0.0;
    m_maxCost = double(dearest);
}

void GridPathfinder::computeHeuristicScale()
{
    // The scaled heuristic must be a norm N with N(step) <= cost(step) for every allowed step
    // (then it is admissible AND consistent, so closed cells are final). Every step costs at
    // least minCost x (1 orthogonal, diagonalFactor diagonal). Lower bounds per unit of the
    // two extreme directions of an octant, (1,0) and (1,1):
    //   4-connected: 1 and 2.   8-connected: min(1, df) and min(df, 2)
    // (with df < 1 two diagonals beat one orthogonal step). Each raw heuristic is linear or
    // convex within an octant, so the largest admissible factor is the smaller of the two
    // endpoint ratios.
    const double df = m_rules.diagonalFactor;
    const bool diag = m_rules.diagonal != DiagonalMode::Never;
    const double lo = diag ? std::min(1.0, df) : 1.0;
    const double ld = diag ? std::min(df, 2.0) : 2.0;
    m_octileDiag = std::clamp(df, 1.0, 2.0);
    double factor = 0.0;
    switch (m_rules.heuristic) {
    case Heuristic::Octile: factor = std::min(lo, ld / m_octileDiag); break;
    case Heuristic::Euclidean: factor = std::min(lo, ld / std::sqrt(2.0)); break;
    case Heuristic::Manhattan: factor = std::min(lo, ld / 2.0); break;
    case Heuristic::Chebyshev: factor = std::min(lo, ld); break;
    case Heuristic::Zero: factor = 0.0; break;
    }
    m_hScale = m_minCost * factor * m_rules.weight;
}

void GridPathfinder::nextGeneration()
{
    // Two stamps per query (open, closed). On wrap-around clear once and start again.
    if (m_generation >= kMaxGeneration) {
        for (Cell& c : m_cells)
            c.stamp = 0;
        std::fill(m_targetStamp.begin(), m_targetStamp.end(), 0u);
        m_generation = 0;
    }
    m_generation += 2;
}

// ---------------------------------------------------------------------------------------------
// Queries about the field

bool GridPathfinder::reachable(TileCoord a, TileCoord b) const
{
    const int ia = islandOf(a);
    return ia >= 0 && ia == islandOf(b);
}

int GridPathfinder::islandOf(TileCoord c) const
{
    if (!initialized() || c.x < 0 || c.y < 0 || c.x >= m_width || c.y >= m_height)
        return -1;
    return m_island[toNode(c)];
}

} // namespace eng::path
