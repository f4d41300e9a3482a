// Bad input of `isopath path` and `isopath bench` (Usage.hpp).

#include "tools/isopath/Usage.hpp"

#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/WeightedJumpSearch.hpp"

#include <optional>
#include <sstream>

namespace isopath {

std::string quoted(const std::string& s)
{
    return "\"" + s + "\"";
}

SearchChoice parseSearchChoice(const std::string& algorithm, const std::string& landmarks)
{
    SearchChoice choice;
    const std::optional<Algorithm> requested = isostar::path::parseSearchAlgorithm(algorithm);
    if (!requested)
        throw UsageError{"unknown algorithm " + quoted(algorithm) + " (expected auto, astar, jps, jpsw)"};
    choice.requested = *requested;
    if (!isostar::path::parseLandmarkMode(landmarks, choice.landmarks.mode))
        throw UsageError{"unknown landmark mode " + quoted(landmarks) + " (expected auto, on, off)"};
    return choice;
}

void requireSupported(Algorithm algorithm, const isostar::path::NavGrid& grid, int layer, const std::string& mapPath)
{
    if ((algorithm == Algorithm::Jps || algorithm == Algorithm::Jpsw) && grid.hex()) {
        std::ostringstream why;
        why << "--algorithm " << algorithm << " searches square grids only: "
            << (mapPath.empty() ? std::string("the map") : mapPath) << " is " << grid.topology()
            << " (use astar or auto)";
        throw UsageError{why.str()};
    }
    const std::string tail = (mapPath.empty() ? std::string() : "; " + mapPath + " does not") + " (use astar or auto)";
    if (algorithm == Algorithm::Jps && !isostar::path::JumpPointSearch::supports(grid, layer))
        throw UsageError{"--algorithm jps needs every passable cell to cost the same, diagonal no-corner-cutting "
                         "and a diagonal factor in [1, 2)" + tail};
    if (algorithm == Algorithm::Jpsw && !isostar::path::WeightedJumpSearch::supports(grid, layer))
        throw UsageError{"--algorithm jpsw needs diagonal no-corner-cutting and a diagonal factor in [1, 2)" + tail};
}

} // namespace isopath
