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
    Auto,   ///< the fastest exact search for the layer (see resolveAlgorithm). Name "auto".
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

/// The algorithm that runs on `layer`; AStar, Jps and Jpsw stay as asked (the caller checks
/// that Jps / Jpsw support the layer). Auto picks the fastest exact search measured for the
/// layer's kind (docs/PERFORMANCE.md, "Choosing the algorithm"):
/// - weight above 1: AStar (weighted A* is what was asked for);
/// - Jps when JumpPointSearch::supports() the layer (every passable cell costs the same);
/// - Jpsw when WeightedJumpSearch::supports() the layer and it has a usable landmark table
///   (without one, jpsw's own table costs more to build than one query saves, and on fields of
///   scattered walls and odd cells its queries are slower than A*'s);
/// - else AStar.
inline Algorithm resolveAlgorithm(Algorithm requested, const eng::path::NavGrid& grid, int layer)
{
    if (requested != Algorithm::Auto)
        return requested;
    if (grid.rules(layer).weight != 1.0)
        return Algorithm::AStar;
    if (eng::path::JumpPointSearch::supports(grid, layer))
        return Algorithm::Jps;
    if (eng::path::WeightedJumpSearch::supports(grid, layer) && grid.landmarks(layer) != nullptr)
        return Algorithm::Jpsw;
    return Algorithm::AStar;
}

} // namespace isopath
