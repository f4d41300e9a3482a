#pragma once
/// \file FixedStep.hpp
/// The simulation's fixed step: play, scripts, benches and tests advance the game by it, so a
/// script gives the same result on any machine.

namespace game {

inline constexpr double FixedStepSec = 1.0 / 60.0;

} // namespace game
