// `isopath scen`: runs the built binary (ISOSTAR_BIN_DIR) on small Moving AI files written here,
// and on the shared arena benchmark when it is present. Checks the summary line, the exit codes
// (0 all passed, 1 a length differs, 2 bad input) and the exact error messages.

#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

using Run = testsupport::ProcessResult;

/// A scratch folder for this process; files are written by name into it.
struct Scratch {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("isopath_scen_test_" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() { std::filesystem::remove_all(dir); }
    void write(const std::string& name, const std::string& text) const
    {
        std::ofstream(dir / name, std::ios::binary) << text;
    }
};

/// Runs `isopath scen ARGS` inside `cwd`.
Run scen(const std::filesystem::path& cwd, const std::string& args)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' scen " + args, cwd);
}

std::string lastLine(const std::string& text)
{
    std::string t = text;
    while (!t.empty() && t.back() == '\n')
        t.pop_back();
    const std::size_t nl = t.rfind('\n');
    return nl == std::string::npos ? t : t.substr(nl + 1);
}

// 5x3, a wall in the middle column except at the bottom.
const char* const kMap = "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n.....\n";

} // namespace

TEST_CASE("isopath scen checks every length and summarises")
{
    Scratch s;
    s.write("m.map", kMap);
    // (0,0)->(4,0): down to row 2 diagonally, across, and up: 2*sqrt(2) + 2 + ... see below.
    s.write("good.scen", "version 1\n"
                         "0\tm.map\t5\t3\t0\t0\t1\t0\t1.00000000\n"
                         "0\tm.map\t5\t3\t0\t0\t1\t1\t1.41421356\n"
                         "1\tm.map\t5\t3\t0\t0\t4\t0\t6.82842712\n"
                         "0\tm.map\t5\t3\t3\t1\t3\t1\t0.00000000\n");
    Run r = scen(s.dir, "m.map good.scen");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(lastLine(r.out) == "4 passed, 0 failed");
    CHECK(r.out.find("median") != std::string::npos);
    CHECK(r.out.find("p99") != std::string::npos);

    r = scen(s.dir, "m.map good.scen --limit 2");
    CHECK(r.exitCode == 0);
    CHECK(lastLine(r.out) == "2 passed, 0 failed");

    // The 2011 dialect: spaces, a path in the map column, 2 decimals (1.41 is within 0.005).
    s.write("old.scen", "version 1.0\r\n0 maps/x/m.map 5 3 0 0 1 1 1.41\r\n1 maps/x/m.map 5 3 0 0 4 0 6.83\r\n");
    r = scen(s.dir, "m.map old.scen");
    CHECK(r.exitCode == 0);
    CHECK(lastLine(r.out) == "2 passed, 0 failed");
}

TEST_CASE("isopath scen exits 1 when a length differs")
{
    Scratch s;
    s.write("m.map", kMap);
    s.write("bad.scen", "version 1\n"
                        "0\tm.map\t5\t3\t0\t0\t1\t0\t1.00000000\n"
                        "1\tm.map\t5\t3\t0\t0\t4\t0\t6.00000000\n");
    const Run r = scen(s.dir, "m.map bad.scen");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 1);
    CHECK(lastLine(r.out) == "1 passed, 1 failed");
    CHECK(r.out.find("bad.scen:3: FAIL (0,0)->(4,0): found, cost 6.82842712, expected 6.00000000") !=
          std::string::npos);
}

TEST_CASE("isopath scen rejects bad input with exit 2 and a located message")
{
    Scratch s;
    s.write("m.map", kMap);
    s.write("broken.map", "type octile\nheight 3\nwidth 5\nmap\n.....\n....\n.....\n");
    s.write("ok.scen", "version 1\n0\tm.map\t5\t3\t0\t0\t1\t0\t1.00000000\n");
    s.write("wall.scen", "version 1\n0\tm.map\t5\t3\t2\t0\t1\t0\t1.00000000\n");

    Run r = scen(s.dir, "broken.map ok.scen");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "broken.map:6: error: row 1 has 4 characters, expected 5\n");

    r = scen(s.dir, "m.map wall.scen");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "wall.scen:2: error: start (2,0) is off the map or blocked\n");

    r = scen(s.dir, "m.map missing.scen");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "missing.scen: error: cannot open file\n");

    r = scen(s.dir, "m.map");
    CHECK(r.exitCode == 2);
}

TEST_CASE("isopath scen reproduces the shared arena benchmark")
{
    const std::filesystem::path dir = std::filesystem::path(ISOSTAR_SHARED_DIR) / "movingai";
    if (!std::filesystem::exists(dir / "arena.map")) {
        WARN("Moving AI data not found at " << dir.string() << ": skipping");
        return;
    }
    Scratch s;
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + std::string.
    std::string args(1, '\'');
    args.append((dir / "arena.map").string()).append("' '").append((dir / "arena.map.scen").string()).append(1, '\'');
    const Run r = scen(s.dir, args);
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(lastLine(r.out) == "130 passed, 0 failed");
}
