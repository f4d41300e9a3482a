#include "game/view/Camera.hpp"

#include <catch2/catch.hpp>

TEST_CASE("camera: pixel and world round-trip through centre and zoom")
{
    game::Camera cam;
    cam.setViewport({1280, 720});
    cam.centerOn({500.f, 300.f});
    CHECK(cam.pixelToWorld({640, 360}) == sf::Vector2f(500.f, 300.f));
    cam.zoomAt({640, 360}, 2.f);
    CHECK(cam.pixelToWorld({740, 360}).x == Approx(700.f));
    const sf::Vector2f p = cam.worldToPixel({700.f, 300.f});
    CHECK(p.x == Approx(740.f));
    CHECK(p.y == Approx(360.f));
}

TEST_CASE("camera: zooming keeps the point under the cursor fixed")
{
    game::Camera cam;
    cam.setViewport({1280, 720});
    cam.centerOn({0.f, 0.f});
    const sf::Vector2f before = cam.pixelToWorld({100, 600});
    cam.zoomAt({100, 600}, 0.5f);
    const sf::Vector2f after = cam.pixelToWorld({100, 600});
    CHECK(after.x == Approx(before.x));
    CHECK(after.y == Approx(before.y));
    CHECK(cam.zoom() == Approx(0.5f));
}

TEST_CASE("camera: zoom and centre are clamped to the map")
{
    game::Camera cam;
    cam.setViewport({1280, 720});
    cam.setBounds({0.f, 0.f, 2000.f, 1000.f});
    cam.centerOn({-500.f, 5000.f});
    CHECK(cam.center() == sf::Vector2f(0.f, 1000.f));
    cam.panPixels({100000.f, -100000.f});
    CHECK(cam.center() == sf::Vector2f(2000.f, 0.f));
    cam.zoomAt({0, 0}, 1000.f);
    CHECK(cam.zoom() == Approx(game::Camera::MaxZoom));
    cam.zoomAt({0, 0}, 0.00001f);
    CHECK(cam.zoom() == Approx(game::Camera::MinZoom));
    const sf::FloatRect v = cam.visibleWorld();
    CHECK(v.width == Approx(1280.f * game::Camera::MinZoom));
}
