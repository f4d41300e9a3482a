// Saving edited tiles: re-read the original .tmx, find the bytes to change with pugixml's node
// offsets, and splice new text into the original bytes. Splicing (rather than re-serialising a
// DOM) is what keeps attribute order, quoting, entities, comments and whitespace exactly as
// Tiled wrote them.

#include "engine/map/MapWriter.hpp"

#include "engine/core/AtomicFile.hpp"
#include "engine/map/detail/ChunkWriter.hpp"
#include "engine/map/detail/LoadContext.hpp"
#include "engine/map/detail/RawXml.hpp"
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
using detail::RawAttribute;
using detail::RawStartTag;
using detail::escapeAttribute;
using detail::isXmlSpace;
using detail::rawStartTag;

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

    /// The start tag of element `n` as it stands in the file (rawStartTag).
    std::optional<RawStartTag> startTag(pugi::xml_node n) const
    {
        return rawStartTag(text, n.offset_debug(), n.name());
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

    /// The <data> element's encoding and compression. False after reporting an unknown one.
    bool dataFormat(pugi::xml_node data, const std::string& name, std::string& encoding, Compression& comp)
    {
        encoding = data.attribute("encoding") ? data.attribute("encoding").value() : "xml";
        const std::string compression = data.attribute("compression").value();
        comp = Compression::None;
        if (compression == "zlib") comp = Compression::Zlib;
        else if (compression == "gzip") comp = Compression::Gzip;
        else if (compression == "zstd") comp = Compression::Zstd;
        else if (!compression.empty()) {
            error(offsetOf(data), name + ": unknown compression \"" + compression + "\"");
            return false;
        }
        if (encoding != "csv" && encoding != "base64" && encoding != "xml") {
            error(offsetOf(data), name + ": unknown encoding \"" + encoding + "\"");
            return false;
        }
        return true;
    }

    /// `body` with Windows line ends when `crlf` (a file that has them keeps them in its data).
    static std::string lineEnds(std::string body, bool crlf)
    {
        if (!crlf)
            return body;
        std::string out;
        for (char c : body) {
            if (c == '\n')
                out += '\r';
            out += c;
        }
        return out;
    }

    /// The spaces and tabs that begin the line holding byte `offset`.
    std::string indentAt(std::size_t offset) const
    {
        const std::size_t nl = offset == std::string::npos ? std::string::npos : text.rfind('\n', offset);
        std::size_t i = nl == std::string::npos ? 0 : nl + 1;
        std::string indent;
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
            indent += text[i++];
        return indent;
    }

    void writeLayer(pugi::xml_node node, const Layer& layer)
    {
        const std::string name = "layer \"" + std::string(node.attribute("name").value()) + "\"";
        const TileGrid& grid = layer.tiles;
        // An infinite map's layer keeps its nominal width and height; its cells are its chunks.
        const long long w = node.attribute("width").as_llong(-1), h = node.attribute("height").as_llong(-1);
        if ((!map.infinite && (w != grid.width || h != grid.height)) ||
            grid.gids.size() != std::size_t(grid.width) * std::size_t(grid.height) ||
            (!grid.flipFlags.empty() && grid.flipFlags.size() != grid.gids.size())) {
            error(offsetOf(node), name + ": the file's layer is " + std::to_string(w) + "x" + std::to_string(h) +
                                      ", the map being saved has " + std::to_string(grid.width) + "x" +
                                      std::to_string(grid.height) + " (" + std::to_string(grid.gids.size()) +
                                      " cells)");
            return;
        }
        pugi::xml_node data = node.child("data");
        const auto tag = data ? startTag(data) : std::nullopt;
        if (!tag || (!map.infinite && (tag->selfClosing || data.child("chunk")))) {
            error(offsetOf(data ? data : node), name + ": cannot locate its tile data in the file");
            return;
        }
        std::string encoding;
        Compression comp = Compression::None;
        if (!dataFormat(data, name, encoding, comp))
            return;
        if (map.infinite) {
            writeChunks(data, *tag, name, encoding, comp, grid);
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
        body = lineEnds(std::move(body), content.find("\r\n") != std::string_view::npos);
        splices.push_back(Splice{contentBegin, contentEnd, prefix + body + suffix});
        ++report.layersRewritten;
    }

    /// An infinite map's layer: its <data> rewritten as the chunks Tiled writes for the grid
    /// (detail::chunksOf) unless the file's chunks hold its cells already.
    void writeChunks(pugi::xml_node data, const RawStartTag& tag, const std::string& name, const std::string& encoding,
                     Compression comp, const TileGrid& grid)
    {
        std::vector<detail::RawChunk> fileChunks;
        bool decoded = true;
        for (pugi::xml_node c : data.children("chunk")) {
            detail::RawChunk rc{c.attribute("x").as_int(), c.attribute("y").as_int(), c.attribute("width").as_int(),
                                c.attribute("height").as_int(), {}};
            const std::size_t count = std::size_t(std::max(0, rc.width)) * std::size_t(std::max(0, rc.height));
            auto gids = currentGids(c, c.text().get(), encoding, comp, count);
            decoded = decoded && gids && gids->size() == count;
            if (!decoded)
                break;
            rc.raw = std::move(*gids);
            fileChunks.push_back(std::move(rc));
        }
        if (decoded && detail::sameCells(fileChunks, grid))
            return; // unchanged: keep the file's exact bytes
        int chunkWidth = 0, chunkHeight = 0;
        detail::chunkSizeOf(doc.document_element(), chunkWidth, chunkHeight);
        const std::string dataIndent = indentAt(offsetOf(data));
        std::string body, why;
        if (!detail::encodeChunks(detail::chunksOf(grid, chunkWidth, chunkHeight), encoding, comp,
                                  map.compressionLevel, dataIndent + " ", body, why)) {
            error(offsetOf(data), name + ": " + why);
            return;
        }
        const bool crlf = text.find("\r\n") != std::string::npos;
        const std::string content = lineEnds((body.empty() ? "\n" : "\n" + body + "\n") + dataIndent, crlf);
        if (tag.selfClosing) {
            splices.push_back(Splice{tag.end - 2, tag.end, ">" + content + "</data>"});
        } else {
            const std::size_t contentEnd = text.find("</data", tag.end);
            if (contentEnd == std::string::npos) {
                error(offsetOf(data), name + ": cannot locate the end of its tile data in the file");
                return;
            }
            splices.push_back(Splice{tag.end, contentEnd, content});
        }
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
        if (!readOriginal())
            return;
        const pugi::xml_node root = doc.document_element();
        if ((root.attribute("infinite").as_int(0) != 0) != map.infinite) {
            // An infinite map's playable form (isostar::map::playableMap) is finite: not the file's.
            error(offsetOf(root), std::string("the file's map is ") + (map.infinite ? "finite" : "infinite") +
                                      ", the map being saved is " + (map.infinite ? "infinite" : "finite"));
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
