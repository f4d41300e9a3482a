#include "engine/anim/AnimationClip.hpp"

#include <cmath>
#include <ostream>

namespace isostar::anim {

double AnimationClip::durationSec() const
{
    double total = 0.0;
    for (const AnimationFrame& f : frames)
        total += f.durationSec;
    return total;
}

int AnimationClip::frameIndexAt(double timeSec) const
{
    if (frames.empty() || timeSec <= 0.0)
        return 0;
    const double total = durationSec();
    if (total <= 0.0)
        return 0;
    double t = timeSec;
    if (loop)
        t = std::fmod(t, total);
    else if (t >= total)
        return int(frames.size()) - 1;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (t < frames[i].durationSec)
            return int(i);
        t -= frames[i].durationSec;
    }
    // Rounding at the very end of a cycle.
    return int(frames.size()) - 1;
}

void AnimationPlayback::start(const std::string& name)
{
    if (name == clip)
        return;
    clip = name;
    timeSec = 0.0;
}

std::ostream& operator<<(std::ostream& os, const FrameRect& r)
{
    return os << '[' << r.x << ',' << r.y << ' ' << r.w << 'x' << r.h << ']';
}

std::ostream& operator<<(std::ostream& os, const AnimationClip& c)
{
    os << "clip " << c.name << " (" << c.frames.size() << " frames, " << (c.loop ? "loop" : "once") << ')';
    return os;
}

} // namespace isostar::anim
