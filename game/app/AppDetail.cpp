#include "game/app/AppDetail.hpp"

#include <iomanip>
#include <sstream>

namespace game::detail {

std::string fmt(double v, int decimals)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << v;
    return s.str();
}

std::string tileStr(eng::TileCoord c)
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

} // namespace game::detail
