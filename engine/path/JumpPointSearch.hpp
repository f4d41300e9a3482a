#pragma once
/// \file JumpPointSearch.hpp
/// Jump point search (Harabor & Grastien 2011) over a NavGrid layer whose passable cells all
/// cost the same, under the Moving AI rule DiagonalMode::NoCornerCutting (a diagonal step needs
/// both orthogonal neighbours passable). Instead of pushing every neighbour it jumps along
/// straight and diagonal lines and keeps only the cells where an optimal path may turn, so it
/// expands a small fraction of the cells A* expands and returns the same optimal cost.
///
/// It is the weighted jump search (WeightedJumpSearch.hpp) on a uniform layer: there the local
/// rule keeps exactly jump point search's natural and forced neighbours. The heuristic is the
/// octile distance x the layer's cell cost and, with landmarks on (setLandmarks, default) and a
/// usable table on the layer (NavGrid::landmarks), the max of that and the landmark (ALT) bound
/// over all of the table's landmarks: both are consistent, so the search stays exact, and on
/// maps with walls the landmark bound leaves a fraction of the jump points to expand.
/// - JumpPointGrid (= WeightedJumpGrid): the layer's successor table and bit planes, so a
///   straight jump tests 57 cells or more per step. Built once per layer version (or patched by
///   update()); read-only afterwards, so any number of threads may share one.
/// - JumpPointSearch: the per-agent (or per-thread) scratch: g, parents, stamps, open list.
///
/// Guarantees:
/// - For a layer where supports() holds, every Found path is optimal: its cost equals A*'s
///   (GridQuery with weight 1) up to floating-point rounding of the summed steps.
/// - The path is the full cell-by-cell path start..end (jump points interpolated): 8-connected,
///   every diagonal step has both orthogonal neighbours passable, and `cost` is the sum of its
///   step costs in path order (entry cost, x diagonalFactor for a diagonal step).
/// - Statuses as GridQuery: Found; Partial (goal on another island or impassable, partial paths
///   on: the path to the reachable cell closest to the goal (Euclidean), ties by lower cost,
///   then lower row-major index); NoPath (partial paths off, decided in O(1) from the islands);
///   StartInvalid; GoalInvalid (off the map); InvalidInput (bad layer, supports() false, or a
///   JumpPointGrid not built from this layer version of this grid's size).
/// - `expanded` counts jump points taken off the open list. The layer's `heuristic` and
///   `weight` are ignored: JPS always uses the bounds above and is always optimal.
/// - Deterministic; queries do not allocate after warm-up (scratch grows to the largest grid).
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::JumpPointGrid jumps;
/// if (isostar::path::JumpPointSearch::supports(grid, walker))
///     jumps.build(grid, walker);                     // again after every edit of the layer
/// isostar::path::JumpPointSearch search;                 // one per thread
/// isostar::path::PathResult result;
/// search.findPath(grid, walker, jumps, {1, 1}, {30, 12}, result);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/WeightedJumpSearch.hpp"

namespace isostar::path {

/// The jump data of one layer: a WeightedJumpGrid (on a uniform layer its table holds jump
/// point search's natural and forced neighbours).
using JumpPointGrid = WeightedJumpGrid;

class JumpPointSearch {
public:
    JumpPointSearch() = default;

    /// True when JPS is exact on `layer`: valid layer of a square grid, every passable cell costs the same,
    /// DiagonalMode::NoCornerCutting and 1 <= diagonalFactor < 2.
    static bool supports(const NavGrid& grid, int layer);

    /// Partial paths on (default): an unreachable goal gives Partial + the path to the closest
    /// reachable cell. Off: NoPath in O(1).
    void setPartialPaths(bool on) { m_search.setPartialPaths(on); }
    bool partialPaths() const { return m_search.partialPaths(); }
    /// Use the layer's landmark table when the NavGrid offers one (default on); off: the
    /// octile bound alone.
    void setLandmarks(bool on) { m_search.setLandmarks(on); }
    bool landmarks() const { return m_search.landmarks(); }

    /// WeightedJumpSearch::prepare: the records sized and written before the first query.
    void prepare(const NavGrid& grid) { m_search.prepare(grid); }

    /// JPS from start to goal over `layer` of `grid`, with `jumps` built from that layer (see
    /// JumpPointGrid::matches). Fills `out` and returns out.status (see the file comment).
    PathStatus findPath(const NavGrid& grid, int layer, const JumpPointGrid& jumps, TileCoord start, TileCoord goal,
                        PathResult& out);

private:
    WeightedJumpSearch m_search;
};

} // namespace isostar::path
