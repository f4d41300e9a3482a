#pragma once
/// \file MapWorld.hpp
/// The one step from a Tiled map on disk to what every isopath command reads or searches, the
/// engine's (isostar::map::placeMap, as isostar::terrain::loadNavWorld and the game): the map put on the
/// grid of its CellFrame (staggered and infinite maps in their playable form, their void cells
/// marked), its terrain config, a profile's rules, and the terrain field built from them (an
/// unbound one: isopath searches a CostField of one profile, with its own weight). `isopath path`, `bench` and
/// `info` all go through it, so a map's cells, void cells and costs are the same in each.
/// (`isopath scen` reads Moving AI maps, which have no Tiled cells, config or profile.)
///
/// \code
/// isopath::WorldFailure failure;
/// std::optional<isopath::MapWorld> world = isopath::loadMapWorld(mapPath, configPath, failure);
/// isostar::terrain::TerrainField field;
/// for (const isostar::Diagnostic& d : isopath::buildTerrainField(*world, rules, field)) ...
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/map/MapData.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace isopath {

/// The map file as read, and its resolved terrain config.
struct MapFile {
    std::string path;       ///< the map's path as the user gave it (named in diagnostics)
    isostar::map::MapData map;  ///< the file's map (Tiled's cells, any orientation)
    isostar::terrain::ResolvedConfig config;
};

/// The map as searched, and its terrain config.
struct MapWorld {
    isostar::map::MapData map;   ///< as played: staggered and infinite maps on their frame's grid
    isostar::terrain::ResolvedConfig config;
    isostar::map::CellFrame frame; ///< Tiled's cells <-> the grid searched (what the user reads)
    std::vector<std::uint8_t> voids; ///< void cells of the grid (isostar::map::voidCells); empty: none
};

/// Why a map could not be read or placed: the step that failed and its diagnostics (each
/// command words the failure its own way).
struct WorldFailure {
    enum class Step {
        Map,     ///< the map file did not load
        Config,  ///< the terrain config did not load
        /// isostar::map::placeMap refused the map (one diagnostic): hexagonal, no cells, or a
        /// frame's grid over isostar::map::MaxPlayableCells
        Grid,
    };
    Step step = Step::Map;
    std::vector<isostar::Diagnostic> diagnostics;
};

/// Reads the map and resolves its terrain config (`configPath`, else the map's choice);
/// nullopt with `failure` set (Map or Config) when either fails.
std::optional<MapFile> readMapFile(const std::string& mapPath, const std::string& configPath,
                                   WorldFailure& failure);

/// `file` on its frame's grid (isostar::map::placeMap; else Grid): staggered and infinite maps
/// become their playable form with their void cells.
std::optional<MapWorld> placeOnGrid(MapFile file, WorldFailure& failure);

/// readMapFile, then placeOnGrid.
std::optional<MapWorld> loadMapWorld(const std::string& mapPath, const std::string& configPath,
                                     WorldFailure& failure);

/// The terrains of every grid cell (under the config's base rules), void cells marked.
isostar::terrain::TerrainGrid worldTerrainGrid(const MapWorld& world);

/// Builds `field` from the world's terrain grid under `rules` (a profile's, see
/// isostar::terrain::profileRules); returns the field's warnings (unknown terrains).
std::vector<isostar::Diagnostic> buildTerrainField(const MapWorld& world, const isostar::terrain::TerrainRules& rules,
                                               isostar::terrain::TerrainField& field);

/// Tiled's size, and where an infinite map's cells start when not at (0,0): "7x8",
/// "16x16 from (-8,-8)".
std::string sizeText(const isostar::map::CellFrame& frame);

/// "(x,y)".
std::string coordText(isostar::TileCoord c);

} // namespace isopath
