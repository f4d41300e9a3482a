#pragma once
/// \file AppDetail.hpp
/// Small helpers shared by the files that implement game::App (App.cpp, Input.cpp, Bench.cpp,
/// ScriptRunner.cpp, view/Overlays.cpp, ui/Hud.cpp). Not part of App's interface.

#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"

#include <SFML/System/Vector2.hpp>

#include <string>

namespace game::detail {

/// The simulation's fixed step: play, scripts and bench all advance by it.
inline constexpr double FixedStepSec = 1.0 / 60.0;

/// `v` with a fixed number of decimals.
std::string fmt(double v, int decimals = 2);

/// "(x, y)".
std::string tileStr(eng::TileCoord c);

inline sf::Vector2f toV(eng::iso::WorldPos p)
{
    return {float(p.x), float(p.y)};
}

} // namespace game::detail
