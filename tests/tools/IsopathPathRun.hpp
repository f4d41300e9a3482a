#pragma once
/// \file IsopathPathRun.hpp
/// What the `isopath path` tests share: running the built binary (ISOSTAR_BIN_DIR) in the source
/// folder, its JSON, and the same query solved in-process for the cross-checks.

#include "engine/map/MapLoader.hpp"
#include "engine/path/GridPathfinder.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/TerrainField.hpp"
#include "tests/support/RunProcess.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace isopathtest {

using Run = testsupport::ProcessResult;

/// Runs `isopath path ARGS` in the source folder (so fixture paths are relative, as a user types them).
inline Run isopath(const std::string& args)
{
    return testsupport::runProcess(std::string("'") + ISOSTAR_BIN_DIR + "/isopath' path " + args, ISOSTAR_SOURCE_DIR);
}

/// The run's stdout as JSON (the run's output in the failure message).
inline nlohmann::json json(const Run& r)
{
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(!r.out.empty());
    return nlohmann::json::parse(r.out);
}

/// Builds `field` for a map (relative to the source folder) under its own terrain config; returns
/// the rules it was built with: the base rules, or `profile`'s when not empty.
inline isostar::terrain::TerrainRules buildMapField(const std::string& map, const std::string& profile,
                                                isostar::terrain::TerrainField& field)
{
    isostar::Result<isostar::map::MapData> m = isostar::map::loadMap(std::string(ISOSTAR_SOURCE_DIR) + "/" + map);
    REQUIRE(m.ok());
    isostar::Result<isostar::terrain::ResolvedConfig> c = isostar::terrain::resolveTerrainConfig(m.value());
    REQUIRE(c.ok());
    const isostar::terrain::TerrainRules rules =
        profile.empty() ? c.value().config.base : *c.value().config.profile(profile);
    field.build(isostar::terrain::terrainGridFromMap(m.value(), &c.value().config.base), rules);
    return rules;
}

/// The same query in-process: map loader, terrain rules (optionally a profile), GridPathfinder.
inline isostar::path::PathResult solve(const std::string& map, isostar::TileCoord from, isostar::TileCoord to,
                                   const std::string& profile = {})
{
    isostar::terrain::TerrainField field;
    const isostar::terrain::TerrainRules rules = buildMapField(map, profile, field);
    isostar::path::GridPathfinder finder;
    REQUIRE(finder.init(field.costField(), rules.movement));
    isostar::path::PathResult result;
    finder.findPath(from, to, result);
    return result;
}

/// The NavGrid of a map under its own terrain config (layer 0), as `isopath path` builds it.
inline isostar::path::NavGrid navGridOf(const std::string& map)
{
    isostar::terrain::TerrainField field;
    const isostar::terrain::TerrainRules rules = buildMapField(map, "", field);
    isostar::path::NavGrid grid;
    REQUIRE(grid.reset(field.width(), field.height()));
    REQUIRE(grid.addLayer("base", field.costField(), rules.movement) == 0);
    return grid;
}

/// JSON cells [[x,y],...] as coordinates.
inline std::vector<isostar::TileCoord> coords(const nlohmann::json& cells)
{
    std::vector<isostar::TileCoord> out;
    for (const nlohmann::json& c : cells)
        out.push_back({c[0].get<int>(), c[1].get<int>()});
    return out;
}

/// Coordinates as JSON cells [[x,y],...].
inline nlohmann::json cells(const std::vector<isostar::TileCoord>& path)
{
    nlohmann::json a = nlohmann::json::array();
    for (isostar::TileCoord c : path)
        a.push_back({c.x, c.y});
    return a;
}

} // namespace isopathtest
