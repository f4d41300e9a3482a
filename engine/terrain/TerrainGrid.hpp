#pragma once
/// \file TerrainGrid.hpp
/// Which terrains lie on each cell: the input of TerrainField, independent of Tiled. Build one
/// from a map (`terrainGridFromMap` in MapTerrain.hpp), from ASCII rows (tests, tools), or cell
/// by cell (generators such as pathbench).
///
/// Layout: flat, row-major (index y*width+x). Each cell has `depth` slots holding terrain ids
/// bottom to top; a cell with fewer terrains has its unused slots, all at the top, set to
/// `NoTerrain`. Ids index `names`, the grid's own name table, so the same grid compiles under
/// any rule set or unit profile (names the rules do not know are reported by TerrainField).
///
/// \code
/// isostar::terrain::TerrainGrid grid(8, 4);
/// const isostar::terrain::TerrainId grass = grid.intern("grass");
/// const isostar::terrain::TerrainId road = grid.intern("road");
/// grid.fill(grass);
/// grid.push({2, 1}, road);      // road on grass at column 2, row 1
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/core/GridShape.hpp"
#include "engine/core/TileCoord.hpp"

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace isostar::terrain {

/// Index into TerrainGrid::names.
using TerrainId = std::uint16_t;
/// An unused slot of a cell (its terrain stack is shorter than the grid's depth).
inline constexpr TerrainId NoTerrain = 0xFFFF;
/// Most distinct terrain names one grid can hold.
inline constexpr std::size_t MaxTerrainNames = NoTerrain;

struct TerrainGrid {
    int width = 0;                    ///< [Limit: >= 0]
    int height = 0;                   ///< [Limit: >= 0]
    int depth = 0;                    ///< slots per cell (grows on demand)
    std::vector<std::string> names;   ///< terrain names; a TerrainId indexes this
    /// Per name (same size as `names`): where the map gave it, for messages about names the rules
    /// do not know ("wang colour in desert.tsx"; several places joined by ", "); "" = not known.
    std::vector<std::string> origins;
    std::vector<TerrainId> slots;     ///< width*height*depth
    std::string source;               ///< [opt] file it came from, for diagnostics
    /// [opt] width*height flags, 1 = a void cell (not part of the map: off an infinite map's
    /// tiles, or a grid cell a staggered map does not have): impassable whatever its terrains.
    /// Empty = no void cell.
    std::vector<std::uint8_t> voids;

    TerrainGrid() = default;
    /// A width x height grid of cells with no terrain.
    TerrainGrid(int w, int h);

    bool inBounds(TileCoord c) const { return c.x >= 0 && c.y >= 0 && c.x < width && c.y < height; }
    /// The grid's shape (GridShape::index is the index of its cells).
    GridShape shape() const { return {width, height}; }
    int index(TileCoord c) const { return c.y * width + c.x; }
    int cellCount() const { return width * height; }
    /// True for a void cell (index as index()).
    bool isVoid(int i) const { return !voids.empty() && voids[std::size_t(i)] != 0; }

    /// Id of a name, adding it to `names` if new. Asserts fewer than MaxTerrainNames names.
    TerrainId intern(std::string_view name);
    /// intern(name), and `origin` [opt] added to the name's origins unless already listed.
    TerrainId intern(std::string_view name, std::string_view origin);
    /// Id of a name, or NoTerrain when the grid has never seen it.
    TerrainId find(std::string_view name) const;

    /// The terrains of an in-bounds cell, bottom to top (unused slots excluded).
    std::span<const TerrainId> cell(TileCoord c) const;
    /// Replaces the terrains of an in-bounds cell (bottom to top; NoTerrain entries skipped).
    void setCell(TileCoord c, std::span<const TerrainId> terrains);
    /// Makes an in-bounds cell void or not (an infinite map's cell that got its first tile, or
    /// lost its last one); `voids` is allocated on the first void cell.
    void setVoid(TileCoord c, bool isVoid);
    /// Puts one more terrain on top of an in-bounds cell.
    void push(TileCoord c, TerrainId terrain);
    /// Every cell becomes exactly {terrain}.
    void fill(TerrainId terrain);
    /// Terrain names of a cell, bottom to top.
    std::vector<std::string> cellNames(TileCoord c) const;

    bool operator==(const TerrainGrid&) const = default;

private:
    void grow(int newDepth);
};

/// Builds a grid from ASCII rows (all of equal length). `legend` maps a character to the
/// terrains of such a cell, bottom to top, separated by spaces ("snow road"); a character
/// mapped to "" is a cell without terrain. Fails with a message on unequal rows or a character
/// missing from the legend (file "<ascii>", line = row + 1).
Result<TerrainGrid> terrainGridFromAscii(std::span<const std::string_view> rows,
                                         std::span<const std::pair<char, std::string_view>> legend);

std::ostream& operator<<(std::ostream& os, const TerrainGrid& g);

} // namespace isostar::terrain
