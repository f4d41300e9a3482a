#pragma once
/// \file Diagnostic.hpp
/// One problem found in user input (a map, a tileset, a config file), with where it is and, for a
/// file that another file refers to (an external tileset, a template), the chain of references
/// that led there, like a compiler's "included from" lines.

#include <iosfwd>
#include <string>
#include <vector>

namespace isostar {

enum class Severity { Error, Warning };

/// One step of an "included from" chain: `file` (at `line`) refers to the next file.
struct IncludedFrom {
    std::string file;   ///< the referring file (as given, or resolved relative path)
    int line = 0;       ///< 1-based line of the reference, 0 if unknown (JSON files)
    std::string what;   ///< what it refers to as the file spells it, e.g. `tileset "t.tsx"`
    bool operator==(const IncludedFrom&) const = default;
};

/// A problem in a file the user wrote. `line` is 1-based; 0 means "no line known".
struct Diagnostic {
    std::string file;   ///< path as the user would recognise it (as given, or resolved relative path)
    int line = 0;       ///< 1-based line, 0 if unknown
    std::string message;
    Severity severity = Severity::Error;
    /// How `file` was reached, outermost first (the map, then e.g. a template, ...); empty for
    /// the file that was opened directly.
    std::vector<IncludedFrom> includedFrom = {};

    bool operator==(const Diagnostic&) const = default;
};

/// Formats as `file:line: error: message` (line omitted when 0), the style of compilers, after
/// the chain `map.tmx: tileset "t.tsx" (line 3): ` per IncludedFrom step (outermost first):
/// `maps/x.tmx: tileset "t.tsx" (line 3): maps/t.tsx:2: error: XML syntax error: ...`.
/// The text is valid UTF-8 whatever bytes the paths and messages hold (ill-formed bytes become
/// U+FFFD, see Utf8.hpp), so it can go to a console, a HUD or JSON as it is.
std::string formatDiagnostic(const Diagnostic& d);
/// All diagnostics, one per line.
std::string formatDiagnostics(const std::vector<Diagnostic>& ds);
std::ostream& operator<<(std::ostream& os, const Diagnostic& d);

} // namespace isostar
