#pragma once
/// \file Layout.hpp
/// Where each tile sits in the two generated tilesets (local tile ids). The map writer and the
/// tileset writer share these numbers; assets/README.md documents them for map makers.

#include <string>
#include <vector>

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
/// Corner transitions (corner wang sets), 14 tiles each: id = first + corner mask - 1, mask 1..14
/// (mask 0 is the plain base tile, 15 the plain other one). Corner bits, as the diamond is seen
/// on screen: top vertex 1 (Tiled's top-left corner, map vertex (x, y)), right vertex 2
/// (top-right, (x+1, y)), bottom vertex 4 (bottom-right, (x+1, y+1)), left vertex 8
/// (bottom-left, (x, y+1)). A set bit is the other terrain in that corner. The tile's terrain is
/// its base's (a grass cell with snow drifting into a corner is grass, a snow cell with water in a
/// corner is snow).
inline constexpr int GrassSnow = 36;
inline constexpr int GrassWater = 50;
inline constexpr int GrassScorched = 64;
inline constexpr int FlowersSnow = 78;
inline constexpr int FlowersWater = 92;
inline constexpr int SnowWater = 106; ///< snow with water in some corners (terrain snow)
inline constexpr int BlendTiles = 14;
inline constexpr int Count = 120;
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

/// One corner wang set of ground.tsx: base / other terrain, its 14 mixed tiles from `first`
/// (id = first + corner mask - 1) and the plain tiles that stand for mask 0 and mask 15.
struct BlendSet {
    std::string name;      ///< wang set name, e.g. "grass-snow"
    std::string baseName;  ///< wang colour 1 (and the terrain of every mixed tile)
    std::string otherName; ///< wang colour 2 ("scorched" for the scorched grass)
    int first = 0;
    int basePlain = 0;  ///< all four corners base
    int otherPlain = 0; ///< all four corners other
    std::string baseColor, otherColor; ///< "#rrggbb" for Tiled's wang colours
};
std::vector<BlendSet> blendSets();

/// Terrain property of a ground / tall tile id.
std::string groundTerrain(int id);
std::string tallTerrain(int id);
/// `connects` property of a tall tile id (empty = none): the autotiled terrains a road or wall
/// next to it connects to although the tile is not one of them (bridges, tent, castle: "road";
/// see isostar::edit::TileCatalog). The map writer's road connections (MapGrid.cpp) must agree.
std::string tallConnects(int id);

} // namespace artgen
