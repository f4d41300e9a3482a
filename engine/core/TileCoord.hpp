#pragma once
/// \file TileCoord.hpp
/// Integer cell coordinates in Tiled's tile space: x = column, y = row, (0,0) top-left of the map.

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string_view>  // std::hash and its integer specializations (not all of <functional>)

namespace isostar {

struct TileCoord {
    int x = 0;
    int y = 0;
    bool operator==(const TileCoord&) const = default;
    auto operator<=>(const TileCoord&) const = default;
};

inline std::ostream& operator<<(std::ostream& os, const TileCoord& c)
{
    return os << '(' << c.x << ',' << c.y << ')';
}

/// Continuous position in tile space (same axes as TileCoord; cell (x,y) spans [x,x+1)x[y,y+1)).
struct TilePos {
    double x = 0.0;
    double y = 0.0;
    bool operator==(const TilePos&) const = default;
};

inline std::ostream& operator<<(std::ostream& os, const TilePos& p)
{
    return os << '(' << p.x << ',' << p.y << ')';
}

} // namespace isostar

template <>
struct std::hash<isostar::TileCoord> {
    std::size_t operator()(const isostar::TileCoord& c) const noexcept
    {
        return std::hash<std::uint64_t>{}((std::uint64_t(std::uint32_t(c.x)) << 32) | std::uint32_t(c.y));
    }
};
