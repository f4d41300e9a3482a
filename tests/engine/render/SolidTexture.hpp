#pragma once
// A texture of one colour, for the render tests' fixtures.
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Texture.hpp>

inline sf::Texture solidTexture(unsigned w, unsigned h, sf::Color c)
{
    sf::Image img;
    img.create(w, h, c);
    sf::Texture t;
    REQUIRE(t.loadFromImage(img));
    return t;
}
