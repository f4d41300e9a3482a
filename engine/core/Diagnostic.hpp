#pragma once
/// \file Diagnostic.hpp
/// One problem found in user input (a map, a tileset, a config file), with where it is.

#include <iosfwd>
#include <string>
#include <vector>

namespace eng {

enum class Severity { Error, Warning };

/// A problem in a file the user wrote. `line` is 1-based; 0 means "no line known".
struct Diagnostic {
    std::string file;   ///< path as the user would recognise it (as given, or resolved relative path)
    int line = 0;       ///< 1-based line, 0 if unknown
    std::string message;
    Severity severity = Severity::Error;

    bool operator==(const Diagnostic&) const = default;
};

/// Formats as `file:line: error: message` (line omitted when 0), the style of compilers.
std::string formatDiagnostic(const Diagnostic& d);
/// All diagnostics, one per line.
std::string formatDiagnostics(const std::vector<Diagnostic>& ds);
std::ostream& operator<<(std::ostream& os, const Diagnostic& d);

} // namespace eng
