#pragma once
/// \file Scale.hpp
/// Workload size of the heavy randomized tests. In an optimised build they run in full; in the
/// sanitizer build (ASan + UBSan + fuzzer coverage at -O0, 10-30x slower) they run the same
/// code and checks on a fraction of the cases, so `tools/dev.sh sanitize` keeps CI under its
/// time limit while every code path still runs instrumented. The full workload always runs in
/// the Release tree (`tools/dev.sh test`).
///
/// \code
/// for (int frame = 0; frame < testsupport::scaled(60 * 20); ++frame) ...
/// \endcode

#include <algorithm>

#if defined(__SANITIZE_ADDRESS__)
#define ISOSTAR_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ISOSTAR_TEST_SANITIZED 1
#endif
#endif

namespace testsupport {

#ifdef ISOSTAR_TEST_SANITIZED
inline constexpr bool Sanitized = true;
inline constexpr int WorkDivisor = 4;
#else
inline constexpr bool Sanitized = false;
inline constexpr int WorkDivisor = 1;
#endif

/// `n` cases in an optimised build, n / WorkDivisor (at least `atLeast`) under the sanitizers.
constexpr int scaled(int n, int atLeast = 1) { return std::max(atLeast, n / WorkDivisor); }

} // namespace testsupport
