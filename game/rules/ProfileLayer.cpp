#include "game/rules/ProfileLayer.hpp"

namespace game {

int profileLayer(const isostar::path::NavGrid& grid, std::string_view profile)
{
    if (grid.layerCount() == 0)
        return -1;
    if (profile.empty())
        return 0;
    return grid.findLayer(profile);
}

} // namespace game
