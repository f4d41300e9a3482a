/// \file KnownWhy.cpp
/// "Why this path" on what the party knows: per step, the real explanation on a known cell, the
/// belief grid's cost under UnknownTerrain on an unknown one.
#include "game/debug/KnownWhy.hpp"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

namespace game::debug {

namespace {

/// The steps of `path` (start .. end) as the party knows them, into `out` (its totals, steps,
/// terrains and sources; not its straight line): a step into a known cell is the real one (the
/// belief grid holds the real cost there), a step into an unknown cell costs what `plan` says,
/// under UnknownTerrain, with no influence.
void explainKnownSteps(const eng::terrain::TerrainField& field, std::span<const eng::TileCoord> path,
                       const eng::path::MoveRules& rules, const FogOfWar& fog, const eng::path::NavGrid& plan,
                       int layer, eng::terrain::PathWhy& out)
{
    std::vector<std::pair<std::string, eng::TileCoord>> entered;  // (terrain, cell): cells counted once
    for (std::size_t k = 1; k < path.size(); ++k) {
        const eng::TileCoord a = path[k - 1], b = path[k];
        const bool diagonal = a.x != b.x && a.y != b.y;
        eng::terrain::WhyStep step;
        if (fog.known(b)) {
            const eng::TileCoord pair[2] = {a, b};
            const eng::terrain::PathWhy one = eng::terrain::explainPath(field, pair, rules);
            out.skippedSteps += one.skippedSteps;
            if (one.stepList.empty())
                continue;
            step = one.stepList.front();
            out.clampedSteps += one.clampedSteps;
            out.clampResidue += one.clampResidue;
            for (const eng::terrain::WhySource& src : one.bySource) {
                auto it = std::find_if(out.bySource.begin(), out.bySource.end(), [&](const eng::terrain::WhySource& o) {
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
            const float c = plan.validLayer(layer) ? plan.cost(layer, b) : eng::path::Impassable;
            if (!eng::path::isPassableCost(c)) {
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
                              [&](const eng::terrain::WhyTerrain& w) { return w.terrain == step.terrain; });
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
    using Source = eng::terrain::WhySource;
    std::sort(out.bySource.begin(), out.bySource.end(), [](const Source& x, const Source& y) {
        return std::tie(x.source.y, x.source.x, x.terrain) < std::tie(y.source.y, y.source.x, y.terrain);
    });
}

} // namespace

eng::terrain::PathWhy explainKnown(const eng::terrain::TerrainField& field, std::span<const eng::TileCoord> path,
                                   const eng::path::MoveRules& rules, const FogOfWar& fog,
                                   const eng::path::NavGrid& plan, int layer)
{
    eng::terrain::PathWhy real = eng::terrain::explainPath(field, path, rules);
    const auto allKnown = [&](std::span<const eng::TileCoord> cells) {
        return std::all_of(cells.begin(), cells.end(), [&](eng::TileCoord c) { return fog.known(c); });
    };
    if (allKnown(path) && allKnown(real.straightLine.cells))
        return real;
    eng::terrain::PathWhy out;
    explainKnownSteps(field, path, rules, fog, plan, layer, out);
    out.straightLine = real.straightLine;
    if (!allKnown(real.straightLine.cells)) {
        // Unknown cells are open ground to the party: the line is blocked only where a known
        // cell blocks it (the real blocker when it is known).
        eng::terrain::PathWhy line;
        explainKnownSteps(field, real.straightLine.cells, rules, fog, plan, layer, line);
        eng::terrain::WhyStraightLine& sl = out.straightLine;
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


} // namespace game::debug
