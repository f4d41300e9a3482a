#pragma once
/// \file TileArt.hpp
/// The terrain tiles of artgen, one tile image each (Layout.hpp numbers them); Tiles.cpp lays
/// them out in the tilesets.

#include "tools/artgen/Canvas.hpp"
#include "tools/artgen/Tracer.hpp"

namespace artgen {

/// A 64x32 plain ground tile of ground.tsx (grass, flowers, snow, scorched, water; variants).
Canvas groundTile(int id);
/// The colour groundTile(id) paints at cell coordinates (u, v) (periodic, period 1: tiles of any
/// shape laid on a lattice of period 1 meet without a seam) for pixel (px, py) of its image.
Rgb groundPixel(int id, float u, float v, int px, int py);
/// A 64x32 corner transition tile of ground.tsx (id in the blend sets' range, blendSets()).
Canvas blendTile(int id);
/// A 64x32 road tile whose arms leave by the NESW edges of `mask`.
Canvas roadTile(int mask);
/// A 64x128 tall tile of tall.tsx, standing on its cell at (32, 96).
Canvas tallTile(int id);

/// The volcano of tall.tsx on its cell: the dormant cone, or frame `frame` of the erupting one.
void addVolcano(Scene& s, bool erupting, int frame);
/// The erupting volcano's warm halo for frame `frame`, painted over its traced 64x128 tile.
void volcanoHalo(Canvas& t, int frame);

} // namespace artgen
