#include "engine/map/detail/Values.hpp"

#include <charconv>
#include <cmath>
#include <algorithm>
#include <cstdio>

namespace isostar::map::detail {

std::optional<long long> parseInteger(std::string_view s)
{
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    long long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

std::optional<double> parseNumber(std::string_view s)
{
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    double v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<Color> parseColor(std::string_view s)
{
    if (!s.empty() && s.front() == '#')
        s.remove_prefix(1);
    if (s.size() != 6 && s.size() != 8)
        return std::nullopt;
    std::uint32_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    if (ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    Color c;
    if (s.size() == 8)
        c.a = std::uint8_t(v >> 24);
    c.r = std::uint8_t(v >> 16);
    c.g = std::uint8_t(v >> 8);
    c.b = std::uint8_t(v);
    return c;
}

std::string colorToString(const Color& c)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x%02x", c.a, c.r, c.g, c.b);
    return buf;
}

std::optional<Orientation> parseOrientation(std::string_view s)
{
    if (s == "orthogonal") return Orientation::Orthogonal;
    if (s == "isometric") return Orientation::Isometric;
    if (s == "staggered") return Orientation::Staggered;
    if (s == "hexagonal") return Orientation::Hexagonal;
    return std::nullopt;
}

std::optional<RenderOrder> parseRenderOrder(std::string_view s)
{
    if (s == "right-down") return RenderOrder::RightDown;
    if (s == "right-up") return RenderOrder::RightUp;
    if (s == "left-down") return RenderOrder::LeftDown;
    if (s == "left-up") return RenderOrder::LeftUp;
    return std::nullopt;
}

std::optional<PropertyType> parsePropertyType(std::string_view s)
{
    if (s.empty() || s == "string") return PropertyType::String;
    if (s == "int") return PropertyType::Int;
    if (s == "float") return PropertyType::Float;
    if (s == "bool") return PropertyType::Bool;
    if (s == "color") return PropertyType::Color;
    if (s == "file") return PropertyType::File;
    if (s == "object") return PropertyType::Object;
    if (s == "class") return PropertyType::Class;
    return std::nullopt;
}

std::optional<WangSetType> parseWangSetType(std::string_view s)
{
    if (s == "corner") return WangSetType::Corner;
    if (s == "edge") return WangSetType::Edge;
    if (s == "mixed" || s.empty()) return WangSetType::Mixed;
    return std::nullopt;
}

const char* toString(Orientation o)
{
    switch (o) {
    case Orientation::Orthogonal: return "orthogonal";
    case Orientation::Isometric: return "isometric";
    case Orientation::Staggered: return "staggered";
    case Orientation::Hexagonal: return "hexagonal";
    }
    return "?";
}

const char* toString(RenderOrder o)
{
    switch (o) {
    case RenderOrder::RightDown: return "right-down";
    case RenderOrder::RightUp: return "right-up";
    case RenderOrder::LeftDown: return "left-down";
    case RenderOrder::LeftUp: return "left-up";
    }
    return "?";
}

const char* toString(PropertyType t)
{
    switch (t) {
    case PropertyType::String: return "string";
    case PropertyType::Int: return "int";
    case PropertyType::Float: return "float";
    case PropertyType::Bool: return "bool";
    case PropertyType::Color: return "color";
    case PropertyType::File: return "file";
    case PropertyType::Object: return "object";
    case PropertyType::Class: return "class";
    }
    return "?";
}

const char* toString(LayerType t)
{
    switch (t) {
    case LayerType::Tile: return "tilelayer";
    case LayerType::Object: return "objectgroup";
    case LayerType::Image: return "imagelayer";
    case LayerType::Group: return "group";
    }
    return "?";
}

std::string checkPropertyValue(const Property& p)
{
    const std::string quoted = "\"" + p.value + "\"";
    switch (p.type) {
    case PropertyType::Int:
        if (!parseInteger(p.value))
            return "property \"" + p.name + "\": int value " + quoted + " is not an integer";
        break;
    case PropertyType::Float:
        if (!parseNumber(p.value))
            return "property \"" + p.name + "\": float value " + quoted + " is not a number";
        break;
    case PropertyType::Bool:
        if (p.value != "true" && p.value != "false")
            return "property \"" + p.name + "\": bool value " + quoted +
                   " is not true or false";
        break;
    case PropertyType::Color:
        if (!p.value.empty() && !parseColor(p.value))
            return "property \"" + p.name + "\": color value " + quoted +
                   " is not #AARRGGBB or #RRGGBB";
        break;
    case PropertyType::Object:
        if (auto v = parseInteger(p.value); !v || *v < 0)
            return "property \"" + p.name + "\": object value " + quoted +
                   " is not an object id";
        break;
    case PropertyType::String:
    case PropertyType::File:
    case PropertyType::Class:
        break;
    }
    return {};
}

bool parseWangId(std::string_view s, std::uint8_t (&out)[8])
{
    if (s.starts_with("0x") || s.starts_with("0X")) {
        // Tiled < 1.5: 32 bits, one nibble per index, top edge in the lowest nibble.
        std::uint32_t v = 0;
        auto [p, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), v, 16);
        if (ec != std::errc() || p != s.data() + s.size())
            return false;
        for (int i = 0; i < 8; ++i)
            out[i] = std::uint8_t((v >> (4 * i)) & 0xFu);
        return true;
    }
    int i = 0;
    std::size_t pos = 0;
    for (;;) {
        const std::size_t comma = s.find(',', pos);
        const std::string_view item = s.substr(pos, comma == std::string_view::npos ? s.npos : comma - pos);
        auto v = parseInteger(item);
        if (i >= 8 || !v || *v < 0 || *v > 255)
            return false;
        out[i++] = std::uint8_t(*v);
        if (comma == std::string_view::npos)
            break;
        pos = comma + 1;
    }
    return i == 8;
}

int tilesFromImage(int imageSize, int tileSize, int margin, int spacing)
{
    if (tileSize <= 0 || imageSize <= 0)
        return 0;
    const long long usable = (long long)imageSize - 2LL * margin + spacing;
    if (usable <= 0)
        return 0;
    return int(usable / ((long long)tileSize + spacing));
}

} // namespace isostar::map::detail

namespace isostar::map::detail {

int tileCountFromImage(int columns, int rows)
{
    const long long n = (long long)columns * rows;
    return int(std::min<long long>(n, 1LL << 28));
}

} // namespace isostar::map::detail
