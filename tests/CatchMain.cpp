// The one Catch2 main shared by every test program. A run in which a test case skipped
// (tests/support/Skip.hpp) and none failed exits with testsupport::SkipExitCode, which CTest
// reports as "Skipped" (SKIP_RETURN_CODE, set in isostar_add_test).
#define CATCH_CONFIG_RUNNER
#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>

int main(int argc, char* argv[])
{
    const int failed = Catch::Session().run(argc, argv);
    if (failed == 0 && testsupport::skippedSomething())
        return testsupport::SkipExitCode;
    return failed;
}
