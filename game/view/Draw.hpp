#pragma once
/// \file Draw.hpp
/// Drawing helpers of the view and the debug overlays: cell shapes in world space (diamonds or
/// hexagons, rings, slices, thick lines) that go into vertex arrays the caller draws once, which
/// cells can reach into a view (so loops cost what is in view, not the map), and text panels in
/// screen space.

#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/render/ViewRect.hpp"

#include <SFML/Graphics.hpp>

#include <string>
#include <utility>
#include <vector>

namespace game {

/// An inclusive range of cells, clamped to the map (x0 > x1 or y0 > y1 when empty).
struct CellRange {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
    bool contains(isostar::TileCoord c) const { return c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1; }
};

/// The world rectangle the target's current view shows (a rotated view: its bounding box), as
/// the map renderer culls.
inline sf::FloatRect worldInView(const sf::RenderTarget& target)
{
    return isostar::render::viewRect(target);
}
/// The cells whose shapes may reach into world rectangle `r` (the tile-space bounding box of its
/// corners grown by one cell), clamped to the projection's map. O(1): loops over it cost what
/// is in view, not the size of the map.
CellRange cellsNear(const isostar::iso::Projection& proj, const sf::FloatRect& r);

/// Triangles filling the cell's diamond (rectangle on orthogonal maps, hexagon on hexagonal
/// ones), shrunk around its centre by `scale` (1 = the whole cell).
void addDiamond(sf::VertexArray& va, const isostar::iso::Projection& proj, isostar::TileCoord c, sf::Color color,
                float scale = 1.f);
/// The cell's outline as a band between the `outer` and `inner` scales.
void addDiamondRing(sf::VertexArray& va, const isostar::iso::Projection& proj, isostar::TileCoord c, sf::Color color,
                    float outer = 1.f, float inner = 0.86f);
/// One slice of the cell: the triangle from its centre to corners `quarter` and `quarter`+1
/// (0 = top-right edge on isometric maps, clockwise; a sixth of a hexagon), shrunk by `scale`.
void addQuarter(sf::VertexArray& va, const isostar::iso::Projection& proj, isostar::TileCoord c, int quarter,
                sf::Color color, float scale = 0.92f);
/// A thick line between two world points (two triangles).
void addLine(sf::VertexArray& va, sf::Vector2f a, sf::Vector2f b, float thickness, sf::Color color);

/// The colour of unit `i` (its path marks, its marker without art, its minimap dot).
sf::Color unitColor(std::size_t i);

/// Lines of text with a colour each.
using TextLines = std::vector<std::pair<std::string, sf::Color>>;
/// Draws a text panel in screen space (the target's default view must be set) with its top-left
/// corner at (x, y) (or its top-right corner when `alignRight`); returns its size in pixels.
sf::Vector2f drawPanel(sf::RenderTarget& target, const sf::Font& font, float x, float y, const TextLines& lines,
                       unsigned px, bool alignRight = false);
/// The panels' background: a dark box with a faint outline, `alpha` opaque.
void drawPanelBox(sf::RenderTarget& target, const sf::FloatRect& box, sf::Uint8 alpha = 200);
/// A text object in the panels' font at `px` pixels.
sf::Text panelText(const sf::Font& font, unsigned px);
/// The panel size drawPanel would use, without drawing.
sf::Vector2f panelSize(const sf::Font& font, const TextLines& lines, unsigned px);

} // namespace game
