/// \file FogOfWar.cpp
/// FogOfWar: the known and visible sets and the belief grid that follows them.
#include "game/fog/FogOfWar.hpp"

#include <algorithm>

namespace game {

namespace {

/// The most changes a fog keeps for its readers: a reader further behind shades every cell again.
std::size_t changesKept(const isostar::GridShape& shape)
{
    return std::max<std::size_t>(4096, shape.size() / 4);
}

} // namespace

void FogOfWar::reset(const isostar::path::NavGrid& real, SightMap blockers, bool keepKnown)
{
    const bool same = keepKnown && blockers.shape == m_blockers.shape;
    m_blockers = std::move(blockers);
    m_blockers.topology = real.topology();  // sight follows the map's cells (hex: six neighbours)
    const std::size_t cells = real.shape().size();
    if (!same || m_known.size() != cells)
        m_known.assign(cells, 0);
    recount();
    m_visible.assign(cells, Unseen);
    m_visibleCells.clear();
    m_fresh.clear();
    forgetChanges();
    isostar::path::LandmarkSettings off;
    off.mode = isostar::path::LandmarkMode::Off;
    m_belief.setLandmarks(off);
    m_belief.reset(real.width(), real.height(), real.topology());
    // The real grid's own layers (its footprint layers follow the belief grid's own, made by
    // footprintLayer()).
    for (int layer = 0; layer < real.layerCount(); ++layer) {
        if (real.footprintBase(layer) != layer)
            continue;
        isostar::path::CostField field = real.costField(layer);
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
    m_visibleCells.clear();
    forgetChanges();
    m_knownCount = 0;
    m_cellCount = 0;
    m_fresh.clear();
    m_belief.reset(0, 0);
}

void FogOfWar::setBlockers(SightMap blockers)
{
    blockers.topology = m_belief.topology();
    m_blockers = std::move(blockers);
    recount();
}

void FogOfWar::recount()
{
    m_knownCount = 0;
    m_cellCount = 0;
    const isostar::GridShape& grid = shape();
    for (std::size_t i = 0; i < grid.size(); ++i) {
        if (m_blockers.isVoid(grid.cell(i)))
            continue;
        ++m_cellCount;
        if (i < m_known.size() && m_known[i])
            ++m_knownCount;
    }
}

void FogOfWar::forgetChanges()
{
    m_changesStart += m_changes.size() + 1;  // past every stamp handed out: every reader sees `all`
    m_changes.clear();
}

void FogOfWar::logChange(isostar::TileCoord c)
{
    if (m_changes.size() >= changesKept(shape())) {
        m_changesStart += m_changes.size();
        m_changes.clear();
    }
    m_changes.push_back(c);
}

FogChanges FogOfWar::changesSince(std::uint64_t stamp) const
{
    FogChanges out;
    out.stamp = m_changesStart + m_changes.size();
    out.all = stamp < m_changesStart || stamp > out.stamp;
    if (!out.all)
        out.cells = std::span<const isostar::TileCoord>(m_changes).subspan(std::size_t(stamp - m_changesStart));
    return out;
}

void FogOfWar::mark(Viewer viewer, std::uint8_t as, std::vector<isostar::TileCoord>& marked)
{
    m_scratch.clear();
    for (int dy = 0; dy < std::max(1, viewer.size); ++dy)
        for (int dx = 0; dx < std::max(1, viewer.size); ++dx)
            cellsInSight(m_blockers, {viewer.cell.x + dx, viewer.cell.y + dy}, viewer.radius, m_scratch);
    for (isostar::TileCoord c : m_scratch) {
        const std::size_t i = shape().index(c);
        if (m_visible[i] == as)
            continue;
        if (m_visible[i] == Unseen)
            logChange(c);
        m_visible[i] = as;
        marked.push_back(c);
        if (!m_known[i]) {
            m_known[i] = 1;
            if (!m_blockers.isVoid(c))
                ++m_knownCount;
            m_fresh.push_back(c);
        }
    }
}

std::vector<isostar::path::NavDirty> FogOfWar::writeFresh(const isostar::path::NavGrid& real)
{
    std::vector<isostar::path::NavDirty> out;
    if (m_fresh.empty() || !active())
        return out;
    std::vector<isostar::path::CellChange> changes;
    for (int layer = 0; layer < m_belief.layerCount(); ++layer) {
        if (m_belief.footprintBase(layer) != layer)
            continue;  // it follows its base layer (NavDirty::derived)
        changes.clear();
        for (isostar::TileCoord c : m_fresh)
            changes.push_back({c, real.cost(layer, c)});
        isostar::path::NavDirty d = m_belief.apply(layer, changes);
        if (!d.empty())
            out.push_back(std::move(d));
    }
    m_fresh.clear();
    return out;
}

std::vector<isostar::path::NavDirty> FogOfWar::see(const isostar::path::NavGrid& real, std::span<const Viewer> viewers)
{
    // The new sight is marked beside the old one; what only the old one holds goes out of
    // sight. Only the cells of the two sights are touched.
    m_marked.clear();
    for (const Viewer& v : viewers)
        mark(v, Marking, m_marked);
    for (isostar::TileCoord c : m_visibleCells)
        if (std::uint8_t& v = m_visible[shape().index(c)]; v == Seen) {
            v = Unseen;
            logChange(c);
        }
    for (isostar::TileCoord c : m_marked)
        m_visible[shape().index(c)] = Seen;
    std::swap(m_visibleCells, m_marked);
    return writeFresh(real);
}

std::vector<isostar::path::NavDirty> FogOfWar::look(const isostar::path::NavGrid& real, Viewer viewer)
{
    mark(viewer, Seen, m_visibleCells);
    return writeFresh(real);
}

std::vector<isostar::path::NavDirty> FogOfWar::realChanged(const isostar::path::NavGrid& real,
                                                       std::span<const isostar::path::NavDirty> dirty)
{
    std::vector<isostar::path::NavDirty> out;
    if (!active())
        return out;
    std::vector<isostar::path::CellChange> changes;
    for (const isostar::path::NavDirty& d : dirty) {
        if (!m_belief.validLayer(d.layer) || !real.validLayer(d.layer))
            continue;
        changes.clear();
        for (isostar::TileCoord c : d.cells)
            if (known(c))
                changes.push_back({c, real.cost(d.layer, c)});
        isostar::path::NavDirty b = m_belief.apply(d.layer, changes);
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
