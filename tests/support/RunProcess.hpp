#pragma once
// Runs a command line through the shell, as a user would type it, and captures its exit code,
// stdout and stderr. Shared by the tests that run built binaries (ISOSTAR_BIN_DIR): isopath
// path / info / scen and the isostar end-to-end tests.
//
//     const testsupport::ProcessResult r =
//         testsupport::runProcess("'" + std::string(ISOSTAR_BIN_DIR) + "/isopath' info map.tmx", ISOSTAR_SOURCE_DIR);
//     CHECK(r.exitCode == 0);
//
// stdout and stderr go through files in the system temp folder (named after the process and a
// counter, removed afterwards), so a test may run several commands, and ctest -j may run several
// test processes, without clashes. Each command also gets its own empty XDG_CONFIG_HOME there
// (removed afterwards): the game's settings file (game/settings) starts empty in every run, and
// no test reads or writes the user's ~/.config. A command that sets XDG_CONFIG_HOME itself
// (`XDG_CONFIG_HOME=DIR 'bin' ...`) uses its own.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace testsupport {

struct ProcessResult {
    int exitCode = -1;  ///< the process's exit status; -1 when it did not exit normally (signal)
    std::string out;    ///< everything written to stdout
    std::string err;    ///< everything written to stderr
};

/// The whole file as bytes ("" when it cannot be read).
inline std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Runs `command` with /bin/sh, inside `cwd` when it is not empty, and captures its output.
/// `command` may set environment variables in front (`ASAN_OPTIONS=... 'bin' args`).
inline ProcessResult runProcess(const std::string& command, const std::filesystem::path& cwd = {})
{
    namespace fs = std::filesystem;
    static int counter = 0;
    const fs::path base = fs::temp_directory_path() /
                          ("isostar_test_run_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    const fs::path outFile = base.string() + ".out";
    const fs::path errFile = base.string() + ".err";
    const fs::path configDir = base.string() + ".config";
    std::string cmd = "export XDG_CONFIG_HOME='" + configDir.string() + "'; ";
    if (!cwd.empty())
        cmd += "cd '" + cwd.string() + "' && ";
    cmd += command + " >'" + outFile.string() + "' 2>'" + errFile.string() + "'";
    const int status = std::system(cmd.c_str());
    ProcessResult r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(outFile);
    r.err = readFile(errFile);
    std::error_code ec;
    fs::remove(outFile, ec);
    fs::remove(errFile, ec);
    fs::remove_all(configDir, ec);
    return r;
}

} // namespace testsupport
