// Tiled JSON: the reader helpers, custom properties and tilesets (TSJ, inline or external).
// Reference: https://doc.mapeditor.org/en/stable/reference/json-map-format/

#include "engine/map/detail/Build.hpp"
#include "engine/map/detail/JsonReader.hpp"
#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Tmj.hpp"
#include "engine/map/detail/Values.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace eng::map::detail {

namespace {

const Json kEmptyArray = Json::array();

std::string describe(const Json& v)
{
    std::string s = v.dump();
    return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

/// Maximum nesting of a JSON text, counted outside strings (before nlohmann builds a tree).
std::size_t nestingDepth(const std::string& text)
{
    std::size_t depth = 0, maxDepth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            maxDepth = std::max(maxDepth, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return maxDepth;
}

/// Property value as Tiled's text form, with its type when the file does not say it.
Property propertyFromValue(const JsonReader& r, const std::string& name, const Json& v,
                           std::optional<PropertyType> type, const std::string& where)
{
    Property p;
    p.name = name;
    if (!type) {
        if (v.is_boolean()) type = PropertyType::Bool;
        else if (v.is_number_integer()) type = PropertyType::Int;
        else if (v.is_number()) type = PropertyType::Float;
        else if (v.is_object()) type = PropertyType::Class;
        else type = PropertyType::String;
    }
    p.type = *type;
    if (p.type == PropertyType::Class) {
        if (!v.is_object()) {
            r.error(where, "class value is not an object");
            return p;
        }
        for (auto it = v.begin(); it != v.end(); ++it)
            p.members.push_back(propertyFromValue(r, it.key(), it.value(), std::nullopt,
                                                  where + "." + it.key()));
        return p;
    }
    if (v.is_string()) p.value = v.get<std::string>();
    else if (v.is_boolean()) p.value = v.get<bool>() ? "true" : "false";
    else if (v.is_number()) p.value = v.dump();
    else if (!v.is_null()) {
        r.error(where, "value " + describe(v) + " is not a " + toString(p.type));
        return p;
    }
    if (p.type == PropertyType::File && !p.value.empty())
        p.value = resolvePath(r.path(), p.value);
    if (std::string e = checkPropertyValue(p); !e.empty())
        r.error(where, e);
    return p;
}

} // namespace

std::string jsonWhere(const std::string& parent, const char* key)
{
    return parent.empty() ? std::string(key) : parent + "." + key;
}

std::string jsonWhere(const std::string& parent, std::size_t index)
{
    return parent + "[" + std::to_string(index) + "]";
}

std::optional<Json> JsonReader::parse(const std::string& text) const
{
    if (nestingDepth(text) > 256) {
        m_ctx.error(m_path, 0, "JSON nested more than 256 levels deep");
        return std::nullopt;
    }
    try {
        Json j = Json::parse(text);
        if (!j.is_object()) {
            m_ctx.error(m_path, 0, "JSON root is not an object");
            return std::nullopt;
        }
        return j;
    } catch (const Json::parse_error& e) {
        const std::size_t byte = e.byte > 0 ? e.byte - 1 : 0;
        const LineTable lines(text);
        std::string what = e.what();
        // nlohmann's text: "[json.exception.parse_error.101] parse error at line 3, column 5: ..."
        if (auto colon = what.find(": ", what.find("parse error")); colon != std::string::npos)
            what = what.substr(colon + 2);
        m_ctx.error(m_path, lines.lineAt(std::min(byte, text.size())), "JSON syntax error: " + what);
        return std::nullopt;
    } catch (const Json::out_of_range& e) {
        // A number beyond double's range (406: "number overflow parsing '1e999'"); nlohmann gives
        // no position, so the line is that of the number's first occurrence. Found by fuzz_map_tmj.
        std::string what = e.what();
        int line = 0;
        if (auto q = what.find('\''); q != std::string::npos && what.back() == '\'') {
            const std::string number = what.substr(q + 1, what.size() - q - 2);
            if (auto at = text.find(number); at != std::string::npos && !number.empty())
                line = LineTable(text).lineAt(at);
            what = "number out of range: " + number;
        }
        m_ctx.error(m_path, line, "JSON " + what);
        return std::nullopt;
    }
}

void JsonReader::error(const std::string& where, const std::string& message) const
{
    m_ctx.error(m_path, 0, where.empty() ? message : where + ": " + message);
}

std::string JsonReader::str(const Json& o, const char* key, const std::string& where,
                            const std::string& fallback) const
{
    auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return fallback;
    if (!it->is_string()) {
        error(jsonWhere(where, key), "expected a string, got " + describe(*it));
        return fallback;
    }
    return it->get<std::string>();
}

std::optional<long long> JsonReader::integerValue(const Json& v) const
{
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > std::uint64_t(std::numeric_limits<long long>::max()))
            return std::nullopt;
        return static_cast<long long>(u);
    }
    if (v.is_number_integer())
        return v.get<long long>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9e15)
            return static_cast<long long>(d);
    }
    return std::nullopt;
}

int JsonReader::integer(const Json& o, const char* key, const std::string& where, int fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    auto v = integerValue(*it);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) {
        error(jsonWhere(where, key), "expected an integer, got " + describe(*it));
        return fallback;
    }
    return int(*v);
}

int JsonReader::requiredPositive(const Json& o, const char* key, const std::string& where) const
{
    if (!o.contains(key)) {
        error(where, std::string("missing \"") + key + "\"");
        return 0;
    }
    auto v = integerValue(o[key]);
    const int value = integer(o, key, where, 0);
    if (v && *v == value && value <= 0) {
        error(jsonWhere(where, key), "must be greater than 0, got " + std::to_string(value));
        return 0;
    }
    return value;
}

int JsonReader::nonNegative(const Json& o, const char* key, const std::string& where, int fallback) const
{
    if (!o.contains(key))
        return fallback;
    auto v = integerValue(o[key]);
    const int value = integer(o, key, where, fallback);
    if (v && *v == value && value < 0) {
        error(jsonWhere(where, key), "must not be negative, got " + std::to_string(value));
        return fallback;
    }
    return value;
}

std::uint32_t JsonReader::unsignedInt(const Json& o, const char* key, const std::string& where,
                                      std::uint32_t fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    auto v = integerValue(*it);
    if (!v || *v < 0 || *v > std::numeric_limits<std::uint32_t>::max()) {
        error(jsonWhere(where, key), "expected an unsigned 32-bit integer, got " + describe(*it));
        return fallback;
    }
    return std::uint32_t(*v);
}

double JsonReader::number(const Json& o, const char* key, const std::string& where, double fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number()) {
        error(jsonWhere(where, key), "expected a number, got " + describe(*it));
        return fallback;
    }
    return it->get<double>();
}

bool JsonReader::boolean(const Json& o, const char* key, const std::string& where, bool fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (it->is_boolean())
        return it->get<bool>();
    if (it->is_number_integer() && (it->get<long long>() == 0 || it->get<long long>() == 1))
        return it->get<long long>() == 1;
    error(jsonWhere(where, key), "expected true or false, got " + describe(*it));
    return fallback;
}

std::optional<Color> JsonReader::color(const Json& o, const char* key, const std::string& where) const
{
    const std::string s = str(o, key, where);
    if (s.empty())
        return std::nullopt;
    auto c = parseColor(s);
    if (!c)
        error(jsonWhere(where, key), "\"" + s + "\" is not a color (#AARRGGBB or #RRGGBB)");
    return c;
}

const Json& JsonReader::array(const Json& o, const char* key, const std::string& where) const
{
    auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return kEmptyArray;
    if (!it->is_array()) {
        error(jsonWhere(where, key), "expected an array, got " + describe(*it));
        return kEmptyArray;
    }
    return *it;
}

Properties JsonReader::properties(const Json& owner, const std::string& where) const
{
    Properties props;
    auto it = owner.find("properties");
    if (it == owner.end() || it->is_null())
        return props;
    const std::string here = jsonWhere(where, "properties");
    if (it->is_object()) {
        // Tiled < 1.2: {"name": value} with the types in "propertytypes".
        const Json types = owner.value("propertytypes", Json::object());
        for (auto p = it->begin(); p != it->end(); ++p) {
            std::optional<PropertyType> type;
            if (types.is_object() && types.contains(p.key()) && types[p.key()].is_string())
                type = parsePropertyType(types[p.key()].get<std::string>());
            props.push_back(propertyFromValue(*this, p.key(), p.value(), type, here + "." + p.key()));
        }
        return props;
    }
    const Json& list = array(owner, "properties", where);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& p = list[i];
        const std::string pw = jsonWhere(here, i);
        if (!p.is_object()) {
            error(pw, "expected an object");
            continue;
        }
        const std::string name = str(p, "name", pw);
        const std::string typeName = str(p, "type", pw, "string");
        auto type = parsePropertyType(typeName);
        if (!type) {
            error(pw, "property \"" + name + "\": unknown type \"" + typeName + "\"");
            continue;
        }
        Property prop = propertyFromValue(*this, name, p.value("value", Json()), type, pw);
        prop.propertyType = str(p, "propertytype", pw);
        props.push_back(std::move(prop));
    }
    return props;
}

void readTsjTilesetBody(const JsonReader& r, const Json& o, const std::string& where, Tileset& ts)
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

    // Tiles: an array (Tiled >= 1.2) or an object keyed by id (older files).
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
        const Json& t = *tiles[k].first;
        const std::string& tw = tiles[k].second;
        if (!t.is_object()) {
            r.error(tw, "expected an object");
            continue;
        }
        TileInfo info;
        if (!oldIds.empty()) {
            if (oldIds[k] < 0 || oldIds[k] > std::numeric_limits<std::uint32_t>::max()) {
                r.error(tw, "tile key is not a tile id");
                continue;
            }
            info.id = std::uint32_t(oldIds[k]);
        } else if (!t.contains("id")) {
            r.error(tw, "missing \"id\"");
            continue;
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
            continue;
        }
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

} // namespace eng::map::detail
