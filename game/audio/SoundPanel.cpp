/// \file SoundPanel.cpp
/// The Sound window (Dear ImGui).
#include "game/audio/SoundPanel.hpp"

#include <imgui.h>

namespace game {

bool drawSoundPanel(AudioSettings& levels, bool heard)
{
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    // Top right, clear of the tuning panel (left) and of the map's middle.
    ImGui::SetNextWindowPos(ImVec2(display.x - 270.f, 230.f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(260.f, 0.f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.94f);
    bool changed = false;
    if (ImGui::Begin("Sound")) {
        changed |= ImGui::SliderFloat("master", &levels.master, 0.f, 1.f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
        changed |= ImGui::SliderFloat("effects", &levels.effects, 0.f, 1.f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
        changed |= ImGui::SliderFloat("ambience", &levels.ambience, 0.f, 1.f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
        changed |= ImGui::Checkbox("muted (U)", &levels.muted);
        if (!heard)
            ImGui::TextDisabled("no audio device: silent");
    }
    ImGui::End();
    return changed;
}

} // namespace game
