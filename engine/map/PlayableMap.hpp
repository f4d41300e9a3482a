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
/// \code
/// const eng::map::CellFrame frame = eng::map::CellFrame::of(map);
/// eng::map::MapData play = eng::map::playableMap(map, frame);
/// \endcode

#include "engine/map/CellFrame.hpp"
#include "engine/map/MapData.hpp"

#include <cstdint>
#include <vector>

namespace eng::map {

/// Most grid cells a playable map may have (its tile layers are allocated whole): check
/// `frame.gridWidth() * frame.gridHeight()` against it before playableMap. A staggered map's
/// grid has about twice its cells, more for a long thin one (1 x N cells: (N/2)^2).
inline constexpr std::uint64_t MaxPlayableCells = 64u * 1024u * 1024u;

/// `map` on the grid of `frame` (= CellFrame::of(map)); an identity frame returns a copy.
/// O(grid cells x tile layers + objects). [Limit: grid cells <= MaxPlayableCells]
MapData playableMap(const MapData& map, const CellFrame& frame);

/// Void cells of a playable map (grid row-major, 1 = void): cells off the frame's map, and on
/// infinite maps cells no tile layer has a tile on. Empty when no cell is void. O(cells x layers).
std::vector<std::uint8_t> voidCells(const MapData& playable, const CellFrame& frame, bool infinite);

} // namespace eng::map
