/// \file UnitBench.cpp
/// UnitBench (`--bench-units`): many units walking to random goals through the path service.
#include "game/app/Bench.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>

namespace game {

namespace {

/// Islands smaller than this get no units (a unit there could hardly walk anywhere).
constexpr std::size_t MinIslandCells = 64;
/// A new goal lies within this many cells of the unit (on its island), when one is found.
constexpr int GoalRadius = 40;

} // namespace

UnitBench::UnitBench(const Options& options, Loop& loop, GameParts parts) : m_opts(options), m_loop(loop), m_parts(parts)
{
}

std::size_t UnitBench::spawnUnits()
{
    const eng::path::NavGrid& nav = m_parts.session.world().nav;
    for (int y = 0; y < nav.height(); ++y)
        for (int x = 0; x < nav.width(); ++x)
            if (const int id = nav.islandOf(0, {x, y}); id >= 0)
                m_islands[id].push_back({x, y});
    std::vector<eng::TileCoord> cells;
    for (const auto& [id, list] : m_islands)
        if (list.size() >= MinIslandCells) {
            cells.insert(cells.end(), list.begin(), list.end());
            ++m_islandsUsed;
        }
    std::shuffle(cells.begin(), cells.end(), m_rng);

    static const char* const Names[] = {"knight", "ranger", "mage", "dwarf"};
    Party& party = m_parts.session.party();
    party.reset(nav);
    const std::size_t n = std::min(cells.size(), std::size_t(m_opts.benchUnits));
    for (std::size_t i = 0; i < n; ++i)
        party.spawn(Names[i % 4], cells[i]);
    m_parts.view.loadCharacters(party, m_parts.session.messages());
    party.selection().selectNone();
    return n;
}

eng::TileCoord UnitBench::randomGoal(eng::TileCoord from)
{
    const std::vector<eng::TileCoord>& island = m_islands[m_parts.session.world().nav.islandOf(0, from)];
    eng::TileCoord best = island[m_rng() % island.size()];
    for (int attempt = 0; attempt < 24; ++attempt) {
        const eng::TileCoord c = island[m_rng() % island.size()];
        if (std::abs(c.x - from.x) <= GoalRadius && std::abs(c.y - from.y) <= GoalRadius)
            return c;
    }
    return best;
}

int UnitBench::run()
{
    m_loop.window().setFramerateLimit(0);
    const std::size_t n = spawnUnits();
    Party& party = m_parts.session.party();
    std::vector<double> due(n);
    for (double& d : due)
        d = std::uniform_real_distribution<double>(0.0, 2.0)(m_rng);
    std::uniform_real_distribution<double> period(2.0, 6.0);

    std::vector<double> frameMs, pathMs, serviceMs;
    frameMs.reserve(std::size_t(m_opts.benchUnitFrames));
    pathMs.reserve(std::size_t(m_opts.benchUnitFrames));
    double gameSec = 0.0;
    for (int f = 0; f < m_opts.benchUnitFrames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        m_loop.pumpEvents();
        for (std::size_t i = 0; i < n; ++i) {
            if (gameSec < due[i])
                continue;
            const Unit& u = party.units()[i];
            party.sendTo(int(i), randomGoal(planCell(u)));
            due[i] = gameSec + period(m_rng);
        }
        m_loop.tick(FixedStepSec);
        gameSec += FixedStepSec;
        if (n > 0)
            m_parts.view.camera().centerOn(m_parts.view.unitFeetWorld(party.units().front()));
        m_loop.present();
        const auto t1 = std::chrono::steady_clock::now();
        frameMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        pathMs.push_back(party.pathWork().lastUpdateMicros / 1000.0);
        serviceMs.push_back(party.lastServiceStats().micros / 1000.0);
    }
    print(n, frameMs, pathMs, serviceMs);
    return ExitOk;
}

void UnitBench::print(std::size_t units, const std::vector<double>& frameMs, const std::vector<double>& pathMs,
                      const std::vector<double>& serviceMs) const
{
    const Party& party = m_parts.session.party();
    const PathWorkStats& w = party.pathWork();
    const sf::Vector2u size = m_loop.window().getSize();
    std::cout << "bench-units: " << frameMs.size() << " frames of " << m_opts.mapPath << " at " << size.x << "x"
              << size.y << ", path budget " << fmt(party.params().pathBudgetMicros / 1000.0, 2) << " ms a frame\n";
    std::cout << "units: " << units << "\n";
    std::cout << "fps_mean: " << fmt(1000.0 / benchMean(frameMs), 1) << "\n";
    std::cout << "frame_ms_mean: " << fmt(benchMean(frameMs), 3) << "\n";
    std::cout << "frame_ms_p99: " << fmt(benchP99(frameMs), 3) << "\n";
    std::cout << "path_ms_per_frame_mean: " << fmt(benchMean(pathMs), 3) << "\n";
    std::cout << "path_ms_per_frame_p99: " << fmt(benchP99(pathMs), 3) << "\n";
    std::cout << "service_ms_per_frame_p99: " << fmt(benchP99(serviceMs), 3) << "\n";
    std::cout << "requests_made: " << w.requestsMade << "\n";
    std::cout << "requests_done: " << w.requestsDone << "\n";
    std::cout << "request_wait_frames_max: " << w.waitUpdatesMax << "\n";
    std::cout << "requests_pending: " << party.pendingPaths() << "\n";
    std::cout << "give_ways: " << w.giveWays << "\n";
    std::cout << "islands_used: " << m_islandsUsed << "\n";
}

} // namespace game
