#pragma once
/// \file MapGrid.hpp
/// A map as artgen builds it: one ground kind and one overlay feature per cell plus point
/// objects; `writeTmx` turns it into a Tiled 1.8 isometric map (64x32) with a ground layer, an
/// overlay layer and an object layer, choosing tile variants and road/wall connections itself.

#include <string>
#include <utility>
#include <vector>

namespace artgen {

enum class GroundKind { Grass, Snow, Water, Flowers, Scorched };
enum class Over { None, Road, Wall, Bridge, Tent, Castle, Volcano, VolcanoErupting, Tombstone, TombCross, Oak, Birch, Pine, SnowPine, Rock, Boulder };

struct Cell {
    GroundKind ground = GroundKind::Grass;
    Over over = Over::None;
};

struct MapObject {
    std::string name;
    std::string type; ///< Tiled 1.8 `type` (class), e.g. "party"
    int x = 0, y = 0; ///< cell
    /// String custom properties (name, value), written in this order, e.g. {"profile", "dwarf"}.
    std::vector<std::pair<std::string, std::string>> properties = {};
    /// Int custom properties (Tiled's type="int"), written after the string ones, e.g. {"size", 2}.
    std::vector<std::pair<std::string, int>> intProperties = {};
};

struct MapGrid {
    MapGrid(int w, int h) : width(w), height(h), cells(std::size_t(w) * std::size_t(h)) {}
    int width, height;
    std::vector<Cell> cells;
    std::vector<MapObject> objects;
    std::string title;
    /// Layer data as base64 + zlib (level 9) instead of csv: keeps big maps small.
    bool compressed = false;
    Cell& at(int x, int y) { return cells[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
    const Cell& at(int x, int y) const { return cells[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
};

/// Writes `grid` to `path` (atomically). Tilesets are referenced relative to the map's folder.
bool writeTmx(const MapGrid& grid, const std::string& path, const std::string& assetsDir, std::string& error);

MapGrid gridFromAscii(const std::vector<std::string>& rows, char defaultGround);
/// The showcase valley (fixed seed): buildValleyTile(true).
MapGrid buildValley();
/// The valley's 72x72 cells; `alone` adds the map's rim of trees, otherwise seam roads run
/// from its road network to the middle of each edge (row 47 at x = 0 and 71, column 30 at y = 0
/// and 71) so that copies laid side by side join their roads across the seams.
MapGrid buildValleyTile(bool alone);
/// The fringe of trees and rocks along the map's four edges (cells with no overlay, not water).
void addRim(MapGrid& g);
/// A square map of valley tiles (buildValleyTile(false)) repeated from the top-left corner:
/// `size` cells a side (the last row and column of tiles cut), or when `size` <= 0
/// `tilesAcross` whole tiles a side. Rimmed, compressed; the first tile's start and party
/// objects; the goal on the castle of the farthest whole tile.
MapGrid buildTiledValley(int size, int tilesAcross);

} // namespace artgen
