/// \file Audio.cpp
/// Audio: footsteps, the volcano's rumble and the ambience from the world, the party and the
/// view; the interface's cues.
#include "game/audio/Audio.hpp"

#include <algorithm>
#include <cmath>

namespace game {

namespace {

/// A step heard at the view's centre, before the volumes (a footstep is not a cue: many play).
constexpr float StepGain = 0.9f;
/// Walkers in earshot before each step gets quieter.
constexpr float CrowdWalkers = 4.f;
/// Half-screens from the view's centre beyond which a step is not heard.
constexpr float StepReach = 2.f;
/// ... and a volcano.
constexpr float RumbleReach = 3.f;
constexpr float RumbleGain = 0.9f;
constexpr float AmbienceGain = 0.6f;
/// The ambience's cross-fade: about this many seconds to reach what the view shows.
constexpr double AmbienceFadeSec = 1.0;
/// The same interface cue is not repeated sooner than this (seconds of game time).
constexpr double CueQuietSec = 0.06;
constexpr int AmbienceColumns = 12, AmbienceRows = 8;
/// A loop's gain below this is silence: the loop stops (and is recorded again when it starts).
constexpr float AudibleGain = 0.01f;

} // namespace

void Audio::setMuted(bool on)
{
    AudioSettings l = m_mixer.levels();
    l.muted = on;
    m_mixer.setLevels(l);
}

void Audio::cue(Sfx s)
{
    double& quietUntil = m_cueQuietUntilSec[std::size_t(s)];
    if (m_nowSec < quietUntil)
        return;
    quietUntil = m_nowSec + CueQuietSec;
    m_mixer.play(s, 1.f, 0.f, -1.f);
}

Audio::Heard Audio::heardAt(const Camera& camera, sf::Vector2f world)
{
    const sf::Vector2f half = camera.viewportSize() * 0.5f;
    const float zoom = std::max(camera.zoom(), 1e-3f);
    const sf::Vector2f d = (world - camera.center()) / zoom;  // screen pixels
    const float nx = d.x / std::max(half.x, 1.f), ny = d.y / std::max(half.y, 1.f);
    return {std::clamp(nx, -1.f, 1.f) * 0.8f, std::sqrt(nx * nx + ny * ny)};
}

void Audio::update(double dtSec, const World& world, const Party& party, const View& view)
{
    m_nowSec += dtSec;
    m_mixer.advance(dtSec);
    playSteps(world, party, view);
    rumble(view);
    ambience(dtSec, world, view);
}

void Audio::playSteps(const World& world, const Party& party, const View& view)
{
    m_stepped.clear();
    m_footsteps.update(
        party,
        [&](std::size_t i) {
            const isostar::anim::SpriteSheet* sheet = view.sheetOf(party, i);
            const isostar::anim::AnimationClip* walk = sheet ? sheet->find("walk", party.units()[i].facing) : nullptr;
            return walk ? walk->durationSec() : DefaultWalkCycleSec;
        },
        m_stepped);
    if (m_stepped.empty())
        return;
    // Walkers in earshot: each step is quieter the more there are.
    int walkers = 0;
    for (const Unit& u : party.units())
        walkers += u.anim.clip == "walk" && heardAt(view.camera(), view.unitFeetWorld(u)).distance < StepReach;
    const float crowd = std::min(1.f, 1.f / std::sqrt(std::max(1.f, float(walkers) / CrowdWalkers)));
    // The nearest first: they take the voices.
    std::vector<std::pair<Heard, std::size_t>> heard;
    for (std::size_t i : m_stepped) {
        const Heard h = heardAt(view.camera(), view.unitFeetWorld(party.units()[i]));
        if (h.distance < StepReach)
            heard.emplace_back(h, i);
    }
    std::sort(heard.begin(), heard.end(), [](const auto& a, const auto& b) { return a.first.distance < b.first.distance; });
    for (const auto& [h, i] : heard) {
        const float near = 1.f - h.distance / StepReach;
        m_mixer.play(stepSoundAt(world, footCell(party.units()[i])), StepGain * crowd * near * near, h.pan, h.distance);
    }
}

namespace {

/// Per terrain name of `field`'s grid: an erupting volcano (the rules' name, any case or alias).
std::vector<bool> eruptingNames(const isostar::terrain::TerrainField& field)
{
    std::vector<bool> out(field.grid().names.size());
    for (std::size_t id = 0; id < out.size(); ++id) {
        const isostar::terrain::TerrainRule* rule = field.rules().find(field.grid().names[id]);
        out[id] = rule && rule->name == "volcano_erupting";
    }
    return out;
}

bool eruptingAt(const isostar::terrain::TerrainGrid& grid, const std::vector<bool>& names, isostar::TileCoord c)
{
    for (isostar::terrain::TerrainId id : grid.cell(c))
        if (names[std::size_t(id)])
            return true;
    return false;
}

} // namespace

void Audio::worldChanged(const World& world, std::span<const isostar::TileCoord> cells, bool whole)
{
    if (world.terrains.empty()) {
        m_erupting.clear();
        return;
    }
    const isostar::terrain::TerrainField& field = world.terrains.front().terrain;
    const isostar::terrain::TerrainGrid& grid = field.grid();
    const std::vector<bool> names = eruptingNames(field);
    if (whole) {
        m_erupting.clear();
        for (int y = 0; y < grid.height; ++y)
            for (int x = 0; x < grid.width; ++x)
                if (eruptingAt(grid, names, {x, y}))
                    m_erupting.push_back({x, y});
        return;
    }
    for (isostar::TileCoord c : cells) {
        std::erase(m_erupting, c);
        if (grid.inBounds(c) && eruptingAt(grid, names, c))
            m_erupting.push_back(c);
    }
}

void Audio::rumble(const View& view)
{
    Heard loudest;
    float gain = 0.f;
    for (isostar::TileCoord c : m_erupting) {
        const Heard h = heardAt(view.camera(), view.cellCenterWorld(c));
        // Cubed: the rumble grows fast over the last screen toward the volcano.
        const float near = std::max(0.f, 1.f - h.distance / RumbleReach);
        if (RumbleGain * near * near * near > gain) {
            gain = RumbleGain * near * near * near;
            loudest = h;
        }
    }
    // Below a whisper the loop stops, as the ambience's do.
    m_mixer.loop(Sfx::VolcanoRumble, gain > AudibleGain ? gain : 0.f, loudest.pan);
}

void Audio::ambience(double dtSec, const World& world, const View& view)
{
    const sf::Vector2f size = view.camera().viewportSize();
    int snow = 0, grass = 0;
    for (int row = 0; row < AmbienceRows; ++row)
        for (int col = 0; col < AmbienceColumns; ++col) {
            const sf::Vector2i px{int((col + 0.5f) * size.x / AmbienceColumns), int((row + 0.5f) * size.y / AmbienceRows)};
            const std::optional<isostar::TileCoord> tile = view.pick(px);
            if (!tile)
                continue;
            const Sfx s = stepSoundAt(world, *tile);
            snow += s == Sfx::StepSnow;
            grass += s == Sfx::StepGrass;
        }
    const float samples = float(AmbienceRows * AmbienceColumns);
    const float follow = float(std::min(1.0, dtSec / AmbienceFadeSec));
    m_wind += (AmbienceGain * float(snow) / samples - m_wind) * follow;
    m_birds += (AmbienceGain * float(grass) / samples - m_birds) * follow;
    // Below a whisper a loop stops (and starts again, recorded, when the view brings it back).
    m_mixer.loop(Sfx::AmbienceWind, m_wind > AudibleGain ? m_wind : 0.f, 0.f);
    m_mixer.loop(Sfx::AmbienceBirds, m_birds > AudibleGain ? m_birds : 0.f, 0.f);
}

} // namespace game
