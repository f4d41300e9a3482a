#pragma once
/// \file WeightedJumpSearch.hpp
/// Weighted jump point search (JPSW, after Carlson, Harabor, Stuckey et al. 2023) over any
/// NavGrid cost layer under DiagonalMode::NoCornerCutting with 1 <= diagonalFactor < 2.
///
/// The rule. A cell x entered in direction k from q = x - k keeps a direction j (its next
/// step x -> n) unless a way from q to n through x's 3x3 neighbourhood that avoids x
/// - costs less than q -> x -> n, or
/// - costs the same and begins with a diagonal step while q -> x is straight (n not straight
///   on). Among optimal paths of equal cost the search keeps the canonical one that turns
///   diagonally first; jump point search's own rules are this rule on a uniform 3x3.
/// The rule reads only the 3x3 around x, so WeightedJumpGrid tabulates it: 8 bits for each
/// cell and entry direction (cells of uniform cost share a table of 256 passability patterns),
/// and an edit recomputes the 3x3 around each changed cell.
/// - A straight jump runs on through every cell that keeps straight on only (a bit plane per
///   direction, 57 cells or more per step); the first cell that keeps more is a jump point, one that
///   keeps nothing a dead end. A dead-end plane per direction tells from the jump's first
///   cell alone that it ends in a dead end (its lines are recomputed where an edit changes the
///   pass or live bits), so such a jump costs one bit test. Beside a road of cheaper cells, for instance, going on beats
///   every step onto the road, so jumps run along the road's sides.
/// - A diagonal jump expands its cells on the way: where a cell keeps only the diagonal and
///   its two straight parts, their straight jumps are run there and what they find goes on
///   the open list as a two-leg jump from the diagonal jump's origin (diagonal steps, then
///   straight ones: the parent alone fixes the path). A cell keeping anything else, or the
///   goal, ends the diagonal jump as a jump point. The cells where nothing happens (no forced
///   direction, both straight jumps end in dead ends) are skipped by one scan of a skip plane
///   per diagonal direction, a bit line per diagonal of the grid (JPS+'s precomputed diagonal
///   distances, as bits that an edit patches cell by cell); the cells in the goal's row and
///   column are never skipped. On a layer of several costs the plane holds only cells whose
///   3x3 is open and of one cost (flat ground), where skipping changes none of the ways beside.
/// - A diagonal jump also prices the two ways beside it: a straight step from its origin (or
///   a diagonal one from the cell before it, when the origin's path entered it straight along
///   the other axis), then the same diagonal steps one cell over. Where such a way (all of its
///   steps allowed) is strictly cheaper than the jump to the same cell, no optimal path takes
///   the jump there, so the jump stops before that cell, or leaves out the straight jump
///   starting there. Beside a road this leaves each road cell's diagonals only what the road
///   cells before and after it cannot reach cheaper (docs/MEASUREMENTS.md has what it saves on
///   valley504). Where both straight jumps of a cell lose to the ways beside, the flat cells
///   after it (open 3x3 of one cost: a bit plane) are walked without them: on such a cell both
///   ways and the jump grow by the same cost, so each compares as at the cell before.
/// - A jump may cross cells of different costs: its cost is summed run by run (one scan of a
///   same-cost plane per run of equal costs).
/// - The start is expanded in all eight directions.
/// - On a uniform layer (every passable cell costs the same) the jumps price their cells by
///   count, without reading them, and the ways beside a diagonal jump are not priced (there
///   they never stop one and leave out few straight jumps): that is jump point search
///   (JumpPointSearch runs exactly this).
/// Exactness: every step a canonical optimal path takes is kept at each of its cells, the jumps
/// skip only cells that keep straight on alone, and those the diagonal jumps expand on their
/// way are expanded with the g of a path through them; the random-field tests compare every
/// query with A* and Dijkstra.
///
/// Split like NavGrid / GridQuery (data / scratch):
/// - WeightedJumpGrid: the successor table and the pass, same-cost, live, dead-end, flat and
///   diagonal skip planes. Built once per layer in O(cells); update() patches it in place
///   after an edit: the 3x3 of each changed cell, then the rows and columns through them.
///   Read-only during queries, so any number of threads may share one.
/// - WeightedJumpSearch: the per-agent (or per-thread) scratch: g, h, parents, stamps, and the
///   open list GridQuery uses (detail/OpenList.hpp). An expansion's best successor that
///   precedes the whole list is expanded next without a push and a pop (the same order).
///
/// Guarantees:
/// - For a layer where supports() holds, every Found path is optimal: its cost equals A*'s
///   (GridQuery with weight 1) up to floating-point rounding of the summed steps.
/// - The path is the full cell-by-cell path start..end: 8-connected, every diagonal step has
///   both orthogonal neighbours passable, and `cost` is the sum of its step costs in path order
///   (entry cost, x diagonalFactor for a diagonal step).
/// - Heuristic: the octile distance x the layer's cheapest cell cost, and, with landmarks on
///   (setLandmarks, default) and a usable table on the layer (NavGrid::landmarks), the max of
///   that and the landmark bound over all of the table's landmarks (detail::AllLandmarks; A*
///   reads a subset). The layer's `heuristic` and `weight` are ignored.
/// - Statuses as GridQuery: Found; Partial (goal unreachable, partial paths on: the path
///   to the reachable cell closest to the goal (Euclidean), ties by lower cost, then lower
///   row-major index); NoPath (partial paths off, O(1) from the islands); StartInvalid;
///   GoalInvalid (off the map); InvalidInput (bad layer, supports() false, or a
///   WeightedJumpGrid that does not match the layer's version).
/// - `expanded` counts jump points taken off the open list (not the cells diagonal jumps expand
///   on their way).
/// - Deterministic; queries do not allocate after warm-up (scratch grows to the largest grid).
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::WeightedJumpGrid flat;
/// if (isostar::path::WeightedJumpSearch::supports(grid, walker))
///     flat.build(grid, walker);
/// const isostar::path::CellChange changes[] = {{{5, 5}, isostar::path::Impassable}};
/// isostar::path::NavDirty dirty = grid.apply(walker, changes);
/// flat.update(grid, dirty);                           // after every apply() of the layer
/// isostar::path::WeightedJumpSearch search;               // one per thread
/// isostar::path::PathResult result;
/// search.findPath(grid, walker, flat, {1, 1}, {30, 12}, result);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/landmarks/LandmarkBound.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/detail/Directions.hpp"
#include "engine/path/detail/OpenList.hpp"
#include "engine/path/detail/RowOf.hpp"
#include "engine/path/detail/ZeroedArray.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace isostar::path {

/// The pruning data of one NavGrid layer (padded coordinates, the ring blocked): for every
/// padded cell and each of the 8 directions it can be entered in, the directions a search
/// keeps there (the local rule of the file comment); and per straight direction a pass plane,
/// one bit per cell, set where a straight jump runs on through the cell (as bit rows for east
/// and west, bit columns for north and south, so a jump tests 57 cells or more per step).
class WeightedJumpGrid {
public:
    /// Builds the table from `layer` of `grid`. O(cells). false (and empty) for a bad layer.
    bool build(const NavGrid& grid, int layer);
    /// build() from a copy of the layer's costs instead of the grid, so it may run on another
    /// thread while the grid is edited: `paddedCosts` as NavGrid::paddedCosts(layer) of a grid
    /// of padded size `paddedWidth` x `paddedHeight` (stride(), height() + 2), copied at the
    /// layer's version `layerVersion` with its rules' `diagonalFactor`. The table equals
    /// build(grid, layer) at that version; update() with the changes since brings it up to
    /// date. O(cells). false (and empty) when the sizes do not agree or layer < 0.
    bool buildFrom(std::span<const float> paddedCosts, int paddedWidth, int paddedHeight, double diagonalFactor,
                   int layer, std::uint64_t layerVersion);
    /// Patches the table after `dirty` = grid.apply(layer, ...) (or replaceLayer) of the layer
    /// it was built from, in place: the changed cells and their 8 neighbours, the dead-end
    /// bits of their rows and columns (a brush's rows and columns counted once), and the
    /// diagonal skip bits of the cells whose 3x3 or dead-end bits changed. O(changed cells x
    /// (width + height)); O(cells) when the layer's costs turned uniform or several (the skip
    /// planes' rule changes).
    /// The grid must have had no other change of the layer since build() or the last update().
    /// Returns false (and leaves the table unchanged) when it was not built from this layer
    /// of a grid of this size and diagonal factor; the caller then calls build(). Another
    /// layer: no-op, true. A table of a footprint layer reads its change in `dirty.derived`.
    bool update(const NavGrid& grid, const NavDirty& dirty);
    /// True when built (or updated) for `layer` of a grid of this size at its current version.
    bool matches(const NavGrid& grid, int layer) const;
    bool built() const { return m_layer >= 0; }

    int paddedWidth() const { return m_pw; }
    int paddedHeight() const { return m_ph; }
    /// Passability of padded cell (px, py) [Limit: inside the padded grid].
    bool open(int px, int py) const { return bit(m_openRows, m_rowWords, py, px); }
    /// The directions kept at padded cell `node` entered in direction k (bit j: direction j,
    /// both in detail::kDx / kDy order); 0 for a blocked cell or one k cannot enter.
    std::uint8_t successors(std::uint32_t node, int k) const { return m_succ[std::size_t(node) * 8 + std::size_t(k)]; }
    /// successors(py * paddedWidth + px, k) on a layer whose open cells all cost the same (so
    /// every cell's entry is the shared table's for its open neighbours), read from the open
    /// plane: 1 bit a cell, in cache where the 8 bytes a cell of the table often are not.
    [[gnu::always_inline]] std::uint8_t uniformSuccessors(int px, int py, int k) const
    {
        const std::uint64_t* above = m_openRows.data() + std::size_t(py - 1) * m_rowWords;
        const unsigned top = threeBits(above, px - 1);
        const unsigned mid = threeBits(above + m_rowWords, px - 1);
        const unsigned bottom = threeBits(above + 2 * m_rowWords, px - 1);
        if ((mid & 2u) == 0)
            return 0;  // blocked
        return m_uniform[top | (mid & 1u) << 3 | (mid & 4u) << 2 | bottom << 5][std::size_t(k)];
    }
    /// True when padded (px, py) and its 8 neighbours are open and cost the same (flat ground:
    /// a weighted diagonal jump through it compares its ways beside as at the cell before).
    bool flat(int px, int py) const { return bit(m_flatRows, m_rowWords, py, px); }
    /// successors(node, k) for padded (px, py) = node: from the open plane where the cell's
    /// open neighbours all cost what it costs (a bit plane says where), else from the table.
    [[gnu::always_inline]] std::uint8_t keptAt(std::uint32_t node, int px, int py, int k) const
    {
        return bit(m_uniformRows, m_rowWords, py, px) ? uniformSuccessors(px, py, k) : successors(node, k);
    }
    /// The 8 successors() entries of `node` (for prefetching).
    const std::uint8_t* successorsAt(std::uint32_t node) const { return m_succ.data() + std::size_t(node) * 8; }
    /// True when a straight jump in direction k (0..3) runs on through padded cell (px, py):
    /// it keeps only the move on.
    bool passes(int px, int py, int k) const
    {
        return detail::kDy[k] == 0 ? bit(m_pass[k], m_rowWords, py, px) : bit(m_pass[k], m_colWords, px, py);
    }
    /// True when the next cell in straight direction k (0..3) from open padded cell (px, py)
    /// costs the same.
    bool sameNext(int px, int py, int k) const
    {
        return detail::kDy[k] == 0 ? bit(m_same[k], m_rowWords, py, px) : bit(m_same[k], m_colWords, px, py);
    }
    /// True when a straight jump in direction k (0..3) whose first cell is padded (px, py)
    /// stops at a cell that keeps nothing (a dead end), the goal aside.
    bool deadEnd(int px, int py, int k) const
    {
        return detail::kDy[k] == 0 ? bit(m_dead[k], m_rowWords, py, px) : bit(m_dead[k], m_colWords, px, py);
    }
    /// Open cells where a straight jump stops although it could go on (jump points), for
    /// statistics. O(cells).
    std::size_t jumpPoints() const;

    /// Words per bit row / column; bit (p + kLead) of a line holds position p.
    std::size_t rowWords() const { return m_rowWords; }
    std::size_t colWords() const { return m_colWords; }
    /// The pass plane of straight direction k (0..3): rows for east / west, columns else.
    const std::uint64_t* passLines(int k) const { return m_pass[k].data(); }
    /// Like passLines: bit set where the next open cell in direction k costs the same.
    const std::uint64_t* sameLines(int k) const { return m_same[k].data(); }
    /// Like passLines: bit set where successors(cell, k) != 0 (a jump stopping there goes on).
    const std::uint64_t* liveLines(int k) const { return m_live[k].data(); }
    /// Like passLines: bit set where deadEnd() holds.
    const std::uint64_t* deadLines(int k) const { return m_dead[k].data(); }
    /// The skip plane of diagonal direction k (4..7): one bit line per diagonal of the grid
    /// (diagonalLine), a cell's bit at its padded y, set where a diagonal jump in k entering
    /// the cell does nothing there and goes on (jump point search's distance to the next
    /// diagonal jump point, JPS+, as bits): the cell keeps k, nothing but k's two straight
    /// parts, and their jumps end in dead ends; the goal aside. On a layer of several costs
    /// (diagonalFlat()) only where the cell's 3x3 is open and of one cost too: the weighted
    /// search's diagonal jump prices the ways beside it, which only such cells leave as they are.
    const std::uint64_t* diagonalLines(int k) const { return m_skip[k - 4].data(); }
    /// The skip planes hold the weighted rule (the layer had several costs at the last build
    /// or update); else jump point search's, which holds on a uniform layer only.
    bool diagonalFlat() const { return m_diagFlat; }
    /// The diagonal line of padded (px, py) for direction k (4..7): its cells share x + y
    /// (north-east, south-west) or x - y (south-east, north-west). Lines have colWords() words.
    int diagonalLine(int k, int px, int py) const
    {
        return detail::kDx[k] == detail::kDy[k] ? px - py + m_ph - 1 : px + py;
    }
    /// True when a diagonal jump in direction k (4..7) runs on through padded (px, py) (see
    /// diagonalLines).
    bool diagonalPasses(int px, int py, int k) const
    {
        return bit(m_skip[k - 4], m_colWords, diagonalLine(k, px, py), py);
    }
    /// Bytes the table holds (successors, bit planes).
    std::size_t bytes() const;
    /// The same successors and bit planes as `other` (a table patched by update() against a
    /// fresh build, in tests and benchmarks).
    bool sameTable(const WeightedJumpGrid& other) const;
    /// Zero bits in front of every line (and at least as many behind it).
    static constexpr int kLead = 64;

private:
    static bool bit(const std::vector<std::uint64_t>& lines, std::size_t words, int line, int pos)
    {
        const std::size_t b = std::size_t(pos + kLead);
        return (lines[std::size_t(line) * words + (b >> 6)] >> (b & 63)) & 1u;
    }
    static void setBit(std::vector<std::uint64_t>& lines, std::size_t words, int line, int pos, bool on);
    /// Bits pos, pos + 1, pos + 2 of `line` as bits 0..2.
    static unsigned threeBits(const std::uint64_t* line, int pos)
    {
        const std::size_t b = std::size_t(pos + kLead);
        const unsigned s = unsigned(b & 63);
        const std::uint64_t low = line[b >> 6] >> s;
        return unsigned(s > 61 ? low | line[(b >> 6) + 1] << (64 - s) : low) & 7u;
    }
    void computeCell(const float* costs, int px, int py);
    /// Recomputes the dead-end bits of row (k = 1, 3) or column (k = 0, 2) `line` from its
    /// pass and live bits (the positions whose bit flips into `flipped`, when given).
    /// O(line length).
    void computeDeadLine(int k, int line, std::vector<int>* flipped = nullptr);
    /// Recomputes the diagonal skip bits of padded (px, py) (diagonalLines) from its successors,
    /// the dead-end bits of its row and column and the costs of its 3x3.
    void computeDiagonalCell(const float* costs, int px, int py);
    /// computeDiagonalCell for every open cell (build, or the layer's costs became uniform or
    /// several: the planes' rule changes).
    void computeDiagonalPlanes(const float* costs);

    int m_layer = -1;
    int m_pw = 0;
    int m_ph = 0;
    double m_diag = 1.0;
    std::uint64_t m_version = 0;
    std::size_t m_rowWords = 0;
    std::size_t m_colWords = 0;
    std::vector<std::uint64_t> m_openRows;
    std::vector<std::uint64_t> m_uniformRows;  ///< open cells whose open neighbours cost what they cost
    std::vector<std::uint64_t> m_flatRows;     ///< flat()
    std::vector<std::uint64_t> m_pass[4];
    std::vector<std::uint64_t> m_same[4];
    std::vector<std::uint64_t> m_live[4];
    std::vector<std::uint64_t> m_dead[4];
    std::vector<std::uint64_t> m_skip[4];  ///< diagonalLines(4 + i)
    bool m_diagFlat = false;               ///< diagonalFlat()
    std::vector<std::uint8_t> m_succ;  ///< 8 per padded cell
    /// successors() of a cell whose open neighbours all cost what it costs, by its open
    /// neighbours (bit i: 3x3 index i, the centre left out) and k.
    std::array<std::array<std::uint8_t, 8>, 256> m_uniform{};
};

class WeightedJumpSearch {
public:
    WeightedJumpSearch() = default;
    WeightedJumpSearch(const WeightedJumpSearch&) = delete;
    WeightedJumpSearch& operator=(const WeightedJumpSearch&) = delete;
    WeightedJumpSearch(WeightedJumpSearch&&) = default;
    WeightedJumpSearch& operator=(WeightedJumpSearch&&) = default;

    /// True when the search is exact on `layer`: valid layer of a square grid (never a hex one:
    /// NavGrid::hex), DiagonalMode::NoCornerCutting and 1 <= diagonalFactor < 2. Any costs.
    static bool supports(const NavGrid& grid, int layer);

    /// Partial paths on (default): an unreachable goal gives Partial + the path to the closest
    /// reachable cell. Off: NoPath in O(1).
    void setPartialPaths(bool on) { m_partialPaths = on; }
    bool partialPaths() const { return m_partialPaths; }
    /// Use the layer's landmark table when the NavGrid offers one (default on).
    void setLandmarks(bool on) { m_useLandmarks = on; }
    bool landmarks() const { return m_useLandmarks; }

    /// Sizes the search records for `grid` and writes them once, so that no later query on a
    /// grid of that size pays for first touching their pages (a benchmark's set-up, before its
    /// clock runs; queries grow the records themselves otherwise).
    void prepare(const NavGrid& grid)
    {
        m_nodes.growTo(grid.paddedSize());
        m_nodes.zero();
        m_generation = 0;
    }

    /// JPSW from start to goal over `layer` of `grid`, with `flat` matching that layer. Fills
    /// `out` and returns out.status (see the file comment).
    PathStatus findPath(const NavGrid& grid, int layer, const WeightedJumpGrid& flat, TileCoord start,
                        TileCoord goal, PathResult& out);

private:
    struct Node {
        double g = 0.0;
        double h = 0.0;  ///< the heuristic, set by the node's first push of a search
        std::uint32_t stamp = 0;
        std::uint32_t parent = 0;
    };

    /// One search (Uniform: m_uniformLayer, see expand).
    template <bool Uniform>
    bool search(std::uint32_t startNode, std::uint32_t goalNode, int& expanded);
    /// Uniform: the layer's passable cells all cost m_minCost (m_uniformLayer), so the jumps
    /// price their cells without reading them.
    template <bool Uniform>
    void expand(std::uint32_t node, int x, int y);
    [[gnu::always_inline]] inline void add(std::uint32_t to, double cost);
    /// Records the queued successors' better costs and pushes them, but the one with the
    /// smallest key when it precedes the whole open list: returned (else kNoNode) for the
    /// search to expand next.
    std::uint32_t flush(std::uint32_t from);
    /// Records and pushes every queued successor (when the queue is full).
    void pushAll(std::uint32_t from);
    /// Records cost g and `parent` for `node` at padded (x, y) when that improves it; true then.
    bool improve(std::uint32_t node, std::uint32_t parent, double g, int x, int y);
    /// The jump point (or kNoNode) from padded (x, y) in straight direction K; `cost`: the
    /// jump's cost (set when a jump point is found).
    template <int K, bool Uniform>
    [[gnu::always_inline]] inline std::uint32_t jumpStraight(int x, int y, double& cost) const;
    /// The costs of the ways beside a diagonal jump in direction K from padded node `origin`
    /// (entered in direction `in`) up to that origin (see jumpDiagonal).
    template <int K>
    void waysBeside(std::int64_t origin, int in, double& altX, double& altY) const;
    /// Adds the jump points of the diagonal jump from padded (x, y) in direction K, and those
    /// of the straight jumps from the cells it expands on its way; `in`: the direction of the
    /// last step of the path to (x, y) (-1 for the start).
    template <int K, bool Uniform>
    void jumpDiagonal(int x, int y, int in);
    /// A diagonal jump's running state: the cost of its cells so far (weighted), the ways
    /// beside it (see waysBeside) and its last cell (padded node).
    struct DiagonalWalk {
        double sum = 0.0;
        double altX = std::numeric_limits<double>::infinity();
        double altY = std::numeric_limits<double>::infinity();
        std::int64_t prev = 0;
        /// Its last cell's straight jumps were both left out by the ways beside (whether it
        /// kept them or not): flat cells after it would leave them out too (see jumpDiagonal).
        bool besideWins = false;
    };
    /// A diagonal jump in direction K reaches padded (x, y), its t-th cell: adds what it finds
    /// there; false when the jump ends there.
    template <int K, bool Uniform>
    bool diagonalCell(int x, int y, int t, DiagonalWalk& walk);
    /// A weighted diagonal jump's state after skipping `n` flat cells, the last at padded node
    /// `last` (see jumpDiagonal).
    void skipFlat(int n, std::int64_t last, DiagonalWalk& walk) const;
    double h(std::uint32_t node, int x, int y) const;
    void writePath(std::uint32_t startNode, std::uint32_t endNode, PathResult& out);

    const WeightedJumpGrid* m_flat = nullptr;
    const float* m_costs = nullptr;
    std::shared_ptr<const LandmarkTable> m_table;  ///< null: octile bound only
    detail::AllLandmarks m_active;  ///< the table's landmarks toward the goal (lanes 0: none)
    int m_stride = 0;
    detail::RowOf m_rowOf;  ///< a node's padded row (node / m_stride)
    int m_goalX = 0;
    int m_goalY = 0;
    std::uint32_t m_goalNode = 0;
    double m_minCost = 1.0;    ///< the layer's cheapest cell cost (the octile bound's scale)
    double m_diag = 1.0;       ///< diagonalFactor
    std::uint32_t m_generation = 0;
    bool m_partialPaths = true;
    bool m_useLandmarks = true;
    bool m_uniformLayer = false;  ///< every passable cell costs m_minCost: exact open list, cells not read
    bool m_skipDiagonals = false; ///< the table's diagonal skip planes hold for this layer's kind
    detail::ZeroedArray<Node> m_nodes;  ///< untouched zero pages until a search visits them
    detail::OpenListStorage m_open;  ///< the open list (detail/OpenList.hpp), as GridQuery's
    detail::OpenList* m_list = nullptr;  ///< the open list of the running search
    static constexpr int kMaxSuccessors = 32;
    std::uint32_t m_from = 0;                   ///< the node being expanded
    std::uint32_t m_succ[kMaxSuccessors] = {};  ///< its successors, pushed by flush()
    double m_succCost[kMaxSuccessors] = {};     ///< and the costs of their jumps
    int m_succCount = 0;
    std::vector<std::uint32_t> m_targets;  ///< partial-path candidates (padded nodes)
    std::vector<TileCoord> m_jumpPoints;   ///< the found path's jump points (writePath)
};

} // namespace isostar::path
