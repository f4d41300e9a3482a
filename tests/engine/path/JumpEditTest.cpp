// Jump tables kept exact across live edits: on random maps, random square brushes (1x1 to 5x5,
// so 1 to 25 cells) paint walls and erase them (the cells get their former costs back, or the
// floor's where a wall of the map is erased), each edit patched into the table in place by
// WeightedJumpGrid::update (the same table, never built again), interleaved with queries: jps
// on uniform maps and jpsw on weighted ones return plain A*'s status and cost, and the patched
// table equals a fresh build bit for bit (successors, straight and diagonal planes).

#include "engine/path/GridQuery.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "tests/support/Scale.hpp"
#include "tests/engine/path/StepPath.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::Impassable;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::path::WeightedJumpGrid;

namespace {

/// A map of `floor` with random walls, wall segments and (weighted) rectangles of other costs.
CostField editField(std::mt19937& rng, int w, int h, bool weighted)
{
    const float costs[] = {1.0f, 0.5f, 2.0f, 3.0f};
    CostField f(w, h, 1.0f);
    std::uniform_int_distribution<int> px(0, w - 1), py(0, h - 1), len(1, std::max(1, std::max(w, h) / 3));
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int k = 0; weighted && k < 2 + (w + h) / 12; ++k) {
        const int x0 = px(rng), y0 = py(rng), rw = len(rng), rh = len(rng);
        const float c = costs[std::size_t(rng() % 4)];
        for (int y = y0; y < std::min(h, y0 + rh); ++y)
            for (int x = x0; x < std::min(w, x0 + rw); ++x)
                f.at({x, y}) = c;
    }
    const double density = u(rng) * 0.3;
    for (float& c : f.cost)
        if (u(rng) < density)
            c = Impassable;
    for (int k = 0; k < (w + h) / 8; ++k) {
        const int x = px(rng), y = py(rng), n = len(rng);
        for (int i = 0; i < n; ++i) {
            const TileCoord c = (k & 1) ? TileCoord{x, y + i} : TileCoord{x + i, y};
            if (f.inBounds(c))
                f.at(c) = Impassable;
        }
    }
    return f;
}

/// A brush of `size` x `size` cells at a random place: walls painted, or erased (the cells get
/// `floor`'s costs: the map's own cost, its floor cost for a wall of the map).
std::vector<CellChange> brush(std::mt19937& rng, const NavGrid& grid, const CostField& floor, bool paint)
{
    const int size = std::uniform_int_distribution<int>(1, 5)(rng);
    const int x0 = std::uniform_int_distribution<int>(-2, grid.width() - 1)(rng);
    const int y0 = std::uniform_int_distribution<int>(-2, grid.height() - 1)(rng);
    std::vector<CellChange> changes;
    for (int y = std::max(0, y0); y < std::min(grid.height(), y0 + size); ++y)
        for (int x = std::max(0, x0); x < std::min(grid.width(), x0 + size); ++x) {
            const float own = floor.at({x, y});
            changes.push_back({{x, y}, paint ? Impassable : own < Impassable ? own : 1.0f});
        }
    return changes;
}

TileCoord randomCell(std::mt19937& rng, const NavGrid& grid)
{
    return {std::uniform_int_distribution<int>(0, grid.width() - 1)(rng),
            std::uniform_int_distribution<int>(0, grid.height() - 1)(rng)};
}

/// Edits and queries on random maps (`weighted`: jpsw on weighted maps, else jps on uniform ones).
/// `landmarks`: the jump search runs on a copy of the grid with a landmark table (4 landmarks),
/// edited alike: walls painted keep it (a lower bound still), walls erased make it unusable
/// until a rebuild, waited for after every fourth edit.
void editAndCompare(unsigned seed, bool weighted, bool landmarks = false)
{
    std::mt19937 rng(seed);
    isostar::path::GridQuery astar;  // plain A*: landmarks off (the grids have none)
    isostar::path::JumpPointSearch jps;
    isostar::path::WeightedJumpSearch jpsw;
    PathResult a, j;
    for (int m = 0; m < testsupport::scaled(10); ++m) {
        const int w = std::uniform_int_distribution<int>(6, 140)(rng);
        const int h = std::uniform_int_distribution<int>(6, 140)(rng);
        const CostField field = editField(rng, w, h, weighted);
        NavGrid grid;
        grid.setLandmarks({isostar::path::LandmarkMode::Off});
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("walker", field, isostar::path::MoveRules{}) == 0);
        NavGrid marked;  // the jump search's grid when `landmarks`
        marked.setLandmarks({landmarks ? isostar::path::LandmarkMode::On : isostar::path::LandmarkMode::Off, 4});
        REQUIRE(marked.reset(w, h));
        REQUIRE(marked.addLayer("walker", field, isostar::path::MoveRules{}) == 0);
        REQUIRE((marked.landmarks(0) != nullptr) == landmarks);
        WeightedJumpGrid table;
        REQUIRE(table.build(marked, 0));
        const WeightedJumpGrid* const inPlace = &table;
        for (int edit = 0; edit < 16; ++edit) {
            const bool paint = std::uniform_int_distribution<int>(0, 2)(rng) != 0;
            const std::vector<CellChange> changes = brush(rng, grid, field, paint);
            grid.apply(0, changes);
            const isostar::path::NavDirty dirty = marked.apply(0, changes);
            REQUIRE(dirty.layer == 0);
            REQUIRE(table.update(marked, dirty));
            REQUIRE(table.matches(marked, 0));
            REQUIRE(&table == inPlace);
            if (edit % 4 == 3)
                marked.waitLandmarks();  // a rebuilt table after erased walls
            INFO("seed " << seed << " map " << m << " (" << w << "x" << h << ") edit " << edit);
            WeightedJumpGrid fresh;
            REQUIRE(fresh.build(marked, 0));
            REQUIRE(table.sameTable(fresh));
            if (!weighted)
                REQUIRE(isostar::path::JumpPointSearch::supports(grid, 0));
            for (int q = 0; q < 6; ++q) {
                TileCoord s = randomCell(rng, grid);
                for (int tries = 0; tries < 20 && !grid.passable(0, s); ++tries)
                    s = randomCell(rng, grid);
                const TileCoord g = randomCell(rng, grid);
                INFO("query " << s << " -> " << g);
                const PathStatus sa = astar.findPath(grid, 0, s, g, a);
                const PathStatus sj = weighted ? jpsw.findPath(marked, 0, table, s, g, j)
                                               : jps.findPath(marked, 0, table, s, g, j);
                REQUIRE(sj == sa);
                if (!isostar::path::hasPath(sj))
                    continue;
                CHECK(j.cost == Approx(a.cost).epsilon(1e-12).margin(1e-9));
                testsupport::checkStepPath(grid, 0, j, s);
            }
        }
    }
}

} // namespace

TEST_CASE("Jump tables: random wall brushes patched in place, jps equals plain A*", "[path][jps][edits]")
{
    for (unsigned seed : {3u, 17u})
        editAndCompare(seed, false);
}

TEST_CASE("Jump tables: random wall brushes patched in place, jps with landmarks equals plain A*",
          "[path][jps][edits]")
{
    for (unsigned seed : {7u, 41u})
        editAndCompare(seed, false, true);
}

TEST_CASE("Jump tables: random wall brushes patched in place, jpsw equals plain A*", "[path][jpsw][edits]")
{
    for (unsigned seed : {5u, 29u})
        editAndCompare(seed, true);
}

TEST_CASE("Jump tables: the diagonal skip bits are what a cell-by-cell walk does", "[path][jps]")
{
    // A diagonal jump skips a cell exactly when it keeps the diagonal, nothing forced, and its
    // straight jumps end in dead ends; the flat plane is the cells whose 3x3 is open and of one
    // cost.
    std::mt19937 rng(11);
    for (int m = 0; m < 6; ++m) {
        const int w = std::uniform_int_distribution<int>(3, 90)(rng);
        const int h = std::uniform_int_distribution<int>(3, 90)(rng);
        NavGrid grid;
        REQUIRE(grid.reset(w, h));
        REQUIRE(grid.addLayer("walker", editField(rng, w, h, m % 2 == 1), isostar::path::MoveRules{}) == 0);
        WeightedJumpGrid table;
        REQUIRE(table.build(grid, 0));
        for (int y = 0; y < h + 2; ++y)
            for (int x = 0; x < w + 2; ++x)
                for (int k = 4; k < 8; ++k) {
                    const int dx = isostar::path::detail::kDx[k], dy = isostar::path::detail::kDy[k];
                    const int kx = dx > 0 ? 1 : 3, ky = dy > 0 ? 2 : 0;
                    const unsigned kept = table.successors(std::uint32_t(y * grid.stride() + x), k);
                    const bool pass = ((kept >> k) & 1u) && (kept & ~((1u << k) | (1u << kx) | (1u << ky))) == 0 &&
                                      (!((kept >> kx) & 1u) || table.deadEnd(x + dx, y, kx)) &&
                                      (!((kept >> ky) & 1u) || table.deadEnd(x, y + dy, ky));
                    INFO("padded " << x << "," << y << " direction " << k);
                    bool flat = true;  // the 3x3 is open and of one cost
                    for (int ny = y - 1; ny <= y + 1; ++ny)
                        for (int nx = x - 1; nx <= x + 1; ++nx)
                            flat = flat && grid.cost(0, {nx - 1, ny - 1}) == grid.cost(0, {x - 1, y - 1}) &&
                                   grid.passable(0, {x - 1, y - 1});
                    REQUIRE(table.diagonalFlat() == !grid.uniformCost(0));
                    REQUIRE(table.diagonalPasses(x, y, k) == (pass && (flat || !table.diagonalFlat())));
                    REQUIRE(table.flat(x, y) == flat);
                }
    }
}
