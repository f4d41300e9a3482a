#pragma once
/// \file SfmlVec.hpp
/// The engine's world positions as SFML vectors (the view, the debug overlays).

#include "engine/iso/Projection.hpp"

#include <SFML/System/Vector2.hpp>

namespace game {

inline sf::Vector2f toV(isostar::iso::WorldPos p)
{
    return {float(p.x), float(p.y)};
}

} // namespace game
