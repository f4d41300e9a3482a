#pragma once
/// \file Algorithm.hpp
/// The search algorithm of `isopath path`, `isopath scen` and `isopath bench`
/// (`--algorithm auto|astar|jps|jpsw`).

#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/WeightedJumpSearch.hpp"
#include "engine/path/NavGrid.hpp"

#include <optional>
#include <string_view>

namespace isopath {

enum class Algorithm {
    Auto,   ///< jps where it is exact (see resolveAlgorithm), else astar. Name "auto".
    AStar,  ///< GridQuery's A*. Name "astar".
    Jps,    ///< JumpPointSearch. Name "jps".
    Jpsw,   ///< WeightedJumpSearch. Name "jpsw".
};

/// "auto" | "astar" | "jps"; nullopt otherwise.
inline std::optional<Algorithm> parseAlgorithm(std::string_view name)
{
    if (name == "auto")
        return Algorithm::Auto;
    if (name == "astar")
        return Algorithm::AStar;
    if (name == "jps")
        return Algorithm::Jps;
    if (name == "jpsw")
        return Algorithm::Jpsw;
    return std::nullopt;
}

inline std::string_view algorithmName(Algorithm a)
{
    switch (a) {
    case Algorithm::Auto: return "auto";
    case Algorithm::AStar: return "astar";
    case Algorithm::Jps: return "jps";
    case Algorithm::Jpsw: return "jpsw";
    }
    return "auto";
}

/// The algorithm that runs on `layer`: Auto becomes Jps when JumpPointSearch::supports() the
/// layer (every passable cell costs the same, no corner cutting) and the weight is 1 (a weight
/// above 1 asks for weighted A*), else AStar. AStar and Jps stay as asked; the caller checks
/// that Jps is supported.
inline Algorithm resolveAlgorithm(Algorithm requested, const eng::path::NavGrid& grid, int layer)
{
    if (requested != Algorithm::Auto)
        return requested;
    return eng::path::JumpPointSearch::supports(grid, layer) && grid.rules(layer).weight == 1.0 ? Algorithm::Jps
                                                                                                : Algorithm::AStar;
}

} // namespace isopath
