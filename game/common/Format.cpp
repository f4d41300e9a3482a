#include "game/common/Format.hpp"

#include <cmath>
#include <cstdio>

namespace game {

std::string fmt(double v, int decimals)
{
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string tileStr(isostar::TileCoord c)
{
    // Appended piece by piece: the same text as "(" + x + ", " + y + ")", which GCC 12 flags
    // with a false -Wrestrict (GCC bug 105329) once it is compiled out of line.
    std::string s = "(";
    s += std::to_string(c.x);
    s += ", ";
    s += std::to_string(c.y);
    s += ")";
    return s;
}

} // namespace game
