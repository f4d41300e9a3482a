#pragma once
/// \file SearchMode.hpp
/// Which best-first search a GridQuery runs: A* as the layer's MoveRules say, Dijkstra,
/// weighted A* with a weight of the query's own, or greedy best-first. A per-query choice
/// (GridQuery::setSearchMode), not a movement profile's rule: the layer's MoveRules (the
/// config's) stay what they are, so one layer serves every algorithm of a race.
///
/// \code
/// #include "engine/path/GridQuery.hpp"
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::GridQuery query;
/// isostar::path::PathResult result;
/// query.setSearchMode({isostar::path::SearchOrder::Greedy});
/// query.findPath(grid, walker, {1, 1}, {30, 12}, result);   // some path, quickly
/// query.setSearchMode({isostar::path::SearchOrder::WeightedAStar, 2.0});
/// query.findPath(grid, walker, {1, 1}, {30, 12}, result);   // cost <= 2 x optimal
/// \endcode

#include <iosfwd>
#include <optional>
#include <string_view>

namespace isostar::path {

/// How the open list is ordered. Every order expands each cell at most once (closed cells are
/// never reopened) and is deterministic; ties end with the lower row-major index.
enum class SearchOrder {
    /// f = g + h with the layer's heuristic and weight (landmarks when usable). The default;
    /// optimal when the layer's weight is 1. Name "astar".
    AStar,
    /// h = 0 (f = g): optimal, expands every cell cheaper than the goal; no landmarks.
    /// Name "dijkstra".
    Dijkstra,
    /// f = g + w x h, w = SearchMode::weight instead of the layer's weight (landmark bounds
    /// weighted the same). Cost <= w x optimal. Name "weighted".
    WeightedAStar,
    /// Greedy best-first: ordered by h only (the layer's scaled heuristic, landmarks when usable),
    /// ties by lower g, then lower row-major index. Finds a path whenever one exists, usually
    /// expanding far fewer cells, but the path is whatever it finds: NOT optimal. For an
    /// unreachable goal (Partial) it ends at one of the reachable cells closest to the goal,
    /// the first it reaches, not necessarily the cheapest. Name "greedy".
    Greedy,
};

/// A query's search order and its parameter.
struct SearchMode {
    SearchOrder order = SearchOrder::AStar;
    /// WeightedAStar's w [Limit: finite, > 0; else the query gives InvalidInput]. Ignored by
    /// the other orders.
    double weight = 2.0;

    bool operator==(const SearchMode&) const = default;
};

/// "astar" | "dijkstra" | "weighted" | "greedy" (case-sensitive); nullopt otherwise.
std::optional<SearchOrder> parseSearchOrder(std::string_view name);
/// Canonical name as listed above.
std::string_view searchOrderName(SearchOrder order);

std::ostream& operator<<(std::ostream& os, SearchOrder order);
std::ostream& operator<<(std::ostream& os, const SearchMode& mode);

} // namespace isostar::path
