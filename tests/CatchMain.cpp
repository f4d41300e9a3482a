// The one Catch2 main shared by every test program. A run in which a test case skipped
// (tests/support/Skip.hpp) and none failed exits with testsupport::SkipExitCode, which CTest
// reports as "Skipped" (SKIP_RETURN_CODE, set in isostar_add_test).
//
// A run that was asked to run tests and ran none fails: Catch2 2.13 exits 0 when its filter
// matches no test case, and CTest runs each test case by name, so a name that CTest's list cuts
// (a ';' in a TEST_CASE name ends the name there) would otherwise pass without testing.
#define CATCH_CONFIG_RUNNER
#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>

#include <iostream>

namespace {

int g_testCasesStarted = 0;

struct CountTestCases : Catch::TestEventListenerBase {
    using TestEventListenerBase::TestEventListenerBase;
    void testCaseStarting(const Catch::TestCaseInfo& info) override
    {
        ++g_testCasesStarted;
        TestEventListenerBase::testCaseStarting(info);
    }
};

} // namespace

CATCH_REGISTER_LISTENER(CountTestCases)

int main(int argc, char* argv[])
{
    Catch::Session session;
    if (const int bad = session.applyCommandLine(argc, argv); bad != 0)
        return bad;
    const Catch::ConfigData& cfg = session.configData();
    const bool listing = cfg.listTests || cfg.listTestNamesOnly || cfg.listTags || cfg.listReporters;
    const int failed = session.run();
    if (failed == 0 && !listing && !cfg.showHelp && g_testCasesStarted == 0) {
        std::cerr << argv[0] << ": no test case ran (a filter that matches nothing; a ';' in a "
                     "TEST_CASE name cuts its CTest name there)\n";
        return 1;
    }
    if (failed == 0 && testsupport::skippedSomething())
        return testsupport::SkipExitCode;
    return failed;
}
