#pragma once
/// \file Camera.hpp
/// The game's 2D camera over the map's world space (Tiled canvas pixels): a centre, a zoom
/// (world pixels per screen pixel) and the window size. Pure math; `view()` hands SFML the view.
///
/// \code
/// game::Camera cam;
/// cam.setViewport({1280, 720});
/// cam.setBounds(renderer.worldBounds());
/// cam.centerOn(partyFeet);
/// cam.zoomAt({640, 360}, 0.8f);   // zoom in around the screen centre
/// window.setView(cam.view());
/// \endcode

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/View.hpp>
#include <SFML/System/Vector2.hpp>

namespace game {

class Camera {
public:
    static constexpr float MinZoom = 0.25f; ///< closest: 1 world pixel = 4 screen pixels (4x)
    static constexpr float MaxZoom = 4.0f;  ///< farthest: 0.25x (the ground cache is seamless over 0.25x-4x)

    void setViewport(sf::Vector2u sizePx);
    /// The area the centre may move in (the map's world bounds). Re-clamps.
    void setBounds(const sf::FloatRect& world);
    void centerOn(sf::Vector2f world);
    /// Moves by a screen-pixel offset (positive x: the view moves right, the map left).
    void panPixels(sf::Vector2f deltaPx);
    /// Multiplies the zoom by `factor` (< 1 zooms in), keeping the world point under `pixel` fixed.
    void zoomAt(sf::Vector2i pixel, float factor);

    sf::Vector2f pixelToWorld(sf::Vector2i pixel) const;
    sf::Vector2f worldToPixel(sf::Vector2f world) const;
    sf::View view() const;
    /// The world rectangle currently visible.
    sf::FloatRect visibleWorld() const;

    /// The requested centre (smooth). What is drawn, picked and reported by pixelToWorld /
    /// worldToPixel / view() is this centre moved by less than a screen pixel so that the
    /// view's top-left corner falls on a whole screen pixel (see drawCenter).
    sf::Vector2f center() const { return m_center; }
    float zoom() const { return m_zoom; }
    sf::Vector2f viewportSize() const { return m_size; }

private:
    void clamp();
    /// m_center snapped so that world (left, top) of the view maps to a whole screen pixel.
    sf::Vector2f drawCenter() const;

    sf::Vector2f m_center{0.f, 0.f};
    float m_zoom = 1.f;
    sf::Vector2f m_size{1280.f, 720.f};
    sf::FloatRect m_bounds{0.f, 0.f, 0.f, 0.f};
};

} // namespace game
