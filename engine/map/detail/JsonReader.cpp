/// \file JsonReader.cpp
/// The strict readers over nlohmann::json for Tiled's JSON formats (JsonReader.hpp): parsing with
/// line numbers for syntax errors and a nesting limit, typed field readers that report the JSON
/// path of a bad value, and custom properties (the list form and Tiled < 1.2's object form).
// Reference: https://doc.mapeditor.org/en/stable/reference/json-map-format/
#include "engine/map/detail/JsonReader.hpp"

#include "engine/map/detail/TileData.hpp"
#include "engine/map/detail/Values.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isostar::map::detail {

std::string describe(const Json& v)
{
    std::string s = v.dump();
    return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

namespace {

const Json kEmptyArray = Json::array();

/// Maximum nesting of a JSON text, counted outside strings (before nlohmann builds a tree).
std::size_t nestingDepth(const std::string& text)
{
    std::size_t depth = 0, maxDepth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            maxDepth = std::max(maxDepth, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return maxDepth;
}

/// Property value as Tiled's text form, with its type when the file does not say it.
Property propertyFromValue(const JsonReader& r, const std::string& name, const Json& v,
                           std::optional<PropertyType> type, const std::string& where)
{
    Property p;
    p.name = name;
    if (!type) {
        if (v.is_boolean()) type = PropertyType::Bool;
        else if (v.is_number_integer()) type = PropertyType::Int;
        else if (v.is_number()) type = PropertyType::Float;
        else if (v.is_object()) type = PropertyType::Class;
        else type = PropertyType::String;
    }
    p.type = *type;
    if (p.type == PropertyType::Class) {
        if (!v.is_object()) {
            r.error(where, "class value is not an object");
            return p;
        }
        for (auto it = v.begin(); it != v.end(); ++it)
            p.members.push_back(propertyFromValue(r, it.key(), it.value(), std::nullopt,
                                                  where + "." + it.key()));
        return p;
    }
    if (v.is_string()) p.value = v.get<std::string>();
    else if (v.is_boolean()) p.value = v.get<bool>() ? "true" : "false";
    else if (v.is_number()) p.value = v.dump();
    else if (!v.is_null()) {
        r.error(where, "value " + describe(v) + " is not a " + toString(p.type));
        return p;
    }
    if (p.type == PropertyType::File && !p.value.empty())
        p.value = resolvePath(r.path(), p.value);
    if (std::string e = checkPropertyValue(p); !e.empty())
        r.error(where, e);
    return p;
}

} // namespace

std::string jsonWhere(const std::string& parent, const char* key)
{
    return parent.empty() ? std::string(key) : parent + "." + key;
}

std::string jsonWhere(const std::string& parent, std::size_t index)
{
    return parent + "[" + std::to_string(index) + "]";
}

std::optional<Json> JsonReader::parse(const std::string& text) const
{
    if (nestingDepth(text) > 256) {
        m_ctx.error(m_path, 0, "JSON nested more than 256 levels deep");
        return std::nullopt;
    }
    try {
        Json j = Json::parse(text);
        if (!j.is_object()) {
            m_ctx.error(m_path, 0, "JSON root is not an object");
            return std::nullopt;
        }
        return j;
    } catch (const Json::parse_error& e) {
        const std::size_t byte = e.byte > 0 ? e.byte - 1 : 0;
        const LineTable lines(text);
        std::string what = e.what();
        // nlohmann's text: "[json.exception.parse_error.101] parse error at line 3, column 5: ..."
        if (auto colon = what.find(": ", what.find("parse error")); colon != std::string::npos)
            what = what.substr(colon + 2);
        m_ctx.error(m_path, lines.lineAt(std::min(byte, text.size())), "JSON syntax error: " + what);
        return std::nullopt;
    } catch (const Json::out_of_range& e) {
        // A number beyond double's range (406: "number overflow parsing '1e999'"); nlohmann gives
        // no position, so the line is that of the number's first occurrence.
        std::string what = e.what();
        int line = 0;
        if (auto q = what.find('\''); q != std::string::npos && what.back() == '\'') {
            const std::string number = what.substr(q + 1, what.size() - q - 2);
            if (auto at = text.find(number); at != std::string::npos && !number.empty())
                line = LineTable(text).lineAt(at);
            what = "number out of range: " + number;
        }
        m_ctx.error(m_path, line, "JSON " + what);
        return std::nullopt;
    }
}

void JsonReader::error(const std::string& where, const std::string& message) const
{
    m_ctx.error(m_path, 0, where.empty() ? message : where + ": " + message);
}

std::string JsonReader::str(const Json& o, const char* key, const std::string& where,
                            const std::string& fallback) const
{
    auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return fallback;
    if (!it->is_string()) {
        error(jsonWhere(where, key), "expected a string, got " + describe(*it));
        return fallback;
    }
    return it->get<std::string>();
}

std::optional<long long> JsonReader::integerValue(const Json& v) const
{
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > std::uint64_t(std::numeric_limits<long long>::max()))
            return std::nullopt;
        return static_cast<long long>(u);
    }
    if (v.is_number_integer())
        return v.get<long long>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9e15)
            return static_cast<long long>(d);
    }
    return std::nullopt;
}

int JsonReader::integer(const Json& o, const char* key, const std::string& where, int fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    auto v = integerValue(*it);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) {
        error(jsonWhere(where, key), "expected an integer, got " + describe(*it));
        return fallback;
    }
    return int(*v);
}

int JsonReader::requiredPositive(const Json& o, const char* key, const std::string& where) const
{
    if (!o.contains(key)) {
        error(where, std::string("missing \"") + key + "\"");
        return 0;
    }
    auto v = integerValue(o[key]);
    const int value = integer(o, key, where, 0);
    if (v && *v == value && value <= 0) {
        error(jsonWhere(where, key), "must be greater than 0, got " + std::to_string(value));
        return 0;
    }
    return value;
}

int JsonReader::nonNegative(const Json& o, const char* key, const std::string& where, int fallback) const
{
    if (!o.contains(key))
        return fallback;
    auto v = integerValue(o[key]);
    const int value = integer(o, key, where, fallback);
    if (v && *v == value && value < 0) {
        error(jsonWhere(where, key), "must not be negative, got " + std::to_string(value));
        return fallback;
    }
    return value;
}

std::uint32_t JsonReader::unsignedInt(const Json& o, const char* key, const std::string& where,
                                      std::uint32_t fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    auto v = integerValue(*it);
    if (!v || *v < 0 || *v > std::numeric_limits<std::uint32_t>::max()) {
        error(jsonWhere(where, key), "expected an unsigned 32-bit integer, got " + describe(*it));
        return fallback;
    }
    return std::uint32_t(*v);
}

double JsonReader::number(const Json& o, const char* key, const std::string& where, double fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number()) {
        error(jsonWhere(where, key), "expected a number, got " + describe(*it));
        return fallback;
    }
    return it->get<double>();
}

bool JsonReader::boolean(const Json& o, const char* key, const std::string& where, bool fallback) const
{
    auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (it->is_boolean())
        return it->get<bool>();
    if (it->is_number_integer() && (it->get<long long>() == 0 || it->get<long long>() == 1))
        return it->get<long long>() == 1;
    error(jsonWhere(where, key), "expected true or false, got " + describe(*it));
    return fallback;
}

std::optional<Color> JsonReader::color(const Json& o, const char* key, const std::string& where) const
{
    const std::string s = str(o, key, where);
    if (s.empty())
        return std::nullopt;
    auto c = parseColor(s);
    if (!c)
        error(jsonWhere(where, key), "\"" + s + "\" is not a color (#AARRGGBB or #RRGGBB)");
    return c;
}

const Json& JsonReader::array(const Json& o, const char* key, const std::string& where) const
{
    auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return kEmptyArray;
    if (!it->is_array()) {
        error(jsonWhere(where, key), "expected an array, got " + describe(*it));
        return kEmptyArray;
    }
    return *it;
}

Properties JsonReader::properties(const Json& owner, const std::string& where) const
{
    Properties props;
    auto it = owner.find("properties");
    if (it == owner.end() || it->is_null())
        return props;
    const std::string here = jsonWhere(where, "properties");
    if (it->is_object()) {
        // Tiled < 1.2: {"name": value} with the types in "propertytypes".
        const Json types = owner.value("propertytypes", Json::object());
        for (auto p = it->begin(); p != it->end(); ++p) {
            std::optional<PropertyType> type;
            if (types.is_object() && types.contains(p.key()) && types[p.key()].is_string())
                type = parsePropertyType(types[p.key()].get<std::string>());
            props.push_back(propertyFromValue(*this, p.key(), p.value(), type, here + "." + p.key()));
        }
        return props;
    }
    const Json& list = array(owner, "properties", where);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& p = list[i];
        const std::string pw = jsonWhere(here, i);
        if (!p.is_object()) {
            error(pw, "expected an object");
            continue;
        }
        const std::string name = str(p, "name", pw);
        const std::string typeName = str(p, "type", pw, "string");
        auto type = parsePropertyType(typeName);
        if (!type) {
            error(pw, "property \"" + name + "\": unknown type \"" + typeName + "\"");
            continue;
        }
        Property prop = propertyFromValue(*this, name, p.value("value", Json()), type, pw);
        prop.propertyType = str(p, "propertytype", pw);
        props.push_back(std::move(prop));
    }
    return props;
}

} // namespace isostar::map::detail
