/// \file Bench.cpp
/// App: bench mode (`--bench-frames N [--bench-edits K]`): the party walks back and forth between
/// two tiles while frame times are measured, optionally with K random terrain edits per second of
/// game time (paint a palette terrain, erase, toggle a volcano: costs, mesh chunks and replans
/// included in the frame); prints mean, p99 and fps on stdout, and the same figures in process
/// CPU time (all threads, the software GL's included), which a machine shared with other jobs
/// disturbs far less than wall time.
///
/// What is compared (issue #11): the frame time of a big map must not grow with its size, so the
/// bench walks the same route over the same ground on every map: between tiles (27,27) and
/// (45,45), 3/8 and 5/8 of the first 72x72 cells (the valley's size; smaller maps scale it down).
/// On maps/valley.tmx that is its middle; on maps/valley504.tmx (the valley 7x7) the same cells
/// of its first copy. At 1280x720 and 1:1 a view centred anywhere on that route lies wholly
/// inside the map (22..50 on both axes keeps it off the edges), so both maps fill every pixel
/// with ground and the two runs differ only in the size of the map behind the view. (The old
/// route, between 1/4 and 3/4 of each map, compared a valley view showing background at its
/// corners with a view full of ground, and paths 7x longer on the big map.) The party walks from
/// its start to the first tile before the clock starts (ticks only, nothing drawn).
#include "game/app/App.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iostream>
#include <random>
#include <string>

namespace game {


int App::runBench()
{
    m_window->setFramerateLimit(0);
    m_party.selection().selectAll();
    const int w = m_host.world().nav.width(), h = m_host.world().nav.height();
    // Walk back and forth over the same cells on every map (see the file comment) so the party
    // keeps moving and the camera sees units, animation and the path overlay the whole time.
    constexpr int RouteSpan = 72; // the valley's size
    const int span = std::min({w, h, RouteSpan});
    const eng::TileCoord targets[2] = {{span * 5 / 8, span * 5 / 8}, {span * 3 / 8, span * 3 / 8}};
    // Untimed: walk from the start to the first tile, so every measured frame is on the route.
    orderTo(targets[1]);
    for (int i = 0; i < 60 * 120 && m_party.anyMoving(); ++i)
        tick(FixedStepSec);
    int next = 0;
    std::mt19937 rng(12345);
    double editsDue = 0.0;
    int editsDone = 0;
    std::vector<std::string> terrains;
    for (const eng::edit::BrushTile& b : m_host.palette())
        if (std::find(terrains.begin(), terrains.end(), b.terrain) == terrains.end())
            terrains.push_back(b.terrain);
    std::vector<double> frameMs, cpuMs;
    frameMs.reserve(std::size_t(m_opts.benchFrames));
    cpuMs.reserve(std::size_t(m_opts.benchFrames));
    for (int f = 0; f < m_opts.benchFrames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        const std::clock_t c0 = std::clock();
        pumpEvents();
        if (!m_party.anyMoving()) {
            orderTo(targets[next]);
            next ^= 1;
        }
        editsDue += m_opts.benchEdits * FixedStepSec;
        while (editsDue >= 1.0 && !terrains.empty()) {
            editsDue -= 1.0;
            const eng::TileCoord c{int(rng() % unsigned(w)), int(rng() % unsigned(h))};
            const unsigned kind = rng() % 4;
            const WorldEdit e = kind < 2 ? m_host.paint(c, terrains[rng() % terrains.size()])
                              : kind == 2 ? m_host.erase(c) : m_host.toggleErupting(c);
            if (afterEdit(e).empty() && !e.tiles.empty())
                ++editsDone;
        }
        tick(FixedStepSec);
        // Follow the leader, as a player would.
        if (!m_party.units().empty())
            m_view.camera().centerOn(m_view.unitFeetWorld(m_party.units().front()));
        drawFrame(*m_window);
        m_window->display();
        const auto t1 = std::chrono::steady_clock::now();
        frameMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        cpuMs.push_back(1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC);
    }
    auto meanOf = [](const std::vector<double>& v) {
        double sum = 0.0;
        for (double x : v)
            sum += x;
        return sum / double(v.size());
    };
    auto p99Of = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[std::min(v.size() - 1, std::size_t(std::ceil(0.99 * double(v.size()))) - 1)];
    };
    const double mean = meanOf(frameMs);
    const double p99 = p99Of(frameMs);
    const sf::Vector2u size = m_window->getSize();
    std::cout << "bench: " << frameMs.size() << " frames of " << m_opts.mapPath << " at " << size.x << "x" << size.y
              << ", party of " << m_party.units().size() << " walking";
    if (m_opts.benchEdits > 0.0)
        std::cout << ", " << fmt(m_opts.benchEdits, 1) << " edits/s (" << editsDone << " applied)";
    std::cout << '\n';
    std::cout << "frame_ms_mean: " << fmt(mean, 3) << "\n";
    std::cout << "frame_ms_p99: " << fmt(p99, 3) << "\n";
    std::cout << "fps_mean: " << fmt(1000.0 / mean, 1) << "\n";
    std::cout << "frame_cpu_ms_mean: " << fmt(meanOf(cpuMs), 3) << "\n";
    std::cout << "frame_cpu_ms_p99: " << fmt(p99Of(cpuMs), 3) << "\n";
    return ExitOk;
}

} // namespace game
