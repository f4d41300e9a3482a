#include "engine/terrain/TerrainField.hpp"

#include "engine/core/Assert.hpp"
#include "engine/terrain/TileTerrain.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isostar::terrain {

namespace {

constexpr double Infinity = std::numeric_limits<double>::infinity();

/// Applies one influence factor. Both the scatter (full build) and the gather (incremental,
/// explain) paths go through here so they round identically.
inline double apply(double cost, InfluenceEffect effect, double factor)
{
    return effect == InfluenceEffect::Multiply ? cost * factor : cost / factor;
}

inline double distance(int dx, int dy)
{
    return std::sqrt(double(dx * dx + dy * dy));
}

} // namespace

std::vector<Diagnostic> TerrainField::build(TerrainGrid grid, TerrainRules rules)
{
    m_grid = std::make_shared<TerrainGrid>(std::move(grid));
    m_ownGrid = true;
    m_rules = std::move(rules);
    m_layer = -1;
    std::vector<Diagnostic> warnings;
    resolveRules(&warnings);
    fullBuild(m_field);
    return warnings;
}

std::vector<Diagnostic> TerrainField::setRules(TerrainRules rules)
{
    ISOSTAR_ASSERT(!bound(), "TerrainField::setRules(rules) on a bound field: pass its NavGrid");
    m_rules = std::move(rules);
    std::vector<Diagnostic> warnings;
    resolveRules(&warnings);
    fullBuild(m_field);
    return warnings;
}

std::vector<Diagnostic> TerrainField::build(TerrainGrid grid, TerrainRules rules, path::NavGrid& nav,
                                            std::string layerName)
{
    m_grid = std::make_shared<TerrainGrid>(std::move(grid));
    m_ownGrid = true;
    return bindNew(std::move(rules), nav, std::move(layerName));
}

std::vector<Diagnostic> TerrainField::build(std::shared_ptr<const TerrainGrid> grid, TerrainRules rules,
                                            path::NavGrid& nav, std::string layerName)
{
    ISOSTAR_ASSERT(grid != nullptr, "TerrainField::build: null grid");
    // Never written through this pointer: writableGrid() copies it first (m_ownGrid false).
    m_grid = std::const_pointer_cast<TerrainGrid>(std::move(grid));
    m_ownGrid = false;
    return bindNew(std::move(rules), nav, std::move(layerName));
}

std::vector<Diagnostic> TerrainField::bindNew(TerrainRules rules, path::NavGrid& nav, std::string layerName)
{
    m_rules = std::move(rules);
    m_layer = -1;
    m_field = {};  // frees the unbound costs: the NavGrid becomes their only holder
    std::vector<Diagnostic> warnings;
    resolveRules(&warnings);
    // The full build needs every cell at once; the temporary field lives only until addLayer
    // has copied it into the padded layer.
    path::CostField costs;
    fullBuild(costs);
    m_layer = nav.addLayer(std::move(layerName), costs, m_rules.movement);
    return warnings;
}

std::vector<Diagnostic> TerrainField::build(TerrainGrid grid, TerrainRules rules, path::NavGrid& nav, int layer,
                                            path::NavDirty* dirty)
{
    m_grid = std::make_shared<TerrainGrid>(std::move(grid));
    m_ownGrid = true;
    return bindExisting(std::move(rules), nav, layer, dirty);
}

std::vector<Diagnostic> TerrainField::bindExisting(TerrainRules rules, path::NavGrid& nav, int layer,
                                                   path::NavDirty* dirty)
{
    m_rules = std::move(rules);
    m_layer = -1;
    m_field = {};
    std::vector<Diagnostic> warnings;
    resolveRules(&warnings);
    path::CostField costs;
    fullBuild(costs);
    path::NavDirty d = nav.replaceLayer(layer, costs, m_rules.movement);
    m_layer = d.layer;
    if (dirty)
        *dirty = std::move(d);
    return warnings;
}

std::vector<Diagnostic> TerrainField::setRules(path::NavGrid& nav, TerrainRules rules, path::NavDirty* dirty)
{
    checkBound(nav);
    return bindExisting(std::move(rules), nav, m_layer, dirty);
}

TerrainGrid& TerrainField::writableGrid()
{
    if (!m_ownGrid || m_grid.use_count() > 1) {
        m_grid = std::make_shared<TerrainGrid>(*m_grid);
        m_ownGrid = true;
    }
    return *m_grid;
}

void TerrainField::checkBound(const path::NavGrid& nav) const
{
    ISOSTAR_ASSERT(bound(), "TerrainField: bound-mode call on an unbound field");
    ISOSTAR_ASSERT(nav.validLayer(m_layer) && nav.width() == m_grid->width && nav.height() == m_grid->height,
                  "TerrainField: the NavGrid passed is not the one the field is bound to");
    (void)nav;
}

namespace {

/// The warning about grid name `t`, which the rules do not know (where the map gave it, if known).
Diagnostic unknownNameWarning(const TerrainGrid& g, TerrainId t)
{
    return {g.source, 0, unknownTerrainText(g.names[t], t < g.origins.size() ? g.origins[t] : std::string()),
            Severity::Warning};
}

} // namespace

void TerrainField::resolveRules(std::vector<Diagnostic>* warnings)
{
    m_ruleOf.clear();
    m_unknown.clear();
    for (std::size_t i = 0; i < m_grid->names.size(); ++i) {
        const TerrainRule* rule = m_rules.find(m_grid->names[i]);
        m_ruleOf.push_back(rule ? int(rule - m_rules.terrains.data()) : -1);
        if (!rule) {
            m_unknown.push_back(m_grid->names[i]);
            if (warnings)
                warnings->push_back(unknownNameWarning(*m_grid, TerrainId(i)));
        }
    }
    const double r = m_rules.maxInfluenceRadius();
    m_window = r < 0.0 ? -1 : int(std::floor(r));
}

Result<TerrainId> TerrainField::terrainId(std::string_view name)
{
    if (m_rules.find(name))
        return addTerrain(name);
    const std::string known = m_rules.terrainNames();
    return Result<TerrainId>::failure(Diagnostic{m_grid->source, 0,
                                                 "unknown terrain \"" + std::string(name) + "\" (the terrain rules know: " +
                                                     (known.empty() ? std::string("none") : known) + ")"});
}

TerrainId TerrainField::addTerrain(std::string_view name, Diagnostic* warning)
{
    const TerrainId known = m_grid->find(name);
    if (known != NoTerrain)
        return known;
    const TerrainId id = writableGrid().intern(name);
    const TerrainRule* rule = m_rules.find(name);
    m_ruleOf.push_back(rule ? int(rule - m_rules.terrains.data()) : -1);
    if (!rule) {
        m_unknown.emplace_back(name);
        if (warning)
            *warning = unknownNameWarning(*m_grid, id);
    }
    return id;
}

int TerrainField::effectiveBegin(std::span<const TerrainId> stack) const
{
    return int(firstUncovered(stack, [this](TerrainId t) {
        const int r = m_ruleOf[t];
        return r >= 0 ? &m_rules.terrains[std::size_t(r)] : nullptr;
    }));
}

double TerrainField::intrinsicAt(int index) const
{
    return cellCost(index).intrinsic;
}

TerrainField::CellCost TerrainField::cellCost(int index) const
{
    const TileCoord c = m_grid->width > 0 ? TileCoord{index % m_grid->width, index / m_grid->width} : TileCoord{};
    const std::span<const TerrainId> stack = m_grid->cell(c);
    const int begin = effectiveBegin(stack);
    double base = 1.0;
    bool haveBase = false;
    double multiplier = 1.0;
    bool passable = !m_grid->isVoid(index);
    bool source = false;
    for (int i = int(stack.size()) - 1; i >= begin; --i) {
        const int r = m_ruleOf[stack[std::size_t(i)]];
        if (r < 0)
            continue;
        const TerrainRule& rule = m_rules.terrains[std::size_t(r)];
        if (!haveBase && rule.baseCost) {
            base = *rule.baseCost;
            haveBase = true;
        }
        passable = passable && rule.passable;
        source = source || rule.influence.has_value();
    }
    // Multipliers bottom to top, the same order explain() lists them in.
    for (int i = begin; i < int(stack.size()); ++i) {
        const int r = m_ruleOf[stack[std::size_t(i)]];
        if (r >= 0)
            multiplier *= m_rules.terrains[std::size_t(r)].multiplier;
    }
    return {passable ? base * multiplier : Infinity, source};
}

bool TerrainField::isSourceAt(int index) const
{
    const TileCoord c = m_grid->width > 0 ? TileCoord{index % m_grid->width, index / m_grid->width} : TileCoord{};
    const std::span<const TerrainId> stack = m_grid->cell(c);
    for (int i = effectiveBegin(stack); i < int(stack.size()); ++i) {
        const int r = m_ruleOf[stack[std::size_t(i)]];
        if (r >= 0 && m_rules.terrains[std::size_t(r)].influence)
            return true;
    }
    return false;
}

float TerrainField::finalCost(double intrinsic, double cost)
{
    // Impassability comes from the terrains only; a product that overflowed to inf is clamped.
    if (intrinsic == Infinity)
        return path::Impassable;
    return float(std::clamp(cost, MinCellCost, MaxCellCost));
}

void TerrainField::fullBuild(path::CostField& out)
{
    const int w = m_grid->width, h = m_grid->height;
    const std::size_t n = std::size_t(m_grid->cellCount());
    out = path::CostField(w, h);
    m_changed.clear();
    // Every cell's intrinsic cost, then the influences scattered onto it; `blocked` remembers
    // which were impassable (influences never touch those).
    std::vector<double> cost(n);
    std::vector<bool> blocked(n), source(n);
    for (std::size_t i = 0; i < n; ++i) {
        const CellCost c = cellCost(int(i));
        cost[i] = c.intrinsic;
        blocked[i] = c.intrinsic == Infinity;
        source[i] = c.source;
    }
    if (m_window >= 0)
        scatterInfluences(cost, blocked, source);
    for (std::size_t i = 0; i < n; ++i)
        out.cost[i] = finalCost(blocked[i] ? Infinity : 1.0, cost[i]);
}

void TerrainField::scatterInfluences(std::vector<double>& cost, const std::vector<bool>& blocked,
                                     const std::vector<bool>& source) const
{
    // Sources in row-major order, a source's terrains bottom to top: gatherCost() visits them in
    // exactly this order.
    const int w = m_grid->width, h = m_grid->height;
    for (int s = 0; s < w * h; ++s) {
        if (!source[std::size_t(s)])
            continue;
        const int sx = s % w, sy = s / w;
        const std::span<const TerrainId> stack = m_grid->cell({sx, sy});
        for (int i = effectiveBegin(stack); i < int(stack.size()); ++i) {
            const int r = m_ruleOf[stack[std::size_t(i)]];
            if (r < 0 || !m_rules.terrains[std::size_t(r)].influence)
                continue;
            const Influence& inf = *m_rules.terrains[std::size_t(r)].influence;
            const int reach = int(std::floor(inf.radius));
            for (int y = std::max(0, sy - reach); y <= std::min(h - 1, sy + reach); ++y)
                for (int x = std::max(0, sx - reach); x <= std::min(w - 1, sx + reach); ++x) {
                    const double d = distance(x - sx, y - sy);
                    const std::size_t t = std::size_t(y * w + x);
                    if (d <= inf.radius && !blocked[t])
                        cost[t] = apply(cost[t], inf.effect, inf.factor(d));
                }
        }
    }
}

double TerrainField::gatherCost(TileCoord c, double intrinsic, CellExplanation* e) const
{
    double v = intrinsic;
    if (v == Infinity || m_window < 0)
        return v;
    const int w = m_grid->width, h = m_grid->height;
    for (int sy = std::max(0, c.y - m_window); sy <= std::min(h - 1, c.y + m_window); ++sy)
        for (int sx = std::max(0, c.x - m_window); sx <= std::min(w - 1, c.x + m_window); ++sx) {
            if (!isSourceAt(sy * w + sx))
                continue;
            const std::span<const TerrainId> stack = m_grid->cell({sx, sy});
            const double d = distance(c.x - sx, c.y - sy);
            for (int i = effectiveBegin(stack); i < int(stack.size()); ++i) {
                const int r = m_ruleOf[stack[std::size_t(i)]];
                if (r < 0 || !m_rules.terrains[std::size_t(r)].influence)
                    continue;
                const TerrainRule& rule = m_rules.terrains[std::size_t(r)];
                const Influence& inf = *rule.influence;
                if (d > inf.radius)
                    continue;
                v = apply(v, inf.effect, inf.factor(d));
                if (e)
                    e->influences.push_back({{sx, sy}, rule.name, d, inf.effect, inf.factor(d)});
            }
        }
    return v;
}

float TerrainField::costAt(TileCoord c) const
{
    const double intrinsic = intrinsicAt(m_grid->index(c));
    return finalCost(intrinsic, gatherCost(c, intrinsic, nullptr));
}

double TerrainField::influenceRadiusOf(TileCoord c) const
{
    double radius = -1.0;
    const std::span<const TerrainId> stack = m_grid->cell(c);
    for (int i = effectiveBegin(stack); i < int(stack.size()); ++i) {
        const int r = m_ruleOf[stack[std::size_t(i)]];
        if (r >= 0 && m_rules.terrains[std::size_t(r)].influence)
            radius = std::max(radius, m_rules.terrains[std::size_t(r)].influence->radius);
    }
    return radius;
}

const std::vector<TileCoord>& TerrainField::setCell(TileCoord c, std::span<const TerrainId> terrains)
{
    ISOSTAR_ASSERT(!bound(), "TerrainField::setCell(c, terrains) on a bound field: pass its NavGrid");
    m_changed.clear();
    if (!m_grid->inBounds(c))
        return m_changed;
    const double oldRadius = influenceRadiusOf(c);
    writableGrid().setCell(c, terrains);
    const double radius = std::max(oldRadius, influenceRadiusOf(c));

    auto recompute = [&](TileCoord t) {
        float& slot = m_field.cost[std::size_t(m_grid->index(t))];
        const float now = costAt(t);
        if (now != slot) {
            slot = now;
            m_changed.push_back(t);
        }
    };
    if (radius < 0.0) {
        recompute(c);
        return m_changed;
    }
    // Only cells within the old or new influence radius of c can see a different set of factors.
    const int reach = int(std::floor(radius));
    for (int y = std::max(0, c.y - reach); y <= std::min(m_grid->height - 1, c.y + reach); ++y)
        for (int x = std::max(0, c.x - reach); x <= std::min(m_grid->width - 1, c.x + reach); ++x)
            if (distance(x - c.x, y - c.y) <= radius)
                recompute({x, y});
    return m_changed;
}

const std::vector<TileCoord>& TerrainField::replaceTerrain(TileCoord c, std::string_view from, std::string_view to)
{
    m_changed.clear();
    const TerrainId fromId = m_grid->find(from);
    if (!m_grid->inBounds(c) || fromId == NoTerrain || !m_rules.find(to))
        return m_changed;
    std::vector<TerrainId> stack(m_grid->cell(c).begin(), m_grid->cell(c).end());
    if (std::find(stack.begin(), stack.end(), fromId) == stack.end())
        return m_changed;
    std::replace(stack.begin(), stack.end(), fromId, terrainId(to).value());
    return setCell(c, stack);
}

void TerrainField::changeCell(TileCoord c, std::span<const TerrainId> terrains, std::vector<TileCoord>& affected)
{
    const double oldRadius = influenceRadiusOf(c);
    writableGrid().setCell(c, terrains);
    const double radius = std::max(oldRadius, influenceRadiusOf(c));
    if (radius < 0.0) {
        affected.push_back(c);
        return;
    }
    // Only cells within the old or new influence radius of c can see a different set of factors.
    const int reach = int(std::floor(radius));
    for (int y = std::max(0, c.y - reach); y <= std::min(m_grid->height - 1, c.y + reach); ++y)
        for (int x = std::max(0, c.x - reach); x <= std::min(m_grid->width - 1, c.x + reach); ++x)
            if (distance(x - c.x, y - c.y) <= radius)
                affected.push_back({x, y});
}

path::NavDirty TerrainField::setCells(path::NavGrid& nav, std::span<const CellTerrains> cells)
{
    checkBound(nav);
    m_affected.clear();
    for (const CellTerrains& ct : cells)
        if (m_grid->inBounds(ct.cell)) {
            if (ct.isVoid && *ct.isVoid != m_grid->isVoid(m_grid->index(ct.cell)))
                writableGrid().setVoid(ct.cell, *ct.isVoid);
            changeCell(ct.cell, ct.terrains, m_affected);
        }
    // Recompute after every cell has its new terrains: gatherCost() then sees the final grid,
    // so each affected cell is computed once and equals a full build.
    std::sort(m_affected.begin(), m_affected.end(),
              [](TileCoord a, TileCoord b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    m_affected.erase(std::unique(m_affected.begin(), m_affected.end()), m_affected.end());
    m_writes.clear();
    for (const TileCoord t : m_affected) {
        const float now = costAt(t);
        if (now != nav.cost(m_layer, t))  // the old cost lives only in the NavGrid
            m_writes.push_back({t, now});
    }
    return nav.apply(m_layer, m_writes);
}

path::NavDirty TerrainField::setCell(path::NavGrid& nav, TileCoord c, std::span<const TerrainId> terrains)
{
    const CellTerrains one{c, std::vector<TerrainId>(terrains.begin(), terrains.end()), std::nullopt};
    return setCells(nav, std::span<const CellTerrains>(&one, 1));
}

path::NavDirty TerrainField::replaceTerrain(path::NavGrid& nav, TileCoord c, std::string_view from,
                                            std::string_view to)
{
    checkBound(nav);
    const TerrainId fromId = m_grid->find(from);
    if (!m_grid->inBounds(c) || fromId == NoTerrain || !m_rules.find(to))
        return nav.apply(m_layer, {});
    std::vector<TerrainId> stack(m_grid->cell(c).begin(), m_grid->cell(c).end());
    if (std::find(stack.begin(), stack.end(), fromId) == stack.end())
        return nav.apply(m_layer, {});
    std::replace(stack.begin(), stack.end(), fromId, terrainId(to).value());
    return setCell(nav, c, stack);
}

CellExplanation TerrainField::explain(TileCoord c) const
{
    ISOSTAR_ASSERT(m_grid->inBounds(c), "TerrainField::explain out of bounds");
    CellExplanation e;
    e.cell = c;
    const std::span<const TerrainId> stack = m_grid->cell(c);
    const int begin = effectiveBegin(stack);
    e.coveredCount = begin;
    if (m_grid->isVoid(m_grid->index(c)))
        e.passable = false, e.blockedBy = "void: not on the map";
    for (TerrainId t : stack) {
        e.terrains.push_back(m_grid->names[t]);
        if (m_ruleOf[t] < 0 && std::find(e.unknown.begin(), e.unknown.end(), m_grid->names[t]) == e.unknown.end()) {
            e.unknown.push_back(m_grid->names[t]);
            e.unknownFrom.push_back(t < m_grid->origins.size() ? m_grid->origins[t] : std::string());
        }
    }
    for (int i = int(stack.size()) - 1; i >= begin; --i) {
        const int r = m_ruleOf[stack[std::size_t(i)]];
        if (r < 0)
            continue;
        const TerrainRule& rule = m_rules.terrains[std::size_t(r)];
        if (e.baseFrom.empty() && rule.baseCost) {
            e.baseFrom = rule.name;
            e.baseCost = *rule.baseCost;
        }
    }
    for (int i = begin; i < int(stack.size()); ++i) {
        const int r = m_ruleOf[stack[std::size_t(i)]];
        if (r < 0)
            continue;
        const TerrainRule& rule = m_rules.terrains[std::size_t(r)];
        if (rule.multiplier != 1.0)
            e.multipliers.emplace_back(rule.name, rule.multiplier);
        if (!rule.passable && e.passable) {
            e.passable = false;
            e.blockedBy = rule.name;
        }
    }
    const double intrinsic = intrinsicAt(m_grid->index(c));
    e.unclamped = gatherCost(c, intrinsic, &e);
    // Bound: no cost copy here; gatherCost() is bit-identical to what the build stored.
    e.cost = bound() ? finalCost(intrinsic, e.unclamped) : m_field.at(c);
    e.clamped = e.passable && (e.unclamped < MinCellCost || e.unclamped > MaxCellCost);
    return e;
}

} // namespace isostar::terrain
