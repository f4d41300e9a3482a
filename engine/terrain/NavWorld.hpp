#pragma once
/// \file NavWorld.hpp
/// One call from files to a world: a Tiled map and its terrain config become the map as
/// played, its terrain grid and a NavGrid with one cost layer per movement profile, for every
/// map the engine plays (orthogonal, isometric, staggered; finite or infinite). Hexagonal maps
/// are refused with a message.
///
/// What loadNavWorld does, in order (the steps a caller would otherwise repeat):
/// 1. isostar::map::loadMap(mapPath);
/// 2. isostar::map::placeMap: the map on the grid of its CellFrame (staggered and infinite maps in
///    their playable form, their void cells marked);
/// 3. resolveTerrainConfig(map, configPath) (MapTerrain.hpp: the command line, else the map's
///    `config` property, else terrain.toml beside the map, else the built-in defaults);
/// 4. profileRules for every profile asked for;
/// 5. terrainGridFromMap under the base rules, the void cells copied in (void = impassable);
/// 6. NavGrid::reset and one bound TerrainField per profile (layer i = profiles[i]).
/// Every failure is a Diagnostic naming the file (the map, the config) and, where known, the line.
///
/// \code
/// isostar::Result<isostar::terrain::NavWorld> loaded = isostar::terrain::loadNavWorld("maps/valley.tmx");
/// if (!loaded) { std::cerr << isostar::formatDiagnostics(loaded.diagnostics()); return 2; }
/// isostar::terrain::NavWorld& world = loaded.value();
/// for (const isostar::Diagnostic& w : world.warnings) std::cerr << w << '\n';   // unknown terrains
/// isostar::path::GridQuery query;                                               // per agent or thread
/// isostar::path::PathResult path;
/// query.findPath(world.nav, 0, world.frame.toGrid({1, 1}), world.frame.toGrid({30, 12}), path);
/// for (const isostar::TileCoord c : path.path) std::cout << world.frame.toTiled(c) << '\n';  // Tiled's cells
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/core/Result.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/map/MapData.hpp"
#include "engine/map/PlayableMap.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "engine/terrain/TerrainGrid.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace isostar::terrain {

/// How buildNavWorld sets up the NavGrid and reports its steps.
struct NavWorldOptions {
    /// The profiles to plan for, one NavGrid layer each in this order (named by profile);
    /// "" = the config's base rules. [Limit: not empty]
    std::vector<std::string> profiles = {""};
    /// When the NavGrid builds landmark tables (NavGrid::setLandmarkBuild). OnDemand (the
    /// default): a layer's table is built in the background once a query asked for it and the
    /// owner polls (NavGrid::pollLandmarks; a PathService over the grid polls itself); until
    /// then queries use the plain octile bound, exact all the same. Eager: built at load (146 ms
    /// for one 504x504 layer), for a program that searches at once without polling.
    path::LandmarkBuild landmarkBuild = path::LandmarkBuild::OnDemand;
    /// NavGrid::setLandmarkTableLimit(landmarkTables, landmarkIdlePolls); 0 tables: no limit.
    int landmarkTables = 0;
    int landmarkIdlePolls = 0;
    /// [opt] Told the name of each step as it starts ("terrain of the map", "terrain costs
    /// (dwarf)"); called on the loading thread.
    std::function<void(const std::string& step)> progress;
};

/// A map ready to plan on: the map as played, its terrain config, its terrain grid and a
/// NavGrid with one layer per profile. Movable, not copyable (the NavGrid owns threads).
struct NavWorld {
    /// The map as played (isostar::map::PlayedMap::map): the file's map, or for staggered and
    /// infinite maps its playable form on `frame`'s grid (played, never saved).
    map::MapData map;
    /// Tiled's cells <-> the grid every cell coordinate of `nav` and `fields` is in.
    map::CellFrame frame;
    ResolvedConfig config;  ///< the terrain config used and where it came from
    /// The terrains of every grid cell under the config's base rules, void cells marked
    /// (TerrainGrid::voids), as loaded: the fields share it until one is edited.
    std::shared_ptr<const TerrainGrid> terrain;
    std::vector<std::string> profiles;  ///< profile of layer i of `nav` ("" = base rules)
    /// fields[i]: profile i's terrain, bound to layer i of `nav` (the only holder of the costs);
    /// edit a cell through it (TerrainField::setCells(nav, ...)) and hand its NavDirty on.
    std::vector<TerrainField> fields;
    path::NavGrid nav;
    /// Non-fatal problems: one per terrain name the base rules do not know (as TerrainField).
    std::vector<Diagnostic> warnings;
};

/// Loads `mapPath` and its terrain config (`configPath`, "" = the map's own choice) and builds
/// the NavGrid for `profiles` (one layer each, in order; "" = the base rules). Failure: every
/// diagnostic of the map or the config (naming the file and line), `hexagonal maps are not
/// played ...`, `the map has no cells`, `the map is too large to plan on (...)`, `unknown
/// profile "elf" (...)` at the config, or `profile "dwarf": the movement rules or costs are not
/// usable for path finding`. O(grid cells x (tile layers + profiles)). Landmark tables: on
/// demand (NavWorldOptions::landmarkBuild).
Result<NavWorld> loadNavWorld(const std::string& mapPath, const std::string& configPath = {},
                              const std::vector<std::string>& profiles = {""});

/// The last steps of loadNavWorld, for a caller that reads the map between them (the game picks
/// its profiles from the map's objects): the terrain grid of `played` under `config`'s base
/// rules with its void cells, and a NavGrid set up as `options` says with one bound field per
/// profile. Failures as loadNavWorld's last steps.
Result<NavWorld> buildNavWorld(map::PlayedMap played, ResolvedConfig config, const NavWorldOptions& options = {});

} // namespace isostar::terrain
