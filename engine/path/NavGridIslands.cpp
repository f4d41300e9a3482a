/// \file NavGridIslands.cpp
/// NavGrid's islands: the flood of a whole layer, apply()'s update of the cells whose
/// passability changed, and a change of the neighbourhood (setTopology), which floods them again.
#include "engine/path/NavGrid.hpp"

#include <algorithm>

namespace isostar::path {

void NavGrid::setTopology(const GridTopology& topology)
{
    if (topology == m_topology)
        return;
    m_topology = topology;
    m_hex = detail::HexSteps(m_topology, stride());
    ++m_version;
    for (Layer& l : m_layers) {
        computeIslands(l);
        computeHeuristicScale(l);
        markLandmarksUnsafe(l);  // its distances were those of the other neighbourhood
        l.version = m_version;
    }
}

void NavGrid::computeIslands(Layer& layer)
{
    // Connectivity under the move rules. With NoCornerCutting or AtMostOneObstacle every
    // allowed diagonal passes a passable orthogonal side cell that is adjacent to both ends,
    // so islands are exactly the 4-connected components; only Always adds diagonal links.
    // Hex grids: the six edge neighbours (linksOf).
    // Always a fresh array: the old one may be shared with another layer or a landmark build.
    auto fresh = std::make_shared<std::vector<std::int32_t>>(layer.cost.size(), -1);
    std::vector<std::int32_t>& island = *fresh;
    const std::vector<float>& cost = layer.cost;
    layer.islandCount = 0;
    m_stack.clear();
    const std::uint32_t n = std::uint32_t(cost.size());
    for (std::uint32_t seed = 0; seed < n; ++seed) {
        if (island[seed] >= 0 || !(cost[seed] < Impassable))
            continue;
        const std::int32_t id = layer.islandCount++;
        island[seed] = id;
        m_stack.push_back(seed);
        while (!m_stack.empty()) {
            const std::uint32_t cur = m_stack.back();
            m_stack.pop_back();
            int dirs = 0;
            const int* links = linksOf(layer, cur, dirs);
            for (int k = 0; k < dirs; ++k) {
                // The padding ring is Impassable, so cur + offset never leaves the array.
                const std::uint32_t nb = std::uint32_t(std::int64_t(cur) + links[k]);
                if (island[nb] < 0 && cost[nb] < Impassable) {
                    island[nb] = id;
                    m_stack.push_back(nb);
                }
            }
        }
    }
    if (m_stack.capacity() > (std::size_t(1) << 16))
        m_stack = {};  // a big grid's flood fill: no need to hold megabytes between recomputes
    adoptIslands(layer, std::move(fresh));
}

void NavGrid::adoptIslands(Layer& layer, std::shared_ptr<std::vector<std::int32_t>> fresh)
{
    // Profiles that differ only in costs have the same islands: one array for all of them.
    for (const Layer& other : m_layers)
        if (&other != &layer && other.island && other.islandCount == layer.islandCount && *other.island == *fresh) {
            layer.island = other.island;
            return;
        }
    layer.island = std::move(fresh);
}

bool NavGrid::updateIslands(Layer& layer)
{
    // A copy: the old array may be shared with another layer or read by a landmark build.
    auto fresh = std::make_shared<std::vector<std::int32_t>>(*layer.island);
    int count = layer.islandCount;
    if (!closeCells(layer, *fresh) || !closedIslandsHold(layer, *fresh) || !openCells(layer, *fresh, count))
        return false;
    if (m_islandSeen.capacity() > (std::size_t(1) << 16))
        m_islandSeen = {};
    layer.islandCount = count;
    adoptIslands(layer, std::move(fresh));
    return true;
}

bool NavGrid::touchedFirst(std::size_t i) const
{
    return i == 0 || m_touched[i].first != m_touched[i - 1].first;
}

bool NavGrid::closeCells(const Layer& layer, std::vector<std::int32_t>& island)
{
    m_islandTargets.clear();
    for (std::size_t i = 0; i < m_touched.size(); ++i) {
        const auto [node, old] = m_touched[i];
        if (!touchedFirst(i) || !(old < Impassable) || layer.cost[node] < Impassable)
            continue;
        m_islandTargets.emplace_back(island[node], node);  // the island it left
        island[node] = -1;
    }
    const auto closed = std::ptrdiff_t(m_islandTargets.size());
    for (std::ptrdiff_t i = 0; i < closed; ++i) {
        const auto [id, node] = m_islandTargets[std::size_t(i)];
        int dirs = 0;
        const int* links = linksOf(layer, node, dirs);
        for (int k = 0; k < dirs; ++k) {
            const std::uint32_t nb = std::uint32_t(std::int64_t(node) + links[k]);
            if (island[nb] == id)
                m_islandTargets.emplace_back(id, nb);
        }
    }
    // Every island that lost a cell keeps an open cell beside one, else it may be gone (and the
    // ids would not stay dense).
    const auto open = m_islandTargets.begin() + closed;
    for (std::ptrdiff_t i = 0; i < closed; ++i) {
        const std::int32_t id = m_islandTargets[std::size_t(i)].first;
        if (std::none_of(open, m_islandTargets.end(), [&](const auto& t) { return t.first == id; }))
            return false;
    }
    m_islandTargets.erase(m_islandTargets.begin(), open);
    std::sort(m_islandTargets.begin(), m_islandTargets.end());
    m_islandTargets.erase(std::unique(m_islandTargets.begin(), m_islandTargets.end()), m_islandTargets.end());
    return true;
}

bool NavGrid::closedIslandsHold(const Layer& layer, std::vector<std::int32_t>& island)
{
    // Per island: a breadth-first search from its first target over its open cells reaches all
    // of them (the targets are near each other). Visited cells are marked -2 - id and restored.
    // Past a share of the map the whole flood is the cheaper way.
    const std::size_t budget = std::max<std::size_t>(4096, layer.cost.size() / 8);
    std::size_t visits = 0;
    for (auto begin = m_islandTargets.begin(); begin != m_islandTargets.end();) {
        const std::int32_t id = begin->first;
        const auto end = std::find_if(begin, m_islandTargets.end(), [&](const auto& t) { return t.first != id; });
        const std::int32_t mark = -2 - id;
        m_islandSeen.assign(1, begin->second);
        island[begin->second] = mark;
        std::ptrdiff_t reached = 1;
        for (std::size_t head = 0; reached < end - begin && head < m_islandSeen.size(); ++head) {
            if (++visits > budget)
                return false;
            const std::uint32_t cur = m_islandSeen[head];
            int dirs = 0;
            const int* links = linksOf(layer, cur, dirs);
            for (int k = 0; k < dirs; ++k) {
                const std::uint32_t nb = std::uint32_t(std::int64_t(cur) + links[k]);
                if (island[nb] != id)
                    continue;
                island[nb] = mark;
                m_islandSeen.push_back(nb);
                reached += std::binary_search(begin, end, std::pair{id, nb}) ? 1 : 0;
            }
        }
        if (reached < end - begin)
            return false;  // the island split
        for (const std::uint32_t n : m_islandSeen)
            island[n] = id;
        begin = end;
    }
    return true;
}

bool NavGrid::openCells(const Layer& layer, std::vector<std::int32_t>& island, int& count) const
{
    // An opened cell joins the one island around it, or starts one; two islands around: a merge.
    for (std::size_t i = 0; i < m_touched.size(); ++i) {
        const auto [node, old] = m_touched[i];
        if (!touchedFirst(i) || old < Impassable || !(layer.cost[node] < Impassable))
            continue;
        std::int32_t joined = -1;
        int dirs = 0;
        const int* links = linksOf(layer, node, dirs);
        for (int k = 0; k < dirs; ++k) {
            const std::int32_t nb = island[std::uint32_t(std::int64_t(node) + links[k])];
            if (nb < 0)
                continue;  // closed, or opened and not labelled yet (it will see this one)
            if (joined >= 0 && nb != joined)
                return false;
            joined = nb;
        }
        island[node] = joined >= 0 ? joined : count++;
    }
    return true;
}

} // namespace isostar::path
