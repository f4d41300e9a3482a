#pragma once
/// \file Direction.hpp
/// The eight facings of a sprite, as seen on screen (N = up the screen), and how a step in tile
/// space maps to one on an isometric or orthogonal map.

#include <iosfwd>
#include <optional>
#include <string_view>

namespace isostar::anim {

/// Screen-space facing, clockwise from "up the screen".
enum class Direction8 { N, NE, E, SE, S, SW, W, NW };

inline constexpr int DirectionCount = 8;

/// "N", "NE", "E", "SE", "S", "SW", "W", "NW".
std::string_view directionName(Direction8 d);
/// Inverse of directionName (case-insensitive); nullopt for anything else.
std::optional<Direction8> parseDirection(std::string_view name);

/// Facing for a movement by (dx, dy) screen pixels (y grows down). A zero vector gives nullopt.
/// Each direction owns a 45 degree sector centred on it.
std::optional<Direction8> facingForScreenDelta(double dx, double dy);

/// Facing for a step by (dx, dy) cells on an isometric map with tiles `tileW` x `tileH` pixels:
/// the step is projected to screen space first, so (+1, 0) faces SE and (+1, +1) faces S on a
/// 64x32 grid. On an orthogonal map pass `isometric = false`: (+1, 0) faces E.
std::optional<Direction8> facingForTileStep(int dx, int dy, bool isometric, double tileW = 64.0,
                                            double tileH = 32.0);

std::ostream& operator<<(std::ostream& os, Direction8 d);

} // namespace isostar::anim
