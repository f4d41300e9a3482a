#pragma once
/// \file Bench.hpp
/// The two benchmark modes; each drives the App's loop (Loop) frame by frame, unthrottled, and
/// prints its figures on stdout, one `name: value` a line.
///
/// \code
/// return game::FrameBench(opts, loop, parts, commands).run();   // --bench-frames N
/// return game::UnitBench(opts, loop, parts).run();              // --bench-units N
/// \endcode

#include "game/app/Commands.hpp"
#include "game/app/GameParts.hpp"
#include "game/app/Options.hpp"

#include "engine/path/PathService.hpp"

#include <chrono>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace game {

/// `--bench-frames N [--bench-edits K]`: the party walks back and forth between two tiles while
/// frame times are measured, optionally with K random terrain edits per second of game time
/// (paint a palette terrain, erase, toggle a volcano: costs, mesh chunks and replans included in
/// the frame). Prints mean, p99 and fps, and the same figures in process CPU time (all threads,
/// the software GL's included), which a machine shared with other jobs disturbs far less than
/// wall time.
///
/// The frame time of a big map must not grow with its size, so the bench walks the same route
/// over the same ground on every map: between tiles (27,27) and (45,45), 3/8 and 5/8 of the
/// first 72x72 cells (the valley's size; smaller maps scale it down). On maps/valley.tmx that is
/// its middle; on maps/valley504.tmx (the valley 7x7) the same cells of its first copy. At
/// 1280x720 and 1:1 a view centred anywhere on that route lies wholly inside the map, so both
/// maps fill every pixel with ground and the two runs differ only in the size of the map behind
/// the view. The party walks from its start to the first tile before the clock starts, and the
/// landmark tables its orders asked for are built by then (a big map builds them in the
/// background once, after its first order: a load's cost, not a frame's).
class FrameBench {
public:
    FrameBench(const Options& options, Loop& loop, GameParts parts, Commands& commands);
    int run();

private:
    /// Untimed (ticks only, nothing drawn): the party walks to the route's far end, the landmark
    /// tables its order asked for are installed, then it walks back to the route's start while
    /// the path service builds the jump tables it chose (a load's cost, not a frame's).
    void walkToStart();
    /// This frame's share of random edits. Counts the ones that changed tiles.
    void randomEdits();
    void print(const std::vector<double>& frameMs, const std::vector<double>& cpuMs) const;

    const Options& m_opts;
    Loop& m_loop;
    GameParts m_parts;
    Commands& m_commands;
    isostar::TileCoord m_route[2];
    std::vector<std::string> m_terrains;  ///< the palette's terrains, for random paints
    double m_editsDue = 0.0;
    int m_editsDone = 0;
    std::mt19937 m_rng{12345};  ///< the edits' cells and kinds: the same on every run
};

/// `--bench-units N [--frames F]`: N units spread over the passable cells of the map's big
/// islands (distinct cells, seeded shuffle), each sent to a new random goal on its island every
/// 2-6 s of game time (staggered per unit) through Party::sendTo, i.e. through the PathService
/// and its per-frame budget. Prints units, fps_mean, frame_ms_mean, frame_ms_p99,
/// path_ms_per_frame_mean, path_ms_per_frame_p99 (Party::pathWork: service slices, replans,
/// giving way, synchronous searches), service_ms_per_frame_p99 (PathService::update alone),
/// requests_made, requests_done, request_wait_frames_max, requests_pending,
/// searches_by_algorithm (the path service's answers by the algorithm that gave them, as
/// `astar=A jps=J jpsw=W field=F`: the service follows isopath's `auto` rule, so jpsw once the
/// layer's landmark table and jpsw's own table are built, A* before and for requests that
/// avoid other units' cells; F counts the flow fields of group orders), give_ways,
/// islands_used.
///
/// With `--group G` (G > 1) the units stand in groups of G (each on the free cells nearest to a
/// random cell, in the seeded order) and each group is ordered as one (Party::order: a
/// formation, the first unit's A* path and one shared flow field for the others) to a new
/// random goal near its first unit every 2-6 s; requests_made counts the fields as well, and
/// group_size and fields_made follow.
class UnitBench {
public:
    UnitBench(const Options& options, Loop& loop, GameParts parts);
    int run();

private:
    /// The passable cells of every island big enough, shuffled; spawns the units on them.
    std::size_t spawnUnits();
    /// `count` units of --group from unit index `first` on the free cells nearest to `centre`.
    void spawnGroup(std::size_t first, std::size_t count, isostar::TileCoord centre);
    /// A goal on the island of `from`, near it when one is found.
    isostar::TileCoord randomGoal(isostar::TileCoord from);
    /// Spawns unit `index` on `cell` when its footprint fits there (its size: sizeOf), as a
    /// cart when it is big; true when it did.
    bool spawnAt(std::size_t index, isostar::TileCoord cell);
    /// The size of unit `index`: 2 for a share --bench-big-fraction of the units, spread evenly.
    int sizeOf(std::size_t index) const;
    void print(std::size_t units, const std::vector<double>& frameMs, const std::vector<double>& pathMs,
               const std::vector<double>& serviceMs) const;

    const Options& m_opts;
    Loop& m_loop;
    GameParts m_parts;
    std::map<int, std::vector<isostar::TileCoord>> m_islands;  ///< island id -> its passable cells
    int m_islandsUsed = 0;
    int m_bigUnits = 0;  ///< units of size 2 spawned
    isostar::path::SearchCounts m_searches;  ///< the service's answers of every frame, by algorithm
    std::vector<char> m_seen;  ///< spawnGroup's flood marks
    std::mt19937 m_rng{12345};
};

/// `--bench-load MAP`: the map has just opened (App::run, `start` its beginning). Draws the
/// first frame, then runs frames until the background work of the open is done (landmark
/// tables being built); prints `map_size` (WxH cells), `first_frame_ms` (start to the first
/// frame with the map shown),
/// `ready_ms` (start to no background work left), `rss_mb` (resident memory then) and
/// `peak_rss_mb` (the most the process held so far). Then plays a long order: the whole party
/// to the reachable cell nearest the map's far corner, frames running until every unit has its
/// path and the landmark tables the order asked for are built (at most 120 s); prints
/// `order_ms` (the order to that moment), `rss_after_order_mb` and `peak_rss_after_order_mb`
/// (the most the process held up to then: open and order).
int runLoadBench(Loop& loop, GameParts parts, std::chrono::steady_clock::time_point start);

/// Mean and 99th percentile of `v` (0 for an empty one).
double benchMean(const std::vector<double>& v);
double benchP99(std::vector<double> v);

} // namespace game
