#pragma once
/// \file Race.hpp
/// The algorithm race: A*, Dijkstra, greedy best-first and weighted A* (w = 2) from one start to
/// one goal over the same NavGrid layer, each timed, with its expansions, cost and whether it
/// found an optimal path. One GridQuery runs all four (GridQuery::setSearchMode, SearchMode.hpp),
/// so the race compares the engine's own searches, not re-implementations.
///
/// - Order of the rows: A*, Dijkstra, greedy, weighted (RaceAlgorithm). The A* row is the
///   engine's default search (SearchOrder::AStar: the layer's heuristic, landmark bounds when the
///   grid has a usable table); when the layer's weight is not 1 it runs as weighted A* with w = 1
///   so the row is always plain A*. Dijkstra uses h = 0 (no landmarks). Greedy is ordered by h
///   only (then g); weighted A* uses f = g + w x h with w = RaceOptions::weight.
/// - `optimal`: the row reached the same status and end cell as Dijkstra and its cost is within
///   1e-6 x max(1, Dijkstra's cost) of it. Dijkstra is optimal by construction (when it has a path).
/// - Time: each search runs `repeats` times after one untimed warm-up query (the scratch is
///   allocated once, on the warm-up); `micros` is the median wall time of the runs
///   (std::chrono::steady_clock), for one search. Expansions, cost and path are deterministic.
/// - Traces (optional, for drawing the four searches): one more traced run per algorithm,
///   untimed, so recording never slows the timed runs.
/// - The query's search mode and partial-path setting are restored on return. The grid is only
///   read (const queries; the threading contract of NavGrid applies).
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::GridQuery query;
/// const isostar::path::Race race = isostar::path::runRace(query, grid, walker, {1, 1}, {30, 12});
/// for (const isostar::path::RaceRow& row : race.rows)
///     std::cout << row.label << ": " << row.result.expanded << " cells, " << row.micros << " us, cost "
///               << row.result.cost << (row.optimal ? " (optimal)\n" : "\n");
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchMode.hpp"
#include "engine/path/SearchTrace.hpp"

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::path {

/// The four algorithms of a race, in row order.
enum class RaceAlgorithm {
    AStar,     ///< "astar"
    Dijkstra,  ///< "dijkstra"
    Greedy,    ///< "greedy" (greedy best-first)
    Weighted,  ///< "weighted" (weighted A*, w = RaceOptions::weight)
};

/// "astar" | "dijkstra" | "greedy" | "weighted" (the JSON `algorithm` names).
std::string_view raceAlgorithmName(RaceAlgorithm a);

struct RaceOptions {
    double weight = 2.0;        ///< weighted A*'s w [Limit: finite, > 0; else the row gives InvalidInput]
    int repeats = 3;            ///< timed runs per algorithm, the median counts [Limit: >= 1; less counts as 1]
    bool partialPaths = true;   ///< unreachable goal: Partial paths (true) or NoPath
    bool traces = false;        ///< also record a SearchTrace per row (RaceRow::trace)
};

/// One algorithm's run.
struct RaceRow {
    RaceAlgorithm algorithm = RaceAlgorithm::AStar;
    std::string label;          ///< for people: "A*", "Dijkstra", "greedy best-first", "weighted A* (w=2)"
    SearchMode mode;            ///< the search mode it ran with
    PathResult result;          ///< status, cost, path, expanded (cells taken off the open list)
    double micros = 0.0;        ///< median wall time of one search, microseconds
    bool found = false;         ///< result.status == Found
    bool optimal = false;       ///< same status and end as Dijkstra, cost within 1e-6 (relative above 1)
    SearchTrace trace;          ///< the search step by step when RaceOptions::traces, else empty
};

/// A whole race: four rows in RaceAlgorithm order.
struct Race {
    TileCoord start;
    TileCoord goal;
    std::vector<RaceRow> rows;
    /// The row of an algorithm [Limit: rows filled by runRace].
    const RaceRow& row(RaceAlgorithm a) const { return rows[std::size_t(a)]; }
};

/// Runs the four searches from `start` to `goal` over `layer` of `grid` with `query` (its scratch;
/// its mode and partial-path setting are restored). Invalid input (bad layer, start off the map
/// or impassable, ...) shows in every row's result.status, as GridQuery::findPath gives it.
/// Cost: 4 x (repeats + 1) searches, plus 4 traced ones with `traces`.
Race runRace(GridQuery& query, const NavGrid& grid, int layer, TileCoord start, TileCoord goal,
             const RaceOptions& options = {});
/// Same with a fresh GridQuery (allocates its scratch).
Race runRace(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, const RaceOptions& options = {});

/// A text table: one line per row with algorithm, status, expansions, time, cost, optimal; when
/// the goal cannot be reached (partial rows), a last line saying so with each row's end cell.
std::string raceTable(const Race& race);

std::ostream& operator<<(std::ostream& os, RaceAlgorithm a);

} // namespace isostar::path
