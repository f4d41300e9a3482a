/// \file TomlScanner.cpp
/// The structural TOML scanner (detail/TomlScanner.hpp): statements, dotted and quoted keys,
/// section headers, and the extent of every value, with the items of inline tables recorded as
/// entries of their own.
#include "engine/terrain/detail/TomlScanner.hpp"

namespace isostar::terrain::detail {

bool isBare(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

namespace {

/// A structural scanner of TOML text: statements, keys and the extent of every value. Values are
/// skipped lexically (strings with escapes, arrays, inline tables, bare scalars and date-times).
class Scanner {
public:
    explicit Scanner(std::string_view text) : m_s(text) {}

    Scan run()
    {
        Scan scan;
        scan.sections.push_back(Section{});
        while (true) {
            skipBlankLinesAndComments();
            if (m_i >= m_s.size())
                break;
            const std::size_t lineBegin = lineStart(m_i);
            if (m_s[m_i] == '[') {
                Section sec;
                sec.headerBegin = lineBegin;
                ++m_i;
                if (peek() == '[') {
                    sec.arrayOfTables = true;
                    ++m_i;
                }
                sec.path = key();
                expect(']');
                if (sec.arrayOfTables)
                    expect(']');
                endOfLine();
                sec.headerEnd = m_i;
                scan.sections.push_back(std::move(sec));
                continue;
            }
            const std::size_t sectionIndex = scan.sections.size() - 1;
            Path path = scan.sections.back().path;
            for (std::string& k : key())
                path.push_back(std::move(k));
            skipSpaces();
            expect('=');
            skipSpaces();
            const std::size_t entryIndex = scan.entries.size();
            scan.entries.emplace_back();
            value(scan, entryIndex, path);
            Entry& e = scan.entries[entryIndex];
            e.path = std::move(path);
            e.section = sectionIndex;
            e.lineBegin = lineBegin;
            e.topLevel = true;
            endOfLine();
            scan.entries[entryIndex].lineEnd = m_i;
            scan.sections[sectionIndex].lastEntry = entryIndex;
        }
        return scan;
    }

private:
    std::string_view m_s;
    std::size_t m_i = 0;

    char peek(std::size_t ahead = 0) const { return m_i + ahead < m_s.size() ? m_s[m_i + ahead] : '\0'; }
    [[noreturn]] void fail(std::string message) const { throw ScanError{m_i, std::move(message)}; }

    std::size_t lineStart(std::size_t at) const
    {
        const std::size_t nl = m_s.rfind('\n', at == 0 ? 0 : at - 1);
        return (at == 0 || nl == std::string_view::npos) ? 0 : nl + 1;
    }

    void skipSpaces()
    {
        while (peek() == ' ' || peek() == '\t')
            ++m_i;
    }

    void skipComment()
    {
        if (peek() == '#')
            while (m_i < m_s.size() && m_s[m_i] != '\n')
                ++m_i;
    }

    void skipBlankLinesAndComments()
    {
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
                ++m_i;
            else if (c == '#')
                skipComment();
            else
                break;
        }
    }

    /// Whitespace, comment and newline inside arrays (and, leniently, inline tables).
    void skipInsideBrackets() { skipBlankLinesAndComments(); }

    /// After a statement: spaces, an optional comment, then the newline (or the end).
    void endOfLine()
    {
        skipSpaces();
        skipComment();
        if (peek() == '\r')
            ++m_i;
        if (m_i < m_s.size()) {
            if (m_s[m_i] != '\n')
                fail("expected the end of the line");
            ++m_i;
        }
    }

    void expect(char c)
    {
        skipSpaces();
        if (peek() != c)
            fail(std::string("expected '") + c + "'");
        ++m_i;
    }

    /// A dotted key; components unquoted (simple escapes decoded).
    Path key()
    {
        Path path;
        while (true) {
            skipSpaces();
            std::string part;
            const char c = peek();
            if (c == '"') {
                ++m_i;
                while (peek() != '"') {
                    if (m_i >= m_s.size() || peek() == '\n')
                        fail("unterminated quoted key");
                    if (peek() == '\\') {
                        ++m_i;
                        const char e = peek();
                        part += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
                    } else {
                        part += peek();
                    }
                    ++m_i;
                }
                ++m_i;
            } else if (c == '\'') {
                ++m_i;
                while (peek() != '\'') {
                    if (m_i >= m_s.size() || peek() == '\n')
                        fail("unterminated quoted key");
                    part += m_s[m_i++];
                }
                ++m_i;
            } else {
                while (isBare(peek()))
                    part += m_s[m_i++];
                if (part.empty())
                    fail("expected a key");
            }
            path.push_back(std::move(part));
            skipSpaces();
            if (peek() != '.')
                return path;
            ++m_i;
        }
    }

    void basicString()
    {
        if (m_s.substr(m_i, 3) == "\"\"\"") {
            m_i += 3;
            while (true) {
                if (m_i >= m_s.size())
                    fail("unterminated string");
                if (m_s[m_i] == '\\') {
                    m_i += 2;
                    continue;
                }
                if (m_s.substr(m_i, 3) == "\"\"\"") {
                    m_i += 3;
                    for (int extra = 0; extra < 2 && peek() == '"'; ++extra)
                        ++m_i;
                    return;
                }
                ++m_i;
            }
        }
        ++m_i;
        while (peek() != '"') {
            if (m_i >= m_s.size() || peek() == '\n')
                fail("unterminated string");
            m_i += peek() == '\\' ? 2 : 1;
        }
        ++m_i;
    }

    void literalString()
    {
        if (m_s.substr(m_i, 3) == "'''") {
            const std::size_t close = m_s.find("'''", m_i + 3);
            if (close == std::string_view::npos)
                fail("unterminated string");
            m_i = close + 3;
            for (int extra = 0; extra < 2 && peek() == '\''; ++extra)
                ++m_i;
            return;
        }
        const std::size_t close = m_s.find('\'', m_i + 1);
        if (close == std::string_view::npos || m_s.substr(m_i, close - m_i).find('\n') != std::string_view::npos)
            fail("unterminated string");
        m_i = close + 1;
    }

    /// Skips one value; records inline-table items as entries (with absolute paths).
    void value(Scan& scan, std::size_t entryIndex, const Path& path)
    {
        scan.entries[entryIndex].valueBegin = m_i;
        const char c = peek();
        if (c == '"') {
            basicString();
        } else if (c == '\'') {
            literalString();
        } else if (c == '[') {
            scan.entries[entryIndex].isArray = true;
            ++m_i;
            Scan ignored; // items of arrays are not addressable by key
            ignored.entries.emplace_back();
            while (true) {
                skipInsideBrackets();
                if (peek() == ']')
                    break;
                value(ignored, 0, path);
                skipInsideBrackets();
                if (peek() == ',') {
                    ++m_i;
                    continue;
                }
                if (peek() != ']')
                    fail("expected ',' or ']' in an array");
            }
            ++m_i;
        } else if (c == '{') {
            scan.entries[entryIndex].isTable = true;
            ++m_i;
            std::optional<std::size_t> lastItemEnd;
            while (true) {
                skipInsideBrackets();
                if (peek() == '}')
                    break;
                Path itemPath = path;
                for (std::string& k : key())
                    itemPath.push_back(std::move(k));
                expect('=');
                skipSpaces();
                const std::size_t itemIndex = scan.entries.size();
                scan.entries.emplace_back();
                value(scan, itemIndex, itemPath);
                Entry& item = scan.entries[itemIndex];
                item.path = std::move(itemPath);
                item.topLevel = false;
                lastItemEnd = item.valueEnd;
                skipInsideBrackets();
                if (peek() == ',') {
                    ++m_i;
                    continue;
                }
                if (peek() != '}')
                    fail("expected ',' or '}' in an inline table");
            }
            scan.entries[entryIndex].closeBrace = m_i;
            scan.entries[entryIndex].lastItemEnd = lastItemEnd;
            ++m_i;
        } else {
            // Numbers, booleans, dates: up to a delimiter; a date-time may hold one space.
            const std::size_t begin = m_i;
            while (m_i < m_s.size() && std::string_view(",]}#\r\n").find(m_s[m_i]) == std::string_view::npos)
                ++m_i;
            while (m_i > begin && (m_s[m_i - 1] == ' ' || m_s[m_i - 1] == '\t'))
                --m_i;
            if (m_i == begin)
                fail("expected a value");
        }
        scan.entries[entryIndex].valueEnd = m_i;
    }
};

} // namespace

Scan scanToml(std::string_view text)
{
    return Scanner(text).run();
}

} // namespace isostar::terrain::detail
