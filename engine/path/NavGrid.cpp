/// \file NavGrid.cpp
/// NavGrid: padded cost layers, incremental edits, islands, cheapest/dearest cost and the
/// heuristic's scale.
#include "engine/path/NavGrid.hpp"

#include "engine/path/detail/Directions.hpp"
#include "engine/path/landmarks/LandmarkJob.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isostar::path {

using detail::kDx;
using detail::kDy;

namespace {

/// The costs a grid accepts: finite and > 0, or Impassable.
bool validCost(float c)
{
    return isPassableCost(c) || c == Impassable;
}

bool allValid(const CostField& field)
{
    return std::all_of(field.cost.begin(), field.cost.end(), validCost);
}

} // namespace

bool NavGrid::reset(int width, int height, const GridTopology& topology)
{
    m_layers.clear();
    m_width = m_height = 0;
    m_topology = topology;
    ++m_version;
    if (width <= 0 || height <= 0)
        return false;
    // Padded node indices are 32-bit and heap entries hold padded x and y in 16 bits each.
    const long long padded = (long long)(width + 2) * (long long)(height + 2);
    if (padded >= (long long)std::numeric_limits<std::int32_t>::max() || width + 2 > 0xFFFF ||
        height + 2 > 0xFFFF)
        return false;
    m_width = width;
    m_height = height;
    for (int k = 0; k < 8; ++k)
        m_offsets[k] = kDy[k] * stride() + kDx[k];
    m_hex = detail::HexSteps(m_topology, stride());
    return true;
}

bool NavGrid::sameSize(const CostField& field) const
{
    return m_width > 0 && field.width == m_width && field.height == m_height &&
           field.cost.size() == std::size_t(m_width) * std::size_t(m_height);
}

int NavGrid::addLayer(std::string name, const CostField& field, const MoveRules& rules)
{
    if (!sameSize(field) || !isValid(rules) || !allValid(field))
        return -1;
    Layer layer;
    layer.name = std::move(name);
    layer.rules = rules;
    layer.cost.assign(paddedSize(), Impassable);
    copyCosts(layer, field);
    computeIslands(layer);
    computeMinCost(layer);
    computeHeuristicScale(layer);
    layer.version = m_version;
    if (landmarksEnabled() && m_landmarkBuild == LandmarkBuild::Eager)
        buildLandmarksNow(layer);
    m_layers.push_back(std::move(layer));
    return layerCount() - 1;
}

int NavGrid::findLayer(std::string_view name) const
{
    for (std::size_t i = 0; i < m_layers.size(); ++i)
        if (m_layers[i].name == name)
            return int(i);
    return -1;
}

bool NavGrid::changeRules(int layer, const MoveRules& rules)
{
    if (!validLayer(layer) || !isValid(rules))
        return false;
    Layer& l = m_layers[std::size_t(layer)];
    if (l.rules == rules)
        return true;
    const bool islandsChange = (rules.diagonal == DiagonalMode::Always) != (l.rules.diagonal == DiagonalMode::Always);
    if (rules.diagonal != l.rules.diagonal || rules.diagonalFactor != l.rules.diagonalFactor)
        markLandmarksUnsafe(l);  // other step weights: the table may overestimate
    l.rules = rules;
    if (islandsChange)
        computeIslands(l);
    computeHeuristicScale(l);
    l.version = ++m_version;
    return true;
}

float NavGrid::cost(int layer, TileCoord c) const
{
    if (!validLayer(layer) || !inBounds(c))
        return Impassable;
    return m_layers[std::size_t(layer)].cost[toNode(c)];
}

int NavGrid::islandOf(int layer, TileCoord c) const
{
    if (!validLayer(layer) || !inBounds(c))
        return -1;
    return (*m_layers[std::size_t(layer)].island)[toNode(c)];
}

bool NavGrid::reachable(int layer, TileCoord a, TileCoord b) const
{
    const int ia = islandOf(layer, a);
    return ia >= 0 && ia == islandOf(layer, b);
}

NavDirty NavGrid::applyChanges(int layer, std::span<const CellChange> changes)
{
    NavDirty dirty;
    if (!validLayer(layer))
        return dirty;
    for (const CellChange& ch : changes)
        if (inBounds(ch.cell) && !validCost(ch.cost))
            return dirty;
    Layer& l = m_layers[std::size_t(layer)];
    m_touched.clear();
    bool passabilityChanged = false;
    bool rescan = false;
    bool lowered = false;
    for (const CellChange& ch : changes) {
        if (!inBounds(ch.cell))
            continue;
        const std::uint32_t node = toNode(ch.cell);
        float& mine = l.cost[node];
        const float next = ch.cost;
        if (next == mine)
            continue;
        m_touched.emplace_back(node, mine);
        const bool was = mine < Impassable;
        const bool now = next < Impassable;
        passabilityChanged |= was != now;
        lowered |= next < mine;  // Impassable is +inf: opening a cell lowers it too
        // The cheapest cell scales the heuristic (and cheapest == dearest makes the field
        // uniform): a rescan is only needed when a cell that was an extreme changed.
        if (was && (double(mine) <= l.minCost || double(mine) >= l.maxCost))
            rescan = true;
        if (now && (l.minCost == 0.0 || double(next) < l.minCost))
            l.minCost = next;
        if (now && double(next) > l.maxCost)
            l.maxCost = next;
        mine = next;
    }
    dirty.layer = layer;
    // A cell listed twice: its first old value decides whether it really changed.
    std::stable_sort(m_touched.begin(), m_touched.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < m_touched.size(); ++i) {
        if (i > 0 && m_touched[i].first == m_touched[i - 1].first)
            continue;
        if (l.cost[m_touched[i].first] != m_touched[i].second)
            dirty.cells.push_back(toCoord(m_touched[i].first));
    }
    if (passabilityChanged) {
        if (!updateIslands(l))
            computeIslands(l);
        dirty.islandsChanged = true;
    }
    if (rescan)
        computeMinCost(l);
    computeHeuristicScale(l);
    // Raised costs keep every landmark bound a lower bound (and consistent); lowered ones may not.
    if (lowered)
        markLandmarksUnsafe(l);
    if (!dirty.cells.empty() || passabilityChanged)
        l.version = ++m_version;
    dirty.version = m_version;
    return dirty;
}

NavDirty NavGrid::replaceCosts(int layer, const CostField& field, const MoveRules& rules)
{
    NavDirty dirty;
    if (!validLayer(layer) || !sameSize(field) || !isValid(rules) || !allValid(field))
        return dirty;
    Layer& l = m_layers[std::size_t(layer)];
    dirty.layer = layer;
    dirty.rulesChanged = !(l.rules == rules);
    bool lowered = false;
    for (int y = 0; y < m_height; ++y)
        for (int x = 0; x < m_width; ++x) {
            const float next = field.cost[std::size_t(y) * std::size_t(m_width) + std::size_t(x)];
            const float old = l.cost[toNode({x, y})];
            if (next != old) {
                dirty.cells.push_back({x, y});
                dirty.islandsChanged |= (old < Impassable) != (next < Impassable);
                lowered |= next < old;
            }
        }
    if (lowered || rules.diagonal != l.rules.diagonal || rules.diagonalFactor != l.rules.diagonalFactor)
        markLandmarksUnsafe(l);
    // Islands depend on passability and the diagonal mode only; costs and their extremes on the
    // cells: what did not change is kept (a reload of an unchanged file costs the comparison).
    const bool connectivity = dirty.islandsChanged || rules.diagonal != l.rules.diagonal;
    l.rules = rules;
    if (!dirty.cells.empty()) {
        copyCosts(l, field);
        computeMinCost(l);
    }
    if (connectivity)
        computeIslands(l);
    computeHeuristicScale(l);
    if (!dirty.empty())
        l.version = ++m_version;
    dirty.version = m_version;
    return dirty;
}

CostField NavGrid::costField(int layer) const
{
    if (!validLayer(layer))
        return {};
    CostField field(m_width, m_height);
    const Layer& l = m_layers[std::size_t(layer)];
    for (int y = 0; y < m_height; ++y)
        for (int x = 0; x < m_width; ++x)
            field.at({x, y}) = l.cost[toNode({x, y})];
    return field;
}

void NavGrid::copyCosts(Layer& layer, const CostField& field) const
{
    for (int y = 0; y < m_height; ++y)
        for (int x = 0; x < m_width; ++x)
            layer.cost[toNode({x, y})] = field.cost[std::size_t(y) * std::size_t(m_width) + std::size_t(x)];
}

void NavGrid::computeMinCost(Layer& layer)
{
    float best = Impassable;
    float dearest = 0.0f;
    for (const float c : layer.cost) {
        best = std::min(best, c);
        if (c < Impassable)
            dearest = std::max(dearest, c);
    }
    layer.minCost = best < Impassable ? double(best) : 0.0;
    layer.maxCost = double(dearest);
}

void NavGrid::computeHeuristicScale(Layer& layer) const
{
    if (m_topology.hex) {
        // Hex: every step costs at least minCost and a path needs at least hexDistance steps;
        // the loops use the hex distance whatever the layer's heuristic names (Zero: none).
        layer.octileDiag = 1.0;
        layer.hScale = layer.rules.heuristic == Heuristic::Zero ? 0.0 : layer.minCost * layer.rules.weight;
        return;
    }
    // The scaled heuristic must be a norm N with N(step) <= cost(step) for every allowed step
    // (then it is admissible AND consistent, so closed cells are final). Every step costs at
    // least minCost x (1 orthogonal, diagonalFactor diagonal). Lower bounds per unit of the
    // two extreme directions of an octant, (1,0) and (1,1):
    //   4-connected: 1 and 2.   8-connected: min(1, df) and min(df, 2)
    // (with df < 1 two diagonals beat one orthogonal step). Each raw heuristic is linear or
    // convex within an octant, so the largest admissible factor is the smaller of the two
    // endpoint ratios.
    const MoveRules& rules = layer.rules;
    const double df = rules.diagonalFactor;
    const bool diag = rules.diagonal != DiagonalMode::Never;
    const double lo = diag ? std::min(1.0, df) : 1.0;
    const double ld = diag ? std::min(df, 2.0) : 2.0;
    layer.octileDiag = std::clamp(df, 1.0, 2.0);
    double factor = 0.0;
    switch (rules.heuristic) {
    case Heuristic::Octile: factor = std::min(lo, ld / layer.octileDiag); break;
    case Heuristic::Euclidean: factor = std::min(lo, ld / std::sqrt(2.0)); break;
    case Heuristic::Manhattan: factor = std::min(lo, ld / 2.0); break;
    case Heuristic::Chebyshev: factor = std::min(lo, ld); break;
    case Heuristic::Zero: factor = 0.0; break;
    }
    layer.hScale = layer.minCost * factor * rules.weight;
}

// ---------------------------------------------------------------------------------------------
// Landmarks

void NavGrid::setLandmarks(const LandmarkSettings& settings)
{
    LandmarkSettings s = settings;
    s.count = std::clamp(s.count, 1, LandmarkSettings::kMaxCount);
    if (s == m_landmarkSettings)
        return;
    const bool countChanged = s.count != m_landmarkSettings.count;
    m_landmarkSettings = s;
    for (Layer& l : m_layers) {
        if (!landmarksEnabled()) {
            l.landmarks = LandmarkSlot{};  // stops and joins a running rebuild
        } else if (!l.landmarks.table || countChanged) {
            l.landmarks.job.reset();
            if (m_landmarkBuild == LandmarkBuild::Eager)
                buildLandmarksNow(l);
            else
                markLandmarksUnsafe(l);  // rebuilt when a query wants it
        }
    }
}

void NavGrid::setLandmarkBuild(LandmarkBuild build)
{
    m_landmarkBuild = build;
    if (build == LandmarkBuild::Eager)
        for (Layer& l : m_layers)
            if (landmarksEnabled() && !landmarksUsable(l)) {
                l.landmarks.job.reset();
                buildLandmarksNow(l);
            }
}

bool NavGrid::landmarksBuilding() const
{
    for (const Layer& l : m_layers)
        if (l.landmarks.job)
            return true;
    return false;
}

bool NavGrid::landmarksUsable(const Layer& l) const
{
    return l.landmarks.safe && l.landmarks.table && !l.landmarks.table->empty() &&
           l.landmarks.table->builtFor(l.rules, m_topology) && l.landmarks.table->stride == stride();
}

std::shared_ptr<const LandmarkTable> NavGrid::landmarks(int layer) const
{
    if (!validLayer(layer) || !landmarksEnabled())
        return nullptr;
    const Layer& l = m_layers[std::size_t(layer)];
    if (m_tableLimit > 0)
        l.landmarks.askedAt.store(m_polls, std::memory_order_relaxed);
    if (!landmarksUsable(l)) {
        if (!l.landmarks.isWanted())
            l.landmarks.wanted.store(true, std::memory_order_relaxed);
        // A footprint layer's queries use its base's table until its own lands: an admissible
        // and consistent bound, as no footprint cost is below its anchor cell's (and a step of
        // the footprint layer is a step of the base), so base distances never exceed its own.
        if (l.footprintBase >= 0 && landmarksUsable(m_layers[std::size_t(l.footprintBase)]))
            return m_layers[std::size_t(l.footprintBase)].landmarks.table;
        return nullptr;
    }
    return l.landmarks.table;
}

bool NavGrid::landmarksPending(int layer) const
{
    return validLayer(layer) && landmarksEnabled() && !landmarksUsable(m_layers[std::size_t(layer)]);
}

void NavGrid::buildLandmarksNow(Layer& layer)
{
    auto table = std::make_shared<LandmarkTable>(buildLandmarkTable(
        m_width, m_height, layer.cost, *layer.island, layer.islandCount, layer.rules, m_landmarkSettings.count, {},
        m_topology));
    layer.landmarks.table = std::move(table);
    layer.landmarks.safe = true;
}

void NavGrid::markLandmarksUnsafe(Layer& layer)
{
    LandmarkSlot& slot = layer.landmarks;
    ++slot.epoch;
    slot.safe = false;
    // A rebuild from an older snapshot is now useless: let it stop early (pollLandmarks drops it).
    if (slot.job)
        slot.job->thread.request_stop();
}

void NavGrid::startLandmarkJob(Layer& layer)
{
    auto job = std::make_unique<LandmarkJob>();
    job->epoch = layer.landmarks.epoch;
    LandmarkJob* const j = job.get();
    // The thread gets a copy of the costs (the snapshot) and shares the islands, which are never
    // written in place (computeIslands makes a new array), never a reference into the grid.
    job->thread = std::jthread([j, w = m_width, h = m_height, costs = layer.cost, islands = layer.island,
                                count = layer.islandCount, rules = layer.rules,
                                k = m_landmarkSettings.count, topology = m_topology](std::stop_token stop) {
        j->result = std::make_shared<LandmarkTable>(
            buildLandmarkTable(w, h, costs, *islands, count, rules, k, stop, topology));
        j->done.store(true, std::memory_order_release);
    });
    layer.landmarks.job = std::move(job);
}

bool NavGrid::installLandmarkJob(Layer& layer)
{
    LandmarkSlot& slot = layer.landmarks;
    slot.job->thread.join();
    const bool valid = slot.job->epoch == slot.epoch && slot.job->result && !slot.job->result->empty();
    if (valid) {
        slot.table = std::move(slot.job->result);
        slot.safe = true;
    }
    slot.job.reset();
    return valid;
}

bool NavGrid::pollLandmarks()
{
    if (!landmarksEnabled())
        return false;
    ++m_polls;
    bool installed = false;
    for (Layer& l : m_layers)
        if (l.landmarks.job && l.landmarks.job->done.load(std::memory_order_acquire)) {
            installed |= installLandmarkJob(l);
            l.landmarks.askedAt.store(m_polls, std::memory_order_relaxed);
        }
    // On demand, one build at a time: the first table lands sooner and the memory of only one
    // build's snapshot and work arrays is held at once.
    bool running = m_landmarkBuild == LandmarkBuild::OnDemand && landmarksBuilding();
    if (m_landmarkBuild == LandmarkBuild::OnDemand && m_tableLimit > 0) {
        if (!running)
            startLimitedBuild();
        return installed;
    }
    for (Layer& l : m_layers) {
        LandmarkSlot& slot = l.landmarks;
        if (slot.safe || slot.job || running)
            continue;
        if (m_landmarkBuild == LandmarkBuild::Eager) {
            startLandmarkJob(l);
        } else if (slot.isWanted()) {
            startLandmarkJob(l);
            running = true;
        }
    }
    return installed;
}

void NavGrid::waitLandmarks()
{
    if (!landmarksEnabled())
        return;
    for (Layer& l : m_layers) {
        if (l.landmarks.job)
            installLandmarkJob(l);
        if (!l.landmarks.safe || !l.landmarks.table || !l.landmarks.table->builtFor(l.rules, m_topology))
            buildLandmarksNow(l);
    }
}

} // namespace isostar::path
