#pragma once
/// \file ViewRect.hpp
/// The world rectangle a render target's current view shows, as the map renderer culls with it:
/// a rotated view covers its rotated rectangle's bounding box. Overlays drawn over the map use
/// the same rectangle, so they cull exactly as the map does.

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/View.hpp>

#include <algorithm>
#include <cmath>

namespace isostar::render {

inline sf::FloatRect viewRect(const sf::RenderTarget& target)
{
    const sf::View& v = target.getView();
    const sf::Vector2f size = v.getSize();
    const float ext = v.getRotation() == 0.f ? 0.f : std::max(std::abs(size.x), std::abs(size.y)) * 0.5f;
    const float w = std::abs(size.x) + 2.f * ext, h = std::abs(size.y) + 2.f * ext;
    return {v.getCenter().x - w / 2.f, v.getCenter().y - h / 2.f, w, h};
}

} // namespace isostar::render
