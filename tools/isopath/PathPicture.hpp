#pragma once
/// \file PathPicture.hpp
/// The ASCII picture of `isopath path`: the map's cells by terrain glyph, the path over them,
/// Tiled's column and row numbers at the edges, and the legend of what is shown.

#include "engine/core/GridTopology.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/terrain/TerrainField.hpp"

#include <iosfwd>

namespace isopath {

/// Widest map that still gets an ASCII picture.
constexpr int MaxPictureWidth = 240;

/// Prints the picture of `field` with the path of `r` from `start` to `goal` (grid cells);
/// instead one line saying why when the map is wider than MaxPictureWidth (hex rows offset:
/// half that, two characters a cell) or staggered. Hex maps (`topology`) are drawn as Tiled
/// staggers them: rows offset, each shoved row half a cell (one character) to the right;
/// columns offset, two text lines a row, each shoved column's cells one line lower.
void printPicture(std::ostream& out, const isostar::terrain::TerrainField& field, const isostar::path::PathResult& r,
                  isostar::TileCoord start, isostar::TileCoord goal, const isostar::map::CellFrame& frame,
                  const isostar::GridTopology& topology = isostar::GridTopology::square());

} // namespace isopath
