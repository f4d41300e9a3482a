#include "game/world/World.hpp"

#include "game/rules/ProfileLayer.hpp"

#include "engine/map/MapLoader.hpp"
#include "engine/map/ObjectCell.hpp"
#include "engine/map/PlayableMap.hpp"
#include "engine/terrain/MapTerrain.hpp"
#include "engine/terrain/NavWorld.hpp"
#include "engine/terrain/TerrainConfigFile.hpp"
#include "engine/terrain/TerrainField.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>

namespace game {

namespace {

std::string lower(std::string s)
{
    for (char& c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

/// A party object's whole-number property `key` (1..`max`), 0 when absent; a bad one is a
/// warning naming the map, the object and what it holds.
int readWholeProperty(World& w, const isostar::map::Object& o, const char* key, int max, const char* unit)
{
    const std::string text = isostar::map::propertyString(o.properties, key);
    if (text.empty())
        return 0;
    int v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < 1 || v > max) {
        w.warnings.push_back({w.options.mapPath, 0, "object id " + std::to_string(o.id) + ": " + key + " must be a whole number of " + unit +
                                                     " from 1 to " + std::to_string(max) + ", got \"" + text + "\" (ignored)"});
        return 0;
    }
    return v;
}

/// A party object's `sight` property (1..MaxSight), 0 when absent; a bad one is a warning.
int readSight(World& w, const isostar::map::Object& o)
{
    return readWholeProperty(w, o, "sight", isostar::terrain::MaxSight, "cells");
}

/// `party` objects (by class or name), `start` and `goal` point objects, in layer order.
void readObjects(World& w)
{
    const std::vector<std::string> defaults = {"knight", "ranger", "mage", "dwarf"};
    isostar::map::forEachLayer(w.map.layers, [&](const isostar::map::Layer& layer) {
        if (layer.type != isostar::map::LayerType::Object)
            return;
        for (const isostar::map::Object& o : layer.objects) {
            const isostar::TileCoord cell = isostar::map::objectCell(w.map, o);
            const std::string name = lower(o.name), cls = lower(o.className);
            if (name == "start" && !w.start)
                w.start = cell;
            else if (name == "goal" && !w.goal)
                w.goal = cell;
            else if (cls == "party" || name == "party") {
                // The unit's name: a `unit`/`character` property, else the object's own name.
                std::string unit = isostar::map::propertyString(o.properties, "unit",
                                                            isostar::map::propertyString(o.properties, "character"));
                if (unit.empty() && name != "party")
                    unit = o.name;
                // No name at all: the first default character not yet in the party.
                for (std::size_t k = 0; unit.empty() && k < defaults.size(); ++k) {
                    bool used = false;
                    for (const SpawnPoint& s : w.party)
                        used = used || s.name == defaults[k];
                    if (!used)
                        unit = defaults[k];
                }
                if (unit.empty())
                    unit = defaults[w.party.size() % defaults.size()];
                const int size = readWholeProperty(w, o, "size", MaxUnitSize, "cells a side");
                if (size > 1 && w.hexagonal())  // World::unitSize plays it as 1
                    w.warnings.push_back({w.options.mapPath, 0, "object id " + std::to_string(o.id) + " (" + unit +
                                                                 "): size " + std::to_string(size) +
                                                                 " on a hexagonal map: units bigger than a cell need "
                                                                 "a square grid, it plays as size 1"});
                w.party.push_back({unit, cell, isostar::map::propertyString(o.properties, "profile"), o.id,
                                   readSight(w, o), size});
            }
        }
    });
}

} // namespace

std::string World::profileName(int layer) const
{
    if (layer < 0 || layer >= int(terrains.size()) || terrains[std::size_t(layer)].profile.empty())
        return "default";
    return terrains[std::size_t(layer)].profile;
}

const isostar::terrain::TerrainRules& World::rulesOf(const std::string& profile) const
{
    const isostar::terrain::TerrainRules* rules = profile.empty() ? nullptr : config.profile(profile);
    if (!rules && !options.profile.empty())
        rules = config.profile(options.profile);
    return rules ? *rules : config.base;
}

int World::profileSize(const std::string& profile) const
{
    return clampUnitSize(rulesOf(profile).size);
}

int World::sightOf(const std::string& unit, const std::string& profile) const
{
    for (const SpawnPoint& p : party)
        if (p.name == unit && p.sight > 0)
            return p.sight;
    return rulesOf(profile).sight;
}

std::vector<std::string> World::explain(isostar::TileCoord cell, int layer) const
{
    if (!nav.inBounds(cell) || layer < 0 || layer >= int(terrains.size()))
        return {};
    // The engine's one text form (as `isopath path --explain`), at most 6 influences for the HUD.
    // In Tiled's coordinates, as the player reads them.
    isostar::terrain::CellExplanation e = terrains[std::size_t(layer)].terrain.explain(cell);
    e.cell = frame.toTiled(e.cell);
    for (isostar::terrain::InfluenceContribution& i : e.influences)
        i.source = frame.toTiled(i.source);
    return isostar::terrain::explanationLines(e, 6);
}

namespace {

/// The profiles the world plans for: the default (options.profile) first, then each party
/// object's own, once each. A party object naming an unknown profile is an error naming it.
std::vector<isostar::Diagnostic> partyProfiles(const World& w, const isostar::terrain::ResolvedConfig& resolved,
                                           std::vector<std::string>& profiles)
{
    std::vector<isostar::Diagnostic> errors;
    profiles = {w.options.profile};
    for (const SpawnPoint& p : w.party) {
        if (p.profile.empty() || std::find(profiles.begin(), profiles.end(), p.profile) != profiles.end())
            continue;
        if (auto rules = isostar::terrain::profileRules(resolved, p.profile); !rules) {
            const isostar::Diagnostic& why = rules.diagnostics().front();
            errors.push_back({w.options.mapPath, 0,
                              "party object \"" + p.name + "\" (id " + std::to_string(p.objectId) + "): " +
                                  why.message + " in " + why.file});
            continue;
        }
        profiles.push_back(p.profile);
    }
    return errors;
}

} // namespace

isostar::Result<World> loadWorld(const WorldOptions& options, const LoadProgress& progress)
{
    const auto step = [&](const std::string& name) {
        if (progress)
            progress(name);
    };
    World w;
    w.options = options;
    step("reading the map");
    auto map = isostar::map::loadMap(options.mapPath);
    if (!map)
        return isostar::Result<World>::failure(map.diagnostics());
    if (std::optional<isostar::Diagnostic> bad = isostar::map::hexShapeProblem(map.value()))
        return isostar::Result<World>::failure(std::move(*bad));
    // Staggered and infinite maps play in their playable form (Tiled's coordinates at the edges,
    // World::frame), their void cells impassable.
    auto played = isostar::map::placeMap(std::move(map).value());
    if (!played)
        return isostar::Result<World>::failure(played.diagnostics());
    w.map = std::move(played.value().map);
    w.frame = played.value().frame;
    w.form = played.value().form;

    auto config = isostar::terrain::resolveTerrainConfig(w.map, options.configPath);
    if (!config)
        return isostar::Result<World>::failure(config.diagnostics());
    const isostar::terrain::ResolvedConfig& resolved = config.value();
    w.configUsed = resolved.path.empty() ? std::string("built-in defaults") : resolved.path;
    w.configPath = resolved.path;
    w.configText = resolved.text;  // the text `config` was parsed from (one read of the file)
    w.config = resolved.config;
    // The profile lookup and its error are the engine's (as in `isopath path --profile`).
    if (auto rules = isostar::terrain::profileRules(resolved, options.profile); !rules)
        return isostar::Result<World>::failure(rules.diagnostics());
    readObjects(w);
    w.fog = isostar::map::propertyString(w.map.properties, "fog") == "true";
    isostar::terrain::NavWorldOptions nav;
    if (std::vector<isostar::Diagnostic> errors = partyProfiles(w, resolved, nav.profiles); !errors.empty())
        return isostar::Result<World>::failure(std::move(errors));
    // Landmark tables only for the layers units plan on, built in the background (the search
    // uses the plain bound until one lands): a big map opens without waiting for them.
    nav.landmarkBuild = isostar::path::LandmarkBuild::OnDemand;
    // A table of a big map takes hundreds of MB: one at a time, for the profile planned on now.
    if (isBigMap(w.map.width, w.map.height))
        nav.landmarkTables = 1, nav.landmarkIdlePolls = BigMapLandmarkIdlePolls;
    nav.progress = progress;

    // The engine's last steps of loadNavWorld: the terrain grid (void cells marked) and one
    // NavGrid layer per profile, each profile's terrain bound to its layer (same order, named by
    // profile): the NavGrid is the only holder of the costs.
    played.value().map = std::move(w.map);
    auto built = isostar::terrain::buildNavWorld(std::move(played).value(), std::move(config).value(), nav);
    if (!built)
        return isostar::Result<World>::failure(built.diagnostics());
    isostar::terrain::NavWorld& world = built.value();
    w.map = std::move(world.map);
    w.nav = std::move(world.nav);
    for (std::size_t i = 0; i < world.fields.size(); ++i)
        w.terrains.push_back({world.profiles[i], std::move(world.fields[i])});
    for (isostar::Diagnostic& d : world.warnings)
        w.warnings.push_back(std::move(d));
    if (w.map.orientation == isostar::map::Orientation::Hexagonal) {
        // Hexagons keep Tiled's offset coordinates: the grid is the map's own.
        const isostar::iso::HexShape hex{w.map.staggerAxis == isostar::map::StaggerAxis::X,
                                         w.map.staggerIndex == isostar::map::StaggerIndex::Even, w.map.hexSideLength};
        w.projection = isostar::iso::Projection(hex, w.map.width, w.map.height, w.map.tileWidth, w.map.tileHeight);
        return w;
    }
    const isostar::iso::Orientation orientation = w.frame.isometric() ? isostar::iso::Orientation::Isometric
                                                                  : isostar::iso::Orientation::Orthogonal;
    w.projection = isostar::iso::Projection(orientation, w.map.width, w.map.height, w.map.tileWidth, w.map.tileHeight,
                                        {float(w.frame.originX()), float(w.frame.originY())},
                                        {float(w.frame.pixelWidth()), float(w.frame.pixelHeight())});
    return w;
}

} // namespace game
