#pragma once
// Helpers for engine/map tests: fixtures are named relative to the project root (so messages
// read "tests/data/bad/x.tmx:7: error: ..."), whatever directory the test binary runs from.

#include "engine/map/MapLoader.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <initializer_list>
#include <string>

namespace maptest {

inline void enterSourceDir()
{
    std::filesystem::current_path(ISOSTAR_SOURCE_DIR);
}

/// Loads a fixture that must load; fails the test with the diagnostics otherwise.
inline isostar::map::MapData load(const std::string& path)
{
    enterSourceDir();
    auto r = isostar::map::loadMap(path);
    INFO(isostar::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return std::move(r).value();
}

/// All diagnostics of a fixture that must fail, one per line.
inline std::string errorsOf(const std::string& path, const isostar::map::LoadLimits& limits = {})
{
    enterSourceDir();
    auto r = isostar::map::loadMap(path, limits);
    REQUIRE_FALSE(r.ok());
    return isostar::formatDiagnostics(r.diagnostics());
}

/// Copies the named folders of tests/data (e.g. "map", "images") into `dir`, so fixtures that
/// name ../images/... still find them.
inline void copyTestData(const std::filesystem::path& dir, std::initializer_list<const char*> folders)
{
    const std::filesystem::path src = std::filesystem::path(ISOSTAR_SOURCE_DIR) / "tests/data";
    for (const char* f : folders)
        std::filesystem::copy(src / f, dir / f, std::filesystem::copy_options::recursive);
}

inline std::size_t nonEmpty(const isostar::map::Layer& l)
{
    std::size_t n = 0;
    for (isostar::map::Gid g : l.tiles.gids)
        n += g != 0;
    return n;
}

} // namespace maptest
