/// \file LoadBench.cpp
/// `--bench-load MAP`: how soon a map shows, how soon its background work is done, what it holds.
#include "game/app/Bench.hpp"

#include "game/common/FixedStep.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

namespace game {

namespace {

/// A field of /proc/self/status in MiB ("VmRSS", "VmHWM"); -1 where there is none.
double statusMb(const std::string& field)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(field + ":", 0) == 0)
            return std::stod(line.substr(field.size() + 1)) / 1024.0;  // the kernel writes kB
    return -1.0;
}

double msSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int runLoadBench(Loop& loop, GameParts parts, std::chrono::steady_clock::time_point start)
{
    loop.window().setFramerateLimit(0);
    loop.present();
    const double firstFrameMs = msSince(start);
    const eng::path::NavGrid& nav = parts.session.world().nav;
    while (nav.landmarksBuilding()) {
        loop.pumpEvents();
        loop.tick(FixedStepSec);
        loop.present();
    }
    const double readyMs = msSince(start);
    char text[320];
    std::snprintf(text, sizeof text,
                  "map_size: %dx%d\nfirst_frame_ms: %.0f\nready_ms: %.0f\nrss_mb: %.0f\npeak_rss_mb: %.0f\n",
                  nav.width(), nav.height(), firstFrameMs, readyMs, statusMb("VmRSS"), statusMb("VmHWM"));
    std::cout << text << std::flush;
    return 0;
}

} // namespace game
