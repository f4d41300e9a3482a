/// \file Footsteps.cpp
/// The footstep of a cell, and footfalls along the walk cycle.
#include "game/audio/Footsteps.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <span>
#include <string>

namespace game {

namespace {

std::string lowered(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

/// The step a terrain rule's name gives, or nullopt for a terrain that is no surface (a tent,
/// a tombstone on the grass).
std::optional<Sfx> surfaceOf(const std::string& name)
{
    if (name == "road" || name == "bridge")
        return Sfx::StepRoad;
    if (name == "snow")
        return Sfx::StepSnow;
    if (name == "grass" || name == "flowers")
        return Sfx::StepGrass;
    return std::nullopt;
}

} // namespace

Sfx stepSoundAt(const World& world, isostar::TileCoord cell)
{
    if (world.terrains.empty())
        return Sfx::StepOther;
    const isostar::terrain::TerrainField& field = world.terrains.front().terrain;
    const isostar::terrain::TerrainGrid& grid = field.grid();
    if (!grid.inBounds(cell) || grid.isVoid(grid.index(cell)))
        return Sfx::StepOther;
    const std::span<const isostar::terrain::TerrainId> stack = grid.cell(cell);
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        const std::string& name = grid.names[std::size_t(*it)];
        const isostar::terrain::TerrainRule* rule = field.rules().find(name);
        if (const std::optional<Sfx> s = surfaceOf(lowered(rule ? rule->name : name)))
            return *s;
        if (rule && rule->covers)
            break;
    }
    return Sfx::StepOther;
}

isostar::TileCoord footCell(const Unit& u)
{
    return {int(std::floor(u.pos.x)), int(std::floor(u.pos.y))};
}

void Footsteps::update(const Party& party, const std::function<double(std::size_t)>& cycleSec,
                       std::vector<std::size_t>& stepped)
{
    const std::vector<Unit>& units = party.units();
    m_lastTimeSec.resize(units.size(), -1.0);
    for (std::size_t i = 0; i < units.size(); ++i) {
        const Unit& u = units[i];
        if (u.anim.clip != "walk") {
            m_lastTimeSec[i] = -1.0;
            continue;
        }
        // A walk that began (or began again: the clip restarts at 0) since the last call counts
        // from the clip's start.
        const double now = u.anim.timeSec;
        const double before = m_lastTimeSec[i] < 0.0 || m_lastTimeSec[i] > now ? 0.0 : m_lastTimeSec[i];
        m_lastTimeSec[i] = now;
        double cycle = cycleSec(i);
        if (!(cycle > 0.0))
            cycle = DefaultWalkCycleSec;
        const double half = cycle / 2.0, first = cycle / 4.0;
        if (std::floor((now - first) / half) > std::floor((before - first) / half))
            stepped.push_back(i);
    }
}

} // namespace game
