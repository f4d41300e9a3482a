#pragma once
/// \file PremultipliedBlend.hpp
/// What a transparent-cleared render target holds after straight or premultiplied blending is
/// premultiplied colour: composite it with this blend mode (the ground cache's tiles, the map
/// renderer's offscreen layers).

#include <SFML/Graphics/BlendMode.hpp>

namespace isostar::render {

inline const sf::BlendMode kPremultipliedBlend(sf::BlendMode::One, sf::BlendMode::OneMinusSrcAlpha,
                                               sf::BlendMode::Add, sf::BlendMode::One,
                                               sf::BlendMode::OneMinusSrcAlpha, sf::BlendMode::Add);

} // namespace isostar::render
