#pragma once
/// \file Measure.hpp
/// pathbench's measuring tools: per-query thread CPU time, the figures one implementation gives
/// on one workload (Stats), and running an implementation in a child process so its peak
/// memory is its own.

#include "engine/core/TileCoord.hpp"
#include "tools/pathbench/Baselines.hpp"

#include <functional>
#include <span>
#include <vector>

namespace pathbench {

/// Per-query times are CPU time of this thread (CLOCK_THREAD_CPUTIME_ID): the box is shared by
/// several builds, and wall time would also count the time other processes hold the core.
double threadMicros();

struct Query {
    isostar::TileCoord start;
    isostar::TileCoord goal;
};


/// What one implementation measured on one workload.
struct Stats {
    std::vector<double> micros;
    std::vector<double> costs;  // -1 = no path
    std::vector<double> expanded;
    double peakMiB = -1.0;
};

double median(std::vector<double> v);
double sum(const std::vector<double>& v);
/// Total time over total expansions in nanoseconds (0 without expansions).
double nsPerExpansion(const Stats& s);

/// Runs `body` in a forked child so its peak memory (VmHWM minus the RSS inherited at fork) is
/// its own: each implementation builds its structures there (BGL its graph, IsoStar its padded
/// arrays) and the parent only receives the figures. Falls back to running in-process.
Stats measured(const std::function<Stats()>& body);


/// Times every query of `qs` (thread CPU time) after one untimed warm-up query;
/// `find(query)` returns a BaselineResult.
template <typename Find>
Stats timeQueries(std::span<const Query> qs, Find&& find)
{
    Stats s;
    find(qs.front());  // warm-up
    for (const Query& q : qs) {
        const double t0 = threadMicros();
        const BaselineResult r = find(q);
        s.micros.push_back(threadMicros() - t0);
        s.costs.push_back(r.found ? r.cost : -1.0);
        s.expanded.push_back(double(r.expanded));
    }
    return s;
}

/// Appends block `b`'s figures to `all` (peak memory: the largest of the blocks).
void append(Stats& all, const Stats& b);

} // namespace pathbench
