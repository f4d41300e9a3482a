/// \file LoadBench.cpp
/// `--bench-load MAP`: how soon a map shows, how soon its background work is done, what it holds.
#include "game/app/Bench.hpp"

#include "game/common/FixedStep.hpp"

#include <algorithm>
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

/// The cell nearest to the map's far corner (along the diagonal, then sideways) that the leader
/// can reach: the long order of the bench. The leader's own cell when there is none.
isostar::TileCoord farGoal(const isostar::path::NavGrid& nav, const Unit& leader)
{
    const int w = nav.width(), h = nav.height();
    for (int r = 0; r < std::max(w, h); ++r)
        for (int side = 0; side <= r; ++side)
            for (const isostar::TileCoord c : {isostar::TileCoord{w - 1 - r, h - 1 - side}, isostar::TileCoord{w - 1 - side, h - 1 - r}})
                if (nav.inBounds(c) && nav.reachable(leader.layer, leader.tile, c))
                    return c;
    return leader.tile;
}

/// Path work of the party is left (requests served, landmark tables being built).
bool pathWorkLeft(const Party& party, const isostar::path::NavGrid& nav)
{
    if (nav.landmarksBuilding())
        return true;
    for (const Unit& u : party.units())
        if (u.walk.awaitingPath)
            return true;
    return false;
}

/// The long order after the open: every unit to the far corner; frames run until its paths are
/// planned and the landmark tables it asked for are built (or `limitSec` passed).
void benchLongOrder(Loop& loop, GameParts& parts, double limitSec)
{
    Session& session = parts.session;
    session.party().selection().selectAll();
    const Unit* lead = session.party().leader();
    if (lead == nullptr)
        return;
    const isostar::TileCoord goal = farGoal(session.world().nav, *lead);
    if (!session.canOrder(goal))
        return;
    parts.follow(session.order(goal));
    const auto start = std::chrono::steady_clock::now();
    do {
        loop.pumpEvents();
        loop.tick(FixedStepSec);
        loop.present();
    } while (pathWorkLeft(session.party(), session.world().nav) && msSince(start) < limitSec * 1000.0);
}

} // namespace

int runLoadBench(Loop& loop, GameParts parts, std::chrono::steady_clock::time_point start)
{
    loop.window().setFramerateLimit(0);
    loop.present();
    const double firstFrameMs = msSince(start);
    const isostar::path::NavGrid& nav = parts.session.world().nav;
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

    const auto orderStart = std::chrono::steady_clock::now();
    benchLongOrder(loop, parts, 120.0);
    std::snprintf(text, sizeof text, "order_ms: %.0f\nrss_after_order_mb: %.0f\npeak_rss_after_order_mb: %.0f\n",
                  msSince(orderStart), statusMb("VmRSS"), statusMb("VmHWM"));
    std::cout << text << std::flush;
    return 0;
}

} // namespace game
