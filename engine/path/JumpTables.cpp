/// \file JumpTables.cpp
/// JumpTables: per layer one jump table (JPS's JumpPointGrid is a WeightedJumpGrid) built in
/// the background, then patched with the edits it missed and kept up to date by invalidate().
#include "engine/path/JumpTables.hpp"

namespace isostar::path {

JumpTables::JumpTables(const NavGrid& grid)
    : m_grid(grid)
{
}

JumpTables::~JumpTables() = default;

JumpTables::Layer& JumpTables::layer(int index)
{
    if (std::size_t(index) >= m_layers.size())
        m_layers.resize(std::size_t(index) + 1);
    return m_layers[std::size_t(index)];
}

SearchAlgorithm JumpTables::choose(int index, bool overlay)
{
    if (overlay || !m_grid.validLayer(index))
        return SearchAlgorithm::AStar;
    const SearchAlgorithm a = resolveAlgorithm(SearchAlgorithm::Auto, m_grid, index);
    if ((a == SearchAlgorithm::Jps || a == SearchAlgorithm::Jpsw) && !prepare(a, index))
        return SearchAlgorithm::AStar;
    return a;
}

bool JumpTables::prepare(SearchAlgorithm algorithm, int index)
{
    if (ready(algorithm, index))
        return true;
    if (m_grid.validLayer(index) && !layer(index).build)
        startBuild(index);
    return false;
}

bool JumpTables::ready(SearchAlgorithm algorithm, int index) const
{
    if (index < 0 || std::size_t(index) >= m_layers.size())
        return false;
    const Layer& l = m_layers[std::size_t(index)];
    // JPS runs on the same table as jpsw (JumpPointGrid is a WeightedJumpGrid).
    if (algorithm == SearchAlgorithm::Jps || algorithm == SearchAlgorithm::Jpsw)
        return l.weighted && l.weighted->matches(m_grid, index);
    return false;
}

void JumpTables::startBuild(int index)
{
    // The thread reads only its own copy of the costs: the grid may be edited meanwhile (the
    // edits are collected by invalidate() and patched in when the table is installed).
    Layer& l = layer(index);
    l.weighted.reset();
    auto b = std::make_unique<Build>();
    const float* costs = m_grid.paddedCosts(index);
    b->costs.assign(costs, costs + m_grid.paddedSize());
    Build* raw = b.get();
    const int pw = m_grid.stride(), ph = m_grid.height() + 2;
    const double diag = m_grid.rules(index).diagonalFactor;
    const std::uint64_t version = m_grid.layerVersion(index);
    raw->thread = std::jthread([raw, pw, ph, diag, index, version] {
        raw->table.buildFrom(raw->costs, pw, ph, diag, index, version);
        raw->done.store(true, std::memory_order_release);
    });
    l.build = std::move(b);
}

void JumpTables::poll()
{
    for (std::size_t i = 0; i < m_layers.size(); ++i) {
        Layer& l = m_layers[i];
        if (!l.build || !l.build->done.load(std::memory_order_acquire))
            continue;
        l.build->thread.join();
        std::unique_ptr<Build> b = std::move(l.build);
        if (b->obsolete)
            continue;
        b->costs = {};
        auto table = std::make_unique<WeightedJumpGrid>(std::move(b->table));
        NavDirty missed;
        missed.layer = int(i);
        missed.cells = std::move(b->dirty);
        // update() recomputes the 3x3 of each cell from the grid's costs now and takes the
        // layer's version: the table then equals one built from the grid as it is.
        if (missed.cells.empty() || table->update(m_grid, missed))
            l.weighted = std::move(table);
    }
}

bool JumpTables::building() const
{
    for (const Layer& l : m_layers)
        if (l.build)
            return true;
    return false;
}

void JumpTables::invalidate(const NavDirty& dirty)
{
    for (const NavDirty& footprint : dirty.derived)
        invalidate(footprint);
    if (dirty.layer < 0 || std::size_t(dirty.layer) >= m_layers.size() || dirty.empty())
        return;
    Layer& l = m_layers[std::size_t(dirty.layer)];
    if (l.build) {
        if (dirty.rulesChanged)
            l.build->obsolete = true;
        else
            l.build->dirty.insert(l.build->dirty.end(), dirty.cells.begin(), dirty.cells.end());
    }
    if (l.weighted && (dirty.rulesChanged || !l.weighted->update(m_grid, dirty)))
        l.weighted.reset();  // built again when a search wants it
}

PathStatus JumpTables::findPath(SearchAlgorithm algorithm, int index, TileCoord start, TileCoord goal, bool partial,
                                PathResult& out)
{
    const Layer& l = layer(index);
    if (algorithm == SearchAlgorithm::Jps) {
        if (!m_jps)
            m_jps = std::make_unique<JumpPointSearch>();
        m_jps->setPartialPaths(partial);
        return m_jps->findPath(m_grid, index, *l.weighted, start, goal, out);
    }
    if (!m_jpsw)
        m_jpsw = std::make_unique<WeightedJumpSearch>();
    m_jpsw->setPartialPaths(partial);
    return m_jpsw->findPath(m_grid, index, *l.weighted, start, goal, out);
}

void JumpTables::releaseScratch()
{
    m_jps.reset();
    m_jpsw.reset();
}

} // namespace isostar::path
