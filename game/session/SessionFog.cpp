/// \file SessionFog.cpp
/// Session: the fog of war. The party plans on the fog's belief grid while it is on; what units
/// see goes into it and the units whose paths cross a newly known cell replan (the path service,
/// one message), as after an edit.
#include "game/session/Session.hpp"

namespace game {

namespace {

/// The sight blockers of a world (under its default profile's terrain rules).
SightMap blockersOf(const World& world)
{
    return world.terrains.empty() ? SightMap(world.nav.width(), world.nav.height())
                                  : sightBlockers(world.terrains.front().terrain);
}

} // namespace

const isostar::path::NavGrid& Session::planGrid() const
{
    return m_fog.active() ? m_fog.belief() : m_host.world().nav;
}

void Session::resetFog(bool keepKnown)
{
    m_fog.reset(world().nav, blockersOf(world()), keepKnown);
    m_viewers.clear();
    m_sightDirty.clear();
}

void Session::fogFollowsWorld(std::span<const isostar::path::NavDirty> dirty, std::vector<isostar::path::NavDirty>& out)
{
    out = m_fog.realChanged(world().nav, dirty);
    m_fog.setBlockers(blockersOf(world()));
    // A wall gone may open a view, a wall painted closes one: sight is looked at again.
    m_viewers.clear();
    std::vector<Viewer> eyes;
    for (const Unit& u : m_party.units())
        eyes.push_back({u.tile, world().sightOf(u.name, u.profile), u.size});
    for (isostar::path::NavDirty& d : m_fog.see(world().nav, eyes))
        out.push_back(std::move(d));
    m_viewers = std::move(eyes);
}

bool Session::updateSight(bool force)
{
    if (!m_fog.active())
        return false;
    std::vector<Viewer> eyes;
    eyes.reserve(m_party.units().size());
    for (const Unit& u : m_party.units())
        eyes.push_back({u.tile, world().sightOf(u.name, u.profile), u.size});
    if (force || eyes != m_viewers) {
        for (isostar::path::NavDirty& d : m_fog.see(world().nav, eyes))
            m_sightDirty.push_back(std::move(d));
        m_viewers = std::move(eyes);
    }
    if (m_sightDirty.empty())
        return false;
    const std::vector<isostar::path::NavDirty> dirty = std::move(m_sightDirty);
    m_sightDirty.clear();
    replanAfter(dirty, "sight", "they see new ground ahead");
    return true;
}

void Session::rebindKeepingGoals(const isostar::path::NavGrid& grid)
{
    std::vector<std::pair<int, isostar::TileCoord>> walkers;
    for (std::size_t i = 0; i < m_party.units().size(); ++i)
        if (m_party.units()[i].moving())
            walkers.push_back({int(i), m_party.units()[i].goal});
    makeFootprintLayers();
    m_party.rebind(grid);
    for (const auto& [index, goal] : walkers)
        m_party.sendTo(index, goal);
}

SessionChange Session::setFog(bool on)
{
    SessionChange c;
    if (!m_host.loaded() || on == m_fog.active())
        return finish(std::move(c));
    if (on) {
        resetFog(false);
        rebindKeepingGoals(m_fog.belief());
        updateSight(true);
        say("fog of war on: units plan on what the party has seen (unknown ground counts as open)");
    } else {
        rebindKeepingGoals(m_host.world().nav);  // before the belief grid goes
        m_fog.clear();
        m_viewers.clear();
        m_sightDirty.clear();
        say("fog of war off: units plan on the real map");
    }
    c.previewStale = true;
    return finish(std::move(c));
}

} // namespace game
