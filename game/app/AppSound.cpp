/// \file AppSound.cpp
/// App and the sound (game/audio): the device and the sounds opened at the start, the volumes
/// and mute taken from the settings file's [audio] table; what the file keeps of them when the
/// player changes them (U, the Sound window beside the F2 panel) is saved with the rest of the
/// settings (AppSettings.cpp).
#include "game/app/App.hpp"

#include "game/common/DataDir.hpp"

#include <iostream>

namespace game {

void App::openAudio()
{
    AudioSettings levels = benchmark() ? AudioSettings{} : m_settings.loaded().audio;
    levels.muted = levels.muted || m_opts.mute;
    m_audio.setLevels(levels);
    const std::string silent = m_audio.open(assetsDir() / "sounds");
    if (silent.empty())
        return;
    const std::string text = "sound off: " + silent + " (the game plays silent)";
    std::cerr << "isostar: " << text << '\n';
    if (!scripted())
        m_messages.say(text);
}

AudioSettings App::audioToKeep() const
{
    AudioSettings kept = m_audio.levels();
    if (m_opts.mute && kept.muted)
        kept.muted = m_settings.saved().audio.muted;
    return kept;
}

} // namespace game
