// The output of `isopath path` (PathReport.hpp).

#include "tools/isopath/PathReport.hpp"

#include "tools/isopath/PathPicture.hpp"
#include "tools/isopath/Smooth.hpp"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <iostream>

namespace isopath {

namespace {

/// A grid cell as the user reads it (Tiled's coordinates).
nlohmann::ordered_json cellJson(const isostar::map::CellFrame& frame, isostar::TileCoord grid)
{
    const isostar::TileCoord t = frame.toTiled(grid);
    return {t.x, t.y};
}

/// An explanation (or --why) of grid cells, told in Tiled's coordinates.
isostar::terrain::CellExplanation inTiled(isostar::terrain::CellExplanation e, const isostar::map::CellFrame& frame)
{
    e.cell = frame.toTiled(e.cell);
    for (isostar::terrain::InfluenceContribution& i : e.influences)
        i.source = frame.toTiled(i.source);
    return e;
}

nlohmann::ordered_json explainJson(const isostar::terrain::CellExplanation& e)
{
    nlohmann::ordered_json ex;
    ex["cell"] = {e.cell.x, e.cell.y};
    ex["terrains"] = e.terrains;
    ex["passable"] = e.passable;
    ex["base_cost"] = e.baseCost;
    ex["base_from"] = e.baseFrom;
    nlohmann::ordered_json mult = nlohmann::ordered_json::array();
    for (const auto& [name, m] : e.multipliers)
        mult.push_back({{"terrain", name}, {"multiplier", m}});
    ex["multipliers"] = mult;
    nlohmann::ordered_json infl = nlohmann::ordered_json::array();
    for (const isostar::terrain::InfluenceContribution& i : e.influences)
        infl.push_back({{"source", {i.source.x, i.source.y}},
                        {"terrain", i.terrain},
                        {"distance", i.distance},
                        {"effect", std::string(isostar::terrain::influenceEffectName(i.effect))},
                        {"factor", i.factor}});
    ex["influences"] = infl;
    ex["cost"] = e.passable ? nlohmann::ordered_json(e.cost) : nlohmann::ordered_json(nullptr);
    return ex;
}

/// The `race` array: one object per algorithm (cost null when the row has no path).
nlohmann::ordered_json raceJson(const isostar::path::Race& race)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const isostar::path::RaceRow& row : race.rows) {
        nlohmann::ordered_json r;
        r["algorithm"] = std::string(isostar::path::raceAlgorithmName(row.algorithm));
        r["status"] = std::string(isostar::path::statusName(row.result.status));
        r["expansions"] = row.result.expanded;
        r["time_us"] = row.micros;
        r["cost"] = isostar::path::hasPath(row.result.status) ? nlohmann::ordered_json(row.result.cost)
                                                          : nlohmann::ordered_json(nullptr);
        r["optimal"] = row.optimal;
        rows.push_back(r);
    }
    return rows;
}

} // namespace

void printJson(const PathReport& rep)
{
    using namespace isostar;
    const path::PathResult& result = rep.search.result;
    const path::MoveRules& movement = rep.rules.movement;
    nlohmann::ordered_json j;
    j["status"] = rep.status;
    j["cost"] = result.cost;
    nlohmann::ordered_json cells = nlohmann::ordered_json::array();
    const map::CellFrame& frame = rep.world.frame;
    for (TileCoord c : result.path)
        cells.push_back(cellJson(frame, c));
    j["path"] = cells;
    j["algorithm"] = std::string(isostar::path::searchAlgorithmName(rep.search.algorithm));
    j["landmarks"] = rep.opt.landmarks;
    j["expanded"] = result.expanded;
    j["micros"] = rep.search.micros;
    j["start"] = cellJson(frame, rep.cells.start);
    j["goal"] = cellJson(frame, rep.cells.goal);
    if (!result.path.empty())
        j["reached"] = cellJson(frame, result.path.back());
    j["map"] = rep.opt.mapPath;
    j["config"] = rep.world.config.path.empty() ? std::string("built-in") : rep.world.config.path;
    j["profile"] = rep.opt.profile.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(rep.opt.profile);
    j["heuristic"] = std::string(path::heuristicName(movement.heuristic));
    j["diagonal"] = std::string(path::diagonalModeName(movement.diagonal));
    j["diagonal_factor"] = movement.diagonalFactor;
    j["weight"] = movement.weight;
    j["size"] = rep.rules.size;
    if (rep.cells.explain)
        j["explain"] = explainJson(inTiled(rep.field.explain(*rep.cells.explain), frame));
    if (rep.why)  // the engine writes the shape the game's dump shares
        j["why"] = nlohmann::ordered_json::parse(terrain::whyJson(*rep.why));
    if (rep.race)
        j["race"] = raceJson(*rep.race);
    if (rep.opt.smooth)
        j["smoothed"] = rep.smooth ? smoothJson(*rep.smooth) : nlohmann::ordered_json(nullptr);
    if (!rep.warnings.empty())
        j["warnings"] = rep.warnings;
    std::cout << j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

void printText(const PathReport& rep)
{
    using namespace isostar;
    const path::PathResult& result = rep.search.result;
    const path::MoveRules& movement = rep.rules.movement;
    const Algorithm algorithm = rep.search.algorithm;
    const terrain::ResolvedConfig& config = rep.world.config;
    for (const std::string& w : rep.warnings)
        std::cerr << (w.find(": warning: ") == std::string::npos ? "isopath path: warning: " : "") << w << '\n';
    const std::string configText =
        config.path.empty() ? std::string("built-in defaults")
                            : config.path + " (" + std::string(terrain::configOriginName(config.origin)) + ")";
    const map::CellFrame& frame = rep.world.frame;
    const auto coordText = [&](TileCoord c) { return isopath::coordText(frame.toTiled(c)); };
    std::cout << "map:      " << rep.opt.mapPath << " (" << sizeText(frame) << " cells)\n";
    std::cout << "rules:    " << configText;
    if (!rep.opt.profile.empty())
        std::cout << ", profile " << rep.opt.profile;
    if (rep.rules.size > 1)
        std::cout << ", unit size " << rep.rules.size << " (" << rep.rules.size << "x" << rep.rules.size << " cells)";
    std::cout << '\n';
    std::cout << "movement: diagonal " << movement.diagonal << " (x" << movement.diagonalFactor << "), heuristic "
              << movement.heuristic << ", weight " << movement.weight << '\n';
    std::cout << "query:    " << coordText(rep.cells.start) << " -> " << coordText(rep.cells.goal) << '\n';
    std::cout << "result:   " << rep.status;
    if (result.status == path::PathStatus::Partial)
        std::cout << " (goal unreachable; path to the closest reachable cell " << coordText(result.path.back()) << ")";
    if (result.status == path::PathStatus::NoPath)
        std::cout << " (goal not reachable from the start)";
    std::cout << '\n';
    if (!result.path.empty())
        std::cout << "cost:     " << std::setprecision(10) << result.cost << " over " << result.path.size() - 1
                  << " steps\n";
    std::cout << "algorithm: " << isostar::path::searchAlgorithmName(algorithm)
              << (algorithm == Algorithm::Jps    ? " (jump point search)"
                  : algorithm == Algorithm::Jpsw ? " (weighted jump point search)"
                                                 : " (A*)")
              << '\n';
    std::cout << "search:   " << result.expanded
              << (algorithm == Algorithm::AStar ? " cells expanded in " : " jump points expanded in ") << std::fixed
              << std::setprecision(1) << rep.search.micros << " us\n"
              << std::defaultfloat << std::setprecision(6);
    if (rep.smooth)
        printSmoothText(std::cout, *rep.smooth, result.cost);
    std::cout << '\n';
    printPicture(std::cout, rep.field, result, rep.cells.start, rep.cells.goal, frame);
    if (rep.cells.explain)
        std::cout << '\n' << terrain::describe(inTiled(rep.field.explain(*rep.cells.explain), frame));
    if (rep.why)
        std::cout << "\nwhy this path:\n" << terrain::describe(*rep.why);
    if (rep.race)
        std::cout << "\nrace (same start and goal; time = median of 3 runs):\n" << path::raceTable(*rep.race);
}

} // namespace isopath
