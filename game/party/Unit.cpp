#include "game/party/Unit.hpp"

#include <cmath>

namespace game {

std::vector<eng::TileCoord> remainingPath(const Unit& u)
{
    eng::TileCoord cell{int(std::floor(u.pos.x)), int(std::floor(u.pos.y))};
    if (cell != u.tile && !(u.stepping && cell == u.stepTo))
        cell = u.tile;  // exactly between cells on a diagonal step
    std::vector<eng::TileCoord> out{cell};
    if (u.stepping && u.stepTo != cell)
        out.push_back(u.stepTo);
    out.insert(out.end(), u.path.begin(), u.path.end());
    return out;
}

} // namespace game
