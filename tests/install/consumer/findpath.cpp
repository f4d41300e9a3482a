// findpath MAP SX,SY GX,GY: the engine from outside the project, as `isopath path MAP --from SX,SY
// --to GX,GY` runs it (the map's own terrain config, base rules, A*), through the shared library
// pathcost. Prints the status and the "cost:" line exactly as isopath prints them; exits 0 when
// the goal was reached, 1 otherwise or with the diagnostics of a map or config that does not load.

#include "pathcost.hpp"

#include <cstdio>
#include <iomanip>
#include <iostream>

int main(int argc, char** argv)
{
    int sx = 0, sy = 0, gx = 0, gy = 0;
    if (argc != 4 || std::sscanf(argv[2], "%d,%d", &sx, &sy) != 2 || std::sscanf(argv[3], "%d,%d", &gx, &gy) != 2) {
        std::cerr << "usage: findpath MAP SX,SY GX,GY\n";
        return 2;
    }
    const PathCost answer = findPathCost(argv[1], sx, sy, gx, gy);
    if (!answer.loaded) {
        std::cerr << answer.error;
        return 1;
    }
    std::cout << "status:   " << answer.status << '\n';
    if (answer.steps >= 0)
        std::cout << "cost:     " << std::setprecision(10) << answer.cost << " over " << answer.steps << " steps\n";
    return answer.status == "found" ? 0 : 1;
}
