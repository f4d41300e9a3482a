#pragma once
/// \file SearchStepper.hpp
/// Step-through search for the game's "watch A* think" mode: one expansion per step() through
/// the engine's own time-sliced search (GridQuery::beginSearch + step(1) with a SearchTrace that
/// records neighbours), so it visits cells in exactly the order of GridQuery::findPath with the
/// same mode (same expansions, same path, same cost). After each step it shows the cell just
/// expanded, every neighbour that expansion considered with its outcome (opened, improved, not
/// better, closed, wall, corner rule) and g/h/f, and the open list's first entries in the order
/// the search will pop them.
///
/// Owns its GridQuery and SearchTrace (movable, not copyable). The NavGrid must outlive the
/// search; an edit of the searched layer stops it (status InvalidInput: begin again). Memory
/// grows with the expansions (about 10 records each): meant for demo-sized searches.
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::SearchStepper stepper;
/// stepper.setOpenHeadSize(6);
/// stepper.begin(grid, walker, {1, 1}, {30, 12}, {isostar::path::SearchOrder::AStar});
/// // on key N:
/// if (stepper.status() == isostar::path::PathStatus::InProgress)
///     stepper.step();
/// if (const isostar::path::TraceCell* cur = stepper.current())
///     std::cout << "expanding " << cur->cell << " g " << cur->g << " h " << cur->h << " f " << cur->f << '\n';
/// for (const isostar::path::TraceNeighbour& n : stepper.neighbours())
///     std::cout << "  " << n.cell << ' ' << isostar::path::neighbourOutcomeName(n.outcome) << '\n';   // "improved", ...
/// for (const isostar::path::TraceCell& e : stepper.openHead())
///     std::cout << "  next " << e.cell << " f " << e.f << '\n';   // expanded first
/// const isostar::path::TraceSnapshot s = stepper.snapshot();        // open / closed sets now
/// if (stepper.finished())
///     std::cout << isostar::path::statusName(stepper.result().status) << '\n';   // Found / Partial / NoPath ...
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchMode.hpp"
#include "engine/path/SearchTrace.hpp"

#include <memory>
#include <span>
#include <vector>

namespace isostar::path {

class SearchStepper {
public:
    SearchStepper();
    SearchStepper(const SearchStepper&) = delete;
    SearchStepper& operator=(const SearchStepper&) = delete;
    SearchStepper(SearchStepper&&) = default;
    SearchStepper& operator=(SearchStepper&&) = default;

    /// How many open-list entries openHead() lists ([Limit: >= 0]; negative counts as 0;
    /// default 8). Applies from the next step (or begin).
    void setOpenHeadSize(int entries) { m_headSize = entries < 0 ? 0 : entries; }
    int openHeadSize() const { return m_headSize; }

    /// Starts a search from `start` to `goal` over `layer` with `mode` (GridQuery::setSearchMode)
    /// and `overlay` [opt] (read here only); `partialPaths` as GridQuery::setPartialPaths.
    /// Nothing is expanded yet: the open list holds the start. Returns InProgress, or a final
    /// status at once (StartInvalid, GoalInvalid, NoPath, InvalidInput for a bad layer, overlay or
    /// weight), which result() then holds. Drops any search this stepper was running.
    PathStatus begin(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, const SearchMode& mode = {},
                     const QueryOverlay* overlay = nullptr, bool partialPaths = true);
    /// Exactly one expansion (GridQuery::step(1)); a no-op once finished. Returns status():
    /// InProgress, or the final Found / Partial / NoPath (result() filled), or InvalidInput
    /// (the layer changed since begin, or nothing was begun).
    PathStatus step();
    /// Up to `expansions` expansions at once (speed mode; [Limit: > 0], smaller counts as 1),
    /// the same cells as that many step() calls. The neighbour records of every one of them
    /// stay in trace(); neighbours() shows the last one's.
    PathStatus advance(int expansions);
    /// Runs the search to its end; returns the final status.
    PathStatus finish();
    /// Drops the search: status() InvalidInput, no current cell, empty trace.
    void reset();

    /// InProgress while the search runs; then its final status; InvalidInput before begin().
    PathStatus status() const { return m_status; }
    /// True once the search has ended (result() holds its outcome).
    bool finished() const { return m_finished; }
    /// Expansions so far (== trace().stepCount()).
    int stepCount() const { return m_trace->stepCount(); }
    /// The cell expanded by the last step (cell, parent, g, h, f); null before the first.
    const TraceCell* current() const;
    /// The neighbours the last step considered, in direction order N, E, S, W, NE, SE, SW, NW
    /// (no diagonals when 4-connected), with outcome and candidate g/h/f; empty before the
    /// first step and for the step that expanded the target.
    std::span<const TraceNeighbour> neighbours() const;
    /// The first openHeadSize() open-list entries in the order the search will expand them
    /// (GridQuery::openListHead), as of the last step / begin; after the end, what was left.
    std::span<const TraceCell> openHead() const { return m_head; }
    /// Everything so far: expansion order (`expanded`, the closed set), cells opened per step,
    /// neighbour records per step. Stays valid until the next begin() / reset().
    const SearchTrace& trace() const { return *m_trace; }
    /// Open / closed state and g, h, f of every cell now (SearchTrace::snapshot of the last
    /// step; before the first step: only the start open). Empty before begin(). O(cells).
    TraceSnapshot snapshot() const;
    /// The outcome (status, path, cost, expanded) once finished(); before: status InProgress
    /// or InvalidInput and no path.
    const PathResult& result() const { return m_result; }
    /// The mode, start and goal of the search begun last.
    const SearchMode& mode() const { return m_mode; }
    TileCoord start() const { return m_start; }
    TileCoord goal() const { return m_goal; }

private:
    PathStatus settle(PathStatus s);

    GridQuery m_query;
    std::unique_ptr<SearchTrace> m_trace;  ///< on the heap: the query points to it while searching
    std::vector<TraceCell> m_head;
    PathResult m_result;
    SearchMode m_mode;
    TileCoord m_start{-1, -1};
    TileCoord m_goal{-1, -1};
    PathStatus m_status = PathStatus::InvalidInput;
    bool m_finished = false;
    int m_headSize = 8;
};

} // namespace isostar::path
