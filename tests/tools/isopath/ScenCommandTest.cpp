// `isopath scen`: runs the built binary (ISOSTAR_BIN_DIR) on small Moving AI files written here,
// and on the shared arena benchmark when it is present. Checks the summary line, the exit codes
// (0 all passed, 1 a length differs, 2 bad input) and the exact error messages.

#include "tests/support/RunProcess.hpp"
#include "tests/support/Skip.hpp"

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
        return testsupport::skipTest("Moving AI data not found at " + dir.string());
    }
    Scratch s;
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + std::string.
    std::string args(1, '\'');
    args.append((dir / "arena.map").string()).append("' '").append((dir / "arena.map.scen").string()).append(1, '\'');
    const Run r = scen(s.dir, args);
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(lastLine(r.out) == "130 passed, 0 failed");
    // Weighted jump point search is exact on uniform costs as well.
    const Run w = scen(s.dir, args + " --algorithm jpsw");
    INFO(w.out << w.err);
    CHECK(w.exitCode == 0);
    CHECK(w.out.find("\nalgorithm: jpsw\n") != std::string::npos);
    CHECK(lastLine(w.out) == "130 passed, 0 failed");
}

namespace {

/// The output without the lines that carry times (they differ between runs).
std::string withoutTimes(const std::string& out)
{
    std::string kept;
    std::size_t pos = 0;
    while (pos < out.size()) {
        std::size_t nl = out.find('\n', pos);
        if (nl == std::string::npos)
            nl = out.size();
        const std::string line = out.substr(pos, nl - pos);
        pos = nl + 1;
        if (line.rfind("time per query:", 0) == 0 || line.find("per query: median") != std::string::npos ||
            line.rfind("median_us:", 0) == 0 || line.rfind("threads:", 0) == 0 ||
            line.rfind("speedup_vs_1_thread:", 0) == 0)
            continue;
        kept += line + '\n';
    }
    return kept;
}

bool hasLine(const std::string& out, const std::string& line)
{
    return ("\n" + out).find("\n" + line + "\n") != std::string::npos;
}

/// "NAME: X.XX" somewhere in `out`, with a number >= 0; -1 if missing.
double numberAfter(const std::string& out, const std::string& name)
{
    const std::size_t at = ("\n" + out).find("\n" + name + ": ");
    if (at == std::string::npos)
        return -1.0;
    return std::stod(out.substr(at + name.size() + 2));
}

// 70x6: two walls with gaps, so jumps stop at forced neighbours; many queries across.
std::string wideMap()
{
    std::string m = "type octile\nheight 6\nwidth 70\nmap\n";
    for (int y = 0; y < 6; ++y) {
        std::string row(70, '.');
        if (y != 4)
            row[20] = '@';
        if (y != 1)
            row[45] = 'T';
        m += row + '\n';
    }
    return m;
}

// Three problems on wideMap(): across both gaps, back, and through the first gap.
const char* const kWideScen = "0\tw.map\t70\t6\t0\t0\t69\t5\t73.55634919\n"  // 58 + 11 sqrt 2
                              "0\tw.map\t70\t6\t69\t0\t0\t5\t71.07106781\n"  // 64 + 5 sqrt 2
                              "0\tw.map\t70\t6\t10\t2\t30\t2\t21.65685425\n";  // 16 + 4 sqrt 2

} // namespace

TEST_CASE("isopath scen --algorithm picks and names the search", "[isopath][scen]")
{
    Scratch s;
    s.write("m.map", kMap);
    s.write("good.scen", "version 1\n"
                         "0\tm.map\t5\t3\t0\t0\t1\t0\t1.00000000\n"
                         "0\tm.map\t5\t3\t0\t0\t1\t1\t1.41421356\n"
                         "1\tm.map\t5\t3\t0\t0\t4\t0\t6.82842712\n"
                         "0\tm.map\t5\t3\t3\t1\t3\t1\t0.00000000\n");
    for (const char* alg : {"auto", "astar", "jps", "jpsw"}) {
        const Run r = scen(s.dir, std::string("m.map good.scen --algorithm ") + alg);
        INFO(alg << "\n" << r.out << r.err);
        CHECK(r.exitCode == 0);
        CHECK(lastLine(r.out) == "4 passed, 0 failed");
        // auto: every passable cell of a Moving AI map costs 1, no corner cutting -> jps.
        CHECK(hasLine(r.out, std::string("algorithm: ") + (std::string(alg) == "auto" ? "jps" : alg)));
        CHECK(numberAfter(r.out, "median_us") >= 0.0);
    }
    // The default is auto.
    CHECK(hasLine(scen(s.dir, "m.map good.scen").out, "algorithm: jps"));

    const Run bad = scen(s.dir, "m.map good.scen --algorithm dijkstra");
    CHECK(bad.exitCode == 2);
    CHECK(bad.err == "isopath scen: unknown algorithm \"dijkstra\" (expected auto, astar, jps, jpsw)\n");
    const Run zero = scen(s.dir, "m.map good.scen --threads 0");
    CHECK(zero.exitCode == 2);
    CHECK(zero.err == "isopath scen: --threads must be >= 1\n");
}

TEST_CASE("isopath scen --landmarks turns the landmark bound on and off and says which", "[isopath][scen]")
{
    Scratch s;
    s.write("w.map", wideMap());
    s.write("w.scen", std::string("version 1\n") + kWideScen);
    // The map is below auto's 128x128 cells: auto keeps the octile bound.
    CHECK(hasLine(scen(s.dir, "w.map w.scen").out, "landmarks: off"));
    for (const char* alg : {"astar", "jps", "jpsw"})
        for (const char* mode : {"on", "off"}) {
            const Run r = scen(s.dir, std::string("w.map w.scen --algorithm ") + alg + " --landmarks " + mode);
            INFO(alg << " " << mode << "\n" << r.out << r.err);
            CHECK(r.exitCode == 0);
            CHECK(lastLine(r.out) == "3 passed, 0 failed");
            CHECK(hasLine(r.out, std::string("landmarks: ") + mode));
        }
    const Run bad = scen(s.dir, "w.map w.scen --landmarks of");
    CHECK(bad.exitCode == 2);
    CHECK(bad.err == "isopath scen: unknown landmark mode \"of\" (expected auto, on, off)\n");
}

TEST_CASE("isopath scen --compare runs both and prints the speedup", "[isopath][scen]")
{
    Scratch s;
    s.write("w.map", wideMap());
    s.write("w.scen", std::string("version 1\n") + kWideScen);
    Run r = scen(s.dir, "w.map w.scen --compare");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(lastLine(r.out) == "3 passed, 0 failed");
    CHECK(hasLine(r.out, "algorithm: astar"));
    CHECK(hasLine(r.out, "algorithm: jps"));
    CHECK(r.out.find("algorithm: astar") < r.out.find("algorithm: jps"));
    CHECK(numberAfter(r.out, "speedup_jps_vs_astar") > 0.0);
    const std::size_t at = r.out.find("speedup_jps_vs_astar: ");
    REQUIRE(at != std::string::npos);
    // Two decimals: "X.XX\n".
    const std::size_t nl = r.out.find('\n', at);
    const std::string value = r.out.substr(at + 22, nl - at - 22);
    CHECK(value.size() >= 4);
    CHECK(value[value.size() - 3] == '.');

    // A wrong length fails for both algorithms, each named.
    s.write("bad.scen", "version 1\n0\tw.map\t70\t6\t10\t2\t30\t2\t20.00000000\n");
    r = scen(s.dir, "w.map bad.scen --compare");
    CHECK(r.exitCode == 1);
    CHECK(r.out.find("bad.scen:2: FAIL astar (10,2)->(30,2): found, cost 21.65685425") != std::string::npos);
    CHECK(r.out.find("bad.scen:2: FAIL jps (10,2)->(30,2): found, cost 21.65685425") != std::string::npos);
    CHECK(lastLine(r.out) == "0 passed, 1 failed");
}

TEST_CASE("isopath scen --threads gives the same output in file order", "[isopath][scen]")
{
    const std::filesystem::path dir = std::filesystem::path(ISOSTAR_SHARED_DIR) / "movingai";
    Scratch s;
    std::string args;
    if (std::filesystem::exists(dir / "arena.map")) {
        args.assign(1, '\'');
        args.append((dir / "arena.map").string()).append("' '").append((dir / "arena.map.scen").string()).append(1, '\'');
    } else {
        // Without the shared data: the wide map's problems, ten times over.
        s.write("w.map", wideMap());
        std::string text = "version 1\n";
        for (int k = 0; k < 10; ++k)
            text += kWideScen;
        s.write("w.scen", text);
        args = "w.map w.scen";
    }
    for (const char* alg : {"astar", "jps", "jpsw"}) {
        const Run one = scen(s.dir, args + " --each --algorithm " + alg);
        const Run three = scen(s.dir, args + " --each --threads 3 --algorithm " + alg);
        INFO(alg << "\n" << three.out << three.err);
        CHECK(one.exitCode == three.exitCode);
        CHECK(withoutTimes(one.out) == withoutTimes(three.out));
        // Present and a number; not > 0: on a loaded machine thread start-up can make it print
        // 0.00 for this tiny map (no timed checks in unit tests).
        CHECK(numberAfter(three.out, "speedup_vs_1_thread") >= 0.0);
        CHECK(three.out.find("results identical") != std::string::npos);
        // --each: one line per scenario, in file order (line numbers ascending).
        int lines = 0, lastLineNo = 0;
        bool ordered = true;
        std::size_t pos = 0;
        while ((pos = three.out.find(".scen:", pos)) != std::string::npos) {
            const int n = std::stoi(three.out.substr(pos + 6));
            ordered = ordered && n > lastLineNo;
            lastLineNo = n;
            ++lines;
            ++pos;
        }
        CHECK(ordered);
        CHECK(lines >= 20);
    }
}

TEST_CASE("isopath scen --smooth checks every smoothed path and prints smoothed_length_ratio", "[isopath][scen]")
{
    Scratch s;
    s.write("m.map", kMap);
    s.write("good.scen", "version 1\n"
                         "1\tm.map\t5\t3\t0\t0\t4\t0\t6.82842712\n"
                         "0\tm.map\t5\t3\t0\t0\t1\t2\t2.41421356\n");
    const Run r = scen(s.dir, "m.map good.scen --smooth");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("smoothed: 2 paths, 0 rule violations") != std::string::npos);
    // (0,0)->(1,2) is one segment of length sqrt(5); (0,0)->(4,0) goes round the wall's foot:
    // (0,0)->(1,2)->(3,2)->(4,0) = 2 sqrt(5) + 2. Ratio = (3 sqrt(5) + 2) / 9.24264068.
    CHECK(r.out.find("smoothed_length_ratio: 0.9422\n") != std::string::npos);
    CHECK(lastLine(r.out) == "2 passed, 0 failed");
    const Run plain = scen(s.dir, "m.map good.scen");
    CHECK(plain.out.find("smoothed") == std::string::npos);
}

TEST_CASE("isopath scen --smooth on the shared arena benchmark", "[isopath][scen]")
{
    const std::filesystem::path dir = std::filesystem::path(ISOSTAR_SHARED_DIR) / "movingai";
    if (!std::filesystem::exists(dir / "arena.map"))
        return testsupport::skipTest("Moving AI data not found at " + dir.string());
    const Run r = scen(dir, "arena.map arena.map.scen --smooth");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("smoothed: 130 paths, 0 rule violations") != std::string::npos);
    const std::size_t at = r.out.find("smoothed_length_ratio: ");
    REQUIRE(at != std::string::npos);
    const double ratio = std::stod(r.out.substr(at + 23));
    CHECK(ratio > 0.9);
    CHECK(ratio < 0.97);
}
