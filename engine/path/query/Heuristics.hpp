#pragma once
/// \file Heuristics.hpp
/// Internal to engine/path: the unscaled heuristics, shared by GridPathfinder's query functions
/// and its search loop (which must compute them with the same expressions, bit for bit).

#include "engine/path/MoveRules.hpp"

#include <cmath>

namespace isostar::path::detail {

/// Unscaled heuristic of an offset; `octileDiag` is the octile diagonal length in [1, 2].
template <Heuristic H>
inline double rawHeuristic(int dx, int dy, double octileDiag)
{
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    if constexpr (H == Heuristic::Octile) {
        const int lo = dx < dy ? dx : dy;
        const int hi = dx < dy ? dy : dx;
        return double(hi - lo) + octileDiag * double(lo);
    } else if constexpr (H == Heuristic::Euclidean) {
        return std::sqrt(double(dx) * dx + double(dy) * dy);
    } else if constexpr (H == Heuristic::Manhattan) {
        return double(dx + dy);
    } else if constexpr (H == Heuristic::Chebyshev) {
        return double(dx < dy ? dy : dx);
    } else {
        return 0.0;
    }
}

} // namespace isostar::path::detail
