#pragma once
/// \file ProjectVersion.hpp
/// The version `project(IsoStar VERSION x.y.z)` names in the top CMakeLists.txt, read from its
/// text (not from the build), for the tests that check what `--version` prints.
/// Test programs define ISOSTAR_SOURCE_DIR (tests/CMakeLists.txt).

#include "tests/support/RunProcess.hpp"

#include <regex>
#include <string>

namespace testsupport {

/// "x.y.z", or "" when CMakeLists.txt has no such line.
inline std::string projectVersion()
{
    const std::string text = readFile(std::string(ISOSTAR_SOURCE_DIR) + "/CMakeLists.txt");
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(R"(project\(IsoStar VERSION ([0-9]+\.[0-9]+\.[0-9]+)[ )])")))
        return {};
    return m[1];
}

} // namespace testsupport
