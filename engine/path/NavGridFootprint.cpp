/// \file NavGridFootprint.cpp
/// NavGrid's footprint layers (units bigger than a cell, Footprint.hpp), and the public edits
/// of a layer, which keep its footprint layers equal to fresh ones.
#include "engine/path/NavGrid.hpp"

#include "engine/path/Footprint.hpp"
#include "engine/path/detail/FootprintMax.hpp"

#include <algorithm>

namespace isostar::path {

int NavGrid::footprintLayer(int layer, int size)
{
    if (!validLayer(layer) || size < 1 || size > MaxFootprintSize || m_layers[std::size_t(layer)].footprintBase >= 0)
        return -1;
    if (size == 1)
        return layer;
    for (const int d : m_layers[std::size_t(layer)].footprints)
        if (m_layers[std::size_t(d)].footprintSize == size)
            return d;
    const Layer& base = m_layers[std::size_t(layer)];
    Layer fp;
    fp.name = base.name + "@" + std::to_string(size);
    fp.rules = base.rules;
    fp.footprintBase = layer;
    fp.footprintSize = size;
    fp.cost.assign(paddedSize(), Impassable);
    std::vector<float> costs;
    detail::FootprintScratch scratch;
    detail::footprintBlock(m_width, m_height, size, 0, 0, m_width - 1, m_height - 1,
                           [&](int x, int y) { return base.cost[toNode({x, y})]; }, scratch, costs);
    for (int y = 0; y < m_height; ++y)
        for (int x = 0; x < m_width; ++x)
            fp.cost[toNode({x, y})] = costs[std::size_t(y) * std::size_t(m_width) + std::size_t(x)];
    computeIslands(fp);
    computeMinCost(fp);
    computeHeuristicScale(fp);
    fp.version = m_version;
    m_layers.push_back(std::move(fp));
    const int index = layerCount() - 1;
    m_layers[std::size_t(layer)].footprints.push_back(index);
    return index;
}

int NavGrid::footprintSize(int layer) const
{
    return validLayer(layer) ? m_layers[std::size_t(layer)].footprintSize : 0;
}

int NavGrid::footprintBase(int layer) const
{
    if (!validLayer(layer))
        return -1;
    const int base = m_layers[std::size_t(layer)].footprintBase;
    return base >= 0 ? base : layer;
}

NavDirty NavGrid::apply(int layer, std::span<const CellChange> changes)
{
    if (validLayer(layer) && m_layers[std::size_t(layer)].footprintBase >= 0)
        return {};
    NavDirty dirty = applyChanges(layer, changes);
    if (dirty.layer >= 0 && !dirty.cells.empty())
        applyToFootprints(layer, dirty);
    return dirty;
}

NavDirty NavGrid::replaceLayer(int layer, const CostField& field, const MoveRules& rules)
{
    if (validLayer(layer) && m_layers[std::size_t(layer)].footprintBase >= 0)
        return {};
    NavDirty dirty = replaceCosts(layer, field, rules);
    if (dirty.layer >= 0 && !dirty.empty())
        replaceFootprints(layer, dirty);
    return dirty;
}

bool NavGrid::setRules(int layer, const MoveRules& rules)
{
    if (validLayer(layer) && m_layers[std::size_t(layer)].footprintBase >= 0)
        return false;
    if (!changeRules(layer, rules))
        return false;
    for (const int d : m_layers[std::size_t(layer)].footprints)
        changeRules(d, rules);
    return true;
}

void NavGrid::applyToFootprints(int layer, NavDirty& dirty)
{
    const std::vector<int>& footprints = m_layers[std::size_t(layer)].footprints;
    if (footprints.empty())
        return;
    // The edit's rectangle; an anchor's block holds one of its cells when the anchor lies in the
    // rectangle grown by size - 1 up and left.
    int x0 = m_width, y0 = m_height, x1 = -1, y1 = -1;
    for (const TileCoord c : dirty.cells) {
        x0 = std::min(x0, c.x);
        y0 = std::min(y0, c.y);
        x1 = std::max(x1, c.x);
        y1 = std::max(y1, c.y);
    }
    const float* base = m_layers[std::size_t(layer)].cost.data();
    const auto baseCost = [&](int x, int y) { return base[toNode({x, y})]; };
    detail::FootprintScratch scratch;
    std::vector<float> costs;
    std::vector<CellChange> changes;
    for (const int d : footprints) {
        const int size = m_layers[std::size_t(d)].footprintSize;
        const int ax0 = std::max(0, x0 - size + 1);
        const int ay0 = std::max(0, y0 - size + 1);
        detail::footprintBlock(m_width, m_height, size, ax0, ay0, x1, y1, baseCost, scratch, costs);
        const std::vector<float>& mine = m_layers[std::size_t(d)].cost;
        const int w = x1 - ax0 + 1;
        changes.clear();
        for (int y = ay0; y <= y1; ++y)
            for (int x = ax0; x <= x1; ++x) {
                const float c = costs[std::size_t(y - ay0) * std::size_t(w) + std::size_t(x - ax0)];
                if (c != mine[toNode({x, y})])
                    changes.push_back({{x, y}, c});
            }
        NavDirty footprint = applyChanges(d, changes);
        if (!footprint.empty())
            dirty.derived.push_back(std::move(footprint));
    }
    dirty.version = m_version;
}

void NavGrid::replaceFootprints(int layer, NavDirty& dirty)
{
    const CostField field = costField(layer);
    const MoveRules rules = m_layers[std::size_t(layer)].rules;
    for (const int d : m_layers[std::size_t(layer)].footprints) {
        NavDirty footprint = replaceCosts(d, footprintField(field, m_layers[std::size_t(d)].footprintSize), rules);
        if (!footprint.empty())
            dirty.derived.push_back(std::move(footprint));
    }
    dirty.version = m_version;
}

} // namespace isostar::path
