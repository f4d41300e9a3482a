// TSX tilesets (inline in a map or external) and custom properties, from Tiled's XML.
// Reference: https://doc.mapeditor.org/en/stable/reference/tmx-map-format/#tileset

#include "engine/map/detail/Build.hpp"
#include "engine/map/detail/Tmx.hpp"
#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Values.hpp"

#include <algorithm>
#include <cstring>

namespace isostar::map::detail {

namespace {

constexpr int kMaxClassDepth = 32; // Tiled's own editor stops far earlier; guards the stack

Properties readPropertiesAt(const XmlReader& r, pugi::xml_node parent, int depth);

Property readProperty(const XmlReader& r, pugi::xml_node n, int depth)
{
    Property p;
    p.name = r.str(n, "name");
    if (!r.has(n, "name"))
        r.error(n, "<property>: missing attribute \"name\"");
    const std::string type = r.str(n, "type", "string");
    if (auto t = parsePropertyType(type)) {
        p.type = *t;
    } else {
        r.error(n, "property \"" + p.name + "\": unknown type \"" + type + "\"");
        return p;
    }
    p.propertyType = r.str(n, "propertytype");
    if (p.type == PropertyType::Class) {
        if (depth >= kMaxClassDepth)
            r.error(n, "property \"" + p.name + "\": class values nested more than " +
                           std::to_string(kMaxClassDepth) + " deep");
        else
            p.members = readPropertiesAt(r, n, depth + 1);
        return p;
    }
    // Multi-line strings are written as the element's text instead of a value attribute.
    p.value = r.has(n, "value") ? r.str(n, "value") : std::string(n.text().get());
    if (p.type == PropertyType::File && !p.value.empty())
        p.value = resolvePath(r.path(), p.value);
    if (std::string e = checkPropertyValue(p); !e.empty())
        r.error(n, e);
    return p;
}

AnimationFrame readFrame(const XmlReader& r, pugi::xml_node f)
{
    AnimationFrame fr;
    if (!r.has(f, "tileid"))
        r.error(f, "<frame>: missing attribute \"tileid\"");
    fr.tileId = r.unsignedInt(f, "tileid", 0);
    fr.durationMs = r.nonNegative(f, "duration", 0);
    return fr;
}

void readTile(const XmlReader& r, pugi::xml_node n, TileInfo& t)
{
    if (!r.has(n, "id"))
        r.error(n, "<tile>: missing attribute \"id\"");
    t.id = r.unsignedInt(n, "id", 0);
    t.className = r.has(n, "class") ? r.str(n, "class") : r.str(n, "type");
    t.probability = r.number(n, "probability", 1.0);
    t.x = r.nonNegative(n, "x");
    t.y = r.nonNegative(n, "y");
    t.width = r.nonNegative(n, "width");
    t.height = r.nonNegative(n, "height");
    t.properties = readProperties(r, n);
    if (pugi::xml_node img = n.child("image")) {
        const std::string src = r.str(img, "source");
        if (src.empty())
            r.error(img, "<image>: missing attribute \"source\"");
        else
            t.image = resolvePath(r.path(), src);
        t.imageWidth = r.nonNegative(img, "width");
        t.imageHeight = r.nonNegative(img, "height");
        if ((!r.has(img, "width") || !r.has(img, "height")) && !t.image.empty())
            readImageSize(t.image, t.imageWidth, t.imageHeight);
    }
    if (pugi::xml_node anim = n.child("animation"))
        for (pugi::xml_node f : anim.children("frame"))
            t.animation.push_back(readFrame(r, f));
}

void readWangSet(const XmlReader& r, pugi::xml_node n, WangSet& ws)
{
    ws.name = r.str(n, "name");
    ws.className = r.str(n, "class");
    const std::string type = r.str(n, "type", "mixed");
    if (auto t = parseWangSetType(type))
        ws.type = *t;
    else
        r.error(n, "wangset \"" + ws.name + "\": unknown type \"" + type + "\"");
    ws.tile = r.integer(n, "tile", -1);
    ws.properties = readProperties(r, n);
    for (pugi::xml_node c : n.children()) {
        // Tiled < 1.5 wrote corner and edge colors separately; both are colors here.
        const char* name = c.name();
        if (std::strcmp(name, "wangcolor") && std::strcmp(name, "wangcornercolor") &&
            std::strcmp(name, "wangedgecolor"))
            continue;
        WangColor wc;
        wc.name = r.str(c, "name");
        wc.className = r.str(c, "class");
        if (auto col = r.color(c, "color"))
            wc.color = *col;
        wc.tile = r.integer(c, "tile", -1);
        wc.probability = r.number(c, "probability", 1.0);
        wc.properties = readProperties(r, c);
        ws.colors.push_back(std::move(wc));
    }
    for (pugi::xml_node t : n.children("wangtile")) {
        WangTile wt;
        wt.tileId = r.unsignedInt(t, "tileid", 0);
        const std::string id = r.str(t, "wangid");
        if (!parseWangId(id, wt.wangId)) {
            r.error(t, "wangset \"" + ws.name + "\": bad wangid \"" + id + "\"");
            continue;
        }
        for (std::uint8_t v : wt.wangId) {
            if (v > ws.colors.size()) {
                r.error(t, "wangset \"" + ws.name + "\": wangid \"" + id + "\" uses color " +
                               std::to_string(v) + " but the set has " +
                               std::to_string(ws.colors.size()) + " colors");
                break;
            }
        }
        ws.tiles.push_back(wt);
    }
}

Properties readPropertiesAt(const XmlReader& r, pugi::xml_node parent, int depth)
{
    Properties props;
    pugi::xml_node list = parent.child("properties");
    for (pugi::xml_node p : list.children("property"))
        props.push_back(readProperty(r, p, depth));
    return props;
}

} // namespace

Properties readProperties(const XmlReader& r, pugi::xml_node parent)
{
    return readPropertiesAt(r, parent, 0);
}

namespace {

/// The tileset's own fields: name, tile size and layout, alignment, colours, offset, grid,
/// image (columns and tile count derived from it where the file omits them), properties.
void readTsxTilesetFields(const XmlReader& r, pugi::xml_node n, Tileset& ts)
{
    ts.name = r.str(n, "name");
    ts.className = r.str(n, "class");
    pugi::xml_node img = n.child("image");
    if (img) {
        ts.tileWidth = r.requiredPositive(n, "tilewidth");
        ts.tileHeight = r.requiredPositive(n, "tileheight");
    } else {
        // Image collections write the largest tile size; 0 is harmless there.
        ts.tileWidth = r.nonNegative(n, "tilewidth");
        ts.tileHeight = r.nonNegative(n, "tileheight");
    }
    ts.spacing = r.nonNegative(n, "spacing");
    ts.margin = r.nonNegative(n, "margin");
    ts.tileCount = r.nonNegative(n, "tilecount");
    ts.columns = r.nonNegative(n, "columns");
    ts.objectAlignment = r.keyword(n, "objectalignment", ObjectAlignment::Unspecified, parseObjectAlignment);
    ts.tileRenderSize = r.keyword(n, "tilerendersize", TileRenderSize::Tile, parseTileRenderSize);
    ts.fillMode = r.keyword(n, "fillmode", FillMode::Stretch, parseFillMode);
    ts.backgroundColor = r.color(n, "backgroundcolor");
    if (pugi::xml_node off = n.child("tileoffset")) {
        ts.tileOffset.x = r.integer(off, "x");
        ts.tileOffset.y = r.integer(off, "y");
    }
    if (pugi::xml_node grid = n.child("grid")) {
        ts.gridIsometric = r.str(grid, "orientation", "orthogonal") == "isometric";
        ts.gridWidth = r.nonNegative(grid, "width");
        ts.gridHeight = r.nonNegative(grid, "height");
    }
    if (img) {
        const std::string src = r.str(img, "source");
        if (src.empty())
            r.error(img, "tileset \"" + ts.name + "\": <image> has no source");
        else
            ts.image = resolvePath(r.path(), src);
        ts.imageWidth = r.nonNegative(img, "width");
        ts.imageHeight = r.nonNegative(img, "height");
        // Tiled < 1.0 wrote no image size; Tiled itself then reads the image.
        if ((!r.has(img, "width") || !r.has(img, "height")) && !ts.image.empty())
            readImageSize(ts.image, ts.imageWidth, ts.imageHeight);
        ts.transparentColor = r.color(img, "trans");
        // Old files omit tilecount/columns: derive them from the image as Tiled does.
        if (!r.has(n, "columns") || ts.columns == 0)
            ts.columns = tilesFromImage(ts.imageWidth, ts.tileWidth, ts.margin, ts.spacing);
        if (!r.has(n, "tilecount"))
            ts.tileCount = tileCountFromImage(
                ts.columns, tilesFromImage(ts.imageHeight, ts.tileHeight, ts.margin, ts.spacing));
    }
    if (!ts.isCollection() && ts.tileCount > 0 && ts.columns == 0)
        r.error(n, "tileset \"" + ts.name + "\": columns unknown (0, and no image size to derive them from)");
    ts.properties = readProperties(r, n);
}

/// The <tile> elements of the tileset, then their checks (ids in range and once each, animation
/// frames naming tiles the tileset has).
void readTsxTiles(const XmlReader& r, pugi::xml_node n, Tileset& ts)
{
    for (pugi::xml_node t : n.children("tile")) {
        TileInfo info;
        readTile(r, t, info);
        if (!ts.isCollection() && info.id >= std::uint32_t(ts.tileCount) && ts.imageWidth > 0) {
            r.error(t, "tileset \"" + ts.name + "\": tile id " + std::to_string(info.id) +
                           " is outside its " + std::to_string(ts.tileCount) + " tiles");
            continue;
        }
        if (ts.isCollection() && info.image.empty())
            r.error(t, "tileset \"" + ts.name + "\": tile " + std::to_string(info.id) +
                           " of an image collection has no <image>");
        ts.tiles.push_back(std::move(info));
    }
    std::stable_sort(ts.tiles.begin(), ts.tiles.end(),
                     [](const TileInfo& a, const TileInfo& b) { return a.id < b.id; });
    for (std::size_t i = 1; i < ts.tiles.size(); ++i)
        if (ts.tiles[i].id == ts.tiles[i - 1].id)
            r.error(n, "tileset \"" + ts.name + "\": tile id " + std::to_string(ts.tiles[i].id) +
                           " is defined twice");
    const std::uint32_t span = tileSpan(ts);
    for (pugi::xml_node t : n.children("tile")) {
        pugi::xml_node anim = t.child("animation");
        for (pugi::xml_node f : anim.children("frame")) {
            const std::uint32_t id = r.unsignedInt(f, "tileid", 0);
            if (id >= span || (ts.isCollection() && !ts.findTile(id)))
                r.error(f, "tileset \"" + ts.name + "\": animation frame uses tile " +
                               std::to_string(id) + ", which the tileset does not have");
        }
    }
}

} // namespace

void readTilesetBody(const XmlReader& r, pugi::xml_node n, Tileset& ts)
{
    readTsxTilesetFields(r, n, ts);
    readTsxTiles(r, n, ts);
    if (pugi::xml_node wangsets = n.child("wangsets"))
        for (pugi::xml_node w : wangsets.children("wangset")) {
            WangSet ws;
            readWangSet(r, w, ws);
            ts.wangSets.push_back(std::move(ws));
        }
}

std::optional<Tileset> parseTsxFile(LoadContext& ctx, const std::string& path, std::string text)
{
    XmlReader r(ctx, path, std::move(text));
    if (!r.parse())
        return std::nullopt;
    pugi::xml_node root = r.root();
    if (std::strcmp(root.name(), "tileset") != 0) {
        r.error(root, std::string("root element is <") + root.name() + ">, expected <tileset>");
        return std::nullopt;
    }
    const std::size_t before = ctx.diagnostics.size();
    Tileset ts;
    readTilesetBody(r, root, ts);
    if (ctx.diagnostics.size() != before)
        return std::nullopt;
    ts.source = path;
    return ts;
}

} // namespace isostar::map::detail
