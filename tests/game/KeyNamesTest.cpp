#include "game/input/KeyNames.hpp"

#include <catch2/catch.hpp>

TEST_CASE("script key names map to SFML keys with modifiers")
{
    auto k = game::parseKeyChord("Ctrl+A");
    REQUIRE(k);
    CHECK(k->key == sf::Keyboard::A);
    CHECK(k->ctrl);
    CHECK_FALSE(k->shift);
    CHECK(game::parseKeyChord("t")->key == sf::Keyboard::T);
    CHECK(game::parseKeyChord("3")->key == sf::Keyboard::Num3);
    CHECK(game::parseKeyChord("F5")->key == sf::Keyboard::F5);
    CHECK(game::parseKeyChord("shift+f12")->shift);
    CHECK(game::parseKeyChord("Escape")->key == sf::Keyboard::Escape);
    CHECK_FALSE(game::parseKeyChord("F13"));
    CHECK_FALSE(game::parseKeyChord("Ctrl+"));
    CHECK_FALSE(game::isKeyName("Hyper"));
}
