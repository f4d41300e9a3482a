/// \file GridPathfinder.cpp
/// GridPathfinder: the one-layer facade over NavGrid (NavGrid.cpp) and GridQuery
/// (GridQuery.cpp, GridQuerySearch.cpp).
#include "engine/path/GridPathfinder.hpp"

#include <vector>

namespace isostar::path {

bool GridPathfinder::init(const CostField& field, const MoveRules& rules, const GridTopology& topology)
{
    m_query.cancel();
    m_grid.reset(0, 0);  // uninitialised unless everything below succeeds
    if (!isValid(rules) || !m_grid.reset(field.width, field.height, topology))
        return false;
    if (m_grid.addLayer("default", field, rules) != 0) {
        m_grid.reset(0, 0);
        return false;
    }
    m_rules = rules;
    return true;
}

bool GridPathfinder::setRules(const MoveRules& rules)
{
    if (!isValid(rules))
        return false;
    m_query.cancel();
    m_rules = rules;
    if (initialized())
        m_grid.setRules(0, rules);
    return true;
}

bool GridPathfinder::updateCells(const CostField& field, std::span<const TileCoord> cells)
{
    if (!initialized() || field.width != m_grid.width() || field.height != m_grid.height() ||
        field.cost.size() != std::size_t(field.width) * std::size_t(field.height))
        return false;
    m_query.cancel();
    // Invalid new costs are skipped (the cell keeps its state); the rest is applied.
    bool ok = true;
    std::vector<CellChange> changes;
    changes.reserve(cells.size());
    for (const TileCoord& c : cells) {
        if (!field.inBounds(c))
            continue;
        const float next = field.at(c);
        if (!(isPassableCost(next) || next == Impassable)) {
            ok = false;
            continue;
        }
        changes.push_back({c, next});
    }
    m_grid.apply(0, changes);
    return ok;
}

bool GridPathfinder::refresh(const CostField& field)
{
    if (!initialized())
        return false;
    m_query.cancel();
    return m_grid.replaceLayer(0, field, m_rules).layer == 0;
}

PathStatus GridPathfinder::findPath(TileCoord start, TileCoord goal, PathResult& out, SearchTrace* trace)
{
    m_grid.pollLandmarks();
    return m_query.findPath(m_grid, 0, start, goal, out, nullptr, trace);
}

PathStatus GridPathfinder::findNearest(TileCoord start, std::span<const TileCoord> targets, PathResult& out,
                                       int* targetIndex, SearchTrace* trace)
{
    m_grid.pollLandmarks();
    return m_query.findNearest(m_grid, 0, start, targets, out, targetIndex, nullptr, trace);
}

PathStatus GridPathfinder::beginSearch(TileCoord start, TileCoord goal, SearchTrace* trace)
{
    m_grid.pollLandmarks();
    return m_query.beginSearch(m_grid, 0, start, goal, nullptr, trace);
}

PathStatus GridPathfinder::step(int maxExpansions)
{
    return m_query.step(maxExpansions);
}

PathStatus GridPathfinder::finishSearch(PathResult& out)
{
    return m_query.finishSearch(out);
}

bool GridPathfinder::reachable(TileCoord a, TileCoord b) const
{
    return m_grid.reachable(0, a, b);
}

int GridPathfinder::islandOf(TileCoord c) const
{
    return m_grid.islandOf(0, c);
}

double GridPathfinder::heuristic(TileCoord a, TileCoord b) const
{
    return m_query.heuristic(m_grid, 0, a, b);
}

} // namespace isostar::path
