#pragma once
/// \file MapTopology.hpp
/// The neighbourhood of a map's cells as the engine plans on them: Tiled's hexagonal maps are
/// hex grids (staggeraxis and staggerindex give the layout, GridTopology.hpp); every other
/// orientation (orthogonal, isometric, and staggered maps on their playable grid) is square.
///
/// \code
/// #include "engine/path/NavGrid.hpp"
/// const isostar::map::MapData map;                                   // as loaded (MapLoader.hpp)
/// const isostar::GridTopology topology = isostar::map::gridTopology(map);
/// isostar::path::NavGrid grid;
/// grid.reset(map.width, map.height, topology);
/// \endcode

#include "engine/core/GridTopology.hpp"
#include "engine/map/MapData.hpp"

namespace isostar::map {

/// Square for every orientation but Hexagonal; a hex layout for that. O(1).
inline GridTopology gridTopology(const MapData& map)
{
    if (map.orientation != Orientation::Hexagonal)
        return GridTopology::square();
    return GridTopology::hexagonal(map.staggerAxis == StaggerAxis::X ? HexAxis::Columns : HexAxis::Rows,
                                   map.staggerIndex == StaggerIndex::Odd);
}

} // namespace isostar::map
