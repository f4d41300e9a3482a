#pragma once
/// \file Layout.hpp
/// Where each tile sits in the two generated tilesets (local tile ids). The map writer and the
/// tileset writer share these numbers; assets/README.md documents them for map makers.

#include <string>

namespace artgen {

/// Connection bits of road and wall variants, the article's NESW naming. On the isometric map
/// N = cell (x, y-1) (up-right on screen), E = (x+1, y) (down-right), S = (x, y+1) (down-left),
/// W = (x-1, y) (up-left). Variant id = first id + mask.
enum Nesw : int { kN = 1, kE = 2, kS = 4, kW = 8 };

namespace ground { // assets/tiles/ground.tsx: 64x32 images, 8 columns
inline constexpr int Grass = 0;    ///< 4 variants
inline constexpr int Snow = 4;     ///< 4 variants
inline constexpr int Water = 8;    ///< 4 variants
inline constexpr int Flowers = 12; ///< 4 variants
inline constexpr int Road = 16;    ///< 16 variants, + NESW mask
inline constexpr int Scorched = 32; ///< 4 variants: grass dried by a volcano's heat (terrain grass)
inline constexpr int Count = 36;
inline constexpr int Columns = 8;
} // namespace ground

namespace tall { // assets/tiles/tall.tsx: 64x128 images, 8 columns, the cell at the image bottom
inline constexpr int Wall = 0;             ///< 16 variants, + NESW mask
inline constexpr int Volcano = 16;         ///< dormant
inline constexpr int VolcanoErupting = 17; ///< animated through 17..20
inline constexpr int VolcanoFrames = 4;
inline constexpr int Tombstone = 21;
inline constexpr int TombCross = 22;
inline constexpr int Tent = 23;
inline constexpr int Castle = 24;
inline constexpr int Oak = 25;
inline constexpr int Birch = 26;
inline constexpr int Pine = 27;
inline constexpr int SnowPine = 28;
inline constexpr int Rock = 29;
inline constexpr int Boulder = 30;
inline constexpr int BridgeX = 31; ///< deck along the x axis (NW-SE on screen)
inline constexpr int BridgeY = 32; ///< deck along the y axis (NE-SW on screen)
inline constexpr int Count = 33;
inline constexpr int Columns = 8;
} // namespace tall

/// First gids in every generated map: ground first, then tall.
inline constexpr int kGroundFirstGid = 1;
inline constexpr int kTallFirstGid = 1 + ground::Count;

/// Terrain property of a ground / tall tile id.
std::string groundTerrain(int id);
std::string tallTerrain(int id);
/// `connects` property of a tall tile id (empty = none): the autotiled terrains a road or wall
/// next to it connects to although the tile is not one of them (bridges, tent, castle: "road";
/// see eng::edit::TileCatalog). The map writer's road connections (MapGrid.cpp) must agree.
std::string tallConnects(int id);

} // namespace artgen
