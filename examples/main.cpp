// The engine from a game's side, step by step (docs/ENGINE.md walks through this file): a Tiled
// map and its terrain config on a navigation grid, one path, fifty agents served by the path
// service, an edit that makes some of their paths stale and replans them, a smoothed path and a
// flow field that leads every agent to the goal.
//
//   example [MAP [SX,SY GX,GY]]
//
// MAP defaults to the installed valley.tmx (EXAMPLE_MAP, set by CMakeLists.txt from
// IsoStar_DATA_DIR); the start and the goal default to two cells of the valley.

#include <isostar/engine/core/Diagnostic.hpp>
#include <isostar/engine/path/AnyAngle.hpp>
#include <isostar/engine/path/GridQuery.hpp>
#include <isostar/engine/path/NavGrid.hpp>
#include <isostar/engine/path/PathService.hpp>
#include <isostar/engine/terrain/NavWorld.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

struct Agent {
    isostar::TileCoord at;                 // where it stands
    isostar::path::PathHandle handle;      // its request to the path service
    std::vector<isostar::TileCoord> path;  // its copy of the delivered path
};

bool parseCell(const char* text, isostar::TileCoord& c)
{
    return std::sscanf(text, "%d,%d", &c.x, &c.y) == 2;
}

// The service works in update() calls, a game calls it once a frame: here, until nothing is
// left to do.
int runUntilDone(isostar::path::PathService& service)
{
    int updates = 0;
    while (service.pending() > 0) {
        service.update(1000.0);  // at most about 1 ms of searching per call
        ++updates;
    }
    return updates;
}

// Copies each agent's delivered path out of the service; returns how many reached the goal.
int collectPaths(const isostar::path::PathService& service, std::vector<Agent>& agents)
{
    int found = 0;
    for (Agent& a : agents) {
        a.path.clear();
        if (const isostar::path::PathResult* r = service.result(a.handle)) {
            a.path = r->path;
            found += r->status == isostar::path::PathStatus::Found;
        }
    }
    return found;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mapPath = argc > 1 ? argv[1] : EXAMPLE_MAP;
    isostar::TileCoord start{4, 4};
    isostar::TileCoord goal{60, 62};
    if (argc == 3 || argc > 4 || (argc == 4 && (!parseCell(argv[2], start) || !parseCell(argv[3], goal)))) {
        std::cerr << "usage: example [MAP [SX,SY GX,GY]]\n";
        return 2;
    }

    // 1. The map file and its terrain config on a navigation grid, in one call: the map on the
    //    engine's grid (staggered and infinite maps in their playable form, the cells off the
    //    map void), the terrains of every cell compiled into a layer of costs.
    isostar::Result<isostar::terrain::NavWorld> loaded = isostar::terrain::loadNavWorld(mapPath);
    if (!loaded) {
        std::cerr << isostar::formatDiagnostics(loaded.diagnostics());
        return 1;
    }
    isostar::terrain::NavWorld& world = loaded.value();
    for (const isostar::Diagnostic& warning : world.warnings)
        std::cerr << warning << '\n';
    isostar::path::NavGrid& grid = world.nav;
    const int walker = 0;  // layer 0: the config's base rules (world.profiles[0] is "")
    std::cout << "map:      " << mapPath << " (" << world.map.width << "x" << world.map.height << ")\n";
    std::cout << "config:   " << (world.config.path.empty() ? "built-in" : world.config.path) << '\n';
    std::cout << "grid:     " << grid.width() << "x" << grid.height() << " cells, "
              << grid.islandCount(walker) << " islands\n";

    // 2. One path, searched at once.
    isostar::path::GridQuery query;
    isostar::path::PathResult result;
    query.findPath(grid, walker, start, goal, result);
    std::cout << "path:     " << result.status << ", cost " << result.cost << " over " << result.path.size() - 1
              << " steps, " << result.expanded << " cells expanded\n";
    if (result.status != isostar::path::PathStatus::Found)
        return 1;

    // 3. Fifty agents on cells spread over the map, all bound for the goal, served by the path
    //    service a slice of time at a time.
    std::vector<Agent> agents;
    const int spacing = std::max(1, std::min(grid.width(), grid.height()) / 12);
    for (int y = 0; y < grid.height() && agents.size() < 50; y += spacing)
        for (int x = 0; x < grid.width() && agents.size() < 50; x += spacing)
            if (grid.reachable(walker, {x, y}, goal) && isostar::TileCoord{x, y} != goal)
                agents.push_back({{x, y}, {}, {}});
    isostar::path::PathService service(grid);
    for (Agent& a : agents)
        a.handle = service.request({.layer = walker, .start = a.at, .goal = goal});
    const int updates = runUntilDone(service);
    const int found = collectPaths(service, agents);
    std::cout << "service:  " << agents.size() << " agents, " << found << " paths found in " << updates
              << " updates\n";

    // 4. The world changes: a wall in the middle of the first agent's path. The service names
    //    the paths that cross it; their owners ask again.
    const isostar::TileCoord wallCell = agents.front().path[agents.front().path.size() / 2];
    const isostar::path::CellChange wall[] = {{wallCell, isostar::path::Impassable}};
    const isostar::path::NavDirty dirty = grid.apply(walker, wall);
    const std::vector<isostar::path::PathHandle> stale = service.invalidate(dirty);
    for (Agent& a : agents)
        if (service.stale(a.handle)) {
            service.release(a.handle);
            a.handle = service.request({.layer = walker, .start = a.at, .goal = goal});
        }
    runUntilDone(service);
    const int replanned = collectPaths(service, agents);
    int crossing = 0;
    for (const Agent& a : agents)
        crossing += std::count(a.path.begin(), a.path.end(), wallCell) > 0;
    std::cout << "edit:     wall at " << wallCell << ", " << stale.size() << " paths stale, " << replanned
              << " paths found, " << crossing << " cross the wall\n";

    // 5. The first agent's path smoothed: straight segments between cell centres.
    isostar::path::AnyAngleQuery smoother;
    isostar::path::SmoothPath smooth;
    smoother.smooth(grid, walker, agents.front().path, smooth);
    std::cout << "smooth:   " << agents.front().path.size() << " cells -> " << smooth.waypoints.size()
              << " waypoints, cost " << smooth.cost << '\n';

    // 6. One flow field for the whole group: every agent reads its next step from it.
    std::vector<isostar::TileCoord> sources;
    for (const Agent& a : agents)
        sources.push_back(a.at);
    const isostar::path::PathHandle fieldHandle = service.requestField(
        {.layer = walker, .goals = {goal}, .region = isostar::path::FieldRegion::whole(grid), .sources = sources});
    runUntilDone(service);
    const isostar::path::FlowField* field = service.field(fieldHandle);
    int arrived = 0;
    for (const Agent& a : agents) {
        isostar::TileCoord at = a.at;
        while (std::optional<isostar::TileCoord> next = field->next(at))
            at = *next;
        arrived += at == goal;
    }
    std::cout << "field:    " << arrived << " of " << agents.size() << " agents led to the goal\n";
    service.release(fieldHandle);
    return 0;
}
