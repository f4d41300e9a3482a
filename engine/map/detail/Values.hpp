#pragma once
/// \file Values.hpp
/// Internal to engine/map: strict parsing of the scalar values Tiled writes (numbers, colors,
/// enumerations), shared by the TMX and TMJ parsers.

#include "engine/map/MapData.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace isostar::map::detail {

/// Whole-string integer (optional sign), or nullopt.
std::optional<long long> parseInteger(std::string_view s);
/// Whole-string finite decimal number, or nullopt.
std::optional<double> parseNumber(std::string_view s);
/// Tiled colors: "#AARRGGBB", "#RRGGBB", with or without '#'.
std::optional<Color> parseColor(std::string_view s);
/// "#AARRGGBB" (Tiled's text form).
std::string colorToString(const Color& c);

std::optional<Orientation> parseOrientation(std::string_view s);
std::optional<RenderOrder> parseRenderOrder(std::string_view s);
std::optional<PropertyType> parsePropertyType(std::string_view s);
std::optional<WangSetType> parseWangSetType(std::string_view s);
const char* toString(Orientation o);
const char* toString(RenderOrder o);
const char* toString(PropertyType t);
const char* toString(LayerType t);

/// Checks a property's text value against its type; returns an error text or "".
std::string checkPropertyValue(const Property& p);

/// "0,1,0,2,0,1,0,1" (Tiled >= 1.5) or legacy "0x..." hex. False when malformed.
bool parseWangId(std::string_view s, std::uint8_t (&out)[8]);

/// Tiles along one image axis (columns or rows) from the image size; 0 when unknown.
int tilesFromImage(int imageSize, int tileSize, int margin, int spacing);
/// columns * rows, clamped to the largest tile count a tileset can have (2^28).
int tileCountFromImage(int columns, int rows);

} // namespace isostar::map::detail
