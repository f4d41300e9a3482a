#pragma once
/// \file LandmarkBound.hpp
/// Internal to engine/path: the landmark lower bound of one cell toward one goal, shared by
/// GridQuery's search loop and its query functions (which must agree bit for bit), and the
/// choice of the landmarks a search uses.
///
/// Active landmarks: a search reads only kActiveLandmarks of the table's k landmarks, those with
/// the largest bound from its start to its goal (the landmarks "behind" the start or the goal,
/// which bound most cells between them). The subset is fixed for the whole search, so the bound
/// stays consistent (Landmarks.hpp); per pushed cell it costs kActiveLandmarks pairs of floats,
/// one from each chosen landmark's plane, where a cache line serves 8 neighbouring cells.

#include "engine/path/Landmarks.hpp"

#include <cstdint>

namespace eng::path::detail {

/// Landmarks a search uses (fewer when the table has fewer).
inline constexpr int kActiveLandmarks = 4;

/// The landmarks one search uses and its goal's values.
struct ActiveLandmarks {
    int count = 0;  ///< distinct landmarks chosen; 0: no landmark bounds
    /// The planes of the chosen slots; when fewer than kActiveLandmarks were chosen the last
    /// ones repeat the first (the loop below then needs no count).
    const float* plane[kActiveLandmarks] = {};
    double goalF[kActiveLandmarks] = {};  ///< F_j(goal)
    double goalB[kActiveLandmarks] = {};  ///< B_j(goal)
};

/// max(0, F_j(t) - F_j(n), B_j(n) - B_j(t)) for landmark j's pair at `v` and the goal's values.
/// The differences are taken in double, where the difference of two floats is exact (barring
/// magnitudes 2^29 apart), so the bound keeps the table's exact triangle inequality.
[[gnu::always_inline]] inline double pairBound(const float* v, double goalF, double goalB, double best)
{
    const double a = goalF - double(v[0]);
    const double b = double(v[1]) - goalB;
    best = a > best ? a : best;
    return b > best ? b : best;
}

/// The bound of padded cell `node` over the active landmarks (0 when there are none).
[[gnu::always_inline]] inline double landmarkBound(const ActiveLandmarks& lm, std::uint32_t node)
{
    if (lm.count == 0)
        return 0.0;
    double best = 0.0;
    for (int j = 0; j < kActiveLandmarks; ++j)
        best = pairBound(lm.plane[j] + 2 * std::size_t(node), lm.goalF[j], lm.goalB[j], best);
    return best;
}

/// The bound of `node` toward `goal` over all k landmarks of the table (the largest any subset
/// gives).
inline double fullLandmarkBound(const LandmarkTable& t, std::uint32_t node, std::uint32_t goal)
{
    double best = 0.0;
    for (int j = 0; j < t.count; ++j)
        best = pairBound(t.plane(j) + 2 * std::size_t(node), double(t.forward(goal, j)), double(t.backward(goal, j)),
                         best);
    return best;
}

/// Chooses the active landmarks of a search from `start` to `goal` (cells of one island): the
/// kActiveLandmarks slots with the largest bound at the start, ties by the lower slot.
inline void chooseActiveLandmarks(const LandmarkTable& t, std::uint32_t start, std::uint32_t goal,
                                  ActiveLandmarks& out)
{
    out = ActiveLandmarks{};
    if (t.empty())
        return;
    int order[LandmarkSettings::kMaxCount];
    double score[LandmarkSettings::kMaxCount];
    for (int j = 0; j < t.count; ++j) {
        order[j] = j;
        score[j] = pairBound(t.plane(j) + 2 * std::size_t(start), double(t.forward(goal, j)),
                             double(t.backward(goal, j)), 0.0);
    }
    // Insertion sort by score, descending (stable: ties keep the lower slot first).
    for (int i = 1; i < t.count; ++i)
        for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; --j) {
            const int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    out.count = t.count < kActiveLandmarks ? t.count : kActiveLandmarks;
    for (int a = 0; a < kActiveLandmarks; ++a) {
        const int j = order[a < out.count ? a : 0];
        out.plane[a] = t.plane(j);
        out.goalF[a] = double(t.forward(goal, j));
        out.goalB[a] = double(t.backward(goal, j));
    }
}

} // namespace eng::path::detail
