#include "tools/pathbench/Workloads.hpp"

#include "engine/path/GridPathfinder.hpp"
#include "engine/path/MovingAi.hpp"
#include "tools/pathbench/ArticleTerrain.hpp"

#include <algorithm>
#include <random>

namespace pathbench {

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::GridPathfinder;
using isostar::path::MoveRules;

std::vector<Query> randomQueries(const CostField& field, const MoveRules& rules, int count, std::uint32_t seed)
{
    GridPathfinder finder;
    finder.init(field, rules);
    std::vector<int> size(std::size_t(finder.islandCount()), 0);
    for (int y = 0; y < field.height; ++y)
        for (int x = 0; x < field.width; ++x)
            if (finder.islandOf({x, y}) >= 0)
                ++size[std::size_t(finder.islandOf({x, y}))];
    const int main = int(std::max_element(size.begin(), size.end()) - size.begin());
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> rx(0, field.width - 1), ry(0, field.height - 1);
    auto pick = [&] {
        for (;;) {
            const TileCoord c{rx(rng), ry(rng)};
            if (finder.islandOf(c) == main)
                return c;
        }
    };
    std::vector<Query> qs;
    for (int i = 0; i < count; ++i)
        qs.push_back({pick(), pick()});
    return qs;
}

std::optional<Workload> movingAiWorkload(const std::string& dir, const std::string& name, int count)
{
    const std::string mapPath = dir + "/" + name + ".map";
    auto map = isostar::path::loadMovingAiMap(mapPath);
    auto scen = isostar::path::loadMovingAiScenarios(mapPath + ".scen");
    if (!map || !scen)
        return std::nullopt;
    Workload w;
    w.name = "movingai " + name;
    w.rules = isostar::path::movingAiRules();
    w.field = isostar::path::toCostField(map.value(), isostar::path::MovingAiTerrain::Ground);
    // Evenly spread over the file (sorted by bucket), so short and long problems both count.
    const auto& all = scen.value().scenarios;
    for (int i = 0; i < count && !all.empty(); ++i) {
        const auto& s = all[std::size_t(i) * all.size() / std::size_t(count)];
        if (map.value().terrainAt(s.start) == isostar::path::MovingAiTerrain::Ground)
            w.queries.push_back({s.start, s.goal});
    }
    return w;
}

Workload articleWorkload(int size, int count, std::uint32_t seed)
{
    Workload w;
    w.name = "article " + std::to_string(size) + "x" + std::to_string(size);
    w.field = pathbench::generateArticleTerrain(size, size, seed).field;
    w.rules = MoveRules{};  // the article's: no corner cutting, x1.414 diagonals, octile
    w.queries = randomQueries(w.field, w.rules, count, seed + 1);
    return w;
}

} // namespace pathbench
