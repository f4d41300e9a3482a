#pragma once
/// \file Algorithm.hpp
/// The search algorithm of `isopath path`, `isopath scen` and `isopath bench`
/// (`--algorithm auto|astar|jps|jpsw`): the engine's SearchAlgorithm, whose `auto` rule
/// (isostar::path::resolveAlgorithm) the game's PathService follows too.

#include "engine/path/SearchAlgorithm.hpp"

namespace isopath {

using Algorithm = isostar::path::SearchAlgorithm;

} // namespace isopath
