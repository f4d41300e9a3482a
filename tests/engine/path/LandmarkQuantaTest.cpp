// The landmark table's 16-bit fixed point (Landmarks.hpp): every stored value keeps the triangle
// inequality on every allowed step exactly (steps rounded DOWN to quanta: rounding them up, or
// rounding exact distances to the nearest quantum, fails the first test on these non-dyadic
// costs), the bound never exceeds the true cost (Dijkstra) on fields mixing tiny and huge costs,
// and saturated values (costs beyond the scale's range) still give exact paths.

#include "engine/path/GridPathfinder.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/path/NavGrid.hpp"
#include "tests/support/ReferenceDijkstra.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::LandmarkMode;
using isostar::path::LandmarkTable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;

namespace {

/// Random field with walls and costs spread log-uniformly over [lo, hi] (never a power of two
/// times a small integer, so no step is a whole number of quanta by chance).
CostField spreadField(int w, int h, std::uint32_t seed, double lo, double hi, double wallRate = 0.15)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    CostField f(w, h);
    for (float& c : f.cost)
        c = u(rng) < wallRate ? Impassable : float(lo * std::pow(hi / lo, u(rng)) * (1.0 + 1e-3 * u(rng)));
    return f;
}

MoveRules rulesFor(DiagonalMode mode, double diagonalFactor)
{
    MoveRules r;
    r.diagonal = mode;
    r.diagonalFactor = diagonalFactor;
    return r;
}

/// Every allowed step n->m inside one island: F_j(m) - F_j(n) <= w and B_j(n) - B_j(m) <= w for
/// every slot (the differences are exact: whole quanta of a power of two). Returns the number of
/// steps whose forward or backward difference is within one quantum of w (tight steps, where
/// rounding the wrong way would show).
int checkStepInequality(const NavGrid& grid, int layer, const CostField& f, const MoveRules& rules)
{
    const auto lm = grid.landmarks(layer);
    REQUIRE(lm);
    int tight = 0;
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x) {
            const TileCoord n{x, y};
            if (!f.passable(n))
                continue;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    if ((dx == 0 && dy == 0) || !testsupport::canStep(f, rules.diagonal, n, dx, dy))
                        continue;
                    const TileCoord m{x + dx, y + dy};
                    const double w = testsupport::stepCost(f, rules, m, dx != 0 && dy != 0);
                    const std::uint32_t a = grid.toNode(n), b = grid.toNode(m);
                    for (int j = 0; j < lm->count; ++j) {
                        const double df = double(lm->forward(b, j)) - double(lm->forward(a, j));
                        const double db = double(lm->backward(a, j)) - double(lm->backward(b, j));
                        INFO(rules << " step " << x << "," << y << " -> " << m.x << "," << m.y << " slot " << j
                                   << " w " << w << " scale " << lm->scale);
                        CHECK(df <= w);
                        CHECK(db <= w);
                        tight += (df > w - lm->scale || db > w - lm->scale) ? 1 : 0;
                    }
                }
        }
    return tight;
}

} // namespace

TEST_CASE("16-bit landmark values keep the triangle inequality on every step (rounded down)", "[path][landmarks]")
{
    int tight = 0;
    for (DiagonalMode mode : testsupport::kAllDiagonalModes)
        for (double df : {1.414, 0.7, 2.5}) {
            const MoveRules rules = rulesFor(mode, df);
            for (const auto& [lo, hi] : {std::pair{0.3, 3.7}, std::pair{1e-4, 1e5}}) {
                const CostField f = spreadField(21, 17, 3u + std::uint32_t(mode) * 7u + std::uint32_t(df * 10), lo, hi);
                NavGrid grid;
                grid.setLandmarks({LandmarkMode::On, 5});
                grid.reset(f.width, f.height);
                const int layer = grid.addLayer("l", f, rules);
                const auto lm = grid.landmarks(layer);
                REQUIRE(lm);
                // The scale is a power of two and the values are its whole multiples.
                int e = 0;
                CHECK(std::frexp(lm->scale, &e) == 0.5);
                tight += checkStepInequality(grid, layer, f, rules);
            }
        }
    CHECK(tight > 1000);  // the check bites: many steps are priced to within a quantum
}

TEST_CASE("the compact landmark bound never exceeds the true cost, tiny and huge costs mixed", "[path][landmarks]")
{
    int compared = 0, landmarkAbovePlain = 0;
    for (DiagonalMode mode : {DiagonalMode::Never, DiagonalMode::NoCornerCutting, DiagonalMode::Always})
        for (std::uint32_t seed = 0; seed < 3; ++seed) {
            const MoveRules rules = rulesFor(mode, seed == 2 ? 2.5 : 1.414);
            const double lo = seed == 0 ? 1e-6 : 0.05, hi = seed == 1 ? 1e7 : 40.0;
            const CostField f = spreadField(37, 29, 50u + seed * 13u + std::uint32_t(mode), lo, hi, 0.2);
            NavGrid grid, plainGrid;
            grid.setLandmarks({LandmarkMode::On, 8});
            plainGrid.setLandmarks({LandmarkMode::Off, 8});
            grid.reset(f.width, f.height);
            plainGrid.reset(f.width, f.height);
            const int layer = grid.addLayer("l", f, rules);
            plainGrid.addLayer("l", f, rules);
            REQUIRE(grid.landmarks(layer));
            GridQuery query;
            std::mt19937 rng(seed);
            for (int q = 0; q < 6; ++q) {
                const TileCoord s{int(rng() % 37), int(rng() % 29)};
                if (!f.passable(s))
                    continue;
                const std::vector<double> dist = testsupport::referenceDijkstra(f, rules, s);
                for (int y = 0; y < f.height; ++y)
                    for (int x = 0; x < f.width; ++x) {
                        const TileCoord t{x, y};
                        if (!std::isfinite(dist[std::size_t(f.index(t))]))
                            continue;
                        const double h = query.heuristic(grid, layer, s, t);
                        INFO(rules << " " << s.x << "," << s.y << " -> " << x << "," << y);
                        CHECK(h <= dist[std::size_t(f.index(t))]);
                        landmarkAbovePlain += h > query.heuristic(plainGrid, 0, s, t) ? 1 : 0;
                        ++compared;
                    }
                // A* with the bound: optimal, and no cell is expanded before its exact cost.
                const TileCoord t{int(rng() % 37), int(rng() % 29)};
                if (!std::isfinite(dist[std::size_t(f.index(t))]) || !f.passable(t))
                    continue;
                isostar::path::SearchTrace trace;
                PathResult r;
                REQUIRE(query.findPath(grid, layer, s, t, r, nullptr, &trace) == PathStatus::Found);
                const double d = dist[std::size_t(f.index(t))];
                CHECK(std::abs(r.cost - d) <= 1e-9 * std::max(1e-6, d));
                for (const auto& e : trace.expanded)
                    REQUIRE(std::abs(e.g - dist[std::size_t(f.index(e.cell))]) <= 1e-9 * std::max(1e-6, e.g));
            }
        }
    CHECK(compared > 5000);
    CHECK(landmarkAbovePlain > compared / 4);  // the landmarks bound more than the octile bound
}

TEST_CASE("costs beyond the 16-bit range saturate: bounds weaker, paths still exact", "[path][landmarks]")
{
    // Distances of about 1e31: the quantum stops at 2^60, so one step is more than 65535 quanta.
    const CostField f = spreadField(24, 20, 9u, 2e29, 9e29, 0.1);
    const MoveRules rules;
    isostar::path::GridPathfinder finder;
    finder.setLandmarks({LandmarkMode::On, 4});
    REQUIRE(finder.init(f, rules));
    const auto lm = finder.grid().landmarks(0);
    REQUIRE(lm);
    CHECK(lm->scale == std::ldexp(1.0, 60));
    int saturated = 0;
    for (std::uint32_t node = 0; node < lm->cells; ++node)
        saturated += lm->forwardQuanta(node, 0) == LandmarkTable::kSaturated ? 1 : 0;
    CHECK(saturated > 100);
    std::mt19937 rng(1);
    PathResult r;
    int found = 0;
    for (int q = 0; q < 20; ++q) {
        const TileCoord s{int(rng() % 24), int(rng() % 20)}, t{int(rng() % 24), int(rng() % 20)};
        if (!f.passable(s) || !f.passable(t) || !finder.reachable(s, t))
            continue;
        REQUIRE(finder.findPath(s, t, r) == PathStatus::Found);
        const double d = testsupport::referenceDijkstra(f, rules, s)[std::size_t(f.index(t))];
        CHECK(std::abs(r.cost - d) <= 1e-9 * d);
        ++found;
    }
    CHECK(found > 10);
}
