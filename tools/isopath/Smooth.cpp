// isopath --smooth: the smoothed path's JSON and text, and the rule check over Moving AI
// scenarios (`isopath scen --smooth`).

#include "tools/isopath/Smooth.hpp"

#include "engine/core/Percentile.hpp"
#include "engine/path/GridQuery.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace isopath {

nlohmann::ordered_json smoothJson(const isostar::path::SmoothPath& s)
{
    nlohmann::ordered_json j;
    nlohmann::ordered_json cells = nlohmann::ordered_json::array();
    for (isostar::TileCoord c : s.waypoints)
        cells.push_back({c.x, c.y});
    j["waypoints"] = cells;
    j["length"] = s.length;
    j["cost"] = s.cost;
    return j;
}

void printSmoothText(std::ostream& out, const isostar::path::SmoothPath& s, double gridCost)
{
    const std::size_t segments = s.waypoints.empty() ? 0 : s.waypoints.size() - 1;
    out << "smoothed: length " << std::setprecision(10) << s.length << ", cost " << s.cost << " over " << segments
        << " segments (grid path cost " << gridCost << ")" << (s.fromGridPath ? ", from the grid path" : "")
        << '\n'
        << std::setprecision(6);
    out << "waypoints:";
    for (isostar::TileCoord c : s.waypoints)
        out << " (" << c.x << ',' << c.y << ')';
    out << '\n';
}

std::string smoothViolation(const isostar::path::NavGrid& grid, int layer, const isostar::path::SmoothPath& s,
                            isostar::TileCoord start, isostar::TileCoord end, double gridCost)
{
    using namespace isostar::path;
    std::ostringstream err;
    if (s.waypoints.empty())
        return "no smoothed path";
    if (s.waypoints.front() != start || s.waypoints.back() != end)
        err << "ends " << s.waypoints.front() << ".." << s.waypoints.back() << ", expected " << start << ".." << end
            << "; ";
    double cost = 0.0, length = 0.0;
    for (std::size_t k = 1; k < s.waypoints.size(); ++k) {
        const isostar::TileCoord a = s.waypoints[k - 1], b = s.waypoints[k];
        if (!segmentAllowed(grid, layer, a, b))
            err << "segment " << a << "->" << b << " breaks the rule; ";
        cost += segmentCost(grid, layer, a, b);
        length += segmentLength(a, b);
    }
    if (!(std::abs(cost - s.cost) <= 1e-9 * std::max(1.0, cost)))
        err << "cost " << s.cost << " is not the sum of its segments " << cost << "; ";
    if (!(std::abs(length - s.length) <= 1e-9 * std::max(1.0, length)))
        err << "length " << s.length << " is not the sum of its segments " << length << "; ";
    if (!(s.cost <= gridCost))
        err << "cost " << s.cost << " above the grid path's " << gridCost << "; ";
    std::string text = err.str();
    if (text.size() >= 2)
        text.resize(text.size() - 2);
    return text;
}

int runSmoothScenarios(const isostar::path::NavGrid& grid, const std::vector<int>& layerOf,
                       const std::vector<isostar::path::MovingAiScenario>& scenarios, std::size_t count,
                       const std::string& scenPath)
{
    using namespace isostar::path;
    using Clock = std::chrono::steady_clock;
    GridQuery astar;
    AnyAngleQuery smoother;
    PathResult gridPath;
    SmoothPath smooth;
    std::vector<double> astarMicros, smoothMicros;
    double smoothSum = 0.0, optimalSum = 0.0;
    int violations = 0, fromGrid = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const MovingAiScenario& s = scenarios[i];
        const Clock::time_point t0 = Clock::now();
        astar.findPath(grid, layerOf[i], s.start, s.goal, gridPath);
        const Clock::time_point t1 = Clock::now();
        const PathStatus st = hasPath(gridPath.status) ? smoother.smooth(grid, layerOf[i], gridPath.path, smooth)
                                                       : gridPath.status;
        const Clock::time_point t2 = Clock::now();
        astarMicros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        smoothMicros.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count());
        const std::string why = st == PathStatus::Found
                                    ? smoothViolation(grid, layerOf[i], smooth, s.start, gridPath.path.back(),
                                                      gridPath.cost)
                                    : "no smoothed path (" + std::string(statusName(st)) + ")";
        if (!why.empty()) {
            std::printf("%s:%d: SMOOTH VIOLATION (%d,%d)->(%d,%d): %s\n", scenPath.c_str(), s.line, s.start.x,
                        s.start.y, s.goal.x, s.goal.y, why.c_str());
            ++violations;
            continue;
        }
        fromGrid += smooth.fromGridPath ? 1 : 0;
        smoothSum += smooth.length;
        optimalSum += s.optimalLength;
    }
    double smoothTotal = 0.0;
    for (double m : smoothMicros)
        smoothTotal += m;
    const double n = double(count - std::size_t(violations));
    std::printf("smoothed: %zu paths, %d rule violations, %d from the grid path; mean length %.3f, optimal "
                "8-connected %.3f\n",
                count, violations, fromGrid, n > 0 ? smoothSum / n : 0.0, n > 0 ? optimalSum / n : 0.0);
    std::printf("smooth time per query: median %.1f us (A* before it: median %.1f us), total %.1f ms\n",
                isostar::percentile(smoothMicros, 0.5), isostar::percentile(astarMicros, 0.5), smoothTotal / 1000.0);
    std::printf("smoothed_length_ratio: %.4f\n", optimalSum > 0.0 ? smoothSum / optimalSum : 0.0);
    return violations;
}

} // namespace isopath
