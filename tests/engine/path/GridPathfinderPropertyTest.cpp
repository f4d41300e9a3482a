// Randomized properties of GridPathfinder against a plain Dijkstra written here, separately and
// as simply as possible (std::priority_queue, bounds-checked neighbours, no padding, no islands).

#include "engine/path/GridPathfinder.hpp"
#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/Scale.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
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

using testsupport::canStep;
using testsupport::stepCost;

namespace {

const double kInf = std::numeric_limits<double>::infinity();

/// A random field in the article's spirit: grass, snow, walls, roads, volcano warmth (down to
/// 0.05 and below where sources stack), tombstone penalties and a few very expensive cells.
CostField propertyField(std::mt19937& rng, int maxSize)
{
    std::uniform_int_distribution<int> sizeDist(1, maxSize);
    const int w = sizeDist(rng), h = sizeDist(rng);
    CostField f(w, h);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double wallP = u(rng) * 0.4;
    for (float& c : f.cost) {
        const double r = u(rng);
        if (r < wallP)
            c = Impassable;
        else if (r < wallP + 0.15)
            c = 3.0f;  // snow
        else if (r < wallP + 0.18)
            c = 40.0f;  // something very expensive
    }
    // Roads: whole rows or columns at half cost.
    for (int k = std::uniform_int_distribution<int>(0, 2)(rng); k > 0; --k) {
        if (u(rng) < 0.5) {
            const int y = std::uniform_int_distribution<int>(0, h - 1)(rng);
            for (int x = 0; x < w; ++x)
                if (f.passable({x, y}))
                    f.at({x, y}) *= 0.5f;
        } else {
            const int x = std::uniform_int_distribution<int>(0, w - 1)(rng);
            for (int y = 0; y < h; ++y)
                if (f.passable({x, y}))
                    f.at({x, y}) *= 0.5f;
        }
    }
    // Erupting volcanoes and tombstones with the article's falloffs.
    std::uniform_int_distribution<int> xs(0, w - 1), ys(0, h - 1);
    for (int k = std::uniform_int_distribution<int>(0, 2)(rng); k > 0; --k) {
        const int cx = xs(rng), cy = ys(rng);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const double d = std::hypot(x - cx, y - cy);
                if (d <= 4.5 && f.passable({x, y}))
                    f.at({x, y}) = float(f.at({x, y}) / ((5.0 - d) * 2.0));
            }
    }
    for (int k = std::uniform_int_distribution<int>(0, 2)(rng); k > 0; --k) {
        const int cx = xs(rng), cy = ys(rng);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const double d = std::hypot(x - cx, y - cy);
                if (d <= 2.5 && f.passable({x, y}))
                    f.at({x, y}) = float(f.at({x, y}) * ((3.0 - d) + 0.5) * 1.1);
            }
    }
    return f;
}

/// Checks that `r.path` is a legal walk from `start` whose step costs add up to `r.cost`.
void checkPathIsLegal(const CostField& f, const MoveRules& rules, TileCoord start, const PathResult& r)
{
    REQUIRE_FALSE(r.path.empty());
    CHECK(r.path.front() == start);
    double sum = 0.0;
    for (std::size_t i = 1; i < r.path.size(); ++i) {
        const int dx = r.path[i].x - r.path[i - 1].x, dy = r.path[i].y - r.path[i - 1].y;
        REQUIRE(std::abs(dx) <= 1);
        REQUIRE(std::abs(dy) <= 1);
        REQUIRE((dx != 0 || dy != 0));
        REQUIRE(canStep(f, rules.diagonal, r.path[i - 1], dx, dy));
        sum += stepCost(f, rules, r.path[i], dx != 0 && dy != 0);
    }
    CHECK(sum == Approx(r.cost).epsilon(1e-9).margin(1e-12));
}

/// The reachable cells closest to `goal` (Euclidean) and, among them, the lowest cost.
struct PartialExpectation {
    long long d2 = -1;
    double cost = kInf;
};

PartialExpectation expectedPartial(const CostField& f, const std::vector<double>& dist, TileCoord goal)
{
    PartialExpectation e;
    for (int i = 0; i < int(dist.size()); ++i) {
        if (dist[std::size_t(i)] == kInf)
            continue;
        const TileCoord c = f.coord(i);
        const long long d2 = (long long)(c.x - goal.x) * (c.x - goal.x) + (long long)(c.y - goal.y) * (c.y - goal.y);
        if (e.d2 < 0 || d2 < e.d2) {
            e.d2 = d2;
            e.cost = dist[std::size_t(i)];
        } else if (d2 == e.d2) {
            e.cost = std::min(e.cost, dist[std::size_t(i)]);
        }
    }
    return e;
}

TileCoord randomPassable(std::mt19937& rng, const CostField& f)
{
    std::vector<int> cells;
    for (int i = 0; i < int(f.cost.size()); ++i)
        if (isostar::path::isPassableCost(f.cost[std::size_t(i)]))
            cells.push_back(i);
    if (cells.empty())
        return {-1, -1};
    return f.coord(cells[std::size_t(std::uniform_int_distribution<int>(0, int(cells.size()) - 1)(rng))]);
}

const Heuristic kHeuristics[] = {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Manhattan, Heuristic::Chebyshev,
                                 Heuristic::Zero};

} // namespace

TEST_CASE("A* with weight 1 finds the Dijkstra cost on thousands of random fields, for every rule")
{
    std::mt19937 rng(20261123);
    GridPathfinder finder;
    PathResult r;
    int mapsWithPath = 0, mapsPartial = 0;
    const int maps = testsupport::scaled(1500); // a quarter in the sanitizer build (Scale.hpp)
    for (int map = 0; map < maps; ++map) {
        const CostField f = propertyField(rng, map < maps * 4 / 5 ? 14 : 40);
        const TileCoord start = randomPassable(rng, f);
        if (start.x < 0)
            continue;
        const TileCoord goal{std::uniform_int_distribution<int>(0, f.width - 1)(rng),
                             std::uniform_int_distribution<int>(0, f.height - 1)(rng)};
        for (DiagonalMode mode : testsupport::kAllDiagonalModes) {
            MoveRules rules;
            rules.diagonal = mode;
            rules.diagonalFactor = (map % 3 == 0) ? std::sqrt(2.0) : (map % 3 == 1 ? 1.414 : 1.9);
            const std::vector<double> dist = testsupport::referenceDijkstra(f, rules, start);
            const double optimal = dist[std::size_t(f.index(goal))];
            for (Heuristic h : kHeuristics) {
                rules.heuristic = h;
                REQUIRE(finder.init(f, rules));
                INFO("map " << map << " " << f << "\nrules " << rules << " start " << start << " goal " << goal);
                finder.findPath(start, goal, r);
                CHECK(finder.reachable(start, goal) == (optimal < kInf));
                if (optimal < kInf) {
                    REQUIRE(r.status == PathStatus::Found);
                    CHECK(r.cost == Approx(optimal).epsilon(1e-9).margin(1e-12));
                    CHECK(r.path.back() == goal);
                    ++mapsWithPath;
                } else {
                    // Partial: a closest reachable cell, and the cheapest of those. (Cells whose
                    // costs tie in real arithmetic may differ in the last bit of a double, so
                    // which of them wins is checked in the ASCII tests, not here.)
                    REQUIRE(r.status == PathStatus::Partial);
                    const PartialExpectation e = expectedPartial(f, dist, goal);
                    const TileCoord end = r.path.back();
                    CHECK((long long)(end.x - goal.x) * (end.x - goal.x) + (long long)(end.y - goal.y) * (end.y - goal.y) == e.d2);
                    CHECK(r.cost == Approx(e.cost).epsilon(1e-9).margin(1e-12));
                    CHECK(r.cost == Approx(dist[std::size_t(f.index(end))]).epsilon(1e-9).margin(1e-12));
                    ++mapsPartial;
                }
                checkPathIsLegal(f, rules, start, r);
            }
        }
    }
    // The generator really produces both kinds of query.
    CHECK(mapsWithPath > 10000 / testsupport::WorkDivisor);
    CHECK(mapsPartial > 1000 / testsupport::WorkDivisor);
}

TEST_CASE("weighted A* finds a path whenever one exists, within weight x optimal")
{
    std::mt19937 rng(7);
    GridPathfinder finder;
    PathResult r;
    for (int map = 0; map < 600; ++map) {
        const CostField f = propertyField(rng, 30);
        const TileCoord start = randomPassable(rng, f), goal = randomPassable(rng, f);
        if (start.x < 0)
            continue;
        for (double weight : {1.5, 4.0}) {
            MoveRules rules;
            rules.weight = weight;
            rules.heuristic = map % 2 ? Heuristic::Octile : Heuristic::Euclidean;
            const std::vector<double> dist = testsupport::referenceDijkstra(f, rules, start);
            const double optimal = dist[std::size_t(f.index(goal))];
            REQUIRE(finder.init(f, rules));
            INFO("map " << map << " " << f << "\nrules " << rules << " start " << start << " goal " << goal);
            finder.findPath(start, goal, r);
            if (optimal == kInf) {
                CHECK(r.status == PathStatus::Partial);
                continue;
            }
            REQUIRE(r.status == PathStatus::Found);
            CHECK(r.cost >= optimal - 1e-9);
            CHECK(r.cost <= weight * optimal + 1e-9);
            checkPathIsLegal(f, rules, start, r);
        }
    }
}

TEST_CASE("findNearest agrees with Dijkstra on random fields")
{
    std::mt19937 rng(99);
    GridPathfinder finder;
    PathResult r;
    for (int map = 0; map < 500; ++map) {
        const CostField f = propertyField(rng, 20);
        const TileCoord start = randomPassable(rng, f);
        if (start.x < 0)
            continue;
        MoveRules rules;
        rules.diagonal = testsupport::kAllDiagonalModes[map % 4];
        REQUIRE(finder.init(f, rules));
        const std::vector<double> dist = testsupport::referenceDijkstra(f, rules, start);
        std::vector<TileCoord> targets;
        for (int k = 0; k < 4; ++k)
            targets.push_back({std::uniform_int_distribution<int>(0, f.width - 1)(rng),
                               std::uniform_int_distribution<int>(0, f.height - 1)(rng)});
        double best = kInf;  // cheapest reachable target
        for (const TileCoord& t : targets)
            best = std::min(best, dist[std::size_t(f.index(t))]);
        INFO("map " << map << " " << f << "\nstart " << start);
        int which = -1;
        const PathStatus s = finder.findNearest(start, targets, r, &which);
        if (best == kInf) {
            CHECK(s == PathStatus::NoPath);
            continue;
        }
        REQUIRE(s == PathStatus::Found);
        REQUIRE(which >= 0);
        CHECK(r.path.back() == targets[std::size_t(which)]);
        CHECK(r.cost == Approx(best).epsilon(1e-9).margin(1e-12));
        checkPathIsLegal(f, rules, start, r);
    }
}

TEST_CASE("time-sliced searches in random slices match findPath, with and without a trace")
{
    std::mt19937 rng(4242);
    GridPathfinder finder;
    PathResult whole, sliced;
    isostar::path::SearchTrace trace;
    for (int map = 0; map < 300; ++map) {
        const CostField f = propertyField(rng, 25);
        const TileCoord start = randomPassable(rng, f), goal = randomPassable(rng, f);
        if (start.x < 0)
            continue;
        REQUIRE(finder.init(f, MoveRules{}));
        finder.findPath(start, goal, whole);
        INFO("map " << map << " " << f << "\nstart " << start << " goal " << goal);
        finder.beginSearch(start, goal, map % 2 ? &trace : nullptr);
        while (finder.step(std::uniform_int_distribution<int>(1, 20)(rng)) == PathStatus::InProgress) {
        }
        finder.finishSearch(sliced);
        CHECK(sliced == whole);
        if (map % 2)
            CHECK(trace.stepCount() == whole.expanded);
    }
}
