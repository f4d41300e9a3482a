// AnyAngle on the game's valley (maps/valley.tmx through the map loader and the terrain rules,
// as isopath and the game build it): random queries over a weighted field; every smoothed path
// obeys the rule (the independent checker) and never costs more than the A* path.

#include "engine/map/MapLoader.hpp"
#include "engine/path/AnyAngle.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/engine/path/SegmentRule.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>

TEST_CASE("AnyAngle: the valley's weighted terrain: every smoothed path obeys the rule", "[path][anyangle]")
{
    isostar::Result<isostar::map::MapData> map = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx");
    REQUIRE(map.ok());
    isostar::Result<isostar::terrain::ResolvedConfig> config = isostar::terrain::resolveTerrainConfig(map.value());
    REQUIRE(config.ok());
    const isostar::terrain::TerrainRules& rules = config.value().config.base;
    isostar::terrain::TerrainField field;
    field.build(isostar::terrain::terrainGridFromMap(map.value()), rules);
    isostar::path::NavGrid grid;
    REQUIRE(grid.reset(field.width(), field.height()));
    REQUIRE(grid.addLayer("walker", field.costField(), rules.movement) == 0);
    REQUIRE(grid.minCellCost(0) < grid.maxCellCost(0));  // really weighted

    std::mt19937 rng(99);
    std::uniform_int_distribution<int> xs(0, grid.width() - 1), ys(0, grid.height() - 1);
    isostar::path::AnyAngleQuery smoother;
    isostar::path::SmoothPath s;
    isostar::path::PathResult r;
    int paths = 0, cheaper = 0, longSegments = 0;
    while (paths < 150) {
        const isostar::TileCoord a{xs(rng), ys(rng)}, b{xs(rng), ys(rng)};
        if (!grid.passable(0, a) || !grid.reachable(0, a, b))
            continue;
        REQUIRE(smoother.findPath(grid, 0, a, b, s, r) == isostar::path::PathStatus::Found);
        INFO(a << "->" << b << " " << s);
        CHECK(pathtest::checkSmoothPath(grid, 0, s, r.path, r.cost) == "");
        ++paths;
        cheaper += s.cost < r.cost - 1e-9 ? 1 : 0;
        for (std::size_t k = 1; k < s.waypoints.size(); ++k) {
            const isostar::TileCoord d{s.waypoints[k].x - s.waypoints[k - 1].x, s.waypoints[k].y - s.waypoints[k - 1].y};
            longSegments += std::abs(d.x) > 1 || std::abs(d.y) > 1 ? 1 : 0;
        }
    }
    CHECK(cheaper > paths / 3);
    CHECK(longSegments > paths);
}
