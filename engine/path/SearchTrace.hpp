#pragma once
/// \file SearchTrace.hpp
/// A recording of one search, step by step, for the game's visualisation ("why did the path
/// bend"). Pass a SearchTrace* to GridPathfinder::findPath / beginSearch / findNearest; when the
/// pointer is null the search runs a separately compiled loop with no recording code in it.
///
/// Layout is flat (no per-step allocation): step k expanded `expanded[k]` and, while doing so,
/// put the cells `opened[openedBegin[k] .. openedBegin[k+1])` on the open list (new, or with a
/// better g). Step 0's `opened` range holds the start cell itself. `snapshot(k)` rebuilds the
/// open/closed sets and g/h/f of every cell after step k.
///
/// With `recordNeighbours` on, step k also lists every neighbour it considered, in the search's
/// direction order (N, E, S, W, NE, SE, SW, NW; no diagonals when the rules are 4-connected),
/// with what happened to it: `neighbours[neighboursBegin[k] .. neighboursBegin[k+1])`
/// (step-through views; off by default, since a big search records ~8 entries per expansion).
/// The step that expands the target considers no neighbour.
///
/// \code
/// #include "engine/path/GridPathfinder.hpp"
/// isostar::path::GridPathfinder finder;
/// finder.init(isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::PathResult result;
/// isostar::path::SearchTrace trace;
/// finder.findPath({1, 1}, {30, 12}, result, &trace);
/// for (int k = 0; k < trace.stepCount(); ++k) {
///     isostar::path::TraceSnapshot s = trace.snapshot(k);
///     // draw s.state[i] (Open / Closed), s.g[i], s.h[i], s.f[i] for each cell i
/// }
/// \endcode

#include "engine/core/TileCoord.hpp"

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string_view>
#include <vector>

namespace isostar::path {

/// One cell as the search saw it at one moment. g = cost from the start so far, h = heuristic
/// (already scaled and weighted), f = g + h. `parent` is the cell it was reached from
/// (== cell for the start).
struct TraceCell {
    TileCoord cell;
    TileCoord parent;
    double g = 0.0;
    double h = 0.0;
    double f = 0.0;

    bool operator==(const TraceCell&) const = default;
};

enum class TraceCellState : std::uint8_t { Unvisited, Open, Closed };

/// What an expansion did with one neighbour.
enum class NeighbourOutcome : std::uint8_t {
    Opened,     ///< first reached: put on the open list
    Improved,   ///< already open, reached cheaper: g and parent replaced, pushed again
    NotBetter,  ///< already open with a g <= this candidate's: left as it was
    Closed,     ///< already expanded: never reopened
    Wall,       ///< impassable (terrain, a blocked overlay cell) or off the map
    CornerRule, ///< passable diagonal refused by the diagonal mode (a side cell is blocked)
};

/// One neighbour considered by one expansion. g = the cost through the expanded cell (the
/// candidate; for NotBetter / Closed the cell keeps its own, lower or equal, g), h = the
/// cell's heuristic, f = g + h. Wall: g = h = f = 0. CornerRule: the g the step would have had.
struct TraceNeighbour {
    TileCoord cell;
    NeighbourOutcome outcome = NeighbourOutcome::Opened;
    double g = 0.0;
    double h = 0.0;
    double f = 0.0;

    bool operator==(const TraceNeighbour&) const = default;
};

/// State of every cell of the field after a given step (row-major, width*height).
struct TraceSnapshot {
    int width = 0;
    int height = 0;
    std::vector<TraceCellState> state;
    std::vector<double> g;  ///< best g known at that step (0 when Unvisited)
    std::vector<double> h;
    std::vector<double> f;
    std::vector<TileCoord> parent;
};

struct SearchTrace {
    int width = 0;   ///< size of the searched field (set by the search)
    int height = 0;
    std::vector<TraceCell> expanded;  ///< expanded[k]: cell closed at step k, in order
    std::vector<TraceCell> opened;    ///< cells pushed/improved, grouped by step
    std::vector<int> openedBegin;     ///< size stepCount()+1 once a search has finished or paused
    /// Set by the caller before the search: also record every neighbour of every expansion.
    bool recordNeighbours = false;
    std::vector<TraceNeighbour> neighbours;  ///< grouped by step (empty unless recordNeighbours)
    std::vector<int> neighboursBegin;        ///< like openedBegin (filled with or without recordNeighbours)

    /// Forget every record (keeps capacity and the recordNeighbours setting).
    void clear();
    /// Number of expansion steps recorded.
    int stepCount() const { return int(expanded.size()); }
    /// Cells opened while expanding step k (k in [0, stepCount())).
    const TraceCell* openedBeginAt(int k) const { return opened.data() + openedBegin[std::size_t(k)]; }
    const TraceCell* openedEndAt(int k) const { return opened.data() + openedBegin[std::size_t(k) + 1]; }
    /// Neighbours considered by step k (k in [0, stepCount())); empty unless recordNeighbours.
    std::span<const TraceNeighbour> neighboursAt(int k) const
    {
        const std::size_t a = std::size_t(neighboursBegin[std::size_t(k)]);
        return {neighbours.data() + a, std::size_t(neighboursBegin[std::size_t(k) + 1]) - a};
    }
    /// State of every cell after step k has run ([Limit: -1 <= k < stepCount()]; -1 = only the
    /// start is open). O(cells touched up to k) plus the size of the field.
    TraceSnapshot snapshot(int k) const;
};

std::ostream& operator<<(std::ostream& os, const TraceCell& c);
/// "opened", "improved", "not-better", "closed", "wall", "corner-rule".
std::string_view neighbourOutcomeName(NeighbourOutcome o);
std::ostream& operator<<(std::ostream& os, NeighbourOutcome o);
std::ostream& operator<<(std::ostream& os, const TraceNeighbour& n);

} // namespace isostar::path
