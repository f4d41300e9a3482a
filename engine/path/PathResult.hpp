#pragma once
/// \file PathResult.hpp
/// What a path query returns: a status in the style of Detour, the cells and the cost.

#include "engine/core/TileCoord.hpp"

#include <iosfwd>
#include <string_view>
#include <vector>

namespace isostar::path {

/// Outcome of a query. Only Found and Partial carry a path.
enum class PathStatus {
    Found,         ///< path from start to goal (start == goal: path {start}, cost 0)
    Partial,       ///< goal unreachable (other island, or impassable): path to the reachable
                   ///< cell closest to the goal (Euclidean), ties by lower cost, then lower
                   ///< row-major index. May be just {start}.
    NoPath,        ///< goal unreachable and partial paths were switched off (or: no target of
                   ///< findNearest is reachable). Empty path. Decided in O(1) from the islands.
    InProgress,    ///< time-sliced search not finished yet (beginSearch / step)
    StartInvalid,  ///< start off the map or impassable
    GoalInvalid,   ///< goal off the map (an impassable goal ON the map gives Partial)
    InvalidInput,  ///< pathfinder not initialised, bad field/rules, or no search running
};

/// "found", "partial", "no-path", "in-progress", "start-invalid", "goal-invalid", "invalid-input".
std::string_view statusName(PathStatus s);
/// True for Found and Partial (a usable path is in the result).
inline bool hasPath(PathStatus s)
{
    return s == PathStatus::Found || s == PathStatus::Partial;
}

/// Result of one query. Reuse one object across queries: `path` keeps its capacity.
struct PathResult {
    PathStatus status = PathStatus::InvalidInput;
    double cost = 0.0;            ///< sum of step costs along `path` (0 when no path)
    std::vector<TileCoord> path;  ///< start .. end inclusive (end = goal when Found)
    int expanded = 0;             ///< cells taken off the open list (closed) by this query

    bool operator==(const PathResult&) const = default;
};

std::ostream& operator<<(std::ostream& os, PathStatus s);
std::ostream& operator<<(std::ostream& os, const PathResult& r);

} // namespace isostar::path
