/// \file TerrainExplanation.cpp
/// The text forms of a CellExplanation (declared in TerrainField.hpp).
#include "engine/terrain/TerrainField.hpp"

#include <ostream>
#include <sstream>

namespace isostar::terrain {

std::string impassableText(const CellExplanation& e)
{
    if (e.passable)
        return {};
    return e.blockedBy.empty() ? std::string("impassable") : "impassable (" + e.blockedBy + ")";
}

std::vector<std::string> explanationLines(const CellExplanation& e, std::size_t maxInfluences)
{
    std::vector<std::string> lines;
    std::ostringstream os;
    const auto line = [&] {
        lines.push_back(os.str());
        os.str("");
    };
    os << "cell " << e.cell << ": ";
    if (e.terrains.empty())
        os << "no terrain";
    for (std::size_t i = 0; i < e.terrains.size(); ++i)
        os << (i ? " < " : "") << e.terrains[i];
    os << (e.terrains.size() > 1 ? " (bottom to top)" : "");
    line();
    if (e.coveredCount > 0 && std::size_t(e.coveredCount) < e.terrains.size()) {
        os << "  covered (no effect): " << e.coveredCount << " terrain(s) below " << e.terrains[std::size_t(e.coveredCount)];
        line();
    }
    for (std::size_t i = 0; i < e.unknown.size(); ++i) {
        os << "  " << unknownTerrainText(e.unknown[i], i < e.unknownFrom.size() ? e.unknownFrom[i] : std::string());
        line();
    }
    if (!e.passable) {
        os << "  " << impassableText(e);
        line();
        return lines;
    }
    os << "  base cost " << e.baseCost << (e.baseFrom.empty() ? " (default)" : " (" + e.baseFrom + ")");
    line();
    for (const auto& [name, m] : e.multipliers) {
        os << "  x " << m << " (" << name << ")";
        line();
    }
    for (std::size_t k = 0; k < e.influences.size(); ++k) {
        if (k == maxInfluences) {
            os << "  ... " << e.influences.size() - k << " more influences";
            line();
            break;
        }
        const InfluenceContribution& i = e.influences[k];
        os << "  " << (i.effect == InfluenceEffect::Multiply ? "x " : "/ ") << i.factor << " (" << i.terrain << " at "
           << i.source << ", d = " << i.distance << ")";
        line();
    }
    os << "  = " << e.cost << (e.clamped ? " (clamped)" : "");
    line();
    return lines;
}

std::string describe(const CellExplanation& e)
{
    std::string out;
    for (const std::string& l : explanationLines(e)) {
        out += l;
        out += '\n';
    }
    return out;
}

std::ostream& operator<<(std::ostream& os, const CellExplanation& e)
{
    return os << describe(e);
}

} // namespace isostar::terrain
