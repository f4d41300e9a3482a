#pragma once
/// \file Options.hpp
/// Command line of `isostar` (play, script, bench).

#include <string>

namespace game {

struct Options {
    std::string mapPath;      ///< --map; main() starts it at defaultMapPath() (game/common/DataDir.hpp)
    bool mapGiven = false;    ///< --map or --bench-load named the map (else the settings' last map is played)
    std::string configPath;   ///< --config, "" = resolved from the map
    std::string profile;      ///< --profile
    std::string scriptPath;   ///< --script: run it and exit
    bool fog = false;         ///< --fog: fog of war on from the start
    int benchFrames = 0;      ///< --bench-frames N: render N frames, print timings, exit
    double benchEdits = 0.0;  ///< --bench-edits K: K random edits per second (game time) while benching
    int benchUnits = 0;       ///< --bench-units N: N units with random goals, print frame and path figures, exit
    int benchUnitFrames = 600;  ///< --frames F: frames of --bench-units
    bool benchLoad = false;   ///< --bench-load MAP: open the map, print start-up figures, exit
    int benchGroup = 1;         ///< --group G: --bench-units orders units in groups of G sharing a goal
    double benchBigFraction = 0.0;  ///< --bench-big-fraction F: that share of the --bench-units units is of size 2
    bool showMinimap = true;  ///< false: --no-minimap (M shows it); true: as the settings say
    bool mute = false;        ///< --mute: no sound this run (U unmutes; the settings file keeps its value)
    unsigned width = 1280;    ///< the window's; play and scripts take the settings' (game/settings)
    unsigned height = 720;
};

inline constexpr int ExitOk = 0;
inline constexpr int ExitFailure = 1;
inline constexpr int ExitBadInput = 2;

} // namespace game
