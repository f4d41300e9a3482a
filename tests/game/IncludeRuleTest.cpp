// The game's dependency rule: each folder of game/ is one library (isostar_game_NAME, declared in
// its CMakeLists.txt with isostar_game_module), and a file may include only its own folder and the
// folders its library links, directly or through them. An include that goes up (view/ including
// app/) fails here, as the engine's link lines already forbid it there. The engine never includes
// the game.

#include "tests/support/TempDir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using Graph = std::map<std::string, std::set<std::string>>;

std::string slurp(const fs::path& p)
{
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Folder -> the game libraries its CMakeLists.txt links (isostar_game_X names after the
/// module's own name). A folder without a module is reported in `problems`.
Graph linkGraph(const fs::path& gameDir, std::vector<std::string>& problems)
{
    Graph g;
    const std::regex module(R"(isostar_game_module\((\w+))");
    const std::regex dep(R"(isostar_game_(\w+))");
    for (const fs::directory_entry& e : fs::directory_iterator(gameDir)) {
        if (!e.is_directory())
            continue;
        const std::string folder = e.path().filename().string();
        const fs::path cml = e.path() / "CMakeLists.txt";
        const std::string text = fs::exists(cml) ? slurp(cml) : std::string();
        std::smatch m;
        if (!std::regex_search(text, m, module) || m[1] != folder) {
            problems.push_back("game/" + folder + ": no `isostar_game_module(" + folder + " ...)` in its CMakeLists.txt");
            continue;
        }
        std::set<std::string>& deps = g[folder];
        const std::string rest = m.suffix();
        for (auto it = std::sregex_iterator(rest.begin(), rest.end(), dep); it != std::sregex_iterator(); ++it)
            if ((*it)[1] != folder)
                deps.insert((*it)[1]);
    }
    return g;
}

std::set<std::string> reachable(const Graph& g, const std::string& from)
{
    std::set<std::string> seen;
    std::vector<std::string> todo{from};
    while (!todo.empty()) {
        const std::string f = todo.back();
        todo.pop_back();
        const auto it = g.find(f);
        if (it == g.end())
            continue;
        for (const std::string& d : it->second)
            if (seen.insert(d).second)
                todo.push_back(d);
    }
    return seen;
}

/// Every violation of the rule under `root` (a project tree), one line each:
/// "game/view/View.cpp:8: includes game/app/ (view does not link app)".
std::vector<std::string> ruleViolations(const fs::path& root)
{
    std::vector<std::string> problems;
    const Graph g = linkGraph(root / "game", problems);
    for (const auto& [folder, deps] : g)
        if (reachable(g, folder).count(folder))
            problems.push_back("game/" + folder + ": its link line leads back to itself (a cycle)");
    const std::regex include(R"(^\s*#\s*include\s*[<"]game/(\w+)/)");
    const std::regex sfml(R"(^\s*#\s*include\s*[<"]SFML/)");
    const std::set<std::string> windowless = {"rules", "script", "fog", "world", "party", "session"};
    for (const char* top : {"game", "engine"}) {
        if (!fs::exists(root / top))
            continue;
        for (const fs::directory_entry& e : fs::recursive_directory_iterator(root / top)) {
            const std::string ext = e.path().extension().string();
            if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp"))
                continue;
            const fs::path rel = fs::relative(e.path(), root);
            const bool inEngine = *rel.begin() == "engine";
            const bool inFolder = std::distance(rel.begin(), rel.end()) > 2;  // game/FOLDER/file
            const std::string folder = inFolder ? std::next(rel.begin())->string() : std::string();
            const std::set<std::string> allowed = inFolder ? reachable(g, folder) : std::set<std::string>{};
            std::ifstream in(e.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n) {
                std::smatch m;
                if (inFolder && windowless.count(folder) && std::regex_search(line, sfml))
                    problems.push_back(rel.generic_string() + ":" + std::to_string(n) + ": includes SFML (" + folder +
                                       " plays without a window)");
                if (!std::regex_search(line, m, include))
                    continue;
                const std::string target = m[1];
                const std::string where = rel.generic_string() + ":" + std::to_string(n) + ": includes game/" + target + "/";
                if (inEngine)
                    problems.push_back(where + " (the engine never includes the game)");
                else if (inFolder && target != folder && !allowed.count(target))
                    problems.push_back(where + " (" + folder + " does not link " + target + ")");
            }
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

TEST_CASE("include rule: no game folder includes a folder its library does not link")
{
    const std::vector<std::string> problems = ruleViolations(ISOSTAR_SOURCE_DIR);
    for (const std::string& p : problems)
        UNSCOPED_INFO(p);
    CHECK(problems.empty());
}

TEST_CASE("include rule: the check finds an upward include, an unlinked folder, a cycle and SFML where no window is")
{
    const testsupport::TempDir tmp("isostar-include-rule");
    const fs::path root = tmp.path;
    writeTreeFile(root / "game/low/CMakeLists.txt", "isostar_game_module(low\n  SOURCES Low.cpp\n  PUBLIC isostar::core)\n");
    writeTreeFile(root / "game/high/CMakeLists.txt", "isostar_game_module(high\n  SOURCES High.cpp\n  PUBLIC isostar_game_low)\n");
    writeTreeFile(root / "game/low/Low.cpp", "#include \"game/low/Low.hpp\"\n");
    writeTreeFile(root / "game/high/High.cpp", "#include \"game/low/Low.hpp\"\n#include \"game/high/High.hpp\"\n");
    CHECK(ruleViolations(root).empty());

    writeTreeFile(root / "game/low/Low.cpp", "#include \"game/low/Low.hpp\"\n#include \"game/high/High.hpp\"\n");
    std::vector<std::string> problems = ruleViolations(root);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] == "game/low/Low.cpp:2: includes game/high/ (low does not link high)");

    writeTreeFile(root / "game/low/CMakeLists.txt", "isostar_game_module(low\n  SOURCES Low.cpp\n  PUBLIC isostar_game_high)\n");
    problems = ruleViolations(root);
    CHECK(std::count_if(problems.begin(), problems.end(),
                        [](const std::string& p) { return p.find("cycle") != std::string::npos; }) == 2);

    writeTreeFile(root / "game/party/CMakeLists.txt", "isostar_game_module(party\n  SOURCES P.cpp)\n");
    writeTreeFile(root / "game/party/P.cpp", "#include <SFML/Graphics.hpp>\n");
    problems = ruleViolations(root);
    CHECK(std::count(problems.begin(), problems.end(),
                     "game/party/P.cpp:1: includes SFML (party plays without a window)") == 1);

    writeTreeFile(root / "game/loose/Loose.cpp", "int x;\n");
    writeTreeFile(root / "engine/core/Bad.hpp", "#include \"game/low/Low.hpp\"\n");
    problems = ruleViolations(root);
    CHECK(std::count(problems.begin(), problems.end(),
                     "game/loose: no `isostar_game_module(loose ...)` in its CMakeLists.txt") == 1);
    CHECK(std::count(problems.begin(), problems.end(),
                     "engine/core/Bad.hpp:1: includes game/low/ (the engine never includes the game)") == 1);
}
