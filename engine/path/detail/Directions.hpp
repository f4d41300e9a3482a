#pragma once
/// \file Directions.hpp
/// Internal to engine/path: the neighbour order GridPathfinder's setup and search share, and
/// the searches' generation stamps.

#include <cstdint>
#include <limits>

namespace isostar::path::detail {

// Direction order: N, E, S, W, then NE, SE, SW, NW (each diagonal passes between the two
// orthogonals named in it).
inline constexpr int kDx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr int kDy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/// Generation stamps wrap (and the stamp array is cleared) before reaching this.
inline constexpr std::uint32_t kMaxGeneration = std::numeric_limits<std::uint32_t>::max() - 4;

/// Begins a query's two stamps (open: `generation`, closed: `generation` + 1). Before they
/// would wrap, every record's stamp is cleared once and counting starts again; returns true
/// then (the caller clears any other stamp arrays of its own).
template <class Records>
bool nextGeneration(Records& nodes, std::uint32_t& generation)
{
    bool wrapped = false;
    if (generation >= kMaxGeneration) {
        for (auto& n : nodes)
            n.stamp = 0;
        generation = 0;
        wrapped = true;
    }
    generation += 2;
    return wrapped;
}

} // namespace isostar::path::detail
