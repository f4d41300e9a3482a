#pragma once
/// \file World.hpp
/// Everything the game loads for one map: the Tiled map, the terrain rules resolved for it, the
/// NavGrid A* reads (the only holder of the costs), the move rules, the map's projection (tile <-> world, picking) and where
/// the party starts. Loading collects every problem (map, tilesets, config) and fails once, so a
/// reload can keep the last good world. No window: tests load worlds directly.

#include "engine/core/Result.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/map/CellFrame.hpp"
#include "engine/map/MapData.hpp"
#include "engine/map/PlayableMap.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/MoveRules.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "engine/terrain/TerrainRules.hpp"
#include "game/rules/Footprint.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace game {

struct SpawnPoint {
    std::string name;      ///< the unit's name ("knight"); from the object's name or a property
    isostar::TileCoord tile;
    std::string profile;   ///< the object's `profile` property; "" = the default profile
    int objectId = 0;      ///< the Tiled object's id (for messages)
    /// The object's `sight` property (cells, 1..64; it wins over the config's); 0 = none.
    int sight = 0;
    /// The object's int property `size` (footprint side in cells, 1..MaxUnitSize; it wins over
    /// the profile's `[profile.NAME.movement] size`); 0 = none.
    int size = 0;
};

/// Maps of more cells than this spend memory sparingly in play: one landmark table at a time
/// (World::nav, for the profile units plan on now), an order's search trace recorded only
/// while an overlay shows it (Session::setTraceWanted). A 1024x1024 map is the largest below.
inline constexpr long long BigMapCells = 1LL << 20;
/// A map of more than BigMapCells cells.
inline bool isBigMap(long long width, long long height)
{
    return width * height > BigMapCells;
}
/// On such maps, the polls of World::nav (one per tick) for which a profile's ask for its
/// landmark table counts (NavGrid::setLandmarkTableLimit): 10 s of play at 60 ticks a second.
inline constexpr int BigMapLandmarkIdlePolls = 600;

struct WorldOptions {
    std::string mapPath;
    std::string configPath;  ///< "" = the map's own resolution (property, beside it, built-in)
    std::string profile;     ///< "" = default movement profile
};

/// The terrain compiled under one movement profile's rules: its rules and the explanation of any
/// cell. Its costs live only in World::nav (the TerrainField is bound to the profile's layer).
struct ProfileTerrain {
    std::string profile;                    ///< "" = the default (the config's base rules)
    isostar::terrain::TerrainField terrain;     ///< bound to layer i of World::nav for terrains[i]
};

struct World {
    WorldOptions options;
    /// The map as played: the file's map, or for staggered and infinite maps its playable form
    /// on `frame`'s grid (isostar::map::playableMap; edited in that form, saved in the file's:
    /// isostar::map::tiledMap with `form`).
    isostar::map::MapData map;
    /// Tiled's cells <-> the grid every cell coordinate of the game is in (nav, party, view).
    /// Coordinates the player reads or writes (HUD, script, dump) are Tiled's: convert here.
    isostar::map::CellFrame frame;
    /// The file's orientation, size and infiniteness (what the playable form changed).
    isostar::map::TiledForm form;
    /// One per profile in use: [0] the default (`options.profile`), then each other profile a
    /// `party` object names, in file order. Never empty after loadWorld.
    std::vector<ProfileTerrain> terrains;
    /// What A* reads: one layer per entry of `terrains` (same order, named by profile), kept up
    /// to date cell by cell by edits. The only holder of the costs: each profile's TerrainField
    /// is bound to its layer and writes into it (pass this grid to its changes).
    isostar::path::NavGrid nav;
    isostar::iso::Projection projection;        ///< the map's tile <-> world projection (picking)
    std::string configUsed;                 ///< which config file was used ("built-in defaults")
    std::string configPath;                 ///< the config file read; "" = built-in defaults
    /// The exact text of `configPath` that loadWorld parsed into `config`, from its one read of
    /// the file ("" for the built-in defaults). The one source of the config's text for this
    /// world: the tuning panel tunes this text and never reads the file, so a file that changed
    /// after the load (or is half written) cannot give the panel another config than the world's.
    /// Panel changes (WorldHost::applyConfig) change `config`, not this text.
    std::string configText;
    /// The terrain config in force: as loaded, or as last given to WorldHost::applyConfig (the
    /// tuning panel). `terrains[i]` holds its base rules (profile "") or its profile's rules.
    isostar::terrain::TerrainConfig config;
    std::vector<SpawnPoint> party;          ///< `party` objects, in file order
    std::optional<isostar::TileCoord> start;    ///< `start` point object
    std::optional<isostar::TileCoord> goal;     ///< `goal` point object
    bool fog = false;                       ///< the map's bool property `fog`: fog of war on at start
    std::vector<isostar::Diagnostic> warnings;  ///< non-fatal problems (unknown terrain, ...)
    /// The profile name to show for a layer ("default" for the config's base rules).
    std::string profileName(int layer) const;
    /// How far a unit sees (cells): its spawn point's `sight` property, else its profile's
    /// `[movement] sight`, else the base rules'. `profile` "" = the default profile.
    int sightOf(const std::string& unit, const std::string& profile) const;
    /// A profile's `[profile.NAME.movement] size`, else 1 (a spawn point's own `size` wins
    /// over it). `profile` "" = the default profile.
    int profileSize(const std::string& profile) const;
    /// The size of the unit of a party object: its `size`, else profileSize(its profile); 1 on
    /// a hexagonal map, where footprints (square blocks of cells) do not apply.
    int unitSize(const SpawnPoint& p) const
    {
        if (hexagonal())
            return 1;
        return p.size > 0 ? p.size : profileSize(p.profile);
    }
    bool hexagonal() const { return map.orientation == isostar::map::Orientation::Hexagonal; }
    /// The rules of a profile in force ("" or an unknown one: the default profile's).
    const isostar::terrain::TerrainRules& rulesOf(const std::string& profile) const;
    /// HUD lines for a cell under a layer's rules: its terrains, its cost and the influences
    /// that shaped it.
    std::vector<std::string> explain(isostar::TileCoord cell, int layer = 0) const;
};

/// Told the name of each step of a load as it starts ("reading the map", "terrain costs
/// (dwarf)"); called on the loading thread.
using LoadProgress = std::function<void(const std::string& step)>;

/// Loads map + config + profiles. Failure: every diagnostic, naming files and lines; a `party`
/// object naming an unknown profile is an error naming the map and the object (name and id).
/// Needs no window, so it may run on a worker thread while the window shows `progress`.
isostar::Result<World> loadWorld(const WorldOptions& options, const LoadProgress& progress = {});

} // namespace game
