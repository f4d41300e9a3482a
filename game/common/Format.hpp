#pragma once
/// \file Format.hpp
/// How the game writes numbers and cells in messages, the HUD, the debug panels and the dump:
/// one spelling everywhere ("12.35", "(3, 4)").

#include "engine/core/TileCoord.hpp"

#include <string>

namespace game {

/// `v` with a fixed number of decimals ("inf" / "-inf" for infinities).
std::string fmt(double v, int decimals = 2);

/// "(x, y)".
std::string tileStr(isostar::TileCoord c);

} // namespace game
