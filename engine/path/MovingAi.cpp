#include "engine/path/MovingAi.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace isostar::path {

namespace {

/// Splits text into lines, accepting LF, CRLF and a missing final newline.
std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line);
        pos = end + 1;
    }
    return lines;
}

std::vector<std::string_view> splitFields(std::string_view line)
{
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t')
            ++j;
        if (j > i)
            fields.push_back(line.substr(i, j - i));
        i = j;
    }
    return fields;
}

bool parseInt(std::string_view s, int& out)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end;
}

bool parseDouble(std::string_view s, double& out, int& decimals)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out, std::chars_format::fixed);
    if (ec != std::errc() || p != end || !std::isfinite(out))
        return false;
    const std::size_t dot = s.find('.');
    decimals = dot == std::string_view::npos ? 0 : int(s.size() - dot - 1);
    return true;
}

std::string quoted(std::string_view s)
{
    std::string out = "\"";
    out.append(s.substr(0, 40));
    if (s.size() > 40)
        out += "...";
    return out + "\"";
}

Result<std::string> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Result<std::string>::failure(Diagnostic{path, 0, "cannot open file"});
    std::ostringstream ss;
    ss << in.rdbuf();
    return Result<std::string>(ss.str());
}

std::string_view baseName(std::string_view path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

} // namespace

MovingAiTerrain MovingAiMap::terrainAt(TileCoord c) const
{
    if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height)
        return MovingAiTerrain::Blocked;
    switch (cells[std::size_t(c.y) * std::size_t(width) + std::size_t(c.x)]) {
    case '.':
    case 'G':
    case 'S': return MovingAiTerrain::Ground;
    case 'W': return MovingAiTerrain::Water;
    default: return MovingAiTerrain::Blocked;
    }
}

namespace {

/// The header: `type`, `height`, `width` in any order, terminated by `map`. Returns the index of
/// the `map` line, lines.size() when there is none.
template <typename Error>
std::size_t readMapHeader(const std::vector<std::string_view>& lines, int& width, int& height, bool& sawType,
                          Error&& error)
{
    std::size_t i = 0;
    for (; i < lines.size(); ++i) {
        const int lineNo = int(i) + 1;
        const std::vector<std::string_view> f = splitFields(lines[i]);
        if (f.empty())
            continue;
        if (f[0] == "map" && f.size() == 1)
            break;
        if (f[0] == "type") {
            if (f.size() != 2 || f[1] != "octile")
                error(lineNo, "unsupported map type " + quoted(lines[i]) + ", expected \"type octile\"");
            sawType = true;
        } else if (f[0] == "height" || f[0] == "width") {
            int v = 0;
            if (f.size() != 2 || !parseInt(f[1], v) || v <= 0 || v > 100000) {
                error(lineNo, "bad " + std::string(f[0]) + " " + quoted(lines[i]) + ", expected a positive integer");
                continue;
            }
            (f[0] == "height" ? height : width) = v;
        } else {
            error(lineNo, "unexpected header line " + quoted(lines[i]) +
                              ", expected \"type octile\", \"height H\", \"width W\" or \"map\"");
        }
    }
    return i;
}

/// The grid: the rows after line `first` into map.cells (map.width x map.height, checked, at
/// most about 20 problems). Returns the number of rows read.
template <typename Error>
std::size_t readMapGrid(const std::vector<std::string_view>& lines, std::size_t first, MovingAiMap& map,
                        const std::vector<Diagnostic>& errors, Error&& error)
{
    const int width = map.width;
    const int height = map.height;
    std::size_t rows = 0;
    for (std::size_t j = first; j < lines.size(); ++j) {
        const int lineNo = int(j) + 1;
        const std::string_view row = lines[j];
        if (rows == std::size_t(height)) {
            // Only blank lines may follow the grid.
            if (!splitFields(row).empty())
                error(lineNo, "extra line after the " + std::to_string(height) + " rows of the grid");
            continue;
        }
        if (row.size() != std::size_t(width)) {
            error(lineNo, "row " + std::to_string(rows) + " has " + std::to_string(row.size()) +
                              " characters, expected " + std::to_string(width));
            if (errors.size() > 20)
                break;
        } else {
            for (std::size_t x = 0; x < row.size(); ++x) {
                const char c = row[x];
                if (c != '.' && c != 'G' && c != 'S' && c != 'W' && c != '@' && c != 'O' && c != 'T') {
                    error(lineNo, "unknown cell character '" + std::string(1, c) + "' at x=" + std::to_string(x) +
                                      " (expected one of . G S W @ O T)");
                    break;
                }
            }
            map.cells.insert(map.cells.end(), row.begin(), row.end());
        }
        ++rows;
    }
    return rows;
}

} // namespace

Result<MovingAiMap> parseMovingAiMap(std::string_view text, const std::string& fileName)
{
    std::vector<Diagnostic> errors;
    auto error = [&](int line, std::string msg) { errors.push_back(Diagnostic{fileName, line, std::move(msg)}); };
    const std::vector<std::string_view> lines = splitLines(text);
    MovingAiMap map;
    map.file = fileName;
    int width = -1;
    int height = -1;
    bool sawType = false;
    const std::size_t i = readMapHeader(lines, width, height, sawType, error);
    if (i >= lines.size()) {
        error(int(lines.size()), "missing \"map\" line before the grid");
        return Result<MovingAiMap>::failure(std::move(errors));
    }
    if (!sawType)
        error(0, "missing \"type octile\" header line");
    if (width < 0)
        error(0, "missing \"width\" header line");
    if (height < 0)
        error(0, "missing \"height\" header line");
    if (!errors.empty())
        return Result<MovingAiMap>::failure(std::move(errors));

    map.width = width;
    map.height = height;
    map.cells.reserve(std::size_t(width) * std::size_t(height));
    const std::size_t rows = readMapGrid(lines, i + 1, map, errors, error);
    if (errors.empty() && rows != std::size_t(height))
        error(int(lines.size()), "grid has " + std::to_string(rows) + " rows, expected " + std::to_string(height));
    if (!errors.empty())
        return Result<MovingAiMap>::failure(std::move(errors));
    return Result<MovingAiMap>(std::move(map));
}

Result<MovingAiMap> loadMovingAiMap(const std::string& path)
{
    Result<std::string> text = readFile(path);
    if (!text)
        return Result<MovingAiMap>::failure(text.diagnostics());
    return parseMovingAiMap(text.value(), path);
}

CostField toCostField(const MovingAiMap& map, MovingAiTerrain passableClass)
{
    CostField field(map.width, map.height, Impassable);
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x)
            if (passableClass != MovingAiTerrain::Blocked && map.terrainAt({x, y}) == passableClass)
                field.at({x, y}) = 1.0f;
    return field;
}

MoveRules movingAiRules()
{
    MoveRules rules;
    rules.diagonal = DiagonalMode::NoCornerCutting;
    rules.diagonalFactor = std::sqrt(2.0);
    rules.heuristic = Heuristic::Octile;
    rules.weight = 1.0;
    return rules;
}

double MovingAiScenario::tolerance() const
{
    // A length printed with d decimals is off by up to half a unit of the last digit.
    const double rounding = 0.5 * std::pow(10.0, -double(decimals)) + 1e-6;
    return std::max(1e-4, rounding);
}

Result<MovingAiScenarioFile> parseMovingAiScenarios(std::string_view text, const std::string& fileName)
{
    std::vector<Diagnostic> errors;
    auto error = [&](int line, std::string msg) { errors.push_back(Diagnostic{fileName, line, std::move(msg)}); };
    const std::vector<std::string_view> lines = splitLines(text);
    MovingAiScenarioFile file;
    file.file = fileName;
    std::size_t i = 0;
    while (i < lines.size() && splitFields(lines[i]).empty())
        ++i;
    if (i >= lines.size()) {
        error(0, "empty scenario file, expected \"version 1\" on the first line");
        return Result<MovingAiScenarioFile>::failure(std::move(errors));
    }
    {
        const std::vector<std::string_view> f = splitFields(lines[i]);
        if (f.size() != 2 || f[0] != "version" || (f[1] != "1" && f[1] != "1.0")) {
            error(int(i) + 1, "expected \"version 1\" or \"version 1.0\", got " + quoted(lines[i]));
            return Result<MovingAiScenarioFile>::failure(std::move(errors));
        }
        file.version = std::string(f[1]);
    }
    for (++i; i < lines.size(); ++i) {
        const int lineNo = int(i) + 1;
        const std::vector<std::string_view> f = splitFields(lines[i]);
        if (f.empty())
            continue;
        if (f.size() != 9) {
            error(lineNo, std::to_string(f.size()) + " fields, expected 9 (bucket map width height "
                                                     "start-x start-y goal-x goal-y length)");
        } else {
            MovingAiScenario s;
            s.line = lineNo;
            s.mapName = std::string(f[1]);
            static const char* const names[] = {"bucket", "", "map width", "map height", "start x",
                                                "start y", "goal x", "goal y"};
            int* const ints[] = {&s.bucket, nullptr, &s.mapWidth, &s.mapHeight, &s.start.x, &s.start.y,
                                 &s.goal.x, &s.goal.y};
            bool ok = true;
            for (int k = 0; k < 8; ++k) {
                if (!ints[k])
                    continue;
                if (!parseInt(f[std::size_t(k)], *ints[k])) {
                    error(lineNo, std::string("bad ") + names[k] + " " + quoted(f[std::size_t(k)]) + ", expected an integer");
                    ok = false;
                }
            }
            if (!parseDouble(f[8], s.optimalLength, s.decimals) || s.optimalLength < 0.0) {
                error(lineNo, "bad optimal length " + quoted(f[8]) + ", expected a non-negative number");
                ok = false;
            }
            if (ok)
                file.scenarios.push_back(std::move(s));
        }
        if (errors.size() > 20)
            break;
    }
    if (!errors.empty())
        return Result<MovingAiScenarioFile>::failure(std::move(errors));
    return Result<MovingAiScenarioFile>(std::move(file));
}

Result<MovingAiScenarioFile> loadMovingAiScenarios(const std::string& path)
{
    Result<std::string> text = readFile(path);
    if (!text)
        return Result<MovingAiScenarioFile>::failure(text.diagnostics());
    return parseMovingAiScenarios(text.value(), path);
}

std::vector<Diagnostic> checkScenario(const MovingAiScenario& s, const MovingAiMap& map, const std::string& scenFile)
{
    std::vector<Diagnostic> out;
    auto error = [&](std::string msg) { out.push_back(Diagnostic{scenFile, s.line, std::move(msg)}); };
    // A renamed copy of a map is still the same map: a different name is only a warning.
    if (baseName(s.mapName) != baseName(map.file))
        out.push_back(Diagnostic{scenFile, s.line,
                                 "scenario names map \"" + std::string(baseName(s.mapName)) + "\", not \"" +
                                     std::string(baseName(map.file)) + "\"",
                                 Severity::Warning});
    if (s.mapWidth != map.width || s.mapHeight != map.height)
        error("map size " + std::to_string(s.mapWidth) + "x" + std::to_string(s.mapHeight) + " differs from " +
              map.file + " (" + std::to_string(map.width) + "x" + std::to_string(map.height) + ")");
    auto where = [](TileCoord c) {
        // Built by appending: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(...).
        std::string w(1, '(');
        w.append(std::to_string(c.x)).append(1, ',').append(std::to_string(c.y)).append(1, ')');
        return w;
    };
    const MovingAiTerrain startClass = map.terrainAt(s.start);
    if (startClass == MovingAiTerrain::Blocked)
        error("start " + where(s.start) + " is off the map or blocked");
    const MovingAiTerrain goalClass = map.terrainAt(s.goal);
    if (goalClass == MovingAiTerrain::Blocked)
        error("goal " + where(s.goal) + " is off the map or blocked");
    else if (startClass != MovingAiTerrain::Blocked && goalClass != startClass)
        error("start " + where(s.start) + " and goal " + where(s.goal) + " are on different terrain (ground/water)");
    return out;
}

} // namespace isostar::path
