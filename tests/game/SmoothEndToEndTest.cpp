// End-to-end: movement.smoothing in the isostar binary. A unit ordered across maps/valley.tmx
// dumps the line it walks (`smoothed`), measured as the engine's segment rule measures it and
// not dearer than the grid path; "why this path" gives both costs; smoothing off (the tuning
// panel's key) dumps no line and walks the grid path's cells.

#include "engine/path/AnyAngle.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "game/world/World.hpp"
#include "tests/support/GameE2e.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

isostar::TileCoord cellOf(const Json& xy)
{
    return {xy[0].get<int>(), xy[1].get<int>()};
}

} // namespace

TEST_CASE("e2e smoothing: the dump's smoothed line is the engine's measure of its waypoints, why gives both costs")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "smoothed");
    const std::string script = "select knight\nmove 6 62\nwait 0.1\ndump " + (dir / "mid.json").string() +
                               "\nwait 30\ndump " + (dir / "end.json").string() + "\nquit\n";
    const auto r = testsupport::runGameScript(dir, "maps/valley.tmx", script);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    auto loaded = game::loadWorld({std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx", "", ""});
    REQUIRE(loaded);
    const game::World world = std::move(loaded).value();
    const Json mid = testsupport::readJsonFile(dir / "mid.json");
    const Json& knight = mid["units"][0];
    REQUIRE(knight["name"] == "knight");
    REQUIRE(knight["smoothed"].is_object());
    std::vector<isostar::TileCoord> waypoints;
    for (const Json& w : knight["smoothed"]["waypoints"])
        waypoints.push_back(cellOf(w));
    REQUIRE(waypoints.size() >= 2);
    CHECK(waypoints.back() == isostar::TileCoord{6, 62});
    double length = 0.0, cost = 0.0;
    for (std::size_t k = 1; k < waypoints.size(); ++k) {
        CHECK(isostar::path::segmentAllowed(world.nav, 0, waypoints[k - 1], waypoints[k]));
        length += isostar::path::segmentLength(waypoints[k - 1], waypoints[k]);
        cost += isostar::path::segmentCost(world.nav, 0, waypoints[k - 1], waypoints[k]);
    }
    CHECK(knight["smoothed"]["length"].get<double>() == Approx(length).epsilon(1e-12));
    CHECK(knight["smoothed"]["cost"].get<double>() == Approx(cost).epsilon(1e-12));
    // Not dearer than the optimal grid path it came from; "why" gives both and the saving.
    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(world.nav.costField(0), world.nav.rules(0)));
    isostar::path::PathResult grid;
    REQUIRE(finder.findPath(waypoints.front(), waypoints.back(), grid) == isostar::path::PathStatus::Found);
    CHECK(cost <= grid.cost + 1e-9);
    REQUIRE(mid["why"].contains("smoothed"));
    const Json& why = mid["why"]["smoothed"];
    CHECK(why["grid_cost"].get<double>() == Approx(grid.cost).epsilon(1e-9));
    CHECK(why["cost"].get<double>() == Approx(cost).epsilon(1e-12));
    CHECK(why["saved"].get<double>() == Approx(grid.cost - cost).epsilon(1e-9));
    CHECK(why["saved"].get<double>() > 0.0);
    const Json end = testsupport::readJsonFile(dir / "end.json");
    CHECK(cellOf(end["units"][0]["tile"]) == isostar::TileCoord{6, 62});
    CHECK_FALSE(end["units"][0]["moving"].get<bool>());
}

TEST_CASE("e2e smoothing: off in the panel, the unit walks its grid path and dumps no line")
{
    if (!testsupport::haveDisplay())
        return;
    const fs::path dir = testsupport::e2eDir("isostar-e2e", "smoothing-off");
    const std::string script = "panel set movement.smoothing off\nselect knight\nmove 6 62\nwait 0.1\ndump " +
                               (dir / "mid.json").string() + "\nquit\n";
    const auto r = testsupport::runGameScript(dir, "maps/valley.tmx", script);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json mid = testsupport::readJsonFile(dir / "mid.json");
    CHECK(mid["panel"]["movement.smoothing"] == "off");
    const Json& knight = mid["units"][0];
    CHECK(knight["smoothed"].is_null());
    CHECK_FALSE(mid["why"].contains("smoothed"));
    // The grid path: the optimum's cost.
    CHECK(cellOf(knight["path"].back()) == isostar::TileCoord{6, 62});
    CHECK(knight["path_cost"].get<double>() == Approx(mid["why"]["total"].get<double>()).epsilon(1e-9));
}
