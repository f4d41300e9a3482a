#pragma once
/// \file GameE2e.hpp
/// What the end-to-end tests of the real `isostar` binary share (tests/game/*EndToEndTest.cpp):
/// the display check that reports a window test as skipped, a fresh folder for one test's
/// script and outputs (kept afterwards, to look at), running the game on a script (a run that
/// lost its X display fails as such), and reading back a `dump`. Test programs define
/// ISOSTAR_BIN_DIR and ISOSTAR_SOURCE_DIR (tests/CMakeLists.txt).
///
/// \code
/// if (!testsupport::haveDisplay()) return;                       // CTest: Skipped
/// const auto dir = testsupport::e2eDir("isostar-e2e", "castle");  // /tmp/isostar-e2e-castle-PID
/// const auto r = testsupport::runGameScript(dir, "maps/valley.tmx", "dump " + (dir / "d.json").string() + "\nquit\n");
/// const nlohmann::json j = testsupport::readJsonFile(dir / "d.json");
/// \endcode

#include "tests/support/RunProcess.hpp"
#include "tests/support/Skip.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace testsupport {

/// True with a display; without one the running test case is reported skipped (Skip.hpp).
inline bool haveDisplay()
{
    const char* d = std::getenv("DISPLAY");
    if (d && *d)
        return true;
    skipTest("no DISPLAY: the window test needs one (run it under xvfb-run, as tools/dev.sh test does)");
    return false;
}

/// A fresh empty folder PREFIX-NAME-PID under the temp dir (emptied if it exists, not removed).
inline std::filesystem::path e2eDir(const std::string& prefix, const std::string& name)
{
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / (prefix + "-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

/// The "name: value" lines of a bench's stdout.
inline std::map<std::string, std::string> benchFigures(const std::string& out)
{
    std::map<std::string, std::string> figures;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line))
        if (const std::size_t colon = line.find(": "); colon != std::string::npos)
            figures[line.substr(0, colon)] = line.substr(colon + 2);
    return figures;
}

/// The isostar binary, quoted. In sanitizer builds LeakSanitizer checks it like every program
/// (the GL driver's known leaks: tools/lsan.supp, tests/support/KeepLibrariesLoaded.cpp).
inline std::string isostarCommand()
{
    // Appended piece by piece: `"\"" + std::string(...)` trips GCC 12's false -Wrestrict (bug 105329).
    std::string command = "\"";
    command += ISOSTAR_BIN_DIR;
    command += "/isostar\"";
    return command;
}

/// Stops the running test case when the game run `r` lost its X display: SFML aborts when it
/// cannot connect (exit 134), Xlib exits 1 when the server drops the connection. An Xvfb started
/// without -noreset resets each time its last client leaves and refuses the clients that connect
/// meanwhile, which under `ctest -j` (many windows opening and closing) happens at random.
inline void requireDisplayReached(const ProcessResult& r)
{
    if (r.err.find("Failed to open X11 display") == std::string::npos && r.err.find("XIO:") == std::string::npos)
        return;
    FAIL("the game lost its X display (exit " << r.exitCode << "); an Xvfb shared by parallel tests must "
         "run with -noreset, as tools/dev.sh test starts it. Its stderr:\n" << r.err);
}

/// Runs isostar on `map` (relative to the project root) with `extra` options and `script`
/// (written to DIR/test.script); the exit code, stdout and stderr. A run that lost its display
/// stops the test case (requireDisplayReached).
inline ProcessResult runGameScript(const std::filesystem::path& dir, const std::string& map, const std::string& script,
                                   const std::string& extra = "")
{
    const std::filesystem::path scriptFile = dir / "test.script";
    std::ofstream(scriptFile) << script;
    std::string command = isostarCommand();
    command += " --map \"";
    command += ISOSTAR_SOURCE_DIR;
    command += "/" + map + "\" " + extra + " --script \"" + scriptFile.string() + "\"";
    ProcessResult r = runProcess(command);
    requireDisplayReached(r);
    return r;
}

/// The JSON file `file` (a dump); the test stops when it is missing.
inline nlohmann::json readJsonFile(const std::filesystem::path& file)
{
    std::ifstream in(file);
    INFO(file.string());
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

} // namespace testsupport
