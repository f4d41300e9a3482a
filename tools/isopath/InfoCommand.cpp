// isopath info MAP: loads a Tiled map with engine/map and prints what it holds as JSON: the
// file's map as Tiled wrote it, and the terrains of the cells `isopath path` searches
// (MapWorld.hpp: an infinite map's every chunk, never a staggered map's void cells), and the
// party's units with their sizes ("party", "party_sizes").
// Bad input: the diagnostics on stderr (file:line: error: ...) and exit code 2.

#include "tools/isopath/Commands.hpp"
#include "tools/isopath/MapWorld.hpp"

#include "engine/map/PlayableMap.hpp"
#include "engine/terrain/TileTerrain.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace isopath {

namespace {

using isostar::map::Layer;
using isostar::map::LayerType;
using isostar::map::MapData;
using nlohmann::ordered_json;

const char* orientationName(isostar::map::Orientation o)
{
    switch (o) {
    case isostar::map::Orientation::Orthogonal: return "orthogonal";
    case isostar::map::Orientation::Isometric: return "isometric";
    case isostar::map::Orientation::Staggered: return "staggered";
    case isostar::map::Orientation::Hexagonal: return "hexagonal";
    }
    return "unknown";
}

const char* renderOrderName(isostar::map::RenderOrder o)
{
    switch (o) {
    case isostar::map::RenderOrder::RightDown: return "right-down";
    case isostar::map::RenderOrder::RightUp: return "right-up";
    case isostar::map::RenderOrder::LeftDown: return "left-down";
    case isostar::map::RenderOrder::LeftUp: return "left-up";
    }
    return "unknown";
}

const char* layerTypeName(LayerType t)
{
    switch (t) {
    case LayerType::Tile: return "tilelayer";
    case LayerType::Object: return "objectgroup";
    case LayerType::Image: return "imagelayer";
    case LayerType::Group: return "group";
    }
    return "unknown";
}

/// Properties as a JSON object with typed values (class properties nest).
ordered_json propertiesJson(const isostar::map::Properties& props)
{
    using isostar::map::PropertyType;
    ordered_json out = ordered_json::object();
    for (const isostar::map::Property& p : props) {
        switch (p.type) {
        case PropertyType::Int:
        case PropertyType::Object:
            out[p.name] = std::stoll(p.value); // validated by the loader
            break;
        case PropertyType::Float: out[p.name] = std::stod(p.value); break;
        case PropertyType::Bool: out[p.name] = p.value == "true"; break;
        case PropertyType::Class: out[p.name] = propertiesJson(p.members); break;
        case PropertyType::String:
        case PropertyType::Color:
        case PropertyType::File: out[p.name] = p.value; break;
        }
    }
    return out;
}

std::size_t nonEmptyCells(const Layer& l)
{
    std::size_t n = 0;
    for (isostar::map::Gid g : l.tiles.gids)
        n += g != 0;
    return n;
}

ordered_json layersJson(const std::vector<Layer>& layers, const std::string& parent,
                        ordered_json& objectCounts)
{
    ordered_json out = ordered_json::array();
    for (const Layer& l : layers) {
        const std::string path = parent.empty() ? l.name : parent + "/" + l.name;
        ordered_json j;
        j["name"] = l.name;
        j["path"] = path;
        j["type"] = layerTypeName(l.type);
        j["id"] = l.id;
        j["visible"] = l.visible;
        j["opacity"] = l.opacity;
        switch (l.type) {
        case LayerType::Tile:
            j["cells"] = nonEmptyCells(l);
            j["grid"] = {{"x", l.tiles.originX}, {"y", l.tiles.originY},
                         {"width", l.tiles.width}, {"height", l.tiles.height}};
            j["encoding"] = l.encoding;
            if (!l.compression.empty())
                j["compression"] = l.compression;
            break;
        case LayerType::Object:
            j["objects"] = l.objects.size();
            objectCounts.push_back({{"layer", path}, {"count", l.objects.size()}});
            break;
        case LayerType::Image:
            j["image"] = l.image;
            break;
        case LayerType::Group:
            j["layers"] = layersJson(l.layers, path, objectCounts);
            break;
        }
        if (!l.properties.empty())
            j["properties"] = propertiesJson(l.properties);
        out.push_back(std::move(j));
    }
    return out;
}

ordered_json mapJson(const MapData& m)
{
    ordered_json j;
    j["path"] = m.path;
    j["orientation"] = orientationName(m.orientation);
    j["renderorder"] = renderOrderName(m.renderOrder);
    j["width"] = m.width;
    j["height"] = m.height;
    j["tilewidth"] = m.tileWidth;
    j["tileheight"] = m.tileHeight;
    j["infinite"] = m.infinite;
    if (m.orientation == isostar::map::Orientation::Staggered ||
        m.orientation == isostar::map::Orientation::Hexagonal) {
        j["staggeraxis"] = m.staggerAxis == isostar::map::StaggerAxis::X ? "x" : "y";
        j["staggerindex"] = m.staggerIndex == isostar::map::StaggerIndex::Odd ? "odd" : "even";
        if (m.orientation == isostar::map::Orientation::Hexagonal)
            j["hexsidelength"] = m.hexSideLength;
    }
    if (!m.tiledVersion.empty())
        j["tiledversion"] = m.tiledVersion;
    ordered_json objectCounts = ordered_json::array();
    j["layers"] = layersJson(m.layers, "", objectCounts);
    ordered_json tilesets = ordered_json::array();
    for (const isostar::map::Tileset& ts : m.tilesets) {
        ordered_json t;
        t["name"] = ts.name;
        t["firstgid"] = ts.firstGid;
        t["tilecount"] = ts.tileCount;
        t["tilewidth"] = ts.tileWidth;
        t["tileheight"] = ts.tileHeight;
        if (ts.isCollection()) {
            std::size_t images = 0;
            for (const isostar::map::TileInfo& tile : ts.tiles)
                images += !tile.image.empty();
            t["images"] = images;
        } else {
            t["image"] = ts.image;
            t["imagewidth"] = ts.imageWidth;
            t["imageheight"] = ts.imageHeight;
            t["columns"] = ts.columns;
        }
        if (!ts.source.empty())
            t["source"] = ts.source;
        if (!ts.wangSets.empty())
            t["wangsets"] = ts.wangSets.size();
        tilesets.push_back(std::move(t));
    }
    j["tilesets"] = std::move(tilesets);
    j["objects"] = std::move(objectCounts);
    j["properties"] = propertiesJson(m.properties);
    return j;
}

/// Every terrain name the map gives its cells (TileTerrain.hpp) under the config's base rules:
/// name, cells holding it, where it came from, whether the config knows it (and if not, the
/// warning saying how to add it), in order of first use.
ordered_json terrainsJson(const MapWorld& world)
{
    const isostar::terrain::TerrainRules& rules = world.config.config.base;
    const isostar::terrain::TerrainGrid grid = worldTerrainGrid(world);
    std::vector<std::size_t> cells(grid.names.size(), 0);
    std::vector<int> seenAt(grid.names.size(), -1);
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x)
            for (isostar::terrain::TerrainId t : grid.cell({x, y}))
                if (seenAt[t] != grid.index({x, y})) {
                    seenAt[t] = grid.index({x, y});
                    ++cells[t];
                }
    ordered_json out = ordered_json::array();
    for (std::size_t i = 0; i < grid.names.size(); ++i) {
        ordered_json t;
        t["name"] = grid.names[i];
        t["cells"] = cells[i];
        t["from"] = grid.origins[i];
        t["known"] = rules.find(grid.names[i]) != nullptr;
        if (!rules.find(grid.names[i]))
            t["warning"] = isostar::terrain::unknownTerrainText(grid.names[i], grid.origins[i]);
        out.push_back(std::move(t));
    }
    return out;
}

std::string lowerText(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

/// The map's party objects (class or name "party", as the game reads them) and each unit's size
/// by the rule of units bigger than a cell: the object's int property `size`, else its
/// profile's `[movement] size`, else 1 (docs/CONFIG.md). A size that is not a whole number
/// from 1 to 4, or an unknown profile, is named in the unit's "warning".
ordered_json partyJson(const MapFile& file, std::vector<int>& sizes)
{
    ordered_json out = ordered_json::array();
    const isostar::terrain::TerrainConfig& config = file.config.config;
    isostar::map::forEachLayer(file.map.layers, [&](const isostar::map::Layer& layer) {
        for (const isostar::map::Object& o : layer.objects) {
            if (lowerText(o.className) != "party" && lowerText(o.name) != "party")
                continue;
            ordered_json u;
            u["id"] = o.id;
            u["name"] = isostar::map::propertyString(o.properties, "unit",
                                                     isostar::map::propertyString(o.properties, "character", o.name));
            const std::string profile = isostar::map::propertyString(o.properties, "profile");
            u["profile"] = profile.empty() ? ordered_json(nullptr) : ordered_json(profile);
            const isostar::terrain::TerrainRules* rules = profile.empty() ? &config.base : config.profile(profile);
            int size = rules ? rules->size : 1;
            std::string from = profile.empty() ? "movement" : "profile";
            if (!rules)
                u["warning"] = "unknown profile \"" + profile + "\"";
            if (const isostar::map::Property* p = isostar::map::findProperty(o.properties, "size")) {
                int v = 0;
                const auto [ptr, ec] = std::from_chars(p->value.data(), p->value.data() + p->value.size(), v);
                if (p->type != isostar::map::PropertyType::Int || ec != std::errc() ||
                    ptr != p->value.data() + p->value.size() || v < 1 || v > isostar::path::MaxFootprintSize)
                    u["warning"] = "property size: must be an int from 1 to 4, got \"" + p->value + "\"";
                else {
                    size = v;
                    from = "object";
                }
            }
            u["size"] = size;
            u["size_from"] = from;
            sizes.push_back(size);
            out.push_back(std::move(u));
        }
    });
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return out;
}

} // namespace

Command addInfoCommand(CLI::App& app)
{
    auto mapPath = std::make_shared<std::string>();
    auto configPath = std::make_shared<std::string>();
    Command c;
    c.app = app.add_subcommand("info", "Load a Tiled map (.tmx/.tmj, may be .gz) and print it as JSON");
    c.app->add_option("MAP", *mapPath, "the map file")->required();
    c.app->add_option("--config", *configPath,
                      "Terrain rules (TOML) the \"terrains\" list is checked against; overrides the map's choice");
    c.run = [mapPath, configPath] {
        WorldFailure failure;
        std::optional<MapFile> file = readMapFile(*mapPath, *configPath, failure);
        if (!file) {
            std::cerr << isostar::formatDiagnostics(failure.diagnostics);
            return ExitBadInput;
        }
        ordered_json j = mapJson(file->map);
        j["terrain_config"] = file->config.path.empty() ? std::string("built-in") : file->config.path;
        std::vector<int> sizes;
        ordered_json party = partyJson(*file, sizes);
        // A map the engine does not play (hexagonal, no cells) still prints, with no terrains.
        const bool playable = !isostar::map::unplayableReason(file->map);
        const std::optional<MapWorld> world =
            playable ? placeOnGrid(std::move(*file), failure) : std::optional<MapWorld>();
        if (!world && playable) {
            std::cerr << isostar::formatDiagnostics(failure.diagnostics);
            return ExitBadInput;
        }
        j["terrains"] = world ? terrainsJson(*world) : ordered_json::array();
        j["party"] = std::move(party);
        j["party_sizes"] = sizes;
        // Every string here comes from the user's files (paths, names, properties) and may hold
        // any bytes: nlohmann's `replace` writes invalid UTF-8 as U+FFFD instead of throwing,
        // for keys and values alike, so no field can be forgotten (the rule of all our writers).
        std::cout << j.dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
        return ExitOk;
    };
    return c;
}

} // namespace isopath
