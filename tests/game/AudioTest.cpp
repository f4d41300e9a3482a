// game/audio without a device or a window: the footstep a cell gives (its terrain as the cost
// field reads it), two footfalls per walk cycle, the mixer's capped voices (the nearest win,
// interface cues always) and its record of the last 50 sounds started.

#include "game/audio/Footsteps.hpp"
#include "game/audio/Mixer.hpp"
#include "game/common/MessageLog.hpp"
#include "game/session/Session.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

/// A cell of the valley, Tiled's coordinates, in the grid the game plays on.
isostar::TileCoord valleyCell(const game::World& world, int x, int y)
{
    return world.frame.toGrid({x, y});
}

} // namespace

TEST_CASE("audio: a cell's footstep is its surface: road, snow, grass, or the fallback")
{
    game::MessageLog log;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({ISOSTAR_SOURCE_DIR "/maps/valley.tmx", "", ""})).problems.empty());
    const game::World& world = session.world();
    CHECK(game::stepSoundAt(world, valleyCell(world, 14, 51)) == game::Sfx::StepGrass);
    CHECK(game::stepSoundAt(world, {-1, 0}) == game::Sfx::StepOther);
    // Painted snow, a road, water: the top surface is heard (a wall on grass is no surface: the
    // grass under it would be).
    session.edit(game::mapedit::Paint{valleyCell(world, 14, 50), "snow"});
    CHECK(game::stepSoundAt(world, valleyCell(world, 14, 50)) == game::Sfx::StepSnow);
    session.edit(game::mapedit::Paint{valleyCell(world, 15, 50), "road"});
    CHECK(game::stepSoundAt(world, valleyCell(world, 15, 50)) == game::Sfx::StepRoad);
    session.edit(game::mapedit::Paint{valleyCell(world, 16, 50), "water"});
    CHECK(game::stepSoundAt(world, valleyCell(world, 16, 50)) == game::Sfx::StepOther);
}

TEST_CASE("audio: a walking unit's feet come down twice per walk cycle, a standing one's never")
{
    game::MessageLog log;
    game::Session session(log);
    REQUIRE(session.open(game::loadWorld({ISOSTAR_SOURCE_DIR "/maps/valley.tmx", "", ""})).problems.empty());
    const game::World& world = session.world();
    const int knight = session.party().find("knight");
    REQUIRE(knight >= 0);
    session.party().selection().selectOnly(knight);
    REQUIRE(session.canOrder(valleyCell(world, 14, 51)));
    session.order(valleyCell(world, 14, 51));
    game::Footsteps steps;
    const double cycle = 0.72;
    int knightSteps = 0, otherSteps = 0;
    double walkedSec = 0.0;
    for (int tick = 0; tick < 120; ++tick) {
        const double before = session.party().units()[std::size_t(knight)].anim.timeSec;
        session.tick(1.0 / 60.0);
        const game::Unit& u = session.party().units()[std::size_t(knight)];
        if (u.anim.clip == "walk")
            walkedSec += u.anim.timeSec >= before ? u.anim.timeSec - before : u.anim.timeSec;
        std::vector<std::size_t> stepped;
        steps.update(session.party(), [&](std::size_t) { return cycle; }, stepped);
        for (std::size_t i : stepped)
            (int(i) == knight ? knightSteps : otherSteps) += 1;
    }
    INFO("walked " << walkedSec << " s of the walk clip");
    REQUIRE(walkedSec > 1.0);
    CHECK(knightSteps >= int(walkedSec / (cycle / 2)) - 1);
    CHECK(knightSteps <= int(walkedSec / (cycle / 2)) + 1);
    CHECK(otherSteps == 0);
}

TEST_CASE("audio: at most 16 voices, the nearest win, cues always, and played keeps the last 50")
{
    game::Mixer mixer;
    REQUIRE(mixer.readLengths(ISOSTAR_SOURCE_DIR "/assets/sounds").empty());
    CHECK_FALSE(mixer.enabled());
    int started = 0;
    for (int i = 0; i < 20; ++i)
        started += mixer.play(game::Sfx::StepGrass, 0.5f, 0.f, 1.0f);
    CHECK(started == int(game::Mixer::MaxVoices));
    CHECK_FALSE(mixer.play(game::Sfx::StepSnow, 0.5f, 0.f, 1.5f));  // farther than every voice
    CHECK(mixer.play(game::Sfx::StepSnow, 0.5f, 0.f, 0.5f));        // nearer: takes one
    CHECK(mixer.play(game::Sfx::OrderGiven, 1.f, 0.f, -1.f));       // a cue always plays
    CHECK(mixer.played().back() == "order_given");
    mixer.advance(1.0);  // every step has ended
    CHECK(mixer.play(game::Sfx::StepRoad, 0.5f, 0.f, 1.9f));
    for (int i = 0; i < 60; ++i) {
        mixer.advance(1.0);
        mixer.play(game::Sfx::Select, 1.f, 0.f, -1.f);
    }
    CHECK(mixer.played().size() == game::Mixer::MaxPlayed);
    mixer.loop(game::Sfx::VolcanoRumble, 0.5f, 0.f);
    mixer.loop(game::Sfx::VolcanoRumble, 0.6f, 0.f);  // already playing: not started again
    CHECK(mixer.played().back() == "volcano_rumble");
    CHECK(mixer.played()[mixer.played().size() - 2] == "select");
    mixer.loop(game::Sfx::VolcanoRumble, 0.f, 0.f);
    CHECK(mixer.loopGain(game::Sfx::VolcanoRumble) == 0.f);
}
