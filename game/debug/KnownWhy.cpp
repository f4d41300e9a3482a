/// \file KnownWhy.cpp
/// "Why this path" on what the party knows: per step, the real explanation on a known cell, the
/// belief grid's cost under UnknownTerrain on an unknown one.
#include "game/debug/KnownWhy.hpp"

#include "game/rules/Footprint.hpp"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

namespace game::debug {

namespace {

/// The cell of the footprint of `size` at `corner` that prices a step into it: its dearest
/// cell on `plan`'s `layer` (the first, row by row, among equals); the corner itself at size 1.
isostar::TileCoord dearestCell(const isostar::path::NavGrid& plan, int layer, isostar::TileCoord corner, int size)
{
    isostar::TileCoord best = corner;
    float cost = -1.0f;
    Footprint{corner, size}.forEachCell([&](isostar::TileCoord c) {
        const float here = plan.validLayer(layer) ? plan.cost(layer, c) : isostar::path::Impassable;
        if (here > cost) {
            cost = here;
            best = c;
        }
    });
    return best;
}

/// The steps of `path` (start .. end) as the party knows them, into `out` (its totals, steps,
/// terrains and sources; not its straight line): a step into a known cell is the real one (the
/// belief grid holds the real cost there), a step into an unknown cell costs what `plan` says,
/// under UnknownTerrain, with no influence. `fog` null: every cell is known. A unit of `size`
/// > 1 (`path` its footprint's corners): a step is explained as the same step into the dearest
/// cell of the footprint after it (dearestCell), which is what it costs.
void explainKnownSteps(const isostar::terrain::TerrainField& field, std::span<const isostar::TileCoord> path,
                       const isostar::path::MoveRules& rules, const FogOfWar* fog, const isostar::path::NavGrid& plan,
                       int layer, int size, isostar::terrain::PathWhy& out)
{
    std::vector<std::pair<std::string, isostar::TileCoord>> entered;  // (terrain, cell): cells counted once
    for (std::size_t k = 1; k < path.size(); ++k) {
        const isostar::TileCoord b = dearestCell(plan, layer, path[k], size);
        const isostar::TileCoord a{b.x - (path[k].x - path[k - 1].x), b.y - (path[k].y - path[k - 1].y)};
        const bool diagonal = a.x != b.x && a.y != b.y && !plan.hex(); // hex: every step an edge neighbour
        isostar::terrain::WhyStep step;
        if (!fog || fog->known(b)) {
            const isostar::TileCoord pair[2] = {a, b};
            const isostar::terrain::PathWhy one = isostar::terrain::explainPath(field, pair, rules, plan.topology());
            out.skippedSteps += one.skippedSteps;
            if (one.stepList.empty())
                continue;
            step = one.stepList.front();
            out.clampedSteps += one.clampedSteps;
            out.clampResidue += one.clampResidue;
            for (const isostar::terrain::WhySource& src : one.bySource) {
                auto it = std::find_if(out.bySource.begin(), out.bySource.end(), [&](const isostar::terrain::WhySource& o) {
                    return o.source == src.source && o.terrain == src.terrain;
                });
                if (it == out.bySource.end()) {
                    out.bySource.push_back(src);
                } else {
                    it->cells += src.cells;
                    it->delta += src.delta;
                }
            }
        } else {
            const float c = plan.validLayer(layer) ? plan.cost(layer, b) : isostar::path::Impassable;
            if (!isostar::path::isPassableCost(c)) {
                ++out.skippedSteps;
                continue;
            }
            step.cell = b;
            step.diagonal = diagonal;
            step.cost = double(c) * (diagonal ? rules.diagonalFactor : 1.0);
            step.base = step.cost;
            step.terrain = UnknownTerrain;
        }
        out.total += step.cost;
        ++out.steps;
        (step.diagonal ? out.diagonalSteps : out.straightSteps) += 1;
        (step.diagonal ? out.diagonalCost : out.straightCost) += step.cost;
        auto t = std::find_if(out.byTerrain.begin(), out.byTerrain.end(),
                              [&](const isostar::terrain::WhyTerrain& w) { return w.terrain == step.terrain; });
        if (t == out.byTerrain.end()) {
            out.byTerrain.push_back({step.terrain});
            t = out.byTerrain.end() - 1;
        }
        if (std::find(entered.begin(), entered.end(), std::pair(step.terrain, step.cell)) == entered.end()) {
            entered.emplace_back(step.terrain, step.cell);
            ++t->cells;
        }
        ++t->steps;
        t->diagonalSteps += step.diagonal ? 1 : 0;
        t->baseCost += step.base;
        t->stepCost += step.cost;
        out.stepList.push_back(std::move(step));
    }
    using Source = isostar::terrain::WhySource;
    std::sort(out.bySource.begin(), out.bySource.end(), [](const Source& x, const Source& y) {
        return std::tie(x.source.y, x.source.x, x.terrain) < std::tie(y.source.y, y.source.x, y.terrain);
    });
}

} // namespace

isostar::terrain::PathWhy explainKnown(const isostar::terrain::TerrainField& field, std::span<const isostar::TileCoord> path,
                                   const isostar::path::MoveRules& rules, const FogOfWar& fog,
                                   const isostar::path::NavGrid& plan, int layer)
{
    isostar::terrain::PathWhy real = isostar::terrain::explainPath(field, path, rules);
    const auto allKnown = [&](std::span<const isostar::TileCoord> cells) {
        return std::all_of(cells.begin(), cells.end(), [&](isostar::TileCoord c) { return fog.known(c); });
    };
    if (allKnown(path) && allKnown(real.straightLine.cells))
        return real;
    isostar::terrain::PathWhy out;
    explainKnownSteps(field, path, rules, &fog, plan, layer, 1, out);
    out.straightLine = real.straightLine;
    if (!allKnown(real.straightLine.cells)) {
        // Unknown cells are open ground to the party: the line is blocked only where a known
        // cell blocks it (the real blocker when it is known).
        isostar::terrain::PathWhy line;
        explainKnownSteps(field, real.straightLine.cells, rules, &fog, plan, layer, 1, line);
        isostar::terrain::WhyStraightLine& sl = out.straightLine;
        sl.byTerrain.clear();
        sl.cost.reset();
        sl.blockedAt.reset();
        sl.blockedBy.clear();
        sl.diagonalSteps = line.diagonalSteps;
        if (line.skippedSteps == 0) {
            sl.cost = line.total;
            sl.byTerrain = std::move(line.byTerrain);
        } else {
            for (std::size_t k = 1; k < sl.cells.size() && !sl.blockedAt; ++k)
                if (fog.known(sl.cells[k]) && !plan.passable(layer, sl.cells[k]))
                    sl.blockedAt = sl.cells[k];
            sl.blockedBy = sl.blockedAt && real.straightLine.blockedAt == sl.blockedAt ? real.straightLine.blockedBy
                                                                                       : std::string("impassable");
        }
    }
    return out;
}

isostar::terrain::PathWhy explainFootprint(const isostar::terrain::TerrainField& field,
                                           std::span<const isostar::TileCoord> path, const isostar::path::MoveRules& rules,
                                           const FogOfWar* fog, const isostar::path::NavGrid& plan, int layer, int size)
{
    isostar::terrain::PathWhy out;
    if (path.empty())
        return out;
    explainKnownSteps(field, path, rules, fog, plan, layer, size, out);
    // The straight line of the corners, priced as the steps are.
    isostar::terrain::WhyStraightLine& sl = out.straightLine;
    sl.cells = isostar::terrain::bresenhamLine(path.front(), path.back());
    isostar::terrain::PathWhy line;
    explainKnownSteps(field, sl.cells, rules, fog, plan, layer, size, line);
    sl.diagonalSteps = line.diagonalSteps;
    if (line.skippedSteps == 0) {
        sl.cost = line.total;
        sl.byTerrain = std::move(line.byTerrain);
        return out;
    }
    for (std::size_t k = 1; k < sl.cells.size() && !sl.blockedAt; ++k) {
        const isostar::TileCoord d = dearestCell(plan, layer, sl.cells[k], size);
        if ((!fog || fog->known(d)) && !plan.passable(layer, d))
            sl.blockedAt = sl.cells[k];
    }
    sl.blockedBy = "impassable";
    return out;
}

} // namespace game::debug
