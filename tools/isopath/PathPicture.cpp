// The ASCII picture of `isopath path` (PathPicture.hpp).

#include "tools/isopath/PathPicture.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace isopath {

namespace {

/// The character of a cell in the picture: the glyph of its topmost (uncovered) terrain that
/// has one; '?' when only unknown terrains lie there; 'X' impassable without a glyph.
char cellGlyph(const isostar::terrain::TerrainField& field, isostar::TileCoord c, std::map<char, std::string>& legend)
{
    const isostar::terrain::TerrainGrid& grid = field.grid();
    const std::span<const isostar::terrain::TerrainId> stack = grid.cell(c);
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        const std::string& name = grid.names[*it];
        const isostar::terrain::TerrainRule* rule = field.rules().find(name);
        if (rule && rule->glyph) {
            legend.emplace(rule->glyph, name);
            return rule->glyph;
        }
    }
    if (!field.costField().passable(c)) {
        legend.emplace('X', "impassable");
        return 'X';
    }
    if (!stack.empty()) {
        legend.emplace('?', "terrain without a glyph / unknown");
        return '?';
    }
    legend.emplace(' ', "no terrain");
    return ' ';
}

/// The last digit of a coordinate (of its absolute value: -8 shows as 8).
char digitOf(int v)
{
    return char('0' + std::abs(v % 10));
}

} // namespace

void printPicture(std::ostream& out, const isostar::terrain::TerrainField& field, const isostar::path::PathResult& r,
                  isostar::TileCoord start, isostar::TileCoord goal, const isostar::map::CellFrame& frame)
{
    const int w = field.width(), h = field.height();
    if (w > MaxPictureWidth) {
        out << "(map wider than " << MaxPictureWidth << " cells: no picture; use --json for the path)\n";
        return;
    }
    if (frame.layout() != isostar::map::CellFrame::Layout::Plain) {
        out << "(staggered map: no picture; use --json for the path)\n";
        return;
    }
    // Labels are Tiled's coordinates (an infinite map's first column and row may be negative).
    const int x0 = frame.tiledX(), y0 = frame.tiledY();
    std::vector<char> pic(std::size_t(w) * std::size_t(h));
    std::map<char, std::string> legend;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            pic[std::size_t(y * w + x)] = cellGlyph(field, {x, y}, legend);
    std::map<char, std::string> marks;
    for (std::size_t i = 1; i + 1 < r.path.size(); ++i) {
        pic[std::size_t(field.grid().index(r.path[i]))] = '*';
        marks.emplace('*', "path");
    }
    if (r.status == isostar::path::PathStatus::Partial && r.path.size() > 1) {
        pic[std::size_t(field.grid().index(r.path.back()))] = '@';
        marks.emplace('@', "closest reachable cell");
    }
    pic[std::size_t(field.grid().index(goal))] = 'G';
    pic[std::size_t(field.grid().index(start))] = 'S';
    marks.emplace('S', "start");
    marks.emplace('G', "goal");

    const int rowWidth = int(std::to_string(y0).size() > std::to_string(y0 + h - 1).size()
                                 ? std::to_string(y0).size()
                                 : std::to_string(y0 + h - 1).size());
    const int margin = x0 == 0 && y0 == 0 ? (h > 100 ? 4 : h > 10 ? 3 : 2) : rowWidth + 1;
    if (w > 10) {
        out << std::string(std::size_t(margin), ' ');
        for (int x = x0; x < x0 + w; ++x)
            out << (x % 10 == 0 ? digitOf(x / 10) : ' ');
        out << '\n';
    }
    out << std::string(std::size_t(margin), ' ');
    for (int x = x0; x < x0 + w; ++x)
        out << digitOf(x);
    out << '\n';
    for (int y = 0; y < h; ++y) {
        out << std::setw(margin - 1) << y + y0 << ' ';
        out.write(pic.data() + std::size_t(y * w), w);
        out << '\n';
    }
    out << "legend:";
    for (char c : {'S', 'G', '*', '@'})
        if (marks.count(c))
            out << "  " << c << ' ' << marks[c];
    // Only glyphs still visible after the marks were drawn.
    for (const auto& [c, name] : legend)
        if (std::find(pic.begin(), pic.end(), c) != pic.end())
            out << "  " << (c == ' ' ? std::string("' '") : std::string(1, c)) << ' ' << name;
    out << '\n';
}

} // namespace isopath
