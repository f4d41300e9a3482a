#pragma once
/// \file Result.hpp
/// `Result<T>`: either a value or the list of diagnostics that explain why there is none.
/// Loaders of user input return it; they collect every problem they can and fail once.
///
/// \code
/// #include "engine/map/MapLoader.hpp"
/// isostar::Result<isostar::map::MapData> r = isostar::map::loadMap("maps/valley.tmx");
/// if (!r) { std::cerr << isostar::formatDiagnostics(r.diagnostics()); return 2; }
/// const isostar::map::MapData& map = r.value();
/// std::cout << map.width << "x" << map.height << " cells\n";
/// \endcode

#include "engine/core/Assert.hpp"
#include "engine/core/Diagnostic.hpp"

#include <optional>
#include <utility>
#include <vector>

namespace isostar {

template <typename T>
class Result {
public:
    /// Success. Warnings may still be attached.
    Result(T value, std::vector<Diagnostic> warnings = {})
        : m_value(std::move(value)), m_diagnostics(std::move(warnings)) {}
    /// Failure: at least one diagnostic with Severity::Error.
    static Result failure(std::vector<Diagnostic> errors)
    {
        ISOSTAR_ASSERT(!errors.empty(), "a failed Result needs at least one diagnostic");
        Result r;
        r.m_diagnostics = std::move(errors);
        return r;
    }
    static Result failure(Diagnostic error) { return failure(std::vector<Diagnostic>{std::move(error)}); }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    const T& value() const& { ISOSTAR_ASSERT(ok(), "value() on a failed Result"); return *m_value; }
    T& value() & { ISOSTAR_ASSERT(ok(), "value() on a failed Result"); return *m_value; }
    T&& value() && { ISOSTAR_ASSERT(ok(), "value() on a failed Result"); return std::move(*m_value); }

    /// Errors on failure; warnings (possibly none) on success.
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }

private:
    Result() = default;
    std::optional<T> m_value;
    std::vector<Diagnostic> m_diagnostics;
};

} // namespace isostar
