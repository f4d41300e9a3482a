#pragma once
/// \file AnyAngle.hpp
/// Smoothed (any-angle) paths over a NavGrid layer: straight segments between cell centres
/// instead of eight-direction zig-zags, under a rule that never cuts a corner and never makes a
/// path dearer than the grid path it came from.
///
/// The rule (segmentAllowed / segmentCost). A segment joins the centres of two cells a and b.
/// - Every cell whose interior it crosses is passable (the walk is a supercover: it visits
///   exactly those cells, a and b included).
/// - Where it passes exactly through a grid corner, all four cells around that corner are
///   passable (the strict corner rule: the two cells it only touches there too).
/// - A single step (|dx| <= 1 and |dy| <= 1) costs what the grid search charges: the entered
///   cell's cost, x the rules' diagonalFactor for a diagonal. A diagonal step obeys the strict
///   corner rule (both side cells passable), whatever the layer's DiagonalMode says.
/// - A longer segment is allowed only when every cell whose interior it crosses has the same
///   cost c; it costs c x its Euclidean length (cells touched only at a corner need only be
///   passable: the segment spends no length in them).
/// - a == b: allowed when the cell is passable, cost 0.
///
/// Hex grids (NavGrid::topology): cell centres and lengths are those of the plane where the
/// cells are regular hexagons with neighbouring centres 1 apart (GridTopology::centre). A single
/// step to one of the six edge neighbours costs the entered cell's cost. A longer segment is
/// allowed only when every cell it touches is on the map, passable and of the same cost c (the
/// hex corner rule: a segment running along the edge between two cells touches both, one
/// through a corner where three cells meet touches all three -- so no segment slips between
/// two walls that share a corner); it costs c x its length.
///
/// The search (AnyAngleQuery). Theta*: A* whose relaxation of a neighbour n of s also tries the
/// segment from s's parent to n under the rule (g = g(parent) + segmentCost), keeping the
/// cheaper of the two, with the Euclidean heuristic scaled by the layer's cheapest cost. Its
/// waypoints then go through a string-pulling pass that drops a waypoint only when the
/// segment that replaces two is allowed and not dearer.
///
/// Guarantee: for a grid path whose steps obey the rule (every path of a NoCornerCutting or
/// Never layer does; one of a corner-cutting layer may not: InvalidInput), smooth() gives a path
/// with the same first and last cell whose every segment obeys the rule and whose cost (the sum
/// of its segment costs, summed in path order) is <= the grid path's cost summed the same way.
/// When the Theta* path is dearer the string-pulled grid path is used (`fromGridPath`), and when
/// even that is dearer (only by rounding) the grid path itself.
///
/// No SFML; queries never allocate after warm-up (scratch grows to the largest grid used).
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::AnyAngleQuery smoother;                  // per agent or thread, like GridQuery
/// isostar::path::SmoothPath smooth;
/// isostar::path::PathResult gridPath;
/// if (isostar::path::hasPath(smoother.findPath(grid, walker, {1, 1}, {30, 12}, smooth, gridPath)))
///     for (const isostar::TileCoord c : smooth.waypoints)  // cells; segments join their centres
///         std::cout << c << '\n';
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"

#include <cstdint>
#include <iosfwd>
#include <span>
#include <vector>

namespace isostar::path {

/// A smoothed path: cells whose centres are joined by straight segments.
struct SmoothPath {
    std::vector<TileCoord> waypoints;  ///< first = the path's start, last = its end; empty: none
    double length = 0.0;               ///< sum of the segments' Euclidean lengths (cells)
    double cost = 0.0;                 ///< sum of segmentCost() over the segments, in order
    bool fromGridPath = false;         ///< the any-angle path was dearer: the grid path, pulled
    int expanded = 0;                  ///< cells closed by the any-angle search

    bool operator==(const SmoothPath&) const = default;
};

std::ostream& operator<<(std::ostream& os, const SmoothPath& p);

/// True when the segment from the centre of `a` to the centre of `b` obeys the rule (file
/// comment). False for a bad layer or a cell off the map. O(|dx| + |dy|).
bool segmentAllowed(const NavGrid& grid, int layer, TileCoord a, TileCoord b);
/// The segment's cost under the rule; +infinity when segmentAllowed() is false.
double segmentCost(const NavGrid& grid, int layer, TileCoord a, TileCoord b);
/// Euclidean distance between the two cells' centres (square grids).
double segmentLength(TileCoord a, TileCoord b);
/// Distance between the two cells' centres on a grid of `topology` (hex: neighbours 1 apart).
double segmentLength(const GridTopology& topology, TileCoord a, TileCoord b);
/// Appends the cells of the segment from the centre of `a` to the centre of `b` to `out`, in
/// walking order, `a` excluded and `b` included: the cells whose interior it crosses (the rule's
/// supercover), consecutive cells 8-connected; where the segment passes exactly through a grid
/// corner the walk steps diagonally (the rule asks the two side cells to be passable there).
/// Nothing when a == b. O(|dx| + |dy|); no grid needed.
void segmentCells(TileCoord a, TileCoord b, std::vector<TileCoord>& out);
/// segmentCells() on a grid of `topology`; hex: the cells the segment touches (the hex rule's
/// cells: those it crosses and those it only grazes along an edge or at a corner), in walking
/// order, `a` excluded. O(hexDistance).
void segmentCells(const GridTopology& topology, TileCoord a, TileCoord b, std::vector<TileCoord>& out);
/// String pulling of a given grid path (cells start .. end, consecutive cells 8-neighbours)
/// under the rule, without a search: from each waypoint the path is followed as far as the
/// straight segment to a later cell is allowed and not dearer than the cells it replaces.
/// The result (fromGridPath set) has the same first and last cell and cost <= the grid path's
/// (when pulling only loses by rounding: the grid path itself). Empty (all zero) for an empty
/// path, a bad layer or a step the rule refuses. O(n) segment checks.
SmoothPath pullString(const NavGrid& grid, int layer, std::span<const TileCoord> gridPath);

class AnyAngleQuery {
public:
    AnyAngleQuery() = default;
    AnyAngleQuery(const AnyAngleQuery&) = delete;
    AnyAngleQuery& operator=(const AnyAngleQuery&) = delete;
    AnyAngleQuery(AnyAngleQuery&&) = default;
    AnyAngleQuery& operator=(AnyAngleQuery&&) = default;

    /// Smooths `gridPath` (cells start .. end, each step to one of the 8 neighbours) over
    /// `layer`: Theta* from its first to its last cell, string pulling, the guarantee above.
    /// Found (out filled), or InvalidInput (out cleared): bad layer, empty path, a cell off the
    /// map, or a step that is not a single step allowed by the rule.
    PathStatus smooth(const NavGrid& grid, int layer, std::span<const TileCoord> gridPath, SmoothPath& out);

    /// The grid path by gridQuery() (A* as the layer's rules say; its partial-path setting
    /// applies) written to `gridOut`, then smooth() of it. Returns the grid search's status
    /// (Found / Partial: `out` ends where the grid path ends) or its failure (out cleared);
    /// InvalidInput when smoothing refused the grid path (a corner-cutting layer).
    PathStatus findPath(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, SmoothPath& out,
                        PathResult& gridOut);

    /// The A* scratch findPath uses (e.g. setPartialPaths, setSearchMode).
    GridQuery& gridQuery() { return m_gridQuery; }

private:
    struct Node {
        double g;
        std::uint32_t stamp;   ///< == generation: open, == generation + 1: closed
        std::uint32_t parent;  ///< padded index
    };
    struct Entry {
        double f;
        double g;
        std::uint32_t node;
    };

    bool search(const NavGrid& grid, int layer, std::uint32_t startNode, std::uint32_t goalNode);
    void relax(const NavGrid& grid, int layer, std::uint32_t cur, std::uint32_t nb, double stepCost,
               std::uint32_t goalNode);
    void pullString(const NavGrid& grid, int layer, std::span<const TileCoord> in, std::vector<TileCoord>& out);
    void nextGeneration(std::size_t padded);

    GridQuery m_gridQuery;
    std::vector<Node> m_nodes;             ///< per padded cell
    std::vector<Entry> m_open;             ///< binary heap (std::push_heap), duplicates skipped on pop
    std::vector<TileCoord> m_found;        ///< Theta*'s waypoints
    std::vector<TileCoord> m_pulled;       ///< string-pulling output
    std::vector<double> m_prefix;          ///< string pulling: cost of the input up to each point
    std::uint32_t m_generation = 0;
    double m_hScale = 0.0;
    int m_expanded = 0;
};

} // namespace isostar::path
