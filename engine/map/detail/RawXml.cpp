#include "engine/map/detail/RawXml.hpp"

namespace isostar::map::detail {

std::string escapeAttribute(std::string_view s, char quote)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += quote == '"' ? "&quot;" : "\""; break;
        case '\'': out += quote == '\'' ? "&apos;" : "'"; break;
        default: out += c;
        }
    }
    return out;
}

std::optional<RawStartTag> rawStartTag(std::string_view text, std::ptrdiff_t off, std::string_view name)
{
    if (off <= 0 || std::size_t(off) + name.size() > text.size() || text[std::size_t(off) - 1] != '<' ||
        text.compare(std::size_t(off), name.size(), name) != 0)
        return std::nullopt;
    RawStartTag tag;
    std::size_t i = std::size_t(off) + name.size();
    while (i < text.size()) {
        while (i < text.size() && isXmlSpace(text[i]))
            ++i;
        if (i >= text.size())
            break;
        if (text[i] == '>') {
            tag.end = i + 1;
            return tag;
        }
        if (text[i] == '/') {
            if (i + 1 < text.size() && text[i + 1] == '>') {
                tag.end = i + 2;
                tag.selfClosing = true;
                return tag;
            }
            return std::nullopt;
        }
        RawAttribute a;
        const std::size_t nameBegin = i;
        while (i < text.size() && text[i] != '=' && !isXmlSpace(text[i]))
            ++i;
        a.name = text.substr(nameBegin, i - nameBegin);
        while (i < text.size() && isXmlSpace(text[i]))
            ++i;
        if (i >= text.size() || text[i] != '=')
            return std::nullopt;
        ++i;
        while (i < text.size() && isXmlSpace(text[i]))
            ++i;
        if (i >= text.size() || (text[i] != '"' && text[i] != '\''))
            return std::nullopt;
        a.quote = text[i];
        a.valueBegin = ++i;
        const std::size_t close = text.find(a.quote, i);
        if (close == std::string::npos)
            return std::nullopt;
        a.valueEnd = close;
        i = close + 1;
        tag.attributes.push_back(a);
    }
    return std::nullopt;
}

} // namespace isostar::map::detail
