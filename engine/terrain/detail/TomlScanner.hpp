#pragma once
/// \file TomlScanner.hpp
/// Internal to engine/terrain: the structural TOML scanner behind editTomlValues. It finds the
/// statements of a TOML text, each key's absolute path and the extent of its value token
/// (strings with escapes, arrays, inline tables, bare scalars and date-times are skipped
/// lexically), and where each `[section]` and its last line are, so a value can be replaced or
/// a key inserted without touching anything else.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::terrain::detail {

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

/// Thrown by scanToml; editTomlValues turns it into a message naming the line of `at`.
struct ScanError {
    std::size_t at;
    std::string message;
};

/// A character of a bare TOML key (A-Z a-z 0-9 _ -).
bool isBare(char c);

/// Scans `text`; throws ScanError at the first place it cannot read. O(text size).
Scan scanToml(std::string_view text);

} // namespace isostar::terrain::detail
