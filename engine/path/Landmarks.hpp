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
/// Guarantees:
/// - Every stored value is rounded DOWN to float while it is computed, so the tables satisfy the
///   triangle inequality exactly for every allowed step n->m of weight w (the double A* adds):
///   F(m) <= F(n) + w and B(n) <= w + B(m) in real arithmetic. Hence h is consistent (and,
///   with h(t) = 0, admissible): A* without reopening stays optimal, and so does the max with
///   the scaled octile bound. Raising any cost (or making a cell impassable) keeps this true;
///   lowering one does not (NavGrid then stops using the table until it is rebuilt).
/// - A cell of an island with fewer landmarks than k (tiny islands) has 0 in the unused slots
///   (a bound of 0); impassable cells are 0 everywhere. Only cells of one island are compared.
/// - buildLandmarkTable() is a pure function of its inputs (thread-safe; it reads only them).
///
/// Layout: one plane per landmark slot j, each holding per padded cell the pair {F_j(n), B_j(n)}
/// (8 bytes). A search reads only the few landmarks it chose for its start and goal (GridQuery,
/// detail/LandmarkBound.hpp), and one 64-byte cache line of a plane serves 8 neighbouring cells,
/// so the search's table reads come mostly from cache. Memory: 8k bytes per padded cell (k = 8:
/// 16 MiB at 512x512, 256 MiB at 2048x2048).
/// Build: 2 one-to-all searches per landmark with a bucket queue (bucket width = the cheapest
/// step, so no cell is scanned twice), O(k x cells); besides the table, 12 bytes per padded cell
/// of scratch while it runs.
/// \code
/// eng::path::NavGrid grid;
/// grid.setLandmarks({eng::path::LandmarkMode::On, 8});   // before addLayer; Auto is the default
/// grid.reset(field.width, field.height);
/// const int walker = grid.addLayer("walker", field, rules);   // builds the table (synchronously)
/// // per frame, on the thread that owns the grid (installs rebuilt tables after edits):
/// grid.pollLandmarks();
/// \endcode

#include "engine/path/MoveRules.hpp"

#include <cstdint>
#include <iosfwd>
#include <span>
#include <stop_token>
#include <string_view>
#include <vector>

namespace eng::path {

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

/// The landmark distances of one layer (immutable once built; shared by queries through a
/// std::shared_ptr<const LandmarkTable>, so a query keeps the table it began with alive).
struct LandmarkTable {
    int count = 0;                          ///< k: landmark slots per island
    int stride = 0;                         ///< padded row length of the grid it was built for
    std::size_t cells = 0;                  ///< padded cells of the grid (per plane)
    std::vector<float> dist;                ///< k planes of `cells` pairs {F_j, B_j}
    std::vector<std::uint32_t> landmarks;   ///< padded nodes of every landmark (all islands)
    DiagonalMode diagonal = DiagonalMode::NoCornerCutting;  ///< the rules it was built for
    double diagonalFactor = 1.414;

    /// Slot j's plane: the pair {F_j(n), B_j(n)} of padded cell n at [2n], [2n + 1].
    const float* plane(int j) const { return dist.data() + std::size_t(j) * cells * 2; }
    /// F_j(node) ~ d(landmark j of node's island, node), rounded down.
    float forward(std::uint32_t node, int j) const { return plane(j)[2 * std::size_t(node)]; }
    /// B_j(node) ~ d(node, landmark j of node's island), rounded down.
    float backward(std::uint32_t node, int j) const { return plane(j)[2 * std::size_t(node) + 1]; }
    bool empty() const { return count == 0 || dist.empty(); }
    /// Memory of the distance table in bytes.
    std::size_t bytes() const { return dist.size() * sizeof(float); }
    /// True when built for these move rules (diagonal mode and factor decide the step weights).
    bool builtFor(const MoveRules& rules) const
    {
        return diagonal == rules.diagonal && diagonalFactor == rules.diagonalFactor;
    }
};

/// Builds the table of one layer. `paddedCosts` / `paddedIslands` are the layer's padded arrays
/// ((width + 2) x (height + 2), NavGrid's layout, the ring Impassable / -1), `count` landmarks
/// per island (clamped to 1..kMaxCount). O(count x cells). Returns an empty table (count 0) if
/// `stop` was requested meanwhile or the input is inconsistent.
LandmarkTable buildLandmarkTable(int width, int height, std::span<const float> paddedCosts,
                                 std::span<const std::int32_t> paddedIslands, int islandCount,
                                 const MoveRules& rules, int count, std::stop_token stop = {});

} // namespace eng::path
