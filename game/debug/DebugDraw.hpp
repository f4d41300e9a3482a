#pragma once
/// \file DebugDraw.hpp
/// Small drawing helpers shared by the debug overlays (game/debug): cell shapes in world space
/// (diamonds, rings, quarter diamonds), which cells can reach into a view, colour scales, and a
/// text panel in screen space. Geometry only goes into vertex arrays the caller draws once, so a
/// whole overlay is one draw call.

#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"
#include "game/view/Draw.hpp"

#include <SFML/Graphics.hpp>

#include <string>
#include <utility>
#include <vector>

namespace game::debug {

/// Cheap -> dear colour scale for t in [0, 1]: blue, cyan, yellow, orange, red.
sf::Color costColor(double t, sf::Uint8 alpha);
/// Blue (early) -> violet -> orange (late) colour scale for expansion order t in [0, 1].
sf::Color orderColor(double t, sf::Uint8 alpha);

/// One row of a table: its cells and its colour. A row of one cell is a title: it spans the
/// table and does not widen the first column.
struct TableRow {
    std::vector<std::string> cells;
    sf::Color color = sf::Color(235, 235, 235);
};
/// The size drawTable would use.
sf::Vector2f tableSize(const sf::Font& font, const std::vector<TableRow>& rows, unsigned px);
/// Draws rows in aligned columns (each as wide as its widest cell) on a panel with its top-left
/// corner at (x, y), screen space; returns its size.
sf::Vector2f drawTable(sf::RenderTarget& target, const sf::Font& font, float x, float y,
                       const std::vector<TableRow>& rows, unsigned px);

/// Text colours of the debug panels.
namespace colors {
inline const sf::Color Text(235, 235, 235);
inline const sf::Color Dim(170, 175, 185);
inline const sf::Color Title(255, 220, 120);
inline const sf::Color Good(150, 240, 150);
inline const sf::Color Bad(255, 130, 110);
} // namespace colors

} // namespace game::debug
