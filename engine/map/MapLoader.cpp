// Entry points of engine/map: picks the parser by file format, follows external tilesets and
// templates (each read once per load, cached by resolved path), and fails once with every
// diagnostic collected.

#include "engine/map/MapLoader.hpp"

#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Tmj.hpp"
#include "engine/map/detail/Tmx.hpp"

namespace eng::map {

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

/// Reads a file another file refers to; reports at the referring line on failure.
bool readReferenced(LoadContext& ctx, const char* what, const std::string& resolved,
                    const std::string& refFile, int refLine, const std::string& ref,
                    std::string& text)
{
    if (ctx.nesting >= ctx.limits.maxNesting) {
        ctx.error(refFile, refLine, std::string(what) + " \"" + ref + "\": files nested too deep");
        return false;
    }
    std::string why;
    if (!readFileMaybeGz(resolved, text, why)) {
        ctx.error(refFile, refLine,
                  std::string("cannot open ") + what + " \"" + ref + "\" (" + resolved + "): " + why);
        return false;
    }
    return true;
}

} // namespace

const Tileset* loadExternalTileset(LoadContext& ctx, const std::string& resolved,
                                   const std::string& refFile, int refLine, const std::string& ref)
{
    if (auto it = ctx.tilesets.find(resolved); it != ctx.tilesets.end())
        return it->second ? &*it->second : nullptr;
    std::optional<Tileset> ts;
    std::string text;
    if (readReferenced(ctx, "tileset", resolved, refFile, refLine, ref, text)) {
        ++ctx.nesting;
        switch (formatOf(resolved, text)) {
        case Format::Xml: ts = parseTsxFile(ctx, resolved, std::move(text)); break;
        case Format::Json: ts = parseTsjFile(ctx, resolved, std::move(text)); break;
        case Format::Unknown:
            ctx.error(refFile, refLine, "tileset \"" + ref + "\": unknown file format (expected .tsx or .tsj)");
            break;
        }
        --ctx.nesting;
    }
    auto [it, inserted] = ctx.tilesets.emplace(resolved, std::move(ts));
    return it->second ? &*it->second : nullptr;
}

std::shared_ptr<const TemplateData> loadTemplate(LoadContext& ctx, const std::string& resolved,
                                                 const std::string& refFile, int refLine,
                                                 const std::string& ref)
{
    if (auto it = ctx.templates.find(resolved); it != ctx.templates.end())
        return it->second;
    std::shared_ptr<const TemplateData> result;
    std::string text;
    if (readReferenced(ctx, "template", resolved, refFile, refLine, ref, text)) {
        ++ctx.nesting;
        std::optional<TemplateData> t;
        switch (formatOf(resolved, text)) {
        case Format::Xml: t = parseTxFile(ctx, resolved, std::move(text)); break;
        case Format::Json: t = parseTjFile(ctx, resolved, std::move(text)); break;
        case Format::Unknown:
            ctx.error(refFile, refLine, "template \"" + ref + "\": unknown file format (expected .tx or .tj)");
            break;
        }
        --ctx.nesting;
        if (t)
            result = std::make_shared<const TemplateData>(std::move(*t));
    }
    ctx.templates.emplace(resolved, result);
    return result;
}

} // namespace detail

Result<MapData> loadMap(const std::string& path, const LoadLimits& limits)
{
    detail::LoadContext ctx;
    ctx.limits = limits;
    std::string text, why;
    if (!detail::readFileMaybeGz(path, text, why))
        return Result<MapData>::failure(Diagnostic{path, 0, "cannot open map: " + why});
    MapData map;
    switch (detail::formatOf(path, text)) {
    case detail::Format::Xml: map = detail::parseTmxMap(ctx, path, std::move(text)); break;
    case detail::Format::Json: map = detail::parseTmjMap(ctx, path, std::move(text)); break;
    case detail::Format::Unknown:
        ctx.error(path, 0, "unknown map format (expected a .tmx or .tmj file)");
        break;
    }
    if (ctx.failed())
        return Result<MapData>::failure(std::move(ctx.diagnostics));
    return map;
}

Result<Tileset> loadTileset(const std::string& path)
{
    detail::LoadContext ctx;
    std::string text, why;
    if (!detail::readFileMaybeGz(path, text, why))
        return Result<Tileset>::failure(Diagnostic{path, 0, "cannot open tileset: " + why});
    std::optional<Tileset> ts;
    switch (detail::formatOf(path, text)) {
    case detail::Format::Xml: ts = detail::parseTsxFile(ctx, path, std::move(text)); break;
    case detail::Format::Json: ts = detail::parseTsjFile(ctx, path, std::move(text)); break;
    case detail::Format::Unknown:
        ctx.error(path, 0, "unknown tileset format (expected a .tsx or .tsj file)");
        break;
    }
    if (ctx.failed() || !ts)
        return Result<Tileset>::failure(ctx.failed() ? std::move(ctx.diagnostics)
                                                      : std::vector<Diagnostic>{{path, 0, "cannot load tileset"}});
    ts->firstGid = 1;
    return std::move(*ts);
}

} // namespace eng::map
