// What a big map's play leans on to bound its memory: a limit on the landmark tables held under
// LandmarkBuild::OnDemand (one table, following the layer asked for now; an idle one is dropped),
// and query scratch that can be freed (GridQuery::shrinkOpenList / releaseScratch,
// PathService::releaseIdleScratch) without changing any result.

#include "engine/path/GridQuery.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"

#include <catch2/catch.hpp>

#include <limits>
#include <vector>

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::GridQuery;
using isostar::path::LandmarkBuild;
using isostar::path::LandmarkMode;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;

namespace {

/// Costs 1 to 4 in stripes with a wall across the middle that leaves a gap at the right.
CostField stripedWallField(int w, int h)
{
    CostField f(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            f.at({x, y}) = 1.0f + float((x / 3 + y / 5) % 4);
    for (int x = 0; x < w - 3; ++x)
        f.at({x, h / 2}) = isostar::path::Impassable;
    return f;
}

/// One poll; `asked` layers ask for their tables first (as their queries would).
void pollAsking(NavGrid& grid, std::initializer_list<int> asked)
{
    for (int layer : asked)
        (void)grid.landmarks(layer);
    grid.pollLandmarks();
}

/// Polls (asking for `asked`) until no background build runs.
void buildAsking(NavGrid& grid, std::initializer_list<int> asked)
{
    pollAsking(grid, asked);
    while (grid.landmarksBuilding())
        pollAsking(grid, asked);
}

} // namespace

TEST_CASE("landmark table limit: one table, held by the layer in use, handed over once it is idle",
          "[path][landmarks]")
{
    const CostField f = stripedWallField(40, 40);
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.setLandmarkBuild(LandmarkBuild::OnDemand);
    grid.setLandmarkTableLimit(1, 3);
    grid.reset(40, 40);
    const int a = grid.addLayer("a", f, MoveRules{});
    const int b = grid.addLayer("b", f, MoveRules{});
    CHECK(grid.landmarkTableLimit() == 1);

    GridQuery plainQuery;
    PathResult plain;
    REQUIRE(plainQuery.findPath(grid, a, {2, 2}, {2, 37}, plain) == PathStatus::Found);  // asks for a's table
    buildAsking(grid, {});
    REQUIRE(grid.landmarks(a));
    CHECK(grid.landmarkTablesHeld() == 1);

    // b is asked for while a is in use: b waits, a keeps its table.
    for (int i = 0; i < 10; ++i) {
        pollAsking(grid, {a, b});
        CHECK_FALSE(grid.landmarksBuilding());
        CHECK(grid.landmarkTablesHeld() == 1);
    }
    CHECK_FALSE(grid.landmarks(b));

    // A search begun on a's table keeps it when the table is dropped.
    GridQuery running;
    REQUIRE(running.beginSearch(grid, a, {2, 2}, {2, 37}) == PathStatus::InProgress);
    CHECK(running.usedLandmarks());

    // a idle for more than 3 polls while b is asked for: a's table makes room for b's.
    for (int i = 0; i < 5 && !grid.landmarksBuilding(); ++i)
        pollAsking(grid, {b});
    CHECK(grid.landmarksBuilding());
    buildAsking(grid, {b});
    CHECK(grid.landmarks(b));
    CHECK(grid.landmarkTablesHeld() == 1);
    CHECK_FALSE(grid.landmarks(a));  // dropped (and asked for again)

    PathResult viaOldTable;
    REQUIRE(running.finishSearch(viaOldTable) == PathStatus::Found);
    CHECK(viaOldTable.cost == Approx(plain.cost).epsilon(1e-9));  // optimal (ties may take another path)
}

TEST_CASE("landmark table limit: a layer asked for long ago is not built", "[path][landmarks]")
{
    const CostField f = stripedWallField(32, 32);
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.setLandmarkBuild(LandmarkBuild::OnDemand);
    grid.setLandmarkTableLimit(1, 2);
    grid.reset(32, 32);
    const int a = grid.addLayer("a", f, MoveRules{});
    const int b = grid.addLayer("b", f, MoveRules{});
    pollAsking(grid, {a, b});  // both asked at once: one build, the other waits
    buildAsking(grid, {});
    CHECK(grid.landmarkTablesHeld() == 1);
    for (int i = 0; i < 8; ++i)
        pollAsking(grid, {});
    CHECK_FALSE(grid.landmarksBuilding());  // the other's ask is stale: nothing more is built
    CHECK(grid.landmarkTablesHeld() == 1);
}

TEST_CASE("query scratch freed between searches gives the same results", "[path][query]")
{
    const CostField f = stripedWallField(60, 50);
    NavGrid grid;
    grid.reset(60, 50);
    const int layer = grid.addLayer("l", f, MoveRules{});
    GridQuery fresh, reused;
    PathResult expect, got;
    REQUIRE(fresh.findPath(grid, layer, {1, 1}, {3, 48}, expect) == PathStatus::Found);
    REQUIRE(reused.findPath(grid, layer, {1, 1}, {3, 48}, got) == PathStatus::Found);
    const std::size_t full = reused.scratchBytes();
    CHECK(full >= grid.paddedSize() * 16);

    reused.shrinkOpenList(std::numeric_limits<std::size_t>::max());  // room kept
    CHECK(reused.scratchBytes() == full);
    reused.shrinkOpenList(0);
    CHECK(reused.scratchBytes() < full);
    CHECK(reused.scratchBytes() >= grid.paddedSize() * 16);  // the per-cell records stay
    std::vector<isostar::path::TraceCell> head;
    CHECK(reused.openListHead(8, head) == 0);
    REQUIRE(reused.findPath(grid, layer, {1, 1}, {3, 48}, got) == PathStatus::Found);
    CHECK(got.path == expect.path);
    CHECK(got.expanded == expect.expanded);

    reused.releaseScratch();
    CHECK(reused.scratchBytes() == 0);
    REQUIRE(reused.findPath(grid, layer, {1, 1}, {3, 48}, got) == PathStatus::Found);
    CHECK(got.path == expect.path);
    CHECK(got.cost == expect.cost);
    CHECK(got.expanded == expect.expanded);
}

TEST_CASE("path service: idle scratch freed, later requests served the same", "[path][service]")
{
    const CostField f = stripedWallField(50, 40);
    NavGrid grid;
    grid.reset(50, 40);
    const int layer = grid.addLayer("l", f, MoveRules{});
    isostar::path::PathService service(grid);
    const auto serve = [&](TileCoord goal) {
        isostar::path::PathRequest req;
        req.layer = layer;
        req.start = {1, 1};
        req.goal = goal;
        const isostar::path::PathHandle h = service.request(req);
        while (service.pending() > 0)
            service.update(std::numeric_limits<double>::infinity());
        REQUIRE(service.result(h));
        const PathResult r = *service.result(h);
        service.release(h);
        return r;
    };
    const PathResult first = serve({2, 38});
    CHECK(service.idleScratchBytes() >= grid.paddedSize() * 16);
    service.releaseIdleScratch();
    CHECK(service.idleScratchBytes() == 0);
    const PathResult second = serve({2, 38});
    CHECK(second.path == first.path);
    CHECK(second.cost == first.cost);
    GridQuery direct;
    PathResult expect;
    REQUIRE(direct.findPath(grid, layer, {1, 1}, {2, 38}, expect) == PathStatus::Found);
    CHECK(second.path == expect.path);
}
