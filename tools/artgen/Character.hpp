#pragma once
/// \file Character.hpp
/// A unit's sprite sheet from a posed model (Party.cpp writes the party's four, BigUnits.cpp
/// the cart and the ogre): rows = facings in the order S, SW, W, NW, N, NE, E, SE; columns =
/// idle frames then walk frames; a NAME.json beside NAME.png says so.

#include "tools/artgen/Tracer.hpp"

#include <string>

namespace artgen {

/// What a model is doing in one frame.
struct Pose {
    float phase = 0;    ///< walk phase, radians (one walk cycle: 0 .. 2 pi)
    bool walking = false;
    float breath = 0;   ///< idle, -1..1
};

/// A model builder: adds the posed model to the scene, model +x forward, feet on z = 0 round
/// the origin (the centre of the unit's footprint).
using CharacterBuilder = void (*)(Scene&, const Pose&);

/// The frame and how the model fills it. Defaults: a unit of one cell.
struct SheetSpec {
    int frameW = 64, frameH = 80;
    int originX = 32, originY = 70;  ///< the feet (the footprint's centre) inside a frame
    float scale = 1.2f;              ///< model units to cells
    float shadowHalf = 0.45f;        ///< the traced ground shadow's square, half side in cells
    float contactRx = 16.f, contactRy = 6.f;  ///< the soft contact shadow under the feet, pixels
};

/// Skin; with `eyes`, two dark eyes where a head sphere's normal looks forward (model +x).
Material skinMat(Rgb skin, bool eyes);

/// A biped's joints in one pose (model +x forward, y left).
struct Limbs {
    V3 hipL, hipR, footL, footR, shoulderL, shoulderR, handL, handR;
    float bob = 0;  ///< the body's rise over the walk cycle
};
/// The joints of a biped `height` tall and `width` wide (1: a person) in pose `p`.
Limbs pose(const Pose& p, float height, float width);

/// Renders `build` in 8 facings (idle and walk frames) into DIR/party/NAME.png and NAME.json.
bool writeCharacter(const std::string& dir, const std::string& name, CharacterBuilder build, const SheetSpec& spec,
                    std::string& error);

} // namespace artgen
