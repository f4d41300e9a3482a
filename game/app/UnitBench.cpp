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
/// The characters the units wear, in turn.
const char* const BenchNames[] = {"knight", "ranger", "mage", "dwarf"};

} // namespace

UnitBench::UnitBench(const Options& options, Loop& loop, GameParts parts) : m_opts(options), m_loop(loop), m_parts(parts)
{
}

void UnitBench::spawnGroup(std::size_t first, std::size_t count, isostar::TileCoord centre)
{
    // The free cells of its island nearest to the centre (8-neighbour flood), one unit on each.
    Party& party = m_parts.session.party();
    const isostar::path::NavGrid& nav = party.grid();
    const isostar::GridShape shape = nav.shape();
    const int island = nav.islandOf(0, centre);
    std::vector<isostar::TileCoord> queue{centre};
    std::vector<char>& seen = m_seen;
    seen.assign(shape.size(), 0);
    seen[shape.index(centre)] = 1;
    std::size_t placed = 0;
    for (std::size_t head = 0; head < queue.size() && placed < count; ++head) {
        const isostar::TileCoord c = queue[head];
        if (spawnAt(first + placed, c))
            ++placed;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const isostar::TileCoord n{c.x + dx, c.y + dy};
                if (nav.islandOf(0, n) != island || seen[shape.index(n)])
                    continue;
                seen[shape.index(n)] = 1;
                queue.push_back(n);
            }
    }
}

std::size_t UnitBench::spawnUnits()
{
    const isostar::path::NavGrid& nav = m_parts.session.world().nav;
    const isostar::GridShape shape = nav.shape();
    for (std::size_t i = 0; i < shape.size(); ++i)
        if (const int id = nav.islandOf(0, shape.cell(i)); id >= 0)
            m_islands[id].push_back(shape.cell(i));
    std::vector<isostar::TileCoord> cells;
    for (const auto& [id, list] : m_islands)
        if (list.size() >= MinIslandCells) {
            cells.insert(cells.end(), list.begin(), list.end());
            ++m_islandsUsed;
        }
    std::shuffle(cells.begin(), cells.end(), m_rng);

    Party& party = m_parts.session.party();
    if (m_opts.benchBigFraction > 0.0)
        m_parts.session.footprintLayer("", 2);  // the carts' layer
    party.reset(nav);
    std::size_t n = std::min(cells.size(), std::size_t(m_opts.benchUnits));
    const std::size_t group = std::size_t(std::max(1, m_opts.benchGroup));
    if (group == 1) {
        for (std::size_t k = 0; k < cells.size() && party.units().size() < n; ++k)
            spawnAt(party.units().size(), cells[k]);
        n = party.units().size();
    } else {
        // Each group stands together around a random cell (the shuffled cells, in order).
        for (std::size_t g = 0; party.units().size() < n && g < cells.size(); ++g)
            spawnGroup(party.units().size(), std::min(group, n - party.units().size()), cells[g]);
        n = party.units().size();
    }
    m_parts.view.loadCharacters(party, m_parts.session.messages());
    party.selection().selectNone();
    return n;
}

int UnitBench::sizeOf(std::size_t index) const
{
    const double f = m_opts.benchBigFraction;
    return f > 0.0 && std::floor(double(index + 1) * f) > std::floor(double(index) * f) ? 2 : 1;
}

bool UnitBench::spawnAt(std::size_t index, isostar::TileCoord cell)
{
    Party& party = m_parts.session.party();
    const int size = sizeOf(index);
    if (!party.freeFor(cell, "", size))
        return false;
    party.spawn(size > 1 ? "cart" : BenchNames[index % 4], cell, "", size);
    m_bigUnits += party.units().back().size > 1 ? 1 : 0;
    return true;
}

isostar::TileCoord UnitBench::randomGoal(isostar::TileCoord from)
{
    const std::vector<isostar::TileCoord>& island = m_islands[m_parts.session.world().nav.islandOf(0, from)];
    isostar::TileCoord best = island[m_rng() % island.size()];
    for (int attempt = 0; attempt < 24; ++attempt) {
        const isostar::TileCoord c = island[m_rng() % island.size()];
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
    const std::size_t group = std::size_t(std::max(1, m_opts.benchGroup));
    const std::size_t orders = (n + group - 1) / group;  // one per group (a unit alone: one per unit)
    std::vector<double> due(orders);
    for (double& d : due)
        d = std::uniform_real_distribution<double>(0.0, 2.0)(m_rng);
    std::uniform_real_distribution<double> period(2.0, 6.0);

    std::vector<double> frameMs, pathMs, serviceMs, workerMs;
    frameMs.reserve(std::size_t(m_opts.benchUnitFrames));
    pathMs.reserve(std::size_t(m_opts.benchUnitFrames));
    double gameSec = 0.0;
    for (int f = 0; f < m_opts.benchUnitFrames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        m_loop.pumpEvents();
        for (std::size_t i = 0; i < orders; ++i) {
            if (gameSec < due[i])
                continue;
            const isostar::TileCoord goal = randomGoal(planCell(party.units()[i * group]));
            if (group == 1) {
                party.sendTo(int(i), goal);
            } else {
                std::vector<int> who;
                for (std::size_t k = i * group; k < std::min(n, (i + 1) * group); ++k)
                    who.push_back(int(k));
                party.order(who, goal, nullptr, false);  // every path through the service
            }
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
        workerMs.push_back(party.lastServiceStats().workerMicros / 1000.0);
        m_searches += party.lastServiceStats().searches;
    }
    print(n, frameMs, pathMs, serviceMs);
    // The fields' own thread (PathService's field worker), beside the frame's path budget.
    std::cout << "field_worker_ms_per_frame_mean: " << fmt(benchMean(workerMs), 3) << "\n";
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
    std::cout << "follower_wait_frames_max: " << w.followerWaitUpdatesMax << "\n";
    std::cout << "requests_pending: " << party.pendingPaths() << "\n";
    std::cout << "searches_by_algorithm: " << m_searches << "\n";
    std::cout << "give_ways: " << w.giveWays << "\n";
    std::cout << "cell_trades: " << w.trades << "\n";
    std::cout << "islands_used: " << m_islandsUsed << "\n";
    if (m_opts.benchBigFraction > 0.0)
        std::cout << "big_units: " << m_bigUnits << "\n";
    if (m_opts.benchGroup > 1) {
        std::cout << "group_size: " << m_opts.benchGroup << "\n";
        std::cout << "fields_made: " << w.fieldsMade << "\n";
    }
}

} // namespace game
