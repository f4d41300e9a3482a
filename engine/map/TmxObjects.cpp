// TMX objects (all shapes, tile objects, text) and object templates (.tx).
// Reference: https://doc.mapeditor.org/en/stable/reference/tmx-map-format/#object

#include "engine/map/detail/Build.hpp"
#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Tmx.hpp"
#include "engine/map/detail/Values.hpp"

#include <cstring>

namespace isostar::map::detail {

namespace {

std::string objectName(const Object& o)
{
    return "object " + std::to_string(o.id) + (o.name.empty() ? "" : " \"" + o.name + "\"");
}

bool readPoints(const XmlReader& r, pugi::xml_node n, std::vector<Vec2>& out)
{
    out.clear();
    const std::string text = r.str(n, "points");
    std::size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && text[pos] == ' ')
            ++pos;
        if (pos >= text.size())
            break;
        std::size_t end = text.find(' ', pos);
        if (end == std::string::npos)
            end = text.size();
        const std::string item = text.substr(pos, end - pos);
        const std::size_t comma = item.find(',');
        auto x = comma == std::string::npos ? std::nullopt : parseNumber(item.substr(0, comma));
        auto y = comma == std::string::npos ? std::nullopt : parseNumber(item.substr(comma + 1));
        if (!x || !y) {
            r.error(n, std::string("<") + n.name() + ">: bad point \"" + item + "\"");
            return false;
        }
        out.push_back({*x, *y});
        pos = end;
    }
    if (out.empty()) {
        r.error(n, std::string("<") + n.name() + ">: no points");
        return false;
    }
    return true;
}

void readText(const XmlReader& r, pugi::xml_node n, TextData& t)
{
    t.text = n.text().get();
    t.fontFamily = r.str(n, "fontfamily", t.fontFamily.c_str());
    t.pixelSize = r.integer(n, "pixelsize", t.pixelSize);
    t.wrap = r.boolean(n, "wrap", t.wrap);
    t.bold = r.boolean(n, "bold", t.bold);
    t.italic = r.boolean(n, "italic", t.italic);
    t.underline = r.boolean(n, "underline", t.underline);
    t.strikeout = r.boolean(n, "strikeout", t.strikeout);
    t.kerning = r.boolean(n, "kerning", t.kerning);
    if (auto c = r.color(n, "color"))
        t.color = *c;
    t.hAlign = r.keyword(n, "halign", t.hAlign, parseHorizontalAlign);
    t.vAlign = r.keyword(n, "valign", t.vAlign, parseVerticalAlign);
}

/// Instance properties override the template's by name; the rest are kept.
void mergeProperties(Properties& base, Properties over)
{
    for (Property& p : over) {
        bool replaced = false;
        for (Property& b : base)
            if (b.name == p.name) {
                b = p;
                replaced = true;
            }
        if (!replaced)
            base.push_back(std::move(p));
    }
}

} // namespace

Object readObject(const XmlReader& r, pugi::xml_node n, MapBuild* mb)
{
    Object o;
    std::shared_ptr<const TemplateData> tmpl;
    if (r.has(n, "template")) {
        const std::string ref = r.str(n, "template");
        const std::string resolved = resolvePath(r.path(), ref);
        tmpl = loadTemplate(r.context(), resolved, r.path(), r.line(n), ref);
        if (tmpl) {
            o = tmpl->object;
            o.templatePath = resolved;
            if (tmpl->hasGid && mb)
                o.gid = mapTemplateGid(*mb->map, mb->ranges, *tmpl, tmpl->object.gid);
        }
    }
    o.id = r.nonNegative(n, "id", o.id);
    o.name = r.str(n, "name", o.name.c_str());
    if (r.has(n, "class"))
        o.className = r.str(n, "class");
    else if (r.has(n, "type"))
        o.className = r.str(n, "type");
    o.x = r.number(n, "x", o.x);
    o.y = r.number(n, "y", o.y);
    o.width = r.number(n, "width", o.width);
    o.height = r.number(n, "height", o.height);
    if (o.width < 0 || o.height < 0)
        r.error(n, objectName(o) + ": negative size " + r.str(n, "width") + "x" + r.str(n, "height"));
    o.rotation = r.number(n, "rotation", o.rotation);
    o.visible = r.boolean(n, "visible", o.visible);
    if (r.has(n, "gid")) {
        const std::uint32_t raw = r.unsignedInt(n, "gid", 0);
        splitGid(raw, o.gid, o.flipFlags);
        o.shape = ObjectShape::Tile;
        if (o.gid != 0 && mb && !mb->ranges.accepts(o.gid))
            r.error(n, objectName(o) + ": gid " + std::to_string(o.gid) +
                           " is outside every tileset");
    }
    if (o.gid != 0)
        o.shape = ObjectShape::Tile;
    if (n.child("ellipse")) {
        o.shape = ObjectShape::Ellipse;
    } else if (n.child("point")) {
        o.shape = ObjectShape::Point;
    } else if (pugi::xml_node poly = n.child("polygon")) {
        o.shape = ObjectShape::Polygon;
        readPoints(r, poly, o.points);
    } else if (pugi::xml_node line = n.child("polyline")) {
        o.shape = ObjectShape::Polyline;
        readPoints(r, line, o.points);
    } else if (pugi::xml_node text = n.child("text")) {
        o.shape = ObjectShape::Text;
        readText(r, text, o.text);
    }
    mergeProperties(o.properties, readProperties(r, n));
    return o;
}

std::optional<TemplateData> parseTxFile(LoadContext& ctx, const std::string& path, std::string text)
{
    XmlReader r(ctx, path, std::move(text));
    if (!r.parse())
        return std::nullopt;
    pugi::xml_node root = r.root();
    if (std::strcmp(root.name(), "template") != 0) {
        r.error(root, std::string("root element is <") + root.name() + ">, expected <template>");
        return std::nullopt;
    }
    const std::size_t before = ctx.diagnostics.size();
    TemplateData t;
    if (pugi::xml_node tsNode = root.child("tileset")) {
        const auto firstGid = parseInteger(r.str(tsNode, "firstgid"));
        if (!firstGid || *firstGid < 1 || *firstGid > std::int64_t(~flip::RawMask)) {
            r.error(tsNode, "<tileset>: firstgid \"" + r.str(tsNode, "firstgid") +
                                "\" is not a gid (1.." + std::to_string(~flip::RawMask) + ")");
        } else if (r.has(tsNode, "source")) {
            const std::string ref = r.str(tsNode, "source");
            const Tileset* ts = loadExternalTileset(ctx, resolvePath(path, ref), path,
                                                    r.line(tsNode), ref);
            if (ts) {
                t.tileset = *ts;
                t.tileset->firstGid = Gid(*firstGid);
            }
        } else {
            Tileset ts;
            readTilesetBody(r, tsNode, ts);
            ts.firstGid = Gid(*firstGid);
            t.tileset = std::move(ts);
        }
    }
    pugi::xml_node objNode = root.child("object");
    if (!objNode) {
        r.error(root, "<template>: missing <object>");
        return std::nullopt;
    }
    if (r.has(objNode, "template"))
        r.error(objNode, "a template's object cannot itself use a template");
    else
        t.object = readObject(r, objNode, nullptr);
    t.hasGid = t.object.gid != 0;
    if (t.hasGid && (!t.tileset || !t.tileset->contains(t.object.gid)) &&
        ctx.diagnostics.size() == before)
        r.error(objNode, "template object gid " + std::to_string(t.object.gid) +
                             " is outside the template's tileset");
    if (ctx.diagnostics.size() != before)
        return std::nullopt;
    return t;
}

} // namespace isostar::map::detail
