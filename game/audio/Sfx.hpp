#pragma once
/// \file Sfx.hpp
/// The game's sounds by name: assets/sounds/NAME.wav (made by tools/sfxgen), the name `dump`
/// lists under `audio.played`.

#include <array>
#include <string_view>

namespace game {

enum class Sfx {
    StepGrass,
    StepSnow,
    StepRoad,
    StepOther,
    VolcanoRumble,  ///< loop
    AmbienceWind,   ///< loop
    AmbienceBirds,  ///< loop
    OrderGiven,
    OrderRefused,
    OrderCutShort,
    Select,
    Brush,
    Save,
    ReloadFailed,
};
inline constexpr std::size_t SfxCount = 14;

/// "step_grass", ...: the file's name without `.wav`.
inline std::string_view sfxName(Sfx s)
{
    static constexpr std::array<std::string_view, SfxCount> names = {
        "step_grass",  "step_snow",    "step_road",     "step_other",      "volcano_rumble", "ambience_wind",
        "ambience_birds", "order_given", "order_refused", "order_cut_short", "select",         "brush",
        "save",        "reload_failed"};
    return names[std::size_t(s)];
}

/// Sounds of the world that play in a loop while their source lasts.
inline bool isLoop(Sfx s)
{
    return s == Sfx::VolcanoRumble || s == Sfx::AmbienceWind || s == Sfx::AmbienceBirds;
}

} // namespace game
