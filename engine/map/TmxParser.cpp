// TMX maps: the <map> element, its tilesets and its layers (tile, object, image, group).
// Reference: https://doc.mapeditor.org/en/stable/reference/tmx-map-format/

#include "engine/map/detail/Build.hpp"
#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Tmx.hpp"
#include "engine/map/detail/Values.hpp"

#include <cstring>
#include <map>

namespace isostar::map::detail {

namespace {

struct TmxMapParser {
    XmlReader& r;
    MapBuild mb;
    std::map<Gid, int> tilesetLines; ///< firstgid -> line of its <tileset>, for range errors

    std::string layerName(const Layer& l) const { return "layer \"" + l.name + "\""; }

    void readTilesetRef(pugi::xml_node n)
    {
        MapData& map = *mb.map;
        const int line = r.line(n);
        if (!r.has(n, "firstgid")) {
            r.error(n, "<tileset>: missing attribute \"firstgid\"");
            return;
        }
        const auto parsed = parseInteger(r.str(n, "firstgid"));
        if (!parsed || *parsed < 1 || *parsed > std::int64_t(~flip::RawMask)) {
            r.error(n, "<tileset>: firstgid \"" + r.str(n, "firstgid") + "\" is not a gid (1.." +
                           std::to_string(~flip::RawMask) + ")");
            return;
        }
        const Gid firstGid = Gid(*parsed);
        tilesetLines[firstGid] = line;
        if (r.has(n, "source")) {
            const std::string ref = r.str(n, "source");
            const std::string resolved = resolvePath(r.path(), ref);
            addExternalTileset(map, mb.ranges, firstGid,
                               loadExternalTileset(r.context(), resolved, r.path(), line, ref));
            return;
        }
        const std::size_t before = r.context().diagnostics.size();
        Tileset ts;
        ts.firstGid = firstGid;
        readTilesetBody(r, n, ts);
        addInlineTileset(r.context(), before, map, mb.ranges, std::move(ts));
    }

    void readCommon(pugi::xml_node n, Layer& l)
    {
        l.id = r.nonNegative(n, "id");
        l.name = r.str(n, "name");
        l.className = r.str(n, "class");
        l.visible = r.boolean(n, "visible", true);
        l.locked = r.boolean(n, "locked", false);
        l.opacity = r.number(n, "opacity", 1.0);
        if (l.opacity < 0.0 || l.opacity > 1.0) {
            r.error(n, layerName(l) + ": opacity " + r.str(n, "opacity") + " is outside 0..1");
            l.opacity = 1.0;
        }
        l.tintColor = r.color(n, "tintcolor");
        l.offset.x = r.number(n, "offsetx");
        l.offset.y = r.number(n, "offsety");
        l.parallax.x = r.number(n, "parallaxx", 1.0);
        l.parallax.y = r.number(n, "parallaxy", 1.0);
        l.properties = readProperties(r, n);
    }

    /// Decodes one block of tile data (a <data> without chunks, or a <chunk>) to raw gids.
    /// `count` cells are expected. Returns false after reporting.
    bool decodeBlock(pugi::xml_node n, const Layer& l, std::size_t count,
                     std::vector<std::uint32_t>& raw, Compression comp)
    {
        DecodeError err;
        bool ok = true;
        pugi::xml_node textNode = n.first_child();
        while (textNode && textNode.type() != pugi::node_pcdata && textNode.type() != pugi::node_cdata)
            textNode = textNode.next_sibling();
        const std::string_view text = textNode ? textNode.value() : "";
        auto lineOf = [&](std::size_t offset) {
            if (!textNode || offset == std::string_view::npos || textNode.offset_debug() < 0)
                return r.line(n);
            return r.lineAtOffset(std::size_t(textNode.offset_debug()) + offset);
        };
        if (l.encoding == "csv") {
            ok = parseCsv(text, count, raw, err);
            if (!ok && err.offset == std::string_view::npos && raw.size() > count) {
                // Too many values: say how many, in the same words as too few.
                r.error(n, layerName(l) + ": " + err.message + ", expected " + std::to_string(count));
                return false;
            }
        } else if (l.encoding == "base64") {
            ok = decodeBase64Gids(text, comp, count, raw, err);
        } else {
            for (pugi::xml_node t : n.children("tile")) {
                if (raw.size() > count)
                    break;
                raw.push_back(r.unsignedInt(t, "gid", 0));
            }
            if (raw.size() > count) {
                std::size_t total = 0;
                for ([[maybe_unused]] pugi::xml_node t : n.children("tile"))
                    ++total;
                r.error(n, layerName(l) + ": " + std::to_string(total) + " tiles, expected " +
                               std::to_string(count));
                return false;
            }
        }
        if (!ok) {
            r.context().error(r.path(), lineOf(err.offset), layerName(l) + ": " + err.message);
            return false;
        }
        if (raw.size() != count) {
            r.error(n, layerName(l) + ": " + std::to_string(raw.size()) + " tiles, expected " +
                           std::to_string(count));
            return false;
        }
        return true;
    }

    /// The <data> element's encoding and compression into `l` and `comp`. False after reporting
    /// an unknown one, or compression without base64.
    bool readDataFormat(pugi::xml_node data, Layer& l, Compression& comp)
    {
        l.encoding = r.str(data, "encoding", "xml");
        l.compression = r.str(data, "compression");
        bool ok = true;
        if (l.encoding != "csv" && l.encoding != "base64" && l.encoding != "xml") {
            r.error(data, layerName(l) + ": unknown encoding \"" + l.encoding +
                              "\" (expected csv or base64)");
            ok = false;
        }
        if (l.compression == "zlib") comp = Compression::Zlib;
        else if (l.compression == "gzip") comp = Compression::Gzip;
        else if (l.compression == "zstd") comp = Compression::Zstd;
        else if (!l.compression.empty()) {
            r.error(data, layerName(l) + ": unknown compression \"" + l.compression +
                              "\" (expected zlib, gzip or zstd)");
            ok = false;
        }
        if (ok && comp != Compression::None && l.encoding != "base64") {
            r.error(data, layerName(l) + ": compression \"" + l.compression +
                              "\" needs base64 encoding, not " + l.encoding);
            ok = false;
        }
        return ok;
    }

    /// An infinite map's layer: its <chunk> elements merged into l.tiles. False after reporting.
    bool readChunks(pugi::xml_node data, Layer& l, Compression comp)
    {
        std::vector<RawChunk> chunks;
        for (pugi::xml_node c : data.children("chunk")) {
            RawChunk rc;
            rc.x = r.requiredInt(c, "x");
            rc.y = r.requiredInt(c, "y");
            rc.width = r.requiredPositive(c, "width");
            rc.height = r.requiredPositive(c, "height");
            if (rc.width <= 0 || rc.height <= 0)
                return false;
            if (std::string e = checkChunkPlace(rc); !e.empty()) {
                r.error(c, layerName(l) + ": " + e);
                return false;
            }
            const std::uint64_t cells = std::uint64_t(rc.width) * std::uint64_t(rc.height);
            if (cells > r.context().limits.maxCells) {
                r.error(c, layerName(l) + ": chunk of " + std::to_string(rc.width) + "x" +
                               std::to_string(rc.height) + " cells is more than the limit of " +
                               std::to_string(r.context().limits.maxCells));
                return false;
            }
            if (!decodeBlock(c, l, std::size_t(cells), rc.raw, comp))
                return false;
            chunks.push_back(std::move(rc));
        }
        if (chunks.empty() && (data.first_child().type() == pugi::node_pcdata ||
                               data.child("tile"))) {
            const std::string_view text = data.first_child().value();
            if (data.child("tile") ||
                text.find_first_not_of(" \t\r\n") != std::string_view::npos) {
                r.error(data, layerName(l) + ": an infinite map keeps its tiles in <chunk> elements");
                return false;
            }
        }
        if (std::string e = mergeChunks(r.context(), chunks, l.tiles); !e.empty()) {
            r.error(data, layerName(l) + ": " + e);
            return false;
        }
        return true;
    }

    void readTileLayer(pugi::xml_node n, Layer& l)
    {
        const int w = r.requiredPositive(n, "width");
        const int h = r.requiredPositive(n, "height");
        pugi::xml_node data = n.child("data");
        if (!data) {
            r.error(n, layerName(l) + ": missing <data>");
            return;
        }
        Compression comp = Compression::None;
        const bool ok = readDataFormat(data, l, comp);
        if (!ok || w <= 0 || h <= 0)
            return;

        if (mb.map->infinite) {
            if (!readChunks(data, l, comp))
                return;
        } else {
            if (std::string e = reserveCells(r.context(), w, h); !e.empty()) {
                r.error(n, layerName(l) + ": " + e);
                return;
            }
            // Finite maps: every layer covers the map exactly (code indexes layers by map size).
            if (w != mb.map->width || h != mb.map->height) {
                r.error(n, layerName(l) + ": size " + std::to_string(w) + "x" + std::to_string(h) +
                               " differs from the map's " + std::to_string(mb.map->width) + "x" +
                               std::to_string(mb.map->height));
                return;
            }
            std::vector<std::uint32_t> raw;
            if (!decodeBlock(data, l, std::size_t(w) * std::size_t(h), raw, comp))
                return;
            fillGrid(l.tiles, w, h, raw);
        }
        if (std::string e = checkGids(l.tiles, mb.ranges); !e.empty())
            r.error(data, layerName(l) + ": " + e);
    }

    void readObjectGroup(pugi::xml_node n, Layer& l)
    {
        l.color = r.color(n, "color");
        l.drawOrder = r.keyword(n, "draworder", DrawOrder::TopDown, parseDrawOrder);
        for (pugi::xml_node o : n.children("object"))
            l.objects.push_back(readObject(r, o, &mb));
    }

    void readImageLayer(pugi::xml_node n, Layer& l)
    {
        l.repeatX = r.boolean(n, "repeatx", false);
        l.repeatY = r.boolean(n, "repeaty", false);
        if (pugi::xml_node img = n.child("image")) {
            const std::string src = r.str(img, "source");
            if (!src.empty())
                l.image = resolvePath(r.path(), src);
            l.imageWidth = r.nonNegative(img, "width");
            l.imageHeight = r.nonNegative(img, "height");
            if ((!r.has(img, "width") || !r.has(img, "height")) && !l.image.empty())
                readImageSize(l.image, l.imageWidth, l.imageHeight);
        }
    }

    void readLayers(pugi::xml_node parent, std::vector<Layer>& out, int depth)
    {
        for (pugi::xml_node n : parent.children()) {
            const char* name = n.name();
            Layer l;
            if (!std::strcmp(name, "layer")) l.type = LayerType::Tile;
            else if (!std::strcmp(name, "objectgroup")) l.type = LayerType::Object;
            else if (!std::strcmp(name, "imagelayer")) l.type = LayerType::Image;
            else if (!std::strcmp(name, "group")) l.type = LayerType::Group;
            else continue;
            readCommon(n, l);
            switch (l.type) {
            case LayerType::Tile: readTileLayer(n, l); break;
            case LayerType::Object: readObjectGroup(n, l); break;
            case LayerType::Image: readImageLayer(n, l); break;
            case LayerType::Group:
                if (depth >= 64) {
                    r.error(n, layerName(l) + ": groups nested more than 64 deep");
                    break;
                }
                readLayers(n, l.layers, depth + 1);
                break;
            }
            out.push_back(std::move(l));
        }
    }

    void readMap(pugi::xml_node n)
    {
        MapData& map = *mb.map;
        map.version = r.str(n, "version");
        map.tiledVersion = r.str(n, "tiledversion");
        map.className = r.str(n, "class");
        const std::string orientation = r.str(n, "orientation");
        if (!r.has(n, "orientation"))
            r.error(n, "<map>: missing attribute \"orientation\"");
        else if (auto o = parseOrientation(orientation))
            map.orientation = *o;
        else
            r.error(n, "<map>: unknown orientation \"" + orientation + "\"");
        const std::string order = r.str(n, "renderorder", "right-down");
        if (auto o = parseRenderOrder(order))
            map.renderOrder = *o;
        else
            r.error(n, "<map>: unknown renderorder \"" + order + "\"");
        map.width = r.requiredPositive(n, "width");
        map.height = r.requiredPositive(n, "height");
        map.tileWidth = r.requiredPositive(n, "tilewidth");
        map.tileHeight = r.requiredPositive(n, "tileheight");
        map.hexSideLength = r.nonNegative(n, "hexsidelength");
        const std::string axis = r.str(n, "staggeraxis", "y");
        if (axis != "x" && axis != "y")
            r.error(n, "<map>: unknown staggeraxis \"" + axis + "\"");
        map.staggerAxis = axis == "x" ? StaggerAxis::X : StaggerAxis::Y;
        const std::string index = r.str(n, "staggerindex", "odd");
        if (index != "odd" && index != "even")
            r.error(n, "<map>: unknown staggerindex \"" + index + "\"");
        map.staggerIndex = index == "even" ? StaggerIndex::Even : StaggerIndex::Odd;
        map.infinite = r.boolean(n, "infinite", false);
        map.compressionLevel = r.integer(n, "compressionlevel", -1);
        map.parallaxOrigin.x = r.number(n, "parallaxoriginx");
        map.parallaxOrigin.y = r.number(n, "parallaxoriginy");
        map.backgroundColor = r.color(n, "backgroundcolor");
        map.nextLayerId = r.nonNegative(n, "nextlayerid");
        map.nextObjectId = r.nonNegative(n, "nextobjectid");
        if (map.width > 0 && map.height > 0 && !map.infinite) {
            const std::uint64_t cells = std::uint64_t(map.width) * std::uint64_t(map.height);
            if (cells > r.context().limits.maxCells) {
                r.error(n, "<map>: " + std::to_string(map.width) + "x" + std::to_string(map.height) +
                               " = " + std::to_string(cells) + " cells is more than the limit of " +
                               std::to_string(r.context().limits.maxCells));
                return; // nothing below can be built within the limits
            }
        }
        map.properties = readProperties(r, n);
        for (pugi::xml_node t : n.children("tileset"))
            readTilesetRef(t);
        for (auto& [firstGid, message] : checkTilesetRanges(map.tilesets))
            r.context().error(r.path(), tilesetLines[firstGid], message);
        readLayers(n, map.layers, 0);
        // Templates may have added tilesets at the end; keep the order by firstGid.
        checkTilesetRanges(map.tilesets);
    }
};

} // namespace

MapData parseTmxMap(LoadContext& ctx, const std::string& path, std::string text)
{
    MapData map;
    map.path = path;
    XmlReader r(ctx, path, std::move(text));
    if (!r.parse())
        return map;
    pugi::xml_node root = r.root();
    if (std::strcmp(root.name(), "map") != 0) {
        r.error(root, std::string("root element is <") + root.name() + ">, expected <map>");
        return map;
    }
    TmxMapParser p{r, MapBuild{&map, GidRanges{&map.tilesets, {}}}, {}};
    p.readMap(root);
    return map;
}

} // namespace isostar::map::detail
