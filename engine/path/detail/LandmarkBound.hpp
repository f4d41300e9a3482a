#pragma once
/// \file LandmarkBound.hpp
/// Internal to engine/path: the landmark lower bound of one cell toward one goal, shared by
/// GridQuery's search loop and its query functions (which must agree bit for bit).

#include <cstdint>

namespace eng::path::detail {

/// max(0, max over j of F_j(t) - F_j(n), B_j(n) - B_j(t)) for a cell's 2k table values `n` and
/// the goal's `t` (layout of LandmarkTable: k forward values, then k backward values). The
/// differences are taken in double, where the difference of two floats is exact (barring
/// magnitudes 2^29 apart), so the bound keeps the table's exact triangle inequality.
[[gnu::always_inline]] inline double landmarkBound(const float* n, const float* t, int k)
{
    double best = 0.0;
    for (int j = 0; j < k; ++j) {
        const double a = double(t[j]) - double(n[j]);
        best = a > best ? a : best;
    }
    for (int j = k; j < 2 * k; ++j) {
        const double b = double(n[j]) - double(t[j]);
        best = b > best ? b : best;
    }
    return best;
}

} // namespace eng::path::detail
