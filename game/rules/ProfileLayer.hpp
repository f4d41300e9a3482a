#pragma once
/// \file ProfileLayer.hpp
/// Which cost layer of a NavGrid a movement profile walks on: the one rule the world and the
/// party share. Layer 0 is the default profile (the config's base rules, or `--profile NAME`'s,
/// whatever its name); every other layer is named by its profile (NavGrid::layerName).
///
/// \code
/// const int layer = game::profileLayer(world.nav, "dwarf");   // -1: no such profile
/// const int cart = game::footprintLayer(world.nav, layer, 2);  // a 2x2 unit of that profile
/// \endcode

#include "engine/path/NavGrid.hpp"

#include <string_view>

namespace game {

/// "" (no profile): layer 0, the default. Otherwise the first layer named `profile` (the default
/// layer too, when it carries that name). -1 when no layer has it, or the grid has no layers.
int profileLayer(const isostar::path::NavGrid& grid, std::string_view profile);

/// The layer units of `size` cells a side walk on for profile layer `layer`: `layer` itself
/// for size 1, else its footprint layer for that size (each cell the dearest cost of the
/// size x size block anchored there) when the grid's owner has made it
/// (NavGrid::footprintLayer); -1 when it has not, or for a bad layer or size. O(layers).
int footprintLayer(const isostar::path::NavGrid& grid, int layer, int size);

} // namespace game
