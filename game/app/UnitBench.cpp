/// \file UnitBench.cpp
/// App: `--bench-units N [--frames F]`: N units spread over the passable cells of the map's big
/// islands (distinct cells, seeded shuffle), each sent to a new random goal on its island every
/// 2-6 s of game time (staggered per unit) through Party::sendTo, i.e. through the PathService
/// and its per-frame budget. Prints, one per line: units, fps_mean, frame_ms_mean, frame_ms_p99,
/// path_ms_per_frame_mean, path_ms_per_frame_p99 (Party::pathWork: service slices, replans,
/// giving way, synchronous searches), service_ms_per_frame_p99 (PathService::update alone), requests_made, requests_done, request_wait_frames_max,
/// give_ways, islands_used.
#include "game/app/App.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <random>
#include <string>

namespace game {


namespace {

/// Islands smaller than this get no units (a unit there could hardly walk anywhere).
constexpr std::size_t MinIslandCells = 64;
/// A new goal lies within this many cells of the unit (on its island), when one is found.
constexpr int GoalRadius = 40;

double percentile99(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(std::ceil(0.99 * double(v.size()))) - 1)];
}

double mean(const std::vector<double>& v)
{
    double sum = 0.0;
    for (double x : v)
        sum += x;
    return v.empty() ? 0.0 : sum / double(v.size());
}

} // namespace

int App::runUnitBench()
{
    m_window->setFramerateLimit(0);
    const eng::path::NavGrid& nav = m_host.world().nav;
    std::mt19937 rng(12345);

    // Passable cells of every island big enough, per island.
    std::map<int, std::vector<eng::TileCoord>> islands;
    for (int y = 0; y < nav.height(); ++y)
        for (int x = 0; x < nav.width(); ++x)
            if (const int id = nav.islandOf(0, {x, y}); id >= 0)
                islands[id].push_back({x, y});
    std::vector<eng::TileCoord> cells;
    int islandsUsed = 0;
    for (const auto& [id, list] : islands)
        if (list.size() >= MinIslandCells) {
            cells.insert(cells.end(), list.begin(), list.end());
            ++islandsUsed;
        }
    std::shuffle(cells.begin(), cells.end(), rng);

    static const char* const Names[] = {"knight", "ranger", "mage", "dwarf"};
    m_party.reset(nav);
    const std::size_t n = std::min(cells.size(), std::size_t(m_opts.benchUnits));
    for (std::size_t i = 0; i < n; ++i)
        m_party.spawn(Names[i % 4], cells[i]);
    m_view.loadCharacters(m_party, m_messages);
    m_party.selection().selectNone();

    auto randomGoal = [&](eng::TileCoord from) {
        const std::vector<eng::TileCoord>& island = islands[nav.islandOf(0, from)];
        eng::TileCoord best = island[rng() % island.size()];
        for (int attempt = 0; attempt < 24; ++attempt) {
            const eng::TileCoord c = island[rng() % island.size()];
            if (std::abs(c.x - from.x) <= GoalRadius && std::abs(c.y - from.y) <= GoalRadius)
                return c;
        }
        return best;
    };
    std::vector<double> due(n);
    for (double& d : due)
        d = std::uniform_real_distribution<double>(0.0, 2.0)(rng);
    std::uniform_real_distribution<double> period(2.0, 6.0);

    std::vector<double> frameMs, pathMs, serviceMs;
    frameMs.reserve(std::size_t(m_opts.benchUnitFrames));
    pathMs.reserve(std::size_t(m_opts.benchUnitFrames));
    double gameSec = 0.0;
    for (int f = 0; f < m_opts.benchUnitFrames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        pumpEvents();
        for (std::size_t i = 0; i < n; ++i) {
            if (gameSec < due[i])
                continue;
            const Unit& u = m_party.units()[i];
            m_party.sendTo(int(i), randomGoal(planCell(u)));
            due[i] = gameSec + period(rng);
        }
        tick(FixedStepSec);
        gameSec += FixedStepSec;
        if (n > 0)
            m_view.camera().centerOn(m_view.unitFeetWorld(m_party.units().front()));
        drawFrame(*m_window);
        m_window->display();
        const auto t1 = std::chrono::steady_clock::now();
        frameMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        pathMs.push_back(m_party.pathWork().lastUpdateMicros / 1000.0);
        serviceMs.push_back(m_party.lastServiceStats().micros / 1000.0);
    }
    const PathWorkStats& w = m_party.pathWork();
    const sf::Vector2u size = m_window->getSize();
    std::cout << "bench-units: " << frameMs.size() << " frames of " << m_opts.mapPath << " at " << size.x << "x"
              << size.y << ", path budget " << fmt(m_party.params().pathBudgetMicros / 1000.0, 2) << " ms a frame\n";
    std::cout << "units: " << n << "\n";
    std::cout << "fps_mean: " << fmt(1000.0 / mean(frameMs), 1) << "\n";
    std::cout << "frame_ms_mean: " << fmt(mean(frameMs), 3) << "\n";
    std::cout << "frame_ms_p99: " << fmt(percentile99(frameMs), 3) << "\n";
    std::cout << "path_ms_per_frame_mean: " << fmt(mean(pathMs), 3) << "\n";
    std::cout << "path_ms_per_frame_p99: " << fmt(percentile99(pathMs), 3) << "\n";
    std::cout << "service_ms_per_frame_p99: " << fmt(percentile99(serviceMs), 3) << "\n";
    std::cout << "requests_made: " << w.requestsMade << "\n";
    std::cout << "requests_done: " << w.requestsDone << "\n";
    std::cout << "request_wait_frames_max: " << w.waitUpdatesMax << "\n";
    std::cout << "requests_pending: " << m_party.pendingPaths() << "\n";
    std::cout << "give_ways: " << w.giveWays << "\n";
    std::cout << "islands_used: " << islandsUsed << "\n";
    return ExitOk;
}

} // namespace game
