#pragma once
/// \file BenchCompare.hpp
/// The cost check of `isopath bench`: the chosen search against plain A* on the same queries.
/// Two costs are equal when they differ by at most 1e-9 of the larger (exact searches only
/// differ by rounding in the order the steps were summed).

#include "engine/core/TileCoord.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <vector>

namespace isopath {

/// One benchmark query: two different passable cells of one island.
struct BenchQuery {
    isostar::TileCoord start;
    isostar::TileCoord goal;
};

/// True when `a` and `b` are equal within 1e-9 relative.
inline bool benchCostsEqual(double a, double b)
{
    return a == b || std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

/// The index of the first query whose cost in `got` differs from `reference`; nullopt when all
/// are equal. The two vectors have one cost per query (the shorter length is compared).
inline std::optional<std::size_t> firstCostMismatch(const std::vector<double>& reference,
                                                    const std::vector<double>& got)
{
    const std::size_t n = std::min(reference.size(), got.size());
    for (std::size_t i = 0; i < n; ++i)
        if (!benchCostsEqual(reference[i], got[i]))
            return i;
    return std::nullopt;
}

} // namespace isopath
