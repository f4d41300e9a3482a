#pragma once
/// \file ObjectCell.hpp
/// The one rule that turns a Tiled object into the map cell it marks (a unit's spawn, a start or
/// goal marker). The game (party spawns, start/goal) and `isopath path` (start/goal objects) both
/// use it, so an object means the same cell everywhere.
///
/// The rule (positions per Tiled's TMX reference, "object" and "objectalignment"):
/// - a point: the point itself;
/// - a rectangle, ellipse or text box: its centre; a polygon or polyline: the centre of its
///   points' bounding box. On orthogonal, staggered and hexagonal maps the centre turns with the
///   object's rotation about (x, y), as Tiled draws it; isometric shapes are unrotated (Tiled
///   rotates them in screen space, which no tile-space point matches);
/// - a tile object: the cell it stands on. Its image is anchored at (x, y) by the tileset's
///   object alignment (unspecified = bottom-left on orthogonal maps, bottom-centre on
///   isometric ones); its foot is the image's bottom-centre (turned with the object's rotation),
///   and the cell is the one half a map tile above the foot: on an isometric map the cell whose
///   bottom corner is the foot. So a tile object taller than one cell stands on its bottom cell.
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// const isostar::map::MapData map = isostar::map::loadMap("maps/valley.tmx").value();   // checked: MapLoader.hpp
/// std::optional<isostar::TileCoord> start;
/// isostar::map::forEachLayer(map.layers, [&](const isostar::map::Layer& layer) {
///     for (const isostar::map::Object& o : layer.objects)
///         if (o.name == "start")
///             start = isostar::map::objectCell(map, o);
/// });
/// if (start) std::cout << "start at " << *start << '\n';
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/map/MapData.hpp"

namespace isostar::map {

/// The point of tile space the object stands for (see the rule above), in continuous tile
/// coordinates (cell (x, y) spans [x, x+1) x [y, y+1)). Never fails; a tile object whose gid
/// has no tileset uses the map's default alignment. Not clamped to the map.
TilePos objectTilePos(const MapData& map, const Object& object);

/// The cell that holds objectTilePos() (floor of both coordinates; on staggered and hexagonal
/// maps the cell under the point by Tiled's hit test). May lie outside the map: callers check.
/// Coordinates beyond the range of int are clamped to it.
TileCoord objectCell(const MapData& map, const Object& object);

} // namespace isostar::map
