// WeightedJumpSearch: the optimal cost (the reference Dijkstra's, and A*'s) on random weighted
// fields with walls, regions of equal cost, roads one cell wide and single odd cells, with and
// without landmarks, and again after random edits patched into the successor table by update();
// the path is 8-connected, never cuts a corner and its summed step costs equal the reported
// cost; the local rule's table on a road and a dear cell; partial paths, refusals and stale
// tables.

#include "engine/path/GridQuery.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/detail/RowOf.hpp"
#include "tests/support/ReferenceDijkstra.hpp"
#include "tests/support/Scale.hpp"
#include "tests/engine/path/StepPath.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::WeightedJumpGrid;
using isostar::path::WeightedJumpSearch;

namespace {

const float kCosts[] = {1.0f, 2.0f, 0.5f, 3.0f, 1.5f};

/// A random weighted field: rectangles of one cost over a base cost (regions with long flat
/// runs), roads, some single odd cells and a `density` of walls.
CostField weightedField(std::mt19937& rng, int w, int h, double density)
{
    std::uniform_int_distribution<int> pick(0, int(std::size(kCosts)) - 1);
    CostField f(w, h, kCosts[pick(rng)]);
    std::uniform_int_distribution<int> px(0, w - 1), py(0, h - 1), size(1, std::max(1, std::max(w, h) / 2));
    for (int k = 0; k < 2 + (w + h) / 10; ++k) {
        const int x0 = px(rng), y0 = py(rng), rw = size(rng), rh = size(rng);
        const float c = kCosts[pick(rng)];
        for (int y = y0; y < std::min(h, y0 + rh); ++y)
            for (int x = x0; x < std::min(w, x0 + rw); ++x)
                f.at({x, y}) = c;
    }
    // Roads: lines one cell wide (straight or diagonal) of one cost, so long runs of equal
    // cost have other costs on both sides (where ties between detours decide the pruning).
    std::uniform_int_distribution<int> dir(0, 3);
    for (int k = 0; k < 1 + (w + h) / 30; ++k) {
        const float c = kCosts[pick(rng)];
        const int d = dir(rng);
        const int sx = d == 1 ? 0 : 1;
        const int sy = d == 0 ? 0 : d == 3 ? -1 : 1;
        for (TileCoord p{px(rng), py(rng)}; p.x >= 0 && p.y >= 0 && p.x < w && p.y < h; p = {p.x + sx, p.y + sy})
            f.at(p) = c;
    }
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (float& c : f.cost) {
        const double r = u(rng);
        if (r < density)
            c = Impassable;
        else if (r < density + 0.03)
            c = kCosts[pick(rng)];
    }
    return f;
}

/// A field of close costs, as influence makes them round a volcano or a tombstone: smooth
/// slopes between 0.2 and 1.2 from a few random centres, roads of 0.5 across, and walls. Its
/// detours differ from the direct way by small amounts, where a wrong margin shows.
CostField slopeField(std::mt19937& rng, int w, int h, double density)
{
    std::uniform_int_distribution<int> px(0, w - 1), py(0, h - 1);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    TileCoord centres[3];
    for (TileCoord& c : centres)
        c = {px(rng), py(rng)};
    CostField f(w, h, 1.0f);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            double c = 1.2;
            for (const TileCoord& m : centres)
                c = std::min(c, 0.2 + 0.07 * std::hypot(double(x - m.x), double(y - m.y)));
            f.at({x, y}) = float(c);
        }
    for (int k = 0; k < 1 + (w + h) / 40; ++k) {
        const bool across = u(rng) < 0.5;
        const int at = across ? py(rng) : px(rng);
        for (int i = 0; i < (across ? w : h); ++i)
            f.at(across ? TileCoord{i, at} : TileCoord{at, i}) = 0.5f;
    }
    for (float& c : f.cost)
        if (u(rng) < density)
            c = Impassable;
    return f;
}

TileCoord anyCell(std::mt19937& rng, const NavGrid& grid)
{
    return {std::uniform_int_distribution<int>(0, grid.width() - 1)(rng),
            std::uniform_int_distribution<int>(0, grid.height() - 1)(rng)};
}

/// `queries` random queries from passable starts: Found exactly when the reference reaches the
/// goal, at its cost; A* agrees on status and cost (partial paths too). Returns Found count.
int compareQueries(std::mt19937& rng, const NavGrid& grid, const WeightedJumpGrid& flat, WeightedJumpSearch& jpsw,
                   int queries)
{
    const CostField field = grid.costField(0);
    GridQuery astar;
    astar.setPartialPaths(jpsw.partialPaths());
    PathResult a, j;
    int found = 0;
    for (int q = 0; q < queries; ++q) {
        TileCoord s = anyCell(rng, grid);
        for (int tries = 0; tries < 20 && !grid.passable(0, s); ++tries)
            s = anyCell(rng, grid);
        if (!grid.passable(0, s))
            continue;
        const std::vector<double> dist = testsupport::referenceDijkstra(field, grid.rules(0), s);
        for (int k = 0; k < 4; ++k) {
            const TileCoord g = anyCell(rng, grid);
            INFO("query " << s << " -> " << g << " on " << grid.width() << "x" << grid.height());
            const PathStatus sj = jpsw.findPath(grid, 0, flat, s, g, j);
            const PathStatus sa = astar.findPath(grid, 0, s, g, a);
            REQUIRE(sj == sa);
            const double ref = dist[std::size_t(field.index(g))];
            REQUIRE((sj == PathStatus::Found) == (ref != testsupport::Unreachable));
            if (!isostar::path::hasPath(sj))
                continue;
            CHECK(j.cost == Approx(a.cost).epsilon(1e-12).margin(1e-9));
            testsupport::checkStepPath(grid, 0, j, s);
            if (sj == PathStatus::Found) {
                CHECK(j.cost == Approx(ref).epsilon(1e-12).margin(1e-9));
                CHECK(j.path.back() == g);
                ++found;
            }
        }
    }
    return found;
}

/// Random fields with diagonal factor `diag` (`landmarkCount` landmarks when `landmarks`):
/// returns the Found count.
int compareFields(unsigned seed, double diag, bool landmarks, bool partialPaths, int fields, int landmarkCount = 4,
                  bool slopes = false)
{
    std::mt19937 rng(seed);
    WeightedJumpSearch jpsw;
    jpsw.setLandmarks(landmarks);
    jpsw.setPartialPaths(partialPaths);
    int found = 0;
    for (int f = 0; f < fields; ++f) {
        const int w = std::uniform_int_distribution<int>(1, 70)(rng);
        const int h = std::uniform_int_distribution<int>(1, 70)(rng);
        const double density = std::uniform_real_distribution<double>(0.0, 0.3)(rng);
        MoveRules rules;
        rules.diagonalFactor = diag;
        NavGrid grid;
        grid.setLandmarks({landmarks ? isostar::path::LandmarkMode::On : isostar::path::LandmarkMode::Off, landmarkCount});
        REQUIRE(grid.reset(w, h));
        const CostField field = slopes ? slopeField(rng, w, h, density) : weightedField(rng, w, h, density);
        REQUIRE(grid.addLayer("walker", field, rules) == 0);
        REQUIRE(WeightedJumpSearch::supports(grid, 0));
        WeightedJumpGrid flat;
        REQUIRE(flat.build(grid, 0));
        INFO("seed " << seed << " field " << f);
        found += compareQueries(rng, grid, flat, jpsw, 10);
    }
    return found;
}

/// Whether a straight jump in direction k whose first cell is padded (x, y), walked cell by
/// cell through the cells that pass, stops at a cell that keeps nothing (deadEnd's meaning).
bool walksIntoDeadEnd(const NavGrid& grid, const WeightedJumpGrid& flat, int x, int y, int k)
{
    while (flat.passes(x, y, k)) {
        x += isostar::path::detail::kDx[k];
        y += isostar::path::detail::kDy[k];
    }
    return flat.successors(std::uint32_t(y * grid.stride() + x), k) == 0;
}

/// The successor table and planes of `flat` equal a fresh build's, cell by cell, and the
/// dead-end bits the walk of each jump.
void checkPlanesFresh(const NavGrid& grid, const WeightedJumpGrid& flat)
{
    WeightedJumpGrid fresh;
    REQUIRE(fresh.build(grid, 0));
    for (int y = 0; y < grid.height() + 2; ++y)
        for (int x = 0; x < grid.stride(); ++x) {
            INFO("padded cell " << x << "," << y);
            REQUIRE(flat.open(x, y) == fresh.open(x, y));
            const std::uint32_t node = std::uint32_t(y * grid.stride() + x);
            for (int k = 0; k < 8; ++k)
                REQUIRE(int(flat.successors(node, k)) == int(fresh.successors(node, k)));
            for (int k = 0; k < 4; ++k) {
                REQUIRE(flat.passes(x, y, k) == fresh.passes(x, y, k));
                REQUIRE(flat.sameNext(x, y, k) == fresh.sameNext(x, y, k));
                REQUIRE(flat.deadEnd(x, y, k) == fresh.deadEnd(x, y, k));
                REQUIRE(flat.deadEnd(x, y, k) == walksIntoDeadEnd(grid, flat, x, y, k));
            }
        }
}

} // namespace

TEST_CASE("WeightedJumpSearch: the optimal cost on random weighted fields", "[path][jpsw]")
{
    using testsupport::scaled;
    const int k = testsupport::WorkDivisor;
    CHECK(compareFields(31, std::sqrt(2.0), false, true, scaled(80)) > 1200 / k);
    CHECK(compareFields(32, 1.414, true, true, scaled(60)) > 900 / k);
    CHECK(compareFields(33, 1.0, false, true, scaled(40)) > 600 / k);
    CHECK(compareFields(34, 1.9, true, false, scaled(40)) > 600 / k);
    // 8 landmarks: the search's bound over all of them takes the 16-lane path.
    CHECK(compareFields(35, 1.414, true, true, scaled(40), 8) > 600 / k);
    CHECK(compareFields(36, 1.414, true, true, scaled(20), 3) > 300 / k);
    // Close costs (slopes of influence) with roads across: small margins between the ways.
    CHECK(compareFields(37, 1.414, true, true, scaled(40), 8, true) > 600 / k);
    CHECK(compareFields(38, std::sqrt(2.0), false, true, scaled(40), 4, true) > 600 / k);
}

TEST_CASE("WeightedJumpSearch's bound over all landmarks equals the max of every landmark's", "[path][jpsw]")
{
    // allLandmarkBound compares a cell's values with the goal's lane by lane (padding lanes
    // included); it must give exactly fullLandmarkBound, the max over the table's landmarks.
    std::mt19937 rng(57);
    for (const int count : {1, 3, 4, 8, 13}) {
        NavGrid grid;
        grid.setLandmarks({isostar::path::LandmarkMode::On, count});
        REQUIRE(grid.reset(40, 30));
        REQUIRE(grid.addLayer("walker", weightedField(rng, 40, 30, 0.15), MoveRules{}) == 0);
        const std::shared_ptr<const isostar::path::LandmarkTable> table = grid.landmarks(0);
        REQUIRE(table);
        REQUIRE(table->count == count);
        for (int q = 0; q < 12; ++q) {
            const TileCoord goal{int(rng() % 40u), int(rng() % 30u)};
            if (!grid.passable(0, goal))
                continue;
            isostar::path::detail::AllLandmarks all;
            isostar::path::detail::allLandmarks(*table, grid.toNode(goal), all);
            REQUIRE(all.lanes == int(table->nodeStride));
            for (int y = 0; y < 30; ++y)
                for (int x = 0; x < 40; ++x) {
                    if (!grid.passable(0, {x, y}))
                        continue;
                    const std::uint32_t node = grid.toNode({x, y});
                    INFO(count << " landmarks, cell " << x << "," << y << " goal " << goal.x << "," << goal.y);
                    REQUIRE(isostar::path::detail::allLandmarkBound(all, node) ==
                            isostar::path::detail::fullLandmarkBound(*table, node, grid.toNode(goal)));
                }
        }
    }
}

TEST_CASE("WeightedJumpSearch: exact after random edits patched by update()", "[path][jpsw]")
{
    std::mt19937 rng(41);
    WeightedJumpSearch jpsw;
    for (int f = 0; f < testsupport::scaled(12); ++f) {
        const int w = std::uniform_int_distribution<int>(8, 60)(rng);
        const int h = std::uniform_int_distribution<int>(8, 60)(rng);
        NavGrid grid;
        grid.setLandmarks({isostar::path::LandmarkMode::On, 4});
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("walker", weightedField(rng, w, h, 0.15), MoveRules{}) == 0);
        WeightedJumpGrid flat;
        REQUIRE(flat.build(grid, 0));
        for (int round = 0; round < 8; ++round) {
            std::vector<CellChange> changes;
            const int n = std::uniform_int_distribution<int>(1, 30)(rng);
            std::uniform_int_distribution<int> pick(0, int(std::size(kCosts)));
            for (int i = 0; i < n; ++i) {
                const int c = pick(rng);
                changes.push_back({anyCell(rng, grid), c == int(std::size(kCosts)) ? Impassable : kCosts[c]});
            }
            const isostar::path::NavDirty dirty = grid.apply(0, changes);
            REQUIRE(dirty.layer == 0);
            if ((round & 1) == 0)
                grid.waitLandmarks();  // sometimes the rebuilt table, sometimes the octile bound only
            CHECK((dirty.cells.empty() || !flat.matches(grid, 0)));
            REQUIRE(flat.update(grid, dirty));
            REQUIRE(flat.matches(grid, 0));
            checkPlanesFresh(grid, flat);
            INFO("field " << f << " round " << round);
            compareQueries(rng, grid, flat, jpsw, 6);
        }
    }
}

namespace {

// Directions as bits of WeightedJumpGrid::successors (detail/Directions.hpp order).
constexpr unsigned kN = 1u << 0, kE = 1u << 1, kNE = 1u << 4, kSE = 1u << 5;
constexpr int kEast = 1, kNorthEast = 4;

/// The kept directions at cell (x, y) of `flat` entered in direction k.
unsigned keptAt(const NavGrid& grid, const WeightedJumpGrid& flat, int x, int y, int k)
{
    return flat.successors(std::uint32_t((y + 1) * grid.stride() + x + 1), k);
}

} // namespace

TEST_CASE("WeightedJumpSearch: the local rule keeps what no way around the cell matches", "[path][jpsw]")
{
    // Cost 1 around a road of cost 0.5 along row 3 and one dear cell (cost 10) at (6, 1).
    CostField f(12, 7, 1.0f);
    for (int x = 0; x < 12; ++x)
        f.at({x, 3}) = 0.5f;
    f.at({6, 1}) = 10.0f;
    NavGrid grid;
    REQUIRE(grid.reset(12, 7));
    REQUIRE(grid.addLayer("w", f, MoveRules{}) == 0);  // diagonal factor 1.414
    WeightedJumpGrid flat;
    REQUIRE(flat.build(grid, 0));
    // Uniform cost: jump point search's rules. Straight on keeps straight on only: the
    // diagonal ahead ties with the way through the side cell, which turns first (canonical).
    CHECK(keptAt(grid, flat, 2, 5, kEast) == kE);
    CHECK(keptAt(grid, flat, 2, 5, kNorthEast) == (kNE | kN | kE));
    // Beside the road: the road cells cost less, yet nothing beats going on east.
    CHECK(keptAt(grid, flat, 4, 2, kEast) == kE);
    CHECK(flat.passes(5, 3, kEast));
    // On the road: leaving it one cell later is cheaper, so both diagonals stay; a straight
    // step off it costs more than the diagonal from the cell behind.
    CHECK(keptAt(grid, flat, 4, 3, kEast) == (kE | kNE | kSE));
    CHECK_FALSE(flat.passes(5, 4, kEast));
    // Entering the dear cell is never worth going on: every neighbour is cheaper around it,
    // straight on too (two diagonals through a side cell).
    CHECK(keptAt(grid, flat, 6, 1, kEast) == 0u);
    CHECK(flat.jumpPoints() > 0u);
    WeightedJumpSearch jpsw;
    PathResult r;
    GridQuery astar;
    PathResult a;
    REQUIRE(jpsw.findPath(grid, 0, flat, {0, 1}, {11, 0}, r) == PathStatus::Found);
    REQUIRE(astar.findPath(grid, 0, {0, 1}, {11, 0}, a) == PathStatus::Found);
    CHECK(r.cost == Approx(a.cost));
    testsupport::checkStepPath(grid, 0, r, {0, 1});
    REQUIRE(jpsw.findPath(grid, 0, flat, {0, 3}, {11, 3}, r) == PathStatus::Found);
    CHECK(r.cost == Approx(11 * 0.5));  // along the road
    testsupport::checkStepPath(grid, 0, r, {0, 3});
}

TEST_CASE("WeightedJumpSearch: partial paths and NoPath and refusals and stale planes", "[path][jpsw]")
{
    CostField f(9, 5, 2.0f);
    for (int y = 0; y < 5; ++y)
        f.at({4, y}) = Impassable;
    f.at({1, 1}) = 0.5f;
    NavGrid grid;
    REQUIRE(grid.reset(9, 5));
    REQUIRE(grid.addLayer("w", f, MoveRules{}) == 0);
    WeightedJumpGrid flat;
    PathResult r;
    WeightedJumpSearch jpsw;
    CHECK(jpsw.findPath(grid, 0, flat, {0, 0}, {3, 3}, r) == PathStatus::InvalidInput);  // not built
    REQUIRE(flat.build(grid, 0));
    CHECK(jpsw.findPath(grid, 0, flat, {4, 0}, {3, 3}, r) == PathStatus::StartInvalid);
    CHECK(jpsw.findPath(grid, 0, flat, {0, 0}, {9, 3}, r) == PathStatus::GoalInvalid);
    REQUIRE(jpsw.findPath(grid, 0, flat, {0, 0}, {8, 4}, r) == PathStatus::Partial);
    CHECK(r.path.back() == TileCoord{3, 4});
    testsupport::checkStepPath(grid, 0, r, {0, 0});
    jpsw.setPartialPaths(false);
    CHECK(jpsw.findPath(grid, 0, flat, {0, 0}, {8, 4}, r) == PathStatus::NoPath);
    CHECK(r.path.empty());

    // An edit without update(): the planes are stale until patched.
    const CellChange open[] = {{{4, 2}, 1.0f}};
    const isostar::path::NavDirty dirty = grid.apply(0, open);
    CHECK(jpsw.findPath(grid, 0, flat, {0, 0}, {8, 4}, r) == PathStatus::InvalidInput);
    REQUIRE(flat.update(grid, dirty));
    CHECK(jpsw.findPath(grid, 0, flat, {0, 0}, {8, 4}, r) == PathStatus::Found);
    testsupport::checkStepPath(grid, 0, r, {0, 0});

    // Other diagonal rules, or a factor outside [1, 2): refused.
    for (DiagonalMode mode : {DiagonalMode::Never, DiagonalMode::AtMostOneObstacle, DiagonalMode::Always}) {
        MoveRules rules;
        rules.diagonal = mode;
        REQUIRE(grid.setRules(0, rules));
        CHECK_FALSE(WeightedJumpSearch::supports(grid, 0));
    }
    MoveRules wide;
    wide.diagonalFactor = 2.5;
    REQUIRE(grid.setRules(0, wide));
    CHECK_FALSE(WeightedJumpSearch::supports(grid, 0));
    REQUIRE(flat.build(grid, 0));
    CHECK(jpsw.findPath(grid, 0, flat, {0, 0}, {3, 3}, r) == PathStatus::InvalidInput);
}

TEST_CASE("WeightedJumpSearch: update() after replaceLayer and for other layers and other grids", "[path][jpsw]")
{
    std::mt19937 rng(51);
    NavGrid grid;
    REQUIRE(grid.reset(40, 30));
    REQUIRE(grid.addLayer("walker", weightedField(rng, 40, 30, 0.1), MoveRules{}) == 0);
    REQUIRE(grid.addLayer("other", weightedField(rng, 40, 30, 0.1), MoveRules{}) == 1);
    WeightedJumpGrid flat;
    REQUIRE(flat.build(grid, 0));
    // An edit of another layer leaves the planes as they are (and still matching layer 0).
    const CellChange wall[] = {{{3, 3}, Impassable}};
    REQUIRE(flat.update(grid, grid.apply(1, wall)));
    CHECK(flat.matches(grid, 0));
    // A whole new field for layer 0: every changed cell is patched.
    const isostar::path::NavDirty dirty = grid.replaceLayer(0, weightedField(rng, 40, 30, 0.2), MoveRules{});
    REQUIRE(dirty.layer == 0);
    REQUIRE(flat.update(grid, dirty));
    CHECK(flat.matches(grid, 0));
    checkPlanesFresh(grid, flat);
    WeightedJumpSearch jpsw;
    CHECK(compareQueries(rng, grid, flat, jpsw, 20) > 0);
    // Planes of a grid of another size cannot be patched: the caller rebuilds.
    NavGrid small;
    REQUIRE(small.reset(10, 10));
    REQUIRE(small.addLayer("walker", CostField(10, 10), MoveRules{}) == 0);
    CHECK_FALSE(flat.update(small, small.apply(0, wall)));
    CHECK_FALSE(flat.matches(small, 0));
}

TEST_CASE("detail::RowOf: the jump searches' node / stride by multiply is the division, exactly", "[path][jpsw]")
{
    std::mt19937 rng(5);
    std::uniform_int_distribution<std::uint32_t> any;
    for (const int stride : {2, 3, 7, 64, 506, 2018, 65535, 100003, 2147483647}) {
        const isostar::path::detail::RowOf rowOf(stride);
        const std::uint32_t s = std::uint32_t(stride);
        std::vector<std::uint32_t> nodes = {0u, 1u, s - 1, s, s + 1, 0xFFFFFFFFu, 0xFFFFFFFFu - s};
        for (std::uint32_t k = 1; k < 1000; ++k)
            nodes.push_back(k * s - 1);  // the last node of a row, where rounding up would show (wraps for large strides)
        for (int k = 0; k < 10000; ++k)
            nodes.push_back(any(rng));
        for (const std::uint32_t n : nodes) {
            INFO("stride " << stride << ", node " << n);
            REQUIRE(rowOf(n) == int(n / s));
        }
    }
}
