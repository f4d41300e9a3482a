#include "engine/terrain/TomlTextEdit.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

namespace eng::terrain {

namespace {

using Path = std::vector<std::string>;

/// A key/value pair found in the text.
struct Entry {
    Path path;                    ///< absolute, from the document root
    std::size_t valueBegin = 0;   ///< the value token [valueBegin, valueEnd)
    std::size_t valueEnd = 0;
    std::size_t lineBegin = 0;    ///< start of the line holding the key (top-level entries)
    std::size_t lineEnd = 0;      ///< just past the line (after its '\n') where the value ends
    std::size_t section = 0;      ///< index into Scan::sections
    bool isTable = false;         ///< the value is an inline table
    bool isArray = false;         ///< the value is an array
    bool topLevel = true;         ///< a line of a section, not an item inside an inline table
    std::size_t closeBrace = 0;   ///< inline table: offset of its '}'
    std::optional<std::size_t> lastItemEnd; ///< inline table: end of its last value, if any
};

/// A `[header]` section (index 0: the root, before any header).
struct Section {
    Path path;
    bool arrayOfTables = false;
    std::size_t headerBegin = 0;  ///< start of the header line
    std::size_t headerEnd = 0;    ///< just past the header line
    std::optional<std::size_t> lastEntry; ///< index into Scan::entries of its last top-level entry
};

struct Scan {
    std::vector<Section> sections;
    std::vector<Entry> entries;
};

/// Thrown inside the scanner only; becomes a Diagnostic at its offset.
struct ScanError {
    std::size_t at;
    std::string message;
};

bool isBare(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

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

int lineOf(std::string_view text, std::size_t at)
{
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(std::min(at, text.size())), '\n'));
}

bool startsWith(const Path& path, const Path& prefix)
{
    return prefix.size() <= path.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
}

Path slice(const Path& path, std::size_t from, std::size_t to)
{
    return Path(path.begin() + std::ptrdiff_t(from), path.begin() + std::ptrdiff_t(to));
}

std::string joinedForMessage(const Path& path) { return formatTomlKey(path); }

/// One edit on `text`; returns an error message (and leaves `text`) when it cannot be placed.
std::optional<std::string> applyOne(std::string& text, const TomlValueEdit& edit, const std::string& newline)
{
    const Path& path = edit.path;
    if (path.empty())
        return std::string("an empty key cannot be written");
    Scan scan;
    try {
        scan = Scanner(text).run();
    } catch (const ScanError& e) {
        return "line " + std::to_string(lineOf(text, e.at)) + ": cannot read the TOML structure: " + e.message;
    }
    auto liveEntry = [&](const Path& p) -> const Entry* {
        for (const Entry& e : scan.entries)
            if (e.path == p && !scan.sections[e.section].arrayOfTables)
                return &e;
        return nullptr;
    };
    const std::string key = joinedForMessage(path);

    // 1. The key is there: replace its token.
    if (const Entry* e = liveEntry(path)) {
        if (e->isTable)
            return key + " (line " + std::to_string(lineOf(text, e->valueBegin)) + ") is a table, not a value";
        text.replace(e->valueBegin, e->valueEnd - e->valueBegin, edit.token);
        return std::nullopt;
    }
    for (const Section& s : scan.sections)
        if (s.path == path)
            return key + " (line " + std::to_string(lineOf(text, s.headerBegin)) + ") is a table, not a value";

    // 2. A prefix of the key is a value: an inline table takes the rest, anything else refuses.
    for (std::size_t k = path.size() - 1; k >= 1; --k) {
        const Entry* e = liveEntry(slice(path, 0, k));
        if (!e)
            continue;
        if (!e->isTable)
            return "cannot write " + key + ": " + joinedForMessage(slice(path, 0, k)) + " (line " +
                   std::to_string(lineOf(text, e->valueBegin)) + ") is not a table";
        const std::string item = formatTomlKey(slice(path, k, path.size())) + " = " + edit.token;
        if (e->lastItemEnd)
            text.insert(*e->lastItemEnd, ", " + item);
        else
            text.insert(e->closeBrace, " " + item + " ");
        return std::nullopt;
    }
    for (const Section& s : scan.sections)
        if (s.arrayOfTables && startsWith(path, s.path))
            return "cannot write " + key + ": it is inside an array of tables (line " +
                   std::to_string(lineOf(text, s.headerBegin)) + ")";

    // 3. A section for the parent table, or one that defines the parent by dotted keys.
    const Path parent = slice(path, 0, path.size() - 1);
    std::optional<std::size_t> target;
    std::size_t targetDepth = 0;
    for (std::size_t i = 0; i < scan.sections.size(); ++i) {
        const Section& s = scan.sections[i];
        if (s.arrayOfTables || !startsWith(parent, s.path))
            continue;
        // The parent's own header, or a shallower section whose dotted keys define the parent.
        bool fits = s.path == parent;
        for (const Entry& e : scan.entries)
            if (!fits && e.section == i && e.topLevel && startsWith(e.path, parent) && e.path.size() > parent.size())
                fits = true;
        if (fits && (!target || s.path.size() >= targetDepth)) {
            target = i;
            targetDepth = s.path.size();
        }
    }
    if (target) {
        const Section& s = scan.sections[*target];
        const std::string line = formatTomlKey(slice(path, s.path.size(), path.size())) + " = " + edit.token;
        std::size_t at = 0;
        std::string indent;
        if (s.lastEntry) {
            const Entry& last = scan.entries[*s.lastEntry];
            at = last.lineEnd;
            const std::size_t indentEnd = text.find_first_not_of(" \t", last.lineBegin);
            indent = text.substr(last.lineBegin, indentEnd - last.lineBegin);
        } else if (*target > 0) {
            at = s.headerEnd;
        } else {
            at = scan.sections.size() > 1 ? scan.sections[1].headerBegin : text.size();
        }
        std::string insert = indent + line + newline;
        if (at > 0 && text[at - 1] != '\n')
            insert = newline + insert;
        text.insert(at, insert);
        return std::nullopt;
    }

    // 4. A new section at the end of the file.
    std::string tail;
    if (!text.empty() && text.back() != '\n')
        tail += newline;
    if (!text.empty())
        tail += newline;
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
    tail += '[';
    tail += formatTomlKey(parent);
    tail += ']';
    tail += newline;
    tail += formatTomlKey(slice(path, path.size() - 1, path.size()));
    tail += " = ";
    tail += edit.token;
    tail += newline;
    text += tail;
    return std::nullopt;
}

} // namespace

Result<std::string> editTomlValues(std::string_view text, const std::vector<TomlValueEdit>& edits,
                                   const std::string& fileName)
{
    const std::string newline = text.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
    std::string out(text);
    for (const TomlValueEdit& edit : edits) {
        if (std::optional<std::string> error = applyOne(out, edit, newline))
            return Result<std::string>::failure(Diagnostic{fileName, 0, *error});
    }
    return out;
}

std::string formatTomlNumber(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return s;
}

std::string formatTomlString(std::string_view s)
{
    std::string out = "\"";
    for (const char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04X", unsigned(static_cast<unsigned char>(c)));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

std::string formatTomlKey(const std::vector<std::string>& path)
{
    std::string out;
    for (const std::string& part : path) {
        if (!out.empty())
            out += '.';
        const bool bare = !part.empty() && std::all_of(part.begin(), part.end(), isBare);
        out += bare ? part : formatTomlString(part);
    }
    return out;
}

} // namespace eng::terrain
