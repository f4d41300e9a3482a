#pragma once
// Builds a CostField from ASCII rows: '.' grass 1, 's' snow 3, 'r' road 0.5, '#' wall.

#include "engine/path/CostField.hpp"

#include <string>
#include <vector>

inline eng::path::CostField gridFromAscii(const std::vector<std::string>& rows)
{
    eng::path::CostField f(int(rows[0].size()), int(rows.size()));
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x) {
            const char c = rows[std::size_t(y)][std::size_t(x)];
            f.at({x, y}) = c == '#' ? eng::path::Impassable : c == 's' ? 3.0f : c == 'r' ? 0.5f : 1.0f;
        }
    return f;
}
