// `isopath bench` on staggered and infinite maps searches the grid `isopath path` searches: every
// query joins two real cells of the map (never a void cell of the playable grid), printed in
// Tiled's coordinates, and each cost is the one `isopath path` finds between the same cells.

#include "engine/map/CellFrame.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/map/PlayableMap.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace {

testsupport::ProcessResult runIsopath(const std::string& args)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' " + args, ISOSTAR_SOURCE_DIR);
}

/// One `query N: (x,y) -> (x,y): cost C, E expanded` line of `isopath bench --each`.
struct EachLine {
    isostar::TileCoord start;
    isostar::TileCoord goal;
    double cost = 0.0;
};

std::vector<EachLine> eachLines(const std::string& out)
{
    std::vector<EachLine> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("query ", 0) != 0)
            continue;
        EachLine e;
        int n = 0;
        long long expanded = 0;
        REQUIRE(std::sscanf(line.c_str(), "query %d: (%d,%d) -> (%d,%d): cost %lf, %lld expanded", &n, &e.start.x,
                            &e.start.y, &e.goal.x, &e.goal.y, &e.cost, &expanded) == 7);
        CHECK(n == int(lines.size()) + 1);
        lines.push_back(e);
    }
    return lines;
}

/// The map's frame and the void flags of its playable grid (isostar::map::voidCells).
struct MapCells {
    isostar::map::CellFrame frame;
    std::vector<std::uint8_t> voids;

    bool real(isostar::TileCoord tiled) const
    {
        if (!frame.tiledOnMap(tiled))
            return false;
        const isostar::TileCoord g = frame.toGrid(tiled);
        if (!frame.onMap(g))
            return false;
        return voids.empty() || voids[std::size_t(g.y) * std::size_t(frame.gridWidth()) + std::size_t(g.x)] == 0;
    }
};

MapCells mapCells(const std::string& map)
{
    auto loaded = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/" + map);
    REQUIRE(loaded);
    MapCells cells{isostar::map::CellFrame::of(loaded.value()), {}};
    const isostar::map::MapData play = isostar::map::playableMap(loaded.value(), cells.frame);
    cells.voids = isostar::map::voidCells(play, cells.frame, loaded.value().infinite);
    return cells;
}

std::string cellArg(isostar::TileCoord c)
{
    return std::to_string(c.x) + "," + std::to_string(c.y);
}

} // namespace

TEST_CASE("isopath bench: staggered and infinite maps, real cells only, the costs of isopath path",
          "[isopath][bench]")
{
    for (const char* stem : {"stagger_x_odd", "stagger_x_even", "stagger_y_odd", "stagger_y_even", "infinite_negative"}) {
        CAPTURE(stem);
        const std::string map = std::string("tests/data/stagger/") + stem + ".tmx";
        const MapCells cells = mapCells(map);
        REQUIRE_FALSE(cells.voids.empty());  // the playable grid has void cells to avoid
        for (const char* algorithm : {"astar", "auto"}) {
            CAPTURE(algorithm);
            const auto r = runIsopath("bench " + map + " --queries 25 --seed 7 --each --algorithm " + algorithm);
            INFO(r.out << r.err);
            REQUIRE(r.exitCode == 0);
            const std::vector<EachLine> queries = eachLines(r.out);
            REQUIRE(queries.size() == 25);
            for (const EachLine& q : queries) {
                CAPTURE(q.start.x, q.start.y, q.goal.x, q.goal.y);
                CHECK(cells.real(q.start));
                CHECK(cells.real(q.goal));
                const auto p = runIsopath("path " + map + " --from=" + cellArg(q.start) + " --to=" + cellArg(q.goal) +
                                       " --algorithm astar --json");
                INFO(p.err);
                REQUIRE(p.exitCode == 0);
                const double cost = nlohmann::json::parse(p.out)["cost"].get<double>();
                CHECK(std::abs(cost - q.cost) <= 1e-9 * std::max(1.0, cost));
            }
        }
    }
}
