#pragma once
/// \file MapEditor.hpp
/// The terrain brush: edits a loaded map's tile layers in place — paint a terrain or a palette
/// tile, erase the overlay, make a volcano erupt or go dormant — with autotiled roads and walls,
/// corner-blended ground and undo / redo. Knows nothing of costs: each edit reports the cells
/// whose tiles changed, and the caller updates what depends on them
/// (isostar::terrain::terrainNamesAt + TerrainField::setCell for costs, meshes, paths).
///
/// Layers: the ground layer is the tile layer named "ground", else the first tile layer; the
/// overlay layer is the tile layer named "overlay", else the last tile layer (it may be the ground
/// layer itself on a one-layer map). Layers inside groups count, in draw order.
///
/// Rules (tile classes and variants: TileCatalog.hpp):
/// - A ground tile goes to the ground layer and keeps the cell's overlay; an overlay tile
///   replaces the cell's overlay tile.
/// - An autotiled terrain (road, wall) gets the variant its neighbours in the same layer call for:
///   the neighbours of its family and the tiles joining the family through their `connects`
///   property (a road next to a bridge, tent or castle connects towards it). Every change of a cell
///   re-picks the variants of its 4 autotiled neighbours in that layer, so painting or erasing a
///   bridge, tent or castle re-picks the roads beside it. A joining tile is never re-picked.
/// - `paint(c, terrain)` uses the first palette tile of that terrain, except that a cell whose
///   layer already holds a tile of that terrain is left alone (its variant is kept). Painting
///   the tile a cell already holds (flip flags aside) is a no-op.
/// - Corner blends (CornerBlends.hpp; Tiled's terrain brush, and tools/artgen's rule for the
///   shipped maps): a ground tile of a corner wang set is placed as the blend its neighbours call
///   for (painting snow into grass lays a snow tile whose grass neighbours get snow drifting into
///   the corners they share with it; a snow cell beside water gets water in those corners). Every
///   change of a ground cell re-picks the blends of the ground cells around it (its 8 neighbours).
///   A vertex is the other terrain when any cell touching it is, and a blend is named by its base
///   terrain, so a re-pick changes only art: every cell keeps the terrain (and cost) painted or
///   held before. Cells whose ground tile is in no corner set (other tilesets, roads on a
///   one-layer map) and every other layer are left alone. The re-picked cells are in the edit's
///   `cells` and in its undo step. Painting a tile or terrain whose blend the cell already shows
///   is a no-op.
/// - Neighbours follow the map's layout. On orthogonal and isometric maps (and the playable form
///   of a staggered map) they are (x+-1, y+-1). On staggered and hexagonal maps edited in
///   Tiled's cells they are the cells the same steps reach on the diamond grid those cells lie
///   on (isostar::map::CellFrame's staggered placement, with the map's stagger axis and index),
///   as Tiled's terrain brush takes them: the four edge neighbours are the cells above-right,
///   below-right, below-left and above-left (Tiled's HexagonalRenderer topRight, bottomRight,
///   bottomLeft, topLeft), and a corner is shared by the four cells around it.
/// - A no-op edit succeeds with no cells, creates no undo step and leaves revision() alone.
/// - Undo / redo restore the exact gids and flip flags of every cell a step changed. A new edit
///   drops the redo steps.
///
/// Failures (`ok == false`, nothing changed): the cell is off the map or off the layer's grid,
/// an unknown terrain (`unknown terrain "raod" (the map's tiles have: grass, road, wall)`) or
/// gid, no volcano at the cell, nothing to undo / redo, a map without tile layers. Bad input
/// from a script is expected: nothing asserts.
///
/// The map must outlive the editor and keep its layers (reloading a map means a new editor).
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();
/// isostar::edit::MapEditor editor(map);
/// isostar::edit::EditResult r = editor.paint({12, 7}, "road");
/// if (!r.ok) { std::cerr << r.error << '\n'; return 1; }   // e.g. unknown terrain "raod"
/// for (isostar::TileCoord c : r.cells)   // costs: TerrainField::setCells with terrainNamesAt(map, c)
///     std::cout << "repaint " << c << '\n';
/// editor.undo();   // the road and its re-picked neighbours are back as they were
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/edit/CornerBlends.hpp"
#include "engine/edit/Palette.hpp"
#include "engine/edit/TileCatalog.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/map/MapData.hpp"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::edit {

/// What one edit (or undo / redo) did.
struct EditResult {
    bool ok = false;
    std::string error;                 ///< why not (no volcano at (x, y), unknown terrain "lava", off the map, nothing to undo)
    std::vector<TileCoord> cells;      ///< cells whose tiles changed (the painted cell and re-picked neighbours), each once
    bool operator==(const EditResult&) const = default;
};

std::ostream& operator<<(std::ostream& os, const EditResult& r);

/// Suffix of the terrain a tile turns into when it erupts ("volcano" -> "volcano_erupting").
inline constexpr std::string_view EruptingSuffix = "_erupting";

class MapEditor {
public:
    /// Edits `map` in place (it must outlive the editor). Picks the ground and overlay layers
    /// (see the file comment) and builds the catalog and palette. O(tiles of the tilesets).
    explicit MapEditor(map::MapData& map);
    MapEditor(const MapEditor&) = delete;
    MapEditor& operator=(const MapEditor&) = delete;

    const std::vector<BrushTile>& palette() const { return m_palette; }
    const TileCatalog& catalog() const { return m_catalog; }
    /// The corner wang sets the ground blends are picked from (CornerBlends.hpp).
    const CornerBlends& blends() const { return m_blends; }
    /// The ground / overlay layer, nullptr when the map has no tile layer.
    const map::Layer* groundLayer() const { return m_ground; }
    const map::Layer* overlayLayer() const { return m_overlay; }

    /// Paints a terrain: a ground terrain to the ground layer, an overlay one to the overlay
    /// layer (autotiled ones with their variant). Fails on an unknown terrain or an off-map cell.
    EditResult paint(TileCoord c, std::string_view terrain);
    /// Paints a palette tile (any tile with a terrain of the map's tilesets); a tile of an
    /// autotile family paints that family (the variant is picked).
    EditResult paintTile(TileCoord c, std::uint32_t gid);
    /// Clears the overlay tile of the cell; neighbours re-picked. Empty overlay: a no-op.
    EditResult erase(TileCoord c);
    /// Swaps the cell's tile with terrain T for the first tile of T_erupting (on) or back (off),
    /// keeping its flip flags; the overlay layer is searched first, then the ground layer.
    /// Already in that state: a no-op. No such tile: "no volcano at (x, y)".
    EditResult setErupting(TileCoord c, bool on);
    /// setErupting(c, !erupting) for the cell's volcano.
    EditResult toggleErupting(TileCoord c);

    /// A drag: all edits until endStroke() form one undo step. Nests (counted); undo() or redo()
    /// inside a stroke ends it first.
    void beginStroke();
    void endStroke();
    bool inStroke() const { return m_strokeDepth > 0; }

    /// Restores the cells of the last step (exact gids and flip flags). "nothing to undo" when none.
    EditResult undo();
    /// Re-applies the last undone step. "nothing to redo" when none.
    EditResult redo();
    bool canUndo() const { return !m_undo.empty() || !m_pending.empty(); }
    bool canRedo() const { return !m_redo.empty(); }
    /// Bumped by every edit that changed a tile, and by every undo / redo.
    std::uint64_t revision() const { return m_revision; }

private:
    struct CellChange {
        map::Layer* layer = nullptr;
        TileCoord cell;
        map::Gid oldGid = 0, newGid = 0;
        std::uint8_t oldFlip = 0, newFlip = 0;
    };
    using Step = std::vector<CellChange>;

    EditResult fail(std::string message) const;
    bool onMap(TileCoord c) const;
    /// A map cell's place on the diamond grid its neighbours are counted on (the cell itself on
    /// orthogonal and isometric maps), and back.
    TileCoord toDiamond(TileCoord c) const { return m_layout ? m_layout->toGrid(c) : c; }
    TileCoord fromDiamond(TileCoord d) const { return m_layout ? m_layout->toTiled(d) : d; }
    /// The neighbour of `c` in the direction of one edge bit, on the map's layout.
    TileCoord neighbourOf(TileCoord c, unsigned edgeBit) const;
    /// Index of a map cell in a layer's grid, -1 when the grid does not cover it.
    static long slotOf(const map::Layer& layer, TileCoord c);
    map::Gid gidAt(const map::Layer& layer, TileCoord c) const;
    /// Sets one cell (recorded into the pending step) and re-picks its neighbours.
    void place(map::Layer& layer, TileCoord c, map::Gid gid, std::uint8_t flip, EditResult& out);
    void setRaw(map::Layer& layer, TileCoord c, map::Gid gid, std::uint8_t flip, EditResult& out);
    void repickNeighbours(map::Layer& layer, TileCoord c, EditResult& out);
    /// Re-picks the corner blends of the ground cells in the 3x3 around `c` (CornerBlends::pick),
    /// all decided on the kinds the 5x5 around `c` has before the first re-pick.
    void reblend(map::Layer& layer, TileCoord c, EditResult& out);
    /// The tile a ground cell gets when `gid` is painted there: its corner blend among the
    /// current neighbours (CornerBlends::pick), `gid` itself for a tile of no corner set.
    map::Gid blendTarget(TileCoord c, map::Gid gid) const;
    unsigned connections(const map::Layer& layer, TileCoord c, int family) const;
    EditResult paintClassified(TileCoord c, map::Gid gid, bool keepSameTerrain);
    /// Closes an edit: commits the pending step when no stroke is open, bumps the revision.
    EditResult finish(EditResult r);
    void commitPending();
    EditResult apply(const Step& step, bool forward);

    map::MapData& m_map;
    /// Staggered and hexagonal maps: their cells' placement on the diamond grid.
    std::optional<map::CellFrame> m_layout;
    TileCatalog m_catalog;
    CornerBlends m_blends;
    std::vector<BrushTile> m_palette;
    map::Layer* m_ground = nullptr;
    map::Layer* m_overlay = nullptr;
    Step m_pending;                 ///< changes of the open stroke (or the edit in progress)
    std::vector<Step> m_undo, m_redo;
    int m_strokeDepth = 0;
    std::uint64_t m_revision = 0;
};

} // namespace isostar::edit
