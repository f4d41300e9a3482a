// isopath path MAP [--from X,Y] [--to X,Y] [--config F] [--profile P] [--heuristic H]
//                  [--diagonal D] [--weight W] [--no-partial] [--explain X,Y] [--json]
//                  [--algorithm auto|astar|jps] [--landmarks auto|on|off]
// One path query over a Tiled map's terrain: the same engine code the game runs (map loader,
// terrain rules, cost field, GridPathfinder; JumpPointSearch on uniform fields), with a summary
// and an ASCII picture or JSON.

#include "tools/isopath/Algorithm.hpp"
#include "tools/isopath/Commands.hpp"

#include "engine/core/Diagnostic.hpp"
#include "engine/map/MapLoader.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/terrain/MapTerrain.hpp"
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
            // The object's reference point, in map pixel units: points as they are, shapes by
            // their centre; tile objects are anchored at their bottom (bottom-left on
            // orthogonal maps, the diamond's bottom corner on isometric ones).
            double x = o.x, y = o.y;
            eng::TilePos p;
            if (o.gid != 0) {
                if (map.orientation == eng::map::Orientation::Isometric) {
                    p = eng::map::objectToTile(map, x, y);
                    p = {p.x - 0.5, p.y - 0.5};
                } else {
                    p = eng::map::objectToTile(map, x + o.width / 2.0, y - o.height / 2.0);
                }
            } else {
                if (o.shape != eng::map::ObjectShape::Point && o.shape != eng::map::ObjectShape::Polygon &&
                    o.shape != eng::map::ObjectShape::Polyline) {
                    x += o.width / 2.0;
                    y += o.height / 2.0;
                }
                p = eng::map::objectToTile(map, x, y);
            }
            found = eng::TileCoord{int(std::floor(p.x)), int(std::floor(p.y))};
            return;
        }
    });
    return found;
}

std::string describeImpassable(const eng::terrain::TerrainField& field, eng::TileCoord c)
{
    const eng::terrain::CellExplanation e = field.explain(c);
    return e.blockedBy.empty() ? std::string("impassable") : "impassable (" + e.blockedBy + ")";
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

void printPicture(std::ostream& out, const eng::terrain::TerrainField& field, const eng::path::PathResult& r,
                  eng::TileCoord start, eng::TileCoord goal)
{
    const int w = field.width(), h = field.height();
    if (w > MaxPictureWidth) {
        out << "(map wider than " << MaxPictureWidth << " cells: no picture; use --json for the path)\n";
        return;
    }
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

    const int margin = h > 100 ? 4 : h > 10 ? 3 : 2;
    if (w > 10) {
        out << std::string(std::size_t(margin), ' ');
        for (int x = 0; x < w; ++x)
            out << (x % 10 == 0 ? char('0' + (x / 10) % 10) : ' ');
        out << '\n';
    }
    out << std::string(std::size_t(margin), ' ');
    for (int x = 0; x < w; ++x)
        out << char('0' + x % 10);
    out << '\n';
    for (int y = 0; y < h; ++y) {
        out << std::setw(margin - 1) << y << ' ';
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

int runPath(const PathOptions& opt)
{
    using namespace eng;
    const std::optional<Algorithm> requested = parseAlgorithm(opt.algorithm);
    if (!requested)
        throw UsageError{"unknown algorithm " + quoted(opt.algorithm) + " (expected auto, astar, jps)"};
    path::LandmarkSettings landmarks;
    if (!path::parseLandmarkMode(opt.landmarks, landmarks.mode))
        throw UsageError{"unknown landmark mode " + quoted(opt.landmarks) + " (expected auto, on, off)"};
    Result<map::MapData> loaded = map::loadMap(opt.mapPath);
    if (!loaded) {
        std::cerr << formatDiagnostics(loaded.diagnostics());
        return ExitBadInput;
    }
    const map::MapData& map = loaded.value();
    if (map.width <= 0 || map.height <= 0) {
        std::cerr << opt.mapPath << ": error: the map has no cells\n";
        return ExitBadInput;
    }
    Result<terrain::ResolvedConfig> config = terrain::resolveTerrainConfig(map, opt.configPath);
    if (!config) {
        std::cerr << formatDiagnostics(config.diagnostics());
        return ExitBadInput;
    }
    const terrain::TerrainConfig& cfg = config.value().config;

    terrain::TerrainRules rules = cfg.base;
    if (!opt.profile.empty()) {
        const terrain::TerrainRules* p = cfg.profile(opt.profile);
        if (!p) {
            const std::string names = cfg.profileNames();
            throw UsageError{"unknown profile " + quoted(opt.profile) +
                             (names.empty() ? " (the terrain config defines no profiles)"
                                            : " (the terrain config defines: " + names + ")")};
        }
        rules = *p;
    }
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

    std::optional<TileCoord> start, goal;
    if (!opt.from.empty())
        start = parseCoord("--from", opt.from);
    if (!opt.to.empty())
        goal = parseCoord("--to", opt.to);
    std::optional<TileCoord> explainCell;
    if (!opt.explain.empty())
        explainCell = parseCoord("--explain", opt.explain);
    if (!start && !(start = objectCell(map, "start")))
        throw UsageError{opt.mapPath + " has no object named \"start\" (give --from X,Y)"};
    if (!goal && !(goal = objectCell(map, "goal")))
        throw UsageError{opt.mapPath + " has no object named \"goal\" (give --to X,Y)"};

    std::vector<std::string> warnings;
    terrain::TerrainField field;
    for (const Diagnostic& d : field.build(terrain::terrainGridFromMap(map), rules))
        warnings.push_back(formatDiagnostic(d));

    const std::string size = std::to_string(map.width) + "x" + std::to_string(map.height);
    if (!field.costField().inBounds(*start))
        throw UsageError{"start " + coordText(*start) + " is off the map (" + size + " cells)"};
    if (!field.costField().inBounds(*goal))
        throw UsageError{"goal " + coordText(*goal) + " is off the map (" + size + " cells)"};
    if (explainCell && !field.costField().inBounds(*explainCell))
        throw UsageError{"--explain " + coordText(*explainCell) + " is off the map (" + size + " cells)"};
    if (!field.costField().passable(*start))
        throw UsageError{"start " + coordText(*start) + " is " + describeImpassable(field, *start)};
    if (!field.costField().passable(*goal))
        warnings.push_back("goal " + coordText(*goal) + " is " + describeImpassable(field, *goal) +
                           ": no path can end there");
    if (rules.movement.weight > 1.0) {
        std::ostringstream w;
        w << "weight " << rules.movement.weight << " > 1: the path may cost up to " << rules.movement.weight
          << "x the optimum (not optimal)";
        warnings.push_back(w.str());
    }

    path::GridPathfinder finder;
    finder.setLandmarks(landmarks);  // before init: init builds the table where it is on
    if (!finder.init(field.costField(), rules.movement)) {
        std::cerr << "isopath path: the pathfinder rejected the cost field or the movement rules\n";
        return ExitBadInput;
    }
    finder.setPartialPaths(!opt.noPartial);
    const Algorithm algorithm = resolveAlgorithm(*requested, finder.grid(), 0);
    if (algorithm == Algorithm::Jps && !path::JumpPointSearch::supports(finder.grid(), 0))
        throw UsageError{"--algorithm jps needs every passable cell to cost the same, diagonal no-corner-cutting "
                         "and a diagonal factor in [1, 2) (use astar or auto)"};
    path::JumpPointGrid jumps;
    path::JumpPointSearch jps;
    if (algorithm == Algorithm::Jps) {
        jumps.build(finder.grid(), 0);
        jps.setPartialPaths(!opt.noPartial);
    }
    path::PathResult result;
    const auto t0 = std::chrono::steady_clock::now();
    if (algorithm == Algorithm::Jps)
        jps.findPath(finder.grid(), 0, jumps, *start, *goal, result);
    else
        finder.findPath(*start, *goal, result);
    const auto t1 = std::chrono::steady_clock::now();
    const double micros = std::chrono::duration<double, std::micro>(t1 - t0).count();

    std::string status;
    switch (result.status) {
    case path::PathStatus::Found: status = "ok"; break;
    case path::PathStatus::Partial: status = "partial"; break;
    case path::PathStatus::NoPath: status = "unreachable"; break;
    default:
        std::cerr << "isopath path: search failed: " << path::statusName(result.status) << '\n';
        return ExitBadInput;
    }
    const std::string configText =
        config.value().path.empty() ? std::string("built-in defaults")
                                    : config.value().path + " (" +
                                          std::string(terrain::configOriginName(config.value().origin)) + ")";

    if (opt.json) {
        nlohmann::ordered_json j;
        j["status"] = status;
        j["cost"] = result.cost;
        nlohmann::ordered_json cells = nlohmann::ordered_json::array();
        for (TileCoord c : result.path)
            cells.push_back({c.x, c.y});
        j["path"] = cells;
        j["algorithm"] = std::string(algorithmName(algorithm));
        j["landmarks"] = opt.landmarks;
        j["expanded"] = result.expanded;
        j["micros"] = micros;
        j["start"] = {start->x, start->y};
        j["goal"] = {goal->x, goal->y};
        if (!result.path.empty())
            j["reached"] = {result.path.back().x, result.path.back().y};
        j["map"] = opt.mapPath;
        j["config"] = config.value().path.empty() ? std::string("built-in") : config.value().path;
        j["profile"] = opt.profile.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(opt.profile);
        j["heuristic"] = std::string(path::heuristicName(rules.movement.heuristic));
        j["diagonal"] = std::string(path::diagonalModeName(rules.movement.diagonal));
        j["diagonal_factor"] = rules.movement.diagonalFactor;
        j["weight"] = rules.movement.weight;
        if (explainCell) {
            const terrain::CellExplanation e = field.explain(*explainCell);
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
            for (const terrain::InfluenceContribution& i : e.influences)
                infl.push_back({{"source", {i.source.x, i.source.y}},
                                {"terrain", i.terrain},
                                {"distance", i.distance},
                                {"effect", std::string(terrain::influenceEffectName(i.effect))},
                                {"factor", i.factor}});
            ex["influences"] = infl;
            ex["cost"] = e.passable ? nlohmann::ordered_json(e.cost) : nlohmann::ordered_json(nullptr);
            j["explain"] = ex;
        }
        if (!warnings.empty())
            j["warnings"] = warnings;
        std::cout << j.dump() << '\n';
    } else {
        for (const std::string& w : warnings)
            std::cerr << (w.find(": warning: ") == std::string::npos ? "isopath path: warning: " : "") << w << '\n';
        std::cout << "map:      " << opt.mapPath << " (" << size << " cells)\n";
        std::cout << "rules:    " << configText;
        if (!opt.profile.empty())
            std::cout << ", profile " << opt.profile;
        std::cout << '\n';
        std::cout << "movement: diagonal " << rules.movement.diagonal << " (x" << rules.movement.diagonalFactor
                  << "), heuristic " << rules.movement.heuristic << ", weight " << rules.movement.weight << '\n';
        std::cout << "query:    " << coordText(*start) << " -> " << coordText(*goal) << '\n';
        std::cout << "result:   " << status;
        if (result.status == path::PathStatus::Partial)
            std::cout << " (goal unreachable; path to the closest reachable cell " << coordText(result.path.back())
                      << ")";
        if (result.status == path::PathStatus::NoPath)
            std::cout << " (goal not reachable from the start)";
        std::cout << '\n';
        if (!result.path.empty())
            std::cout << "cost:     " << std::setprecision(10) << result.cost << " over " << result.path.size() - 1
                      << " steps\n";
        std::cout << "algorithm: " << algorithmName(algorithm)
                  << (algorithm == Algorithm::Jps ? " (jump point search)" : " (A*)") << '\n';
        std::cout << "search:   " << result.expanded
                  << (algorithm == Algorithm::Jps ? " jump points expanded in " : " cells expanded in ")
                  << std::fixed << std::setprecision(1) << micros << " us\n"
                  << std::defaultfloat << std::setprecision(6);
        std::cout << '\n';
        printPicture(std::cout, field, result, *start, *goal);
        if (explainCell)
            std::cout << '\n' << terrain::describe(field.explain(*explainCell));
    }
    return result.status == path::PathStatus::Found ? ExitOk : ExitCheckFailed;
}

} // namespace

Command addPathCommand(CLI::App& app)
{
    auto opt = std::make_shared<PathOptions>();
    Command c;
    c.app = app.add_subcommand("path", "Find the cheapest path on a Tiled map under its terrain rules");
    c.app->footer(
        "Coordinates are Tiled tile coordinates: X = column, Y = row, (0,0) top-left.\n"
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
                      "auto (jps when every passable cell costs the same, no corner cutting, weight 1; else "
                      "astar) | astar | jps");
    c.app->add_option("--landmarks", opt->landmarks,
                      "A* landmark (ALT) heuristic: auto (maps of at least 128x128 cells) | on | off; "
                      "the path's cost is the same, only the cells searched change");
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
