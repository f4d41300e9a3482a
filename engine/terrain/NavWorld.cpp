// loadNavWorld: a Tiled map and its terrain config -> the map as played, its terrain grid and
// a NavGrid with one layer per profile (NavWorld.hpp).

#include "engine/terrain/NavWorld.hpp"

#include "engine/map/MapLoader.hpp"
#include "engine/map/MapTopology.hpp"

#include <utility>

namespace isostar::terrain {

Result<NavWorld> buildNavWorld(map::PlayedMap played, ResolvedConfig config, const NavWorldOptions& options)
{
    ISOSTAR_ASSERT(!options.profiles.empty(), "buildNavWorld needs at least one profile");
    const auto step = [&](const std::string& name) {
        if (options.progress)
            options.progress(name);
    };
    const std::string configFile = config.path.empty() ? std::string("built-in config") : config.path;
    // Every profile is checked before any costs are compiled: one failure names them all.
    std::vector<TerrainRules> rules;
    std::vector<Diagnostic> errors;
    for (const std::string& profile : options.profiles) {
        Result<TerrainRules> r = profileRules(config, profile);
        if (r)
            rules.push_back(std::move(r).value());
        else
            errors.insert(errors.end(), r.diagnostics().begin(), r.diagnostics().end());
    }
    if (!errors.empty())
        return Result<NavWorld>::failure(std::move(errors));

    NavWorld w;
    w.map = std::move(played.map);
    w.frame = played.frame;
    w.config = std::move(config);
    w.profiles = options.profiles;
    step("terrain of the map");
    // One grid for every profile: the fields share it (each copies it only at its first edit).
    auto grid = std::make_shared<TerrainGrid>(terrainGridFromMap(w.map, &w.config.config.base));
    grid->voids = std::move(played.voids);
    w.terrain = grid;
    w.nav.setLandmarkBuild(options.landmarkBuild);
    if (options.landmarkTables > 0)
        w.nav.setLandmarkTableLimit(options.landmarkTables, options.landmarkIdlePolls);
    if (!w.nav.reset(w.map.width, w.map.height, map::gridTopology(w.map)))
        return Result<NavWorld>::failure(Diagnostic{w.map.path, 0, "the map is too large to plan on"});
    for (std::size_t i = 0; i < options.profiles.size(); ++i) {
        const std::string shown = options.profiles[i].empty() ? std::string("default") : options.profiles[i];
        step("terrain costs (" + shown + ")");
        TerrainField field;
        std::vector<Diagnostic> warnings = field.build(w.terrain, std::move(rules[i]), w.nav, options.profiles[i]);
        if (!field.bound() || field.layer() != int(i))
            return Result<NavWorld>::failure(Diagnostic{
                configFile, 0, "profile \"" + shown + "\": the movement rules or costs are not usable for path finding"});
        if (i == 0) // unknown terrain names: warned once, for the first profile
            w.warnings = std::move(warnings);
        w.fields.push_back(std::move(field));
    }
    return w;
}

Result<NavWorld> loadNavWorld(const std::string& mapPath, const std::string& configPath,
                              const std::vector<std::string>& profiles)
{
    Result<map::PlayedMap> played = map::placeMap(map::loadMap(mapPath));
    if (!played)
        return Result<NavWorld>::failure(played.diagnostics());
    Result<ResolvedConfig> config = resolveTerrainConfig(played.value().map, configPath);
    if (!config)
        return Result<NavWorld>::failure(config.diagnostics());
    NavWorldOptions options;
    options.profiles = profiles.empty() ? std::vector<std::string>{""} : profiles;
    return buildNavWorld(std::move(played).value(), std::move(config).value(), options);
}

} // namespace isostar::terrain
