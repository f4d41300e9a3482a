/// \file Bench.cpp
/// FrameBench (`--bench-frames`) and the figures both benches share.
#include "game/app/Bench.hpp"

#include "engine/core/Percentile.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iostream>
#include <thread>

namespace game {

double benchMean(const std::vector<double>& v)
{
    double sum = 0.0;
    for (double x : v)
        sum += x;
    return v.empty() ? 0.0 : sum / double(v.size());
}

double benchP99(std::vector<double> v)
{
    return isostar::percentile(std::move(v), 0.99);
}

FrameBench::FrameBench(const Options& options, Loop& loop, GameParts parts, Commands& commands)
    : m_opts(options), m_loop(loop), m_parts(parts), m_commands(commands)
{
    const isostar::path::NavGrid& nav = m_parts.session.world().nav;
    // The same cells on every map (see the class comment).
    constexpr int RouteSpan = 72;  // the valley's size
    const int span = std::min({nav.width(), nav.height(), RouteSpan});
    m_route[0] = {span * 5 / 8, span * 5 / 8};
    m_route[1] = {span * 3 / 8, span * 3 / 8};
    for (const isostar::edit::BrushTile& b : m_parts.session.host().palette())
        if (std::find(m_terrains.begin(), m_terrains.end(), b.terrain) == m_terrains.end())
            m_terrains.push_back(b.terrain);
}

void FrameBench::walkToStart()
{
    m_commands.run(cmd::Order{m_route[1]});
    const Party& party = m_parts.session.party();
    // The landmark tables of the layers the party plans on, asked for and built now: a big map
    // builds them in the background once, after the first long order (a load's cost).
    const auto tablesDue = [&] {
        bool due = false;
        for (const Unit& u : party.units())
            if (party.grid().landmarksPending(u.layer)) {
                due = true;
                (void)party.grid().landmarks(u.layer);  // asks for it
            }
        return due;
    };
    for (int i = 0; i < 60 * 120 && party.anyMoving(); ++i)
        m_loop.tick(FixedStepSec);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (tablesDue() && std::chrono::steady_clock::now() < deadline) {
        m_loop.tick(FixedStepSec);  // installs a finished table, starts the next
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // With the landmark tables in, the path service's requests build the jump tables they
    // choose (in the background, once): the way back asks for them, the walk waits for them.
    // A build may start with the walk's last requests: the walk ends once half a second of
    // ticks has passed with nobody moving and no table building.
    m_commands.run(cmd::Order{m_route[0]});
    for (int quiet = 0; quiet < 30 && std::chrono::steady_clock::now() < deadline;) {
        m_loop.tick(FixedStepSec);
        const bool busy = party.anyMoving() || party.lastServiceStats().tablesBuilding;
        quiet = busy ? 0 : quiet + 1;
        if (party.lastServiceStats().tablesBuilding)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void FrameBench::randomEdits()
{
    const isostar::path::NavGrid& nav = m_parts.session.world().nav;
    const int w = nav.width(), h = nav.height();
    m_editsDue += m_opts.benchEdits * FixedStepSec;
    while (m_editsDue >= 1.0 && !m_terrains.empty()) {
        m_editsDue -= 1.0;
        const isostar::TileCoord c{int(m_rng() % unsigned(w)), int(m_rng() % unsigned(h))};
        const unsigned kind = m_rng() % 4;
        const MapEdit e = kind < 2 ? MapEdit(mapedit::Paint{c, m_terrains[m_rng() % m_terrains.size()]})
                        : kind == 2 ? MapEdit(mapedit::Erase{c}) : MapEdit(mapedit::Erupt{c, std::nullopt});
        const SessionChange change = m_parts.session.edit(e);
        m_parts.follow(change);
        const bool applied = change.error.empty() && !change.tiles.empty();
        m_parts.refreshHover();
        if (applied)
            ++m_editsDone;
    }
}

int FrameBench::run()
{
    m_loop.window().setFramerateLimit(0);
    Party& party = m_parts.session.party();
    party.selection().selectAll();
    // Walk back and forth so the party keeps moving and the camera sees units, animation and
    // the path overlay the whole time.
    walkToStart();
    int next = 1;  // walkToStart() leaves the party at m_route[0]
    std::vector<double> frameMs, cpuMs;
    frameMs.reserve(std::size_t(m_opts.benchFrames));
    cpuMs.reserve(std::size_t(m_opts.benchFrames));
    for (int f = 0; f < m_opts.benchFrames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        const std::clock_t c0 = std::clock();
        m_loop.pumpEvents();
        if (!party.anyMoving()) {
            m_commands.run(cmd::Order{m_route[next]});
            next ^= 1;
        }
        randomEdits();
        m_loop.tick(FixedStepSec);
        // Follow the leader, as a player would.
        if (!party.units().empty())
            m_parts.view.camera().centerOn(m_parts.view.unitFeetWorld(party.units().front()));
        m_loop.present();
        const auto t1 = std::chrono::steady_clock::now();
        frameMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        cpuMs.push_back(1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC);
    }
    print(frameMs, cpuMs);
    return ExitOk;
}

void FrameBench::print(const std::vector<double>& frameMs, const std::vector<double>& cpuMs) const
{
    const double mean = benchMean(frameMs);
    const sf::Vector2u size = m_loop.window().getSize();
    std::cout << "bench: " << frameMs.size() << " frames of " << m_opts.mapPath << " at " << size.x << "x" << size.y
              << ", party of " << m_parts.session.party().units().size() << " walking";
    if (m_opts.benchEdits > 0.0)
        std::cout << ", " << fmt(m_opts.benchEdits, 1) << " edits/s (" << m_editsDone << " applied)";
    std::cout << '\n';
    std::cout << "frame_ms_mean: " << fmt(mean, 3) << "\n";
    std::cout << "frame_ms_p99: " << fmt(benchP99(frameMs), 3) << "\n";
    std::cout << "fps_mean: " << fmt(1000.0 / mean, 1) << "\n";
    std::cout << "frame_cpu_ms_mean: " << fmt(benchMean(cpuMs), 3) << "\n";
    std::cout << "frame_cpu_ms_p99: " << fmt(benchP99(cpuMs), 3) << "\n";
}

} // namespace game
