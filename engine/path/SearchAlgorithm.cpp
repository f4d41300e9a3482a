#include "engine/path/SearchAlgorithm.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/WeightedJumpSearch.hpp"

#include <ostream>

namespace isostar::path {

std::optional<SearchAlgorithm> parseSearchAlgorithm(std::string_view name)
{
    for (SearchAlgorithm a : {SearchAlgorithm::Auto, SearchAlgorithm::AStar, SearchAlgorithm::Jps, SearchAlgorithm::Jpsw})
        if (name == searchAlgorithmName(a))
            return a;
    return std::nullopt;
}

std::string_view searchAlgorithmName(SearchAlgorithm algorithm)
{
    switch (algorithm) {
    case SearchAlgorithm::Auto: return "auto";
    case SearchAlgorithm::AStar: return "astar";
    case SearchAlgorithm::Jps: return "jps";
    case SearchAlgorithm::Jpsw: return "jpsw";
    }
    return "auto";
}

std::ostream& operator<<(std::ostream& os, SearchAlgorithm algorithm)
{
    return os << searchAlgorithmName(algorithm);
}

SearchAlgorithm resolveAlgorithm(SearchAlgorithm requested, const NavGrid& grid, int layer)
{
    if (requested != SearchAlgorithm::Auto)
        return requested;
    if (!grid.validLayer(layer) || grid.rules(layer).weight != 1.0 || grid.hex())
        return SearchAlgorithm::AStar;
    if (JumpPointSearch::supports(grid, layer))
        return SearchAlgorithm::Jps;
    if (WeightedJumpSearch::supports(grid, layer) && grid.landmarks(layer) != nullptr)
        return SearchAlgorithm::Jpsw;
    return SearchAlgorithm::AStar;
}

} // namespace isostar::path
