#pragma once
/// \file StepGeometry.hpp
/// The plain geometry of a unit's walk, no unit written: which way a step or a move faces on
/// screen (isometric, orthogonal or hexagonal maps, as PartyParams describes the map) and where
/// a smoothed segment crosses a cell. PartyMotion.cpp, the one writer of units, applies them.

#include "engine/anim/Direction.hpp"
#include "engine/core/TileCoord.hpp"
#include "game/party/PartyParams.hpp"

#include <optional>

namespace game {

/// The facing of a step from cell `from` to its neighbour `to`: the nearest of the eight
/// directions on screen (none for a zero step). On hexagonal maps a step across the stagger axis
/// also moves half a cell along it, to the side the shift says (Tiled's layout; see
/// isostar::iso::Projection).
std::optional<isostar::anim::Direction8> stepFacing(isostar::TileCoord from, isostar::TileCoord to, const PartyParams& p);

/// The facing of a move by (dx, dy) cells, any angle (projected as stepFacing projects a step;
/// on hexagonal maps without the half-cell shift, which a long move hardly feels).
std::optional<isostar::anim::Direction8> moveFacing(double dx, double dy, const PartyParams& p);

/// The middle of the stretch of the segment from the centre of `a` to the centre of `b` inside
/// cell `c`, as the segment's parameter in [0, 1].
double stretchMiddle(isostar::TileCoord a, isostar::TileCoord b, isostar::TileCoord c);

} // namespace game
