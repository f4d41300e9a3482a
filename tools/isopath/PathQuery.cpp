// The query of `isopath path`: options to rules and cells, and the checks before the search
// (PathQuery.hpp).

#include "tools/isopath/PathQuery.hpp"

#include "tools/isopath/Usage.hpp"

#include "engine/core/Diagnostic.hpp"
#include "engine/map/ObjectCell.hpp"
#include "engine/terrain/MapTerrain.hpp"

#include <charconv>
#include <cmath>
#include <sstream>
#include <string_view>

namespace isopath {

namespace {

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

isostar::TileCoord parseCoord(const std::string& option, const std::string& text)
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
std::optional<isostar::TileCoord> objectCell(const isostar::map::MapData& map, const std::string& name)
{
    std::optional<isostar::TileCoord> found;
    isostar::map::forEachLayer(map.layers, [&](const isostar::map::Layer& layer) {
        if (found || layer.type != isostar::map::LayerType::Object)
            return;
        for (const isostar::map::Object& o : layer.objects) {
            if (o.name != name)
                continue;
            found = isostar::map::objectCell(map, o); // the one rule, shared with the game
            return;
        }
    });
    return found;
}

std::string describeImpassable(const isostar::terrain::TerrainField& field, isostar::TileCoord c)
{
    return isostar::terrain::impassableText(field.explain(c)); // the engine's wording, as in --explain
}

} // namespace

isostar::terrain::TerrainRules queryRules(const PathOptions& opt, const isostar::terrain::ResolvedConfig& config)
{
    using namespace isostar;
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
    if (!opt.size.empty())
        rules.size = parseUnitSize(opt.size);
    return rules;
}

QueryCells queryCells(const PathOptions& opt, const MapWorld& world)
{
    const isostar::map::MapData& map = world.map;
    std::optional<isostar::TileCoord> start, goal;
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

void checkQuery(const QueryCells& cells, const isostar::terrain::TerrainField& field, const isostar::terrain::TerrainRules& rules,
                const isostar::map::CellFrame& frame, std::vector<std::string>& warnings)
{
    const isostar::path::CostField& costs = field.costField();
    const std::string size = sizeText(frame);
    const auto coordText = [&](isostar::TileCoord c) { return isopath::coordText(frame.toTiled(c)); };
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

void checkFootprint(const QueryCells& cells, const isostar::path::CostField& footprints, int size,
                    const isostar::map::CellFrame& frame, std::vector<std::string>& warnings)
{
    if (size <= 1)
        return;
    const std::string block = std::to_string(size) + "x" + std::to_string(size);
    const auto why = [&](isostar::TileCoord c) {
        return coordText(frame.toTiled(c)) + ": a unit of size " + std::to_string(size) + " does not fit there (its " +
               block + " footprint from that cell covers an impassable cell or leaves the map)";
    };
    if (!footprints.passable(cells.start))
        throw UsageError{"start " + why(cells.start)};
    if (!footprints.passable(cells.goal))
        warnings.push_back("goal " + why(cells.goal) + ": no path can end there");
}

} // namespace isopath
