#pragma once
/// \file TileCatalog.hpp
/// What the brush knows about every tile of a map's tilesets: its terrain, whether it goes to
/// the ground or the overlay layer, and whether it is autotiled (picked from its neighbours
/// through an edge wang set). Built once from the map's tilesets; read-only afterwards.
///
/// Rules (checked against assets/tiles/*.tsx and maps/valley.tmx by tests/engine/edit):
/// - **Terrain**: the tile's string property `terrain` (same as eng::terrain::TerrainProperty).
///   Tiles without one (or with an empty one) are not brush tiles.
/// - **Autotile family**: each colour of a wang set of type "edge" names one terrain: the
///   `terrain` of the colour's `tile`, else of the first wang tile that has the colour on an edge.
///   Every tile *of the same tileset* with that terrain belongs to the family, including tiles the
///   set does not list (ground.tsx's isolated road, id 16, is the family's "outside" tile).
/// - **Ground or overlay**: a tile property `layer` = "ground" / "overlay" wins; otherwise a tile is
///   ground when it is flat (its image height equals the map's tileheight) and in no autotile
///   family; everything else (roads, walls, every 64x128 tile of tall.tsx) is overlay.
/// - **Variant** (pickVariant): Tiled's edge wangid order is top, right, bottom, left at indices
///   0, 2, 4, 6; in map cells top = (x, y-1) = N, right = (x+1, y) = E, bottom = (x, y+1) = S,
///   left = (x-1, y) = W. A cell's variant is the wang tile whose four edge colours equal the
///   family's colour where the neighbour belongs to the same family and 0 elsewhere (corners are
///   ignored). Several exact matches: the current tile if it is one (the artist's choice stays),
///   else the lowest id. No exact match:
///   - mask 0 (isolated): the family's lowest-id tile outside the set, else the colour's `tile`,
///     else the set's `tile`, else the best partial match;
///   - any other mask: the best partial match = the wang tile agreeing on the most of the four
///     edges (ties: the lowest id).
///
/// Known difference from the shipped art: tools/artgen also connects roads to bridges, tents and
/// the castle, which no wang set can express. In maps/valley.tmx 11 road cells (listed in
/// tests/engine/edit/MapEditorTest.cpp) point at such a neighbour; re-picking them (an edit next
/// to them) drops that connection.
///
/// \code
/// const eng::edit::TileCatalog catalog(map);
/// const int road = catalog.familyOf(gidOfSomeRoadTile);
/// const eng::map::Gid tile = catalog.pickVariant(road, eng::edit::edge::North | eng::edit::edge::South);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/map/MapData.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace eng::edit {

/// Name of the tile property holding a tile's terrain (as in engine/terrain).
inline constexpr std::string_view TerrainProperty = "terrain";
/// Name of the optional tile property forcing a tile's layer: "ground" or "overlay".
inline constexpr std::string_view LayerProperty = "layer";

/// Connection bits of an autotiled cell: which neighbours belong to its family.
namespace edge {
inline constexpr unsigned North = 1u; ///< (x, y-1), Tiled's top edge
inline constexpr unsigned East = 2u;  ///< (x+1, y), Tiled's right edge
inline constexpr unsigned South = 4u; ///< (x, y+1), Tiled's bottom edge
inline constexpr unsigned West = 8u;  ///< (x-1, y), Tiled's left edge
inline constexpr unsigned All = 15u;
} // namespace edge

/// The neighbour of `c` in the direction of one edge bit (exactly one bit set).
TileCoord neighbour(TileCoord c, unsigned edgeBit);

/// One autotiled terrain: one colour of one edge wang set.
struct AutotileFamily {
    std::size_t tileset = 0;      ///< index into MapData::tilesets
    std::size_t wangSet = 0;      ///< index into that tileset's wangSets
    int color = 0;                ///< 1-based colour index, as in WangTile::wangId
    std::string terrain;          ///< the terrain every tile of the family carries
    map::Gid representative = 0;  ///< palette tile: colour's tile, else set's tile, else lowest id
    map::Gid isolated = 0;        ///< lowest-id family tile the set does not list; 0 = none
};

/// What the brush knows about one tile.
struct TileClass {
    std::string terrain;  ///< non-empty (tiles without a terrain are not classified)
    bool overlay = false; ///< goes to the overlay layer (else the ground layer)
    int family = -1;      ///< index into TileCatalog::families(), -1 = not autotiled
    std::size_t tileset = 0; ///< index into MapData::tilesets
    bool operator==(const TileClass&) const = default;
};

class TileCatalog {
public:
    TileCatalog() = default;
    /// Classifies every tile of `map`'s tilesets that carries a terrain. Keeps no reference to
    /// the map. O(tiles + wang tiles).
    explicit TileCatalog(const map::MapData& map);

    /// The class of a gid (flip bits removed), or nullptr for 0, unknown gids and tiles
    /// without a terrain.
    const TileClass* classify(map::Gid gid) const;
    /// The autotile family of a gid, -1 when none.
    int familyOf(map::Gid gid) const;
    const std::vector<AutotileFamily>& families() const { return m_families; }

    /// The tile for a cell of `family` whose same-family neighbours are `mask` (edge:: bits);
    /// `current` [opt] is kept when it is an exact match. See the file comment for the
    /// fallbacks. Never 0 for a family of a well-formed set (it has at least one tile).
    map::Gid pickVariant(int family, unsigned mask, map::Gid current = 0) const;

    /// The lowest-id tile carrying `terrain`, in tileset `preferTileset` if it has one, else in
    /// the first tileset that does; 0 when no tile carries it.
    map::Gid firstTileOf(std::string_view terrain, std::size_t preferTileset = 0) const;

private:
    struct Wang {
        map::Gid gid = 0;
        std::uint8_t edges[4] = {}; ///< colours of N, E, S, W
    };
    std::unordered_map<map::Gid, TileClass> m_classes;
    std::vector<AutotileFamily> m_families;
    std::vector<std::vector<Wang>> m_wangTiles; ///< per family: its set's tiles, by id
    std::vector<map::Gid> m_colorTile, m_setTile; ///< per family, 0 = none
    /// (tileset, terrain) -> lowest gid, in tileset order.
    std::vector<std::pair<std::size_t, std::pair<std::string, map::Gid>>> m_firstOf;
};

} // namespace eng::edit
