/// \file Bench.cpp
/// App: bench mode (`--bench-frames N [--bench-edits K]`): the party walks between two corners
/// while frame times are measured, optionally with K random terrain edits per second of game time
/// (paint a palette terrain, erase, toggle a volcano: costs, mesh chunks and replans included in
/// the frame); prints mean, p99 and fps on stdout.
#include "game/app/App.hpp"

#include "game/app/AppDetail.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <random>
#include <string>

namespace game {

using detail::FixedStepSec;
using detail::fmt;

int App::runBench()
{
    m_window->setFramerateLimit(0);
    m_party.selectAll();
    const int w = m_host.world().nav.width(), h = m_host.world().nav.height();
    // Walk back and forth between two far corners of the map so the party keeps moving and the
    // camera sees units, animation and the path overlay the whole time.
    const eng::TileCoord targets[2] = {{w * 3 / 4, h * 3 / 4}, {w / 4, h / 4}};
    int next = 0;
    std::mt19937 rng(12345);
    double editsDue = 0.0;
    int editsDone = 0;
    std::vector<std::string> terrains;
    for (const eng::edit::BrushTile& b : m_host.palette())
        if (std::find(terrains.begin(), terrains.end(), b.terrain) == terrains.end())
            terrains.push_back(b.terrain);
    std::vector<double> frameMs;
    frameMs.reserve(std::size_t(m_opts.benchFrames));
    for (int f = 0; f < m_opts.benchFrames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
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
    }
    std::vector<double> sorted = frameMs;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0.0;
    for (double v : frameMs)
        sum += v;
    const double mean = sum / double(frameMs.size());
    const double p99 = sorted[std::min(sorted.size() - 1, std::size_t(std::ceil(0.99 * double(sorted.size()))) - 1)];
    const sf::Vector2u size = m_window->getSize();
    std::cout << "bench: " << frameMs.size() << " frames of " << m_opts.mapPath << " at " << size.x << "x" << size.y
              << ", party of " << m_party.units().size() << " walking";
    if (m_opts.benchEdits > 0.0)
        std::cout << ", " << fmt(m_opts.benchEdits, 1) << " edits/s (" << editsDone << " applied)";
    std::cout << '\n';
    std::cout << "frame_ms_mean: " << fmt(mean, 3) << "\n";
    std::cout << "frame_ms_p99: " << fmt(p99, 3) << "\n";
    std::cout << "fps_mean: " << fmt(1000.0 / mean, 1) << "\n";
    return ExitOk;
}

} // namespace game
