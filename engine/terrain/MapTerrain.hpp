#pragma once
/// \file MapTerrain.hpp
/// The bridge from a Tiled map (engine/map) to terrain: which terrains lie on each cell, and
/// which terrain config the map uses.
///
/// A tile's terrain is its `terrain` property, else its wang colour, else its class
/// (TileTerrain.hpp, which also matches names to the rules' spelling). Every tile layer
/// contributes, in draw order (bottom first; layers inside groups in place of their
/// group). Hidden layers (and layers of hidden groups) contribute too: terrain is gameplay, and
/// a hidden layer is how a designer keeps rules-only tiles (blockers, extra cost) out of sight.
/// Layer names, layer offsets and flip flags carry no meaning. Cells of infinite-map chunks
/// outside 0..width-1 x 0..height-1 are ignored. A tile that gives no name contributes nothing. Tile objects in object layers carry no terrain (they are
/// markers and decoration); put gameplay terrain in tile layers.
///
/// Read the terrain of the map AS PLAYED (isostar::map::placeMap, PlayableMap.hpp): a staggered or
/// infinite map read as the file holds it puts its cells on the wrong grid and has no void
/// cells. isostar::terrain::loadNavWorld (NavWorld.hpp) does every step below and builds the NavGrid
/// too; the steps, for a caller that needs them one by one:
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// #include "engine/map/PlayableMap.hpp"
/// #include "engine/terrain/TerrainField.hpp"
/// isostar::Result<isostar::map::PlayedMap> played = isostar::map::placeMap(isostar::map::loadMap("maps/valley.tmx"));
/// if (!played) { std::cerr << isostar::formatDiagnostics(played.diagnostics()); return 2; }
/// const isostar::map::MapData& map = played.value().map;   // on the engine's grid (staggered, infinite)
/// isostar::Result<isostar::terrain::ResolvedConfig> config = isostar::terrain::resolveTerrainConfig(map, "");
/// if (!config) { std::cerr << isostar::formatDiagnostics(config.diagnostics()); return 2; }
/// const isostar::terrain::TerrainRules& rules = config.value().config.base;
/// isostar::terrain::TerrainGrid grid = isostar::terrain::terrainGridFromMap(map, &rules);
/// grid.voids = played.value().voids;                  // cells off the map: impassable
/// isostar::terrain::TerrainField field;
/// for (const isostar::Diagnostic& w : field.build(std::move(grid), rules)) std::cerr << w << '\n';
/// \endcode

#include "engine/core/Result.hpp"
#include "engine/map/MapData.hpp"
#include "engine/terrain/TerrainGrid.hpp"
#include "engine/terrain/TerrainRules.hpp"

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::terrain {

/// Name of the tile property holding a tile's terrain.
inline constexpr std::string_view TerrainProperty = "terrain";
/// Name of the map property naming the map's terrain config (relative to the map).
inline constexpr std::string_view ConfigProperty = "config";
/// File looked for beside a map when it names no config.
inline constexpr std::string_view DefaultConfigFileName = "terrain.toml";

/// The terrains of every cell of a map. `source` = map.path; `origins` say where each name came
/// from ("wang colour in desert.tsx"). `rules` [opt]: the base rules of the map's config, which
/// break wang-colour ties and give known names their spelling (give the base rules, not a
/// profile's, so every profile reads the same names). O(cells x tile layers).
TerrainGrid terrainGridFromMap(const map::MapData& map, const TerrainRules* rules = nullptr);

/// The terrain names of ONE cell, bottom to top, exactly as terrainGridFromMap stacks them
/// (`terrainGridFromMap(map, r).cellNames(c) == terrainNamesAt(map, c, r)` for every cell): after an
/// edit of a few cells (engine/edit), feed these to TerrainField::setCell instead of rebuilding.
/// Empty when `c` is off the map or no layer gives the cell a terrain. `rules` [opt]: as for
/// terrainGridFromMap (pass the same). O(tile layers).
std::vector<std::string> terrainNamesAt(const map::MapData& map, TileCoord c, const TerrainRules* rules = nullptr);

/// Where a map's terrain config came from.
enum class ConfigOrigin {
    CommandLine,  ///< an explicit path (`--config FILE`)
    MapProperty,  ///< the map's `config` property
    BesideMap,    ///< `terrain.toml` in the map's folder
    BuiltIn,      ///< defaultTerrainConfig()
};

struct ResolvedConfig {
    TerrainConfig config;
    ConfigOrigin origin = ConfigOrigin::BuiltIn;
    std::string path;  ///< the file read; empty for BuiltIn
    /// The file's text exactly as read and parsed into `config` (one read: a file changing
    /// meanwhile cannot make the two differ); empty for BuiltIn.
    std::string text;
};

/// Picks and loads the config of `map`: `overridePath` if not empty; else the map property
/// `config` (a string resolved against the map's folder, or a `file` property as the loader
/// resolved it); else `terrain.toml` beside the map (map.path's folder) if that file exists;
/// else the built-in defaults. A named file (override or property) that cannot be read, and
/// any config error, fail with diagnostics; a property error names the map.
Result<ResolvedConfig> resolveTerrainConfig(const map::MapData& map, const std::string& overridePath = {});

/// The one lookup of a unit profile and the one wording of its error (isopath --profile, the
/// game's --profile and `party` objects' `profile` property): the rules of `profile` in the
/// config ("" = the base rules), or one Diagnostic at the config (its path, or "built-in config";
/// line 0): `unknown profile "elf" (the terrain config defines: dwarf, ranger)`, or
/// `... (the terrain config defines no profiles)`.
Result<TerrainRules> profileRules(const ResolvedConfig& config, std::string_view profile);

/// "command line", "map property", "beside the map", "built-in".
std::string_view configOriginName(ConfigOrigin origin);
std::ostream& operator<<(std::ostream& os, ConfigOrigin origin);

} // namespace isostar::terrain
