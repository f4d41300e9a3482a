#pragma once
/// \file Mixer.hpp
/// The game's sounds on the audio device (SFML's audio module over OpenAL): the buffers of
/// assets/sounds/, a capped pool of voices for short sounds, one voice per loop, the volumes
/// and mute, and the names of the sounds started.
///
/// - Voices: at most MaxVoices short sounds at once. A sound that finds none free takes the one
///   whose source is farthest from the view's centre, when it is nearer itself; else it is not
///   started. Interface cues (distance < 0) always win. Which voice is busy is counted in game
///   time (each sound's length), so the same game makes the same choices with a device or
///   without one.
/// - played(): the names of the last MaxPlayed sounds started, oldest first: the short sounds
///   that got a voice, and the loops each time they start from silence. Muted and without a
///   device the choices are the same and are recorded too (they are the game's, not the
///   speakers'); nothing is then heard.
/// - No device (a server, CI): open() says so once and the mixer stays silent; everything
///   else works as with a device.
///
/// \code
/// game::Mixer mixer;
/// if (const std::string why = mixer.open(game::assetsDir() / "sounds"); !why.empty()) say(why);
/// mixer.setLevels({1.f, 0.8f, 0.5f, false});
/// mixer.advance(1.0 / 60.0);
/// mixer.play(game::Sfx::StepGrass, 0.5f, -0.3f, 0.4f);   // gain, pan, distance from the view's centre
/// mixer.loop(game::Sfx::AmbienceBirds, 0.3f, 0.f);       // 0 stops it
/// \endcode

#include "game/audio/Sfx.hpp"
#include "game/settings/Settings.hpp"

#include <array>
#include <deque>
#include <filesystem>
#include <memory>
#include <string>

namespace game {

class Mixer {
public:
    static constexpr std::size_t MaxVoices = 16;
    static constexpr std::size_t MaxPlayed = 50;

    Mixer();
    ~Mixer();
    Mixer(const Mixer&) = delete;
    Mixer& operator=(const Mixer&) = delete;

    /// Opens the audio device and reads every sound from `soundsDir` (NAME.wav). "" when
    /// sounds can be heard; else why not ("no audio device", a file that does not read): the
    /// mixer then stays silent (enabled() false) and records its choices all the same.
    std::string open(const std::filesystem::path& soundsDir);
    /// The first half of open(): reads each sound's length only (no device: enabled() stays
    /// false). "" or the first file that does not read.
    std::string readLengths(const std::filesystem::path& soundsDir);
    bool enabled() const;

    /// The player's volumes (master scales both, effects the short sounds and the volcano,
    /// ambience the wind and the birds; each clamped to 0..1) and mute.
    void setLevels(const AudioSettings& levels);
    const AudioSettings& levels() const { return m_levels; }

    /// Game time goes on by `dtSec` (voices whose sound ended are free again).
    void advance(double dtSec);
    /// Starts the short sound `s` at `gain` (0..1, before the volumes), panned by `pan` (-1
    /// left .. 1 right), its source `distance` from the view's centre (< 0: an interface cue,
    /// never refused). True when it started (then recorded).
    bool play(Sfx s, float gain, float pan, float distance);
    /// The loop `s` plays at `gain` (0 stops it) panned by `pan`; recorded when it starts.
    void loop(Sfx s, float gain, float pan);
    /// The loop's gain now (0: stopped).
    float loopGain(Sfx s) const;

    const std::deque<std::string>& played() const { return m_played; }

private:
    struct Device;
    void record(Sfx s);
    /// A sf::Sound volume (0..100) for `gain` under the levels of `s`'s kind.
    float volumeOf(Sfx s, float gain) const;
    /// The loop `s` on the device plays, or pauses, as its gain and mute say. [Limit: a device]
    void syncLoop(Sfx s);

    std::unique_ptr<Device> m_device;  ///< null: silent
    AudioSettings m_levels;
    std::array<double, SfxCount> m_lengthSec{};
    struct Voice {
        double endSec = 0.0;
        float distance = 0.f;
    };
    std::array<Voice, MaxVoices> m_voices{};
    std::array<float, SfxCount> m_loopGain{};
    double m_nowSec = 0.0;
    std::deque<std::string> m_played;
};

} // namespace game
