#include "game/rules/ProfileLayer.hpp"

#include "game/rules/Footprint.hpp"

namespace game {

int profileLayer(const isostar::path::NavGrid& grid, std::string_view profile)
{
    if (grid.layerCount() == 0)
        return -1;
    if (profile.empty())
        return 0;
    return grid.findLayer(profile);
}

int footprintLayer(const isostar::path::NavGrid& grid, int layer, int size)
{
    if (!grid.validLayer(layer) || size < 1 || size > MaxUnitSize)
        return -1;
    if (size == 1)
        return layer;
    for (int l = 0; l < grid.layerCount(); ++l)
        if (l != layer && grid.footprintBase(l) == layer && grid.footprintSize(l) == size)
            return l;
    return -1;
}

} // namespace game
