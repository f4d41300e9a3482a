// `isopath --version` prints project()'s version from the top CMakeLists.txt.

#include "tests/support/ProjectVersion.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("isopath --version prints the CMake project's version")
{
    const std::string version = testsupport::projectVersion();
    REQUIRE_FALSE(version.empty());
    const testsupport::ProcessResult r = testsupport::runProcess("'" + std::string(ISOSTAR_BIN_DIR) + "/isopath' --version");
    INFO(r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out == "isopath " + version + "\n");
}
