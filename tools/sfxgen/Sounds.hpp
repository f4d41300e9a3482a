#pragma once
/// \file Sounds.hpp
/// Every sound the game plays, as sfxgen makes it: its name (the file assets/sounds/NAME.wav and
/// the name the game's dump lists), how it is made, and the function that makes it.

#include "tools/sfxgen/Synth.hpp"

#include <string>
#include <vector>

namespace sfxgen {

struct SoundRecipe {
    std::string name;  ///< "step_grass": assets/sounds/step_grass.wav
    std::string how;   ///< one line: how it is made
    Samples (*make)();
};

/// The sounds, in the order sfxgen writes and lists them.
const std::vector<SoundRecipe>& recipes();

} // namespace sfxgen
