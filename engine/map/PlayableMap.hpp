#pragma once
/// \file PlayableMap.hpp
/// A map as the engine plays it: any map the game takes (orthogonal, isometric or staggered;
/// finite or infinite) turned into a finite orthogonal or isometric MapData on the grid of its
/// CellFrame, so the renderer, the terrain and the path finder see one kind of map.
///
/// What changes: orientation (staggered -> isometric), width/height (the frame's grid),
/// `infinite` (false), every tile layer (a gridWidth x gridHeight grid at (0,0), each of Tiled's
/// cells moved to its grid cell; grid cells off the map are empty), and object positions (to
/// the grid's object space, so objectCell gives the grid cell of Tiled's cell; a staggered tile
/// object with unspecified alignment is re-anchored from bottom-left to bottom-centre, the
/// isometric default, so it draws where Tiled draws it). Everything else is kept. The result is
/// for playing and drawing, never for saving: it is not the file's map.
///
/// placeMap does every step (checks, frame, playable map, void cells) and is what callers use;
/// the parts below it are its steps. isostar::terrain::loadNavWorld (engine/terrain/NavWorld.hpp)
/// goes on from there to the terrain and the NavGrid.
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// isostar::Result<isostar::map::PlayedMap> played = isostar::map::placeMap(isostar::map::loadMap("maps/valley.tmx"));
/// if (!played) { std::cerr << isostar::formatDiagnostics(played.diagnostics()); return 2; }
/// const isostar::map::CellFrame& frame = played.value().frame;     // Tiled's cells <-> the grid
/// const isostar::TileCoord cell = frame.toGrid({3, 2});
/// std::cout << "Tiled's (3,2) is grid cell " << cell << (played.value().isVoid(cell) ? ", void\n" : "\n");
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/core/Result.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/map/MapData.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace isostar::map {

/// Most grid cells a playable map may have (its tile layers are allocated whole): check
/// `frame.gridWidth() * frame.gridHeight()` against it before playableMap. A staggered map's
/// grid has about twice its cells, more for a long thin one (1 x N cells: (N/2)^2).
inline constexpr std::uint64_t MaxPlayableCells = 64u * 1024u * 1024u;

/// `map` on the grid of `frame` (= CellFrame::of(map)); an identity frame returns a copy.
/// O(grid cells x tile layers + objects). [Limit: grid cells <= MaxPlayableCells]
MapData playableMap(const MapData& map, const CellFrame& frame);

/// What playableMap changes of a map's header, kept to put an edited playable map back into its
/// file's form (tiledMap). Of a map as loaded: TiledForm::of(map).
struct TiledForm {
    Orientation orientation = Orientation::Orthogonal;
    int width = 0, height = 0;  ///< the map's `width` and `height` attributes
    bool infinite = false;
    static TiledForm of(const MapData& map) { return {map.orientation, map.width, map.height, map.infinite}; }
    bool operator==(const TiledForm&) const = default;
};

/// An edited playable map (`played`, on `frame`'s grid) in its file's form, for saveMapTiles:
/// `form`'s orientation, width, height and infiniteness, and every tile layer on Tiled's cells
/// again — a finite map's width x height grid at (0,0), an infinite map's the frame's rectangle
/// (its cells without a tile are no chunk when saved). Objects stay as played (the writer keeps
/// the file's). The inverse of playableMap for tiles: tiledMap(playableMap(m, f), f,
/// TiledForm::of(m)) holds m's tiles on every cell. An identity frame returns `played` with
/// `form`'s header. O(Tiled's cells x tile layers).
MapData tiledMap(const MapData& played, const CellFrame& frame, const TiledForm& form);

/// Void cells of a playable map (grid row-major, 1 = void): cells off the frame's map, and on
/// infinite maps cells no tile layer has a tile on. Empty when no cell is void. O(cells x layers).
std::vector<std::uint8_t> voidCells(const MapData& playable, const CellFrame& frame, bool infinite);

/// A map placed on the engine's grid: what the terrain, the NavGrid and the renderer read.
struct PlayedMap {
    /// The map as played: the file's map when its frame is the identity (finite orthogonal or
    /// isometric), else its playableMap (staggered, infinite; for playing, never for saving).
    MapData map;
    CellFrame frame;                  ///< Tiled's cells <-> grid cells
    TiledForm form;                   ///< the file's header (for tiledMap when saving)
    std::vector<std::uint8_t> voids;  ///< voidCells of the grid (1 = void); empty: none

    /// True for a grid cell that is void (off the map); false off the grid too.
    bool isVoid(TileCoord grid) const
    {
        return grid.x >= 0 && grid.y >= 0 && grid.x < map.width && grid.y < map.height && !voids.empty() &&
               voids[std::size_t(grid.y) * std::size_t(map.width) + std::size_t(grid.x)] != 0;
    }
};

/// Why the engine does not play `map`, as one Diagnostic at map.path (line 0), or nullopt when
/// it does: `the map has no cells`. Every orientation is played (hexagonal maps on their own
/// cells, as hex grids: MapTopology.hpp). O(1).
std::optional<Diagnostic> unplayableReason(const MapData& map);

/// `map` placed on the grid of CellFrame::of(map): the checks of unplayableReason, then the
/// frame's size against MaxPlayableCells (`the map is too large to plan on (WxH cells on the
/// engine's grid)`), then playableMap and voidCells for a frame that is not the identity. All
/// diagnostics name map.path. O(grid cells x tile layers).
Result<PlayedMap> placeMap(MapData map);
/// placeMap of a loaded map; a failed load passes its diagnostics through.
Result<PlayedMap> placeMap(Result<MapData> loaded);

/// Why a hexagonal map cannot be drawn or played: it is infinite (its chunks are not placed on
/// hexagons), or its hexsidelength is not below the tile size on its stagger axis (rounded down
/// to even, as Tiled's renderer does). One Diagnostic at map.path; nullopt for a good map and for
/// every other orientation. O(1).
std::optional<Diagnostic> hexShapeProblem(const MapData& map);

} // namespace isostar::map
