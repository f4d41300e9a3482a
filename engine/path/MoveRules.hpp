#pragma once
/// \file MoveRules.hpp
/// How a unit may move over a CostField: which diagonal steps are allowed, what they cost, and
/// which heuristic guides A*. Plain value; parse/name functions serve the CLI and TOML configs.

#include <iosfwd>
#include <optional>
#include <string_view>

namespace isostar::path {

/// Which of the 8 neighbours can be entered. Orthogonal steps need only a passable target.
enum class DiagonalMode {
    Never,              ///< 4-connected. Name "never".
    NoCornerCutting,    ///< diagonal only if both orthogonal side cells are passable
                        ///< (Moving AI / HOG2 rule; the article's). Name "no-corner-cutting".
    AtMostOneObstacle,  ///< diagonal if at least one side cell is passable. Name "one-obstacle".
    Always,             ///< diagonal whenever the target is passable. Name "always".
};

/// Distance estimate used by A*. Every heuristic is multiplied by the cheapest cell cost of the
/// field and by a factor that keeps it a lower bound under the diagonal rules (e.g. Manhattan on
/// an 8-connected grid is scaled by min(1, diagonalFactor/2)), so with weight 1 every path is
/// optimal whatever the choice; they differ only in how many cells get expanded.
enum class Heuristic {
    Octile,     ///< exact distance on an empty 8-connected grid. Name "octile".
    Euclidean,  ///< straight-line distance. Name "euclidean".
    Manhattan,  ///< |dx|+|dy|, exact for 4-connected grids. Name "manhattan".
    Chebyshev,  ///< max(|dx|,|dy|). Name "chebyshev".
    Zero,       ///< h = 0: plain Dijkstra. Names "zero" and "dijkstra".
};

/// Movement rules of one unit profile.
struct MoveRules {
    DiagonalMode diagonal = DiagonalMode::NoCornerCutting;
    /// A diagonal step costs the entered cell's cost x this. [Limit: finite, > 0]
    /// 1.414f is the article's value; Moving AI benchmarks need exactly sqrt(2) (see
    /// `movingAiRules()` in MovingAi.hpp). Stored as double so sqrt(2) is not rounded to float.
    double diagonalFactor = 1.414;
    Heuristic heuristic = Heuristic::Octile;
    /// Weighted A*: f = g + weight*h. [Limit: finite, > 0] 1 = optimal paths. Above 1 A* expands
    /// fewer cells but the path may cost up to `weight` x the optimum: NOT optimal then.
    double weight = 1.0;
    /// Units walk smoothed (any-angle, AnyAngle.hpp) segments instead of the grid path's
    /// eight-direction steps. The searches ignore it; it is the game's walking rule
    /// (`[movement] smoothing = "on" | "off"`).
    bool smoothing = true;

    bool operator==(const MoveRules&) const = default;
};

/// True when diagonalFactor and weight are finite and > 0.
bool isValid(const MoveRules& rules);

/// "never" | "no-corner-cutting" | "one-obstacle" | "always" (case-sensitive); nullopt otherwise.
/// Also accepts the aliases "4", "no-corner", "corner-cutting" (= one-obstacle) and "8" (= always).
std::optional<DiagonalMode> parseDiagonalMode(std::string_view name);
/// "octile" | "euclidean" | "manhattan" | "chebyshev" | "zero" | "dijkstra"; nullopt otherwise.
std::optional<Heuristic> parseHeuristic(std::string_view name);
/// Canonical names as listed above (round-trip with the parse functions).
std::string_view diagonalModeName(DiagonalMode mode);
std::string_view heuristicName(Heuristic h);
/// All accepted canonical names separated by ", " (for error messages).
std::string_view diagonalModeNames();
std::string_view heuristicNames();

std::ostream& operator<<(std::ostream& os, DiagonalMode mode);
std::ostream& operator<<(std::ostream& os, Heuristic h);
std::ostream& operator<<(std::ostream& os, const MoveRules& rules);

} // namespace isostar::path
