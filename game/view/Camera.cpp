#include "game/view/Camera.hpp"

#include <algorithm>
#include <cmath>

namespace game {

void Camera::setViewport(sf::Vector2u sizePx)
{
    m_size = {float(std::max(1u, sizePx.x)), float(std::max(1u, sizePx.y))};
    clamp();
}

void Camera::setBounds(const sf::FloatRect& world)
{
    m_bounds = world;
    clamp();
}

void Camera::centerOn(sf::Vector2f world)
{
    m_center = world;
    clamp();
}

void Camera::panPixels(sf::Vector2f deltaPx)
{
    m_center += deltaPx * m_zoom;
    clamp();
}

void Camera::zoomAt(sf::Vector2i pixel, float factor)
{
    // In the smooth centre's terms, so repeated zooms do not drift by the pixel snapping.
    auto world = [&](sf::Vector2f centre) {
        return sf::Vector2f{centre.x + (float(pixel.x) - m_size.x * 0.5f) * m_zoom,
                            centre.y + (float(pixel.y) - m_size.y * 0.5f) * m_zoom};
    };
    const sf::Vector2f before = world(m_center);
    m_zoom = std::clamp(m_zoom * factor, MinZoom, MaxZoom);
    const sf::Vector2f after = world(m_center);
    m_center += before - after;
    clamp();
}

sf::Vector2f Camera::drawCenter() const
{
    // The view's top-left corner on a whole screen pixel: at 1:1 every tile edge then lies on a
    // pixel boundary, so texture sampling never straddles two texels (no seams between tiles).
    const sf::Vector2f half = m_size * (m_zoom * 0.5f);
    return {std::round((m_center.x - half.x) / m_zoom) * m_zoom + half.x,
            std::round((m_center.y - half.y) / m_zoom) * m_zoom + half.y};
}

sf::Vector2f Camera::pixelToWorld(sf::Vector2i pixel) const
{
    const sf::Vector2f c = drawCenter();
    return {c.x + (float(pixel.x) - m_size.x * 0.5f) * m_zoom, c.y + (float(pixel.y) - m_size.y * 0.5f) * m_zoom};
}

sf::Vector2f Camera::worldToPixel(sf::Vector2f world) const
{
    const sf::Vector2f c = drawCenter();
    return {(world.x - c.x) / m_zoom + m_size.x * 0.5f, (world.y - c.y) / m_zoom + m_size.y * 0.5f};
}

sf::View Camera::view() const
{
    return sf::View(drawCenter(), m_size * m_zoom);
}

sf::FloatRect Camera::visibleWorld() const
{
    const sf::Vector2f c = drawCenter();
    const sf::Vector2f s = m_size * m_zoom;
    return {c.x - s.x * 0.5f, c.y - s.y * 0.5f, s.x, s.y};
}

void Camera::clamp()
{
    // The centre stays over the map, so some of the map is always in view but its diamond
    // corners can still be brought to the middle of the screen.
    if (m_bounds.width <= 0.f || m_bounds.height <= 0.f)
        return;
    m_center.x = std::clamp(m_center.x, m_bounds.left, m_bounds.left + m_bounds.width);
    m_center.y = std::clamp(m_center.y, m_bounds.top, m_bounds.top + m_bounds.height);
}

} // namespace game
