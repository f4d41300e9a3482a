#pragma once
/// \file RawXml.hpp
/// Internal to engine/map: start tags read from an XML file's own bytes (where pugixml says an
/// element starts), so MapWriter can splice new text into the file at exact byte spans.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::map::detail {

/// One attribute of a start tag as it stands in the file: the value's byte span (inside quotes).
struct RawAttribute {
    std::string_view name;
    std::size_t valueBegin = 0, valueEnd = 0;
    char quote = '"';
};

/// A start tag located in the file text: its attributes and the offset just past its '>'.
struct RawStartTag {
    std::vector<RawAttribute> attributes;
    std::size_t end = 0;
    bool selfClosing = false;
    const RawAttribute* find(std::string_view name) const
    {
        for (const RawAttribute& a : attributes)
            if (a.name == name)
                return &a;
        return nullptr;
    }
};

inline bool isXmlSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/// Escapes an attribute value for the quote character the file used.
std::string escapeAttribute(std::string_view s, char quote);

/// The start tag of the element `name` whose name begins at byte `offset` of `text` (pugixml's
/// offset_debug()). nullopt when the text there is not that element's tag (a case pugixml
/// should never produce).
std::optional<RawStartTag> rawStartTag(std::string_view text, std::ptrdiff_t offset, std::string_view name);

} // namespace isostar::map::detail
