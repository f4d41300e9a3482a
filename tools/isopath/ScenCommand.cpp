// isopath scen MAP.map SCEN.scen [--limit N]: solves Moving AI benchmark scenarios with IsoStar's
// A* and checks every length against the published optimum.

#include "tools/isopath/Commands.hpp"

#include "engine/core/Diagnostic.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/path/MovingAi.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace isopath {

namespace {

struct ScenOptions {
    std::string mapPath;
    std::string scenPath;
    int limit = -1;
    int maxReported = 20;
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    // Nearest-rank percentile.
    const std::size_t rank = std::size_t(std::ceil(p * double(v.size())));
    return v[std::min(v.size() - 1, rank == 0 ? 0 : rank - 1)];
}

int runScen(const ScenOptions& opt)
{
    using namespace eng::path;
    eng::Result<MovingAiMap> map = loadMovingAiMap(opt.mapPath);
    eng::Result<MovingAiScenarioFile> scen = loadMovingAiScenarios(opt.scenPath);
    if (!map || !scen) {
        if (!map)
            std::cerr << eng::formatDiagnostics(map.diagnostics());
        if (!scen)
            std::cerr << eng::formatDiagnostics(scen.diagnostics());
        return ExitBadInput;
    }
    if (opt.limit < -1) {
        std::cerr << "isopath scen: --limit must be >= 0\n";
        return ExitBadInput;
    }
    const MovingAiMap& m = map.value();
    const std::vector<MovingAiScenario>& all = scen.value().scenarios;
    const std::size_t count = opt.limit < 0 ? all.size() : std::min(all.size(), std::size_t(opt.limit));

    // Validate every scenario before solving: bad input is reported all at once (exit 2).
    std::vector<eng::Diagnostic> errors;
    std::size_t warnings = 0;
    for (std::size_t i = 0; i < count; ++i) {
        for (eng::Diagnostic& d : checkScenario(all[i], m, opt.scenPath)) {
            if (d.severity == eng::Severity::Error)
                errors.push_back(std::move(d));
            else if (warnings++ == 0)
                std::cerr << eng::formatDiagnostic(d) << " (further name warnings not shown)\n";
        }
    }
    if (!errors.empty()) {
        std::cerr << eng::formatDiagnostics(errors);
        return ExitBadInput;
    }

    // One pathfinder per terrain class (ground, water): steps never join two classes.
    std::unique_ptr<GridPathfinder> finders[2];
    auto finderFor = [&](MovingAiTerrain cls) -> GridPathfinder& {
        std::unique_ptr<GridPathfinder>& f = finders[cls == MovingAiTerrain::Water ? 1 : 0];
        if (!f) {
            f = std::make_unique<GridPathfinder>();
            f->init(toCostField(m, cls), movingAiRules());
        }
        return *f;
    };

    std::printf("map %s: %dx%d, %zu of %zu scenarios (scen version %s)\n", opt.mapPath.c_str(), m.width,
                m.height, count, all.size(), scen.value().version.c_str());
    std::vector<double> micros;
    std::vector<double> expansions;
    micros.reserve(count);
    expansions.reserve(count);
    PathResult result;
    result.path.reserve(4096);
    int passed = 0;
    int failed = 0;
    double worstError = 0.0;
    using Clock = std::chrono::steady_clock;
    for (std::size_t i = 0; i < count; ++i) {
        const MovingAiScenario& s = all[i];
        GridPathfinder& finder = finderFor(m.terrainAt(s.start));
        const Clock::time_point t0 = Clock::now();
        const PathStatus status = finder.findPath(s.start, s.goal, result);
        const Clock::time_point t1 = Clock::now();
        micros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        expansions.push_back(double(result.expanded));
        const double error = std::abs(result.cost - s.optimalLength);
        const bool ok = status == PathStatus::Found && error <= s.tolerance();
        if (status == PathStatus::Found)
            worstError = std::max(worstError, error);
        if (ok) {
            ++passed;
        } else {
            if (failed < opt.maxReported)
                std::printf("%s:%d: FAIL (%d,%d)->(%d,%d): %s, cost %.8f, expected %.8f (tolerance %g)\n",
                            opt.scenPath.c_str(), s.line, s.start.x, s.start.y, s.goal.x, s.goal.y,
                            std::string(statusName(status)).c_str(), result.cost, s.optimalLength, s.tolerance());
            ++failed;
        }
    }
    double totalMicros = 0.0;
    for (double t : micros)
        totalMicros += t;
    double meanExp = 0.0;
    for (double e : expansions)
        meanExp += e;
    meanExp = expansions.empty() ? 0.0 : meanExp / double(expansions.size());
    std::printf("time per query: median %.1f us, p99 %.1f us, max %.1f us, total %.1f ms\n",
                percentile(micros, 0.5), percentile(micros, 0.99), percentile(micros, 1.0), totalMicros / 1000.0);
    std::printf("expansions per query: median %.0f, mean %.0f, max %.0f; %.1f ns per expansion\n",
                percentile(expansions, 0.5), meanExp, percentile(expansions, 1.0),
                meanExp > 0.0 ? 1000.0 * totalMicros / (meanExp * double(expansions.size())) : 0.0);
    std::printf("largest |cost - optimal| among found paths: %.3g\n", worstError);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed > 0 ? ExitCheckFailed : ExitOk;
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
    c.run = [opt] { return runScen(*opt); };
    return c;
}

} // namespace isopath
