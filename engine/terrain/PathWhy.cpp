#include "engine/terrain/PathWhy.hpp"

#include "engine/terrain/TerrainField.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace isostar::terrain {

namespace {

/// Below this share of sum|ln factor| the logs count as cancelled: dividing by their sum would
/// blow rounding noise up into huge opposite deltas.
constexpr double CancelledLogs = 1e-12;

/// Explanations of the cells looked at, each computed once (path and line share cells).
class CellCache {
public:
    explicit CellCache(const TerrainField& field) : m_field(field) {}

    /// Null when off the field.
    const CellExplanation* at(TileCoord c)
    {
        if (!m_field.grid().inBounds(c))
            return nullptr;
        auto it = m_cells.find(c);
        if (it == m_cells.end())
            it = m_cells.emplace(c, m_field.explain(c)).first;
        return &it->second;
    }
    bool passable(TileCoord c)
    {
        const CellExplanation* e = at(c);
        return e && e->passable;
    }

private:
    const TerrainField& m_field;
    std::unordered_map<TileCoord, CellExplanation> m_cells;
};

/// The terrain a cell's base part belongs to (the rule in PathWhy.hpp).
std::string baseTerrainOf(const CellExplanation& e)
{
    if (!e.multipliers.empty())
        return e.multipliers.back().first;
    if (!e.baseFrom.empty())
        return e.baseFrom;
    if (int(e.terrains.size()) > e.coveredCount)
        return e.terrains.back();
    return "none";
}

/// One step's split: its cost, base part and each influence's delta (parallel to e.influences).
struct StepSplit {
    double cost = 0.0;
    double base = 0.0;
    std::vector<double> deltas;
};

StepSplit splitStep(const CellExplanation& e, double k)
{
    StepSplit s;
    s.cost = double(e.cost) * k;  // exactly GridQuery's step: double(float cost) x factor
    double intrinsic = e.baseCost;
    for (const auto& m : e.multipliers)
        intrinsic *= m.second;
    s.deltas.assign(e.influences.size(), 0.0);
    double sumLog = 0.0, sumAbs = 0.0;
    for (std::size_t i = 0; i < e.influences.size(); ++i) {
        const InfluenceContribution& inf = e.influences[i];
        const double l = inf.effect == InfluenceEffect::Multiply ? std::log(inf.factor) : -std::log(inf.factor);
        s.deltas[i] = l;
        sumLog += l;
        sumAbs += std::abs(l);
    }
    double deltaSum = 0.0;
    if (sumAbs > 0.0 && std::abs(sumLog) > CancelledLogs * sumAbs) {
        const double change = s.cost - intrinsic * k;  // clamping and float rounding included
        for (double& d : s.deltas) {
            d = change * (d / sumLog);
            deltaSum += d;
        }
    } else {
        std::fill(s.deltas.begin(), s.deltas.end(), 0.0);
    }
    s.base = s.cost - deltaSum;
    return s;
}

/// Adds one step to a per-terrain list (kept in order of first appearance).
void addTerrainStep(std::vector<WhyTerrain>& list, std::vector<std::unordered_set<TileCoord>>& seen,
                    const std::string& terrain, TileCoord cell, bool diagonal, double base, double cost)
{
    auto it = std::find_if(list.begin(), list.end(), [&](const WhyTerrain& t) { return t.terrain == terrain; });
    if (it == list.end()) {
        list.push_back({terrain, 0, 0, 0, 0.0, 0.0});
        seen.emplace_back();
        it = list.end() - 1;
    }
    const std::size_t i = std::size_t(it - list.begin());
    if (seen[i].insert(cell).second)
        ++it->cells;
    ++it->steps;
    it->diagonalSteps += diagonal ? 1 : 0;
    it->baseCost += base;
    it->stepCost += cost;
}

bool diagonalAllowed(path::DiagonalMode mode, bool sideA, bool sideB)
{
    switch (mode) {
    case path::DiagonalMode::Never: return false;
    case path::DiagonalMode::NoCornerCutting: return sideA && sideB;
    case path::DiagonalMode::AtMostOneObstacle: return sideA || sideB;
    case path::DiagonalMode::Always: return true;
    }
    return false;
}

WhyStraightLine straightLine(CellCache& cells, TileCoord a, TileCoord b, const path::MoveRules& movement,
                             const GridTopology& topology)
{
    WhyStraightLine line;
    if (topology.hex)
        topology.hexLine(a, b, line.cells);
    else
        line.cells = bresenhamLine(a, b);
    std::vector<std::unordered_set<TileCoord>> seen;
    double cost = 0.0;
    bool walkable = true;
    for (std::size_t i = 1; i < line.cells.size(); ++i) {
        const TileCoord from = line.cells[i - 1], to = line.cells[i];
        const bool diagonal = !topology.hex && from.x != to.x && from.y != to.y;
        line.diagonalSteps += diagonal ? 1 : 0;
        if (!walkable)
            continue;
        const CellExplanation* e = cells.at(to);
        if (!e || !e->passable) {
            walkable = false;
            line.blockedAt = to;
            line.blockedBy = !e ? std::string("off the map") : e->blockedBy.empty() ? "impassable" : e->blockedBy;
            continue;
        }
        if (diagonal && !diagonalAllowed(movement.diagonal, cells.passable({to.x, from.y}),
                                         cells.passable({from.x, to.y}))) {
            walkable = false;
            line.blockedAt = to;
            line.blockedBy = movement.diagonal == path::DiagonalMode::Never ? "no diagonal steps" : "corner rule";
            continue;
        }
        const StepSplit s = splitStep(*e, diagonal ? movement.diagonalFactor : 1.0);
        cost += s.cost;
        addTerrainStep(line.byTerrain, seen, baseTerrainOf(*e), to, diagonal, s.base, s.cost);
    }
    if (walkable)
        line.cost = cost;
    else
        line.byTerrain.clear();
    return line;
}

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

std::string signedNumber(double v)
{
    const std::string s = number(v);
    return s[0] == '-' || s == "0" ? s : "+" + s;
}

std::string coordText(TileCoord c)
{
    std::ostringstream os;  // not "(" + to_string(..): GCC 12 warns falsely (-Wrestrict) on that
    os << c;
    return os.str();
}

std::string jsonNumber(double v)
{
    if (!std::isfinite(v))
        return "null";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string jsonString(const std::string& s)
{
    std::string out = "\"";
    for (const char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

} // namespace

double PathWhy::baseSum() const
{
    double sum = 0.0;
    for (const WhyTerrain& t : byTerrain)
        sum += t.baseCost;
    return sum;
}

double PathWhy::deltaSum() const
{
    double sum = 0.0;
    for (const WhySource& s : bySource)
        sum += s.delta;
    return sum;
}

std::vector<TileCoord> bresenhamLine(TileCoord a, TileCoord b)
{
    std::vector<TileCoord> cells;
    const int dx = std::abs(b.x - a.x), sx = a.x < b.x ? 1 : -1;
    const int dy = -std::abs(b.y - a.y), sy = a.y < b.y ? 1 : -1;
    cells.reserve(std::size_t(std::max(dx, -dy)) + 1);
    int err = dx + dy;
    TileCoord c = a;
    for (;;) {
        cells.push_back(c);
        if (c == b)
            break;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            c.x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            c.y += sy;
        }
    }
    return cells;
}

PathWhy explainPath(const TerrainField& field, std::span<const TileCoord> path)
{
    return explainPath(field, path, field.rules().movement);
}

PathWhy explainPath(const TerrainField& field, std::span<const TileCoord> path, const path::MoveRules& movement,
                    const GridTopology& topology)
{
    PathWhy why;
    if (path.empty())
        return why;
    CellCache cells(field);
    std::vector<std::unordered_set<TileCoord>> seen;
    // Keyed (row, column, terrain): bySource comes out row-major by source, then by name.
    std::map<std::tuple<int, int, std::string>, std::pair<WhySource, std::size_t>> sources;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const TileCoord from = path[i - 1], to = path[i];
        const CellExplanation* e = cells.at(to);
        if (!e || !e->passable) {
            ++why.skippedSteps;
            continue;
        }
        const bool diagonal = !topology.hex && from.x != to.x && from.y != to.y;
        const StepSplit s = splitStep(*e, diagonal ? movement.diagonalFactor : 1.0);
        why.total += s.cost;  // same order and operands as A*'s g: bit-identical
        ++why.steps;
        (diagonal ? why.diagonalSteps : why.straightSteps) += 1;
        (diagonal ? why.diagonalCost : why.straightCost) += s.cost;
        if (e->clamped) {
            ++why.clampedSteps;
            why.clampResidue += s.cost - e->unclamped * (diagonal ? movement.diagonalFactor : 1.0);
        }
        const std::string terrain = baseTerrainOf(*e);
        addTerrainStep(why.byTerrain, seen, terrain, to, diagonal, s.base, s.cost);
        why.stepList.push_back({to, diagonal, s.cost, s.base, terrain, e->clamped});
        for (std::size_t k = 0; k < e->influences.size(); ++k) {
            const InfluenceContribution& inf = e->influences[k];
            auto [it, added] = sources.try_emplace({inf.source.y, inf.source.x, inf.terrain},
                                                   WhySource{inf.source, inf.terrain, 0, 0.0}, std::size_t(0));
            if (added || it->second.second != i)
                ++it->second.first.cells;  // a terrain stacked twice on one source counts once per step
            it->second.second = i;
            it->second.first.delta += s.deltas[k];
        }
    }
    for (auto& [key, value] : sources)
        why.bySource.push_back(value.first);
    why.straightLine = straightLine(cells, path.front(), path.back(), movement, topology);
    return why;
}

std::string describe(const PathWhy& why)
{
    std::ostringstream os;
    const WhyStraightLine& line = why.straightLine;
    // The path is named after the terrain it walks most, the line after what costs it most.
    const WhyTerrain* walked = nullptr;
    for (const WhyTerrain& t : why.byTerrain)
        if (!walked || t.steps > walked->steps || (t.steps == walked->steps && t.stepCost > walked->stepCost))
            walked = &t;
    const WhyTerrain* dearest = nullptr;
    for (const WhyTerrain& t : line.byTerrain)
        if (!dearest || t.stepCost > dearest->stepCost)
            dearest = &t;

    if (line.cells.empty())
        return "there is no path\n";
    if (why.steps == 0) {
        os << "the path has no steps: it costs 0\n";
    } else {
        const std::string pathCells = walked->terrain;
        bool straight = line.cost.has_value() && line.cells.size() == why.stepList.size() + 1;
        for (std::size_t i = 0; straight && i < why.stepList.size(); ++i)
            straight = why.stepList[i].cell == line.cells[i + 1];
        if (straight) {
            os << "the path goes straight through the " << pathCells << ": it costs " << number(why.total) << '\n';
        } else if (line.cost) {
            const double more = *line.cost - why.total;
            os << "the " << pathCells << " detour costs " << number(why.total) << "; straight through the "
               << (dearest ? dearest->terrain : std::string("none")) << " would cost " << number(*line.cost);
            if (number(more) != "0")
                os << " (" << number(std::abs(more)) << (more > 0 ? " more" : " less") << ")";
            os << '\n';
        } else {
            os << "the path along the " << pathCells << " costs " << number(why.total)
               << "; the straight line is blocked at " << coordText(*line.blockedAt) << " ("
               << line.blockedBy << ")\n";
        }
    }
    os << "steps: " << why.steps << " (" << why.straightSteps << " straight: " << number(why.straightCost) << ", "
       << why.diagonalSteps << " diagonal: " << number(why.diagonalCost) << "), total " << number(why.total) << '\n';
    os << "terrain without influence:";
    if (why.byTerrain.empty())
        os << " none";
    for (std::size_t i = 0; i < why.byTerrain.size(); ++i) {
        const WhyTerrain& t = why.byTerrain[i];
        os << (i ? ", " : " ") << t.terrain << ' ' << number(t.baseCost) << " (" << t.steps
           << (t.steps == 1 ? " step)" : " steps)");
    }
    os << '\n';
    os << "influence:";
    if (why.bySource.empty())
        os << " none";
    for (std::size_t i = 0; i < why.bySource.size(); ++i) {
        const WhySource& s = why.bySource[i];
        os << (i ? "; " : " ") << s.terrain << " at " << coordText(s.source) << ' ' << signedNumber(s.delta) << " ("
           << s.cells << (s.cells == 1 ? " cell)" : " cells)");
    }
    os << '\n';
    if (why.clampedSteps > 0)
        os << "clamped: " << why.clampedSteps << " steps; the clamping changed their cost by "
           << signedNumber(why.clampResidue) << " (shared among their influences)\n";
    if (why.skippedSteps > 0)
        os << "skipped: " << why.skippedSteps << " steps into impassable or off-map cells (not counted)\n";
    const int lineSteps = int(line.cells.size()) - 1;
    os << "straight line: " << lineSteps << " steps (" << line.diagonalSteps << " diagonal), ";
    if (line.cost) {
        os << "cost " << number(*line.cost);
        for (std::size_t i = 0; i < line.byTerrain.size(); ++i) {
            const WhyTerrain& t = line.byTerrain[i];
            os << (i ? ", " : ": ") << t.terrain << ' ' << number(t.stepCost) << " (" << t.steps
               << (t.steps == 1 ? " step)" : " steps)");
        }
    } else {
        os << "not walkable: blocked at " << coordText(*line.blockedAt) << " (" << line.blockedBy << ")";
    }
    os << '\n';
    return os.str();
}

std::ostream& operator<<(std::ostream& os, const PathWhy& why)
{
    return os << describe(why);
}

std::string whyJson(const PathWhy& why)
{
    std::string j = "{\"total\":" + jsonNumber(why.total) + ",\"base_by_terrain\":{";
    for (std::size_t i = 0; i < why.byTerrain.size(); ++i)
        j += (i ? "," : "") + jsonString(why.byTerrain[i].terrain) + ":" + jsonNumber(why.byTerrain[i].baseCost);
    j += "},\"influence_by_source\":[";
    for (std::size_t i = 0; i < why.bySource.size(); ++i) {
        const WhySource& s = why.bySource[i];
        j += std::string(i ? "," : "") + "{\"source\":[" + std::to_string(s.source.x) + "," +
             std::to_string(s.source.y) + "],\"terrain\":" + jsonString(s.terrain) +
             ",\"delta\":" + jsonNumber(s.delta) + "}";
    }
    j += "],\"straight_line_cost\":" + (why.straightLine.cost ? jsonNumber(*why.straightLine.cost) : "null") + "}";
    return j;
}

} // namespace isostar::terrain
