/// \file FogOfWar.cpp
/// FogOfWar: the known and visible sets and the belief grid that follows them.
#include "game/fog/FogOfWar.hpp"

#include <algorithm>

namespace game {

void FogOfWar::reset(const eng::path::NavGrid& real, SightMap blockers, bool keepKnown)
{
    const bool same = keepKnown && blockers.width == m_blockers.width && blockers.height == m_blockers.height;
    m_blockers = std::move(blockers);
    const std::size_t cells = std::size_t(std::max(0, real.width())) * std::size_t(std::max(0, real.height()));
    if (!same || m_known.size() != cells)
        m_known.assign(cells, 0);
    recount();
    m_visible.assign(cells, 0);
    m_fresh.clear();
    eng::path::LandmarkSettings off;
    off.mode = eng::path::LandmarkMode::Off;
    m_belief.setLandmarks(off);
    m_belief.reset(real.width(), real.height());
    for (int layer = 0; layer < real.layerCount(); ++layer) {
        eng::path::CostField field = real.costField(layer);
        for (std::size_t i = 0; i < field.cost.size(); ++i)
            if (!m_known[i])
                field.cost[i] = OpenCost;
        m_belief.addLayer(real.layerName(layer), field, real.rules(layer));
    }
}

void FogOfWar::clear()
{
    m_blockers = {};
    m_known.clear();
    m_visible.clear();
    m_knownCount = 0;
    m_cellCount = 0;
    m_fresh.clear();
    m_belief.reset(0, 0);
}

void FogOfWar::setBlockers(SightMap blockers)
{
    m_blockers = std::move(blockers);
    recount();
}

void FogOfWar::recount()
{
    m_knownCount = 0;
    m_cellCount = 0;
    for (int y = 0; y < m_blockers.height; ++y)
        for (int x = 0; x < m_blockers.width; ++x) {
            if (m_blockers.isVoid({x, y}))
                continue;
            ++m_cellCount;
            if (index({x, y}) < m_known.size() && m_known[index({x, y})])
                ++m_knownCount;
        }
}

void FogOfWar::mark(Viewer viewer)
{
    m_scratch.clear();
    cellsInSight(m_blockers, viewer.cell, viewer.radius, m_scratch);
    for (eng::TileCoord c : m_scratch) {
        const std::size_t i = index(c);
        m_visible[i] = 1;
        if (!m_known[i]) {
            m_known[i] = 1;
            if (!m_blockers.isVoid(c))
                ++m_knownCount;
            m_fresh.push_back(c);
        }
    }
}

std::vector<eng::path::NavDirty> FogOfWar::writeFresh(const eng::path::NavGrid& real)
{
    std::vector<eng::path::NavDirty> out;
    if (m_fresh.empty() || !active())
        return out;
    std::vector<eng::path::CellChange> changes;
    for (int layer = 0; layer < m_belief.layerCount(); ++layer) {
        changes.clear();
        for (eng::TileCoord c : m_fresh)
            changes.push_back({c, real.cost(layer, c)});
        eng::path::NavDirty d = m_belief.apply(layer, changes);
        if (!d.empty())
            out.push_back(std::move(d));
    }
    m_fresh.clear();
    return out;
}

std::vector<eng::path::NavDirty> FogOfWar::see(const eng::path::NavGrid& real, std::span<const Viewer> viewers)
{
    std::fill(m_visible.begin(), m_visible.end(), std::uint8_t(0));
    for (const Viewer& v : viewers)
        mark(v);
    return writeFresh(real);
}

std::vector<eng::path::NavDirty> FogOfWar::look(const eng::path::NavGrid& real, Viewer viewer)
{
    mark(viewer);
    return writeFresh(real);
}

std::vector<eng::path::NavDirty> FogOfWar::realChanged(const eng::path::NavGrid& real,
                                                       std::span<const eng::path::NavDirty> dirty)
{
    std::vector<eng::path::NavDirty> out;
    if (!active())
        return out;
    std::vector<eng::path::CellChange> changes;
    for (const eng::path::NavDirty& d : dirty) {
        if (!m_belief.validLayer(d.layer) || !real.validLayer(d.layer))
            continue;
        changes.clear();
        for (eng::TileCoord c : d.cells)
            if (known(c))
                changes.push_back({c, real.cost(d.layer, c)});
        eng::path::NavDirty b = m_belief.apply(d.layer, changes);
        if (d.rulesChanged && m_belief.setRules(d.layer, real.rules(d.layer))) {
            b.layer = d.layer;
            b.rulesChanged = true;
            b.version = m_belief.version();
        }
        if (!b.empty())
            out.push_back(std::move(b));
    }
    return out;
}

} // namespace game
