// `isopath bench`: runs the built binary (ISOSTAR_BIN_DIR) in the source folder on the shipped
// maps and on small maps written here. Checks the output lines, the cost check against plain A*
// (exit 1 on a difference), the seeded queries and the messages for bad input; and the cost
// comparison itself (tools/isopath/BenchCompare.hpp).

#include "tests/support/RunProcess.hpp"
#include "tools/isopath/BenchCompare.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

using Run = testsupport::ProcessResult;

/// Runs `isopath bench ARGS` inside `cwd` (default: the source folder).
Run bench(const std::string& args, const std::filesystem::path& cwd = ISOSTAR_SOURCE_DIR)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' bench " + args, cwd);
}

/// The number after "NAME: " at the start of a line of `out`; nullopt when no line has it or
/// the rest of the line is not a number.
std::optional<double> value(const std::string& out, const std::string& name)
{
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(name + ": ", 0) != 0)
            continue;
        std::istringstream rest(line.substr(name.size() + 2));
        double v = 0.0;
        std::string tail;
        if (rest >> v && !(rest >> tail))
            return v;
        return std::nullopt;
    }
    return std::nullopt;
}

bool hasLine(const std::string& out, const std::string& line)
{
    return ("\n" + out).find("\n" + line + "\n") != std::string::npos;
}

/// A scratch folder with a copy of the fixtures' tileset, for maps written by name.
struct BenchScratch {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("isopath_bench_test_" + std::to_string(::getpid()));
    BenchScratch()
    {
        std::filesystem::create_directories(dir);
        std::filesystem::copy_file(std::filesystem::path(ISOSTAR_SOURCE_DIR) / "tests/data/terrain/terrain.tsx",
                                   dir / "terrain.tsx", std::filesystem::copy_options::overwrite_existing);
    }
    ~BenchScratch() { std::filesystem::remove_all(dir); }
    /// An orthogonal map of one row; `csv` the tile ids (1 grass, 2 snow, 4 wall).
    void writeRow(const std::string& name, int width, const std::string& csv) const
    {
        std::ofstream(dir / name) << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                     "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\""
                                  << width << "\" height=\"1\" tilewidth=\"32\" tileheight=\"32\" infinite=\"0\">\n"
                                  << " <tileset firstgid=\"1\" source=\"terrain.tsx\"/>\n"
                                  << " <layer id=\"1\" name=\"ground\" width=\"" << width << "\" height=\"1\">\n"
                                  << "  <data encoding=\"csv\">\n" << csv << "\n</data>\n </layer>\n</map>\n";
    }
};

} // namespace

TEST_CASE("isopath bench prints parseable figures for plain A*")
{
    const Run r = bench("maps/valley.tmx --queries 50 --algorithm astar --landmarks off");
    INFO(r.out << r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(hasLine(r.out, "queries: 50"));
    const std::optional<double> median = value(r.out, "median_us");
    const std::optional<double> p90 = value(r.out, "p90_us");
    const std::optional<double> expanded = value(r.out, "mean_expanded");
    REQUIRE(median);
    REQUIRE(p90);
    REQUIRE(expanded);
    CHECK(*median > 0.0);
    CHECK(*p90 >= *median);
    CHECK(*expanded >= 1.0);
    // Plain A* is the reference: nothing to check against.
    CHECK(r.out.find("costs checked") == std::string::npos);

    const Run d = bench("maps/valley.tmx --algorithm astar --landmarks off");
    CHECK(d.exitCode == 0);
    CHECK(hasLine(d.out, "queries: 200"));
}

TEST_CASE("isopath bench checks exact alternatives against plain A*")
{
    Run r = bench("maps/valley.tmx --queries 60 --landmarks on");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(hasLine(r.out, "costs checked: 60/60 equal"));

    r = bench("maps/seed/volcano.tmx --queries 40 --landmarks on");
    CHECK(r.exitCode == 0);
    CHECK(hasLine(r.out, "costs checked: 40/40 equal"));

    // snow.tmx: every passable cell costs the same, so jump point search runs.
    r = bench("maps/seed/snow.tmx --queries 40 --algorithm jps");
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("algorithm: jps") != std::string::npos);
    CHECK(hasLine(r.out, "costs checked: 40/40 equal"));

    // Weighted jump point search on the weighted valley, with and without landmarks.
    for (const char* landmarks : {"on", "off"}) {
        r = bench(std::string("maps/valley.tmx --queries 60 --algorithm jpsw --landmarks ") + landmarks);
        INFO(r.out << r.err);
        CHECK(r.exitCode == 0);
        CHECK(hasLine(r.out, std::string("algorithm: jpsw, landmarks ") + landmarks + ", weight 1"));
        CHECK(hasLine(r.out, "costs checked: 60/60 equal"));
    }
    // auto names what it picked: jpsw where the weighted map has landmarks.
    r = bench("maps/valley.tmx --queries 10 --landmarks on");
    CHECK(hasLine(r.out, "algorithm: jpsw, landmarks on, weight 1"));
    r = bench("maps/valley.tmx --queries 10 --landmarks off");
    CHECK(hasLine(r.out, "algorithm: astar, landmarks off, weight 1"));
}

TEST_CASE("isopath bench exits 1 and names the query when a cost differs")
{
    // Weighted A* (w = 3) is not exact: on the valley's terrain some path costs more.
    const Run r = bench("maps/valley.tmx --queries 100 --landmarks off --weight 3");
    INFO(r.out << r.err);
    CHECK(r.exitCode == 1);
    CHECK(r.out.find("before the first difference") != std::string::npos);
    CHECK(r.err.find("isopath bench: query ") != std::string::npos);
    CHECK(r.err.find(", plain A* ") != std::string::npos);
}

TEST_CASE("isopath bench draws the same queries for the same seed")
{
    const std::string args = "maps/valley.tmx --queries 40 --algorithm astar --landmarks off";
    const Run a = bench(args + " --seed 7");
    const Run b = bench(args + " --seed 7");
    const Run c = bench(args + " --seed 8");
    REQUIRE(a.exitCode == 0);
    REQUIRE(b.exitCode == 0);
    REQUIRE(c.exitCode == 0);
    REQUIRE(value(a.out, "mean_expanded"));
    CHECK(value(a.out, "mean_expanded") == value(b.out, "mean_expanded"));
    CHECK(value(a.out, "mean_expanded") != value(c.out, "mean_expanded"));
}

TEST_CASE("isopath bench refuses bad input with exit 2")
{
    Run r = bench("maps/no_such_map.tmx");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("isopath bench: cannot load the map:\nmaps/no_such_map.tmx: error:") != std::string::npos);

    r = bench("maps/valley.tmx --algorithm fastest");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "isopath bench: unknown algorithm \"fastest\" (expected auto, astar, jps, jpsw)\n");
    r = bench("maps/valley.tmx --landmarks maybe");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "isopath bench: unknown landmark mode \"maybe\" (expected auto, on, off)\n");
    r = bench("maps/valley.tmx --queries 0");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "isopath bench: --queries 0: expected at least 1\n");
    r = bench("maps/valley.tmx --queries many");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("--queries") != std::string::npos);
    r = bench("maps/valley.tmx --weight -1");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "isopath bench: --weight \"-1\": expected a finite number > 0\n");
    r = bench("maps/valley.tmx --algorithm jps");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("maps/valley.tmx does not (use astar or auto)") != std::string::npos);

    BenchScratch s;
    s.writeRow("walls.tmx", 3, "4,4,4");
    r = bench("walls.tmx", s.dir);
    CHECK(r.exitCode == 2);
    CHECK(r.err == "isopath bench: walls.tmx: no passable cell: nothing to benchmark\n");
    s.writeRow("dots.tmx", 3, "2,4,2");
    r = bench("dots.tmx", s.dir);
    CHECK(r.exitCode == 2);
    CHECK(r.err == "isopath bench: dots.tmx: every island has one cell: no query can have start != goal\n");
    s.writeRow("pair.tmx", 3, "2,2,4");
    r = bench("pair.tmx --queries 3 --landmarks on", s.dir);
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(hasLine(r.out, "costs checked: 3/3 equal"));
}

TEST_CASE("bench cost comparison: equal within 1e-9 relative, first difference named")
{
    using isopath::benchCostsEqual;
    using isopath::firstCostMismatch;
    CHECK(benchCostsEqual(10.0, 10.0));
    CHECK(benchCostsEqual(1000.0, 1000.0 + 1e-7));
    CHECK_FALSE(benchCostsEqual(1000.0, 1000.0 + 1e-5));
    CHECK_FALSE(benchCostsEqual(1.0, 1.0 + 1e-8));
    CHECK_FALSE(firstCostMismatch({1.0, 2.0, 3.0}, {1.0, 2.0, 3.0}));
    CHECK(firstCostMismatch({1.0, 2.0, 3.0}, {1.0, 2.5, 3.5}) == std::optional<std::size_t>(1));
    CHECK(firstCostMismatch({1.0, 2.0, 3.0}, {1.0, 2.0, 3.0 * (1 + 1e-6)}) == std::optional<std::size_t>(2));
}
