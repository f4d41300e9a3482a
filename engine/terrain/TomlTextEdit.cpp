/// \file TomlTextEdit.cpp
/// editTomlValues: each edit scans the text (detail/TomlScanner.hpp) and is placed by the first
/// step that applies: replace the value token, insert into an inline table, insert a line into
/// a section, or append a new section; and the TOML token formatters.
#include "engine/terrain/TomlTextEdit.hpp"

#include "engine/terrain/detail/TomlScanner.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

namespace isostar::terrain {

namespace {

using detail::Entry;
using detail::isBare;
using detail::Path;
using detail::Scan;
using detail::ScanError;
using detail::Section;

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

/// What one placement step of applyOne did.
struct Step {
    bool done = false;                ///< the step placed the edit, or refused it
    std::optional<std::string> error; ///< refused: why
};

Step placed()
{
    return {true, std::nullopt};
}

Step refused(std::string why)
{
    return {true, std::move(why)};
}

/// The entry of key `p` outside arrays of tables, or null.
const Entry* liveEntry(const Scan& scan, const Path& p)
{
    for (const Entry& e : scan.entries)
        if (e.path == p && !scan.sections[e.section].arrayOfTables)
            return &e;
    return nullptr;
}

/// 1. The key is there: replace its token.
Step replaceValue(std::string& text, const Scan& scan, const TomlValueEdit& edit)
{
    const Path& path = edit.path;
    const std::string key = joinedForMessage(path);
    if (const Entry* e = liveEntry(scan, path)) {
        if (e->isTable)
            return refused(key + " (line " + std::to_string(lineOf(text, e->valueBegin)) + ") is a table, not a value");
        text.replace(e->valueBegin, e->valueEnd - e->valueBegin, edit.token);
        return placed();
    }
    for (const Section& s : scan.sections)
        if (s.path == path)
            return refused(key + " (line " + std::to_string(lineOf(text, s.headerBegin)) + ") is a table, not a value");
    return {};
}

/// 2. A prefix of the key is a value: an inline table takes the rest, anything else refuses; so
/// does an array of tables holding the key.
Step insertIntoInlineTable(std::string& text, const Scan& scan, const TomlValueEdit& edit)
{
    const Path& path = edit.path;
    const std::string key = joinedForMessage(path);
    for (std::size_t k = path.size() - 1; k >= 1; --k) {
        const Entry* e = liveEntry(scan, slice(path, 0, k));
        if (!e)
            continue;
        if (!e->isTable)
            return refused("cannot write " + key + ": " + joinedForMessage(slice(path, 0, k)) + " (line " +
                           std::to_string(lineOf(text, e->valueBegin)) + ") is not a table");
        const std::string item = formatTomlKey(slice(path, k, path.size())) + " = " + edit.token;
        if (e->lastItemEnd)
            text.insert(*e->lastItemEnd, ", " + item);
        else
            text.insert(e->closeBrace, " " + item + " ");
        return placed();
    }
    for (const Section& s : scan.sections)
        if (s.arrayOfTables && startsWith(path, s.path))
            return refused("cannot write " + key + ": it is inside an array of tables (line " +
                           std::to_string(lineOf(text, s.headerBegin)) + ")");
    return {};
}

/// The section a new line for `parent`'s key goes into: the parent's own header, or the deepest
/// shallower section whose dotted keys define the parent.
std::optional<std::size_t> sectionFor(const Scan& scan, const Path& parent)
{
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
    return target;
}

/// 3. A section for the parent table, or one that defines the parent by dotted keys: a new line
/// after its last key/value line (with that line's indentation).
Step insertIntoSection(std::string& text, const Scan& scan, const TomlValueEdit& edit, const std::string& newline)
{
    const Path& path = edit.path;
    const std::optional<std::size_t> target = sectionFor(scan, slice(path, 0, path.size() - 1));
    if (!target)
        return {};
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
    return placed();
}

/// 4. A new section at the end of the file.
void appendSection(std::string& text, const TomlValueEdit& edit, const std::string& newline)
{
    const Path& path = edit.path;
    const Path parent = slice(path, 0, path.size() - 1);
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
}

/// One edit on `text`; returns an error message (and leaves `text`) when it cannot be placed.
std::optional<std::string> applyOne(std::string& text, const TomlValueEdit& edit, const std::string& newline)
{
    if (edit.path.empty())
        return std::string("an empty key cannot be written");
    Scan scan;
    try {
        scan = detail::scanToml(text);
    } catch (const ScanError& e) {
        return "line " + std::to_string(lineOf(text, e.at)) + ": cannot read the TOML structure: " + e.message;
    }
    if (Step s = replaceValue(text, scan, edit); s.done)
        return s.error;
    if (Step s = insertIntoInlineTable(text, scan, edit); s.done)
        return s.error;
    if (Step s = insertIntoSection(text, scan, edit, newline); s.done)
        return s.error;
    appendSection(text, edit, newline);
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

} // namespace isostar::terrain
