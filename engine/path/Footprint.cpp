/// \file Footprint.cpp
/// footprintField(): the footprint costs of a whole field (detail/FootprintMax.hpp).
#include "engine/path/Footprint.hpp"

#include "engine/path/detail/FootprintMax.hpp"

namespace isostar::path {

CostField footprintField(const CostField& base, int size)
{
    if (size < 1 || size > MaxFootprintSize)
        return {};
    if (size == 1 || base.width <= 0 || base.height <= 0)
        return base;
    CostField out;
    out.width = base.width;
    out.height = base.height;
    detail::FootprintScratch scratch;
    const auto cellCost = [&](int x, int y) { return base.cost[std::size_t(y) * std::size_t(base.width) + std::size_t(x)]; };
    detail::footprintBlock(base.width, base.height, size, 0, 0, base.width - 1, base.height - 1, cellCost, scratch,
                           out.cost);
    return out;
}

} // namespace isostar::path
