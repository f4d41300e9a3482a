#include "engine/path/Race.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace isostar::path {

namespace {

constexpr RaceAlgorithm Algorithms[] = {RaceAlgorithm::AStar, RaceAlgorithm::Dijkstra, RaceAlgorithm::Greedy,
                                        RaceAlgorithm::Weighted};

SearchMode modeOf(RaceAlgorithm a, const NavGrid& grid, int layer, double weight)
{
    switch (a) {
    case RaceAlgorithm::AStar:
        // The engine's default search; a layer weighted above 1 would not be A* any more.
        if (grid.validLayer(layer) && grid.rules(layer).weight != 1.0)
            return {SearchOrder::WeightedAStar, 1.0};
        return {SearchOrder::AStar, 1.0};
    case RaceAlgorithm::Dijkstra: return {SearchOrder::Dijkstra, 1.0};
    case RaceAlgorithm::Greedy: return {SearchOrder::Greedy, 1.0};
    case RaceAlgorithm::Weighted: return {SearchOrder::WeightedAStar, weight};
    }
    return {};
}

std::string labelOf(RaceAlgorithm a, double weight)
{
    switch (a) {
    case RaceAlgorithm::AStar: return "A*";
    case RaceAlgorithm::Dijkstra: return "Dijkstra";
    case RaceAlgorithm::Greedy: return "greedy best-first";
    case RaceAlgorithm::Weighted: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "weighted A* (w=%g)", weight);
        return buf;
    }
    }
    return "?";
}

/// Restores a query's settings when the race ends (also on an early return).
class QuerySettings {
public:
    explicit QuerySettings(GridQuery& q) : m_query(q), m_mode(q.searchMode()), m_partial(q.partialPaths()) {}
    ~QuerySettings()
    {
        m_query.setSearchMode(m_mode);
        m_query.setPartialPaths(m_partial);
    }
    QuerySettings(const QuerySettings&) = delete;
    QuerySettings& operator=(const QuerySettings&) = delete;

private:
    GridQuery& m_query;
    SearchMode m_mode;
    bool m_partial;
};

} // namespace

std::string_view raceAlgorithmName(RaceAlgorithm a)
{
    switch (a) {
    case RaceAlgorithm::AStar: return "astar";
    case RaceAlgorithm::Dijkstra: return "dijkstra";
    case RaceAlgorithm::Greedy: return "greedy";
    case RaceAlgorithm::Weighted: return "weighted";
    }
    return "astar";
}

Race runRace(GridQuery& query, const NavGrid& grid, int layer, TileCoord start, TileCoord goal,
             const RaceOptions& options)
{
    const QuerySettings restore(query);
    query.setPartialPaths(options.partialPaths);
    Race race;
    race.start = start;
    race.goal = goal;
    race.rows.resize(std::size(Algorithms));
    const int repeats = std::max(1, options.repeats);
    std::vector<double> times(std::size_t(repeats), 0.0);
    PathResult scratch;

    // Warm-up: the first query of a fresh GridQuery grows its scratch; no row should pay for it.
    query.setSearchMode(modeOf(RaceAlgorithm::AStar, grid, layer, options.weight));
    query.findPath(grid, layer, start, goal, scratch);

    for (std::size_t i = 0; i < std::size(Algorithms); ++i) {
        RaceRow& row = race.rows[i];
        row.algorithm = Algorithms[i];
        row.label = labelOf(row.algorithm, options.weight);
        row.mode = modeOf(row.algorithm, grid, layer, options.weight);
        query.setSearchMode(row.mode);
        for (int r = 0; r < repeats; ++r) {
            PathResult& out = r == 0 ? row.result : scratch;
            const auto t0 = std::chrono::steady_clock::now();
            query.findPath(grid, layer, start, goal, out);
            const auto t1 = std::chrono::steady_clock::now();
            times[std::size_t(r)] = std::chrono::duration<double, std::micro>(t1 - t0).count();
        }
        std::nth_element(times.begin(), times.begin() + repeats / 2, times.end());
        row.micros = times[std::size_t(repeats / 2)];
        row.found = row.result.status == PathStatus::Found;
        if (options.traces)
            query.findPath(grid, layer, start, goal, scratch, nullptr, &row.trace);
    }

    const RaceRow& best = race.rows[std::size_t(RaceAlgorithm::Dijkstra)];
    for (RaceRow& row : race.rows) {
        const bool bothPaths = hasPath(best.result.status) && hasPath(row.result.status);
        row.optimal = bothPaths && row.result.status == best.result.status &&
                      row.result.path.back() == best.result.path.back() &&
                      std::abs(row.result.cost - best.result.cost) <= 1e-6 * std::max(1.0, std::abs(best.result.cost));
    }
    return race;
}

Race runRace(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, const RaceOptions& options)
{
    GridQuery query;
    return runRace(query, grid, layer, start, goal, options);
}

std::string raceTable(const Race& race)
{
    std::string out;
    char line[256];
    std::snprintf(line, sizeof line, "%-22s %-10s %10s %10s %14s  %s\n", "algorithm", "status", "expanded", "time_us",
                  "cost", "optimal");
    out += line;
    for (const RaceRow& row : race.rows) {
        const bool path = hasPath(row.result.status);
        char cost[32] = "-";
        if (path)
            std::snprintf(cost, sizeof cost, "%.10g", row.result.cost);
        std::snprintf(line, sizeof line, "%-22s %-10s %10d %10.1f %14s  %s\n", row.label.c_str(),
                      std::string(statusName(row.result.status)).c_str(), row.result.expanded, row.micros, cost,
                      row.optimal ? "yes" : "no");
        out += line;
    }
    // An unreachable goal races partial paths: say so, and where each search ended.
    std::string ends;
    for (const RaceRow& row : race.rows)
        if (row.result.status == PathStatus::Partial && !row.result.path.empty()) {
            const TileCoord end = row.result.path.back();
            std::snprintf(line, sizeof line, "%s%s (%d,%d)", ends.empty() ? "" : ", ", row.label.c_str(), end.x, end.y);
            ends += line;
        }
    if (!ends.empty()) {
        std::snprintf(line, sizeof line, "partial: the goal (%d,%d) cannot be reached; each search ran to the closest reachable cell it found: ",
                      race.goal.x, race.goal.y);
        out += line + ends + "\n";
    }
    return out;
}

std::ostream& operator<<(std::ostream& os, RaceAlgorithm a)
{
    return os << raceAlgorithmName(a);
}

} // namespace isostar::path
