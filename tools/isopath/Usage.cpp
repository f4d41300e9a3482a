// Bad input of `isopath path` and `isopath bench` (Usage.hpp).

#include "tools/isopath/Usage.hpp"

#include "engine/path/Footprint.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/WeightedJumpSearch.hpp"

#include <charconv>
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

int parseUnitSize(const std::string& text)
{
    int v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v < 1 ||
        v > isostar::path::MaxFootprintSize)
        throw UsageError{"--size " + quoted(text) + ": expected a unit size from 1 to " +
                         std::to_string(isostar::path::MaxFootprintSize) + " (the unit covers size x size cells)"};
    return v;
}

int unitSizeOn(const isostar::GridTopology& topology, int size, bool explicitSize, const std::string& mapPath,
               std::string& warning)
{
    if (!topology.hex || size <= 1)
        return size;
    std::ostringstream where;
    where << mapPath << " is " << topology;
    if (explicitSize)
        throw UsageError{"--size " + std::to_string(size) + ": units bigger than a cell need a square grid: " +
                         where.str()};
    warning = "the profile's size " + std::to_string(size) + " does not apply: " + where.str() +
              " (units bigger than a cell need a square grid); searching for a unit of one cell";
    return 1;
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
