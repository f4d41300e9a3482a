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

namespace {

/// The cells of a hex map as Tiled staggers them. Rows offset (staggeraxis y): two characters a
/// cell, every shoved row one character to the right. Columns offset (staggeraxis x): one
/// character a cell and two text lines a row, every shoved column's cells one line lower.
/// Column numbers above (tens, units), row numbers at the left, as on square maps.
void printHexCells(std::ostream& out, const std::vector<char>& pic, int w, int h, int margin, int x0, int y0,
                   const isostar::GridTopology& topology)
{
    const bool rows = topology.axis == isostar::HexAxis::Rows;
    const int pitch = rows ? 2 : 1;  // characters per column
    auto header = [&](auto digit) {
        std::string line(std::size_t(margin + pitch * w + 1), ' ');
        for (int x = 0; x < w; ++x)
            line[std::size_t(margin + pitch * x)] = digit(x + x0);
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out << line << '\n';
    };
    if (w > 10)
        header([](int x) { return x % 10 == 0 ? digitOf(x / 10) : ' '; });
    header([](int x) { return digitOf(x); });
    for (int y = 0; y < h; ++y) {
        for (int half = 0; half < (rows ? 1 : 2); ++half) {
            std::string line(std::size_t(margin + pitch * w + 1), ' ');
            if (half == 0) {
                const std::string label = std::to_string(y + y0);
                line.replace(std::size_t(margin - 1 - int(label.size())), label.size(), label);
            }
            for (int x = 0; x < w; ++x) {
                const bool shoved = topology.shifted({x, y});
                if (!rows && shoved != (half == 1))
                    continue;
                const int col = margin + pitch * x + (rows && shoved ? 1 : 0);
                line[std::size_t(col)] = pic[std::size_t(y * w + x)];
            }
            while (!line.empty() && line.back() == ' ')
                line.pop_back();
            out << line << '\n';
        }
    }
}

/// One character a cell, column numbers above (tens, units), row numbers at the left.
void printSquareCells(std::ostream& out, const std::vector<char>& pic, int w, int h, int margin, int x0, int y0)
{
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
}

} // namespace

void printPicture(std::ostream& out, const isostar::terrain::TerrainField& field, const isostar::path::PathResult& r,
                  isostar::TileCoord start, isostar::TileCoord goal, const isostar::map::CellFrame& frame,
                  const isostar::GridTopology& topology)
{
    const int w = field.width(), h = field.height();
    const int widest = topology.hex && topology.axis == isostar::HexAxis::Rows ? MaxPictureWidth / 2 : MaxPictureWidth;
    if (w > widest) {
        out << "(map wider than " << widest << " cells: no picture; use --json for the path)\n";
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
    if (topology.hex)
        printHexCells(out, pic, w, h, margin, x0, y0, topology);
    else
        printSquareCells(out, pic, w, h, margin, x0, y0);
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
