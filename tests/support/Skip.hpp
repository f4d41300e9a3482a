#pragma once
/// \file Skip.hpp
/// Skipping a test that cannot run here (no display, no tmxrasterizer, no ../shared data) so
/// that CTest reports it as skipped instead of passed.
///
///     if (!std::getenv("DISPLAY"))
///         return testsupport::skipTest("no DISPLAY: the window test needs one (xvfb-run)");
///
/// skipTest() prints the reason (Catch2 WARN, and "SKIPPED: reason" on stdout) and marks the
/// process; tests/CatchMain.cpp then ends a run that had no failure with SkipExitCode, which
/// isostar_add_test (tests/CMakeLists.txt) sets as every test's SKIP_RETURN_CODE. CTest runs one
/// test case per process, so exactly the skipping case shows as "Skipped". A run with a failed
/// check still fails (its failure count wins), and the test case's other checks still run.
/// The caller must return after skipTest() (it returns void so `return skipTest(...)` reads well).

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

namespace testsupport {

/// Exit code of a test run in which something skipped and nothing failed (CTest: "Skipped").
inline constexpr int SkipExitCode = 77;

/// True once any test case in this process called skipTest().
inline bool& skippedSomething()
{
    static bool skipped = false;
    return skipped;
}

/// Reports `reason` and marks this run as skipped (see the file comment).
inline void skipTest(const std::string& reason)
{
    WARN("SKIPPED: " << reason);
    std::printf("SKIPPED: %s\n", reason.c_str());
    std::fflush(stdout);
    skippedSomething() = true;
}

} // namespace testsupport
