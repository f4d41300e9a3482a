#pragma once
/// \file TileCatalog.hpp
/// What the brush knows about every tile of a map's tilesets: its terrain, whether it goes to
/// the ground or the overlay layer, and whether it is autotiled (picked from its neighbours
/// through an edge wang set). Built once from the map's tilesets; read-only afterwards.
///
/// Rules (checked against assets/tiles/*.tsx and maps/valley.tmx by tests/engine/edit):
/// - **Terrain**: the tile's string property `terrain` (same as isostar::terrain::TerrainProperty).
///   Tiles without one (or with an empty one) are not brush tiles.
/// - **Autotile family**: each colour of a wang set of type "edge" names one terrain: the
///   `terrain` of the colour's `tile`, else of the first wang tile that has the colour on an edge.
///   Every tile *of the same tileset* with that terrain belongs to the family, including tiles the
///   set does not list (ground.tsx's isolated road, id 16, is the family's "outside" tile).
/// - **Ground or overlay**: a tile property `layer` = "ground" / "overlay" wins; otherwise a tile is
///   ground when it is flat (its image height equals the map's tileheight) and in no autotile
///   family; everything else (roads, walls, every 64x128 tile of tall.tsx) is overlay.
/// - **Connects** (`connects`, optional string tile property): a comma-separated list of names
///   (spaces around a name ignored, case-sensitive). A name that equals the `terrain` of an autotile
///   family or the `name` of its wang colour makes the tile *join* that family: a family cell
///   next to it connects towards it as if it were one of its own, although the tile is not in the
///   family, is never re-picked as the family and keeps its own tile. Names matching no family of
///   the map's tilesets are ignored. The tile may sit in any tileset of the map (tall.tsx's bridges,
///   tent and castle carry `connects` = "road", joining ground.tsx's roads). A tile's own family
///   needs no entry. The property is read on every tile that has it, with or without `terrain`.
/// - **Variant** (pickVariant): Tiled's edge wangid order is top, right, bottom, left at indices
///   0, 2, 4, 6; in map cells top = (x, y-1) = N, right = (x+1, y) = E, bottom = (x, y+1) = S,
///   left = (x-1, y) = W. A cell's variant is the wang tile whose four edge colours equal the
///   family's colour where the neighbour carries the family (carries(): in the family or joining
///   it through `connects`) and 0 elsewhere (corners are ignored). Several exact matches: the
///   current tile if it is one (the artist's choice stays), else the lowest id. No exact match:
///   - mask 0 (isolated): the family's lowest-id tile outside the set, else the colour's `tile`,
///     else the set's `tile`, else the best partial match;
///   - any other mask: the best partial match = the wang tile agreeing on the most of the four
///     edges (ties: the lowest id).
///
/// With these rules every road and wall cell of maps/valley.tmx (written by tools/artgen, whose
/// roads connect to bridges, tents and the castle) is the variant its neighbours call for
/// (tests/engine/edit/MapEditorTest.cpp checks every cell).
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// const isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();   // checked: MapLoader.hpp
/// const isostar::edit::TileCatalog catalog(map);
/// const isostar::map::Gid someRoadTile = map.layers[1].tiles.at(3, 4);   // a road tile of the map
/// const int road = catalog.familyOf(someRoadTile);
/// const isostar::map::Gid tile = catalog.pickVariant(road, isostar::edit::edge::North | isostar::edit::edge::South);
/// std::cout << "a north-south road: tile " << tile << '\n';
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/map/MapData.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace isostar::edit {

/// Name of the tile property holding a tile's terrain (as in engine/terrain).
inline constexpr std::string_view TerrainProperty = "terrain";
/// Name of the optional tile property forcing a tile's layer: "ground" or "overlay".
inline constexpr std::string_view LayerProperty = "layer";
/// Name of the optional tile property listing the autotile families a tile joins without being
/// in them: comma-separated terrains or wang colour names (see the file comment), e.g. "road".
inline constexpr std::string_view ConnectsProperty = "connects";

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
    std::string colorName;        ///< the wang colour's `name` (may be empty)
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
    /// Whether a cell holding `gid` counts as carrying `family`'s colour for its neighbours: the
    /// tile is in the family, or its `connects` property names the family. False for 0, unknown
    /// gids and family -1. O(1) plus the length of the tile's `connects` list.
    bool carries(map::Gid gid, int family) const;
    /// The families a gid joins through `connects` (its own family not included unless listed),
    /// in family order without duplicates; empty for tiles without the property.
    const std::vector<int>& joins(map::Gid gid) const;
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
    /// The autotile families of `ts` (tileset index `ti`): one per colour of each edge wang set
    /// whose terrain is known and not taken yet in this tileset.
    void addFamilies(const map::Tileset& ts, std::size_t ti);
    /// The family of colour index `ci` of wang set `si` (whose tiles, by gid, are `wangs`).
    void addFamily(const map::Tileset& ts, std::size_t ti, std::size_t si, std::size_t ci,
                   const std::vector<Wang>& wangs);
    /// The class of every tile of `ts` with a terrain (after its families).
    void addClasses(const map::Tileset& ts, std::size_t ti, int mapTileHeight);
    /// m_joins from every tile's `connects` (after every tileset's families).
    void resolveJoins(const map::MapData& map);
    std::unordered_map<map::Gid, TileClass> m_classes;
    std::unordered_map<map::Gid, std::vector<int>> m_joins; ///< `connects`, resolved to families
    std::vector<AutotileFamily> m_families;
    std::vector<std::vector<Wang>> m_wangTiles; ///< per family: its set's tiles, by id
    std::vector<map::Gid> m_colorTile, m_setTile; ///< per family, 0 = none
    /// (tileset, terrain) -> lowest gid, in tileset order.
    std::vector<std::pair<std::size_t, std::pair<std::string, map::Gid>>> m_firstOf;
};

} // namespace isostar::edit
