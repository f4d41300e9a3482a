#include "engine/anim/AnimationClip.hpp"

#include <catch2/catch.hpp>

using namespace isostar::anim;

namespace {
AnimationClip threeFrames(bool loop)
{
    AnimationClip c;
    c.name = "walk";
    c.loop = loop;
    c.frames = {{{0, 0, 8, 8}, 0.1}, {{8, 0, 8, 8}, 0.2}, {{16, 0, 8, 8}, 0.1}};
    return c;
}
} // namespace

TEST_CASE("a clip's duration is the sum of its frames")
{
    CHECK(threeFrames(true).durationSec() == Approx(0.4));
    CHECK(AnimationClip{}.durationSec() == 0.0);
}

TEST_CASE("frameIndexAt follows frame durations and wraps when looping")
{
    const AnimationClip c = threeFrames(true);
    CHECK(c.frameIndexAt(-1.0) == 0);
    CHECK(c.frameIndexAt(0.0) == 0);
    CHECK(c.frameIndexAt(0.05) == 0);
    CHECK(c.frameIndexAt(0.15) == 1);
    CHECK(c.frameIndexAt(0.29) == 1);
    CHECK(c.frameIndexAt(0.35) == 2);
    CHECK(c.frameIndexAt(0.45) == 0);
    CHECK(c.frameIndexAt(4.0 + 0.15) == 1);
}

TEST_CASE("a clip that does not loop holds its last frame")
{
    const AnimationClip c = threeFrames(false);
    CHECK(c.frameIndexAt(0.35) == 2);
    CHECK(c.frameIndexAt(10.0) == 2);
}

TEST_CASE("an empty clip gives frame 0")
{
    CHECK(AnimationClip{}.frameIndexAt(1.0) == 0);
}

TEST_CASE("playback restarts only when the clip changes")
{
    AnimationPlayback p;
    p.start("walk");
    p.advance(0.3);
    p.start("walk");
    CHECK(p.timeSec == Approx(0.3));
    p.start("idle");
    CHECK(p.clip == "idle");
    CHECK(p.timeSec == 0.0);
}
