#pragma once
/// \file ProfileLayer.hpp
/// Which cost layer of a NavGrid a movement profile walks on: the one rule the world and the
/// party share. Layer 0 is the default profile (the config's base rules, or `--profile NAME`'s,
/// whatever its name); every other layer is named by its profile (NavGrid::layerName).
///
/// \code
/// const int layer = game::profileLayer(world.nav, "dwarf");   // -1: no such profile
/// \endcode

#include "engine/path/NavGrid.hpp"

#include <string_view>

namespace game {

/// "" (no profile): layer 0, the default. Otherwise the first layer named `profile` (the default
/// layer too, when it carries that name). -1 when no layer has it, or the grid has no layers.
int profileLayer(const isostar::path::NavGrid& grid, std::string_view profile);

} // namespace game
