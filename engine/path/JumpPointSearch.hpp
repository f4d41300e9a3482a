#pragma once
/// \file JumpPointSearch.hpp
/// Jump point search (Harabor & Grastien 2011) over a NavGrid layer whose passable cells all
/// cost the same, under the Moving AI rule DiagonalMode::NoCornerCutting (a diagonal step needs
/// both orthogonal neighbours passable). Instead of pushing every neighbour it jumps along
/// straight and diagonal lines and keeps only the cells where an optimal path may turn, so it
/// expands a small fraction of the cells A* expands and returns the same optimal cost.
///
/// Split like NavGrid / GridQuery (data / scratch):
/// - JumpPointGrid: the layer's passability as bit rows and bit columns (one bit per padded
///   cell, twice), so a straight jump tests 64 cells per step. Built once per layer version;
///   read-only afterwards, so any number of threads may share one.
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
///   `weight` are ignored: JPS always uses the exact octile bound and is always optimal.
/// - Deterministic; queries do not allocate after warm-up (scratch grows to the largest grid).
///
/// \code
/// eng::path::JumpPointGrid jumps;
/// if (eng::path::JumpPointSearch::supports(grid, walker))
///     jumps.build(grid, walker);                     // again after every edit of the layer
/// eng::path::JumpPointSearch search;                 // one per thread
/// eng::path::PathResult result;
/// search.findPath(grid, walker, jumps, {1, 1}, {30, 12}, result);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/detail/RowOf.hpp"

#include <cstdint>
#include <vector>

namespace eng::path {

/// Passability bit planes of one NavGrid layer (padded coordinates, the ring blocked): one bit
/// row per padded row and one bit column per padded column. Immutable after build(); safe to
/// share read-only between threads.
class JumpPointGrid {
public:
    /// Builds the planes from `layer` of `grid`. O(cells). false (and empty) for a bad layer.
    bool build(const NavGrid& grid, int layer);
    /// True when built from `layer` of a grid of this size at the layer's current version.
    bool matches(const NavGrid& grid, int layer) const;
    /// True after a successful build().
    bool built() const { return m_layer >= 0; }

    /// Padded width (stride) and height of the planes.
    int paddedWidth() const { return m_pw; }
    int paddedHeight() const { return m_ph; }
    /// Passability of padded cell (px, py) [Limit: inside the padded grid].
    bool open(int px, int py) const
    {
        const std::size_t bit = std::size_t(px + kLead);
        return (m_rows[std::size_t(py) * m_rowWords + (bit >> 6)] >> (bit & 63)) & 1u;
    }

    /// Words per bit row / column; bit (p + 64) of a line holds position p (64 blocked bits of
    /// lead and at least 64 of tail, so a 64-bit window never leaves the line).
    std::size_t rowWords() const { return m_rowWords; }
    std::size_t colWords() const { return m_colWords; }
    const std::uint64_t* rows() const { return m_rows.data(); }
    const std::uint64_t* cols() const { return m_cols.data(); }
    /// Blocked bits in front of every line.
    static constexpr int kLead = 64;

private:
    int m_layer = -1;
    int m_pw = 0;
    int m_ph = 0;
    std::uint64_t m_version = 0;
    std::size_t m_rowWords = 0;
    std::size_t m_colWords = 0;
    std::vector<std::uint64_t> m_rows;
    std::vector<std::uint64_t> m_cols;
};

class JumpPointSearch {
public:
    JumpPointSearch() = default;
    JumpPointSearch(const JumpPointSearch&) = delete;
    JumpPointSearch& operator=(const JumpPointSearch&) = delete;
    JumpPointSearch(JumpPointSearch&&) = default;
    JumpPointSearch& operator=(JumpPointSearch&&) = default;

    /// True when JPS is exact on `layer`: valid layer, every passable cell costs the same,
    /// DiagonalMode::NoCornerCutting and 1 <= diagonalFactor < 2.
    static bool supports(const NavGrid& grid, int layer);

    /// Partial paths on (default): an unreachable goal gives Partial + the path to the closest
    /// reachable cell. Off: NoPath in O(1).
    void setPartialPaths(bool on) { m_partialPaths = on; }
    bool partialPaths() const { return m_partialPaths; }

    /// JPS from start to goal over `layer` of `grid`, with `jumps` built from that layer (see
    /// JumpPointGrid::matches). Fills `out` and returns out.status (see the file comment).
    PathStatus findPath(const NavGrid& grid, int layer, const JumpPointGrid& jumps, TileCoord start, TileCoord goal,
                        PathResult& out);

private:
    struct Node {
        double g = 0.0;
        std::uint32_t stamp = 0;
        std::uint32_t parent = 0;
    };
    struct Entry {
        double f;
        double g;
        std::uint32_t node;
    };

    /// One search to a reachable goal; fills m_jumpPath (goal..start jump points) and the cost.
    bool search(std::uint32_t startNode, std::uint32_t goalNode, int& expanded);
    void expand(std::uint32_t node);
    void push(std::uint32_t node, std::uint32_t parent, double g);
    std::uint32_t jumpStraight(int x, int y, int dx, int dy) const;
    std::uint32_t jumpDiagonal(int x, int y, int dx, int dy) const;
    double h(int x, int y) const;
    void writePath(std::uint32_t startNode, std::uint32_t endNode, PathResult& out) const;

    const JumpPointGrid* m_jumps = nullptr;
    int m_stride = 0;
    detail::RowOf m_rowOf;  ///< a node's padded row (node / m_stride)
    int m_goalX = 0;
    int m_goalY = 0;
    std::uint32_t m_goalNode = 0;
    double m_cost = 1.0;       ///< the layer's uniform cell cost
    double m_diag = 1.0;       ///< diagonalFactor
    double m_diagCost = 1.0;   ///< m_cost * m_diag
    std::uint32_t m_generation = 0;
    bool m_partialPaths = true;
    std::vector<Node> m_nodes;
    std::vector<Entry> m_open;
    std::vector<std::uint32_t> m_targets;  ///< partial-path candidates (padded nodes)
};

} // namespace eng::path
