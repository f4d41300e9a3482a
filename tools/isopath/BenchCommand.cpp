// isopath bench MAP [--queries N] [--seed S] [--algorithm auto|astar|jps|jpsw] [--landmarks auto|on|off]
//                   [--profile P] [--config F] [--weight W] [--size S] [--each] [--edits N]
// Times one search setting on a map of the user's own: N random queries between passable cells
// of the map's largest island (the same queries for every setting with the same seed), the
// median and p90 time per query and the mean expansions. With --size S (default: the profile's
// [movement] size) the queries are those of a unit of S x S cells, on the grid's footprint layer
// (NavGrid::footprintLayer; its build time is printed as footprint_build_ms_sizeS). Any setting other than plain A* is
// also checked against plain A* on the same queries: every cost must be equal, else exit 1.
// The map is searched as `isopath path` searches it (MapWorld.hpp: staggered and infinite maps
// on their playable grid, void cells impassable); cells are printed in Tiled's coordinates.

#include "tools/isopath/Algorithm.hpp"
#include "tools/isopath/BenchCompare.hpp"
#include "tools/isopath/Commands.hpp"
#include "tools/isopath/JumpEdits.hpp"
#include "tools/isopath/MapWorld.hpp"

#include "engine/map/MapTopology.hpp"
#include "tools/isopath/Usage.hpp"

#include "engine/core/Diagnostic.hpp"
#include "engine/core/Percentile.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "engine/terrain/TerrainField.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace isopath {

namespace {

struct BenchOptions {
    std::string mapPath;
    std::string configPath;
    std::string profile;
    std::string algorithm = "auto";
    std::string landmarks = "auto";
    std::string weight;
    std::string size;
    int queries = 200;
    int edits = 0;  ///< --edits N: time N brush edits of each size patched into the jump table
    std::uint64_t seed = 1;
    bool each = false;  ///< --each: one line per query
};

/// One search setting over the map's layer 0: the grid (with or without landmarks), the
/// algorithm and, for jps, its jump point planes.
struct BenchSetting {
    isostar::path::NavGrid grid;
    Algorithm algorithm = Algorithm::AStar;
    isostar::path::JumpPointGrid jumps;
    isostar::path::WeightedJumpGrid flat;
    bool landmarks = false;  ///< the grid has a landmark table
    int layer = 0;           ///< the layer searched: 0, or its footprint layer for a unit bigger than a cell
    double footprintMs = 0.0;  ///< the footprint layer's build time (NavGrid::footprintLayer)
    double footprintCpuMs = 0.0;  ///< the same in this thread's CPU time (the machine may be loaded)
    double footprintLandmarksMs = 0.0;  ///< and its landmark table's (NavGrid::waitLandmarks)
};

/// The answers of one setting: per query its cost, expansions and time.
struct BenchRun {
    std::vector<double> costs;
    std::vector<double> micros;
    std::vector<double> expanded;
};

double benchWeight(const std::string& text)
{
    double v = 0.0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v) || v <= 0.0)
        throw UsageError{"--weight \"" + text + "\": expected a finite number > 0"};
    return v;
}

/// The diagnostics as one message, without the trailing newline.
std::string benchDiagnostics(const std::vector<isostar::Diagnostic>& ds)
{
    std::string text = isostar::formatDiagnostics(ds);
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text;
}

/// The map's cost field on its searched grid and the move rules (profile and weight applied).
struct BenchWorld {
    isostar::path::CostField field;
    isostar::path::MoveRules rules;
    int size = 1;                 ///< the unit's size (--size, else the profile's)
    int width = 0, height = 0;    ///< the searched grid's
    isostar::map::CellFrame frame;    ///< Tiled's cells <-> the grid (what the user reads)
    isostar::GridTopology topology;   ///< the map's neighbourhood (hex maps: six neighbours)
};

/// The message of a map that cannot be benchmarked.
std::string benchFailure(const std::string& mapPath, const WorldFailure& failure)
{
    switch (failure.step) {
    case WorldFailure::Step::Map: return "cannot load the map:\n" + benchDiagnostics(failure.diagnostics);
    case WorldFailure::Step::Config:
        return "cannot load the terrain config:\n" + benchDiagnostics(failure.diagnostics);
    case WorldFailure::Step::Grid: break;
    }
    return mapPath + ": " + failure.diagnostics.front().message;
}

BenchWorld loadBenchWorld(const BenchOptions& opt)
{
    using namespace isostar;
    WorldFailure failure;
    const std::optional<MapWorld> world = loadMapWorld(opt.mapPath, opt.configPath, failure);
    if (!world)
        throw UsageError{benchFailure(opt.mapPath, failure)};
    Result<terrain::TerrainRules> profile = terrain::profileRules(world->config, opt.profile);
    if (!profile)
        throw UsageError{profile.diagnostics().front().message};
    terrain::TerrainRules rules = std::move(profile).value();
    if (!opt.weight.empty())
        rules.movement.weight = benchWeight(opt.weight);
    if (!opt.size.empty())
        rules.size = parseUnitSize(opt.size);
    std::string sizeWarning;
    rules.size = unitSizeOn(map::gridTopology(world->map), rules.size, !opt.size.empty(), opt.mapPath, sizeWarning);
    if (!sizeWarning.empty())
        std::cerr << "isopath bench: warning: " << sizeWarning << '\n';
    terrain::TerrainField field;
    for (const Diagnostic& d : buildTerrainField(*world, rules, field))
        std::cerr << formatDiagnostic(d) << '\n';
    return BenchWorld{field.costField(), rules.movement, rules.size, field.width(), field.height(), world->frame,
                      map::gridTopology(world->map)};
}

/// This thread's CPU time in milliseconds (CLOCK_THREAD_CPUTIME_ID).
double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

/// Builds `s` for `world` with the given algorithm (Auto resolved) and landmark settings.
void buildSetting(BenchSetting& s, const BenchWorld& world, const isostar::path::MoveRules& rules, Algorithm requested,
                  const isostar::path::LandmarkSettings& landmarks, const std::string& mapPath)
{
    using namespace isostar::path;
    s.grid.setLandmarks(landmarks);
    if (!s.grid.reset(world.width, world.height, world.topology) || s.grid.addLayer("ground", world.field, rules) != 0)
        throw UsageError{mapPath + ": the pathfinder rejected the cost field or the movement rules"};
    s.grid.waitLandmarks();
    s.landmarks = landmarks.enabledFor(world.width, world.height);
    const double cpu0 = threadCpuMs();
    const auto t0 = std::chrono::steady_clock::now();
    s.layer = s.grid.footprintLayer(0, world.size);
    const auto t1 = std::chrono::steady_clock::now();
    s.footprintCpuMs = threadCpuMs() - cpu0;
    s.footprintMs = std::chrono::duration<double, std::milli>(t1 - t0).count();
    s.grid.waitLandmarks();  // the footprint layer's own table (until then its queries use layer 0's)
    s.footprintLandmarksMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count();
    s.algorithm = isostar::path::resolveAlgorithm(requested, s.grid, s.layer);
    requireSupported(s.algorithm, s.grid, s.layer, mapPath);
    if (s.algorithm == Algorithm::Jpsw)
        s.flat.build(s.grid, s.layer);
    if (s.algorithm == Algorithm::Jps)
        s.jumps.build(s.grid, s.layer);
}

/// The passable cells of the largest island of `layer` (ties: the lower island id).
std::vector<isostar::TileCoord> largestIsland(const isostar::path::NavGrid& grid, int layer, const std::string& mapPath)
{
    std::vector<int> sizes(std::size_t(grid.islandCount(layer)), 0);
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            if (const int id = grid.islandOf(layer, {x, y}); id >= 0)
                ++sizes[std::size_t(id)];
    if (sizes.empty())
        throw UsageError{mapPath + ": no passable cell: nothing to benchmark"};
    int best = 0;
    for (int id = 1; id < int(sizes.size()); ++id)
        if (sizes[std::size_t(id)] > sizes[std::size_t(best)])
            best = id;
    if (sizes[std::size_t(best)] < 2)
        throw UsageError{mapPath + ": every island has one cell: no query can have start != goal"};
    std::vector<isostar::TileCoord> cells;
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            if (grid.islandOf(layer, {x, y}) == best)
                cells.push_back({x, y});
    return cells;
}

/// `count` queries between different cells of `island`, drawn by a 64-bit Mersenne Twister
/// seeded with `seed` (modulo, so the same on every standard library).
std::vector<BenchQuery> makeQueries(const std::vector<isostar::TileCoord>& island, int count, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<BenchQuery> queries;
    queries.reserve(std::size_t(count));
    while (int(queries.size()) < count) {
        const isostar::TileCoord a = island[std::size_t(rng() % island.size())];
        const isostar::TileCoord b = island[std::size_t(rng() % island.size())];
        if (a != b)
            queries.push_back({a, b});
    }
    return queries;
}

BenchRun runQueries(BenchSetting& s, const std::vector<BenchQuery>& queries)
{
    using Clock = std::chrono::steady_clock;
    isostar::path::GridQuery astar;
    isostar::path::JumpPointSearch jps;
    isostar::path::WeightedJumpSearch jpsw;
    isostar::path::PathResult result;
    BenchRun run;
    for (const BenchQuery& q : queries) {
        const auto t0 = Clock::now();
        if (s.algorithm == Algorithm::Jps)
            jps.findPath(s.grid, s.layer, s.jumps, q.start, q.goal, result);
        else if (s.algorithm == Algorithm::Jpsw)
            jpsw.findPath(s.grid, s.layer, s.flat, q.start, q.goal, result);
        else
            astar.findPath(s.grid, s.layer, q.start, q.goal, result);
        const auto t1 = Clock::now();
        if (result.status != isostar::path::PathStatus::Found)
            throw std::runtime_error("bench: no path between two cells of one island");
        run.costs.push_back(result.cost);
        run.micros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        run.expanded.push_back(double(result.expanded));
    }
    return run;
}

void printRun(const BenchOptions& opt, const BenchSetting& s, const BenchWorld& world, std::size_t islandCells,
              const BenchRun& run)
{
    double sum = 0.0;
    for (double e : run.expanded)
        sum += e;
    std::cout << "map: " << opt.mapPath << " (" << sizeText(world.frame) << " cells, island of "
              << islandCells << " cells)\n"
              << "algorithm: " << isostar::path::searchAlgorithmName(s.algorithm) << ", landmarks " << (s.landmarks ? "on" : "off")
              << ", weight " << world.rules.weight << (opt.profile.empty() ? "" : ", profile " + opt.profile) << '\n'
              << (world.size > 1 ? "size: " + std::to_string(world.size) + "\n" : std::string())
              << "seed: " << opt.seed << '\n'
              << "queries: " << run.micros.size() << '\n'
              << std::fixed << std::setprecision(1) << "median_us: " << isostar::percentile(run.micros, 0.5) << '\n'
              << "p90_us: " << isostar::percentile(run.micros, 0.9) << '\n'
              << "max_us: " << isostar::percentile(run.micros, 1.0) << '\n'
              << "mean_expanded: " << sum / double(run.expanded.size()) << '\n';
    if (world.size > 1)
        std::cout << std::setprecision(2) << "footprint_build_ms_size" << world.size << ": " << s.footprintMs << '\n'
                  << "footprint_build_cpu_ms_size" << world.size << ": " << s.footprintCpuMs << '\n';
    if (world.size > 1 && s.landmarks)
        std::cout << std::setprecision(2) << "footprint_landmarks_ms_size" << world.size << ": " << s.footprintLandmarksMs
                  << '\n';
    std::cout << std::defaultfloat << std::setprecision(6);
}

/// A footprint layer's edit time: the median of 50 edits of layer 0 (NavGrid::apply, the
/// footprint layer following) of one cell and of a 16x16 block at seeded random places, each
/// raising the passable cells' costs by half (then restored, untimed): an edit recomputes only
/// the anchors of its rectangle grown by size - 1, so the time follows the rectangle's area.
void printEditTimes(BenchSetting& s, const BenchWorld& world)
{
    using isostar::path::CellChange;
    if (world.size <= 1)
        return;
    std::mt19937_64 rng(7);
    std::vector<CellChange> raise, restore;
    for (const int side : {1, 16}) {
        std::vector<double> micros;
        for (int k = 0; k < 50; ++k) {
            const int x0 = int(rng() % std::uint64_t(std::max(1, world.width - side + 1)));
            const int y0 = int(rng() % std::uint64_t(std::max(1, world.height - side + 1)));
            raise.clear();
            restore.clear();
            for (int y = y0; y < std::min(world.height, y0 + side); ++y)
                for (int x = x0; x < std::min(world.width, x0 + side); ++x)
                    if (const float c = s.grid.cost(0, {x, y}); c < isostar::path::Impassable) {
                        raise.push_back({{x, y}, c * 1.5f});
                        restore.push_back({{x, y}, c});
                    }
            const auto t0 = std::chrono::steady_clock::now();
            s.grid.apply(0, raise);
            micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
            s.grid.apply(0, restore);
        }
        std::cout << std::fixed << std::setprecision(1) << "footprint_edit_us_size" << world.size << "_" << side << "x"
                  << side << ": " << isostar::percentile(micros, 0.5) << '\n'
                  << std::defaultfloat << std::setprecision(6);
    }
}

/// For a unit bigger than a cell: the same queries (between cells of the footprint layer's
/// island, so a unit of size 1 has a path too) in the same setting on layer 0, and the ratio of
/// the medians (size_ratio_median: sizeS / size 1).
void compareSizeOne(const BenchOptions& opt, const BenchWorld& world, const SearchChoice& choice,
                    const std::vector<BenchQuery>& queries, const BenchRun& run)
{
    if (world.size <= 1)
        return;
    BenchWorld one = world;
    one.size = 1;
    BenchSetting s;
    buildSetting(s, one, one.rules, choice.requested, choice.landmarks, opt.mapPath);
    const BenchRun base = runQueries(s, queries);
    const double median = isostar::percentile(base.micros, 0.5);
    std::cout << std::fixed << std::setprecision(1) << "size1_median_us: " << median << '\n'
              << std::setprecision(2) << "size_ratio_median: "
              << (median > 0.0 ? isostar::percentile(run.micros, 0.5) / median : 0.0) << '\n'
              << std::defaultfloat << std::setprecision(6);
}

/// Runs plain A* (no landmarks, weight 1) on the same queries and compares the costs.
int checkCosts(const BenchOptions& opt, const BenchWorld& world, const std::vector<BenchQuery>& queries,
               const BenchRun& run)
{
    isostar::path::MoveRules plainRules = world.rules;
    plainRules.weight = 1.0;
    isostar::path::LandmarkSettings off;
    off.mode = isostar::path::LandmarkMode::Off;
    BenchSetting plain;
    buildSetting(plain, world, plainRules, Algorithm::AStar, off, opt.mapPath);
    const BenchRun reference = runQueries(plain, queries);
    if (const std::optional<std::size_t> i = firstCostMismatch(reference.costs, run.costs)) {
        std::cout << "costs checked: " << *i << "/" << queries.size() << " equal before the first difference\n";
        std::cerr << "isopath bench: query " << *i + 1 << " " << coordText(world.frame.toTiled(queries[*i].start))
                  << " -> " << coordText(world.frame.toTiled(queries[*i].goal)) << ": cost " << std::setprecision(17) << run.costs[*i]
                  << ", plain A* " << reference.costs[*i] << '\n';
        return ExitCheckFailed;
    }
    std::cout << "costs checked: " << queries.size() << "/" << queries.size() << " equal\n";
    return ExitOk;
}

/// --each: per query its cells (Tiled's coordinates), cost and expansions.
void printQueries(const BenchWorld& world, const std::vector<BenchQuery>& queries, const BenchRun& run)
{
    for (std::size_t i = 0; i < queries.size(); ++i)
        std::cout << "query " << i + 1 << ": " << coordText(world.frame.toTiled(queries[i].start)) << " -> "
                  << coordText(world.frame.toTiled(queries[i].goal)) << ": cost " << std::setprecision(17)
                  << run.costs[i] << ", " << std::int64_t(run.expanded[i]) << " expanded\n"
                  << std::setprecision(6);
}

int runBench(const BenchOptions& opt)
{
    const SearchChoice choice = parseSearchChoice(opt.algorithm, opt.landmarks);
    if (opt.queries < 1)
        throw UsageError{"--queries " + std::to_string(opt.queries) + ": expected at least 1"};
    if (opt.edits < 0)
        throw UsageError{"--edits " + std::to_string(opt.edits) + ": expected at least 0"};
    const BenchWorld world = loadBenchWorld(opt);
    BenchSetting setting;
    buildSetting(setting, world, world.rules, choice.requested, choice.landmarks, opt.mapPath);
    const std::vector<isostar::TileCoord> island = largestIsland(setting.grid, setting.layer, opt.mapPath);
    const std::vector<BenchQuery> queries = makeQueries(island, opt.queries, opt.seed);
    const BenchRun run = runQueries(setting, queries);
    printRun(opt, setting, world, island.size(), run);
    if (opt.each)
        printQueries(world, queries, run);
    compareSizeOne(opt, world, choice, queries, run);
    printEditTimes(setting, world);  // after the queries: the restoring edits lower costs (tables rebuilt)
    const bool plain = setting.algorithm == Algorithm::AStar && !setting.landmarks && world.rules.weight == 1.0;
    const int status = plain ? ExitOk : checkCosts(opt, world, queries, run);
    if (status != ExitOk || opt.edits == 0)
        return status;
    return benchJumpEdits(world.field, world.rules, opt.edits, opt.seed);
}

} // namespace

Command addBenchCommand(CLI::App& app)
{
    auto opt = std::make_shared<BenchOptions>();
    Command c;
    c.app = app.add_subcommand("bench", "Time a search setting on random queries of a map (and check its costs)");
    c.app->footer("Queries join two different random cells of the map's largest island; the same seed gives the\n"
                  "same queries for every setting. A setting other than plain A* (astar, landmarks off,\n"
                  "weight 1) is checked against plain A* on the same queries.\n"
                  "Exit status: 0 ok, 1 a cost differs from plain A*, 2 bad input.");
    c.app->add_option("map", opt->mapPath, "Tiled map (.tmx/.tmj)")->required();
    c.app->add_option("--queries", opt->queries, "Number of random queries (default 200)");
    c.app->add_option("--seed", opt->seed, "Seed of the random queries (default 1)");
    c.app->add_option("--config", opt->configPath, "Terrain rules (TOML); overrides the map's choice");
    c.app->add_option("--profile", opt->profile, "Unit movement profile of the config (e.g. dwarf)");
    c.app->add_option("--weight", opt->weight, "Heuristic weight (> 1: faster, not optimal: the check fails)");
    c.app->add_option("--algorithm", opt->algorithm,
                      "auto (weight 1: jps when every passable cell costs the same and no corner cutting, "
                      "jpsw when the map has landmarks; else astar) | astar | jps | jpsw");
    c.app->add_option("--landmarks", opt->landmarks, "A* landmark (ALT) heuristic: auto (maps of at least 128x128 "
                                                     "cells) | on | off");
    c.app->add_option("--size", opt->size,
                      "Unit size 1..4 (default: the profile's [movement] size, else 1): queries of a unit of "
                      "size x size cells, on the footprint layer; prints footprint_build_ms_sizeS");
    c.app->add_flag("--each", opt->each,
                    "Also print one line per query: its cells (Tiled's coordinates), cost and expansions");
    c.app->add_option("--edits", opt->edits,
                      "Also time N random wall brushes of 1x1 and of 5x5 cells (painted, then erased) patched "
                      "into the jump table, on the map and on it tiled to 2048x2048; print the table's size and "
                      "each brush's median and largest update time (exit 1 if a patched table differs from a "
                      "fresh build)");
    c.run = [opt] {
        try {
            return runBench(*opt);
        } catch (const UsageError& e) {
            std::cerr << "isopath bench: " << e.message << '\n';
            return ExitBadInput;
        }
    };
    return c;
}

} // namespace isopath
