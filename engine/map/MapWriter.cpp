// Saving edited tiles: re-read the original .tmx, find the bytes to change with pugixml's node
// offsets, and splice new text into the original bytes. Splicing (rather than re-serialising a
// DOM) is what keeps attribute order, quoting, entities, comments and whitespace exactly as
// Tiled wrote them.

#include "engine/map/MapWriter.hpp"

#include "engine/core/AtomicFile.hpp"
#include "engine/map/detail/LoadContext.hpp"
#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/TileEncoding.hpp"
#include "engine/map/detail/Values.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

namespace isostar::map {

std::ostream& operator<<(std::ostream& os, const SaveReport& r)
{
    return os << "SaveReport{path=" << r.path << " backup=" << r.backupPath
              << " layers=" << r.layersRewritten << " references=" << r.referencesRewritten << '}';
}

namespace {

namespace fs = std::filesystem;
using detail::Compression;

/// One attribute of a start tag as it stands in the file: the value's byte span (inside quotes).
struct RawAttribute {
    std::string_view name;
    std::size_t valueBegin = 0, valueEnd = 0;
    char quote = '"';
};

/// A start tag located in the file text: its attributes and the offset just past its '>'.
struct RawStartTag {
    std::vector<RawAttribute> attributes;
    std::size_t end = 0;
    bool selfClosing = false;
    const RawAttribute* find(std::string_view name) const
    {
        for (const RawAttribute& a : attributes)
            if (a.name == name)
                return &a;
        return nullptr;
    }
};

bool isXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/// Escapes an attribute value for the quote character the file used.
std::string escapeAttribute(std::string_view s, char quote)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += quote == '"' ? "&quot;" : "\""; break;
        case '\'': out += quote == '\'' ? "&apos;" : "'"; break;
        default: out += c;
        }
    }
    return out;
}

/// A byte range of the original text and what replaces it.
struct Splice {
    std::size_t begin = 0, end = 0;
    std::string text;
};

struct Writer {
    Writer(const MapData& m, std::string out, bool keep, const SaveOptions& opts)
        : map(m), outPath(std::move(out)), keepBackup(keep), options(opts) {}

    const MapData& map;
    std::string outPath;
    bool keepBackup = false;
    const SaveOptions& options;
    std::string text; ///< the original file
    detail::LineTable lines;
    pugi::xml_document doc;
    std::vector<Diagnostic> errors;
    std::vector<Splice> splices;
    SaveReport report;

    void error(std::size_t offset, std::string message)
    {
        errors.push_back(Diagnostic{map.path, offset == std::string::npos ? 0 : lines.lineAt(offset),
                                    std::move(message), Severity::Error});
    }

    /// The start tag of element `n`, read from the text at pugixml's offset for it. nullopt
    /// when the text there is not that element's tag (a case pugixml should never produce).
    std::optional<RawStartTag> startTag(pugi::xml_node n) const
    {
        const std::ptrdiff_t off = n.offset_debug();
        const std::string_view name = n.name();
        if (off <= 0 || std::size_t(off) + name.size() > text.size() || text[std::size_t(off) - 1] != '<' ||
            text.compare(std::size_t(off), name.size(), name) != 0)
            return std::nullopt;
        RawStartTag tag;
        std::size_t i = std::size_t(off) + name.size();
        while (i < text.size()) {
            while (i < text.size() && isXmlSpace(text[i]))
                ++i;
            if (i >= text.size())
                break;
            if (text[i] == '>') {
                tag.end = i + 1;
                return tag;
            }
            if (text[i] == '/') {
                if (i + 1 < text.size() && text[i + 1] == '>') {
                    tag.end = i + 2;
                    tag.selfClosing = true;
                    return tag;
                }
                return std::nullopt;
            }
            RawAttribute a;
            const std::size_t nameBegin = i;
            while (i < text.size() && text[i] != '=' && !isXmlSpace(text[i]))
                ++i;
            a.name = std::string_view(text).substr(nameBegin, i - nameBegin);
            while (i < text.size() && isXmlSpace(text[i]))
                ++i;
            if (i >= text.size() || text[i] != '=')
                return std::nullopt;
            ++i;
            while (i < text.size() && isXmlSpace(text[i]))
                ++i;
            if (i >= text.size() || (text[i] != '"' && text[i] != '\''))
                return std::nullopt;
            a.quote = text[i];
            a.valueBegin = ++i;
            const std::size_t close = text.find(a.quote, i);
            if (close == std::string::npos)
                return std::nullopt;
            a.valueEnd = close;
            i = close + 1;
            tag.attributes.push_back(a);
        }
        return std::nullopt;
    }

    std::size_t offsetOf(pugi::xml_node n) const
    {
        const std::ptrdiff_t off = n.offset_debug();
        return off < 0 ? std::string::npos : std::size_t(off);
    }

    // --- tile layers --------------------------------------------------------------------------

    static void collectFileLayers(pugi::xml_node parent, std::vector<pugi::xml_node>& out)
    {
        for (pugi::xml_node n : parent.children()) {
            if (!std::strcmp(n.name(), "layer"))
                out.push_back(n);
            else if (!std::strcmp(n.name(), "group"))
                collectFileLayers(n, out);
        }
    }

    /// Pairs the file's tile layers with the MapData's, by id or else by order.
    bool matchLayers(const std::vector<pugi::xml_node>& fileLayers, const std::vector<const Layer*>& mapLayers,
                     std::vector<const Layer*>& matched)
    {
        if (fileLayers.size() != mapLayers.size()) {
            error(offsetOf(doc.document_element()),
                  "the file has " + std::to_string(fileLayers.size()) + " tile layers, the map being saved has " +
                      std::to_string(mapLayers.size()));
            return false;
        }
        std::map<int, const Layer*> byId;
        bool idsUsable = true;
        for (const Layer* l : mapLayers)
            idsUsable = idsUsable && l->id > 0 && byId.emplace(l->id, l).second;
        std::set<long long> fileIds;
        for (pugi::xml_node n : fileLayers) {
            const auto id = detail::parseInteger(n.attribute("id").value());
            idsUsable = idsUsable && id && *id > 0 && fileIds.insert(*id).second;
        }
        matched.clear();
        if (!idsUsable) {
            matched = mapLayers;
            return true;
        }
        bool ok = true;
        for (pugi::xml_node n : fileLayers) {
            const auto id = detail::parseInteger(n.attribute("id").value());
            const auto it = byId.find(int(*id));
            if (it == byId.end()) {
                error(offsetOf(n), "tile layer \"" + std::string(n.attribute("name").value()) + "\" (id " +
                                       std::to_string(*id) + ") is not in the map being saved");
                ok = false;
                continue;
            }
            matched.push_back(it->second);
        }
        return ok;
    }

    /// The raw gids the file holds now, or nullopt when they cannot be decoded (then the layer
    /// is rewritten anyway).
    std::optional<std::vector<std::uint32_t>> currentGids(pugi::xml_node data, std::string_view content,
                                                          const std::string& encoding, Compression comp,
                                                          std::size_t count) const
    {
        std::vector<std::uint32_t> raw;
        detail::DecodeError err;
        if (encoding == "csv") {
            if (!detail::parseCsv(content, count, raw, err))
                return std::nullopt;
        } else if (encoding == "base64") {
            if (!detail::decodeBase64Gids(content, comp, count, raw, err))
                return std::nullopt;
        } else {
            for (pugi::xml_node t : data.children("tile"))
                raw.push_back(std::uint32_t(t.attribute("gid").as_ullong(0)));
        }
        return raw;
    }

    void writeLayer(pugi::xml_node node, const Layer& layer)
    {
        const std::string name = "layer \"" + std::string(node.attribute("name").value()) + "\"";
        const TileGrid& grid = layer.tiles;
        const long long w = node.attribute("width").as_llong(-1), h = node.attribute("height").as_llong(-1);
        if (w != grid.width || h != grid.height || grid.gids.size() != std::size_t(grid.width) * std::size_t(grid.height) ||
            (!grid.flipFlags.empty() && grid.flipFlags.size() != grid.gids.size())) {
            error(offsetOf(node), name + ": the file's layer is " + std::to_string(w) + "x" + std::to_string(h) +
                                      ", the map being saved has " + std::to_string(grid.width) + "x" +
                                      std::to_string(grid.height) + " (" + std::to_string(grid.gids.size()) +
                                      " cells)");
            return;
        }
        pugi::xml_node data = node.child("data");
        const auto tag = data ? startTag(data) : std::nullopt;
        if (!tag || tag->selfClosing || data.child("chunk")) {
            error(offsetOf(data ? data : node), name + ": cannot locate its tile data in the file");
            return;
        }
        const std::string encoding = data.attribute("encoding") ? data.attribute("encoding").value() : "xml";
        const std::string compression = data.attribute("compression").value();
        Compression comp = Compression::None;
        if (compression == "zlib") comp = Compression::Zlib;
        else if (compression == "gzip") comp = Compression::Gzip;
        else if (compression == "zstd") comp = Compression::Zstd;
        else if (!compression.empty()) {
            error(offsetOf(data), name + ": unknown compression \"" + compression + "\"");
            return;
        }
        if (encoding != "csv" && encoding != "base64" && encoding != "xml") {
            error(offsetOf(data), name + ": unknown encoding \"" + encoding + "\"");
            return;
        }
        const std::size_t contentBegin = tag->end;
        const std::size_t contentEnd = text.find("</data", contentBegin);
        if (contentEnd == std::string::npos) {
            error(offsetOf(data), name + ": cannot locate the end of its tile data in the file");
            return;
        }
        const std::string_view content = std::string_view(text).substr(contentBegin, contentEnd - contentBegin);
        const std::vector<std::uint32_t> raw = detail::rawGids(grid);
        if (currentGids(data, content, encoding, comp, raw.size()) == raw)
            return; // unchanged: keep the file's exact bytes (Tiled's compressor output included)

        // Keep the whitespace around the data as the file has it.
        std::size_t first = 0;
        while (first < content.size() && isXmlSpace(content[first]))
            ++first;
        std::size_t last = content.size();
        while (last > first && isXmlSpace(content[last - 1]))
            --last;
        const std::string prefix(content.substr(0, first));
        const std::string suffix(content.substr(last));
        std::string body;
        if (encoding == "csv") {
            body = detail::encodeCsv(raw, grid.width);
        } else if (encoding == "base64") {
            std::string why;
            if (!detail::encodeBase64Gids(raw, comp, map.compressionLevel, body, why)) {
                error(offsetOf(data), name + ": " + why);
                return;
            }
        } else {
            const std::size_t nl = prefix.rfind('\n');
            body = detail::encodeXmlTiles(raw, grid.width, nl == std::string::npos ? prefix : prefix.substr(nl + 1));
        }
        if (content.find("\r\n") != std::string_view::npos) {
            // A file with Windows line ends keeps them inside the data too.
            std::string crlf;
            for (char c : body) {
                if (c == '\n')
                    crlf += '\r';
                crlf += c;
            }
            body = std::move(crlf);
        }
        splices.push_back(Splice{contentBegin, contentEnd, prefix + body + suffix});
        ++report.layersRewritten;
    }

    // --- references -----------------------------------------------------------------------------

    /// Rewrites `attr` of `n` (a path relative to the original's folder) relative to `toDir`.
    void rebase(pugi::xml_node n, const char* attr, const fs::path& fromDir, const fs::path& toDir)
    {
        const std::string ref = n.attribute(attr).value();
        if (ref.empty() || ref.find("://") != std::string::npos || fs::path(ref).is_absolute())
            return;
        const auto tag = startTag(n);
        const RawAttribute* raw = tag ? tag->find(attr) : nullptr;
        if (!raw) {
            error(offsetOf(n), std::string("cannot locate the attribute \"") + attr + "\" of <" + n.name() + ">");
            return;
        }
        const fs::path target = (fromDir / ref).lexically_normal();
        fs::path rel = target.lexically_relative(toDir);
        const std::string now = rel.empty() ? target.generic_string() : rel.generic_string();
        if (now == ref)
            return;
        splices.push_back(Splice{raw->valueBegin, raw->valueEnd, escapeAttribute(now, raw->quote)});
        ++report.referencesRewritten;
    }

    bool isPathProperty(pugi::xml_node n) const
    {
        const std::string_view type = n.attribute("type").value();
        if (type == "file")
            return true;
        if (!type.empty() && type != "string")
            return false;
        const std::string_view propertyName = n.attribute("name").value();
        return std::find(options.pathProperties.begin(), options.pathProperties.end(), propertyName) !=
               options.pathProperties.end();
    }

    void rebaseAll(pugi::xml_node parent, const fs::path& fromDir, const fs::path& toDir)
    {
        for (pugi::xml_node n : parent.children()) {
            if (n.type() != pugi::node_element)
                continue;
            const std::string_view name = n.name();
            if ((name == "tileset" || name == "image") && n.attribute("source"))
                rebase(n, "source", fromDir, toDir);
            else if (name == "object" && n.attribute("template"))
                rebase(n, "template", fromDir, toDir);
            else if (name == "property" && n.attribute("value") && isPathProperty(n))
                rebase(n, "value", fromDir, toDir);
            rebaseAll(n, fromDir, toDir);
        }
    }

    static fs::path folderOf(const std::string& file)
    {
        std::error_code ec;
        fs::path dir = fs::absolute(fs::path(file), ec).parent_path();
        const fs::path canonical = fs::weakly_canonical(dir, ec);
        return ec ? dir.lexically_normal() : canonical;
    }

    // --- the whole save -------------------------------------------------------------------------

    bool readOriginal()
    {
        std::ifstream in(map.path, std::ios::binary);
        if (!in) {
            const int err = errno;
            errors.push_back(Diagnostic{map.path, 0, std::string("cannot read the map to save over: ") +
                                                         (err ? std::strerror(err) : "cannot open")});
            return false;
        }
        std::ostringstream ss;
        ss << in.rdbuf();
        text = ss.str();
        lines = detail::LineTable(text);
        const pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size(), pugi::parse_default);
        if (!parsed) {
            error(std::size_t(parsed.offset), std::string("cannot parse the map to save over: ") + parsed.description());
            return false;
        }
        if (std::strcmp(doc.document_element().name(), "map") != 0) {
            error(offsetOf(doc.document_element()), "root element is not <map>");
            return false;
        }
        return true;
    }

    void run()
    {
        const std::string ext = detail::formatExtension(map.path);
        if (ext == ".tmj" || ext == ".json") {
            errors.push_back(Diagnostic{map.path, 0, "saving is supported for .tmx maps"});
            return;
        }
        if (map.path.size() > 3 && map.path.compare(map.path.size() - 3, 3, ".gz") == 0) {
            errors.push_back(Diagnostic{map.path, 0, "saving gzipped maps is not supported"});
            return;
        }
        const std::string outExt = detail::formatExtension(outPath);
        if ((outExt != ".tmx" && outExt != ".xml") || outPath.ends_with(".gz")) {
            errors.push_back(Diagnostic{outPath, 0, "a .tmx map can only be saved as a .tmx (or .xml) file"});
            return;
        }
        if (map.infinite) {
            errors.push_back(Diagnostic{map.path, 0, "cannot save infinite maps"});
            return;
        }
        if (!readOriginal())
            return;
        const pugi::xml_node root = doc.document_element();
        if (root.attribute("infinite").as_int(0) != 0) {
            error(offsetOf(root), "cannot save infinite maps");
            return;
        }
        if (std::strcmp(root.attribute("orientation").value(), detail::toString(map.orientation)) != 0) {
            // A staggered map's playable form (isostar::map::playableMap) is isometric: not the file's.
            error(offsetOf(root), "the file's map is " + std::string(root.attribute("orientation").value()) +
                                      ", the map being saved is " + detail::toString(map.orientation));
            return;
        }
        if (root.attribute("width").as_llong(-1) != map.width || root.attribute("height").as_llong(-1) != map.height) {
            error(offsetOf(root), "the file's map is " + std::string(root.attribute("width").value()) + "x" +
                                      root.attribute("height").value() + ", the map being saved is " +
                                      std::to_string(map.width) + "x" + std::to_string(map.height));
            return;
        }

        std::vector<pugi::xml_node> fileLayers;
        collectFileLayers(root, fileLayers);
        std::vector<const Layer*> mapLayers, matched;
        forEachLayer(map.layers, [&](const Layer& l) {
            if (l.type == LayerType::Tile)
                mapLayers.push_back(&l);
        });
        if (!matchLayers(fileLayers, mapLayers, matched))
            return;
        for (std::size_t i = 0; i < fileLayers.size(); ++i)
            writeLayer(fileLayers[i], *matched[i]);

        const fs::path fromDir = folderOf(map.path), toDir = folderOf(outPath);
        if (fromDir != toDir)
            rebaseAll(root, fromDir, toDir);
        if (!errors.empty())
            return;

        std::sort(splices.begin(), splices.end(), [](const Splice& a, const Splice& b) { return a.begin < b.begin; });
        std::string out;
        out.reserve(text.size() + 1024);
        std::size_t at = 0;
        for (const Splice& s : splices) {
            out.append(text, at, s.begin - at);
            out += s.text;
            at = s.end;
        }
        out.append(text, at, std::string::npos);

        std::error_code ec;
        const bool existed = fs::exists(outPath, ec);
        std::string why;
        if (!writeFileAtomically(outPath, out, keepBackup, why)) {
            errors.push_back(Diagnostic{outPath, 0, why});
            return;
        }
        report.path = outPath;
        if (keepBackup && existed)
            report.backupPath = outPath + ".bak";
    }
};

} // namespace

Result<SaveReport> saveMapTiles(const MapData& map, const std::string& outPath, bool keepBackup,
                                const SaveOptions& options)
{
    Writer w(map, outPath, keepBackup, options);
    w.run();
    if (!w.errors.empty())
        return Result<SaveReport>::failure(std::move(w.errors));
    return w.report;
}

} // namespace isostar::map
