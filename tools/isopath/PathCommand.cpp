// isopath path MAP [--from X,Y] [--to X,Y] [--config F] [--profile P] [--heuristic H]
//                  [--diagonal D] [--weight W] [--no-partial] [--explain X,Y] [--json]
//                  [--algorithm auto|astar|jps|jpsw] [--landmarks auto|on|off] [--why] [--compare]
//                  [--smooth] [--size S]
// One path query over a Tiled map's terrain: the same engine code the game runs (map loader,
// terrain rules, cost field, GridPathfinder; JumpPointSearch on uniform fields), with a summary
// and an ASCII picture or JSON; --why takes the path's cost apart (engine/terrain/PathWhy.hpp),
// --compare races A*, Dijkstra, greedy best-first and weighted A* (engine/path/Race.hpp);
// --smooth adds the any-angle path that never costs more (engine/path/AnyAngle.hpp).

#include "tools/isopath/Commands.hpp"
#include "tools/isopath/MapWorld.hpp"
#include "tools/isopath/PathQuery.hpp"
#include "tools/isopath/PathReport.hpp"
#include "tools/isopath/Progress.hpp"
#include "tools/isopath/Usage.hpp"

#include "engine/core/Diagnostic.hpp"
#include "engine/map/MapTopology.hpp"
#include "engine/path/AnyAngle.hpp"
#include "engine/path/Footprint.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/Race.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "engine/terrain/PathWhy.hpp"

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace isopath {

namespace {

/// Sets up `finder` (landmarks, rules, partial paths) and runs the chosen algorithm once.
/// nullopt (the message printed) when the pathfinder rejects the field or the rules.
std::optional<SearchOutcome> runSearch(const PathOptions& opt, const SearchChoice& choice,
                                       const isostar::path::CostField& costs, const isostar::terrain::TerrainRules& rules,
                                       const QueryCells& cells, const isostar::GridTopology& topology,
                                       isostar::path::GridPathfinder& finder, isopath::TtyProgress& progress)
{
    using namespace isostar;
    progress.step(choice.landmarks.enabledFor(costs.width, costs.height) ? "search grid and landmark tables"
                                                                        : "search grid");
    finder.setLandmarks(choice.landmarks);  // before init: init builds the table where it is on
    if (!finder.init(costs, rules.movement, topology)) {
        std::cerr << "isopath path: the pathfinder rejected the cost field or the movement rules\n";
        return std::nullopt;
    }
    finder.setPartialPaths(!opt.noPartial);
    SearchOutcome out;
    out.algorithm = isostar::path::resolveAlgorithm(choice.requested, finder.grid(), 0);
    requireSupported(out.algorithm, finder.grid(), 0, finder.grid().hex() ? opt.mapPath : std::string());
    path::JumpPointGrid jumps;
    path::JumpPointSearch jps;
    path::WeightedJumpGrid flat;
    path::WeightedJumpSearch jpsw;
    if (out.algorithm == Algorithm::Jps) {
        jumps.build(finder.grid(), 0);
        jps.setPartialPaths(!opt.noPartial);
    }
    if (out.algorithm == Algorithm::Jpsw) {
        flat.build(finder.grid(), 0);
        jpsw.setPartialPaths(!opt.noPartial);
    }
    progress.step("searching");
    const auto t0 = std::chrono::steady_clock::now();
    if (out.algorithm == Algorithm::Jps)
        jps.findPath(finder.grid(), 0, jumps, cells.start, cells.goal, out.result);
    else if (out.algorithm == Algorithm::Jpsw)
        jpsw.findPath(finder.grid(), 0, flat, cells.start, cells.goal, out.result);
    else
        finder.findPath(cells.start, cells.goal, out.result);
    const auto t1 = std::chrono::steady_clock::now();
    out.micros = std::chrono::duration<double, std::micro>(t1 - t0).count();
    return out;
}

/// "ok" | "partial" | "unreachable"; empty for a status that carries no answer (a failed search).
std::string statusWord(isostar::path::PathStatus s)
{
    switch (s) {
    case isostar::path::PathStatus::Found: return "ok";
    case isostar::path::PathStatus::Partial: return "partial";
    case isostar::path::PathStatus::NoPath: return "unreachable";
    default: return {};
    }
}

/// The any-angle smoothing of the search's path (--smooth).
isostar::path::SmoothPath smoothPath(const isostar::path::NavGrid& grid, const isostar::path::PathResult& result)
{
    isostar::path::AnyAngleQuery smoother;
    isostar::path::SmoothPath smooth;
    if (smoother.smooth(grid, 0, result.path, smooth) != isostar::path::PathStatus::Found)
        throw UsageError{"--smooth: the path cuts a corner, which smoothing never does (diagonal " +
                         std::string(isostar::path::diagonalModeName(grid.rules(0).diagonal)) +
                         "; use --diagonal no-corner-cutting or never)"};
    return smooth;
}

int runPath(const PathOptions& opt)
{
    using namespace isostar;
    const SearchChoice choice = parseSearchChoice(opt.algorithm, opt.landmarks);
    isopath::TtyProgress progress("isopath path");
    progress.step("reading the map");
    WorldFailure failure;
    const std::optional<MapWorld> world = loadMapWorld(opt.mapPath, opt.configPath, failure);
    if (!world) {
        std::cerr << isostar::formatDiagnostics(failure.diagnostics);
        return ExitBadInput;
    }
    terrain::TerrainRules rules = queryRules(opt, world->config);
    const QueryCells cells = queryCells(opt, *world);

    std::vector<std::string> warnings;
    terrain::TerrainField field;
    progress.step("terrain costs");
    for (const Diagnostic& d : buildTerrainField(*world, rules, field))
        warnings.push_back(formatDiagnostic(d));
    checkQuery(cells, field, rules, world->frame, warnings);
    std::string sizeWarning;
    rules.size = unitSizeOn(map::gridTopology(world->map), rules.size, !opt.size.empty(), opt.mapPath, sizeWarning);
    if (!sizeWarning.empty())
        warnings.push_back(sizeWarning);
    // A unit bigger than a cell searches its footprint costs (path/Footprint.hpp).
    const path::CostField costs = path::footprintField(field.costField(), rules.size);
    checkFootprint(cells, costs, rules.size, world->frame, warnings);
    if (opt.why && rules.size > 1)
        throw UsageError{"--why takes apart the costs of single cells: it does not apply with --size above 1"};

    path::GridPathfinder finder;
    const std::optional<SearchOutcome> outcome =
        runSearch(opt, choice, costs, rules, cells, map::gridTopology(world->map), finder, progress);
    progress.done();
    if (!outcome)
        return ExitBadInput;
    const std::string status = statusWord(outcome->result.status);
    if (status.empty()) {
        std::cerr << "isopath path: search failed: " << path::statusName(outcome->result.status) << '\n';
        return ExitBadInput;
    }

    PathReport report{opt, *world, rules, cells, field, *outcome, status, std::move(warnings), {}, {}, {}};
    if (opt.smooth && path::hasPath(outcome->result.status)) {
        report.smooth = smoothPath(finder.grid(), outcome->result);
        for (TileCoord& c : report.smooth->waypoints) // printed only: Tiled's coordinates
            c = world->frame.toTiled(c);
    }
    if (opt.why) {
        report.why = terrain::explainPath(field, outcome->result.path, rules.movement, map::gridTopology(world->map));
        isostar::terrain::transformCells(*report.why, [&](TileCoord c) { return world->frame.toTiled(c); });
    }
    if (opt.compare) {
        progress.step("racing the other searches");
        path::RaceOptions race;
        race.partialPaths = !opt.noPartial;
        report.race = path::runRace(finder.grid(), 0, cells.start, cells.goal, race);
        progress.done();
    }
    if (opt.json)
        printJson(report);
    else
        printText(report);
    return outcome->result.status == path::PathStatus::Found ? ExitOk : ExitCheckFailed;
}

} // namespace

Command addPathCommand(CLI::App& app)
{
    auto opt = std::make_shared<PathOptions>();
    Command c;
    c.app = app.add_subcommand("path", "Find the cheapest path on a Tiled map under its terrain rules");
    c.app->footer(
        "Coordinates are Tiled tile coordinates: X = column, Y = row, (0,0) top-left; on infinite maps\n"
        "as Tiled shows them (negative ones included), on staggered maps Tiled's staggered cells.\n"
        "Without --from/--to the map's objects named \"start\" and \"goal\" are used.\n"
        "Terrain config: --config, else the map property \"config\", else terrain.toml beside the map,\n"
        "else the built-in defaults (= maps/terrain.toml).\n"
        "Exit status: 0 path found, 1 goal unreachable (partial or no path), 2 bad input.");
    c.app->add_option("map", opt->mapPath, "Tiled map (.tmx/.tmj)")->required();
    c.app->add_option("--from", opt->from, "Start cell X,Y (default: object \"start\")");
    c.app->add_option("--to", opt->to, "Goal cell X,Y (default: object \"goal\")");
    c.app->add_option("--config", opt->configPath, "Terrain rules (TOML); overrides the map's choice");
    c.app->add_option("--profile", opt->profile, "Unit movement profile of the config (e.g. dwarf)");
    c.app->add_option("--heuristic", opt->heuristic, "octile | euclidean | manhattan | chebyshev | zero");
    c.app->add_option("--diagonal", opt->diagonal, "never | no-corner-cutting | one-obstacle | always");
    c.app->add_option("--weight", opt->weight, "Heuristic weight (> 1: faster, not optimal)");
    c.app->add_option("--explain", opt->explain, "Also explain the cost of cell X,Y");
    c.app->add_flag("--no-partial", opt->noPartial, "Unreachable goal: no path (status unreachable)");
    c.app->add_option("--algorithm", opt->algorithm,
                      "auto (weight 1: jps when every passable cell costs the same and no corner cutting, "
                      "jpsw when the map has landmarks; else astar) | astar | jps | jpsw");
    c.app->add_option("--landmarks", opt->landmarks,
                      "A* landmark (ALT) heuristic: auto (maps of at least 128x128 cells) | on | off; "
                      "the path's cost is the same, only the cells searched change");
    c.app->add_flag("--why", opt->why,
                    "Also explain the path's cost: terrains without influence, each influence source's share, "
                    "straight and diagonal steps, the straight line's cost (JSON \"why\")");
    c.app->add_flag("--compare", opt->compare,
                    "Also race A*, Dijkstra, greedy best-first and weighted A* (w = 2) to the same goal: "
                    "expansions, time, cost, optimal (JSON \"race\")");
    c.app->add_flag("--smooth", opt->smooth,
                    "Also smooth the path: straight segments between cell centres that never cut a corner, "
                    "cross cells of one cost and never cost more than the grid path (JSON \"smoothed\")");
    c.app->add_option("--size", opt->size,
                      "Unit size 1..4: the unit covers size x size cells from its cell to the east and south "
                      "(default: the profile's [movement] size, else 1); JSON \"size\"");
    c.app->add_flag("--json", opt->json, "Print JSON instead of a summary and a picture");
    c.run = [opt] {
        try {
            return runPath(*opt);
        } catch (const UsageError& e) {
            std::cerr << "isopath path: " << e.message << '\n';
            return ExitBadInput;
        }
    };
    return c;
}

} // namespace isopath
