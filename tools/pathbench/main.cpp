// pathbench: IsoStar's GridPathfinder against Boost Graph Library's astar_search, a textbook
// A* (std::set open list, array of node structs) and a hand-tuned plain A* (flat arrays, binary
// heap: TunedAStar.hpp), on the same maps and the same queries.
// IsoStar runs twice: "isostar" in its default configuration (landmarks where LandmarkSettings'
// Auto mode turns them on, k = 8 or --landmarks N) and "iso-plain" with landmarks off; "jpsw" is
// IsoStar's weighted jump point search (WeightedJumpSearch) with the default configuration's
// landmarks.
// All must agree on every optimal cost (exit 1 otherwise). Prints a table and ends with
//   speedup_vs_bgl: X.XX            (default configuration)
//   speedup_vs_textbook: Y.YY
//   speedup_plain_vs_bgl: Z.ZZ      (landmarks off)
//   speedup_jpsw_vs_isostar: W.WW   (weighted jump point search vs the default configuration)
// (ratio of median query times on the 512x512 weighted workload), and the same for 2048x2048,
// then the 512x512 medians and ns per expansion of the tuned A*, iso-plain and the default, and
//   default_vs_tuned_median: A      (default median / tuned A* median)
//   landmark_ns_per_expansion_ratio: B   (default ns/expansion / iso-plain ns/expansion)
//   landmark_ns_per_expansion_vs_tuned: C   (default ns/expansion / tuned A* ns/expansion)
// The implementations take
// turns block by block over each workload's queries. A benchmark, not a test:
// figures depend on the machine and its load; CI runs `pathbench --quick` only as a smoke check.

#include "engine/core/GuardedMain.hpp"
#include "engine/core/Percentile.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "tools/pathbench/ArticleTerrain.hpp"
#include "tools/pathbench/Baselines.hpp"
#include "tools/pathbench/Measure.hpp"
#include "tools/pathbench/TunedAStar.hpp"
#include "tools/pathbench/Workloads.hpp"

#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace {

using isostar::TileCoord;
using isostar::path::CostField;
using isostar::path::GridPathfinder;
using isostar::path::MoveRules;
using isostar::path::PathResult;
using isostar::path::PathStatus;
using isostar::percentile;
using Clock = std::chrono::steady_clock;
using pathbench::append;
using pathbench::measured;
using pathbench::median;
using pathbench::Query;
using pathbench::Stats;
using pathbench::sum;
using pathbench::threadMicros;
using pathbench::timeQueries;
using pathbench::Workload;
using pathbench::articleWorkload;
using pathbench::movingAiWorkload;
using pathbench::randomQueries;

/// Query blocks per workload (see main).
constexpr std::size_t kBlocks = 5;

Stats runIsoStar(const Workload& w, std::span<const Query> qs, const isostar::path::LandmarkSettings& landmarks)
{
    GridPathfinder finder;
    finder.setLandmarks(landmarks);
    if (!finder.init(w.field, w.rules)) {
        std::fprintf(stderr, "pathbench: %s: GridPathfinder::init rejected the field\n", w.name.c_str());
        std::exit(2);
    }
    PathResult result;
    return timeQueries(qs, [&](const Query& q) {
        const bool found = finder.findPath(q.start, q.goal, result) == PathStatus::Found;
        return pathbench::BaselineResult{found, result.cost, long(result.expanded)};
    });
}

Stats runJpsw(const Workload& w, std::span<const Query> qs, const isostar::path::LandmarkSettings& landmarks)
{
    GridPathfinder finder;
    finder.setLandmarks(landmarks);
    if (!finder.init(w.field, w.rules) || !isostar::path::WeightedJumpSearch::supports(finder.grid(), 0)) {
        std::fprintf(stderr, "pathbench: %s: weighted jump point search cannot run on the field\n", w.name.c_str());
        std::exit(2);
    }
    isostar::path::WeightedJumpGrid flat;
    flat.build(finder.grid(), 0);
    isostar::path::WeightedJumpSearch search;
    PathResult result;
    return timeQueries(qs, [&](const Query& q) {
        const bool found = search.findPath(finder.grid(), 0, flat, q.start, q.goal, result) == PathStatus::Found;
        return pathbench::BaselineResult{found, result.cost, long(result.expanded)};
    });
}

template <typename Impl>
Stats runBaseline(const Workload& w, std::span<const Query> qs)
{
    Impl impl(w.field, w.rules.diagonalFactor);
    return timeQueries(qs, [&](const Query& q) { return impl.find(q.start, q.goal); });
}

struct Row {
    std::string workload;
    std::string impl;
    Stats stats;
};

void printRow(const Row& r)
{
    const double totalExp = sum(r.stats.expanded);
    std::printf("%-26s %-9s %7zu %12.1f %12.1f %12.0f %9.1f %9.1f\n", r.workload.c_str(), r.impl.c_str(),
                r.stats.micros.size(), median(r.stats.micros), percentile(r.stats.micros, 0.99),
                r.stats.micros.empty() ? 0.0 : totalExp / double(r.stats.micros.size()),
                pathbench::nsPerExpansion(r.stats), r.stats.peakMiB);
}

/// Sub-microsecond figure: average over a batch (one query is below the clock's resolution).
double batchMicros(GridPathfinder& finder, const std::vector<Query>& qs, int repeat, PathResult& out)
{
    const double t0 = threadMicros();
    for (int r = 0; r < repeat; ++r)
        for (const Query& q : qs)
            finder.findPath(q.start, q.goal, out);
    return (threadMicros() - t0) / double(repeat) / double(qs.size());
}

int usage()
{
    std::fprintf(stderr, "usage: pathbench [--quick] [--shared DIR] [--landmarks N|off]\n"
                         "  --quick       small workloads (CI smoke check, < 20 s)\n"
                         "  --landmarks N landmarks per island of the default configuration (default 8; off: none)\n"
                         "  --shared DIR  folder with the Moving AI maps (default: $ISOSTAR_SHARED_DIR/movingai,\n"
                         "                else the build's ../shared/movingai)\n");
    return 2;
}

/// The command line.
struct Options {
    bool quick = false;
    isostar::path::LandmarkSettings landmarks;  // the default configuration (Auto, 8)
    std::string shared;
};

/// Reads the command line into `o` (defaults first: the shared folder from $ISOSTAR_SHARED_DIR or
/// the build's); an exit code when the program stops here (usage, --help).
std::optional<int> parseOptions(int argc, char** argv, Options& o)
{
    bool& quick = o.quick;
    isostar::path::LandmarkSettings& landmarks = o.landmarks;
    std::string& shared = o.shared;
    if (const char* env = std::getenv("ISOSTAR_SHARED_DIR"))
        shared = std::string(env) + "/movingai";
#ifdef ISOSTAR_SHARED_DIR
    if (shared.empty())
        shared = std::string(ISOSTAR_SHARED_DIR) + "/movingai";
#endif
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--quick")
            quick = true;
        else if (a == "--shared" && i + 1 < argc)
            shared = argv[++i];
        else if (a == "--landmarks" && i + 1 < argc) {
            const std::string v = argv[++i];
            if (v == "off")
                landmarks.mode = isostar::path::LandmarkMode::Off;
            else if (std::atoi(v.c_str()) >= 1 && std::atoi(v.c_str()) <= isostar::path::LandmarkSettings::kMaxCount)
                landmarks.count = std::atoi(v.c_str());
            else
                return usage();
        }
        else if (a == "--help" || a == "-h")
            return usage(), 0;
        else
            return usage();
    }
    return std::nullopt;
}

/// The Moving AI workloads found in the shared folder, then the article workloads (512x512, the
/// headline; 2048x2048 unless --quick).
std::vector<Workload> loadWorkloads(const Options& o)
{
    const bool quick = o.quick;
    const std::string& shared = o.shared;
    std::vector<Workload> workloads;
    const std::vector<std::string> maiNames = quick ? std::vector<std::string>{"den520d", "random512-10-0"}
                                                     : std::vector<std::string>{"den520d", "brc202d", "random512-10-0",
                                                                                "8room_000", "maze512-1-0"};
    const int maiCount = quick ? 20 : 100;
    bool haveShared = std::filesystem::is_directory(shared);
    for (const std::string& n : maiNames) {
        if (!haveShared)
            break;
        if (std::optional<Workload> w = movingAiWorkload(shared, n, maiCount))
            workloads.push_back(std::move(*w));
        else
            std::printf("note: %s/%s.map(.scen) missing or unreadable: workload skipped\n", shared.c_str(), n.c_str());
    }
    if (!haveShared)
        std::printf("note: no Moving AI folder at %s: Moving AI workloads skipped\n", shared.c_str());
    workloads.push_back(articleWorkload(512, quick ? 30 : 300, 512));
    workloads.back().headline = true;
    if (!quick)
        workloads.push_back(articleWorkload(2048, 30, 2048));
    return workloads;
}

void printHeader(const Options& o)
{
    const bool quick = o.quick;
    const isostar::path::LandmarkSettings& landmarks = o.landmarks;
    std::printf("pathbench%s: IsoStar GridPathfinder vs BGL astar_search vs textbook A* (std::set open list)\n",
                quick ? " --quick" : "");
    std::printf("times are per query (median, p99) in microseconds of thread CPU time; ns/exp = total time /\n"
                "total expansions; peak = extra resident MiB while the implementation built its structures and\n"
                "ran the workload (each in its own child process; the largest over 5 query blocks, which\n"
                "the implementations take turns running so load from elsewhere falls on all alike)\n\n");
    std::printf("isostar = default configuration: landmarks %s, k = %d, on from %lld cells; iso-plain = landmarks off;\n"
                "jpsw = weighted jump point search with the default configuration's landmarks\n",
                landmarks.mode == isostar::path::LandmarkMode::Off ? "off" : "auto", landmarks.count,
                landmarks.autoMinCells);
    std::printf("%-26s %-9s %7s %12s %12s %12s %9s %9s\n", "workload", "impl", "queries", "median_us", "p99_us",
                "exp/query", "ns/exp", "peak_MiB");
}

/// Landmark set-up of the default configuration (a table build at load), outside the per-query
/// figures: wall and thread CPU time of GridPathfinder::init with and without; nullopt when the
/// workload gets no landmarks.
std::optional<std::string> landmarkSetupLine(const Workload& w, const isostar::path::LandmarkSettings& landmarks,
                                             const isostar::path::LandmarkSettings& plainSettings)
{
    GridPathfinder finder;
    finder.setLandmarks(landmarks);
    const double c0 = threadMicros();
    const Clock::time_point t0 = Clock::now();
    finder.init(w.field, w.rules);
    const double wallMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    const double cpuMs = (threadMicros() - c0) / 1000.0;
    GridPathfinder plain;
    plain.setLandmarks(plainSettings);
    const double p0 = threadMicros();
    plain.init(w.field, w.rules);
    const double plainMs = (threadMicros() - p0) / 1000.0;
    if (const auto lm = finder.grid().landmarks(0)) {
        char line[256];
        std::snprintf(line, sizeof line,
                      "landmark set-up %s (k=%d, %zu landmarks, %.1f MiB): %.1f ms (thread CPU %.1f ms; "
                      "init without landmarks %.1f ms)",
                      w.name.c_str(), lm->count, lm->landmarks.size(), double(lm->bytes()) / 1048576.0,
                      wallMs, cpuMs, plainMs);
        return std::string(line);
    }
    return std::nullopt;
}

/// Median query times of one workload's implementations.
struct Medians {
    double iso = 0.0, bgl = 0.0, text = 0.0, plain = 0.0, tuned = 0.0;
    /// ns per expansion of the default search, the engine's plain A* and the tuned A*.
    double nsIso = 0.0, nsPlain = 0.0, nsTuned = 0.0;
    double jpsw = 0.0;
};

/// Runs the five implementations over `w`, prints their rows and the queries on which their
/// costs disagree (the first 10 of the run), counted in `disagreements`. Returns the medians.
Medians compareOnWorkload(const Workload& w, const isostar::path::LandmarkSettings& landmarks,
                          const isostar::path::LandmarkSettings& plainSettings, int& disagreements)
{
    // The queries run in blocks, the three implementations taking turns block by block,
    // so a burst of load from elsewhere on the machine falls on all of them alike instead
    // of on whichever happened to be running.
    Row iso{w.name, "isostar", {}}, plain{w.name, "iso-plain", {}}, bgl{w.name, "bgl", {}},
        text{w.name, "textbook", {}}, tuned{w.name, "tuned", {}}, jpsw{w.name, "jpsw", {}};
    const std::size_t blocks = std::min<std::size_t>(kBlocks, w.queries.size());
    for (std::size_t k = 0; k < blocks; ++k) {
        const std::span<const Query> qs(w.queries.data() + k * w.queries.size() / blocks,
                                        w.queries.data() + (k + 1) * w.queries.size() / blocks);
        append(iso.stats, measured([&] { return runIsoStar(w, qs, landmarks); }));
        append(plain.stats, measured([&] { return runIsoStar(w, qs, plainSettings); }));
        append(bgl.stats, measured([&] { return runBaseline<pathbench::BglAStar>(w, qs); }));
        append(text.stats, measured([&] { return runBaseline<pathbench::TextbookAStar>(w, qs); }));
        append(tuned.stats, measured([&] { return runBaseline<pathbench::TunedAStar>(w, qs); }));
        append(jpsw.stats, measured([&] { return runJpsw(w, qs, landmarks); }));
    }
    for (const Row* r : {&iso, &plain, &bgl, &text, &tuned, &jpsw})
        printRow(*r);
    for (std::size_t i = 0; i < w.queries.size(); ++i) {
        const double a = iso.stats.costs[i], b = bgl.stats.costs[i], c = text.stats.costs[i];
        const double p = plain.stats.costs[i], t = tuned.stats.costs[i], j = jpsw.stats.costs[i];
        const double tol = 1e-9 * std::max(1.0, std::abs(a));
        if (a < 0 || std::abs(a - b) > tol || std::abs(a - c) > tol || std::abs(a - p) > tol ||
            std::abs(a - t) > tol || std::abs(a - j) > tol) {
            if (disagreements < 10)
                std::printf("DISAGREE %s query %zu (%d,%d)->(%d,%d): isostar %.9f iso-plain %.9f bgl %.9f "
                            "textbook %.9f tuned %.9f jpsw %.9f\n",
                            w.name.c_str(), i, w.queries[i].start.x, w.queries[i].start.y, w.queries[i].goal.x,
                            w.queries[i].goal.y, a, p, b, c, t, j);
            ++disagreements;
        }
    }
    return {median(iso.stats.micros),          median(bgl.stats.micros),
            median(text.stats.micros),         median(plain.stats.micros),
            median(tuned.stats.micros),        pathbench::nsPerExpansion(iso.stats),
            pathbench::nsPerExpansion(plain.stats), pathbench::nsPerExpansion(tuned.stats),
            median(jpsw.stats.micros)};
}

/// Unreachable goals on the headline workload: start on the main island, goal inside a doorless
/// room (another island). A found path or a status other than NoPath counts as a disagreement.
void unreachableGoals(const std::vector<Workload>& workloads, bool quick, int& disagreements)
{
    const Workload& w = *std::find_if(workloads.begin(), workloads.end(), [](const Workload& x) { return x.headline; });
    pathbench::ArticleMap gen = pathbench::generateArticleTerrain(w.field.width, w.field.height, 512);
    GridPathfinder finder;
    finder.init(w.field, w.rules);
    std::vector<Query> unreachable;
    for (std::size_t i = 0; i < gen.closedRoomCells.size() && unreachable.size() < 20; ++i) {
        const Query base = w.queries[i % w.queries.size()];
        const TileCoord goal = gen.closedRoomCells[i];
        if (finder.islandOf(goal) >= 0 && !finder.reachable(base.start, goal))
            unreachable.push_back({base.start, goal});
    }
    if (!unreachable.empty()) {
        PathResult out;
        finder.setPartialPaths(false);
        const double noPath = batchMicros(finder, unreachable, quick ? 2000 : 20000, out);
        const bool allNoPath = out.status == PathStatus::NoPath;
        finder.setPartialPaths(true);
        std::vector<double> partial;
        for (const Query& q : unreachable) {
            const double t0 = threadMicros();
            finder.findPath(q.start, q.goal, out);
            partial.push_back(threadMicros() - t0);
        }
        pathbench::TextbookAStar text(w.field, w.rules.diagonalFactor);
        std::vector<double> flood;
        for (std::size_t i = 0; i < std::min<std::size_t>(unreachable.size(), quick ? 2 : 5); ++i) {
            const double t0 = threadMicros();
            const pathbench::BaselineResult r = text.find(unreachable[i].start, unreachable[i].goal);
            flood.push_back(threadMicros() - t0);
            if (r.found)
                ++disagreements;
        }
        std::printf("\nunreachable goal (%s, %zu queries, goal in a closed room):\n", w.name.c_str(),
                    unreachable.size());
        std::printf("  isostar no-path (islands, partial paths off): %.3f us/query%s\n", noPath,
                    allNoPath ? "" : "  [unexpected status]");
        std::printf("  isostar partial path to the closest reachable cell: median %.1f us/query\n", median(partial));
        std::printf("  textbook A* (floods the start's component): median %.1f us/query\n", median(flood));
        if (!allNoPath)
            ++disagreements;
    }
}

/// The default search and the engine's plain A* against the hand-tuned plain A* (TunedAStar.hpp)
/// on the 512x512 article workload: medians, ns per expansion and the two ratios.
void printTunedSummary(const Medians& m)
{
    std::printf("\nvs a hand-tuned plain A* (article 512x512; median_us, ns/exp):\n");
    std::printf("  tuned A*:          %10.1f us %8.1f ns/exp\n", m.tuned, m.nsTuned);
    std::printf("  iso-plain:         %10.1f us %8.1f ns/exp\n", m.plain, m.nsPlain);
    std::printf("  isostar (default): %10.1f us %8.1f ns/exp\n", m.iso, m.nsIso);
    std::printf("default_vs_tuned_median: %.2f\n", m.tuned > 0 ? m.iso / m.tuned : 0.0);
    std::printf("landmark_ns_per_expansion_ratio: %.2f\n", m.nsPlain > 0 ? m.nsIso / m.nsPlain : 0.0);
    std::printf("landmark_ns_per_expansion_vs_tuned: %.2f\n", m.nsTuned > 0 ? m.nsIso / m.nsTuned : 0.0);
}

void printSummary(const std::vector<std::string>& setupLines, int disagreements, double seconds,
                  const Medians& headline, const Medians& big)
{
    const double headlineIso = headline.iso, headlineBgl = headline.bgl, headlineText = headline.text;
    const double headlinePlain = headline.plain, bigIso = big.iso, bigBgl = big.bgl, bigPlain = big.plain;
    std::printf("\n");
    for (const std::string& line : setupLines)
        std::printf("%s\n", line.c_str());
    std::printf("\n%d disagreement(s) on optimal costs; %.1f s\n", disagreements, seconds);
    std::printf("speedup_vs_bgl: %.2f\n", headlineIso > 0 ? headlineBgl / headlineIso : 0.0);
    std::printf("speedup_vs_textbook: %.2f\n", headlineIso > 0 ? headlineText / headlineIso : 0.0);
    std::printf("speedup_plain_vs_bgl: %.2f\n", headlinePlain > 0 ? headlineBgl / headlinePlain : 0.0);
    std::printf("speedup_jpsw_vs_isostar: %.2f\n", headline.jpsw > 0 ? headlineIso / headline.jpsw : 0.0);
    if (bigIso > 0) {
        std::printf("speedup_vs_bgl_2048: %.2f\n", bigBgl / bigIso);
        std::printf("speedup_plain_vs_bgl_2048: %.2f\n", bigPlain > 0 ? bigBgl / bigPlain : 0.0);
    }
    printTunedSummary(headline);
}

int run(int argc, char** argv)
{
    Options o;
    if (std::optional<int> exitCode = parseOptions(argc, argv, o))
        return *exitCode;
    const isostar::path::LandmarkSettings plainSettings{isostar::path::LandmarkMode::Off, 8};
    const Clock::time_point benchStart = Clock::now();
    const std::vector<Workload> workloads = loadWorkloads(o);
    printHeader(o);

    int disagreements = 0;
    Medians headline, big;
    std::vector<std::string> setupLines;
    for (const Workload& w : workloads) {
        if (std::optional<std::string> line = landmarkSetupLine(w, o.landmarks, plainSettings))
            setupLines.push_back(*line);
        const Medians m = compareOnWorkload(w, o.landmarks, plainSettings, disagreements);
        if (w.headline)
            headline = m;
        else if (w.field.width == 2048)
            big = m;
    }
    unreachableGoals(workloads, o.quick, disagreements);
    const double seconds = std::chrono::duration<double>(Clock::now() - benchStart).count();
    printSummary(setupLines, disagreements, seconds, headline, big);
    return disagreements == 0 ? 0 : 1;
}

} // namespace

/// No exception escapes: an unexpected one (e.g. out of memory on a 2048x2048 workload) prints
/// one line and exits 3 (isostar::runGuarded).
int main(int argc, char** argv)
{
    return isostar::runGuarded("pathbench", [&] { return run(argc, argv); });
}
