// LandmarkBuild::OnDemand (the game's): no table is built until a query asks for a layer's; the
// owner's pollLandmarks() then builds it in the background, only for that layer, and an edit
// that lowers a cost while it builds keeps the stale table from being published.

#include "engine/path/GridQuery.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/path/NavGrid.hpp"

#include <catch2/catch.hpp>

#include <vector>

using isostar::TileCoord;
using isostar::path::CellChange;
using isostar::path::CostField;
using isostar::path::GridQuery;
using isostar::path::LandmarkBuild;
using isostar::path::LandmarkMode;
using isostar::path::MoveRules;
using isostar::path::NavGrid;
using isostar::path::PathResult;
using isostar::path::PathStatus;

namespace {

/// An open field of cost 2 with a wall across the middle that leaves a gap at the right.
CostField wallField(int w, int h)
{
    CostField f(w, h);
    for (float& c : f.cost)
        c = 2.0f;
    for (int x = 0; x < w - 3; ++x)
        f.at({x, h / 2}) = isostar::path::Impassable;
    return f;
}

/// Polls until no background build runs (no timing: each poll is cheap and non-blocking).
void pollUntilIdle(NavGrid& grid)
{
    grid.pollLandmarks();
    while (grid.landmarksBuilding())
        grid.pollLandmarks();
}

} // namespace

TEST_CASE("on-demand landmarks: built in the background only for the layers a query asked for",
          "[path][landmarks]")
{
    const CostField f = wallField(48, 48);
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.setLandmarkBuild(LandmarkBuild::OnDemand);
    grid.reset(48, 48);
    const int used = grid.addLayer("used", f, MoveRules{});
    const int idle = grid.addLayer("idle", f, MoveRules{});
    CHECK(grid.landmarkBuild() == LandmarkBuild::OnDemand);  // reset() kept it
    CHECK(grid.landmarksPending(used));
    CHECK(grid.landmarksPending(idle));
    CHECK_FALSE(grid.pollLandmarks());
    CHECK_FALSE(grid.landmarksBuilding());  // nobody asked yet: nothing is built

    // A search before the table lands runs on the plain bound and finds the optimal path.
    GridQuery q;
    PathResult plain;
    REQUIRE(q.findPath(grid, used, {2, 2}, {2, 45}, plain) == PathStatus::Found);
    grid.pollLandmarks();
    CHECK(grid.landmarksBuilding());
    pollUntilIdle(grid);
    REQUIRE(grid.landmarks(used));
    CHECK_FALSE(grid.landmarksPending(used));
    CHECK(grid.landmarksPending(idle));  // never asked for: still no table

    PathResult withTable;
    REQUIRE(q.findPath(grid, used, {2, 2}, {2, 45}, withTable) == PathStatus::Found);
    CHECK(withTable.cost == Approx(plain.cost).epsilon(1e-9));

    // Asked for later, the other layer gets its table too (builds run one at a time).
    CHECK_FALSE(grid.landmarks(idle));
    pollUntilIdle(grid);
    CHECK(grid.landmarks(idle));
    CHECK(grid.landmarks(used));
}

TEST_CASE("on-demand landmarks: an edit during the build keeps the stale table out", "[path][landmarks]")
{
    const CostField f = wallField(48, 48);
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.setLandmarkBuild(LandmarkBuild::OnDemand);
    grid.reset(48, 48);
    const int layer = grid.addLayer("l", f, MoveRules{});
    CHECK_FALSE(grid.landmarks(layer));  // asks for it
    grid.pollLandmarks();                // the build starts from a snapshot of these costs
    REQUIRE(grid.landmarksBuilding());
    // A gap opens in the wall: the snapshot's distances may now overestimate.
    const std::vector<CellChange> open{{{3, 24}, 2.0f}};
    grid.apply(layer, open);
    pollUntilIdle(grid);
    // The table was built again from the edited costs (the layer stayed wanted), never from the
    // stale snapshot: the path through the new gap is found at its true cost.
    REQUIRE(grid.landmarks(layer));
    GridQuery q;
    PathResult r;
    REQUIRE(q.findPath(grid, layer, {3, 20}, {3, 28}, r) == PathStatus::Found);
    CHECK(r.cost == Approx(8 * 2.0).epsilon(1e-9));
}

TEST_CASE("switching back to eager builds the missing tables at once", "[path][landmarks]")
{
    const CostField f = wallField(32, 32);
    NavGrid grid;
    grid.setLandmarks({LandmarkMode::On, 4});
    grid.setLandmarkBuild(LandmarkBuild::OnDemand);
    grid.reset(32, 32);
    const int layer = grid.addLayer("l", f, MoveRules{});
    CHECK(grid.landmarksPending(layer));
    grid.setLandmarkBuild(LandmarkBuild::Eager);
    CHECK(grid.landmarks(layer));
}
