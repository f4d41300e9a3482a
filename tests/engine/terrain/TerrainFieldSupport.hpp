#pragma once
/// \file TerrainFieldSupport.hpp
/// The terrain field tests' ASCII maps (a legend of terrain stacks) and their compiled fields,
/// shared by TerrainFieldTest.cpp and TerrainFieldBoundTest.cpp.
#include "engine/terrain/TerrainField.hpp"

#include <catch2/catch.hpp>

#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace terrainfieldtest {

using namespace isostar::terrain;

inline const std::pair<char, std::string_view> Legend[] = {
    {'.', "grass"}, {'s', "snow"}, {'=', "grass road"}, {'r', "snow road"}, {'#', "grass wall"},
    {'V', "grass volcano_erupting"}, {'v', "grass volcano"}, {'+', "grass tombstone"}, {'~', "water"},
    {'H', "water bridge"}, {'?', "grass lava"}, {' ', ""},
};

inline TerrainGrid ascii(std::initializer_list<std::string_view> rows)
{
    std::vector<std::string_view> r(rows);
    isostar::Result<TerrainGrid> g = terrainGridFromAscii(r, Legend);
    REQUIRE(g.ok());
    return g.value();
}

inline TerrainField compile(const TerrainGrid& grid, const TerrainRules& rules = defaultTerrainConfig().base)
{
    TerrainField f;
    const std::vector<isostar::Diagnostic> warnings = f.build(grid, rules);
    INFO(isostar::formatDiagnostics(warnings));
    CHECK(warnings.empty());
    return f;
}

inline float costAt(const TerrainField& f, int x, int y)
{
    return f.costField().at({x, y});
}

} // namespace terrainfieldtest
