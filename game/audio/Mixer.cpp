/// \file Mixer.cpp
/// Mixer: the device (SFML audio over OpenAL), the voices and loops, and the record of what
/// started.
#include "game/audio/Mixer.hpp"

#include <SFML/Audio.hpp>
#include <SFML/System/Err.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace game {

namespace {

/// A short sound's length when its file does not read (the voice is busy that long).
constexpr double UnknownLengthSec = 0.3;

/// Runs `f` with SFML's error stream captured; what it printed.
template <typename F>
std::string capturingSfmlErrors(F&& f)
{
    std::ostringstream captured;
    std::streambuf* previous = sf::err().rdbuf(captured.rdbuf());
    f();
    sf::err().rdbuf(previous);
    return captured.str();
}

/// Runs `f` with the process's stderr (file descriptor 2) sent to /dev/null: opening the device
/// lets OpenAL and ALSA print a dozen lines when there is none; the game says it once itself.
template <typename F>
void withoutStderr(F&& f)
{
    std::fflush(stderr);
    const int saved = ::dup(2);
    const int null = ::open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0)
        ::dup2(null, 2);
    f();
    std::fflush(stderr);
    if (saved >= 0 && null >= 0)
        ::dup2(saved, 2);
    if (saved >= 0)
        ::close(saved);
    if (null >= 0)
        ::close(null);
}

void placeAt(sf::Sound& sound, float pan)
{
    // Relative to the listener, without distance attenuation: the position only pans.
    pan = std::clamp(pan, -1.f, 1.f);
    sound.setRelativeToListener(true);
    sound.setAttenuation(0.f);
    sound.setPosition(pan, 0.f, -std::sqrt(1.f - pan * pan));
}

} // namespace

/// What exists only with a device. SFML opens the OpenAL device with the first audio resource
/// and closes it with the last: `probe` keeps it open while the mixer lives.
struct Mixer::Device {
    sf::SoundBuffer probe;
    std::array<sf::SoundBuffer, SfxCount> buffers;
    std::array<sf::Sound, MaxVoices> voices;
    std::array<sf::Sound, SfxCount> loops;  ///< used for the loop sounds only
};

Mixer::Mixer() = default;

Mixer::~Mixer()
{
    // Without a device, SFML reports each OpenAL call its resources make on the way out.
    capturingSfmlErrors([this] { m_device.reset(); });
}

std::string Mixer::readLengths(const std::filesystem::path& soundsDir)
{
    m_lengthSec.fill(UnknownLengthSec);
    std::string problem;
    for (std::size_t i = 0; i < SfxCount; ++i) {
        // Read without the device (sf::InputSoundFile is no OpenAL resource): the lengths count
        // voices with a device or without.
        const std::filesystem::path file = soundsDir / (std::string(sfxName(Sfx(i))) + ".wav");
        sf::InputSoundFile in;
        if (!in.openFromFile(file.string()) || in.getSampleRate() == 0 || in.getChannelCount() == 0) {
            if (problem.empty())
                problem = file.string() + ": cannot read the sound";
            continue;
        }
        m_lengthSec[i] = double(in.getSampleCount()) / in.getChannelCount() / in.getSampleRate();
    }
    return problem;
}

std::string Mixer::open(const std::filesystem::path& soundsDir)
{
    if (std::string problem = readLengths(soundsDir); !problem.empty())
        return problem;
    std::unique_ptr<Device> device;
    std::string errors;
    withoutStderr([&] { errors = capturingSfmlErrors([&] { device = std::make_unique<Device>(); }); });
    if (errors.find("audio device") != std::string::npos || errors.find("audio context") != std::string::npos) {
        capturingSfmlErrors([&] { device.reset(); });
        return "no audio device";
    }
    for (std::size_t i = 0; i < SfxCount; ++i) {
        const std::filesystem::path file = soundsDir / (std::string(sfxName(Sfx(i))) + ".wav");
        if (!device->buffers[i].loadFromFile(file.string()))
            return file.string() + ": cannot load the sound";
        if (isLoop(Sfx(i))) {
            device->loops[i].setBuffer(device->buffers[i]);
            device->loops[i].setLoop(true);
            placeAt(device->loops[i], 0.f);
        }
    }
    m_device = std::move(device);
    setLevels(m_levels);
    return {};
}

bool Mixer::enabled() const
{
    return m_device != nullptr;
}

float Mixer::volumeOf(Sfx s, float gain) const
{
    const bool ambience = s == Sfx::AmbienceWind || s == Sfx::AmbienceBirds;
    const float level = m_levels.master * (ambience ? m_levels.ambience : m_levels.effects);
    return 100.f * std::clamp(gain * level, 0.f, 1.f);
}

void Mixer::setLevels(const AudioSettings& levels)
{
    m_levels = levels;
    m_levels.master = std::clamp(m_levels.master, 0.f, 1.f);
    m_levels.effects = std::clamp(m_levels.effects, 0.f, 1.f);
    m_levels.ambience = std::clamp(m_levels.ambience, 0.f, 1.f);
    if (!m_device)
        return;
    for (std::size_t i = 0; i < SfxCount; ++i)
        if (isLoop(Sfx(i)))
            syncLoop(Sfx(i));
    if (m_levels.muted)
        for (sf::Sound& v : m_device->voices)
            v.stop();
}

void Mixer::advance(double dtSec)
{
    m_nowSec += dtSec;
}

void Mixer::record(Sfx s)
{
    m_played.emplace_back(sfxName(s));
    while (m_played.size() > MaxPlayed)
        m_played.pop_front();
}

bool Mixer::play(Sfx s, float gain, float pan, float distance)
{
    // A free voice, else the farthest one when this sound is nearer.
    std::size_t pick = MaxVoices;
    for (std::size_t i = 0; i < MaxVoices; ++i) {
        if (m_voices[i].endSec <= m_nowSec) {
            pick = i;
            break;
        }
        if (pick == MaxVoices || m_voices[i].distance > m_voices[pick].distance)
            pick = i;
    }
    if (m_voices[pick].endSec > m_nowSec && distance >= 0.f && m_voices[pick].distance <= distance)
        return false;
    m_voices[pick] = {m_nowSec + m_lengthSec[std::size_t(s)], distance};
    record(s);
    if (m_device && !m_levels.muted) {
        sf::Sound& voice = m_device->voices[pick];
        voice.stop();
        voice.setBuffer(m_device->buffers[std::size_t(s)]);
        voice.setVolume(volumeOf(s, gain));
        placeAt(voice, pan);
        voice.play();
    }
    return true;
}

void Mixer::loop(Sfx s, float gain, float pan)
{
    const std::size_t i = std::size_t(s);
    gain = std::clamp(gain, 0.f, 1.f);
    if (m_loopGain[i] <= 0.f && gain > 0.f)
        record(s);
    m_loopGain[i] = gain;
    if (!m_device)
        return;
    placeAt(m_device->loops[i], pan);
    syncLoop(s);
}

void Mixer::syncLoop(Sfx s)
{
    // Paused, not stopped, while silent: a loop goes on where it was.
    sf::Sound& loop = m_device->loops[std::size_t(s)];
    const float gain = m_loopGain[std::size_t(s)];
    loop.setVolume(volumeOf(s, gain));
    const bool audible = !m_levels.muted && gain > 0.f;
    if (audible && loop.getStatus() != sf::Sound::Playing)
        loop.play();
    else if (!audible && loop.getStatus() == sf::Sound::Playing)
        loop.pause();
}

float Mixer::loopGain(Sfx s) const
{
    return m_loopGain[std::size_t(s)];
}

} // namespace game
