#pragma once
/// \file Directions.hpp
/// Internal to engine/path: the neighbour order GridPathfinder's setup and search share.

#include <cstdint>
#include <limits>

namespace eng::path::detail {

// Direction order: N, E, S, W, then NE, SE, SW, NW (each diagonal passes between the two
// orthogonals named in it).
inline constexpr int kDx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr int kDy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/// Generation stamps wrap (and the stamp array is cleared) before reaching this.
inline constexpr std::uint32_t kMaxGeneration = std::numeric_limits<std::uint32_t>::max() - 4;

} // namespace eng::path::detail
