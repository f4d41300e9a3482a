// Entry points of engine/map: picks the parser by file format, follows external tilesets and
// templates (each read once per load, cached by resolved path), and fails once with every
// diagnostic collected. The format rule (extension, else content) and the parser per format
// live in one place, `parseAs`, used by the maps, tilesets and templates alike.

#include "engine/map/MapLoader.hpp"

#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Tmj.hpp"
#include "engine/map/detail/Tmx.hpp"

namespace isostar::map {

namespace detail {

namespace {

enum class Format { Xml, Json, Unknown };

Format formatOf(const std::string& path, const std::string& text)
{
    const std::string ext = formatExtension(path);
    if (ext == ".tmx" || ext == ".tsx" || ext == ".tx" || ext == ".xml")
        return Format::Xml;
    if (ext == ".tmj" || ext == ".tsj" || ext == ".tj" || ext == ".json")
        return Format::Json;
    // Unknown extension: look at the content.
    for (char c : text) {
        if (c == '<')
            return Format::Xml;
        if (c == '{')
            return Format::Json;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\xef' && c != '\xbb' &&
            c != '\xbf')
            break;
    }
    return Format::Unknown;
}

/// One kind of Tiled file: its parser per format and how an unknown format is named.
template <typename T>
struct FileKind {
    const char* name;       ///< "map", "tileset", "template"
    const char* extensions; ///< ".tmx or .tmj", for the unknown-format error
    T (*xml)(LoadContext&, const std::string&, std::string);
    T (*json)(LoadContext&, const std::string&, std::string);
};

const FileKind<MapData> kMap{"map", ".tmx or .tmj", parseTmxMap, parseTmjMap};
const FileKind<std::optional<Tileset>> kTileset{"tileset", ".tsx or .tsj", parseTsxFile, parseTsjFile};
const FileKind<std::optional<TemplateData>> kTemplate{"template", ".tx or .tj", parseTxFile, parseTjFile};

/// Parses `text` (the contents of `path`) as a `kind` file of the format its name or content
/// says. An unknown format yields T{} and sets `unknownFormat` (the caller says where).
template <typename T>
T parseAs(const FileKind<T>& kind, LoadContext& ctx, const std::string& path, std::string text, bool& unknownFormat)
{
    unknownFormat = false;
    switch (formatOf(path, text)) {
    case Format::Xml: return kind.xml(ctx, path, std::move(text));
    case Format::Json: return kind.json(ctx, path, std::move(text));
    case Format::Unknown: break;
    }
    unknownFormat = true;
    return T{};
}

/// While alive, `ctx` parses a file that `refFile:refLine` refers to as `what`: one level deeper
/// (guards cycles) and one more step in every error's "included from" chain.
class IncludeScope {
public:
    IncludeScope(LoadContext& ctx, const std::string& refFile, int refLine, std::string what) : m_ctx(ctx)
    {
        ++m_ctx.nesting;
        m_ctx.includeStack.push_back(IncludedFrom{refFile, refLine, std::move(what)});
    }
    ~IncludeScope()
    {
        m_ctx.includeStack.pop_back();
        --m_ctx.nesting;
    }
    IncludeScope(const IncludeScope&) = delete;
    IncludeScope& operator=(const IncludeScope&) = delete;

private:
    LoadContext& m_ctx;
};

/// Reads and parses a file another file refers to; reports at the referring line when it
/// cannot be read or its format is unknown, and inside the file (with the chain) otherwise.
template <typename T>
T parseReferenced(const FileKind<T>& kind, LoadContext& ctx, const std::string& resolved,
                  const std::string& refFile, int refLine, const std::string& ref)
{
    const std::string what = std::string(kind.name) + " \"" + ref + "\"";
    if (ctx.nesting >= ctx.limits.maxNesting) {
        ctx.error(refFile, refLine, what + ": files nested too deep");
        return T{};
    }
    std::string text, why;
    if (!readFileMaybeGz(resolved, text, why)) {
        ctx.error(refFile, refLine, "cannot open " + what + " (" + resolved + "): " + why);
        return T{};
    }
    bool unknownFormat = false;
    T parsed = [&] {
        const IncludeScope scope(ctx, refFile, refLine, what);
        return parseAs(kind, ctx, resolved, std::move(text), unknownFormat);
    }();
    if (unknownFormat)
        ctx.error(refFile, refLine, what + ": unknown file format (expected " + kind.extensions + ")");
    return parsed;
}

} // namespace

const Tileset* loadExternalTileset(LoadContext& ctx, const std::string& resolved,
                                   const std::string& refFile, int refLine, const std::string& ref)
{
    auto it = ctx.tilesets.find(resolved);
    if (it == ctx.tilesets.end())
        it = ctx.tilesets.emplace(resolved, parseReferenced(kTileset, ctx, resolved, refFile, refLine, ref)).first;
    return it->second ? &*it->second : nullptr;
}

std::shared_ptr<const TemplateData> loadTemplate(LoadContext& ctx, const std::string& resolved,
                                                 const std::string& refFile, int refLine,
                                                 const std::string& ref)
{
    if (auto it = ctx.templates.find(resolved); it != ctx.templates.end())
        return it->second;
    std::shared_ptr<const TemplateData> result;
    if (std::optional<TemplateData> t = parseReferenced(kTemplate, ctx, resolved, refFile, refLine, ref))
        result = std::make_shared<const TemplateData>(std::move(*t));
    ctx.templates.emplace(resolved, result);
    return result;
}

/// Reads and parses a file opened directly (a map, a standalone tileset).
template <typename T>
T parseTopLevel(const FileKind<T>& kind, LoadContext& ctx, const std::string& path)
{
    std::string text, why;
    if (!readFileMaybeGz(path, text, why)) {
        ctx.error(path, 0, std::string("cannot open ") + kind.name + ": " + why);
        return T{};
    }
    bool unknownFormat = false;
    T parsed = parseAs(kind, ctx, path, std::move(text), unknownFormat);
    if (unknownFormat)
        ctx.error(path, 0, std::string("unknown ") + kind.name + " format (expected a " + kind.extensions + " file)");
    return parsed;
}

} // namespace detail

Result<MapData> loadMap(const std::string& path, const LoadLimits& limits)
{
    detail::LoadContext ctx;
    ctx.limits = limits;
    MapData map = detail::parseTopLevel(detail::kMap, ctx, path);
    if (ctx.failed())
        return Result<MapData>::failure(std::move(ctx.diagnostics));
    return map;
}

Result<Tileset> loadTileset(const std::string& path)
{
    detail::LoadContext ctx;
    std::optional<Tileset> ts = detail::parseTopLevel(detail::kTileset, ctx, path);
    if (ctx.failed() || !ts)
        return Result<Tileset>::failure(ctx.failed() ? std::move(ctx.diagnostics)
                                                      : std::vector<Diagnostic>{{path, 0, "cannot load tileset"}});
    ts->firstGid = 1;
    return std::move(*ts);
}

} // namespace isostar::map
