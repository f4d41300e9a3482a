#pragma once
/// \file JumpEdits.hpp
/// `isopath bench --edits N`: what keeping a jump table exact costs while a map is edited. N
/// random square brushes of walls (1x1 and 5x5 cells) are painted and then erased (the cells
/// get their former costs back), each edit applied to the grid and patched into the layer's
/// jump table in place (WeightedJumpGrid::update); the table is then compared with a fresh
/// build (exit 1 when they differ). Printed: the table's build time and size per padded cell
/// and the median and largest update time of each brush (thread CPU time), on the map and on
/// the map tiled to 2048x2048 cells.

#include "engine/path/CostField.hpp"
#include "engine/path/MoveRules.hpp"

#include <cstdint>

namespace isopath {

/// Times the jump table's updates on `field` with `rules` (see the file comment); returns the
/// exit status (ExitOk, or ExitCheckFailed when a patched table differs from a fresh build).
int benchJumpEdits(const isostar::path::CostField& field, const isostar::path::MoveRules& rules, int edits,
                   std::uint64_t seed);

} // namespace isopath
