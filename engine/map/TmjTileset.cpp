/// \file TmjTileset.cpp
/// Tiled JSON tilesets (TSJ, inline in a map or external): the tileset's fields, its tiles
/// (array or the old object form, with animations) and their checks, and its wang sets.
// Reference: https://doc.mapeditor.org/en/stable/reference/json-map-format/

#include "engine/map/detail/Build.hpp"
#include "engine/map/detail/JsonReader.hpp"
#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Tmj.hpp"
#include "engine/map/detail/Values.hpp"

#include <algorithm>
#include <limits>

namespace isostar::map::detail {

namespace {

/// The tileset's own fields: name, tile size and layout, alignment, colours, offset, grid,
/// image (columns and tile count derived from it where the file omits them), properties.
void readTsjTilesetFields(const JsonReader& r, const Json& o, const std::string& where, Tileset& ts)
{
    ts.name = r.str(o, "name", where);
    ts.className = r.str(o, "class", where);
    const std::string image = r.str(o, "image", where);
    if (!image.empty()) {
        ts.tileWidth = r.requiredPositive(o, "tilewidth", where);
        ts.tileHeight = r.requiredPositive(o, "tileheight", where);
    } else {
        ts.tileWidth = r.nonNegative(o, "tilewidth", where);
        ts.tileHeight = r.nonNegative(o, "tileheight", where);
    }
    ts.spacing = r.nonNegative(o, "spacing", where);
    ts.margin = r.nonNegative(o, "margin", where);
    ts.tileCount = r.nonNegative(o, "tilecount", where);
    ts.columns = r.nonNegative(o, "columns", where);
    ts.objectAlignment = r.keyword(o, "objectalignment", where, ObjectAlignment::Unspecified, parseObjectAlignment);
    ts.tileRenderSize = r.keyword(o, "tilerendersize", where, TileRenderSize::Tile, parseTileRenderSize);
    ts.fillMode = r.keyword(o, "fillmode", where, FillMode::Stretch, parseFillMode);
    ts.backgroundColor = r.color(o, "backgroundcolor", where);
    ts.transparentColor = r.color(o, "transparentcolor", where);
    if (auto off = o.find("tileoffset"); off != o.end() && off->is_object()) {
        ts.tileOffset.x = r.integer(*off, "x", jsonWhere(where, "tileoffset"));
        ts.tileOffset.y = r.integer(*off, "y", jsonWhere(where, "tileoffset"));
    }
    if (auto grid = o.find("grid"); grid != o.end() && grid->is_object()) {
        const std::string gw = jsonWhere(where, "grid");
        ts.gridIsometric = r.str(*grid, "orientation", gw) == "isometric";
        ts.gridWidth = r.nonNegative(*grid, "width", gw);
        ts.gridHeight = r.nonNegative(*grid, "height", gw);
    }
    if (!image.empty()) {
        ts.image = resolvePath(r.path(), image);
        ts.imageWidth = r.nonNegative(o, "imagewidth", where);
        ts.imageHeight = r.nonNegative(o, "imageheight", where);
        if ((!o.contains("imagewidth") || !o.contains("imageheight")))
            readImageSize(ts.image, ts.imageWidth, ts.imageHeight);
        if (!o.contains("columns") || ts.columns == 0)
            ts.columns = tilesFromImage(ts.imageWidth, ts.tileWidth, ts.margin, ts.spacing);
        if (!o.contains("tilecount"))
            ts.tileCount = tileCountFromImage(
                ts.columns, tilesFromImage(ts.imageHeight, ts.tileHeight, ts.margin, ts.spacing));
    }
    if (!ts.isCollection() && ts.tileCount > 0 && ts.columns == 0)
        r.error(where, "tileset \"" + ts.name + "\": columns unknown (0, and no image size to derive them from)");
    ts.properties = r.properties(o, where);
}

/// One entry of "tiles" into `info` (`oldId`: its key in the object form of Tiled < 1.2, else
/// nullopt); false, with the problem reported, when it is not a tile of `ts`.
bool readTsjTile(const JsonReader& r, const Json& t, const std::string& tw, std::optional<long long> oldId,
                 const Tileset& ts, TileInfo& info)
{
    if (!t.is_object()) {
        r.error(tw, "expected an object");
        return false;
    }
    if (oldId) {
        if (*oldId < 0 || *oldId > std::numeric_limits<std::uint32_t>::max()) {
            r.error(tw, "tile key is not a tile id");
            return false;
        }
        info.id = std::uint32_t(*oldId);
    } else if (!t.contains("id")) {
        r.error(tw, "missing \"id\"");
        return false;
    } else {
        info.id = r.unsignedInt(t, "id", tw);
    }
    info.className = t.contains("class") ? r.str(t, "class", tw) : r.str(t, "type", tw);
    info.probability = r.number(t, "probability", tw, 1.0);
    info.x = r.nonNegative(t, "x", tw);
    info.y = r.nonNegative(t, "y", tw);
    info.width = r.nonNegative(t, "width", tw);
    info.height = r.nonNegative(t, "height", tw);
    info.properties = r.properties(t, tw);
    if (const std::string img = r.str(t, "image", tw); !img.empty())
        info.image = resolvePath(r.path(), img);
    info.imageWidth = r.nonNegative(t, "imagewidth", tw);
    info.imageHeight = r.nonNegative(t, "imageheight", tw);
    if ((!t.contains("imagewidth") || !t.contains("imageheight")) && !info.image.empty())
        readImageSize(info.image, info.imageWidth, info.imageHeight);
    const Json& frames = r.array(t, "animation", tw);
    for (std::size_t f = 0; f < frames.size(); ++f) {
        const std::string fw = jsonWhere(jsonWhere(tw, "animation"), f);
        if (!frames[f].is_object()) {
            r.error(fw, "expected an object");
            continue;
        }
        info.animation.push_back({r.unsignedInt(frames[f], "tileid", fw),
                                  r.nonNegative(frames[f], "duration", fw)});
    }
    if (!ts.isCollection() && ts.imageWidth > 0 && info.id >= std::uint32_t(ts.tileCount)) {
        r.error(tw, "tileset \"" + ts.name + "\": tile id " + std::to_string(info.id) +
                        " is outside its " + std::to_string(ts.tileCount) + " tiles");
        return false;
    }
    return true;
}

/// The "tiles" of the tileset: an array (Tiled >= 1.2) or an object keyed by id (older files).
void readTsjTiles(const JsonReader& r, const Json& o, const std::string& where, Tileset& ts)
{
    std::vector<std::pair<const Json*, std::string>> tiles;
    std::vector<long long> oldIds;
    if (auto t = o.find("tiles"); t != o.end() && t->is_object()) {
        for (auto it = t->begin(); it != t->end(); ++it) {
            tiles.emplace_back(&it.value(), jsonWhere(where, "tiles") + "." + it.key());
            oldIds.push_back(parseInteger(it.key()).value_or(-1));
        }
    } else {
        const Json& arr = r.array(o, "tiles", where);
        for (std::size_t i = 0; i < arr.size(); ++i)
            tiles.emplace_back(&arr[i], jsonWhere(jsonWhere(where, "tiles"), i));
    }
    for (std::size_t k = 0; k < tiles.size(); ++k) {
        TileInfo info;
        if (readTsjTile(r, *tiles[k].first, tiles[k].second,
                        oldIds.empty() ? std::nullopt : std::optional<long long>(oldIds[k]), ts, info))
            ts.tiles.push_back(std::move(info));
    }
    std::stable_sort(ts.tiles.begin(), ts.tiles.end(),
                     [](const TileInfo& a, const TileInfo& b) { return a.id < b.id; });
    for (std::size_t i = 1; i < ts.tiles.size(); ++i)
        if (ts.tiles[i].id == ts.tiles[i - 1].id)
            r.error(where, "tileset \"" + ts.name + "\": tile id " + std::to_string(ts.tiles[i].id) +
                               " is defined twice");
    const std::uint32_t span = tileSpan(ts);
    for (const TileInfo& t : ts.tiles)
        for (const AnimationFrame& f : t.animation)
            if (f.tileId >= span || (ts.isCollection() && !ts.findTile(f.tileId)))
                r.error(where, "tileset \"" + ts.name + "\": animation of tile " + std::to_string(t.id) +
                                   " uses tile " + std::to_string(f.tileId) +
                                   ", which the tileset does not have");
}

/// The tileset's wang sets: colours and wang tiles (each wangid 8 colour indices).
void readTsjWangSets(const JsonReader& r, const Json& o, const std::string& where, Tileset& ts)
{
    const Json& wangsets = r.array(o, "wangsets", where);
    for (std::size_t i = 0; i < wangsets.size(); ++i) {
        const Json& w = wangsets[i];
        const std::string ww = jsonWhere(jsonWhere(where, "wangsets"), i);
        if (!w.is_object()) {
            r.error(ww, "expected an object");
            continue;
        }
        WangSet ws;
        ws.name = r.str(w, "name", ww);
        ws.className = r.str(w, "class", ww);
        const std::string type = r.str(w, "type", ww, "mixed");
        if (auto t = parseWangSetType(type))
            ws.type = *t;
        else
            r.error(ww, "unknown wangset type \"" + type + "\"");
        ws.tile = r.integer(w, "tile", ww, -1);
        ws.properties = r.properties(w, ww);
        const Json& colors = r.array(w, "colors", ww);
        for (std::size_t c = 0; c < colors.size(); ++c) {
            const std::string cw = jsonWhere(jsonWhere(ww, "colors"), c);
            if (!colors[c].is_object())
                continue;
            WangColor wc;
            wc.name = r.str(colors[c], "name", cw);
            wc.className = r.str(colors[c], "class", cw);
            if (auto col = r.color(colors[c], "color", cw))
                wc.color = *col;
            wc.tile = r.integer(colors[c], "tile", cw, -1);
            wc.probability = r.number(colors[c], "probability", cw, 1.0);
            wc.properties = r.properties(colors[c], cw);
            ws.colors.push_back(std::move(wc));
        }
        const Json& wtiles = r.array(w, "wangtiles", ww);
        for (std::size_t t = 0; t < wtiles.size(); ++t) {
            const std::string tw = jsonWhere(jsonWhere(ww, "wangtiles"), t);
            if (!wtiles[t].is_object())
                continue;
            WangTile wt;
            wt.tileId = r.unsignedInt(wtiles[t], "tileid", tw);
            const Json id = wtiles[t].value("wangid", Json());
            bool ok = id.is_array() && id.size() == 8;
            for (std::size_t k = 0; ok && k < 8; ++k) {
                ok = id[k].is_number_unsigned() && id[k].get<std::uint64_t>() <= ws.colors.size();
                if (ok)
                    wt.wangId[k] = std::uint8_t(id[k].get<std::uint64_t>());
            }
            if (!ok) {
                r.error(tw, "bad wangid " + describe(id) + " (8 color indices up to " +
                                std::to_string(ws.colors.size()) + ")");
                continue;
            }
            ws.tiles.push_back(wt);
        }
        ts.wangSets.push_back(std::move(ws));
    }
}

} // namespace

void readTsjTilesetBody(const JsonReader& r, const Json& o, const std::string& where, Tileset& ts)
{
    readTsjTilesetFields(r, o, where, ts);
    readTsjTiles(r, o, where, ts);
    readTsjWangSets(r, o, where, ts);
}

std::optional<Tileset> parseTsjFile(LoadContext& ctx, const std::string& path, std::string text)
{
    JsonReader r(ctx, path);
    auto j = r.parse(text);
    if (!j)
        return std::nullopt;
    const std::size_t before = ctx.diagnostics.size();
    if (j->contains("type") && j->value("type", Json()) != "tileset") {
        r.error("", "\"type\" is " + describe((*j)["type"]) + ", expected \"tileset\"");
        return std::nullopt;
    }
    Tileset ts;
    readTsjTilesetBody(r, *j, "", ts);
    if (ctx.diagnostics.size() != before)
        return std::nullopt;
    ts.source = path;
    return ts;
}

} // namespace isostar::map::detail
