/// \file JumpPointSearch.cpp
/// Jump point search: the weighted jump search restricted to uniform layers.
#include "engine/path/JumpPointSearch.hpp"

#include "engine/path/jump/JumpQuery.hpp"

namespace isostar::path {

bool JumpPointSearch::supports(const NavGrid& grid, int layer)
{
    return WeightedJumpSearch::supports(grid, layer) && grid.uniformCost(layer);
}

PathStatus JumpPointSearch::findPath(const NavGrid& grid, int layer, const JumpPointGrid& jumps, TileCoord start,
                                     TileCoord goal, PathResult& out)
{
    if (!supports(grid, layer)) {
        out.status = *detail::refuseJumpQuery(grid, layer, false, start, goal, out);
        return out.status;
    }
    return m_search.findPath(grid, layer, jumps, start, goal, out);
}

} // namespace isostar::path
