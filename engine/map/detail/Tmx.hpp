#pragma once
/// \file Tmx.hpp
/// Internal to engine/map: the XML formats (TMX maps, TSX tilesets, TX templates).
/// Every function reports problems to the LoadContext and returns what it could build.

#include "engine/map/detail/LoadContext.hpp"
#include "engine/map/detail/XmlReader.hpp"

#include <memory>
#include <optional>
#include <string>

namespace isostar::map::detail {

/// The map being built, for objects that need it (template tilesets, gid checks).
struct MapBuild {
    MapData* map = nullptr;
    GidRanges ranges;
};

MapData parseTmxMap(LoadContext& ctx, const std::string& path, std::string text);
std::optional<Tileset> parseTsxFile(LoadContext& ctx, const std::string& path, std::string text);
std::optional<TemplateData> parseTxFile(LoadContext& ctx, const std::string& path, std::string text);

/// Reads the <properties> child of `parent` (none -> empty). File values are resolved against
/// the reader's file.
Properties readProperties(const XmlReader& r, pugi::xml_node parent);
/// Reads a <tileset> element's attributes and children (not firstgid/source).
void readTilesetBody(const XmlReader& r, pugi::xml_node n, Tileset& ts);
/// Reads an <object>, applying its template. `mb` may be null (inside a template file).
Object readObject(const XmlReader& r, pugi::xml_node n, MapBuild* mb);

// Implemented in MapLoader.cpp (they dispatch on the file format).
/// The external tileset at `resolved` (cached), or nullptr after reporting why at refFile:refLine.
const Tileset* loadExternalTileset(LoadContext& ctx, const std::string& resolved,
                                   const std::string& refFile, int refLine, const std::string& ref);
std::shared_ptr<const TemplateData> loadTemplate(LoadContext& ctx, const std::string& resolved,
                                                 const std::string& refFile, int refLine,
                                                 const std::string& ref);

} // namespace isostar::map::detail
