#include "game/view/Camera.hpp"

#include <catch2/catch.hpp>

#include <cmath>

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
    // Within the pixel snapping (less than one screen pixel, i.e. `zoom` world pixels).
    CHECK(after.x == Approx(before.x).margin(0.5));
    CHECK(after.y == Approx(before.y).margin(0.5));
    CHECK(cam.zoom() == Approx(0.5f));
}

TEST_CASE("camera: at 1:1 whole world pixels land on whole screen pixels, whatever the centre")
{
    game::Camera cam;
    cam.setViewport({1281, 719});  // odd sizes: half a pixel in the middle
    for (const sf::Vector2f centre : {sf::Vector2f(500.3f, 300.7f), sf::Vector2f(-17.5f, 0.25f), sf::Vector2f(64.f, 32.f)}) {
        cam.centerOn(centre);
        const sf::Vector2f p = cam.worldToPixel({128.f, 96.f});
        CHECK(p.x == std::round(p.x));
        CHECK(p.y == std::round(p.y));
        // Picking and drawing agree: the pixel maps back to the same world point.
        const sf::Vector2f w = cam.pixelToWorld({int(p.x), int(p.y)});
        CHECK(w == sf::Vector2f(128.f, 96.f));
        // The view moved by less than a pixel.
        CHECK(std::abs(cam.view().getCenter().x - centre.x) <= 0.5f);
        CHECK(std::abs(cam.view().getCenter().y - centre.y) <= 0.5f);
    }
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
