#pragma once
/// \file ValleyMap.hpp
/// The shipped maps/valley.tmx for the editor tests (loaded once), its layers by name and the
/// gids of the shipped art (assets/README.md: ground.tsx firstgid 1, tall.tsx firstgid 121).

#include "engine/map/MapData.hpp"
#include "engine/map/MapLoader.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace edittest {

/// maps/valley.tmx, loaded once (the test fails when it does not load).
inline const isostar::map::MapData& valley()
{
    static const isostar::map::MapData map = [] {
        isostar::Result<isostar::map::MapData> r = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/maps/valley.tmx");
        INFO(isostar::formatDiagnostics(r.diagnostics()));
        REQUIRE(r.ok());
        return r.value();
    }();
    return map;
}

/// The top-level layer of `map` named `name` (the test fails when there is none).
inline const isostar::map::Layer& layerNamed(const isostar::map::MapData& map, const std::string& name)
{
    for (const isostar::map::Layer& l : map.layers)
        if (l.name == name)
            return l;
    FAIL("no layer " << name);
    return map.layers.front();
}

using isostar::map::Gid;
constexpr Gid Ground = 1, Tall = 121;
constexpr Gid RoadIsolated = Ground + 16, RoadFirst = Ground + 16, WallIsolated = Tall + 0, WallFirst = Tall + 0;
constexpr Gid Volcano = Tall + 16, VolcanoErupting = Tall + 17, Tombstone = Tall + 21;
constexpr Gid Tent = Tall + 23, Castle = Tall + 24, BridgeX = Tall + 31, BridgeY = Tall + 32;

} // namespace edittest
