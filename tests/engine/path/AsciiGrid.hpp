#pragma once
// ASCII grids for path tests (Red Blob Games style). Legend:
//   .  grass, cost 1          #  wall (Impassable)      1-9  that cost
//   r  road, cost 0.5         v  volcano warmth, 0.05    S / G  start / goal on grass
// Rows are separated by newlines; leading/trailing blank lines and indentation are ignored.

#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace pathtest {

struct AsciiGrid {
    isostar::path::CostField field;
    isostar::TileCoord start{-1, -1};
    isostar::TileCoord goal{-1, -1};
    std::vector<isostar::TileCoord> marks;  ///< cells marked '*' (cost 1), in row-major order
};

inline AsciiGrid parseGrid(const std::string& text)
{
    std::vector<std::string> rows;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t a = line.find_first_not_of(" \t");
        if (a == std::string::npos)
            continue;
        rows.push_back(line.substr(a, line.find_last_not_of(" \t") - a + 1));
    }
    AsciiGrid g;
    const int h = int(rows.size());
    const int w = h > 0 ? int(rows[0].size()) : 0;
    g.field = isostar::path::CostField(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const char c = x < int(rows[std::size_t(y)].size()) ? rows[std::size_t(y)][std::size_t(x)] : '#';
            float cost = 1.0f;
            if (c == '#')
                cost = isostar::path::Impassable;
            else if (c >= '1' && c <= '9')
                cost = float(c - '0');
            else if (c == 'r')
                cost = 0.5f;
            else if (c == 'v')
                cost = 0.05f;
            else if (c == 'S')
                g.start = {x, y};
            else if (c == 'G')
                g.goal = {x, y};
            else if (c == '*')
                g.marks.push_back({x, y});
            g.field.at({x, y}) = cost;
        }
    return g;
}

/// The grid with the path drawn as 'o' (start 'S', end 'E'), for failure messages.
inline std::string drawPath(const isostar::path::CostField& f, const std::vector<isostar::TileCoord>& path)
{
    std::string out;
    for (int y = 0; y < f.height; ++y) {
        for (int x = 0; x < f.width; ++x) {
            char c = f.passable({x, y}) ? '.' : '#';
            for (std::size_t i = 0; i < path.size(); ++i)
                if (path[i] == isostar::TileCoord{x, y})
                    c = i == 0 ? 'S' : (i + 1 == path.size() ? 'E' : 'o');
            out += c;
        }
        out += '\n';
    }
    return out;
}

} // namespace pathtest
