#pragma once
// Helpers for engine/map tests: fixtures are named relative to the project root (so messages
// read "tests/data/bad/x.tmx:7: error: ..."), whatever directory the test binary runs from.

#include "engine/map/MapLoader.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

namespace maptest {

inline void enterSourceDir()
{
    std::filesystem::current_path(ISOSTAR_SOURCE_DIR);
}

/// Loads a fixture that must load; fails the test with the diagnostics otherwise.
inline eng::map::MapData load(const std::string& path)
{
    enterSourceDir();
    auto r = eng::map::loadMap(path);
    INFO(eng::formatDiagnostics(r.diagnostics()));
    REQUIRE(r.ok());
    return std::move(r).value();
}

/// All diagnostics of a fixture that must fail, one per line.
inline std::string errorsOf(const std::string& path, const eng::map::LoadLimits& limits = {})
{
    enterSourceDir();
    auto r = eng::map::loadMap(path, limits);
    REQUIRE_FALSE(r.ok());
    return eng::formatDiagnostics(r.diagnostics());
}

inline std::size_t nonEmpty(const eng::map::Layer& l)
{
    std::size_t n = 0;
    for (eng::map::Gid g : l.tiles.gids)
        n += g != 0;
    return n;
}

} // namespace maptest
