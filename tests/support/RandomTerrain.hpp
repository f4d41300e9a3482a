#pragma once
/// \file RandomTerrain.hpp
/// Random terrain maps for the property tests of engine/terrain: every cell grass or snow, and
/// on top of it with the given chances a wall, a road, an erupting or dormant volcano or a
/// tombstone (and optionally a second tombstone on the same cell: one source, two terrains).
///
/// \code
/// std::mt19937 rng(1);
/// const isostar::terrain::TerrainGrid g = testsupport::randomTerrainGrid(rng, 24, 24, {});
/// \endcode

#include "engine/terrain/TerrainGrid.hpp"

#include <random>

namespace testsupport {

/// Chances in percent; the overlays are exclusive and drawn in this order.
struct TerrainMix {
    int snow = 35;
    int wall = 18;
    int road = 16;
    int volcano = 3;        ///< erupting
    int dormant = 2;        ///< dormant volcano
    int tomb = 3;
    int secondTomb = 0;     ///< a second tombstone on the cell (0: the draw is skipped)
};

inline isostar::terrain::TerrainGrid randomTerrainGrid(std::mt19937& rng, int w, int h, const TerrainMix& mix)
{
    isostar::terrain::TerrainGrid g(w, h);
    const isostar::terrain::TerrainId grass = g.intern("grass"), snow = g.intern("snow"), road = g.intern("road"),
                                  wall = g.intern("wall"), volcano = g.intern("volcano_erupting"),
                                  dormant = g.intern("volcano"), tomb = g.intern("tombstone");
    std::uniform_int_distribution<int> pct(0, 99);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            g.push({x, y}, pct(rng) < mix.snow ? snow : grass);
            int r = pct(rng);
            if ((r -= mix.wall) < 0)
                g.push({x, y}, wall);
            else if ((r -= mix.road) < 0)
                g.push({x, y}, road);
            else if ((r -= mix.volcano) < 0)
                g.push({x, y}, volcano);
            else if ((r -= mix.dormant) < 0)
                g.push({x, y}, dormant);
            else if ((r -= mix.tomb) < 0)
                g.push({x, y}, tomb);
            if (mix.secondTomb > 0 && pct(rng) < mix.secondTomb)
                g.push({x, y}, tomb);
        }
    return g;
}

} // namespace testsupport
