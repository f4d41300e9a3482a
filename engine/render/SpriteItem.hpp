#pragma once
/// \file SpriteItem.hpp
/// A dynamic object (a unit) that MapRenderer draws depth-sorted among the map's tall tiles.

#include "engine/core/TileCoord.hpp"

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/System/Vector2.hpp>

namespace sf {
class Texture;
}

namespace isostar::render {

/// One sprite frame placed in world space (Tiled's map canvas pixels).
struct SpriteItem {
    const sf::Texture* texture = nullptr; ///< not owned; must outlive the draw call (null = skipped)
    sf::IntRect rect;                     ///< frame in the texture, pixels (negative width mirrors)
    sf::Vector2f feet;                    ///< world position of the feet (isostar::iso::WorldPos)
    sf::Vector2f origin;                  ///< the feet inside the frame, pixels from its top-left
    isostar::TilePos tile;                    ///< continuous tile position, for the depth key
    sf::Color color = sf::Color::White;   ///< multiplied with the texture (alpha = fade)
    float scale = 1.f;                    ///< around the feet [Limit: >0]
};

} // namespace isostar::render
