#include "engine/core/Diagnostic.hpp"

#include <ostream>

namespace eng {

std::string formatDiagnostic(const Diagnostic& d)
{
    std::string out = d.file;
    if (d.line > 0)
        out += ":" + std::to_string(d.line);
    out += d.severity == Severity::Error ? ": error: " : ": warning: ";
    out += d.message;
    return out;
}

std::string formatDiagnostics(const std::vector<Diagnostic>& ds)
{
    std::string out;
    for (const Diagnostic& d : ds) {
        out += formatDiagnostic(d);
        out += '\n';
    }
    return out;
}

std::ostream& operator<<(std::ostream& os, const Diagnostic& d)
{
    return os << formatDiagnostic(d);
}

} // namespace eng
