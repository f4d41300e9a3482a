// isopath scen MAP.map SCEN.scen [--limit N] [--algorithm auto|astar|jps|jpsw] [--landmarks auto|on|off]
//                                [--compare] [--threads N] [--each] [--smooth] [--size S]
// Solves Moving AI benchmark scenarios with IsoStar's A* or jump point search and checks every
// length against the published optimum. With --threads N the scenarios are shared by N threads
// (one GridQuery / JumpPointSearch per thread over one NavGrid); the output stays in file order.
// --smooth also smooths every path (engine/path/AnyAngle.hpp), checks each against the rule
// and prints smoothed_length_ratio. With --size S (2 to 4) the scenarios are solved for a unit
// of S x S cells (its footprint layer, NavGrid::footprintLayer): the published lengths are those
// of size 1, so the costs are reported and not checked.

#include "tools/isopath/Algorithm.hpp"
#include "tools/isopath/Commands.hpp"
#include "tools/isopath/Smooth.hpp"
#include "tools/isopath/Usage.hpp"

#include "engine/core/Diagnostic.hpp"
#include "engine/core/Percentile.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/MovingAi.hpp"
#include "engine/path/NavGrid.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace isopath {

namespace {

struct ScenOptions {
    std::string mapPath;
    std::string scenPath;
    int limit = -1;
    int maxReported = 20;
    std::string algorithm = "auto";
    std::string landmarks = "auto";
    bool compare = false;
    int threads = 1;
    bool each = false;
    bool smooth = false;
    std::string size;  ///< --size: the unit's size (1: the scenarios' own, checked)
};

using Clock = std::chrono::steady_clock;
using isostar::percentile;

/// One scenario's answer.
struct Outcome {
    isostar::path::PathStatus status = isostar::path::PathStatus::InvalidInput;
    double cost = 0.0;
    double micros = 0.0;
    int expanded = 0;
};

/// Layers of a Problem's grid at most: ground and water, and their footprint layers.
constexpr int kScenLayers = 4;

/// The shared, read-only data of every run: the grid (layer 0 ground, 1 water when used, then
/// their footprint layers for a unit bigger than a cell), each searched layer's jump point
/// planes and the scenarios' layers.
struct Problem {
    const std::vector<isostar::path::MovingAiScenario>* scenarios = nullptr;
    std::size_t count = 0;
    int size = 1;  ///< the unit's size
    isostar::path::NavGrid grid;
    isostar::path::JumpPointGrid jumps[kScenLayers];
    isostar::path::WeightedJumpGrid flat[kScenLayers];  ///< built only for --algorithm jpsw
    std::vector<int> layerOf;  ///< per scenario
    std::vector<int> searched;  ///< the layers scenarios are solved on
};

/// All `count` scenarios with `alg` (AStar, Jps or Jpsw) on `threads` threads: the outcomes in file
/// order and the wall time.
struct Run {
    Algorithm algorithm = Algorithm::AStar;
    std::vector<Outcome> outcomes;
    double wallMs = 0.0;
};

Run solveAll(const Problem& p, Algorithm alg, int threads)
{
    using namespace isostar::path;
    Run run;
    run.algorithm = alg;
    run.outcomes.resize(p.count);
    // Work is handed out in blocks from one counter: each thread has its own scratch and
    // writes only its own outcomes, so the output order never depends on the threads.
    constexpr std::size_t kBlock = 8;
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        GridQuery query;
        JumpPointSearch jps;
        WeightedJumpSearch jpsw;
        PathResult result;
        result.path.reserve(4096);
        // The jump searches' records are written here, before any clock runs (as a search
        // library sets up its node pool before timing queries).
        if (alg == Algorithm::Jps)
            jps.prepare(p.grid);
        else if (alg == Algorithm::Jpsw)
            jpsw.prepare(p.grid);
        for (;;) {
            const std::size_t begin = next.fetch_add(kBlock);
            if (begin >= p.count)
                break;
            const std::size_t end = std::min(p.count, begin + kBlock);
            for (std::size_t i = begin; i < end; ++i) {
                const MovingAiScenario& s = (*p.scenarios)[i];
                const int layer = p.layerOf[i];
                const Clock::time_point t0 = Clock::now();
                if (alg == Algorithm::Jps)
                    jps.findPath(p.grid, layer, p.jumps[layer], s.start, s.goal, result);
                else if (alg == Algorithm::Jpsw)
                    jpsw.findPath(p.grid, layer, p.flat[layer], s.start, s.goal, result);
                else
                    query.findPath(p.grid, layer, s.start, s.goal, result);
                const Clock::time_point t1 = Clock::now();
                run.outcomes[i] = {result.status, result.cost,
                                   std::chrono::duration<double, std::micro>(t1 - t0).count(), result.expanded};
            }
        }
    };
    const Clock::time_point w0 = Clock::now();
    if (threads <= 1) {
        worker();
    } else {
        // An exception inside a thread would call std::terminate: each thread keeps its own,
        // and the first is rethrown here, where main's guard turns it into a message and exit 3.
        std::vector<std::exception_ptr> failures(static_cast<std::size_t>(threads));
        {
            std::vector<std::jthread> pool;
            pool.reserve(std::size_t(threads));
            for (int t = 0; t < threads; ++t)
                pool.emplace_back([&worker, &failure = failures[std::size_t(t)]] {
                    try {
                        worker();
                    } catch (...) {
                        failure = std::current_exception();
                    }
                });
        }  // jthreads join here
        for (const std::exception_ptr& f : failures)
            if (f)
                std::rethrow_exception(f);
    }
    run.wallMs = std::chrono::duration<double, std::milli>(Clock::now() - w0).count();
    return run;
}

bool passes(const Outcome& o, const isostar::path::MovingAiScenario& s)
{
    return o.status == isostar::path::PathStatus::Found && std::abs(o.cost - s.optimalLength) <= s.tolerance();
}

bool sameResults(const Run& a, const Run& b)
{
    if (a.outcomes.size() != b.outcomes.size())
        return false;
    for (std::size_t i = 0; i < a.outcomes.size(); ++i)
        if (a.outcomes[i].status != b.outcomes[i].status || a.outcomes[i].cost != b.outcomes[i].cost ||
            a.outcomes[i].expanded != b.outcomes[i].expanded)
            return false;
    return true;
}

/// Timing and expansion lines of one run; returns its median microseconds per query.
double printStats(const Run& run, const Problem& p)
{
    std::vector<double> micros, expansions;
    micros.reserve(run.outcomes.size());
    expansions.reserve(run.outcomes.size());
    double totalMicros = 0.0, meanExp = 0.0, worstError = 0.0;
    for (std::size_t i = 0; i < run.outcomes.size(); ++i) {
        const Outcome& o = run.outcomes[i];
        micros.push_back(o.micros);
        expansions.push_back(double(o.expanded));
        totalMicros += o.micros;
        meanExp += double(o.expanded);
        if (o.status == isostar::path::PathStatus::Found && p.size == 1)
            worstError = std::max(worstError, std::abs(o.cost - (*p.scenarios)[i].optimalLength));
    }
    meanExp = expansions.empty() ? 0.0 : meanExp / double(expansions.size());
    const double median = percentile(micros, 0.5);
    const char* unit = run.algorithm == Algorithm::AStar ? "expansions" : "jump points";
    std::printf("algorithm: %s\n", std::string(isostar::path::searchAlgorithmName(run.algorithm)).c_str());
    std::printf("time per query: median %.1f us, p99 %.1f us, max %.1f us, total %.1f ms\n", median,
                percentile(micros, 0.99), percentile(micros, 1.0), totalMicros / 1000.0);
    std::printf("%s per query: median %.0f, mean %.0f, max %.0f; %.1f ns per expansion\n", unit,
                percentile(expansions, 0.5), meanExp, percentile(expansions, 1.0),
                meanExp > 0.0 ? 1000.0 * totalMicros / (meanExp * double(expansions.size())) : 0.0);
    std::printf("median_us: %.2f\n", median);
    if (p.size == 1)
        std::printf("largest |cost - optimal| among found paths: %.3g\n", worstError);
    return median;
}

/// Checks the first `count` scenarios against the map; false after printing every error (the
/// first name warning is printed too).
bool checkScenarios(const std::vector<isostar::path::MovingAiScenario>& all, std::size_t count,
                    const isostar::path::MovingAiMap& m, const std::string& scenPath)
{
    using namespace isostar::path;
    std::vector<isostar::Diagnostic> errors;
    std::size_t warnings = 0;
    for (std::size_t i = 0; i < count; ++i) {
        for (isostar::Diagnostic& d : checkScenario(all[i], m, scenPath)) {
            if (d.severity == isostar::Severity::Error)
                errors.push_back(std::move(d));
            else if (warnings++ == 0)
                std::cerr << isostar::formatDiagnostic(d) << " (further name warnings not shown)\n";
        }
    }
    if (!errors.empty()) {
        std::cerr << isostar::formatDiagnostics(errors);
        return false;
    }
    return true;
}

/// The grid of `p`: one layer per terrain class the first `count` scenarios start on (ground,
/// water; steps never join two classes), each with its jump point planes. False after printing
/// when the map is too large.
bool buildProblem(Problem& p, const isostar::path::MovingAiMap& m, const std::vector<isostar::path::MovingAiScenario>& all,
                  std::size_t count, const std::string& mapPath)
{
    using namespace isostar::path;
    p.scenarios = &all;
    p.count = count;
    p.layerOf.resize(count);
    if (!p.grid.reset(m.width, m.height)) {
        std::cerr << mapPath << ": error: map too large\n";
        return false;
    }
    int layerOfClass[2] = {-1, -1};
    for (std::size_t i = 0; i < count; ++i) {
        const int cls = m.terrainAt(all[i].start) == MovingAiTerrain::Water ? 1 : 0;
        if (layerOfClass[cls] < 0) {
            const int base = p.grid.addLayer(cls ? "water" : "ground",
                                             toCostField(m, cls ? MovingAiTerrain::Water : MovingAiTerrain::Ground),
                                             movingAiRules());
            layerOfClass[cls] = p.grid.footprintLayer(base, p.size);
            p.searched.push_back(layerOfClass[cls]);
            p.jumps[layerOfClass[cls]].build(p.grid, layerOfClass[cls]);
        }
        p.layerOf[i] = layerOfClass[cls];
    }
    return true;
}

/// The algorithm of each layer; one for the run (auto picks per layer; mixed -> astar). nullopt
/// after printing when jps or jpsw was asked for a layer it cannot search. Builds the weighted
/// jump planes when jpsw runs.
std::optional<Algorithm> chooseAlgorithm(Algorithm requested, Problem& p)
{
    using namespace isostar::path;
    std::optional<Algorithm> chosen;
    for (const int layer : p.searched) {
        const Algorithm a = isostar::path::resolveAlgorithm(requested, p.grid, layer);
        if (a == Algorithm::Jps && !JumpPointSearch::supports(p.grid, layer)) {
            std::cerr << "isopath scen: --algorithm jps needs uniform costs and no corner cutting\n";
            return std::nullopt;
        }
        if (a == Algorithm::Jpsw && !WeightedJumpSearch::supports(p.grid, layer)) {
            std::cerr << "isopath scen: --algorithm jpsw needs no corner cutting\n";
            return std::nullopt;
        }
        chosen = !chosen || *chosen == a ? a : Algorithm::AStar;
    }
    const Algorithm run = chosen.value_or(requested == Algorithm::Auto ? Algorithm::Jps : requested);
    if (run == Algorithm::Jpsw)
        for (const int layer : p.searched)
            p.flat[layer].build(p.grid, layer);
    return run;
}

/// One run per algorithm; with more than one thread also a single-thread run of each, whose
/// results must be the same (`threadsDiffer` otherwise).
std::vector<Run> solveRuns(const Problem& p, const std::vector<Algorithm>& algorithms, int threadCount,
                           bool& threadsDiffer)
{
    std::vector<Run> runs;
    for (Algorithm a : algorithms) {
        runs.push_back(solveAll(p, a, threadCount));
        if (threadCount > 1) {
            const Run single = solveAll(p, a, 1);
            const bool same = sameResults(single, runs.back());
            threadsDiffer = threadsDiffer || !same;
            std::printf("threads: %d (%s): wall %.1f ms, 1 thread %.1f ms, results %s\n", threadCount,
                        std::string(isostar::path::searchAlgorithmName(a)).c_str(), runs.back().wallMs, single.wallMs,
                        same ? "identical" : "DIFFER");
            std::printf("speedup_vs_1_thread: %.2f\n",
                        runs.back().wallMs > 0.0 ? single.wallMs / runs.back().wallMs : 0.0);
        }
    }
    return runs;
}

/// Per-scenario lines in file order (failures always, up to opt.maxReported; every line with
/// --each). Returns the counts of passed and failed scenarios. For a unit bigger than a cell
/// (`unitSize` > 1) nothing is checked: the counts are of scenarios with and without a path.
std::pair<int, int> reportScenarios(const ScenOptions& opt, const std::vector<isostar::path::MovingAiScenario>& all,
                                    std::size_t count, const std::vector<Run>& runs, int unitSize)
{
    using namespace isostar::path;
    int passed = 0;
    int failed = 0;
    int reported = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const MovingAiScenario& s = all[i];
        bool ok = true;
        for (const Run& run : runs) {
            const Outcome& o = run.outcomes[i];
            if (unitSize > 1) {  // the published lengths are a size-1 unit's: nothing to check
                if (opt.each)
                    std::printf("%s:%d: size %d (%d,%d)->(%d,%d): %s, cost %.8f, %d expanded\n", opt.scenPath.c_str(),
                                s.line, unitSize, s.start.x, s.start.y, s.goal.x, s.goal.y,
                                std::string(statusName(o.status)).c_str(), o.cost, o.expanded);
                ok = ok && o.status == PathStatus::Found;
                continue;
            }
            const bool good = passes(o, s);
            ok = ok && good;
            const std::string tag = opt.compare ? " " + std::string(isostar::path::searchAlgorithmName(run.algorithm)) : std::string();
            if (!good && reported < opt.maxReported) {
                std::printf("%s:%d: FAIL%s (%d,%d)->(%d,%d): %s, cost %.8f, expected %.8f (tolerance %g)\n",
                            opt.scenPath.c_str(), s.line, tag.c_str(), s.start.x, s.start.y, s.goal.x, s.goal.y,
                            std::string(statusName(o.status)).c_str(), o.cost, s.optimalLength, s.tolerance());
                ++reported;
            } else if (good && opt.each) {
                std::printf("%s:%d: ok%s (%d,%d)->(%d,%d): cost %.8f, %d expanded\n", opt.scenPath.c_str(), s.line,
                            tag.c_str(), s.start.x, s.start.y, s.goal.x, s.goal.y, o.cost, o.expanded);
            }
        }
        if (ok)
            ++passed;
        else
            ++failed;
    }
    return {passed, failed};
}

int runScen(const ScenOptions& opt)
{
    using namespace isostar::path;
    SearchChoice choice;
    int size = 1;
    try {
        choice = parseSearchChoice(opt.algorithm, opt.landmarks);
        if (!opt.size.empty())
            size = parseUnitSize(opt.size);
    } catch (const UsageError& e) {
        std::cerr << "isopath scen: " << e.message << '\n';
        return ExitBadInput;
    }
    if (opt.threads < 1) {
        std::cerr << "isopath scen: --threads must be >= 1\n";
        return ExitBadInput;
    }
    isostar::Result<MovingAiMap> map = loadMovingAiMap(opt.mapPath);
    isostar::Result<MovingAiScenarioFile> scen = loadMovingAiScenarios(opt.scenPath);
    if (!map || !scen) {
        if (!map)
            std::cerr << isostar::formatDiagnostics(map.diagnostics());
        if (!scen)
            std::cerr << isostar::formatDiagnostics(scen.diagnostics());
        return ExitBadInput;
    }
    if (opt.limit < -1) {
        std::cerr << "isopath scen: --limit must be >= 0\n";
        return ExitBadInput;
    }
    const MovingAiMap& m = map.value();
    const std::vector<MovingAiScenario>& all = scen.value().scenarios;
    const std::size_t count = opt.limit < 0 ? all.size() : std::min(all.size(), std::size_t(opt.limit));

    if (!checkScenarios(all, count, m, opt.scenPath))
        return ExitBadInput;

    auto problem = std::make_unique<Problem>();
    Problem& p = *problem;
    p.size = size;
    p.grid.setLandmarks(choice.landmarks);  // before the layers: each is built with its table, if any
    if (!buildProblem(p, m, all, count, opt.mapPath))
        return ExitBadInput;
    const std::optional<Algorithm> picked = chooseAlgorithm(choice.requested, p);
    if (!picked)
        return ExitBadInput;
    const Algorithm chosen = *picked;

    std::printf("map %s: %dx%d, %zu of %zu scenarios (scen version %s)\n", opt.mapPath.c_str(), m.width,
                m.height, count, all.size(), scen.value().version.c_str());
    std::printf("landmarks: %s\n", choice.landmarks.enabledFor(m.width, m.height) ? "on" : "off");
    std::vector<Algorithm> algorithms;
    if (opt.compare)
        algorithms = {Algorithm::AStar, Algorithm::Jps};
    else
        algorithms = {chosen};
    bool threadsDiffer = false;
    const std::vector<Run> runs = solveRuns(p, algorithms, opt.threads, threadsDiffer);

    const auto [passed, failed] = reportScenarios(opt, all, count, runs, p.size);

    std::vector<double> medians;
    for (const Run& run : runs)
        medians.push_back(printStats(run, p));
    if (opt.compare)
        std::printf("speedup_jps_vs_astar: %.2f\n", medians[1] > 0.0 ? medians[0] / medians[1] : 0.0);
    const int smoothViolations = opt.smooth ? runSmoothScenarios(p.grid, p.layerOf, all, count, opt.scenPath) : 0;
    if (p.size > 1) {
        std::printf("size %d: the scenarios' lengths are those of size 1 and do not apply: costs reported, not "
                    "checked\n%d with a path, %d without (the footprint does not fit at the start or goal, or "
                    "no way is wide enough)\n",
                    p.size, passed, failed);
        return threadsDiffer || smoothViolations > 0 ? ExitCheckFailed : ExitOk;
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed > 0 || threadsDiffer || smoothViolations > 0 ? ExitCheckFailed : ExitOk;
}

} // namespace

Command addScenCommand(CLI::App& app)
{
    auto opt = std::make_shared<ScenOptions>();
    Command c;
    c.app = app.add_subcommand("scen", "Solve Moving AI benchmark scenarios (.map + .scen) and check every length");
    c.app->add_option("map", opt->mapPath, "Moving AI map file (.map)")->required();
    c.app->add_option("scen", opt->scenPath, "Moving AI scenario file (.scen), version 1 or 1.0")->required();
    c.app->add_option("--limit", opt->limit, "Solve only the first N scenarios");
    c.app->add_option("--algorithm", opt->algorithm,
                      "auto (jps where every passable cell costs the same, else astar) | astar | jps | jpsw");
    c.app->add_option("--landmarks", opt->landmarks,
                      "Landmark (ALT) tables for A*, jps and jpsw: auto (maps of at least 128x128 cells) | on | off "
                      "(the octile bound alone)");
    c.app->add_flag("--compare", opt->compare, "Run astar and jps and print speedup_jps_vs_astar (medians)");
    c.app->add_option("--threads", opt->threads,
                      "Solve on N threads (one search scratch each, one shared grid); also runs 1 thread "
                      "and prints speedup_vs_1_thread (wall time)");
    c.app->add_flag("--each", opt->each, "Print one line per scenario (file order), not only failures");
    c.app->add_option("--size", opt->size,
                      "Unit size 1..4: solve for a unit of size x size cells (its footprint layer); above 1 the "
                      "published lengths do not apply: costs are reported (--each), not checked");
    c.app->add_flag("--smooth", opt->smooth,
                    "Also smooth every path (any-angle, engine/path/AnyAngle.hpp), check each segment against "
                    "the rule and print smoothed_length_ratio (mean smoothed / mean optimal length)");
    c.run = [opt] { return runScen(*opt); };
    return c;
}

} // namespace isopath
