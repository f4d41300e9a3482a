#include "engine/core/Diagnostic.hpp"

#include "engine/core/Utf8.hpp"

#include <ostream>

namespace isostar {

std::string formatDiagnostic(const Diagnostic& d)
{
    // Appended piece by piece: `":" + std::to_string(...)` trips GCC 12's false -Wrestrict
    // warning (GCC bug 105329) in Release builds.
    std::string out;
    for (const IncludedFrom& step : d.includedFrom) {
        out.append(step.file);
        out.append(": ");
        out.append(step.what);
        if (step.line > 0) {
            out.append(" (line ");
            out.append(std::to_string(step.line));
            out.push_back(')');
        }
        out.append(": ");
    }
    out.append(d.file);
    if (d.line > 0) {
        out.push_back(':');
        out.append(std::to_string(d.line));
    }
    out.append(d.severity == Severity::Error ? ": error: " : ": warning: ");
    out.append(d.message);
    // Paths and messages carry bytes from user files; one pass makes the whole line valid.
    return isValidUtf8(out) ? out : toValidUtf8(out);
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

} // namespace isostar
