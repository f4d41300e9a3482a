// NavGrid: layers, incremental apply() against a grid built from the edited field, dirty
// reports, versions, replaceLayer.

#include "engine/path/GridPathfinder.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::DiagonalMode;
using isostar::path::GridPathfinder;
using isostar::path::GridQuery;
using isostar::path::Impassable;
using isostar::path::MoveRules;
using isostar::path::NavDirty;
using isostar::path::NavGrid;
using isostar::path::PathResult;

namespace {

float randomCost(std::mt19937& rng)
{
    std::uniform_int_distribution<int> kind(0, 9);
    switch (kind(rng)) {
    case 0:
    case 1: return Impassable;
    case 2: return 0.5f;
    case 3: return 0.05f;
    case 4: return 3.0f;
    case 5: return 7.5f;
    default: return 1.0f;
    }
}

CostField islandField(std::mt19937& rng, int w, int h)
{
    CostField f(w, h);
    for (float& c : f.cost)
        c = randomCost(rng);
    return f;
}

/// Same partition into islands (ids may differ): a bijection between the ids of a and b.
bool sameIslands(const NavGrid& a, int la, const NavGrid& b, int lb)
{
    if (a.islandCount(la) != b.islandCount(lb))
        return false;
    std::map<int, int> ab, ba;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const int ia = a.islandOf(la, {x, y});
            const int ib = b.islandOf(lb, {x, y});
            if ((ia < 0) != (ib < 0))
                return false;
            if (ia < 0)
                continue;
            if (ab.emplace(ia, ib).first->second != ib || ba.emplace(ib, ia).first->second != ia)
                return false;
        }
    return true;
}

} // namespace

TEST_CASE("NavGrid: reset and addLayer validate their input", "[path][navgrid]")
{
    NavGrid grid;
    CHECK_FALSE(grid.reset(0, 5));
    CHECK_FALSE(grid.reset(70000, 2));
    REQUIRE(grid.reset(4, 3));
    CHECK(grid.layerCount() == 0);
    CHECK(grid.addLayer("bad", CostField(3, 3), MoveRules{}) == -1);
    CostField zero(4, 3);
    zero.at({1, 1}) = 0.0f;
    CHECK(grid.addLayer("zero", zero, MoveRules{}) == -1);
    MoveRules badRules;
    badRules.weight = 0.0;
    CHECK(grid.addLayer("rules", CostField(4, 3), badRules) == -1);
    CHECK(grid.addLayer("walker", CostField(4, 3), MoveRules{}) == 0);
    CHECK(grid.addLayer("dwarf", CostField(4, 3, 2.0f), MoveRules{}) == 1);
    CHECK(grid.findLayer("dwarf") == 1);
    CHECK(grid.findLayer("elf") == -1);
    CHECK(grid.layerName(0) == "walker");
    CHECK(grid.cost(1, {2, 2}) == 2.0f);
    CHECK(grid.cost(1, {4, 2}) == Impassable);
    CHECK(grid.cost(5, {0, 0}) == Impassable);
    CHECK(grid.minCellCost(1) == 2.0);
    CHECK(grid.islandOf(0, {-1, 0}) == -1);
}

TEST_CASE("NavGrid: apply reports the cells that really changed and bumps the version", "[path][navgrid]")
{
    NavGrid grid;
    REQUIRE(grid.reset(5, 5));
    REQUIRE(grid.addLayer("a", CostField(5, 5), MoveRules{}) == 0);
    REQUIRE(grid.addLayer("b", CostField(5, 5), MoveRules{}) == 1);
    const std::uint64_t v0 = grid.version();
    const std::uint64_t b0 = grid.layerVersion(1);

    const CellChange same[] = {{{1, 1}, 1.0f}, {{9, 9}, 3.0f}};
    NavDirty d = grid.apply(0, same);
    CHECK(d.layer == 0);
    CHECK(d.cells.empty());
    CHECK_FALSE(d.islandsChanged);
    CHECK(grid.version() == v0);

    const CellChange some[] = {{{1, 1}, 2.0f}, {{2, 1}, 1.0f}, {{3, 3}, 4.0f}, {{3, 3}, 1.0f}, {{4, 4}, 5.0f}};
    d = grid.apply(0, some);
    CHECK(d.cells == std::vector<TileCoord>{{1, 1}, {4, 4}});  // (3,3) went back to 1: unchanged
    CHECK_FALSE(d.islandsChanged);
    CHECK(grid.version() > v0);
    CHECK(d.version == grid.version());
    CHECK(grid.layerVersion(0) == grid.version());
    CHECK(grid.layerVersion(1) == b0);  // the other layer is untouched
    CHECK(grid.cost(1, {1, 1}) == 1.0f);

    const CellChange wall[] = {{{2, 0}, Impassable}, {{2, 1}, Impassable}, {{2, 2}, Impassable},
                               {{2, 3}, Impassable}, {{2, 4}, Impassable}};
    d = grid.apply(0, wall);
    CHECK(d.islandsChanged);
    CHECK(grid.islandCount(0) == 2);
    CHECK_FALSE(grid.reachable(0, {0, 0}, {4, 4}));
    CHECK(grid.reachable(1, {0, 0}, {4, 4}));

    const std::uint64_t v1 = grid.version();
    const CellChange invalid[] = {{{0, 0}, 3.0f}, {{1, 0}, -1.0f}};
    d = grid.apply(0, invalid);
    CHECK(d.layer == -1);
    CHECK(grid.cost(0, {0, 0}) == 1.0f);  // nothing applied
    CHECK(grid.version() == v1);
    CHECK(grid.apply(7, some).layer == -1);
}

TEST_CASE("NavGrid: random apply sequences equal a grid built from the edited field", "[path][navgrid]")
{
    std::mt19937 rng(20240611u);
    for (int round = 0; round < 60; ++round) {
        std::uniform_int_distribution<int> sizeDist(1, 24);
        const int w = sizeDist(rng), h = sizeDist(rng);
        MoveRules rules;
        rules.diagonal = DiagonalMode(std::uniform_int_distribution<int>(0, 3)(rng));
        CostField field = islandField(rng, w, h);
        NavGrid grid;
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("l", field, rules) == 0);
        GridQuery query;
        for (int edit = 0; edit < 8; ++edit) {
            std::vector<CellChange> changes;
            const int n = std::uniform_int_distribution<int>(0, 12)(rng);
            for (int i = 0; i < n; ++i) {
                // Some off-map cells and repeats on purpose.
                const TileCoord c{std::uniform_int_distribution<int>(-1, w)(rng),
                                  std::uniform_int_distribution<int>(-1, h)(rng)};
                changes.push_back({c, randomCost(rng)});
            }
            const CostField before = field;
            for (const CellChange& ch : changes)
                if (field.inBounds(ch.cell))
                    field.at(ch.cell) = ch.cost;
            const NavDirty dirty = grid.apply(0, changes);
            REQUIRE(dirty.layer == 0);
            std::vector<TileCoord> expectDirty;
            for (int i = 0; i < w * h; ++i)
                if (before.cost[std::size_t(i)] != field.cost[std::size_t(i)])
                    expectDirty.push_back(field.coord(i));
            CHECK(dirty.cells == expectDirty);

            NavGrid fresh;
            REQUIRE(fresh.reset(w, h));
            REQUIRE(fresh.addLayer("l", field, rules) == 0);
            REQUIRE(grid.costField(0) == field);
            CHECK(grid.minCellCost(0) == fresh.minCellCost(0));
            CHECK(grid.maxCellCost(0) == fresh.maxCellCost(0));
            CHECK(grid.heuristicScale(0) == fresh.heuristicScale(0));
            CHECK(sameIslands(grid, 0, fresh, 0));

            // Queries after the edits equal a fresh GridPathfinder's, bit for bit.
            GridPathfinder finder;
            REQUIRE(finder.init(field, rules));
            for (int q = 0; q < 4; ++q) {
                const TileCoord s{std::uniform_int_distribution<int>(0, w - 1)(rng),
                                  std::uniform_int_distribution<int>(0, h - 1)(rng)};
                const TileCoord g{std::uniform_int_distribution<int>(0, w - 1)(rng),
                                  std::uniform_int_distribution<int>(0, h - 1)(rng)};
                PathResult a, b;
                query.findPath(grid, 0, s, g, a);
                finder.findPath(s, g, b);
                CHECK(a == b);
            }
        }
    }
}

TEST_CASE("NavGrid: walls and gaps drawn on a big layer keep the islands a fresh grid finds", "[path][navgrid]")
{
    // apply() updates islands without a flood of the whole map where it can show the partition
    // is kept (a closed cell's neighbours still meet, an opened cell joins one island), and
    // floods where an island splits, merges or vanishes: lines of walls and gaps of every
    // length, some cutting the map in two, on the four diagonal rules.
    std::mt19937 rng(20261128u);
    const int w = 150, h = 120;
    for (int mode = 0; mode < 4; ++mode) {
        MoveRules rules;
        rules.diagonal = DiagonalMode(mode);
        CostField field(w, h);
        for (float& c : field.cost)
            c = std::uniform_int_distribution<int>(0, 9)(rng) == 0 ? Impassable : 1.0f + float(rng() % 3);
        NavGrid grid;
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("l", field, rules) == 0);
        for (int edit = 0; edit < 40; ++edit) {
            const bool wall = std::uniform_int_distribution<int>(0, 2)(rng) != 0;
            const bool across = std::uniform_int_distribution<int>(0, 9)(rng) == 0;
            const int length = across ? w : std::uniform_int_distribution<int>(1, 14)(rng);
            TileCoord c{across ? 0 : std::uniform_int_distribution<int>(0, w - 1)(rng),
                        std::uniform_int_distribution<int>(0, h - 1)(rng)};
            const TileCoord step = std::uniform_int_distribution<int>(0, 1)(rng) == 0 || across
                                       ? TileCoord{1, 0} : TileCoord{0, 1};
            std::vector<CellChange> changes;
            for (int i = 0; i < length && field.inBounds(c); ++i, c = {c.x + step.x, c.y + step.y}) {
                changes.push_back({c, wall ? Impassable : 1.0f});
                field.at(c) = wall ? Impassable : 1.0f;
            }
            REQUIRE(grid.apply(0, changes).layer == 0);
            NavGrid fresh;
            REQUIRE(fresh.reset(w, h));
            REQUIRE(fresh.addLayer("l", field, rules) == 0);
            INFO("mode " << mode << ", edit " << edit << (wall ? " wall" : " gap") << (across ? " across" : ""));
            REQUIRE(sameIslands(grid, 0, fresh, 0));
        }
    }
}

TEST_CASE("NavGrid: an edit that keeps the islands keeps their ids", "[path][navgrid]")
{
    // Open ground with a wall through the middle: islands 0 (west) and 1 (east).
    CostField field(9, 5, 1.0f);
    for (int y = 0; y < 5; ++y)
        field.at({4, y}) = Impassable;
    NavGrid grid;
    REQUIRE(grid.reset(9, 5));
    REQUIRE(grid.addLayer("l", field, MoveRules{}) == 0);
    REQUIRE(grid.islandCount(0) == 2);
    const int west = grid.islandOf(0, {0, 0}), east = grid.islandOf(0, {8, 4});
    // A wall cell in the west that splits nothing: every id stays.
    const std::vector<CellChange> post{{{2, 2}, Impassable}};
    REQUIRE(grid.apply(0, post).islandsChanged);
    CHECK(grid.islandOf(0, {2, 2}) == -1);
    CHECK(grid.islandOf(0, {0, 0}) == west);
    CHECK(grid.islandOf(0, {8, 4}) == east);
    // A pocket walled off in the west's corner and then opened alone: a new island after the
    // others (a flood of the map would number it by its place, first).
    const std::vector<CellChange> pocket{{{0, 1}, Impassable}, {{1, 0}, Impassable}, {{0, 0}, Impassable}};
    grid.apply(0, pocket);
    const std::vector<CellChange> open{{{0, 0}, 1.0f}};
    REQUIRE(grid.apply(0, open).islandsChanged);
    CHECK(grid.islandCount(0) == 3);
    CHECK(grid.islandOf(0, {0, 0}) == 2);
    CHECK(grid.islandOf(0, {8, 4}) == east);
}

TEST_CASE("NavGrid: replaceLayer and setRules", "[path][navgrid]")
{
    NavGrid grid;
    REQUIRE(grid.reset(3, 2));
    REQUIRE(grid.addLayer("l", CostField(3, 2), MoveRules{}) == 0);
    CostField next(3, 2);
    next.at({1, 0}) = Impassable;
    next.at({2, 1}) = 4.0f;
    NavDirty d = grid.replaceLayer(0, next, MoveRules{});
    CHECK(d.cells == std::vector<TileCoord>{{1, 0}, {2, 1}});
    CHECK(d.islandsChanged);
    CHECK_FALSE(d.rulesChanged);
    CHECK(grid.costField(0) == next);

    const std::uint64_t v = grid.version();
    MoveRules four;
    four.diagonal = DiagonalMode::Never;
    d = grid.replaceLayer(0, next, four);
    CHECK(d.cells.empty());
    CHECK(d.rulesChanged);
    CHECK(grid.version() > v);
    CHECK(grid.replaceLayer(0, CostField(2, 2), four).layer == -1);

    const std::uint64_t v2 = grid.version();
    CHECK(grid.setRules(0, four));  // same rules: nothing changes
    CHECK(grid.version() == v2);
    MoveRules bad;
    bad.diagonalFactor = -1.0;
    CHECK_FALSE(grid.setRules(0, bad));
    CHECK(grid.setRules(0, MoveRules{}));
    CHECK(grid.version() > v2);
    CHECK(grid.rules(0) == MoveRules{});
}

TEST_CASE("NavGrid: layers with equal islands share one array until one of them changes", "[path][navgrid]")
{
    NavGrid grid;
    REQUIRE(grid.reset(6, 4));
    CostField walls(6, 4);
    for (int y = 0; y < 4; ++y)
        walls.at({3, y}) = Impassable;  // two islands: x < 3 and x > 3
    CostField dearer = walls;
    for (float& c : dearer.cost)
        if (c < Impassable)
            c = 2.5f;
    CostField open(6, 4);
    REQUIRE(grid.addLayer("walker", walls, MoveRules{}) == 0);
    REQUIRE(grid.addLayer("dwarf", dearer, MoveRules{}) == 1);
    REQUIRE(grid.addLayer("ghost", open, MoveRules{}) == 2);
    CHECK(grid.paddedIslands(0) == grid.paddedIslands(1));  // same passability: shared
    CHECK(grid.paddedIslands(2) != grid.paddedIslands(0));
    CHECK(grid.islandCount(1) == 2);
    CHECK(grid.islandCount(2) == 1);

    // A wall gap for the dwarf only: its islands become its own, the walker's stay.
    const CellChange gap[] = {{{3, 0}, 1.0f}};
    const NavDirty d = grid.apply(1, gap);
    CHECK(d.islandsChanged);
    CHECK(grid.paddedIslands(0) != grid.paddedIslands(1));
    CHECK(grid.islandCount(0) == 2);
    CHECK(grid.islandCount(1) == 1);
    CHECK_FALSE(grid.reachable(0, {0, 0}, {5, 0}));
    CHECK(grid.reachable(1, {0, 0}, {5, 0}));
    // Walled again: equal to the walker's islands, so shared again.
    const CellChange wall[] = {{{3, 0}, Impassable}};
    CHECK(grid.apply(1, wall).islandsChanged);
    CHECK(grid.paddedIslands(0) == grid.paddedIslands(1));
    CHECK_FALSE(grid.reachable(1, {0, 0}, {5, 0}));
}
