#pragma once
/// \file CornerBlends.hpp
/// The soft borders between ground terrains, picked as Tiled's terrain brush (and tools/artgen,
/// which drew every shipped map) picks them: from the corner wang sets of the map's tilesets
/// (assets/tiles/ground.tsx: grass-snow, grass-water, grass-scorched, flowers-snow, flowers-water,
/// snow-water). Built once from the map's tilesets; read-only afterwards. Knows nothing of layers:
/// the caller says which kind each cell is (kindOf of its ground tile).
///
/// Kinds: each wang colour of a usable corner set names a kind (its `name`, else the terrain of
/// its `tile`; per tileset, so "snow" in two sets of one tileset is one kind). A tile of a corner
/// set is of the kind of its colour when all four corners have it (a plain tile: grass 0-3, snow
/// 4-7, ...), else of the set's base (a mixed tile: grass with snow in a corner is grass).
///
/// A corner set is usable when it has two colours and its mixed tiles all carry one terrain T,
/// the terrain of its base colour's plain tiles: the base is the colour named T, else the only
/// colour whose plain tiles carry T, else the set is ignored. So re-picking a cell never changes
/// its terrain name (hence its cost): only its art.
///
/// The rule (pick), for a cell of kind K (cell corners = map vertices: top (x, y) = Tiled's
/// top-left corner, right (x+1, y) top-right, bottom (x+1, y+1) bottom-right, left (x, y+1)
/// bottom-left; a vertex touches the 4 cells around it):
/// - K is the base of no set (water, scorched): the cell keeps its tile.
/// - For each set with base K, its other kind O: the vertices touched by a cell of kind O. The set
///   with the most such corners wins; ties: the O that is the other colour of more sets (it lies
///   over more terrains: water over snow over scorched), then the earlier set. No corner at all:
///   the plain tile of K (the current tile if it already is one, so variants stay).
/// - All four corners: the set's all-O tile when it carries the cell's terrain (scorched grass is
///   grass), else the cell keeps K in the corner touched by the fewest O cells (ties: top, right,
///   bottom, left) — a cell never turns into another terrain.
/// - Otherwise the set's tile for those corners (the lowest id when several).
/// This is tools/artgen's blendId (tools/artgen/MapGrid.cpp), so every ground cell of the shipped
/// maps is what pick() gives (tests/engine/edit/CornerBlendTest.cpp).
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// const isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();   // checked: MapLoader.hpp
/// const isostar::map::TileGrid& ground = map.layers[0].tiles;          // the ground layer
/// auto inside = [&](isostar::TileCoord c) { return c.x >= 0 && c.y >= 0 && c.x < ground.width && c.y < ground.height; };
/// const isostar::TileCoord cell{4, 2};
/// const isostar::edit::CornerBlends blends(map);
/// auto kindAt = [&](isostar::TileCoord c) { return inside(c) ? blends.kindOf(ground.at(c.x, c.y)) : -1; };
/// const isostar::map::Gid tile = blends.pick(cell, kindAt, ground.at(cell.x, cell.y));
/// std::cout << "cell (4,2) takes tile " << tile << '\n';
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/map/MapData.hpp"

#include <array>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace isostar::edit {

class CornerBlends {
public:
    /// The kind of a cell (kindOf of its ground tile); -1 off the map or for no kind.
    using KindAt = std::function<int(TileCoord)>;

    CornerBlends() = default;
    /// Reads every corner wang set of `map`'s tilesets. Keeps no reference to the map.
    explicit CornerBlends(const map::MapData& map);

    /// True when the map has no usable corner set (pick never changes a tile).
    bool empty() const { return m_sets.empty(); }
    /// The kind of a tile (flip bits removed), -1 when it is in no usable corner set.
    int kindOf(map::Gid gid) const;
    /// The kind's name ("grass", "scorched"), empty for an unknown kind.
    const std::string& kindName(int kind) const;

    /// The tile a cell of kind kindAt(c) takes among its neighbours' kinds (the rule above).
    /// `current` is returned when it already is that tile, or a plain tile of the wanted kind
    /// where a plain tile is wanted, or when kindAt(c) is the base of no set. Calls kindAt for
    /// c and its 8 neighbours only.
    map::Gid pick(TileCoord c, const KindAt& kindAt, map::Gid current) const;

private:
    struct Kind {
        std::size_t tileset = 0;
        std::string name;
        int overCount = 0;          ///< sets in which it is the other colour
        map::Gid plain = 0;         ///< its plain tile (its colour's `tile` in the first set)
        std::vector<int> baseOf;    ///< sets with this base, in set order
    };
    struct Set {
        int base = -1, other = -1;              ///< kinds
        std::array<map::Gid, 16> tiles{};       ///< corner mask (other corners) -> lowest-id tile, 0 = none
        bool otherKeepsTerrain = false;         ///< the all-other tile carries the base's terrain
    };
    struct TileEntry {
        int kind = -1;
        bool plain = false; ///< all four corners one colour
        int set = -1;       ///< a mixed tile's set (its only one), -1 for a plain tile
        int mask = 0;       ///< the other colour's corners in that set
    };
    int kindId(std::size_t tileset, const std::string& name);
    /// Adds wang set `si` of tileset `ti` when usable (see the file comment).
    void addSet(const map::Tileset& ts, std::size_t ti, std::size_t si);

    std::vector<Kind> m_kinds;
    std::vector<Set> m_sets;
    std::unordered_map<map::Gid, TileEntry> m_tiles;
};

} // namespace isostar::edit
