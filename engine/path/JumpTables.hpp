#pragma once
/// \file JumpTables.hpp
/// The jump searches of a PathService: for each layer of one NavGrid the algorithm the `auto`
/// rule picks (resolveAlgorithm), the tables its jump searches read, kept up to date with the
/// grid's edits, and the scratch that runs them. Owned by the grid's owner thread (the
/// service's); only the build of a WeightedJumpGrid runs on a thread of its own.
///
/// Guarantees:
/// - choose() names Jps or Jpsw only while that search's table matches the layer as it is now
///   (JumpPointGrid / WeightedJumpGrid::matches): a search never reads stale data; it names
///   AStar otherwise (and for requests with an overlay, which the jump searches do not take).
/// - One table per layer serves both searches (JumpPointGrid is a WeightedJumpGrid; about
///   0.5-0.75 us a cell to build): it is built on a background thread from a copy of the
///   layer's costs; A* answers meanwhile. poll() installs it and patches it with the cells
///   invalidate() reported since the copy; invalidate() patches an installed one
///   (WeightedJumpGrid::update), or drops it when the rules or the size changed (a new build
///   starts at the next choose() that wants it).
/// - Results: exact. Jps and Jpsw return A*'s optimal cost (their own tie-breaks among
///   optimal paths).
///
/// \code
/// isostar::path::NavGrid grid;                                         // the map's navigation data
/// grid.reset(32, 16);
/// const int walker = grid.addLayer("walker", isostar::path::CostField(32, 16), isostar::path::MoveRules{});
/// isostar::path::JumpTables jumps(grid);
/// isostar::path::PathResult result;
/// jumps.poll();                                              // each update, owner thread
/// const isostar::path::SearchAlgorithm a = jumps.choose(walker, false);
/// if (a != isostar::path::SearchAlgorithm::AStar) jumps.findPath(a, walker, {1, 1}, {30, 12}, true, result);
/// const isostar::path::CellChange changes[] = {{{5, 5}, isostar::path::Impassable}};
/// jumps.invalidate(grid.apply(walker, changes));             // after every edit
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/JumpPointSearch.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchAlgorithm.hpp"
#include "engine/path/WeightedJumpSearch.hpp"

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace isostar::path {

class JumpTables {
public:
    /// The grid must outlive the tables; they only read it.
    explicit JumpTables(const NavGrid& grid);
    ~JumpTables();
    JumpTables(const JumpTables&) = delete;
    JumpTables& operator=(const JumpTables&) = delete;

    /// The algorithm a path search of `layer` runs now: resolveAlgorithm(Auto) when its table
    /// is ready, else AStar (Jpsw: its table's build starts, if none runs). `overlay`: the
    /// request has cells of other units to avoid (AStar).
    SearchAlgorithm choose(int layer, bool overlay);
    /// The table of `algorithm` (Jps, Jpsw) for `layer` matches the grid now.
    bool ready(SearchAlgorithm algorithm, int layer) const;
    /// ready(algorithm, layer), else false and the table's build starts (if none runs): for a
    /// search asked for explicitly (PathRequest::algorithm), which waits for it.
    bool prepare(SearchAlgorithm algorithm, int layer);
    /// A whole Jps / Jpsw search [Limit: ready(algorithm, layer)]; out.status as the search's.
    PathStatus findPath(SearchAlgorithm algorithm, int layer, TileCoord start, TileCoord goal, bool partial,
                        PathResult& out);

    /// After grid.apply() / replaceLayer() (every one of them, in order, as PathService::invalidate;
    /// the footprint layers' changes in `dirty.derived` too).
    void invalidate(const NavDirty& dirty);
    /// Owner thread, between searches: installs finished background builds.
    void poll();
    /// A background build runs.
    bool building() const;
    /// Frees the searches' scratch (the tables stay).
    void releaseScratch();

private:
    /// A WeightedJumpGrid built on its own thread from a copy of the costs.
    struct Build {
        std::vector<float> costs;              ///< the copy the thread reads
        WeightedJumpGrid table;                ///< written by the thread before `done`
        std::vector<TileCoord> dirty;          ///< cells changed since the copy
        bool obsolete = false;                 ///< rules or size changed since the copy: dropped
        std::atomic<bool> done{false};
        std::jthread thread;                   ///< last: joined first
    };
    struct Layer {
        std::unique_ptr<WeightedJumpGrid> weighted;  ///< the layer's table, for jps and jpsw
        std::unique_ptr<Build> build;
    };
    Layer& layer(int index);
    void startBuild(int index);

    const NavGrid& m_grid;
    std::vector<Layer> m_layers;
    std::unique_ptr<JumpPointSearch> m_jps;
    std::unique_ptr<WeightedJumpSearch> m_jpsw;
};

} // namespace isostar::path
