// Tiled JSON maps (.tmj/.json) and templates (.tj): map, layers, objects.
// Reference: https://doc.mapeditor.org/en/stable/reference/json-map-format/

#include "engine/map/detail/Build.hpp"
#include "engine/map/detail/JsonReader.hpp"
#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Tmj.hpp"
#include "engine/map/detail/Tmx.hpp"
#include "engine/map/detail/Values.hpp"

#include <algorithm>
#include <map>

namespace isostar::map::detail {

namespace {

void mergeJsonProperties(Properties& base, Properties over)
{
    for (Property& p : over) {
        auto it = std::find_if(base.begin(), base.end(), [&](const Property& b) { return b.name == p.name; });
        if (it != base.end())
            *it = std::move(p);
        else
            base.push_back(std::move(p));
    }
}

std::vector<Vec2> readJsonPoints(const JsonReader& r, const Json& arr, const std::string& where)
{
    std::vector<Vec2> pts;
    if (!arr.is_array() || arr.empty()) {
        r.error(where, "expected a non-empty array of points");
        return pts;
    }
    for (std::size_t i = 0; i < arr.size(); ++i) {
        const std::string pw = jsonWhere(where, i);
        if (!arr[i].is_object() || !arr[i].contains("x") || !arr[i].contains("y")) {
            r.error(pw, "expected {\"x\": number, \"y\": number}");
            continue;
        }
        pts.push_back({r.number(arr[i], "x", pw), r.number(arr[i], "y", pw)});
    }
    return pts;
}

/// Reads an object; `mb` is null inside a template file.
Object readJsonObject(const JsonReader& r, const Json& o, const std::string& where, MapBuild* mb)
{
    Object obj;
    if (!o.is_object()) {
        r.error(where, "expected an object");
        return obj;
    }
    if (o.contains("template")) {
        const std::string ref = r.str(o, "template", where);
        const std::string resolved = resolvePath(r.path(), ref);
        auto tmpl = loadTemplate(r.context(), resolved, r.path(), 0, ref);
        if (tmpl) {
            obj = tmpl->object;
            obj.templatePath = resolved;
            if (tmpl->hasGid && mb)
                obj.gid = mapTemplateGid(*mb->map, mb->ranges, *tmpl, tmpl->object.gid);
        }
    }
    obj.id = r.nonNegative(o, "id", where, obj.id);
    obj.name = r.str(o, "name", where, obj.name);
    if (o.contains("class"))
        obj.className = r.str(o, "class", where);
    else if (o.contains("type"))
        obj.className = r.str(o, "type", where);
    obj.x = r.number(o, "x", where, obj.x);
    obj.y = r.number(o, "y", where, obj.y);
    obj.width = r.number(o, "width", where, obj.width);
    obj.height = r.number(o, "height", where, obj.height);
    if (obj.width < 0 || obj.height < 0)
        r.error(where, "object " + std::to_string(obj.id) + ": negative size");
    obj.rotation = r.number(o, "rotation", where, obj.rotation);
    obj.visible = r.boolean(o, "visible", where, obj.visible);
    if (o.contains("gid")) {
        splitGid(r.unsignedInt(o, "gid", where), obj.gid, obj.flipFlags);
        if (obj.gid != 0 && mb && !mb->ranges.accepts(obj.gid))
            r.error(where, "object " + std::to_string(obj.id) + ": gid " + std::to_string(obj.gid) +
                               " is outside every tileset");
    }
    if (obj.gid != 0)
        obj.shape = ObjectShape::Tile;
    if (r.boolean(o, "ellipse", where, false)) {
        obj.shape = ObjectShape::Ellipse;
    } else if (r.boolean(o, "point", where, false)) {
        obj.shape = ObjectShape::Point;
    } else if (o.contains("polygon")) {
        obj.shape = ObjectShape::Polygon;
        obj.points = readJsonPoints(r, o["polygon"], jsonWhere(where, "polygon"));
    } else if (o.contains("polyline")) {
        obj.shape = ObjectShape::Polyline;
        obj.points = readJsonPoints(r, o["polyline"], jsonWhere(where, "polyline"));
    } else if (auto t = o.find("text"); t != o.end() && t->is_object()) {
        obj.shape = ObjectShape::Text;
        const std::string tw = jsonWhere(where, "text");
        TextData& td = obj.text;
        td.text = r.str(*t, "text", tw);
        td.fontFamily = r.str(*t, "fontfamily", tw, td.fontFamily);
        td.pixelSize = r.integer(*t, "pixelsize", tw, td.pixelSize);
        td.wrap = r.boolean(*t, "wrap", tw, td.wrap);
        td.bold = r.boolean(*t, "bold", tw, td.bold);
        td.italic = r.boolean(*t, "italic", tw, td.italic);
        td.underline = r.boolean(*t, "underline", tw, td.underline);
        td.strikeout = r.boolean(*t, "strikeout", tw, td.strikeout);
        td.kerning = r.boolean(*t, "kerning", tw, td.kerning);
        if (auto c = r.color(*t, "color", tw))
            td.color = *c;
        td.hAlign = r.keyword(*t, "halign", tw, td.hAlign, parseHorizontalAlign);
        td.vAlign = r.keyword(*t, "valign", tw, td.vAlign, parseVerticalAlign);
    }
    mergeJsonProperties(obj.properties, r.properties(o, where));
    return obj;
}

struct TmjMapParser {
    const JsonReader& r;
    MapBuild mb;

    std::string layerLabel(const std::string& where, const Layer& l) const
    {
        return where + " \"" + l.name + "\"";
    }

    bool decodeData(const Json& data, const Layer& l, const std::string& label, std::size_t count,
                    std::vector<std::uint32_t>& raw)
    {
        if (data.is_array()) {
            if (!l.compression.empty()) {
                r.error(label, "compression \"" + l.compression + "\" needs base64 encoding");
                return false;
            }
            if (data.size() != count) {
                r.error(label, std::to_string(data.size()) + " tiles, expected " + std::to_string(count));
                return false;
            }
            raw.resize(count);
            for (std::size_t i = 0; i < count; ++i) {
                const Json& v = data[i];
                if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 0xFFFFFFFFull) {
                    r.error(label, "data[" + std::to_string(i) + "] is not a tile id: " + v.dump());
                    return false;
                }
                raw[i] = std::uint32_t(v.get<std::uint64_t>());
            }
            return true;
        }
        if (!data.is_string()) {
            r.error(label, "\"data\" is neither an array nor a base64 string");
            return false;
        }
        if (l.encoding != "base64") {
            r.error(label, "string data needs \"encoding\": \"base64\"");
            return false;
        }
        Compression comp = Compression::None;
        if (l.compression == "zlib") comp = Compression::Zlib;
        else if (l.compression == "gzip") comp = Compression::Gzip;
        else if (l.compression == "zstd") comp = Compression::Zstd;
        DecodeError err;
        if (!decodeBase64Gids(data.get_ref<const std::string&>(), comp, count, raw, err)) {
            r.error(label, err.message);
            return false;
        }
        if (raw.size() != count) {
            r.error(label, std::to_string(raw.size()) + " tiles, expected " + std::to_string(count));
            return false;
        }
        return true;
    }

    /// An infinite map's layer: its "chunks" merged into l.tiles. False after reporting.
    bool readChunks(const Json& o, const std::string& label, Layer& l)
    {
        std::vector<RawChunk> chunks;
        const Json& arr = r.array(o, "chunks", label);
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const std::string cw = label + ".chunks[" + std::to_string(i) + "]";
            if (!arr[i].is_object()) {
                r.error(cw, "expected an object");
                return false;
            }
            RawChunk c;
            c.x = r.integer(arr[i], "x", cw);
            c.y = r.integer(arr[i], "y", cw);
            c.width = r.requiredPositive(arr[i], "width", cw);
            c.height = r.requiredPositive(arr[i], "height", cw);
            if (c.width <= 0 || c.height <= 0)
                return false;
            if (std::string e = checkChunkPlace(c); !e.empty()) {
                r.error(cw, e);
                return false;
            }
            const std::uint64_t cells = std::uint64_t(c.width) * std::uint64_t(c.height);
            if (cells > r.context().limits.maxCells) {
                r.error(cw, "chunk of " + std::to_string(c.width) + "x" + std::to_string(c.height) +
                                " cells is more than the limit of " +
                                std::to_string(r.context().limits.maxCells));
                return false;
            }
            if (!decodeData(arr[i].value("data", Json()), l, cw, std::size_t(cells), c.raw))
                return false;
            chunks.push_back(std::move(c));
        }
        if (arr.empty() && o.contains("data") && !o["data"].is_null() &&
            !(o["data"].is_array() && o["data"].empty())) {
            r.error(label, "an infinite map keeps its tiles in \"chunks\"");
            return false;
        }
        if (std::string e = mergeChunks(r.context(), chunks, l.tiles); !e.empty()) {
            r.error(label, e);
            return false;
        }
        return true;
    }

    void readTileLayer(const Json& o, const std::string& where, Layer& l)
    {
        const std::string label = layerLabel(where, l);
        const int w = r.requiredPositive(o, "width", where);
        const int h = r.requiredPositive(o, "height", where);
        l.encoding = r.str(o, "encoding", where, "csv");
        l.compression = r.str(o, "compression", where);
        if (l.encoding != "csv" && l.encoding != "base64") {
            r.error(label, "unknown encoding \"" + l.encoding + "\" (expected csv or base64)");
            return;
        }
        if (!l.compression.empty() && l.compression != "zlib" && l.compression != "gzip" &&
            l.compression != "zstd") {
            r.error(label, "unknown compression \"" + l.compression + "\" (expected zlib, gzip or zstd)");
            return;
        }
        if (w <= 0 || h <= 0)
            return;
        if (mb.map->infinite) {
            if (!readChunks(o, label, l))
                return;
        } else {
            if (std::string e = reserveCells(r.context(), w, h); !e.empty()) {
                r.error(label, e);
                return;
            }
            // Finite maps: every layer covers the map exactly (code indexes layers by map size).
            if (w != mb.map->width || h != mb.map->height) {
                r.error(label, "size " + std::to_string(w) + "x" + std::to_string(h) +
                                   " differs from the map's " + std::to_string(mb.map->width) + "x" +
                                   std::to_string(mb.map->height));
                return;
            }
            if (!o.contains("data")) {
                r.error(label, "missing \"data\"");
                return;
            }
            std::vector<std::uint32_t> raw;
            if (!decodeData(o["data"], l, label, std::size_t(w) * std::size_t(h), raw))
                return;
            fillGrid(l.tiles, w, h, raw);
        }
        if (std::string e = checkGids(l.tiles, mb.ranges); !e.empty())
            r.error(label, e);
    }

    void readLayers(const Json& parent, const std::string& where, std::vector<Layer>& out, int depth)
    {
        const Json& arr = r.array(parent, "layers", where);
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const Json& o = arr[i];
            const std::string lw = jsonWhere(jsonWhere(where, "layers"), i);
            if (!o.is_object()) {
                r.error(lw, "expected an object");
                continue;
            }
            Layer l;
            const std::string type = r.str(o, "type", lw);
            if (type == "tilelayer") l.type = LayerType::Tile;
            else if (type == "objectgroup") l.type = LayerType::Object;
            else if (type == "imagelayer") l.type = LayerType::Image;
            else if (type == "group") l.type = LayerType::Group;
            else {
                r.error(lw, "unknown layer type \"" + type + "\"");
                continue;
            }
            l.id = r.nonNegative(o, "id", lw);
            l.name = r.str(o, "name", lw);
            l.className = r.str(o, "class", lw);
            l.visible = r.boolean(o, "visible", lw, true);
            l.locked = r.boolean(o, "locked", lw, false);
            l.opacity = r.number(o, "opacity", lw, 1.0);
            if (l.opacity < 0.0 || l.opacity > 1.0) {
                r.error(layerLabel(lw, l), "opacity " + std::to_string(l.opacity) + " is outside 0..1");
                l.opacity = 1.0;
            }
            l.tintColor = r.color(o, "tintcolor", lw);
            l.offset = {r.number(o, "offsetx", lw), r.number(o, "offsety", lw)};
            l.parallax = {r.number(o, "parallaxx", lw, 1.0), r.number(o, "parallaxy", lw, 1.0)};
            l.properties = r.properties(o, lw);
            switch (l.type) {
            case LayerType::Tile: readTileLayer(o, lw, l); break;
            case LayerType::Object: {
                l.color = r.color(o, "color", lw);
                l.drawOrder = r.keyword(o, "draworder", lw, DrawOrder::TopDown, parseDrawOrder);
                const Json& objs = r.array(o, "objects", lw);
                for (std::size_t k = 0; k < objs.size(); ++k)
                    l.objects.push_back(readJsonObject(r, objs[k], jsonWhere(jsonWhere(lw, "objects"), k), &mb));
                break;
            }
            case LayerType::Image:
                if (const std::string img = r.str(o, "image", lw); !img.empty())
                    l.image = resolvePath(r.path(), img);
                l.imageWidth = r.nonNegative(o, "imagewidth", lw);
                l.imageHeight = r.nonNegative(o, "imageheight", lw);
                // Tiled 1.8 writes no image layer size in JSON: read it from the image header.
                if ((!o.contains("imagewidth") || !o.contains("imageheight")) && !l.image.empty())
                    readImageSize(l.image, l.imageWidth, l.imageHeight);
                l.repeatX = r.boolean(o, "repeatx", lw, false);
                l.repeatY = r.boolean(o, "repeaty", lw, false);
                break;
            case LayerType::Group:
                if (depth >= 64)
                    r.error(lw, "groups nested more than 64 deep");
                else
                    readLayers(o, lw, l.layers, depth + 1);
                break;
            }
            out.push_back(std::move(l));
        }
    }

    void readTilesets(const Json& root)
    {
        MapData& map = *mb.map;
        const Json& arr = r.array(root, "tilesets", "");
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const Json& t = arr[i];
            const std::string tw = jsonWhere("tilesets", i);
            if (!t.is_object()) {
                r.error(tw, "expected an object");
                continue;
            }
            const std::uint32_t firstGid = r.unsignedInt(t, "firstgid", tw, 0);
            if (firstGid == 0 || firstGid > ~flip::RawMask) {
                r.error(tw, "\"firstgid\" must be a gid (1.." + std::to_string(~flip::RawMask) + ")");
                continue;
            }
            if (t.contains("source")) {
                const std::string ref = r.str(t, "source", tw);
                addExternalTileset(map, mb.ranges, firstGid,
                                   loadExternalTileset(r.context(), resolvePath(r.path(), ref), r.path(), 0, ref));
                continue;
            }
            const std::size_t before = r.context().diagnostics.size();
            Tileset ts;
            ts.firstGid = firstGid;
            readTsjTilesetBody(r, t, tw, ts);
            addInlineTileset(r.context(), before, map, mb.ranges, std::move(ts));
        }
        for (auto& [firstGid, message] : checkTilesetRanges(map.tilesets))
            r.error("tilesets", message);
    }

    void readMap(const Json& root)
    {
        MapData& map = *mb.map;
        if (root.contains("type") && root["type"] != "map") {
            r.error("", "\"type\" is " + root["type"].dump() + ", expected \"map\"");
            return;
        }
        if (root.contains("version"))
            map.version = root["version"].is_string() ? root["version"].get<std::string>() : root["version"].dump();
        map.tiledVersion = r.str(root, "tiledversion", "");
        map.className = r.str(root, "class", "");
        if (!root.contains("orientation"))
            r.error("", "missing \"orientation\"");
        else if (auto o = parseOrientation(r.str(root, "orientation", "")))
            map.orientation = *o;
        else
            r.error("orientation", "unknown orientation " + root["orientation"].dump());
        const std::string order = r.str(root, "renderorder", "", "right-down");
        if (auto o = parseRenderOrder(order))
            map.renderOrder = *o;
        else
            r.error("renderorder", "unknown renderorder \"" + order + "\"");
        map.width = r.requiredPositive(root, "width", "");
        map.height = r.requiredPositive(root, "height", "");
        map.tileWidth = r.requiredPositive(root, "tilewidth", "");
        map.tileHeight = r.requiredPositive(root, "tileheight", "");
        map.hexSideLength = r.nonNegative(root, "hexsidelength", "");
        const std::string axis = r.str(root, "staggeraxis", "", "y");
        map.staggerAxis = axis == "x" ? StaggerAxis::X : StaggerAxis::Y;
        if (axis != "x" && axis != "y")
            r.error("staggeraxis", "unknown staggeraxis \"" + axis + "\"");
        const std::string index = r.str(root, "staggerindex", "", "odd");
        map.staggerIndex = index == "even" ? StaggerIndex::Even : StaggerIndex::Odd;
        if (index != "odd" && index != "even")
            r.error("staggerindex", "unknown staggerindex \"" + index + "\"");
        map.infinite = r.boolean(root, "infinite", "", false);
        map.compressionLevel = r.integer(root, "compressionlevel", "", -1);
        map.parallaxOrigin = {r.number(root, "parallaxoriginx", ""), r.number(root, "parallaxoriginy", "")};
        map.backgroundColor = r.color(root, "backgroundcolor", "");
        map.nextLayerId = r.nonNegative(root, "nextlayerid", "");
        map.nextObjectId = r.nonNegative(root, "nextobjectid", "");
        if (map.width > 0 && map.height > 0 && !map.infinite) {
            const std::uint64_t cells = std::uint64_t(map.width) * std::uint64_t(map.height);
            if (cells > r.context().limits.maxCells) {
                r.error("", "map " + std::to_string(map.width) + "x" + std::to_string(map.height) + " = " +
                                std::to_string(cells) + " cells is more than the limit of " +
                                std::to_string(r.context().limits.maxCells));
                return;
            }
        }
        map.properties = r.properties(root, "");
        readTilesets(root);
        readLayers(root, "", map.layers, 0);
        checkTilesetRanges(map.tilesets); // templates may have appended tilesets: keep them sorted
    }
};

} // namespace

MapData parseTmjMap(LoadContext& ctx, const std::string& path, std::string text)
{
    MapData map;
    map.path = path;
    JsonReader r(ctx, path);
    auto root = r.parse(text);
    if (!root)
        return map;
    TmjMapParser p{r, MapBuild{&map, GidRanges{&map.tilesets, {}}}};
    p.readMap(*root);
    return map;
}

std::optional<TemplateData> parseTjFile(LoadContext& ctx, const std::string& path, std::string text)
{
    JsonReader r(ctx, path);
    auto root = r.parse(text);
    if (!root)
        return std::nullopt;
    const std::size_t before = ctx.diagnostics.size();
    TemplateData t;
    if (auto ts = root->find("tileset"); ts != root->end() && ts->is_object()) {
        const std::uint32_t firstGid = r.unsignedInt(*ts, "firstgid", "tileset", 0);
        if (firstGid == 0) {
            r.error("tileset", "\"firstgid\" must be a gid");
        } else if (ts->contains("source")) {
            const std::string ref = r.str(*ts, "source", "tileset");
            if (const Tileset* loaded = loadExternalTileset(ctx, resolvePath(path, ref), path, 0, ref)) {
                t.tileset = *loaded;
                t.tileset->firstGid = firstGid;
            }
        } else {
            Tileset inl;
            readTsjTilesetBody(r, *ts, "tileset", inl);
            inl.firstGid = firstGid;
            t.tileset = std::move(inl);
        }
    }
    auto obj = root->find("object");
    if (obj == root->end() || !obj->is_object()) {
        r.error("", "missing \"object\"");
        return std::nullopt;
    }
    if (obj->contains("template"))
        r.error("object", "a template's object cannot itself use a template");
    else
        t.object = readJsonObject(r, *obj, "object", nullptr);
    t.hasGid = t.object.gid != 0;
    if (t.hasGid && (!t.tileset || !t.tileset->contains(t.object.gid)) && ctx.diagnostics.size() == before)
        r.error("object", "template object gid " + std::to_string(t.object.gid) +
                              " is outside the template's tileset");
    if (ctx.diagnostics.size() != before)
        return std::nullopt;
    return t;
}

} // namespace isostar::map::detail
