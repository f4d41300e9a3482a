#pragma once
/// \file SoundPanel.hpp
/// The Sound window beside the tuning panel (F2): master, effects and ambience volumes and
/// mute, changed live. The ImGui calls only: call inside an ImGui frame (ImGuiLayer::draw).
///
/// \code
/// game::AudioSettings levels = audio.levels();
/// if (game::drawSoundPanel(levels, audio.enabled())) { audio.setLevels(levels); keep(levels); }
/// \endcode

#include "game/audio/Mixer.hpp"

namespace game {

/// Draws the window (top right, below the HUD's tile panel) over `levels`; true when the player
/// changed a value (the caller applies and saves it). `heard` false: it says there is no device.
bool drawSoundPanel(AudioSettings& levels, bool heard);

} // namespace game
