#pragma once
/// \file GridQuery.hpp
/// The per-agent (or per-thread) scratch of A* over a NavGrid (Detour's dtNavMeshQuery): stamps,
/// g, parents and the open list. The grid, the layer (movement profile) and an optional overlay
/// are arguments of each query, never state copied into the query; the query holds a pointer to
/// the grid only while a time-sliced search runs. One GridQuery per agent or thread; many
/// queries may read one NavGrid at once (reads only).
///
/// Guarantees (those of GridPathfinder, which is a NavGrid + a GridQuery):
/// - With `rules.weight == 1` every Found path is optimal (the heuristic is scaled by the
///   layer's cheapest cell cost); deterministic; same expansion order as GridPathfinder.
///   This is the default search order; setSearchMode() picks Dijkstra, weighted A* or greedy
///   best-first per query instead (SearchMode.hpp; the last two are not optimal).
/// - Queries never allocate after warm-up (scratch grows to the largest grid used) unless the
///   owner frees scratch (shrinkOpenList, releaseScratch).
/// - A time-sliced search over a layer that is edited meanwhile (NavGrid::layerVersion changes)
///   stops: step() and finishSearch() give InvalidInput; begin again.
/// - An overlay never modifies the grid. A penalty overlay keeps paths optimal for the costs
///   with the penalty added. With a blocked overlay the islands no longer prove reachability:
///   a goal cut off by blocked cells floods what is reachable, then gives Partial (the closed
///   cell closest to the goal, ties by lower cost, then lower row-major index) or NoPath when
///   partial paths are off.
///
/// Hex grids (NavGrid::topology().hex): every query steps to the six edge neighbours, each step
/// the entered cell's cost (the rules' diagonal mode and factor do not apply); h is the hex
/// distance x the layer's scale (NavGrid::reset), with landmarks as below; a partial path ends
/// at the reachable cells nearest the goal in hex steps. Same guarantees otherwise.
///
/// Landmarks: when the NavGrid has a usable landmark table for the layer (NavGrid::landmarks)
/// and the layer's heuristic is Octile, a single-goal search uses h = weight x max(the scaled
/// octile bound, the landmark bounds) (Landmarks.hpp): still consistent, so every path stays
/// optimal with weight 1, and far fewer cells are expanded on large maps. Each search reads only
/// the few landmarks with the largest bound from its start to its goal (landmarks/LandmarkBound.hpp:
/// active landmarks, fixed for the search); the goal's values are read once per search; the
/// search keeps the table it began with (a shared_ptr) even if the grid installs a newer one
/// meanwhile. Multi-target searches (partial paths,
/// findNearest) and other heuristics use the plain bound.
///
/// Step-through: a time-sliced search with a SearchTrace advances one expansion per step(1) in
/// exactly the order of the full search; with `trace->recordNeighbours` each expansion also
/// lists every neighbour's outcome, and openListHead() shows what comes next (SearchStepper.hpp
/// wraps both).
///
/// Layout: per padded cell one 16-byte record {g, stamp, parent} here and one float cost in the
/// NavGrid; a generation counter in `stamp` replaces clearing between queries (open =
/// generation, closed = generation + 1); the open list is detail/OpenList.hpp's two-heap queue.
/// The records start as untouched zero pages (detail/ZeroedArray.hpp): on a big grid only the
/// pages of cells some search visited take memory.
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::GridQuery query;                      // per agent
/// isostar::path::PathResult result;
/// query.findPath(grid, walker, {1, 1}, {30, 12}, result);
/// const isostar::TileCoord others[] = {{7, 3}, {8, 3}};
/// const isostar::path::QueryOverlay units{others, 4.0f, false};   // avoid other units: +4 each
/// query.findPath(grid, walker, {1, 1}, {30, 12}, result, &units);
/// query.setSearchMode({isostar::path::SearchOrder::Greedy});     // later queries: greedy best-first
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchMode.hpp"
#include "engine/path/SearchTrace.hpp"
#include "engine/path/landmarks/LandmarkBound.hpp"
#include "engine/path/detail/OpenListStorage.hpp"
#include "engine/path/detail/ZeroedArray.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace isostar::path {

namespace detail {
class OpenList;  // detail/OpenList.hpp: the search loops' view of OpenListStorage
}

/// Cells held by other units for one query: `penalty` is added to the entry cost of each listed
/// cell, or the cells are impassable when `blocked`. Never changes the NavGrid. The start cell
/// is never blocked (a unit may always leave its cell). Off-map cells are ignored.
/// [Limit: penalty finite and >= 0, else the query gives InvalidInput]
struct QueryOverlay {
    std::span<const TileCoord> cells;
    float penalty = 0.0f;
    bool blocked = false;
};

class GridQuery {
public:
    GridQuery() = default;
    GridQuery(const GridQuery&) = delete;
    GridQuery& operator=(const GridQuery&) = delete;
    GridQuery(GridQuery&&) = default;
    GridQuery& operator=(GridQuery&&) = default;

    /// Partial paths on (default): an unreachable goal gives Partial + the path to the closest
    /// reachable cell. Off: NoPath (in O(1) when the islands decide it).
    void setPartialPaths(bool on) { m_partialPaths = on; }
    bool partialPaths() const { return m_partialPaths; }

    /// The search order of later findPath / beginSearch calls (SearchMode.hpp; default A* as
    /// the layer's rules say). A search already running keeps the mode it began with.
    /// findNearest always runs Dijkstra. Greedy and WeightedAStar give up optimality (see
    /// SearchOrder); every order keeps the other guarantees (deterministic, no reopening, no
    /// allocation after warm-up, InvalidInput for a WeightedAStar weight that is not finite > 0).
    void setSearchMode(const SearchMode& mode) { m_mode = mode; }
    const SearchMode& searchMode() const { return m_mode; }

    /// A* from start to goal over `layer` of `grid`. Fills `out` (status, cost, path start..end,
    /// expanded) and returns out.status: Found, Partial, NoPath, StartInvalid, GoalInvalid or
    /// InvalidInput (bad layer or overlay). `trace` [opt]: records every step (cleared first).
    /// Cancels any time-sliced search of this query.
    PathStatus findPath(const NavGrid& grid, int layer, TileCoord start, TileCoord goal, PathResult& out,
                        const QueryOverlay* overlay = nullptr, SearchTrace* trace = nullptr);

    /// Dijkstra from start to the cheapest of `targets` (equal costs: the target with the lower
    /// row-major index wins). Targets off the map, impassable or on another island are ignored.
    /// Returns Found, NoPath, StartInvalid or InvalidInput. `targetIndex` [opt]: index into
    /// `targets` of the target reached (-1 if none).
    PathStatus findNearest(const NavGrid& grid, int layer, TileCoord start, std::span<const TileCoord> targets,
                           PathResult& out, int* targetIndex = nullptr, const QueryOverlay* overlay = nullptr,
                           SearchTrace* trace = nullptr);

    /// Time-sliced A*. beginSearch validates and seeds (InProgress, or a final status such as
    /// StartInvalid / Found for start == goal / NoPath); the overlay's cells are read here only
    /// (the span need not outlive the call), `grid` and `trace` must outlive the search.
    PathStatus beginSearch(const NavGrid& grid, int layer, TileCoord start, TileCoord goal,
                           const QueryOverlay* overlay = nullptr, SearchTrace* trace = nullptr);
    /// Runs at most maxExpansions expansions ([Limit: > 0]; smaller counts as 1): InProgress,
    /// Found, Partial or NoPath. InvalidInput (and the search stops) if the layer's version
    /// changed since beginSearch or no search was begun.
    PathStatus step(int maxExpansions);
    /// Writes the result and ends the search (one still InProgress is first run to its end).
    /// Without a begun search, or after the layer changed: InvalidInput.
    PathStatus finishSearch(PathResult& out);
    /// Drops the running search (if any); searching() becomes false.
    void cancel();
    /// True between a successful beginSearch and finishSearch / cancel.
    bool searching() const { return m_search.active; }
    /// Bytes of scratch held now (per-cell records and stamps, open lists and their copies):
    /// about 16 per cell of the largest grid searched plus 8 to 24 per open-list entry of the
    /// longest search (the per-cell part is resident only where searches went).
    std::size_t scratchBytes() const;
    /// Frees the open list's storage (and openListHead's copy) when it has room for more than
    /// `maxEntries` entries, as one long search leaves it; the next search grows it again as it
    /// needs. Drops a running search first; openListHead() is empty afterwards.
    void shrinkOpenList(std::size_t maxEntries);
    /// Frees all scratch (a query not used for a while on a big grid); the next search
    /// allocates it again. Drops a running search first.
    void releaseScratch();
    /// Expansions of the running (or last) search so far.
    int expandedSoFar() const { return m_search.expanded; }
    /// Status of the running search: InProgress while it runs.
    PathStatus status() const { return m_search.status; }

    /// The open list's first entries in the exact order the search will expand them if it
    /// opens or improves no cell in between (each cell once: stale duplicates and cells already
    /// closed are skipped, as the search skips them). Each entry: cell, parent, g, h (scaled,
    /// weighted) and f = g + h (Greedy is ordered by h, then g). Fills `out` with at most
    /// `maxEntries` entries (cleared first) and returns how many. Works while a search runs and
    /// after finishSearch() until the next search begins (the open list then holds what was
    /// left); empty without a search, after cancel() or for a start that never got seeded.
    /// For step-through views (a few dozen entries): copies the open list, O(open entries) +
    /// O(maxEntries x (log n + maxEntries)) per call; the copy's storage is kept and reused
    /// (allocates only when it grows); never changes the search.
    int openListHead(int maxEntries, std::vector<TraceCell>& out);

    /// The scaled, weighted heuristic from a to b over `layer` (0 for a bad layer), including the
    /// bounds of ALL the table's landmarks when the grid's table for the layer is usable now: a
    /// search uses a subset of them (its active landmarks), so its h is at most this and at least
    /// the plain scaled bound.
    double heuristic(const NavGrid& grid, int layer, TileCoord a, TileCoord b) const;
    /// True when the running (or last) search used landmark bounds.
    bool usedLandmarks() const { return m_search.lmActive.count > 0; }

private:
    struct Search {
        bool active = false;
        PathStatus status = PathStatus::InvalidInput;   ///< InProgress while running
        PathStatus reached = PathStatus::Found;         ///< status when a target is popped
        bool greedy = false;                            ///< SearchOrder::Greedy: ordered by (h, g)
        bool seeded = false;                            ///< the open list belongs to this search
        bool multi = false;                             ///< target set (m_targetStamp) vs goalNode
        bool fallback = false;                          ///< exhausted open list -> Partial to `best`
        const NavGrid* grid = nullptr;
        int layer = -1;
        std::uint64_t version = 0;                      ///< grid.layerVersion(layer) at begin
        MoveRules rules;
        int stride = 0;
        int width = 0;
        int height = 0;
        double hScale = 0.0;
        double octileDiag = 1.0;
        bool overlay = false;                           ///< overlay cells stamped in m_overlayStamp
        bool overlayBlocked = false;
        float overlayPenalty = 0.0f;
        std::uint32_t startNode = 0;
        std::uint32_t goalNode = 0;
        std::uint32_t endNode = 0;
        int goalX = 0;  ///< padded coordinates of the single goal (or the fallback's goal)
        int goalY = 0;
        std::uint32_t bestNode = 0;     ///< fallback: closed cell closest to the goal so far
        long long bestD2 = -1;
        int expanded = 0;
        SearchTrace* trace = nullptr;
        std::shared_ptr<const LandmarkTable> lm;  ///< kept alive for the whole search
        detail::ActiveLandmarks lmActive;  ///< the landmarks this search reads (count 0: none)
        double lmWeight = 1.0;          ///< rules.weight (multiplies the landmark bound)
        detail::HexSteps hex;           ///< the grid's hex neighbours (hex.topology.hex: a hex grid)
    };
    /// Per padded cell, 16 bytes: everything the loop writes about a cell.
    struct Node {
        double g;              ///< best cost from the start in this generation
        std::uint32_t stamp;   ///< == generation: open/seen, == generation + 1: closed
        std::uint32_t parent;  ///< padded index of the predecessor (written on improvement)
    };

    PathStatus begin(const NavGrid& grid, int layer, TileCoord start, const QueryOverlay* overlay,
                     SearchTrace* trace, const SearchMode& mode);
    void seed(SearchTrace* trace);
    bool stillValid() const;
    /// How the search loop is compiled: recording a trace, untraced with branches (uniform
    /// fields), untraced with a branch-free improvement mask (weighted fields); Ov: the costs
    /// pass through the overlay (instantiated for traced and branchy loops only); G: greedy
    /// order (traced and branchy loops only, so the default loops stay as they were).
    enum class Loop { Traced, Branchy, Masked };
    template <Loop L, bool Ov, bool G, bool Multi, DiagonalMode Mode, Heuristic H, bool Lm>
    PathStatus run(int maxExpansions);
    template <Loop L, bool Ov, bool G, bool Multi, DiagonalMode Mode>
    PathStatus runFor(int maxExpansions);
    template <Loop L, bool Ov, bool G>
    PathStatus runLoop(int maxExpansions);
    PathStatus dispatchRun(int maxExpansions);
    /// The search loop of hex grids (GridQueryHex.cpp): six neighbours, all kinds of query.
    PathStatus runHex(int maxExpansions);
    /// runHex(): relaxes the six neighbours of padded cell (x, y) = cur, closed with cost g.
    void expandHex(detail::OpenList& open, std::uint32_t cur, int x, int y, double g);
    void collectPartialTargets(const std::int32_t* islands, std::int32_t island, TileCoord goal);
    void writeResult(PathResult& out);
    void nextGeneration();
    void ensureSize(std::size_t padded);
    double hPadded(int x, int y) const;
    void useLandmarks(const NavGrid& grid, int layer, std::uint32_t goalNode);
    double hRaw(int dx, int dy) const;
    /// The raw heuristic between padded cells (hex grids: the hex distance, or 0 for Zero).
    double hRawPadded(int ax, int ay, int bx, int by) const;
    TileCoord toCoord(std::uint32_t node) const
    {
        const int y = int(node / std::uint32_t(m_search.stride));
        return {int(node) - y * m_search.stride - 1, y - 1};
    }

    bool m_partialPaths = true;
    std::uint32_t m_generation = 0;
    int m_offsets[8] = {};
    detail::ZeroedArray<Node> m_nodes;                  ///< per padded cell (pages resident once touched)
    detail::ZeroedArray<std::uint32_t> m_targetStamp;   ///< per padded cell, allocated on first multi-target use
    detail::ZeroedArray<std::uint32_t> m_overlayStamp;  ///< per padded cell, allocated on first overlay use
    detail::OpenListStorage m_open;
    detail::OpenListStorage m_peekOpen;         ///< openListHead's copy of m_open
    std::vector<std::uint32_t> m_peekSeen;      ///< openListHead: cells listed so far
    SearchMode m_mode;
    std::vector<std::uint32_t> m_hTargets;      ///< padded targets guiding a multi-target A* (empty: h = 0)
    Search m_search;
};

} // namespace isostar::path
