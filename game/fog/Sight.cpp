/// \file Sight.cpp
/// Line of sight: sight blockers from terrain, the line walk and the cells in sight.
#include "game/fog/Sight.hpp"

#include "engine/terrain/TerrainField.hpp"

#include <algorithm>
#include <cstdlib>

namespace game {

SightMap sightBlockers(const isostar::terrain::TerrainField& field)
{
    SightMap map(field.width(), field.height());
    const isostar::terrain::TerrainGrid& grid = field.grid();
    const isostar::terrain::TerrainRules& rules = field.rules();
    // Per terrain id of the grid: its rule (null when the rules do not know the name).
    std::vector<const isostar::terrain::TerrainRule*> ruleOf;
    for (const std::string& name : grid.names)
        ruleOf.push_back(rules.find(name));
    for (int y = 0; y < map.shape.height; ++y)
        for (int x = 0; x < map.shape.width; ++x) {
            const auto stack = grid.cell({x, y});
            // The topmost covering terrain hides everything below it (as for the cost).
            const std::size_t begin = isostar::terrain::firstUncovered(stack, [&](isostar::terrain::TerrainId t) {
                return t < ruleOf.size() ? ruleOf[t] : nullptr;
            });
            bool block = false;
            for (std::size_t i = begin; i < stack.size() && !block; ++i) {
                const isostar::terrain::TerrainRule* r = stack[i] < ruleOf.size() ? ruleOf[stack[i]] : nullptr;
                block = r && r->blocksSight;
            }
            map.set({x, y}, block);
        }
    map.voids = grid.voids;
    return map;
}

bool withinSight(isostar::TileCoord from, isostar::TileCoord to, int radius)
{
    if (radius < 0)
        return false;
    const long long dx = to.x - from.x, dy = to.y - from.y, r = radius;
    return dx * dx + dy * dy <= r * r + r;
}

bool withinSight(const isostar::GridTopology& topology, isostar::TileCoord from, isostar::TileCoord to, int radius)
{
    if (!topology.hex)
        return withinSight(from, to, radius);
    return radius >= 0 && topology.hexDistance(from, to) <= radius;
}

namespace {

/// Hex: the line from `from` to `to` nudged to one side enters no blocking cell before `to`.
bool hexLineClear(const SightMap& map, isostar::TileCoord from, isostar::TileCoord to, bool otherSide)
{
    const int n = map.topology.hexDistance(from, to);
    for (int i = 1; i < n; ++i)
        if (map.blocking(map.topology.hexLineCell(from, to, i, otherSide)))
            return false;
    return true;
}

} // namespace

bool lineOfSight(const SightMap& map, isostar::TileCoord from, isostar::TileCoord to)
{
    if (map.topology.hex)
        return hexLineClear(map, from, to, false) || hexLineClear(map, from, to, true);
    // Walk the cells the segment between the two centres enters, in order. Step i along x
    // crosses the cell border at t = (2i + 1) / (2 nx), step j along y at (2j + 1) / (2 ny):
    // compared in integers, so a corner (equal t) is found exactly.
    const long long nx = std::llabs(to.x - from.x), ny = std::llabs(to.y - from.y);
    const int sx = to.x > from.x ? 1 : -1, sy = to.y > from.y ? 1 : -1;
    isostar::TileCoord c = from;
    long long ix = 0, iy = 0;
    while (ix < nx || iy < ny) {
        const long long tx = (2 * ix + 1) * ny, ty = (2 * iy + 1) * nx;  // both scaled by 2 nx ny
        if (ix < nx && iy < ny && tx == ty) {
            // Through a corner: sealed only when both cells beside it block.
            if (map.blocking({c.x + sx, c.y}) && map.blocking({c.x, c.y + sy}))
                return false;
            c = {c.x + sx, c.y + sy};
            ++ix;
            ++iy;
        } else if (iy >= ny || (ix < nx && tx < ty)) {
            c.x += sx;
            ++ix;
        } else {
            c.y += sy;
            ++iy;
        }
        if (c == to)
            return true;
        if (map.blocking(c))
            return false;
    }
    return true;
}

void cellsInSight(const SightMap& map, isostar::TileCoord from, int radius, std::vector<isostar::TileCoord>& out)
{
    if (radius < 0)
        return;
    for (int y = std::max(0, from.y - radius); y <= std::min(map.shape.height - 1, from.y + radius); ++y)
        for (int x = std::max(0, from.x - radius); x <= std::min(map.shape.width - 1, from.x + radius); ++x) {
            const isostar::TileCoord c{x, y};
            const bool neighbour = map.topology.hex ? map.topology.hexDistance(from, c) <= 1
                                                    : std::abs(x - from.x) <= 1 && std::abs(y - from.y) <= 1;
            if (withinSight(map.topology, from, c, radius) && (neighbour || lineOfSight(map, from, c)))
                out.push_back(c);
        }
}

} // namespace game
