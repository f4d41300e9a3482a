#pragma once
/// \file LandmarkBound.hpp
/// Internal to engine/path: the landmark lower bound of one cell toward one goal, shared by
/// GridQuery's search loop and its query functions (which must agree bit for bit), and the
/// choice of the landmarks a search uses.
///
/// Active landmarks: a search reads only kActiveLandmarks of the table's k landmarks, those with
/// the largest bound from its start to its goal (the landmarks "behind" the start or the goal,
/// which bound most cells between them). The subset is fixed for the whole search, so the bound
/// stays consistent (Landmarks.hpp); per pushed cell it costs kActiveLandmarks pairs of 16-bit
/// values, all in the cell's one cache line of the table.
///
/// All landmarks (AllLandmarks): WeightedJumpSearch reads every landmark of the table. It
/// computes far fewer bounds per unit of work than A* (one per new jump point), the cell's
/// line is read anyway, and the max over all k is tighter than over a subset (fewer jump
/// points expanded), for a few vector instructions more.
///
/// The bound is taken in whole quanta (integers, exact) and multiplied once by boundScale(): the
/// result is exactly (1 - 2^-16) x the real max(F_j(t) - F_j(n), B_j(n) - B_j(t), 0) of the
/// table's values, which Landmarks.hpp shows to be consistent and admissible; the factor keeps
/// that so and breaks the exact f ties the fixed-point values would make (see boundScale).

#include "engine/path/Landmarks.hpp"

#include <cmath>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace isostar::path::detail {

/// Landmarks a search uses (fewer when the table has fewer).
inline constexpr int kActiveLandmarks = 4;

/// The landmarks one search uses and its goal's values.
struct ActiveLandmarks {
    int count = 0;  ///< distinct landmarks chosen; 0: no landmark bounds
    /// The chosen slots' values (LandmarkTable::plane); when fewer than kActiveLandmarks were
    /// chosen the last ones repeat the first (the loop below then needs no count).
    const std::uint16_t* plane[kActiveLandmarks] = {};
    std::size_t nodeStride = 0;                 ///< LandmarkTable::nodeStride
    double scale = 0.0;                         ///< boundScale() of the table
    std::int32_t goalF[kActiveLandmarks] = {};  ///< F_j(goal) in quanta
    std::int32_t goalB[kActiveLandmarks] = {};  ///< B_j(goal) in quanta
};

/// The factor from a bound in quanta to the bound: the table's scale x (1 - 2^-16) (exact: the
/// scale is a power of two), and its product with any 16-bit value is exact too. Without the
/// factor, g + h along a run of steps the bound prices exactly (whole quanta, as unit costs on a
/// quantum of 2^-6) would be exactly equal for many open cells, and the open list's exact tie
/// order (detail/OpenList.hpp) costs far more per expansion than its usual order; with it, f
/// grows by 2^-16 of each such step, still consistent (h(n) - h(m) <= (1 - 2^-16) w).
inline double boundScale(const LandmarkTable& t)
{
    return t.scale - std::ldexp(t.scale, -16);
}

/// max(best, F_j(t) - F_j(n), B_j(n) - B_j(t)) in quanta for landmark j's pair at `v`.
[[gnu::always_inline]] inline std::int32_t pairBound(const std::uint16_t* v, std::int32_t goalF, std::int32_t goalB,
                                                     std::int32_t best)
{
    const std::int32_t a = goalF - std::int32_t(v[0]);
    const std::int32_t b = std::int32_t(v[1]) - goalB;
    best = a > best ? a : best;
    return b > best ? b : best;
}

/// The bound of padded cell `node` over the active landmarks (0 when there are none).
[[gnu::always_inline]] inline double landmarkBound(const ActiveLandmarks& lm, std::uint32_t node)
{
    if (lm.count == 0)
        return 0.0;
    const std::size_t at = std::size_t(node) * lm.nodeStride;
    std::int32_t best = 0;
    for (int j = 0; j < kActiveLandmarks; ++j)
        best = pairBound(lm.plane[j] + at, lm.goalF[j], lm.goalB[j], best);
    return lm.scale * double(best);
}

/// The bound of `node` toward `goal` over all k landmarks of the table (the largest any subset
/// gives).
inline double fullLandmarkBound(const LandmarkTable& t, std::uint32_t node, std::uint32_t goal)
{
    std::int32_t best = 0;
    for (int j = 0; j < t.count; ++j)
        best = pairBound(t.plane(j) + std::size_t(node) * t.nodeStride, t.forwardQuanta(goal, j),
                         t.backwardQuanta(goal, j), best);
    return boundScale(t) * double(best);
}

/// Every landmark of a table, for one search's goal: a cell's values are compared lane by lane
/// with the goal's (a lane: one 16-bit value of the cell's line, LandmarkTable::nodeStride of
/// them), so the bound of all k landmarks costs a few vector instructions on the cell's one
/// cache line. For lane 2j (F_j) the bound is lo - F_j(n) = F_j(goal) - F_j(n), for lane 2j + 1
/// (B_j) it is B_j(n) - hi = B_j(n) - B_j(goal), each taken as 0 when negative; the other
/// difference of a lane and the padding lanes are 0 by construction (lo 0, hi 0xFFFF). So the
/// bound is exactly the max over j of pairBound, all k landmarks: consistent and admissible as
/// each landmark's is (the max of consistent bounds is consistent).
struct AllLandmarks {
    int lanes = 0;  ///< LandmarkTable::nodeStride; 0: no landmark bounds
    const std::uint16_t* values = nullptr;  ///< LandmarkTable::dist
    double scale = 0.0;                     ///< boundScale() of the table
    std::uint16_t lo[2 * LandmarkSettings::kMaxCount] = {};
    std::uint16_t hi[2 * LandmarkSettings::kMaxCount] = {};
};

/// Fills `out` for searches toward padded cell `goal` over table `t` (lanes 0 for an empty one).
inline void allLandmarks(const LandmarkTable& t, std::uint32_t goal, AllLandmarks& out)
{
    out = AllLandmarks{};
    if (t.empty() || t.nodeStride > std::size_t(2 * LandmarkSettings::kMaxCount))
        return;
    out.lanes = int(t.nodeStride);
    out.values = t.dist.data();
    out.scale = boundScale(t);
    for (int i = 0; i < out.lanes; ++i) {
        out.lo[i] = 0;
        out.hi[i] = 0xFFFF;
    }
    for (int j = 0; j < t.count; ++j) {
        out.lo[2 * j] = t.forwardQuanta(goal, j);
        out.hi[2 * j + 1] = t.backwardQuanta(goal, j);
    }
}

/// The largest lane bound (see AllLandmarks) of the Lanes values at `v`, in quanta.
template <int Lanes>
[[gnu::always_inline]] inline std::uint16_t laneBound(const std::uint16_t* v, const std::uint16_t* lo,
                                                      const std::uint16_t* hi, int lanes = Lanes)
{
    std::uint16_t best = 0;
    for (int i = 0; i < (Lanes > 0 ? Lanes : lanes); ++i) {
        const std::uint16_t a = lo[i] > v[i] ? std::uint16_t(lo[i] - v[i]) : std::uint16_t(0);
        const std::uint16_t b = v[i] > hi[i] ? std::uint16_t(v[i] - hi[i]) : std::uint16_t(0);
        const std::uint16_t m = a > b ? a : b;
        best = m > best ? m : best;
    }
    return best;
}

/// The bound of padded cell `node` over all landmarks of `lm` (lanes > 0).
[[gnu::always_inline]] inline double allLandmarkBound(const AllLandmarks& lm, std::uint32_t node)
{
    const std::uint16_t* v = lm.values + std::size_t(node) * std::size_t(lm.lanes);
    std::uint16_t best;
    if (lm.lanes == 16) {  // 8 landmarks (the default): 16 lanes, two vectors
#if defined(__SSE2__)
        // Per lane the saturated differences lo - v and v - hi, one of them 0: their or is
        // the lane's bound; then the largest lane (unsigned max = subs(a, b) + b).
        const auto lanes8 = [&lm, v](int at) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(v + at));
            const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(lm.lo + at));
            const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(lm.hi + at));
            return _mm_or_si128(_mm_subs_epu16(lo, x), _mm_subs_epu16(x, hi));
        };
        const auto max16 = [](__m128i a, __m128i b) { return _mm_add_epi16(_mm_subs_epu16(a, b), b); };
        __m128i m = max16(lanes8(0), lanes8(8));
        m = max16(m, _mm_srli_si128(m, 8));
        m = max16(m, _mm_srli_si128(m, 4));
        m = max16(m, _mm_srli_si128(m, 2));
        best = std::uint16_t(_mm_cvtsi128_si32(m));
#else
        best = laneBound<16>(v, lm.lo, lm.hi);
#endif
    } else
        best = laneBound<0>(v, lm.lo, lm.hi, lm.lanes);
    return lm.scale * double(best);
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
    std::int32_t score[LandmarkSettings::kMaxCount];
    for (int j = 0; j < t.count; ++j) {
        order[j] = j;
        score[j] = pairBound(t.plane(j) + std::size_t(start) * t.nodeStride, t.forwardQuanta(goal, j),
                             t.backwardQuanta(goal, j), 0);
    }
    // Insertion sort by score, descending (stable: ties keep the lower slot first).
    for (int i = 1; i < t.count; ++i)
        for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; --j) {
            const int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    out.count = t.count < kActiveLandmarks ? t.count : kActiveLandmarks;
    out.nodeStride = t.nodeStride;
    out.scale = boundScale(t);
    for (int a = 0; a < kActiveLandmarks; ++a) {
        const int j = order[a < out.count ? a : 0];
        out.plane[a] = t.plane(j);
        out.goalF[a] = t.forwardQuanta(goal, j);
        out.goalB[a] = t.backwardQuanta(goal, j);
    }
}

} // namespace isostar::path::detail
