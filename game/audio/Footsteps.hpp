#pragma once
/// \file Footsteps.hpp
/// What a walk sounds like, without a device: the footstep a cell gives (its terrain, read as
/// the cost field reads it) and the moments each walking unit's feet come down (its walk cycle).
///
/// \code
/// game::Footsteps steps;
/// std::vector<std::size_t> stepped;
/// steps.update(party, [](std::size_t) { return 0.72; }, stepped);   // each tick
/// for (std::size_t i : stepped) play(game::stepSoundAt(world, footCell(party.units()[i])));
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "game/audio/Sfx.hpp"
#include "game/party/Party.hpp"
#include "game/world/World.hpp"

#include <functional>
#include <vector>

namespace game {

/// The surface a cell's terrains make under a foot, as a sound: its terrains from the top down
/// (the rules' names: TerrainRules::find, any case, aliases; nothing below a `covers` terrain),
/// the first that is a road or bridge (StepRoad), snow (StepSnow), grass or flowers (StepGrass);
/// StepOther when none is (or the cell is off the map).
Sfx stepSoundAt(const World& world, isostar::TileCoord cell);

/// The cell under a unit's feet now (its continuous position; grid coordinates).
isostar::TileCoord footCell(const Unit& u);

/// A walk cycle's length when a unit's sprite sheet gives none, seconds (the shipped sheets':
/// 8 frames of 0.09 s).
inline constexpr double DefaultWalkCycleSec = 0.72;

/// Two footfalls per walk cycle, where the sprites' feet come down: at a quarter and at three
/// quarters of the cycle (tools/artgen/Party.cpp: a foot lifts while the cosine of the cycle's
/// phase is above 0 and lands when it crosses it). Units are followed by index; a unit whose
/// clip is not "walk" is standing.
class Footsteps {
public:
    /// The units (indices) whose foot came down since the last call, at most one each.
    /// `cycleSec(i)`: unit i's walk cycle, seconds (<= 0: DefaultWalkCycleSec).
    void update(const Party& party, const std::function<double(std::size_t)>& cycleSec, std::vector<std::size_t>& stepped);

private:
    std::vector<double> m_lastTimeSec;  ///< per unit: its walk clip's time at the last update, < 0 standing
};

} // namespace game
