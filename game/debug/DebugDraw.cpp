/// \file DebugDraw.cpp
/// Shapes, view ranges, colour scales and text panels of the debug overlays.
#include "game/debug/DebugDraw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace game::debug {

namespace {

sf::Color lerpColor(sf::Color a, sf::Color b, double t, sf::Uint8 alpha)
{
    const auto mix = [t](sf::Uint8 x, sf::Uint8 y) { return sf::Uint8(std::lround(double(x) + (double(y) - double(x)) * t)); };
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), alpha};
}

/// Piecewise-linear colour scale through `stops` (t in [0, 1]).
template <std::size_t N>
sf::Color scale(const sf::Color (&stops)[N], double t, sf::Uint8 alpha)
{
    t = std::clamp(std::isfinite(t) ? t : 1.0, 0.0, 1.0) * double(N - 1);
    const std::size_t i = std::min(std::size_t(t), N - 2);
    return lerpColor(stops[i], stops[i + 1], t - double(i), alpha);
}

} // namespace

sf::Color costColor(double t, sf::Uint8 alpha)
{
    // Blue and cyan for the cheap end: the grass under the overlay is green already.
    static const sf::Color stops[] = {{40, 80, 230}, {40, 200, 215}, {245, 225, 60}, {245, 130, 40}, {225, 35, 35}};
    return scale(stops, t, alpha);
}

sf::Color orderColor(double t, sf::Uint8 alpha)
{
    static const sf::Color stops[] = {{60, 120, 255}, {170, 90, 230}, {255, 150, 40}};
    return scale(stops, t, alpha);
}

namespace {

/// Column widths of a table (title rows excluded) and its total size.
std::vector<float> columnWidths(const sf::Font& font, const std::vector<TableRow>& rows, unsigned px, sf::Vector2f& size)
{
    sf::Text t = panelText(font, px);
    std::vector<float> widths;
    float titleW = 0.f;
    for (const TableRow& r : rows) {
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            t.setString(sf::String::fromUtf8(r.cells[c].begin(), r.cells[c].end()));
            const float w = t.getLocalBounds().width;
            if (r.cells.size() == 1) {
                titleW = std::max(titleW, w);
                continue;
            }
            if (widths.size() <= c)
                widths.resize(c + 1, 0.f);
            widths[c] = std::max(widths[c], w);
        }
    }
    float total = 0.f;
    for (float w : widths)
        total += w + 14.f;
    size = {std::max(total - 14.f, titleW) + 20.f, float(px) * 1.35f * float(rows.size()) + 10.f};
    return widths;
}

} // namespace

sf::Vector2f tableSize(const sf::Font& font, const std::vector<TableRow>& rows, unsigned px)
{
    sf::Vector2f size;
    columnWidths(font, rows, px, size);
    return size;
}

sf::Vector2f drawTable(sf::RenderTarget& target, const sf::Font& font, float x, float y,
                       const std::vector<TableRow>& rows, unsigned px)
{
    sf::Vector2f size;
    const std::vector<float> widths = columnWidths(font, rows, px, size);
    drawPanelBox(target, {std::round(x), std::round(y), size.x, size.y}, 210);
    sf::Text t = panelText(font, px);
    float ly = y + 5.f;
    for (const TableRow& r : rows) {
        float cx = x + 10.f;
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            t.setString(sf::String::fromUtf8(r.cells[c].begin(), r.cells[c].end()));
            t.setFillColor(r.color);
            t.setPosition(std::round(cx), std::round(ly));
            target.draw(t);
            if (c < widths.size())
                cx += widths[c] + 14.f;
        }
        ly += float(px) * 1.35f;
    }
    return size;
}

} // namespace game::debug
