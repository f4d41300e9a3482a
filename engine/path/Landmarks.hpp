#pragma once
/// \file Landmarks.hpp
/// Exact landmark lower bounds for A* (ALT: A*, landmarks, triangle inequality; Goldberg and
/// Harrelson 2005). Per island of a NavGrid layer up to k landmarks are chosen by farthest-point
/// selection; for each landmark L the table stores, for every cell n of its island, a forward
/// value F_L(n) ~ d(L, n) and a backward value B_L(n) ~ d(n, L). Costs here are ENTRY costs
/// (a step a->b costs cost(b) x (diagonal ? diagonalFactor : 1)), so d(a, b) != d(b, a) in
/// general: both directions are stored and both bounds are used:
///     h(n) = max over L of max(F_L(t) - F_L(n), B_L(n) - B_L(t))   (t = the goal),
/// L over any fixed subset of the island's landmarks (a search uses the few best for its start
/// and goal: GridQuery).
///
/// Storage: 16-bit fixed point. Every value is a whole number of quanta of `scale`, a power of
/// two chosen per table, so `scale * q` is exact in float and double and every difference of two
/// values is exact. The values are shortest-path distances of the same grid with every step
/// weight w ROUNDED DOWN to quanta, wq = floor(w / scale), and then SATURATED at 65535:
///     Q(source) = 0,  Q(m) = min(65535, min over steps n->m of Q(n) + wq(n, m)).
/// Why the bound stays exact (admissible and consistent):
/// - Triangle inequality in quanta: Q(m) <= Q(n) + wq(n, m) for every allowed step n->m (that
///   is what the one-to-all search computes; min(., 65535) keeps it, as min(a, C) <= min(b, C)
///   + w whenever a <= b + w and w >= 0). With scale * wq <= w (rounded down):
///   F(m) <= F(n) + w and B(n) <= w + B(m) in real arithmetic, F = scale * Q.
/// - So, for any goal t, F(t) - F(n) <= d(n, t) and B(n) - B(t) <= d(n, t) (sum the inequality
///   along an optimal path), and h(n) - h(m) <= w for every step: h is consistent (and, with
///   h(t) = 0, admissible): A* without reopening stays optimal, and so does the max with the
///   scaled octile bound. Rounding a step UP, or rounding exact distances to the nearest
///   quantum, would break this (a difference could exceed the step by up to a quantum).
/// - Raising any cost (or making a cell impassable) keeps this true; lowering one does not
///   (NavGrid then stops using the table until it is rebuilt).
/// - Searches use the bound times (1 - 2^-16) (landmarks/LandmarkBound.hpp): still consistent and
///   admissible (h(n) - h(m) <= (1 - 2^-16) w), exact in double, and it keeps the fixed-point
///   values from making many f = g + h exactly equal, which A*'s open list orders more slowly.
/// What the rounding costs: a path of N steps loses less than N quanta against its exact cost,
/// and a saturated value (65535) bounds nothing beyond it. The quantum grows with the map's
/// longest costs, so on large maps the bounds are noticeably weaker than exact distances would
/// give (more cells expanded), and a finer quantum would saturate the far cells instead. `scale` is the smallest power of two
/// with max(forward, backward cost of the island's first landmark) <= 65535 quanta, the largest
/// over the islands, taken from a search with steps rounded UP (an upper estimate; the other
/// landmarks' farthest cells may still saturate, which only weakens their bounds); clamped to
/// [2^-60, 2^60], so huge costs saturate and steps cheaper than a quantum count 0 (a weaker,
/// still exact bound). On the article maps a quantum is 2^-6 at 512x512 and 2^-4 at 2048x2048
/// (cell costs 0.5 and up).
/// - A cell of an island with fewer landmarks than k (tiny islands) has 0 in the unused slots
///   (a bound of 0); impassable cells are 0 everywhere. Only cells of one island are compared
///   (cells of other islands are unreachable; their values mean nothing).
/// - buildLandmarkTable() is a pure function of its inputs (thread-safe; it reads only them).
///
/// Layout: per padded cell, its k pairs {Q F_j(n), Q B_j(n)} side by side, padded to a power
/// of two (32 bytes for k = 8) in a 64-byte aligned array, so one cell never spans two cache
/// lines: a search reads the few landmarks it chose for its start and goal (GridQuery,
/// landmarks/LandmarkBound.hpp), all from one line per cell. Memory: 4k bytes per padded cell for
/// k a power of two (k = 8: 8.1 MiB at 512x512, 128 MiB at 2048x2048).
/// Build: 2 one-to-all searches per landmark, and 2 more per island for the scale, with a bucket
/// queue (bucket width = the cheapest step, so no cell is scanned twice), O(k x cells); besides
/// the table, 12 bytes per padded cell of scratch while it runs.
/// \code
/// #include "engine/path/NavGrid.hpp"
/// const isostar::path::CostField field(256, 256);
/// const isostar::path::MoveRules rules;
/// isostar::path::NavGrid grid;
/// grid.setLandmarks({isostar::path::LandmarkMode::On, 8});   // before addLayer; Auto is the default
/// grid.reset(field.width, field.height);
/// const int walker = grid.addLayer("walker", field, rules);   // builds the table (synchronously)
/// // per frame, on the thread that owns the grid (installs rebuilt tables after edits):
/// grid.pollLandmarks();
/// std::cout << "layer " << walker << (grid.landmarks(walker) ? " has" : " has no") << " table\n";
/// \endcode

#include "engine/core/GridTopology.hpp"
#include "engine/path/MoveRules.hpp"

#include <cstdint>
#include <iosfwd>
#include <new>
#include <span>
#include <stop_token>
#include <string_view>
#include <vector>

namespace isostar::path {

/// When a NavGrid builds landmark tables.
enum class LandmarkMode {
    Auto,  ///< on for layers of at least LandmarkSettings::autoMinCells cells (where it pays)
    On,    ///< always (any size)
    Off,   ///< never: plain scaled octile heuristic
};

/// Landmark settings of a NavGrid (all layers).
struct LandmarkSettings {
    /// The table's set-up pays back only after a number of queries, and a query on a small map is
    /// cheap anyway (figures: docs/PERFORMANCE.md, "Landmarks"), so small maps keep the plain
    /// search (its exact expansion order, no rebuild after edits).
    static constexpr long long kDefaultAutoMinCells = 128LL * 128LL;
    /// Largest count (per island).
    static constexpr int kMaxCount = 32;

    LandmarkMode mode = LandmarkMode::Auto;
    /// Landmarks per island [Limit: 1..kMaxCount; values outside are clamped].
    int count = 8;
    /// Auto mode: on when width x height >= this.
    long long autoMinCells = kDefaultAutoMinCells;

    /// True when a width x height layer gets a table under these settings.
    bool enabledFor(int width, int height) const
    {
        if (mode == LandmarkMode::Off || count <= 0)
            return false;
        return mode == LandmarkMode::On || (long long)width * (long long)height >= autoMinCells;
    }
    bool operator==(const LandmarkSettings&) const = default;
};

/// "auto" | "on" | "off"; anything else: false.
bool parseLandmarkMode(std::string_view name, LandmarkMode& out);
std::ostream& operator<<(std::ostream& os, LandmarkMode mode);

/// A std::allocator with 64-byte (cache line) alignment.
template <typename T>
struct AlignedAllocator {
    using value_type = T;
    static constexpr std::align_val_t kAlign{64};
    AlignedAllocator() = default;
    template <typename U>
    AlignedAllocator(const AlignedAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlign)); }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, kAlign); }
    template <typename U>
    bool operator==(const AlignedAllocator<U>&) const noexcept { return true; }
};

/// The landmark distances of one layer (immutable once built; shared by queries through a
/// std::shared_ptr<const LandmarkTable>, so a query keeps the table it began with alive).
struct LandmarkTable {
    /// Saturation value of a stored distance (in quanta).
    static constexpr std::uint16_t kSaturated = 0xFFFF;

    int count = 0;                          ///< k: landmark slots per island
    int stride = 0;                         ///< padded row length of the grid it was built for
    std::size_t cells = 0;                  ///< padded cells of the grid
    std::size_t nodeStride = 0;             ///< values from one cell's pairs to the next's (2k, to a power of two)
    double scale = 1.0;                     ///< a quantum: a power of two (see the file comment)
    /// Per cell, k pairs {F_j, B_j} in quanta (then padding up to nodeStride).
    std::vector<std::uint16_t, AlignedAllocator<std::uint16_t>> dist;
    std::vector<std::uint32_t> landmarks;   ///< padded nodes of every landmark (all islands)
    DiagonalMode diagonal = DiagonalMode::NoCornerCutting;  ///< the rules it was built for
    double diagonalFactor = 1.414;
    GridTopology topology;                  ///< the neighbourhood it was built for

    /// Slot j's values: the pair {F_j(n), B_j(n)} of padded cell n, in quanta, at
    /// plane(j)[n * nodeStride] and [n * nodeStride + 1].
    const std::uint16_t* plane(int j) const { return dist.data() + 2 * std::size_t(j); }
    /// F_j(node) in quanta.
    std::uint16_t forwardQuanta(std::uint32_t node, int j) const { return plane(j)[std::size_t(node) * nodeStride]; }
    /// B_j(node) in quanta.
    std::uint16_t backwardQuanta(std::uint32_t node, int j) const
    {
        return plane(j)[std::size_t(node) * nodeStride + 1];
    }
    /// F_j(node) <= d(landmark j of node's island, node) (exact: scale x quanta).
    float forward(std::uint32_t node, int j) const { return float(scale * double(forwardQuanta(node, j))); }
    /// B_j(node) <= d(node, landmark j of node's island) (exact: scale x quanta).
    float backward(std::uint32_t node, int j) const { return float(scale * double(backwardQuanta(node, j))); }
    bool empty() const { return count == 0 || dist.empty(); }
    /// Memory of the distance table in bytes.
    std::size_t bytes() const { return dist.size() * sizeof(std::uint16_t); }
    /// True when built for these move rules and this neighbourhood (on square grids the
    /// diagonal mode and factor decide the step weights; on hex grids they do not apply).
    bool builtFor(const MoveRules& rules, const GridTopology& grid = GridTopology::square()) const
    {
        return topology == grid && (grid.hex || (diagonal == rules.diagonal && diagonalFactor == rules.diagonalFactor));
    }
};

/// Builds the table of one layer. `paddedCosts` / `paddedIslands` are the layer's padded arrays
/// ((width + 2) x (height + 2), NavGrid's layout, the ring Impassable / -1), `count` landmarks
/// per island (clamped to 1..kMaxCount). `topology`: the grid's neighbourhood (hex: the six
/// edge neighbours, every step the entered cell's cost). O(count x cells). Returns an empty
/// table (count 0) if `stop` was requested meanwhile or the input is inconsistent.
LandmarkTable buildLandmarkTable(int width, int height, std::span<const float> paddedCosts,
                                 std::span<const std::int32_t> paddedIslands, int islandCount,
                                 const MoveRules& rules, int count, std::stop_token stop = {},
                                 const GridTopology& topology = GridTopology::square());

} // namespace isostar::path
