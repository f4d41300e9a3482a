// GridPathfinder's open list keeps one exact order, (f, then lower h, then row-major cell),
// whichever way it stores entries (8-byte keys with an exact tie heap, or the tie heap alone on
// uniform fields, or after switching to it mid-search). Checked against a reference A* written
// here with std::priority_queue over that same tuple: the same expansions, the same path.

#include "engine/path/GridPathfinder.hpp"
#include "tests/support/ReferenceDijkstra.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <functional>
#include <queue>
#include <random>
#include <tuple>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridPathfinder;
using isostar::path::Heuristic;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::PathResult;
using isostar::path::PathStatus;

namespace {

struct Reference {
    int expanded = 0;
    double cost = 0.0;
    std::vector<TileCoord> path;
};

/// A* with skip-on-pop and no reopening, ordered by (f, float(h), y, x), using the pathfinder's
/// own heuristic values so both compute f = g + h from the same doubles.
Reference referenceAStar(const CostField& f, const MoveRules& rules, const GridPathfinder& finder, TileCoord start,
                         TileCoord goal)
{
    using Key = std::tuple<double, float, int, int>;  // f, h, y, x
    std::priority_queue<Key, std::vector<Key>, std::greater<Key>> open;
    std::vector<double> g(f.cost.size(), testsupport::Unreachable);
    std::vector<int> parent(f.cost.size(), -1);
    std::vector<char> closed(f.cost.size(), 0);
    auto push = [&](TileCoord c, double gc) {
        const double h = finder.heuristic(c, goal);
        open.push({gc + h, float(h), c.y, c.x});
    };
    g[std::size_t(f.index(start))] = 0.0;
    push(start, 0.0);
    Reference r;
    while (!open.empty()) {
        const auto [fv, hv, y, x] = open.top();
        open.pop();
        const TileCoord c{x, y};
        const std::size_t i = std::size_t(f.index(c));
        if (closed[i])
            continue;
        closed[i] = 1;
        ++r.expanded;
        if (c == goal) {
            r.cost = g[i];
            for (int n = int(i); n >= 0; n = parent[std::size_t(n)])
                r.path.insert(r.path.begin(), f.coord(n));
            return r;
        }
        // The pathfinder's neighbour order: N, E, S, W, then NE, SE, SW, NW.
        const int dxs[8] = {0, 1, 0, -1, 1, 1, -1, -1};
        const int dys[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
        for (int k = 0; k < 8; ++k) {
            if (!testsupport::canStep(f, rules.diagonal, c, dxs[k], dys[k]))
                continue;
            const TileCoord n{c.x + dxs[k], c.y + dys[k]};
            const std::size_t ni = std::size_t(f.index(n));
            if (closed[ni])
                continue;
            const double ng = g[i] + testsupport::stepCost(f, rules, n, k >= 4);
            if (ng < g[ni]) {
                g[ni] = ng;
                parent[ni] = int(i);
                push(n, ng);
            }
        }
    }
    return r;
}

/// Fields with many exact ties: uniform grass with walls, sometimes a few cells of another
/// cost (ties remain common, so the open list moves groups and may switch mid-search), and
/// sometimes the article's mix (ties rare).
CostField tieField(std::mt19937& rng, int kind)
{
    std::uniform_int_distribution<int> sizeDist(8, 70);
    const int w = sizeDist(rng), h = sizeDist(rng);
    CostField f(w, h);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double wallP = u(rng) * 0.3;
    for (float& c : f.cost) {
        const double r = u(rng);
        if (r < wallP)
            c = Impassable;
        else if (kind == 1 && r < wallP + 0.01)
            c = 2.0f;
        else if (kind == 2 && r < wallP + 0.3)
            c = r < wallP + 0.1 ? 3.0f : (r < wallP + 0.2 ? 0.5f : float(0.1 + u(rng)));
    }
    return f;
}

} // namespace

TEST_CASE("the open list pops in the exact (f, h, cell) order on fields with and without ties")
{
    std::mt19937 rng(424242);
    GridPathfinder finder;
    finder.setLandmarks({isostar::path::LandmarkMode::Off, 8});  // the order is defined for the plain bound
    PathResult r;
    int compared = 0, bigSearches = 0;
    for (int map = 0; map < 300; ++map) {
        const int kind = map % 3;
        const CostField f = tieField(rng, kind);
        std::vector<int> passable;
        for (int i = 0; i < int(f.cost.size()); ++i)
            if (f.cost[std::size_t(i)] < Impassable)
                passable.push_back(i);
        if (passable.size() < 2)
            continue;
        std::uniform_int_distribution<int> pick(0, int(passable.size()) - 1);
        MoveRules rules;
        rules.diagonal = map % 4 == 0 ? DiagonalMode::Never : DiagonalMode::NoCornerCutting;
        rules.diagonalFactor = map % 2 ? std::sqrt(2.0) : 1.414;
        rules.heuristic = map % 5 == 0 ? Heuristic::Zero : (map % 5 == 1 ? Heuristic::Euclidean : Heuristic::Octile);
        rules.weight = map % 7 == 0 ? 1.5 : 1.0;
        REQUIRE(finder.init(f, rules));
        for (int q = 0; q < 6; ++q) {
            const TileCoord start = f.coord(passable[std::size_t(pick(rng))]);
            const TileCoord goal = f.coord(passable[std::size_t(pick(rng))]);
            if (!finder.reachable(start, goal))
                continue;
            INFO("map " << map << " kind " << kind << " " << f.width << "x" << f.height << " rules " << rules
                        << " start " << start << " goal " << goal);
            const Reference ref = referenceAStar(f, rules, finder, start, goal);
            REQUIRE(finder.findPath(start, goal, r) == PathStatus::Found);
            CHECK(r.expanded == ref.expanded);
            CHECK(r.cost == ref.cost);  // the same additions in the same order: bit for bit
            CHECK(r.path == ref.path);
            ++compared;
            bigSearches += r.expanded > 1000 ? 1 : 0;
        }
    }
    CHECK(compared > 1000);
    CHECK(bigSearches > 50);  // long enough for groups of ties and the switch to exact mode
}
