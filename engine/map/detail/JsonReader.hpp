#pragma once
/// \file JsonReader.hpp
/// Internal to engine/map: strict readers over an nlohmann::json document for Tiled's JSON
/// formats. Problems are reported with the JSON path of the value (`layers[2].width`), since
/// a parsed JSON value no longer knows its line.

#include "engine/map/MapEnums.hpp"
#include "engine/map/detail/LoadContext.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace isostar::map::detail {

using Json = nlohmann::json;

std::string jsonWhere(const std::string& parent, const char* key);
std::string jsonWhere(const std::string& parent, std::size_t index);
/// `v` as JSON text for a message, cut to 40 characters ("..." at the end when cut).
std::string describe(const Json& v);

class JsonReader {
public:
    JsonReader(LoadContext& ctx, std::string path) : m_ctx(ctx), m_path(std::move(path)) {}

    /// Parses `text`; reports syntax errors with their line, refuses absurd nesting and a root
    /// that is not an object. nullopt on failure.
    std::optional<Json> parse(const std::string& text) const;

    const std::string& path() const { return m_path; }
    LoadContext& context() const { return m_ctx; }
    void error(const std::string& where, const std::string& message) const;

    std::string str(const Json& o, const char* key, const std::string& where,
                    const std::string& fallback = {}) const;
    int integer(const Json& o, const char* key, const std::string& where, int fallback = 0) const;
    int requiredPositive(const Json& o, const char* key, const std::string& where) const;
    int nonNegative(const Json& o, const char* key, const std::string& where, int fallback = 0) const;
    std::uint32_t unsignedInt(const Json& o, const char* key, const std::string& where,
                              std::uint32_t fallback = 0) const;
    double number(const Json& o, const char* key, const std::string& where, double fallback = 0) const;
    bool boolean(const Json& o, const char* key, const std::string& where, bool fallback) const;
    std::optional<Color> color(const Json& o, const char* key, const std::string& where) const;
    /// A keyword string turned into its enum by `parse` (engine/map/MapEnums.hpp): absent ->
    /// fallback; not a string -> reported by str(); a spelling `parse` does not know -> reported
    /// (`tilesets[0].objectalignment: unknown value "middle"`), fallback.
    template <typename E>
    E keyword(const Json& o, const char* key, const std::string& where, E fallback,
              std::optional<E> (*parse)(std::string_view)) const
    {
        const auto it = o.find(key);
        if (it == o.end() || !it->is_string()) {
            str(o, key, where, {}); // reports a value that is not a string (null counts as absent)
            return fallback;
        }
        const std::string& s = it->get_ref<const std::string&>();
        if (const std::optional<E> v = parse(s))
            return *v;
        error(jsonWhere(where, key), "unknown value \"" + s + "\"");
        return fallback;
    }
    /// The array at `key` (absent -> empty array); reports a non-array.
    const Json& array(const Json& o, const char* key, const std::string& where) const;

    Properties properties(const Json& owner, const std::string& where) const;

private:
    std::optional<long long> integerValue(const Json& v) const;
    LoadContext& m_ctx;
    std::string m_path;
};

/// Reads a tileset object (not firstgid/source).
void readTsjTilesetBody(const JsonReader& r, const Json& o, const std::string& where, Tileset& ts);

} // namespace isostar::map::detail
