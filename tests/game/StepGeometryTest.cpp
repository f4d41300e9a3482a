// A walk's facings on the three kinds of map and the stretch of a segment in a cell
// (game/party/StepGeometry.hpp).
#include "game/party/StepGeometry.hpp"

#include <catch2/catch.hpp>

using isostar::anim::Direction8;

namespace {

game::PartyParams hexRows()
{
    game::PartyParams p;
    p.isometric = false;
    p.tileWidth = 64.0;
    p.tileHeight = 56.0;
    p.hex.on = true;
    p.hex.staggerX = false;     // rows shifted
    p.hex.staggerEven = false;  // odd rows
    p.hex.sideLength = 32;
    return p;
}

} // namespace

TEST_CASE("step facing: isometric and orthogonal steps, no facing for no step", "[party][geometry]")
{
    game::PartyParams iso;
    CHECK(game::stepFacing({3, 3}, {4, 3}, iso) == Direction8::SE);  // +x: right and down on screen
    CHECK(game::stepFacing({3, 3}, {3, 4}, iso) == Direction8::SW);
    CHECK(game::stepFacing({3, 3}, {4, 4}, iso) == Direction8::S);
    CHECK_FALSE(game::stepFacing({3, 3}, {3, 3}, iso).has_value());
    game::PartyParams flat;
    flat.isometric = false;
    CHECK(game::stepFacing({3, 3}, {4, 3}, flat) == Direction8::E);
    CHECK(game::stepFacing({3, 3}, {2, 2}, flat) == Direction8::NW);
}

TEST_CASE("step facing: a hexagonal step across rows leans to the side the row's shift says", "[party][geometry]")
{
    const game::PartyParams p = hexRows();
    // From an even row (not shifted) the same x in the next row lies down and to the right...
    CHECK(game::stepFacing({2, 2}, {2, 3}, p) == Direction8::SE);
    CHECK(game::stepFacing({2, 2}, {2, 1}, p) == Direction8::NE);
    // ...from an odd (shifted) row down and to the left.
    CHECK(game::stepFacing({2, 3}, {2, 4}, p) == Direction8::SW);
    CHECK(game::stepFacing({2, 3}, {2, 2}, p) == Direction8::NW);
    CHECK(game::stepFacing({2, 3}, {3, 3}, p) == Direction8::E);
    game::PartyParams even = p;
    even.hex.staggerEven = true;
    CHECK(game::stepFacing({2, 2}, {2, 3}, even) == Direction8::SW);
}

TEST_CASE("step facing: a hexagonal step across shifted columns", "[party][geometry]")
{
    game::PartyParams p = hexRows();
    p.hex.staggerX = true;  // odd columns shifted down
    p.tileWidth = 56.0;
    p.tileHeight = 64.0;
    CHECK(game::stepFacing({2, 2}, {3, 2}, p) == Direction8::SE);
    CHECK(game::stepFacing({3, 2}, {4, 2}, p) == Direction8::NE);
    CHECK(game::stepFacing({2, 2}, {2, 3}, p) == Direction8::S);
}

TEST_CASE("move facing: any angle, projected as the map draws it", "[party][geometry]")
{
    game::PartyParams iso;
    CHECK(game::moveFacing(1.0, 1.0, iso) == Direction8::S);
    CHECK(game::moveFacing(-2.5, 0.0, iso) == Direction8::NW);
    game::PartyParams flat;
    flat.isometric = false;
    CHECK(game::moveFacing(1.0, 1.0, flat) == Direction8::SE);   // 64x32 cells: 27 degrees down
    CHECK(game::moveFacing(1.0, 3.0, flat) == Direction8::SE);   // 56 degrees down
    CHECK(game::moveFacing(1.0, 5.0, flat) == Direction8::S);    // 68 degrees down
    CHECK(game::moveFacing(0.0, -4.0, hexRows()) == Direction8::N);
    CHECK_FALSE(game::moveFacing(0.0, 0.0, iso).has_value());
}

TEST_CASE("stretch middle: the segment's parameter at the middle of its part in a cell", "[party][geometry]")
{
    // Centres (0.5, 0.5) to (4.5, 0.5): cell 2 holds t in [0.375, 0.625].
    CHECK(game::stretchMiddle({0, 0}, {4, 0}, {2, 0}) == Approx(0.5));
    CHECK(game::stretchMiddle({0, 0}, {4, 0}, {0, 0}) == Approx(0.0625));  // clipped at t = 0
    CHECK(game::stretchMiddle({0, 0}, {4, 0}, {4, 0}) == Approx(0.9375));  // clipped at t = 1
    // A diagonal segment crosses cell (1, 1) between t = 0.25 and 0.75 in x and y alike.
    CHECK(game::stretchMiddle({0, 0}, {2, 2}, {1, 1}) == Approx(0.5));
}
