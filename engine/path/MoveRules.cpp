#include "engine/path/MoveRules.hpp"

#include <cmath>
#include <ostream>

namespace isostar::path {

bool isValid(const MoveRules& rules)
{
    return std::isfinite(rules.diagonalFactor) && rules.diagonalFactor > 0.0 &&
           std::isfinite(rules.weight) && rules.weight > 0.0;
}

std::optional<DiagonalMode> parseDiagonalMode(std::string_view name)
{
    if (name == "never" || name == "4")
        return DiagonalMode::Never;
    if (name == "no-corner-cutting" || name == "no-corner")
        return DiagonalMode::NoCornerCutting;
    if (name == "one-obstacle" || name == "corner-cutting")
        return DiagonalMode::AtMostOneObstacle;
    if (name == "always" || name == "8")
        return DiagonalMode::Always;
    return std::nullopt;
}

std::optional<Heuristic> parseHeuristic(std::string_view name)
{
    if (name == "octile")
        return Heuristic::Octile;
    if (name == "euclidean")
        return Heuristic::Euclidean;
    if (name == "manhattan")
        return Heuristic::Manhattan;
    if (name == "chebyshev")
        return Heuristic::Chebyshev;
    if (name == "zero" || name == "dijkstra")
        return Heuristic::Zero;
    return std::nullopt;
}

std::string_view diagonalModeName(DiagonalMode mode)
{
    switch (mode) {
    case DiagonalMode::Never: return "never";
    case DiagonalMode::NoCornerCutting: return "no-corner-cutting";
    case DiagonalMode::AtMostOneObstacle: return "one-obstacle";
    case DiagonalMode::Always: return "always";
    }
    return "?";
}

std::string_view heuristicName(Heuristic h)
{
    switch (h) {
    case Heuristic::Octile: return "octile";
    case Heuristic::Euclidean: return "euclidean";
    case Heuristic::Manhattan: return "manhattan";
    case Heuristic::Chebyshev: return "chebyshev";
    case Heuristic::Zero: return "zero";
    }
    return "?";
}

std::string_view diagonalModeNames()
{
    return "never, no-corner-cutting, one-obstacle, always";
}

std::string_view heuristicNames()
{
    return "octile, euclidean, manhattan, chebyshev, zero (or dijkstra)";
}

std::ostream& operator<<(std::ostream& os, DiagonalMode mode)
{
    return os << diagonalModeName(mode);
}

std::ostream& operator<<(std::ostream& os, Heuristic h)
{
    return os << heuristicName(h);
}

std::ostream& operator<<(std::ostream& os, const MoveRules& rules)
{
    return os << "{diagonal " << rules.diagonal << ", factor " << rules.diagonalFactor << ", heuristic "
              << rules.heuristic << ", weight " << rules.weight << '}';
}

} // namespace isostar::path
