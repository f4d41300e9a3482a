#include "engine/anim/Direction.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <numbers>
#include <ostream>

namespace isostar::anim {

namespace {
constexpr std::array<std::string_view, DirectionCount> Names = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
}

std::string_view directionName(Direction8 d)
{
    return Names[std::size_t(d)];
}

std::optional<Direction8> parseDirection(std::string_view name)
{
    for (std::size_t i = 0; i < Names.size(); ++i) {
        const std::string_view n = Names[i];
        if (n.size() != name.size())
            continue;
        bool same = true;
        for (std::size_t k = 0; k < n.size(); ++k)
            same = same && std::toupper(static_cast<unsigned char>(name[k])) == n[k];
        if (same)
            return Direction8(i);
    }
    return std::nullopt;
}

std::optional<Direction8> facingForScreenDelta(double dx, double dy)
{
    if (dx == 0.0 && dy == 0.0)
        return std::nullopt;
    // Angle clockwise from "up" (screen y grows down), in [0, 2pi).
    double a = std::atan2(dx, -dy);
    if (a < 0)
        a += 2.0 * std::numbers::pi;
    const int sector = int(std::floor(a / (std::numbers::pi / 4.0) + 0.5)) % DirectionCount;
    return Direction8(sector);
}

std::optional<Direction8> facingForTileStep(int dx, int dy, bool isometric, double tileW, double tileH)
{
    if (!isometric)
        return facingForScreenDelta(dx, dy);
    // Tiled's isometric projection: +x goes right-down, +y goes left-down.
    return facingForScreenDelta((dx - dy) * tileW * 0.5, (dx + dy) * tileH * 0.5);
}

std::ostream& operator<<(std::ostream& os, Direction8 d)
{
    return os << directionName(d);
}

} // namespace isostar::anim
