#include "engine/map/detail/XmlReader.hpp"

#include "engine/map/detail/Values.hpp"

#include <limits>

namespace isostar::map::detail {

XmlReader::XmlReader(LoadContext& ctx, std::string path, std::string text)
    : m_ctx(ctx), m_path(std::move(path)), m_text(std::move(text)), m_lines(m_text)
{
}

bool XmlReader::parse()
{
    // parse_doctype keeps DOCTYPE nodes so we can refuse them; pugixml never expands custom
    // entities, but a file that declares them is not something Tiled writes.
    const unsigned flags = pugi::parse_default | pugi::parse_doctype;
    // In place: no second copy of a large map; offsets still index m_text (LineTable was built
    // from it before pugixml rewrote anything).
    pugi::xml_parse_result r =
        m_doc.load_buffer_inplace(m_text.data(), m_text.size(), flags, pugi::encoding_utf8);
    if (!r) {
        m_ctx.error(m_path, m_lines.lineAt(std::size_t(std::max<std::ptrdiff_t>(r.offset, 0))),
                    std::string("XML syntax error: ") + r.description());
        return false;
    }
    for (pugi::xml_node n = m_doc.first_child(); n; n = n.next_sibling()) {
        // Old Tiled files name the public DTD; that is harmless (never fetched). An internal
        // subset ("[...]") is where entity declarations live: refuse it.
        if (n.type() == pugi::node_doctype && std::string_view(n.value()).find('[') != std::string_view::npos) {
            m_ctx.error(m_path, line(n),
                        "DOCTYPE with an internal subset is not allowed in Tiled files "
                        "(entity declarations are refused)");
            return false;
        }
    }
    if (!root()) {
        m_ctx.error(m_path, 0, "no XML root element");
        return false;
    }
    return true;
}

int XmlReader::line(pugi::xml_node n) const
{
    const std::ptrdiff_t off = n.offset_debug();
    return off < 0 ? 0 : m_lines.lineAt(std::size_t(off));
}

void XmlReader::error(pugi::xml_node n, std::string message) const
{
    m_ctx.error(m_path, line(n), std::move(message));
}

std::string XmlReader::str(pugi::xml_node n, const char* name, const char* fallback) const
{
    pugi::xml_attribute a = n.attribute(name);
    return a ? std::string(a.value()) : std::string(fallback);
}

int XmlReader::integer(pugi::xml_node n, const char* name, int fallback) const
{
    pugi::xml_attribute a = n.attribute(name);
    if (!a)
        return fallback;
    auto v = parseInteger(a.value());
    if (!v) {
        error(n, where(n) + ": attribute \"" + name + "\" is not an integer: \"" + a.value() + "\"");
        return fallback;
    }
    if (*v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) {
        error(n, where(n) + ": attribute \"" + name + "\" is out of range: " + a.value());
        return fallback;
    }
    return int(*v);
}

int XmlReader::requiredInt(pugi::xml_node n, const char* name) const
{
    if (!n.attribute(name)) {
        error(n, where(n) + ": missing attribute \"" + name + "\"");
        return 0;
    }
    return integer(n, name, 0);
}

int XmlReader::requiredPositive(pugi::xml_node n, const char* name) const
{
    if (!n.attribute(name)) {
        error(n, where(n) + ": missing attribute \"" + name + "\"");
        return 0;
    }
    auto v = parseInteger(n.attribute(name).value());
    const int value = integer(n, name, 0);
    if (v && value <= 0 && *v == value) {
        error(n, where(n) + ": attribute \"" + name + "\" must be greater than 0, got " +
                     std::to_string(value));
        return 0;
    }
    return value;
}

int XmlReader::nonNegative(pugi::xml_node n, const char* name, int fallback) const
{
    if (!n.attribute(name))
        return fallback;
    auto v = parseInteger(n.attribute(name).value());
    const int value = integer(n, name, fallback);
    if (v && *v == value && value < 0) {
        error(n, where(n) + ": attribute \"" + name + "\" must not be negative, got " +
                     std::to_string(value));
        return fallback;
    }
    return value;
}

std::uint32_t XmlReader::unsignedInt(pugi::xml_node n, const char* name, std::uint32_t fallback) const
{
    pugi::xml_attribute a = n.attribute(name);
    if (!a)
        return fallback;
    auto v = parseInteger(a.value());
    if (!v || *v < 0 || *v > std::numeric_limits<std::uint32_t>::max()) {
        error(n, where(n) + ": attribute \"" + name + "\" is not an unsigned 32-bit integer: \"" +
                     a.value() + "\"");
        return fallback;
    }
    return std::uint32_t(*v);
}

double XmlReader::number(pugi::xml_node n, const char* name, double fallback) const
{
    pugi::xml_attribute a = n.attribute(name);
    if (!a)
        return fallback;
    auto v = parseNumber(a.value());
    if (!v) {
        error(n, where(n) + ": attribute \"" + name + "\" is not a number: \"" + a.value() + "\"");
        return fallback;
    }
    return *v;
}

bool XmlReader::boolean(pugi::xml_node n, const char* name, bool fallback) const
{
    pugi::xml_attribute a = n.attribute(name);
    if (!a)
        return fallback;
    const std::string v = a.value();
    if (v == "1" || v == "true")
        return true;
    if (v == "0" || v == "false")
        return false;
    error(n, where(n) + ": attribute \"" + name + "\" is not 0 or 1: \"" + v + "\"");
    return fallback;
}

std::optional<Color> XmlReader::color(pugi::xml_node n, const char* name) const
{
    pugi::xml_attribute a = n.attribute(name);
    if (!a || !*a.value())
        return std::nullopt;
    auto c = parseColor(a.value());
    if (!c)
        error(n, where(n) + ": attribute \"" + name + "\" is not a color (#AARRGGBB or #RRGGBB): \"" +
                     a.value() + "\"");
    return c;
}

} // namespace isostar::map::detail
