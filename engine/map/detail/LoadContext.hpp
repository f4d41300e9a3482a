#pragma once
/// \file LoadContext.hpp
/// Internal to engine/map: state shared by the TMX and TMJ parsers while one map loads —
/// the limits, the diagnostics collected so far, and caches of external tilesets and templates
/// (each file is read once even when many objects name it).

#include "engine/core/Diagnostic.hpp"
#include "engine/map/MapData.hpp"
#include "engine/map/MapLoader.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::map::detail {

/// Maps byte offsets of a file's text to 1-based line numbers.
class LineTable {
public:
    LineTable() = default;
    explicit LineTable(std::string_view text);
    int lineAt(std::size_t offset) const;

private:
    std::vector<std::size_t> m_lineStarts;
};

/// A template (.tx/.tj): one object plus the tileset its gid refers to.
struct TemplateData {
    Object object;
    bool hasGid = false;
    std::optional<Tileset> tileset; ///< with the template file's own firstGid
};

struct LoadContext {
    LoadLimits limits;
    std::vector<Diagnostic> diagnostics;
    std::uint64_t totalCells = 0; ///< cells allocated so far for tile layers of this map
    /// External tilesets by resolved path; nullopt = failed to load (already reported).
    std::map<std::string, std::optional<Tileset>> tilesets;
    std::map<std::string, std::shared_ptr<const TemplateData>> templates; ///< null = failed
    int nesting = 0; ///< file nesting depth (map -> template -> tileset), guards cycles
    /// The references that led to the file being parsed now, outermost first (empty while the
    /// map itself is parsed); every error gets a copy, so it prints as an "included from" chain.
    std::vector<IncludedFrom> includeStack;

    void error(const std::string& file, int line, std::string message)
    {
        diagnostics.push_back(Diagnostic{file, line, std::move(message), Severity::Error, includeStack});
    }
    bool failed() const { return !diagnostics.empty(); }
};

/// The tilesets known while a map is parsed, including first gids whose tileset failed to load
/// (gids in their ranges are not reported again as "outside every tileset").
struct GidRanges {
    const std::vector<Tileset>* tilesets = nullptr;
    std::vector<Gid> failedFirstGids;
    /// True when the gid (flip bits removed, non-zero) belongs to a tileset or to a failed one.
    bool accepts(Gid gid) const;
};

/// Splits a raw Tiled gid into the gid and flip:: flags.
inline void splitGid(std::uint32_t raw, Gid& gid, std::uint8_t& flags)
{
    flags = std::uint8_t(((raw >> 31) & 1u) * flip::Horizontal | ((raw >> 30) & 1u) * flip::Vertical |
                         ((raw >> 29) & 1u) * flip::Diagonal | ((raw >> 28) & 1u) * flip::Rotated120);
    gid = raw & ~flip::RawMask;
}

} // namespace isostar::map::detail
