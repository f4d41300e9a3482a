#pragma once
/// \file TunedAStar.hpp
/// A hand-tuned plain A* for pathbench: the yardstick a careful programmer would write for one
/// grid without any library. Flat padded arrays (a ring of walls, so no bounds checks), one
/// 16-byte record {g, stamp, parent} per cell with a generation stamp instead of clearing, a
/// binary min-heap of 16-byte entries over a flat array (lazy deletion: a stale entry is skipped
/// when its cell is already closed), the octile heuristic times the cheapest cell cost. Steps are
/// priced as the engine prices them (CostField.hpp, MoveRules.hpp): entering cell m costs
/// double(cost(m)), times diagonalFactor on a diagonal; diagonals follow the no-corner-cutting
/// rule (both side cells passable), the rule of every pathbench workload. Optimal paths, so its
/// costs must equal the engine's.

#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"
#include "tools/pathbench/Baselines.hpp"

#include <cstdint>
#include <vector>

namespace pathbench {

class TunedAStar {
public:
    TunedAStar(const isostar::path::CostField& field, double diagonalFactor);
    /// Optimal cost from start to goal (both passable cells of the field); the path is rebuilt
    /// from the parents into path() as a real query would.
    BaselineResult find(isostar::TileCoord start, isostar::TileCoord goal);
    /// Padded cells of the last path found, goal first.
    const std::vector<std::uint32_t>& path() const { return m_path; }

private:
    struct Node {
        double g;
        std::uint32_t stamp;   ///< == generation: open, == generation + 1: closed
        std::uint32_t parent;
    };
    struct Entry {
        double f;
        float h;               ///< ties on f: the smaller h (nearer the goal) first
        std::uint32_t node;
    };
    void push(const Entry& e);
    Entry pop();

    int m_stride = 0;
    double m_diag = 1.0;
    double m_octileDiag = 1.0;
    double m_hScale = 0.0;
    std::uint32_t m_generation = 0;
    int m_offsets[8] = {};
    std::vector<float> m_costs;   ///< padded, ring Impassable
    std::vector<Node> m_nodes;    ///< padded
    std::vector<Entry> m_heap;
    std::vector<std::uint32_t> m_path;
};

} // namespace pathbench
