// isopath path MAP [--from X,Y] [--to X,Y] [--config F] [--profile P] [--heuristic H]
//                  [--diagonal D] [--weight W] [--no-partial] [--explain X,Y] [--json]
//                  [--algorithm auto|astar|jps|jpsw] [--landmarks auto|on|off] [--why] [--compare]
//                  [--smooth]
// One path query over a Tiled map's terrain: the same engine code the game runs (map loader,
// terrain rules, cost field, GridPathfinder; JumpPointSearch on uniform fields), with a summary
// and an ASCII picture or JSON; --why takes the path's cost apart (engine/terrain/PathWhy.hpp),
// --compare races A*, Dijkstra, greedy best-first and weighted A* (engine/path/Race.hpp);
// --smooth adds the any-angle path that never costs more (engine/path/AnyAngle.hpp).

#include "tools/isopath/Algorithm.hpp"
#include "tools/isopath/Commands.hpp"
#include "tools/isopath/Progress.hpp"
#include "tools/isopath/Smooth.hpp"

#include "engine/core/Diagnostic.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/map/ObjectCell.hpp"
#include "engine/map/PlayableMap.hpp"
#include "engine/path/AnyAngle.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/path/Race.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/PathWhy.hpp"
#include "engine/terrain/TerrainField.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace isopath {

namespace {

struct PathOptions {
    std::string mapPath;
    std::string from, to;
    std::string configPath;
    std::string profile;
    std::string heuristic, diagonal, weight;
    std::string explain;
    std::string algorithm = "auto";
    std::string landmarks = "auto";
    bool json = false;
    bool noPartial = false;
    bool why = false;      ///< --why: explain the path's cost (PathWhy.hpp)
    bool compare = false;  ///< --compare: race the four searches (Race.hpp)
    bool smooth = false;   ///< --smooth: the any-angle path too (AnyAngle.hpp)
};

/// Widest map that still gets an ASCII picture.
constexpr int MaxPictureWidth = 240;

/// Thrown for bad input: the message is printed after "isopath path: " and the exit code is 2.
struct UsageError {
    std::string message;
};

std::string quoted(const std::string& s)
{
    return "\"" + s + "\"";
}

std::string trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return std::string(s);
}

std::optional<int> parseInt(std::string_view s)
{
    const std::string t = trim(s);
    int v = 0;
    const char* end = t.data() + t.size();
    auto [ptr, ec] = std::from_chars(t.data(), end, v);
    if (t.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return v;
}

eng::TileCoord parseCoord(const std::string& option, const std::string& text)
{
    const std::size_t comma = text.find(',');
    std::optional<int> x, y;
    if (comma != std::string::npos) {
        x = parseInt(std::string_view(text).substr(0, comma));
        y = parseInt(std::string_view(text).substr(comma + 1));
    }
    if (!x || !y)
        throw UsageError{option + " " + quoted(text) + ": expected X,Y (two integers: column, row; e.g. 3,4)"};
    return {*x, *y};
}

double parseWeight(const std::string& text)
{
    const std::string t = trim(text);
    double v = 0.0;
    auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || ptr != t.data() + t.size())
        throw UsageError{"--weight " + quoted(text) + ": not a number"};
    if (!std::isfinite(v) || v <= 0.0)
        throw UsageError{"--weight " + quoted(text) + ": must be a finite number > 0"};
    return v;
}

/// The cell of the first object named `name` (any object layer, groups included).
std::optional<eng::TileCoord> objectCell(const eng::map::MapData& map, const std::string& name)
{
    std::optional<eng::TileCoord> found;
    eng::map::forEachLayer(map.layers, [&](const eng::map::Layer& layer) {
        if (found || layer.type != eng::map::LayerType::Object)
            return;
        for (const eng::map::Object& o : layer.objects) {
            if (o.name != name)
                continue;
            found = eng::map::objectCell(map, o); // the one rule, shared with the game
            return;
        }
    });
    return found;
}

std::string describeImpassable(const eng::terrain::TerrainField& field, eng::TileCoord c)
{
    return eng::terrain::impassableText(field.explain(c)); // the engine's wording, as in --explain
}

std::string coordText(eng::TileCoord c)
{
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

/// The character of a cell in the picture: the glyph of its topmost (uncovered) terrain that
/// has one; '?' when only unknown terrains lie there; 'X' impassable without a glyph.
char cellGlyph(const eng::terrain::TerrainField& field, eng::TileCoord c, std::map<char, std::string>& legend)
{
    const eng::terrain::TerrainGrid& grid = field.grid();
    const std::span<const eng::terrain::TerrainId> stack = grid.cell(c);
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        const std::string& name = grid.names[*it];
        const eng::terrain::TerrainRule* rule = field.rules().find(name);
        if (rule && rule->glyph) {
            legend.emplace(rule->glyph, name);
            return rule->glyph;
        }
    }
    if (!field.costField().passable(c)) {
        legend.emplace('X', "impassable");
        return 'X';
    }
    if (!stack.empty()) {
        legend.emplace('?', "terrain without a glyph / unknown");
        return '?';
    }
    legend.emplace(' ', "no terrain");
    return ' ';
}

/// The last digit of a coordinate (of its absolute value: -8 shows as 8).
char digitOf(int v)
{
    return char('0' + std::abs(v % 10));
}

void printPicture(std::ostream& out, const eng::terrain::TerrainField& field, const eng::path::PathResult& r,
                  eng::TileCoord start, eng::TileCoord goal, const eng::map::CellFrame& frame)
{
    const int w = field.width(), h = field.height();
    if (w > MaxPictureWidth) {
        out << "(map wider than " << MaxPictureWidth << " cells: no picture; use --json for the path)\n";
        return;
    }
    if (frame.layout() != eng::map::CellFrame::Layout::Plain) {
        out << "(staggered map: no picture; use --json for the path)\n";
        return;
    }
    // Labels are Tiled's coordinates (an infinite map's first column and row may be negative).
    const int x0 = frame.tiledX(), y0 = frame.tiledY();
    std::vector<char> pic(std::size_t(w) * std::size_t(h));
    std::map<char, std::string> legend;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            pic[std::size_t(y * w + x)] = cellGlyph(field, {x, y}, legend);
    std::map<char, std::string> marks;
    for (std::size_t i = 1; i + 1 < r.path.size(); ++i) {
        pic[std::size_t(field.grid().index(r.path[i]))] = '*';
        marks.emplace('*', "path");
    }
    if (r.status == eng::path::PathStatus::Partial && r.path.size() > 1) {
        pic[std::size_t(field.grid().index(r.path.back()))] = '@';
        marks.emplace('@', "closest reachable cell");
    }
    pic[std::size_t(field.grid().index(goal))] = 'G';
    pic[std::size_t(field.grid().index(start))] = 'S';
    marks.emplace('S', "start");
    marks.emplace('G', "goal");

    const int rowWidth = int(std::to_string(y0).size() > std::to_string(y0 + h - 1).size()
                                 ? std::to_string(y0).size()
                                 : std::to_string(y0 + h - 1).size());
    const int margin = x0 == 0 && y0 == 0 ? (h > 100 ? 4 : h > 10 ? 3 : 2) : rowWidth + 1;
    if (w > 10) {
        out << std::string(std::size_t(margin), ' ');
        for (int x = x0; x < x0 + w; ++x)
            out << (x % 10 == 0 ? digitOf(x / 10) : ' ');
        out << '\n';
    }
    out << std::string(std::size_t(margin), ' ');
    for (int x = x0; x < x0 + w; ++x)
        out << digitOf(x);
    out << '\n';
    for (int y = 0; y < h; ++y) {
        out << std::setw(margin - 1) << y + y0 << ' ';
        out.write(pic.data() + std::size_t(y * w), w);
        out << '\n';
    }
    out << "legend:";
    for (char c : {'S', 'G', '*', '@'})
        if (marks.count(c))
            out << "  " << c << ' ' << marks[c];
    // Only glyphs still visible after the marks were drawn.
    for (const auto& [c, name] : legend)
        if (std::find(pic.begin(), pic.end(), c) != pic.end())
            out << "  " << (c == ' ' ? std::string("' '") : std::string(1, c)) << ' ' << name;
    out << '\n';
}

/// The search choices of the options, checked before any file is read.
struct SearchChoice {
    Algorithm requested = Algorithm::Auto;
    eng::path::LandmarkSettings landmarks;
};

SearchChoice parseSearchChoice(const PathOptions& opt)
{
    SearchChoice choice;
    const std::optional<Algorithm> requested = parseAlgorithm(opt.algorithm);
    if (!requested)
        throw UsageError{"unknown algorithm " + quoted(opt.algorithm) + " (expected auto, astar, jps, jpsw)"};
    choice.requested = *requested;
    if (!eng::path::parseLandmarkMode(opt.landmarks, choice.landmarks.mode))
        throw UsageError{"unknown landmark mode " + quoted(opt.landmarks) + " (expected auto, on, off)"};
    return choice;
}

/// The map and its terrain config.
struct LoadedWorld {
    eng::map::MapData map;   ///< as played: staggered and infinite maps on their frame's grid
    eng::terrain::ResolvedConfig config;
    eng::map::CellFrame frame; ///< Tiled's cells <-> the grid searched (what the user reads)
    std::vector<std::uint8_t> voids; ///< void cells of the grid (eng::map::voidCells)
};

/// Loads the map and resolves its terrain config; nullopt (the diagnostics printed) on bad files.
std::optional<LoadedWorld> loadWorld(const PathOptions& opt)
{
    eng::Result<eng::map::MapData> loaded = eng::map::loadMap(opt.mapPath);
    if (!loaded) {
        std::cerr << eng::formatDiagnostics(loaded.diagnostics());
        return std::nullopt;
    }
    const eng::map::MapData& map = loaded.value();
    if (map.width <= 0 || map.height <= 0) {
        std::cerr << opt.mapPath << ": error: the map has no cells\n";
        return std::nullopt;
    }
    eng::Result<eng::terrain::ResolvedConfig> config = eng::terrain::resolveTerrainConfig(map, opt.configPath);
    if (!config) {
        std::cerr << eng::formatDiagnostics(config.diagnostics());
        return std::nullopt;
    }
    LoadedWorld world{std::move(loaded).value(), std::move(config).value(), {}, {}};
    world.frame = eng::map::CellFrame::of(world.map);
    if (std::uint64_t(world.frame.gridWidth()) * std::uint64_t(world.frame.gridHeight()) > eng::map::MaxPlayableCells) {
        std::cerr << opt.mapPath << ": error: the map is too large to plan on (" << world.frame.gridWidth() << "x"
                  << world.frame.gridHeight() << " cells on the engine's grid)\n";
        return std::nullopt;
    }
    if (!world.frame.identity()) {
        const bool infinite = world.map.infinite;
        world.map = eng::map::playableMap(world.map, world.frame);
        world.voids = eng::map::voidCells(world.map, world.frame, infinite);
    }
    return world;
}

/// The profile's rules (or the base rules) with the options' heuristic, diagonal mode and weight.
eng::terrain::TerrainRules queryRules(const PathOptions& opt, const eng::terrain::ResolvedConfig& config)
{
    using namespace eng;
    Result<terrain::TerrainRules> profile = terrain::profileRules(config, opt.profile); // shared with the game
    if (!profile)
        throw UsageError{profile.diagnostics().front().message};
    terrain::TerrainRules rules = std::move(profile).value();
    if (!opt.heuristic.empty()) {
        std::optional<path::Heuristic> h = path::parseHeuristic(opt.heuristic);
        if (!h)
            throw UsageError{"unknown heuristic " + quoted(opt.heuristic) + " (expected " +
                             std::string(path::heuristicNames()) + ")"};
        rules.movement.heuristic = *h;
    }
    if (!opt.diagonal.empty()) {
        std::optional<path::DiagonalMode> d = path::parseDiagonalMode(opt.diagonal);
        if (!d)
            throw UsageError{"unknown diagonal mode " + quoted(opt.diagonal) + " (expected " +
                             std::string(path::diagonalModeNames()) + ")"};
        rules.movement.diagonal = *d;
    }
    if (!opt.weight.empty())
        rules.movement.weight = parseWeight(opt.weight);
    return rules;
}

/// The cells of the query: start and goal (options, else the map's objects), the explained cell.
struct QueryCells {
    eng::TileCoord start;
    eng::TileCoord goal;
    std::optional<eng::TileCoord> explain;
};

QueryCells queryCells(const PathOptions& opt, const LoadedWorld& world)
{
    const eng::map::MapData& map = world.map;
    std::optional<eng::TileCoord> start, goal;
    if (!opt.from.empty())
        start = world.frame.toGrid(parseCoord("--from", opt.from));
    if (!opt.to.empty())
        goal = world.frame.toGrid(parseCoord("--to", opt.to));
    QueryCells cells;
    if (!opt.explain.empty())
        cells.explain = world.frame.toGrid(parseCoord("--explain", opt.explain));
    if (!start && !(start = objectCell(map, "start")))
        throw UsageError{opt.mapPath + " has no object named \"start\" (give --from X,Y)"};
    if (!goal && !(goal = objectCell(map, "goal")))
        throw UsageError{opt.mapPath + " has no object named \"goal\" (give --to X,Y)"};
    cells.start = *start;
    cells.goal = *goal;
    return cells;
}

/// Tiled's size, and where an infinite map's cells start when not at (0,0).
std::string sizeText(const eng::map::CellFrame& frame)
{
    std::string s = std::to_string(frame.tiledWidth()) + "x" + std::to_string(frame.tiledHeight());
    if (frame.tiledX() != 0 || frame.tiledY() != 0)
        s += " from (" + std::to_string(frame.tiledX()) + "," + std::to_string(frame.tiledY()) + ")";
    return s;
}

/// Refuses cells off the map and an impassable start; warns about an impassable goal and a
/// weight above 1.
void checkQuery(const QueryCells& cells, const eng::terrain::TerrainField& field, const eng::terrain::TerrainRules& rules,
                const eng::map::CellFrame& frame, std::vector<std::string>& warnings)
{
    const eng::path::CostField& costs = field.costField();
    const std::string size = sizeText(frame);
    const auto coordText = [&](eng::TileCoord c) { return isopath::coordText(frame.toTiled(c)); };
    if (!costs.inBounds(cells.start) || !frame.onMap(cells.start))
        throw UsageError{"start " + coordText(cells.start) + " is off the map (" + size + " cells)"};
    if (!costs.inBounds(cells.goal) || !frame.onMap(cells.goal))
        throw UsageError{"goal " + coordText(cells.goal) + " is off the map (" + size + " cells)"};
    if (cells.explain && (!costs.inBounds(*cells.explain) || !frame.onMap(*cells.explain)))
        throw UsageError{"--explain " + coordText(*cells.explain) + " is off the map (" + size + " cells)"};
    if (!costs.passable(cells.start))
        throw UsageError{"start " + coordText(cells.start) + " is " + describeImpassable(field, cells.start)};
    if (!costs.passable(cells.goal))
        warnings.push_back("goal " + coordText(cells.goal) + " is " + describeImpassable(field, cells.goal) +
                           ": no path can end there");
    if (rules.movement.weight > 1.0) {
        std::ostringstream w;
        w << "weight " << rules.movement.weight << " > 1: the path may cost up to " << rules.movement.weight
          << "x the optimum (not optimal)";
        warnings.push_back(w.str());
    }
}

/// The query's search: which algorithm ran, its result, its wall time.
struct SearchOutcome {
    Algorithm algorithm = Algorithm::AStar;
    eng::path::PathResult result;
    double micros = 0.0;
};

/// Sets up `finder` (landmarks, rules, partial paths) and runs the chosen algorithm once.
/// nullopt (the message printed) when the pathfinder rejects the field or the rules.
std::optional<SearchOutcome> runSearch(const PathOptions& opt, const SearchChoice& choice,
                                       const eng::terrain::TerrainField& field, const eng::terrain::TerrainRules& rules,
                                       const QueryCells& cells, eng::path::GridPathfinder& finder,
                                       isopath::TtyProgress& progress)
{
    using namespace eng;
    progress.step(choice.landmarks.enabledFor(field.width(), field.height()) ? "search grid and landmark tables"
                                                                            : "search grid");
    finder.setLandmarks(choice.landmarks);  // before init: init builds the table where it is on
    if (!finder.init(field.costField(), rules.movement)) {
        std::cerr << "isopath path: the pathfinder rejected the cost field or the movement rules\n";
        return std::nullopt;
    }
    finder.setPartialPaths(!opt.noPartial);
    SearchOutcome out;
    out.algorithm = resolveAlgorithm(choice.requested, finder.grid(), 0);
    if (out.algorithm == Algorithm::Jps && !path::JumpPointSearch::supports(finder.grid(), 0))
        throw UsageError{"--algorithm jps needs every passable cell to cost the same, diagonal no-corner-cutting "
                         "and a diagonal factor in [1, 2) (use astar or auto)"};
    if (out.algorithm == Algorithm::Jpsw && !path::WeightedJumpSearch::supports(finder.grid(), 0))
        throw UsageError{"--algorithm jpsw needs diagonal no-corner-cutting and a diagonal factor in [1, 2) (use "
                         "astar or auto)"};
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
std::string statusWord(eng::path::PathStatus s)
{
    switch (s) {
    case eng::path::PathStatus::Found: return "ok";
    case eng::path::PathStatus::Partial: return "partial";
    case eng::path::PathStatus::NoPath: return "unreachable";
    default: return {};
    }
}

/// Everything the output shows.
struct PathReport {
    const PathOptions& opt;
    const LoadedWorld& world;
    const eng::terrain::TerrainRules& rules;
    const QueryCells& cells;
    const eng::terrain::TerrainField& field;
    const SearchOutcome& search;
    std::string status;
    std::vector<std::string> warnings;
    std::optional<eng::terrain::PathWhy> why;  ///< --why
    std::optional<eng::path::Race> race;       ///< --compare
    std::optional<eng::path::SmoothPath> smooth;  ///< --smooth, when the search found a path
};

/// A grid cell as the user reads it (Tiled's coordinates).
nlohmann::ordered_json cellJson(const eng::map::CellFrame& frame, eng::TileCoord grid)
{
    const eng::TileCoord t = frame.toTiled(grid);
    return {t.x, t.y};
}

/// An explanation (or --why) of grid cells, told in Tiled's coordinates.
eng::terrain::CellExplanation inTiled(eng::terrain::CellExplanation e, const eng::map::CellFrame& frame)
{
    e.cell = frame.toTiled(e.cell);
    for (eng::terrain::InfluenceContribution& i : e.influences)
        i.source = frame.toTiled(i.source);
    return e;
}

nlohmann::ordered_json explainJson(const eng::terrain::CellExplanation& e)
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
    for (const eng::terrain::InfluenceContribution& i : e.influences)
        infl.push_back({{"source", {i.source.x, i.source.y}},
                        {"terrain", i.terrain},
                        {"distance", i.distance},
                        {"effect", std::string(eng::terrain::influenceEffectName(i.effect))},
                        {"factor", i.factor}});
    ex["influences"] = infl;
    ex["cost"] = e.passable ? nlohmann::ordered_json(e.cost) : nlohmann::ordered_json(nullptr);
    return ex;
}

/// The `race` array: one object per algorithm (cost null when the row has no path).
nlohmann::ordered_json raceJson(const eng::path::Race& race)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const eng::path::RaceRow& row : race.rows) {
        nlohmann::ordered_json r;
        r["algorithm"] = std::string(eng::path::raceAlgorithmName(row.algorithm));
        r["status"] = std::string(eng::path::statusName(row.result.status));
        r["expansions"] = row.result.expanded;
        r["time_us"] = row.micros;
        r["cost"] = eng::path::hasPath(row.result.status) ? nlohmann::ordered_json(row.result.cost)
                                                          : nlohmann::ordered_json(nullptr);
        r["optimal"] = row.optimal;
        rows.push_back(r);
    }
    return rows;
}

void printJson(const PathReport& rep)
{
    using namespace eng;
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
    j["algorithm"] = std::string(algorithmName(rep.search.algorithm));
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
    using namespace eng;
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
    std::cout << "algorithm: " << algorithmName(algorithm)
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

/// The any-angle smoothing of the search's path (--smooth).
eng::path::SmoothPath smoothPath(const eng::path::NavGrid& grid, const eng::path::PathResult& result)
{
    eng::path::AnyAngleQuery smoother;
    eng::path::SmoothPath smooth;
    if (smoother.smooth(grid, 0, result.path, smooth) != eng::path::PathStatus::Found)
        throw UsageError{"--smooth: the path cuts a corner, which smoothing never does (diagonal " +
                         std::string(eng::path::diagonalModeName(grid.rules(0).diagonal)) +
                         "; use --diagonal no-corner-cutting or never)"};
    return smooth;
}

int runPath(const PathOptions& opt)
{
    using namespace eng;
    const SearchChoice choice = parseSearchChoice(opt);
    isopath::TtyProgress progress("isopath path");
    progress.step("reading the map");
    const std::optional<LoadedWorld> world = loadWorld(opt);
    if (!world)
        return ExitBadInput;
    const terrain::TerrainRules rules = queryRules(opt, world->config);
    const QueryCells cells = queryCells(opt, *world);

    std::vector<std::string> warnings;
    terrain::TerrainField field;
    progress.step("terrain costs");
    terrain::TerrainGrid grid = terrain::terrainGridFromMap(world->map, &world->config.config.base);
    grid.voids = world->voids;
    for (const Diagnostic& d : field.build(std::move(grid), rules))
        warnings.push_back(formatDiagnostic(d));
    checkQuery(cells, field, rules, world->frame, warnings);

    path::GridPathfinder finder;
    const std::optional<SearchOutcome> outcome = runSearch(opt, choice, field, rules, cells, finder, progress);
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
        report.why = terrain::explainPath(field, outcome->result.path, rules.movement);
        eng::terrain::transformCells(*report.why, [&](TileCoord c) { return world->frame.toTiled(c); });
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
