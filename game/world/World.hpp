#pragma once
/// \file World.hpp
/// Everything the game loads for one map: the Tiled map, the terrain rules resolved for it, the
/// cost field A* reads, the move rules, the map's projection (tile <-> world, picking) and where
/// the party starts. Loading collects every problem (map, tilesets, config) and fails once, so a
/// reload can keep the last good world. No window: tests load worlds directly.

#include "engine/core/Result.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/map/MapData.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/MoveRules.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace game {

struct SpawnPoint {
    std::string name;      ///< the unit's name ("knight"); from the object's name or a property
    eng::TileCoord tile;
};

struct WorldOptions {
    std::string mapPath;
    std::string configPath;  ///< "" = the map's own resolution (property, beside it, built-in)
    std::string profile;     ///< "" = default movement profile
};

struct TerrainExplainer; // terrain rules kept for the HUD (opaque; see World.cpp)

struct World {
    WorldOptions options;
    eng::map::MapData map;
    eng::path::CostField field;
    eng::path::MoveRules rules;
    eng::iso::Projection projection;        ///< the map's tile <-> world projection (picking)
    std::string configUsed;                 ///< which config file was used ("built-in defaults")
    std::vector<SpawnPoint> party;          ///< `party` objects, in file order
    std::optional<eng::TileCoord> start;    ///< `start` point object
    std::optional<eng::TileCoord> goal;     ///< `goal` point object
    std::vector<eng::Diagnostic> warnings;  ///< non-fatal problems (unknown terrain, ...)
    std::shared_ptr<const TerrainExplainer> explainer;

    /// HUD lines for a cell: its terrains, its cost and the influences that shaped it.
    std::vector<std::string> explain(eng::TileCoord cell) const;
};

/// Loads map + config + profile. Failure: every diagnostic, naming files and lines.
eng::Result<World> loadWorld(const WorldOptions& options);

} // namespace game
