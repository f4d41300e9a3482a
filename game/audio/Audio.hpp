#pragma once
/// \file Audio.hpp
/// What the game sounds like: footsteps by terrain along each walking unit's walk cycle, the
/// rumble of erupting volcanoes, the ambience of what the view shows (wind over snow, birds
/// over grass) and the interface's cues, mixed by Mixer under the player's volumes.
///
/// - Footsteps: each footfall (Footsteps: two per walk cycle) sounds the surface of the cell
///   stepped on (stepSoundAt), quieter and panned by the unit's place on screen (not heard
///   beyond about a screen from the view's centre); with many walkers in earshot each step is
///   quieter still (gain / sqrt(walkers / 4)), and the voices are capped (Mixer): a crowd
///   is a murmur, the steps nearest the view's centre win.
/// - Volcano: one rumble loop while any volcano erupts, louder the nearer the nearest erupting
///   one is to the view's centre (silent three half-screens away), panned toward it.
/// - Ambience: the view is sampled (12 x 8 points): the share of snow sets the wind loop, the
///   share of grass the birds loop; both follow the camera with about a second's cross-fade.
///
/// \code
/// game::Audio audio;
/// if (const std::string why = audio.open(game::assetsDir() / "sounds"); !why.empty()) say("silent: " + why);
/// audio.cue(game::Sfx::OrderGiven);
/// audio.worldChanged(session.world(), change.cells, change.worldLoaded);   // each SessionChange
/// audio.update(dt, session.world(), session.party(), view);   // each tick
/// \endcode

#include "game/audio/Footsteps.hpp"
#include "game/audio/Mixer.hpp"
#include "game/view/View.hpp"

#include <array>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace game {

class Audio {
public:
    /// Mixer::open: "" when sounds can be heard, else why not (the game stays silent).
    std::string open(const std::filesystem::path& soundsDir) { return m_mixer.open(soundsDir); }
    bool enabled() const { return m_mixer.enabled(); }
    void setLevels(const AudioSettings& levels) { m_mixer.setLevels(levels); }
    const AudioSettings& levels() const { return m_mixer.levels(); }
    bool muted() const { return m_mixer.levels().muted; }
    void setMuted(bool on);

    /// An interface sound (order given, refused, select, ...). The same cue again within
    /// 60 ms of game time is not repeated (a drag that paints ten cells swishes a few times).
    void cue(Sfx s);
    /// The world changed: `cells` (an edit's), or the `whole` world (opened, reloaded): the
    /// erupting volcanoes there are looked up again.
    void worldChanged(const World& world, std::span<const isostar::TileCoord> cells, bool whole);
    /// One tick of game time: footsteps, the volcano and the ambience for what `view` shows.
    void update(double dtSec, const World& world, const Party& party, const View& view);

    /// Mixer::played: the last 50 sounds started, oldest first.
    const std::deque<std::string>& played() const { return m_mixer.played(); }

private:
    /// Where a world point is heard: pan (-1..1) and distance from the view's centre in
    /// half-screens (1 at the window's edge).
    struct Heard {
        float pan = 0.f;
        float distance = 0.f;
    };
    static Heard heardAt(const Camera& camera, sf::Vector2f world);
    void playSteps(const World& world, const Party& party, const View& view);
    void rumble(const View& view);
    void ambience(double dtSec, const World& world, const View& view);

    Mixer m_mixer;
    Footsteps m_footsteps;
    std::vector<std::size_t> m_stepped;
    std::vector<isostar::TileCoord> m_erupting;  ///< the world's erupting volcanoes (cells)
    float m_wind = 0.f, m_birds = 0.f;  ///< the ambience loops' gains, fading toward the view's
    double m_nowSec = 0.0;
    std::array<double, SfxCount> m_cueQuietUntilSec{};  ///< a cue is not repeated before then
};

} // namespace game
