#pragma once
/// \file Build.hpp
/// Internal to engine/map: steps shared by the TMX and TMJ parsers once raw values are read —
/// cell budgets, filling TileGrids from raw gids (flip bits split off), gid checks against the
/// tilesets, merging infinite-map chunks, and mapping template tile gids into the map.

#include "engine/map/detail/LoadContext.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace isostar::map::detail {

/// Checks a w x h cell block against the per-layer limit and the map's total budget *before*
/// anything is allocated. Returns an error text ("" = fine, and the cells are counted).
std::string reserveCells(LoadContext& ctx, std::int64_t w, std::int64_t h);

/// One chunk of an infinite map's layer, decoded to raw gids (flip bits still in).
struct RawChunk {
    int x = 0, y = 0, width = 0, height = 0;
    std::vector<std::uint32_t> raw;
};

/// Chunk positions stay within +-2^28 cells so origin + size never overflows an int.
std::string checkChunkPlace(const RawChunk& c);

/// Fills `grid` (origin 0,0) from w*h raw gids.
void fillGrid(TileGrid& grid, int w, int h, const std::vector<std::uint32_t>& raw);

/// Merges chunks into one grid covering their bounding box. Returns an error text when the box
/// exceeds the limits (nothing allocated then).
std::string mergeChunks(LoadContext& ctx, const std::vector<RawChunk>& chunks, TileGrid& grid);

/// "" when every non-empty gid belongs to a tileset; otherwise names the first bad cell and how
/// many more there are, e.g. `tile (3,1) has gid 99, which is outside every tileset`.
std::string checkGids(const TileGrid& grid, const GidRanges& ranges);

/// First gid after every tileset of the map (for tilesets that templates bring in).
Gid nextFreeGid(const MapData& map, const GidRanges& ranges);

/// A template's tile gid (in the template's own tileset numbering) as a gid of `map`, adding the
/// template's tileset to the map when the map does not already use it. 0 when the template has
/// no usable tileset.
Gid mapTemplateGid(MapData& map, const GidRanges& ranges, const TemplateData& t, Gid templateGid);

/// Adds a tileset the map names by `source` at `firstGid`: a copy of `external`, or, when that
/// failed to load (nullptr), the range is remembered so its gids are not reported a second time.
void addExternalTileset(MapData& map, GidRanges& ranges, Gid firstGid, const Tileset* external);
/// Adds an inline tileset unless reading it raised diagnostics (`diagnosticsBefore` = their count
/// before reading); a failed one's range is remembered as above.
void addInlineTileset(const LoadContext& ctx, std::size_t diagnosticsBefore, MapData& map, GidRanges& ranges,
                      Tileset ts);

/// Tileset checks after all tilesets of a map are known: sorted by firstGid, no overlaps, gid
/// range within 28 bits. Returns error texts, each with the firstGid of the tileset it is about.
std::vector<std::pair<Gid, std::string>> checkTilesetRanges(std::vector<Tileset>& tilesets);

/// Largest local id + 1 of a tileset (tileCount for image tilesets).
std::uint32_t tileSpan(const Tileset& ts);

} // namespace isostar::map::detail
