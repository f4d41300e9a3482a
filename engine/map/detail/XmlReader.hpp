#pragma once
/// \file XmlReader.hpp
/// Internal to engine/map: one parsed XML file (pugixml) with line numbers for its nodes, and
/// strict attribute readers that report bad values to the LoadContext instead of guessing.

#include "engine/map/MapEnums.hpp"
#include "engine/map/detail/LoadContext.hpp"

#include <pugixml.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace isostar::map::detail {

class XmlReader {
public:
    XmlReader(LoadContext& ctx, std::string path, std::string text);

    /// Parses the text. Reports syntax errors and refuses DOCTYPE declarations (no entity
    /// expansion tricks). False when there is no usable document.
    bool parse();

    pugi::xml_node root() const { return m_doc.document_element(); }
    const std::string& path() const { return m_path; }
    LoadContext& context() const { return m_ctx; }
    int line(pugi::xml_node n) const;
    int lineAtOffset(std::size_t offset) const { return m_lines.lineAt(offset); }
    void error(pugi::xml_node n, std::string message) const;

    bool has(pugi::xml_node n, const char* name) const { return bool(n.attribute(name)); }
    std::string str(pugi::xml_node n, const char* name, const char* fallback = "") const;
    /// Integer attribute in int range; absent -> fallback; bad -> reported, fallback.
    int integer(pugi::xml_node n, const char* name, int fallback = 0) const;
    /// Like integer() but reports a missing attribute.
    int requiredInt(pugi::xml_node n, const char* name) const;
    /// requiredInt() that must be > 0 (reported otherwise, returns 0).
    int requiredPositive(pugi::xml_node n, const char* name) const;
    /// Integer attribute that must be >= 0 when present.
    int nonNegative(pugi::xml_node n, const char* name, int fallback = 0) const;
    std::uint32_t unsignedInt(pugi::xml_node n, const char* name, std::uint32_t fallback = 0) const;
    double number(pugi::xml_node n, const char* name, double fallback = 0.0) const;
    /// "0"/"1" (and "true"/"false").
    bool boolean(pugi::xml_node n, const char* name, bool fallback) const;
    std::optional<Color> color(pugi::xml_node n, const char* name) const;
    /// A keyword attribute turned into its enum by `parse` (engine/map/MapEnums.hpp): absent ->
    /// fallback; a spelling `parse` does not know -> reported
    /// (`<tileset>: attribute "objectalignment" has an unknown value "middle"`), fallback.
    template <typename E>
    E keyword(pugi::xml_node n, const char* name, E fallback, std::optional<E> (*parse)(std::string_view)) const
    {
        const pugi::xml_attribute a = n.attribute(name);
        if (!a)
            return fallback;
        if (const std::optional<E> v = parse(a.value()))
            return *v;
        error(n, where(n) + ": attribute \"" + name + "\" has an unknown value \"" + a.value() + "\"");
        return fallback;
    }

private:
    std::string where(pugi::xml_node n) const { return std::string("<") + n.name() + ">"; }

    LoadContext& m_ctx;
    std::string m_path;
    std::string m_text;
    LineTable m_lines;
    pugi::xml_document m_doc;
};

} // namespace isostar::map::detail
