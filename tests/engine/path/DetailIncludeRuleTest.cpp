// engine/path's folder rule: detail/ holds leaf helpers only. A header there may include other
// detail/ headers, other modules (engine/core/...) and the standard library, but nothing else of
// engine/path: a helper that needs its owner's class (PathService, GridQuery, NavGrid,
// Landmarks, MoveRules, ...) is a private part of that owner and lives beside it in a sub-folder
// named after it (service/, query/, jump/, landmarks/). An include of engine/path/X.hpp or of
// another sub-folder from detail/ fails here.

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// Every include of the rest of engine/path from a header of engine/path/detail under `root`
/// (a project tree), one line each: "engine/path/detail/X.hpp:6: includes engine/path/Y.hpp".
std::vector<std::string> detailViolations(const fs::path& root)
{
    std::vector<std::string> problems;
    const fs::path detail = root / "engine/path/detail";
    if (!fs::exists(detail))
        return problems;
    const std::regex include(R"(^\s*#\s*include\s*[<"](engine/path/[^">]+)[">])");
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(detail)) {
        if (!e.is_regular_file() || e.path().extension() != ".hpp")
            continue;
        const std::string rel = fs::relative(e.path(), root).generic_string();
        std::ifstream in(e.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            std::smatch m;
            if (std::regex_search(line, m, include) && m[1].str().rfind("engine/path/detail/", 0) != 0)
                problems.push_back(rel + ":" + std::to_string(n) + ": includes " + m[1].str());
        }
    }
    return problems;
}

void writeTreeFile(const fs::path& p, const std::string& text)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

} // namespace

TEST_CASE("include rule: no header of engine/path/detail includes the rest of engine/path", "[path]")
{
    const std::vector<std::string> problems = detailViolations(ISOSTAR_SOURCE_DIR);
    for (const std::string& p : problems)
        UNSCOPED_INFO(p);
    CHECK(problems.empty());
}

TEST_CASE("include rule: the detail check finds an include of the parent folder or of a sibling sub-folder",
          "[path]")
{
    const testsupport::TempDir tmp("isostar-detail-include-rule");
    const fs::path root = tmp.path;
    writeTreeFile(root / "engine/path/detail/Leaf.hpp",
                  "#pragma once\n#include \"engine/core/TileCoord.hpp\"\n#include \"engine/path/detail/Other.hpp\"\n"
                  "#include <vector>\n");
    writeTreeFile(root / "engine/path/service/Slot.hpp", "#include \"engine/path/PathService.hpp\"\n");
    CHECK(detailViolations(root).empty());

    writeTreeFile(root / "engine/path/detail/Owned.hpp",
                  "#pragma once\n\n  #  include <engine/path/NavGrid.hpp>\n#include \"engine/path/jump/JumpQuery.hpp\"\n");
    const std::vector<std::string> problems = detailViolations(root);
    REQUIRE(problems.size() == 2);
    CHECK(problems[0] == "engine/path/detail/Owned.hpp:3: includes engine/path/NavGrid.hpp");
    CHECK(problems[1] == "engine/path/detail/Owned.hpp:4: includes engine/path/jump/JumpQuery.hpp");
}
