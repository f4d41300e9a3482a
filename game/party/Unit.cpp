#include "game/party/Unit.hpp"

#include <algorithm>
#include <cmath>

namespace game {

std::vector<isostar::TileCoord> remainingPath(const Unit& u)
{
    isostar::TileCoord cell{int(std::floor(u.pos.x)), int(std::floor(u.pos.y))};
    if (cell != u.tile && !(u.stepping && cell == u.stepTo))
        cell = u.tile;  // exactly between cells on a diagonal step
    std::vector<isostar::TileCoord> out{cell};
    if (u.stepping && u.stepTo != cell)
        out.push_back(u.stepTo);
    out.insert(out.end(), u.path.begin(), u.path.end());
    return out;
}

std::vector<isostar::TileCoord> remainingPlan(const Unit& u)
{
    if (u.walk.smoothed.waypoints.empty() || u.walk.planned.empty() || !u.moving())
        return remainingPath(u);
    const std::size_t from = std::min(std::size_t(std::max(0, u.walk.gridIndex)), u.walk.planned.size() - 1);
    return {u.walk.planned.begin() + std::ptrdiff_t(from), u.walk.planned.end()};
}

} // namespace game
