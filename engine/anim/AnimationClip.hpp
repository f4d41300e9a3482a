#pragma once
/// \file AnimationClip.hpp
/// A clip is a list of frames (sub-rectangles of a sprite sheet image, in pixels) with a duration
/// each; `AnimationPlayback` is where in which clip a sprite is. Pure data + time: no textures.
///
/// \code
/// isostar::anim::AnimationClip walk{"walk", {{{0, 0, 64, 96}, 0.1}, {{64, 0, 64, 96}, 0.1}}, true};
/// isostar::anim::AnimationPlayback play;
/// play.start("walk");
/// play.advance(0.15);
/// const isostar::anim::AnimationFrame& f = walk.frames[walk.frameIndexAt(play.timeSec)]; // 2nd frame
/// std::cout << "draw the sheet's pixels from x " << f.rect.x << '\n';                // 64
/// \endcode

#include <iosfwd>
#include <string>
#include <vector>

namespace isostar::anim {

/// Pixel rectangle inside a sprite sheet image (left, top, width, height).
struct FrameRect {
    int x = 0, y = 0, w = 0, h = 0;
    bool operator==(const FrameRect&) const = default;
};

struct AnimationFrame {
    FrameRect rect;
    double durationSec = 0.1; ///< [Limit: > 0]
    bool operator==(const AnimationFrame&) const = default;
};

struct AnimationClip {
    std::string name;
    std::vector<AnimationFrame> frames;
    bool loop = true; ///< false: holds the last frame once the clip has run

    /// Sum of the frame durations (0 for an empty clip).
    double durationSec() const;
    /// Index of the frame shown `timeSec` seconds after the clip started ([Limit: frames not
    /// empty]); looping clips wrap, others hold the last frame. Negative time gives frame 0.
    int frameIndexAt(double timeSec) const;
    bool operator==(const AnimationClip&) const = default;
};

/// Which clip a sprite plays and for how long it has played it.
struct AnimationPlayback {
    std::string clip;
    double timeSec = 0.0;

    /// Switches to `name`, restarting the time only when the clip changes (so a walk cycle keeps
    /// its phase across steps).
    void start(const std::string& name);
    /// Adds dt seconds ([Limit: >= 0]).
    void advance(double dtSec) { timeSec += dtSec; }
    bool operator==(const AnimationPlayback&) const = default;
};

std::ostream& operator<<(std::ostream& os, const FrameRect& r);
std::ostream& operator<<(std::ostream& os, const AnimationClip& c);

} // namespace isostar::anim
