/// \file AppSound.cpp
/// App and the sound (game/audio): the device and the sounds opened at the start, the volumes
/// and mute taken from the settings file's [audio] table and kept there when the player changes
/// them (U, the Sound window beside the F2 panel).
#include "game/app/App.hpp"

#include "game/common/DataDir.hpp"

#include <chrono>
#include <iostream>

namespace game {

void App::openAudio()
{
    const bool benchmark = m_opts.benchFrames > 0 || m_opts.benchUnits > 0 || m_opts.benchLoad;
    m_soundSettings.emplace(benchmark ? std::nullopt : settingsPath());
    AudioSettings levels = m_soundSettings->loaded().audio;
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
    if (m_opts.mute && kept.muted && m_soundSettings)
        kept.muted = m_soundSettings->saved().audio.muted;
    return kept;
}

void App::keepAudioSettings(bool atExit)
{
    if (!m_soundSettings)
        return;
    // What the sound does not change stays as the file has it.
    Settings now = m_soundSettings->saved();
    now.audio = audioToKeep();
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    const std::string error = atExit ? m_soundSettings->flush(now) : m_soundSettings->update(now, sec);
    if (error.empty())
        return;
    std::cerr << "isostar: " << error << '\n';
    if (!atExit)
        m_messages.say(error, true);
}

} // namespace game
