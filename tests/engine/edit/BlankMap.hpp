#pragma once
/// \file BlankMap.hpp
/// A map with another map's tilesets and layers but `w` x `h` cells: the ground layer all
/// grass (gid 1, the shipped art's first tile), every other tile layer empty. For the editor
/// tests that paint on a known blank field.

#include "engine/map/MapData.hpp"

#include <cstddef>

namespace testsupport {

inline isostar::map::MapData blankCopy(isostar::map::MapData map, int w, int h)
{
    map.width = w;
    map.height = h;
    for (isostar::map::Layer& l : map.layers) {
        if (l.type != isostar::map::LayerType::Tile)
            continue;
        l.tiles.width = w;
        l.tiles.height = h;
        l.tiles.gids.assign(std::size_t(w * h), l.name == "ground" ? 1u : 0u);
        l.tiles.flipFlags.assign(std::size_t(w * h), 0);
    }
    return map;
}

} // namespace testsupport
