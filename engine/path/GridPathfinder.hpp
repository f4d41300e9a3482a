#pragma once
/// \file GridPathfinder.hpp
/// A* (and Dijkstra) over a CostField under MoveRules: a facade over a one-layer NavGrid (the
/// data) and a GridQuery (the scratch) for tools and code with one profile and one agent. Code
/// with several profiles or agents uses NavGrid + GridQuery (+ PathService) directly. Queries
/// never allocate after warm-up (the result's path vector reuses its capacity).
///
/// Guarantees:
/// - With `rules.weight == 1` every Found path is optimal, for every heuristic and diagonal mode:
///   the heuristic is scaled by the cheapest passable cell cost (and by a factor for its shape),
///   so it never overestimates even when roads or volcano warmth push costs below 1.
/// - Deterministic: same field, rules and query -> same path. Among equal f the cell with the
///   larger g (closer to the goal) is expanded first, then the lower row-major index.
/// - g is accumulated in double, so long uniform-cost paths (Moving AI, cost ~5000) keep 1e-9
///   accuracy; the cost field itself is float.
/// - Connected components ("islands") under the move rules are precomputed at init, so
///   `reachable()` is O(1) and an unreachable goal never floods the start's island. A Partial
///   result still needs the path to the closest reachable cell: that cell is found by scanning
///   rings around the goal (O(r^2) for a distance r to the start's island), then one A* runs to
///   it. Turn partial paths off (`setPartialPaths(false)`) to get NoPath in O(1) instead.
/// - Weighted A* (weight > 1) never reopens closed cells: cost <= weight x optimal.
///
/// Layout (why it is fast): the field is copied with a ring of Impassable padding, so the 8
/// neighbours of a cell are fixed index offsets with no bounds checks; the grid holds one float
/// cost per padded cell, the query one 16-byte record {g, stamp, parent}; a generation counter
/// in `stamp` replaces clearing between queries (open = generation, closed = generation + 1);
/// the open list is a binary heap of 8-byte keys (f's top bits and the cell) backed by an exact
/// heap for entries whose keys share those bits (detail/OpenList.hpp), so the whole order (f,
/// then lower h, then row-major index) is exact; duplicates are skipped when popped instead of
/// decrease-key. On weighted fields the neighbours that improve are found as a bit mask without
/// branches. Memory: about 24 bytes per cell (+4 once findNearest or a partial path ran), plus
/// 8 bytes per open entry. tools/pathbench measures it against a textbook std::set A* and BGL's
/// astar_search.
///
/// \code
/// isostar::path::CostField field(32, 16);        // CostField.hpp
/// const isostar::path::MoveRules rules;          // 8 directions, no corner cutting
/// const isostar::TileCoord start{1, 1}, goal{30, 12};
/// isostar::path::GridPathfinder finder;
/// if (!finder.init(field, rules)) { /* bad field or rules */ }
/// isostar::path::PathResult result;
/// if (finder.findPath(start, goal, result) == isostar::path::PathStatus::Found)
///     for (isostar::TileCoord c : result.path) { std::cout << c << '\n'; }
///
/// field.at({5, 5}) = isostar::path::Impassable;   // the map changed
/// const isostar::TileCoord changed[] = {{5, 5}};
/// finder.updateCells(field, changed);
///
/// // Time-sliced: spread one search over frames.
/// finder.beginSearch(start, goal);
/// while (finder.step(200) == isostar::path::PathStatus::InProgress) { /* next frame */ }
/// finder.finishSearch(result);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/MoveRules.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchTrace.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace isostar::path {

class GridPathfinder {
public:
    GridPathfinder() = default;
    GridPathfinder(const GridPathfinder&) = delete;
    GridPathfinder& operator=(const GridPathfinder&) = delete;
    GridPathfinder(GridPathfinder&&) = default;
    GridPathfinder& operator=(GridPathfinder&&) = default;

    /// Copies `field` into the pathfinder's padded layout, allocates the scratch arrays (only
    /// when the size grows), computes the islands and the cheapest cell cost. O(cells).
    /// Returns false (and leaves the pathfinder uninitialised: queries give InvalidInput) when
    /// the field is empty, cost.size() != width*height, a cost is not `Impassable` nor finite
    /// and > 0, the map is too large (width or height above 65533, or more than 2^31 cells with
    /// the padding), or `isValid(rules)` is false. `topology`: square (default) or a hex layout
    /// (NavGrid::reset: six neighbours, the diagonal rules do not apply).
    bool init(const CostField& field, const MoveRules& rules, const GridTopology& topology = GridTopology::square());
    bool initialized() const { return m_grid.layerCount() > 0; }

    /// Changes the move rules without copying the field again (recomputes islands and the
    /// heuristic scale). Returns false (rules unchanged) if `isValid(rules)` is false.
    bool setRules(const MoveRules& rules);
    const MoveRules& rules() const { return m_rules; }

    /// Re-reads the given cells from `field` (same size as at init) after they changed. Islands
    /// are recomputed only if a cell's passability changed, the minimum cost only if needed.
    /// Out-of-bounds cells are ignored. Returns false if the field size differs or a new cost is
    /// invalid (the pathfinder then keeps its previous state for that cell).
    bool updateCells(const CostField& field, std::span<const TileCoord> cells);
    /// Re-reads the whole field (same size). O(cells). Returns false as updateCells does.
    bool refresh(const CostField& field);

    /// Landmark (ALT) settings, see Landmarks.hpp; default Auto: a table for fields of at least
    /// 128x128 cells, built by init() (and rebuilt here when changed). Off: the plain octile
    /// bound only (the search order GridPathfinderOrderTest checks). After an edit that lowers a
    /// cost the table is rebuilt in the background; queries use the plain bound until it lands
    /// (findPath / beginSearch / findNearest poll for it; waitLandmarks() blocks for it).
    void setLandmarks(const LandmarkSettings& settings) { m_query.cancel(); m_grid.setLandmarks(settings); }
    const LandmarkSettings& landmarkSettings() const { return m_grid.landmarkSettings(); }
    /// Blocks until the landmark table is usable again (no-op when landmarks are off).
    void waitLandmarks() { m_grid.waitLandmarks(); }

    /// Partial paths on (default): an unreachable goal gives Partial + the path to the closest
    /// reachable cell. Off: NoPath in O(1).
    void setPartialPaths(bool enabled) { m_query.setPartialPaths(enabled); }
    bool partialPaths() const { return m_query.partialPaths(); }

    /// A* from start to goal. Fills `out` (status, cost, path start..end, expanded) and returns
    /// out.status: Found, Partial, NoPath, StartInvalid, GoalInvalid or InvalidInput.
    /// `trace` [opt]: records every step (cleared first). Cancels any time-sliced search.
    PathStatus findPath(TileCoord start, TileCoord goal, PathResult& out, SearchTrace* trace = nullptr);

    /// Dijkstra from start to the cheapest of `targets` (equal costs: the target with the lower
    /// row-major index wins; duplicates are fine). Targets that are off the
    /// map, impassable or on another island are ignored. Returns Found, NoPath (no target
    /// reachable; decided from the islands without searching), StartInvalid or InvalidInput.
    /// `targetIndex` [opt]: index into `targets` of the target reached (-1 if none).
    PathStatus findNearest(TileCoord start, std::span<const TileCoord> targets, PathResult& out,
                           int* targetIndex = nullptr, SearchTrace* trace = nullptr);

    /// Time-sliced A*. beginSearch validates and seeds the search (InProgress, or a final status
    /// such as StartInvalid / Found for start == goal / NoPath); step runs at most maxExpansions
    /// expansions ([Limit: > 0]) and returns InProgress, Found or Partial; finishSearch writes
    /// the result and ends the search (a search still InProgress is first run to its end).
    /// Without a begun search finishSearch gives InvalidInput. `trace` [opt] must outlive the
    /// search. findPath / findNearest / init cancel a running time-sliced search.
    PathStatus beginSearch(TileCoord start, TileCoord goal, SearchTrace* trace = nullptr);
    PathStatus step(int maxExpansions);
    PathStatus finishSearch(PathResult& out);
    /// True between a successful beginSearch and finishSearch.
    bool searching() const { return m_query.searching(); }

    /// O(1): are both cells passable and on the same island under the current rules?
    bool reachable(TileCoord a, TileCoord b) const;
    /// Island id of a passable cell (dense, 0-based), or -1 for off-map / impassable.
    int islandOf(TileCoord c) const;
    int islandCount() const { return m_grid.islandCount(0); }
    /// Cheapest passable cell cost (the heuristic's scale); 0 when no cell is passable.
    double minCellCost() const { return m_grid.minCellCost(0); }
    /// The scaled, weighted heuristic from a to b as A* uses it (no bounds check needed).
    double heuristic(TileCoord a, TileCoord b) const;

    int width() const { return m_grid.width(); }
    int height() const { return m_grid.height(); }

    /// The navigation data (layer 0 once initialised): to share it with GridQuery / PathService.
    const NavGrid& grid() const { return m_grid; }

private:
    NavGrid m_grid;    ///< one layer (0) once initialised
    GridQuery m_query;
    MoveRules m_rules; ///< the rules, also before init
};

} // namespace isostar::path
