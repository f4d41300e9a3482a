#include "engine/anim/Direction.hpp"

#include <catch2/catch.hpp>

using namespace isostar::anim;

TEST_CASE("direction names round-trip")
{
    for (int d = 0; d < DirectionCount; ++d)
        CHECK(parseDirection(directionName(Direction8(d))) == Direction8(d));
    CHECK(parseDirection("se") == Direction8::SE);
    CHECK_FALSE(parseDirection("up"));
    CHECK_FALSE(parseDirection(""));
}

TEST_CASE("screen deltas pick the sector around each direction")
{
    CHECK(facingForScreenDelta(0, -1) == Direction8::N);
    CHECK(facingForScreenDelta(1, -1) == Direction8::NE);
    CHECK(facingForScreenDelta(1, 0) == Direction8::E);
    CHECK(facingForScreenDelta(1, 1) == Direction8::SE);
    CHECK(facingForScreenDelta(0, 1) == Direction8::S);
    CHECK(facingForScreenDelta(-1, 1) == Direction8::SW);
    CHECK(facingForScreenDelta(-1, 0) == Direction8::W);
    CHECK(facingForScreenDelta(-1, -1) == Direction8::NW);
    CHECK(facingForScreenDelta(10, -3) == Direction8::E);  // 73 degrees from up: still east
    CHECK_FALSE(facingForScreenDelta(0, 0));
}

TEST_CASE("tile steps on a 64x32 isometric map face the way they move on screen")
{
    // Tiled's isometric axes: +x runs right-down, +y runs left-down.
    CHECK(facingForTileStep(1, 0, true) == Direction8::SE);
    CHECK(facingForTileStep(0, 1, true) == Direction8::SW);
    CHECK(facingForTileStep(-1, 0, true) == Direction8::NW);
    CHECK(facingForTileStep(0, -1, true) == Direction8::NE);
    CHECK(facingForTileStep(1, 1, true) == Direction8::S);
    CHECK(facingForTileStep(-1, -1, true) == Direction8::N);
    CHECK(facingForTileStep(1, -1, true) == Direction8::E);
    CHECK(facingForTileStep(-1, 1, true) == Direction8::W);
}

TEST_CASE("tile steps on an orthogonal map face the grid direction")
{
    CHECK(facingForTileStep(1, 0, false) == Direction8::E);
    CHECK(facingForTileStep(0, 1, false) == Direction8::S);
    CHECK(facingForTileStep(-1, -1, false) == Direction8::NW);
}
