#pragma once
/// \file FlowField.hpp
/// A flow field: one Dijkstra from a set of goal cells over a NavGrid layer, run backwards (the
/// cost of a step is the cost of entering the cell stepped to, as everywhere in engine/path),
/// so that every reached cell knows its cheapest cost to the nearest goal and the neighbour to
/// step to. Many units going to one place share it: each reads its next step in O(1) instead of
/// running its own A* (Supreme Commander 2's crowds; the A* article's "Dijkstra for the nearest
/// of several targets", turned round).
///
/// Guarantees:
/// - Bounded: the search never leaves `region` (clipped to the grid). Cells outside it are
///   never reached; they still count as passable for the diagonal rule's side cells, which are
///   the grid's. With the whole grid as region, distance(c) equals a plain Dijkstra's cost from
///   c to the cheapest goal under the layer's rules.
/// - Hex grids (NavGrid::topology): the six edge neighbours, each step the entered cell's cost;
///   the bound toward the sources is their box's Chebyshev distance in offset coordinates x the
///   cheapest cost (a hex step moves at most one cell along each axis), landmarks as below.
/// - Optimal moves: for every settled cell c that is not a goal, next(c) is a neighbour that may
///   be entered from c under the layer's diagonal rule, and stepCost(c -> next(c)) +
///   distance(next(c)) == distance(c) (the very additions of the search). Following next()
///   from any reached cell ends at a goal after finitely many steps and costs distance(c).
/// - Deterministic: equal costs are broken by the order of the heap (cost, then distance, then
///   cell index in the region), so the same input gives the same field on any machine.
/// - Sources (optional): the cells the field must serve (where the units stand). With sources
///   the search takes cells in order of distance plus a lower bound of the way on to the
///   sources' bounding box (A*'s order, from the goals toward the units) and stops as soon as
///   every source in the region is settled (sources on another island than the goals do not
///   count: no way leads from them). The bound is the octile distance to the sources' box x
///   the cheapest cost, and with the grid's landmark table for the layer (Landmarks.hpp) the
///   landmark bounds toward the nearest source as well. distance() is exact on every cell the search
///   settled (the sources and every cell their walks to the goals pass), an upper bound (a
///   real way to a goal, followed by next()) on the other cells it reached, and the search
///   expands far fewer cells than a whole region. Without sources (or none passable in the
///   region) every cell of the region is settled.
/// - Time-sliced: step(n) runs at most n expansions; sliced or not, the field is the same.
///   A layer edited meanwhile (NavGrid::layerVersion changes) stops the search: step() gives
///   InvalidInput; restart() begins again on the grid as it is (PathService does both).
/// - Detachable: prepare() (and restart()) copies the region's costs, so after detach() step()
///   reads nothing of the grid (only the copy and the landmark table it holds, which is
///   immutable): another thread may run it, its set-up included, while the grid's owner edits
///   the grid. The owner then compares
///   version() with the layer's to know whether the finished field is still current.
/// - Memory: ~14 bytes per region cell plus the heap (16 bytes an entry), allocated by begin /
///   restart; the grid must outlive the search unless it is detached (not the finished field,
///   which keeps no pointer to read).
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// const isostar::TileCoord goals[] = {{30, 12}};
/// const isostar::TileCoord starts[] = {{3, 4}};
/// isostar::path::FlowField field;
/// field.begin(grid, walker, goals, isostar::path::FieldRegion::around(grid, starts, goals, 16));
/// while (field.step(4096) == isostar::path::PathStatus::InProgress) {}
/// std::vector<isostar::TileCoord> path;
/// field.trace({3, 4}, path);                 // {3,4} .. {30,12}, costs field.distance({3, 4})
/// if (auto n = field.next({3, 4})) { std::cout << "step to " << *n << '\n'; }
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/MoveRules.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/detail/OpenListStorage.hpp"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace isostar::path {

/// A rectangle of cells: x0 <= x < x1, y0 <= y < y1.
struct FieldRegion {
    int x0 = 0;
    int y0 = 0;
    int x1 = 0;
    int y1 = 0;

    int width() const { return x1 > x0 ? x1 - x0 : 0; }
    int height() const { return y1 > y0 ? y1 - y0 : 0; }
    bool empty() const { return width() == 0 || height() == 0; }
    bool contains(TileCoord c) const { return c.x >= x0 && c.y >= y0 && c.x < x1 && c.y < y1; }
    /// The whole grid.
    static FieldRegion whole(const NavGrid& grid) { return {0, 0, grid.width(), grid.height()}; }
    /// The bounding box of `a` and `b` grown by `margin` cells on every side, clipped to the grid.
    static FieldRegion around(const NavGrid& grid, std::span<const TileCoord> a, std::span<const TileCoord> b,
                              int margin);
    bool operator==(const FieldRegion&) const = default;
};

class FlowField {
public:
    /// The distance of a cell the field has not reached.
    static constexpr double Unreached = std::numeric_limits<double>::infinity();

    FlowField() = default;

    /// Seeds the search: every goal that is in the region and passable gets distance 0 (the
    /// goals, the layer, the region and the sources [opt] are kept for restart()). Returns
    /// InProgress; NoPath when no goal is usable (the field is then complete and empty);
    /// InvalidInput for a bad layer.
    PathStatus begin(const NavGrid& grid, int layer, std::span<const TileCoord> goals, FieldRegion region,
                     std::span<const TileCoord> sources = {});
    /// Keeps goals, layer, region and sources without searching (status InvalidInput until
    /// restart()).
    void setup(int layer, std::span<const TileCoord> goals, FieldRegion region, std::span<const TileCoord> sources = {});
    /// Stops the search and frees its memory (status InvalidInput until restart()); goals,
    /// layer, region and sources are kept.
    void stop();
    /// Begins again with the same goals, layer, region and sources on `grid` as it is now.
    PathStatus restart(const NavGrid& grid);
    /// The part of restart() that reads the grid: the region's costs copied, the goals and
    /// sources checked, the landmark table taken. InProgress, NoPath (no usable goal: the field
    /// is complete and empty) or InvalidInput. The region's arrays are filled and the goals
    /// seeded by the first step() after detach() (so on the thread that runs it), or at once
    /// by restart().
    PathStatus prepare(const NavGrid& grid);
    /// The running search stops watching the grid's layer version (see Detachable): step()
    /// reads no grid from now on, until the next restart().
    void detach();
    /// Forgets the sources: the next restart() settles the whole region (a repair after an
    /// edit, when the units may stand anywhere in it).
    void clearSources() { m_sources.clear(); }
    const std::vector<TileCoord>& sources() const { return m_sources; }
    /// Runs at most maxExpansions expansions ([Limit: > 0]; smaller counts as 1): InProgress or
    /// Found (the field is complete). InvalidInput, and the search stops, when the layer's
    /// version changed since begin / restart or no search was begun.
    PathStatus step(int maxExpansions);
    /// InProgress while running; Found once complete; NoPath (complete, empty); InvalidInput.
    PathStatus status() const { return m_status; }
    bool complete() const { return m_status == PathStatus::Found || m_status == PathStatus::NoPath; }
    /// Expansions since the last begin / restart.
    int expanded() const { return m_expanded; }

    int layer() const { return m_layer; }
    const FieldRegion& region() const { return m_region; }
    /// The goals as given to begin.
    const std::vector<TileCoord>& goals() const { return m_goals; }
    /// NavGrid::layerVersion of the layer when the search began.
    std::uint64_t version() const { return m_version; }
    /// A change of the grid (NavGrid::apply / replaceLayer) that can change this field: its
    /// layer, and a dirty cell in the region or new rules.
    bool touchedBy(const NavDirty& dirty) const;

    /// Cheapest cost from `c` to a goal; Unreached outside the region or where the search has
    /// not (yet) reached. Final only once complete().
    double distance(TileCoord c) const;
    bool reached(TileCoord c) const { return distance(c) < Unreached; }
    /// The neighbour to step to from `c` toward the goals; nullopt at a goal, or where not reached.
    std::optional<TileCoord> next(TileCoord c) const;
    /// Appends the cells from `from` (included) to the goal it leads to, following next();
    /// false (nothing appended) when `from` is not reached.
    bool trace(TileCoord from, std::vector<TileCoord>& out) const;

private:
    /// Padded index of a cell in the region: the region's rows and columns with a ring of one
    /// cell round them, which the search never enters (so neighbours need no bounds check).
    std::uint32_t local(TileCoord c) const
    {
        return std::uint32_t((c.y - m_region.y0 + 1) * (m_region.width() + 2) + (c.x - m_region.x0 + 1));
    }
    /// Puts region cell (padded x, y) = `cell` (grid node `node`) on the heap with distance d.
    void push(double d, std::uint32_t cell, std::uint32_t node, int x, int y);
    /// Asks for the landmark pairs of the 3x3 block round grid node `node`, just pushed.
    void prefetchAround(std::uint32_t node, int stride) const;
    /// Relaxes the neighbours of `cell` (padded x, y), settled with distance d.
    void expand(std::uint32_t cell, std::uint32_t node, int x, int y, double d);
    /// expand() on a hex grid: the six edge neighbours.
    void expandHex(std::uint32_t cell, std::uint32_t node, int x, int y, double d);
    /// prepare(): the usable sources (m_liveSources, m_sourceBox, m_boundScale, landmarks).
    void markSources(const NavGrid& grid);
    /// After prepare(): the region's arrays, the sources' flags, the goals on the heap.
    void start();
    /// markSources(): the landmark bounds toward the sources (m_lm, m_lmMask, m_lmOffset), when
    /// the grid has a usable table and the goals are on one island.
    void markLandmarks(const NavGrid& grid, const std::vector<int>& islands);
    /// The lower bound of the way from the sources to padded region cell (x, y) (grid node `node`).
    double bound(int x, int y, std::uint32_t node) const;

    const NavGrid* m_grid = nullptr;  ///< while a search runs
    int m_layer = -1;
    std::uint64_t m_version = 0;
    MoveRules m_rules;
    FieldRegion m_region;
    std::vector<TileCoord> m_goals;
    std::vector<double> m_dist;         ///< per padded region cell; Closed on the ring (walls stay Unreached: never entered)
    std::vector<std::uint8_t> m_dir;    ///< per padded region cell: direction of next(), NoDir at a goal / unreached
    std::vector<float> m_costs;         ///< per padded region cell: the layer's cost when the search began
    /// The open cells, a binary min-heap of (f bits, float bits of d << 32 | cell) (detail/OpenList.hpp's
    /// entries and heap functions); m_heapCount of them, the storage 2 longer.
    std::vector<detail::HeapEntry> m_heap;
    std::size_t m_heapCount = 0;
    std::vector<TileCoord> m_sources;
    std::vector<std::uint8_t> m_flags;     ///< per padded region cell: Source, Closed (see FlowField.cpp)
    int m_sourcesLeft = 0;                 ///< sources not settled yet; 0: settle the whole region
    FieldRegion m_sourceBox;               ///< their bounding box
    double m_boundScale = 0.0;             ///< cheapest cost per cell of the bound
    double m_boundDiagonal = 0.0;          ///< its extra per diagonal cell (octile)
    std::shared_ptr<const LandmarkTable> m_lm;  ///< the grid's table while a search with sources runs
    /// Per lane of a cell's landmark values (LandmarkTable::nodeStride): 0 for F_L, -1 for B_L
    /// (negates it), and the offset added: -(the largest F_L over the sources), (the smallest
    /// B_L over them), very negative for padding. In quanta.
    std::vector<std::int32_t> m_lmMask;
    std::vector<std::int32_t> m_lmOffset;
    std::int32_t m_cellStep[8] = {};       ///< padded region index of a neighbour minus the cell's, per direction
    std::int32_t m_nodeStep[8] = {};       ///< the same in the grid's padded index
    std::uint32_t m_nodeOrigin = 0;        ///< the grid's padded index of padded region cell 0
    int m_nodeStride = 0;                  ///< the grid's padded row length
    bool m_watchGrid = true;               ///< step() checks the layer's version (not once detached)
    bool m_begun = false;                  ///< start() ran after the last prepare()
    std::vector<TileCoord> m_liveGoals;    ///< prepare(): the goals in the region, passable
    std::vector<TileCoord> m_liveSources;  ///< prepare(): the sources that count (see Sources)
    int m_directions = 8;                  ///< 4 when the layer never steps diagonally
    /// Hex grids (m_hex.topology.hex): the six neighbours' steps in the grid's padded index and
    /// (m_hexCell) in the region's, per shoved line; m_dir then holds a hexStep direction.
    detail::HexSteps m_hex;
    std::int32_t m_hexCell[2][GridTopology::kHexNeighbours] = {};
    unsigned m_diagonalOk = 0;             ///< bit (sideA * 2 + sideB): a diagonal step is allowed
    PathStatus m_status = PathStatus::InvalidInput;
    int m_expanded = 0;
};

} // namespace isostar::path
