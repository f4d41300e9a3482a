#pragma once
/// \file Tmj.hpp
/// Internal to engine/map: Tiled's JSON formats (TMJ maps, TSJ tilesets, TJ templates).
/// JSON carries no line numbers after parsing, so semantic errors name the JSON path instead
/// (`layers[2] "ground": ...`); syntax errors get the line of the parse failure.

#include "engine/map/detail/LoadContext.hpp"

#include <optional>
#include <string>

namespace isostar::map::detail {

MapData parseTmjMap(LoadContext& ctx, const std::string& path, std::string text);
std::optional<Tileset> parseTsjFile(LoadContext& ctx, const std::string& path, std::string text);
std::optional<TemplateData> parseTjFile(LoadContext& ctx, const std::string& path, std::string text);

} // namespace isostar::map::detail
