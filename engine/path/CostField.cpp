#include "engine/path/CostField.hpp"

#include <ostream>

namespace isostar::path {

std::ostream& operator<<(std::ostream& os, const CostField& f)
{
    os << "CostField " << f.width << 'x' << f.height;
    // Small fields print in full so a failing ASCII-grid test shows the grid it ran on.
    if (f.width > 0 && f.height > 0 && f.width * f.height <= 400 &&
        f.cost.size() == std::size_t(f.width * f.height)) {
        for (int y = 0; y < f.height; ++y) {
            os << '\n';
            for (int x = 0; x < f.width; ++x) {
                const float c = f.at({x, y});
                if (isPassableCost(c))
                    os << ' ' << c;
                else
                    os << " #";
            }
        }
    }
    return os;
}

} // namespace isostar::path
