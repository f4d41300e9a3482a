#pragma once
/// \file SearchAlgorithm.hpp
/// Which exact search answers a path query on a layer: GridQuery's A*, JumpPointSearch or
/// WeightedJumpSearch, and the `auto` rule that picks the fastest of them for the layer. One
/// rule for every caller: `isopath path|scen|bench --algorithm auto` and the game's
/// PathService (docs/PERFORMANCE.md, "What `auto` picks").
///
/// \code
/// #include "engine/path/NavGrid.hpp"
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// const isostar::path::SearchAlgorithm a = isostar::path::resolveAlgorithm(isostar::path::SearchAlgorithm::Auto, grid, walker);
/// if (a == isostar::path::SearchAlgorithm::Jpsw) { /* WeightedJumpSearch with a WeightedJumpGrid of walker */ }
/// \endcode

#include <iosfwd>
#include <optional>
#include <string_view>

namespace isostar::path {

class NavGrid;

enum class SearchAlgorithm {
    Auto,   ///< the fastest exact search for the layer (resolveAlgorithm). Name "auto".
    AStar,  ///< GridQuery's A*. Name "astar".
    Jps,    ///< JumpPointSearch. Name "jps".
    Jpsw,   ///< WeightedJumpSearch. Name "jpsw".
};

/// "auto" | "astar" | "jps" | "jpsw" (case-sensitive); nullopt otherwise.
std::optional<SearchAlgorithm> parseSearchAlgorithm(std::string_view name);
/// Canonical name as listed above.
std::string_view searchAlgorithmName(SearchAlgorithm algorithm);
std::ostream& operator<<(std::ostream& os, SearchAlgorithm algorithm);

/// The algorithm that runs on `layer` of `grid`; AStar, Jps and Jpsw stay as asked (the caller
/// checks that Jps / Jpsw support the layer). Auto picks the fastest exact search measured for
/// the layer's kind:
/// - weight above 1 (or a bad layer): AStar (weighted A* is what was asked for);
/// - a hex grid (NavGrid::hex): AStar, with landmarks where the layer has a table (the jump
///   searches are square-grid searches: their supports() is false there);
/// - Jps when JumpPointSearch::supports() the layer (every passable cell costs the same);
/// - Jpsw when WeightedJumpSearch::supports() the layer and it has a usable landmark table
///   (NavGrid::landmarks: without one, jpsw's own table costs more to build than one query
///   saves, and on fields of scattered walls and odd cells its queries are slower than A*'s);
/// - else AStar.
/// Every choice is exact at weight 1: Jps and Jpsw return A*'s optimal cost. Under
/// LandmarkBuild::OnDemand the question marks the layer's table as wanted, as an A* query does.
SearchAlgorithm resolveAlgorithm(SearchAlgorithm requested, const NavGrid& grid, int layer);

} // namespace isostar::path
