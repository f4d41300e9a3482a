#pragma once
/// \file NavGrid.hpp
/// The navigation data of engine/path (Detour's dtNavMesh): the one owner of the padded cost
/// layers (one per movement profile in use), their islands, cheapest/dearest cost and a version
/// number. Queries read it through a `const NavGrid&` (GridQuery); nothing else keeps a copy of
/// the costs. Not thread-safe for writes: edit it between queries (apply() bumps the version, so
/// a time-sliced search that spans an edit notices and stops with InvalidInput).
///
/// Guarantees:
/// - After any sequence of apply() calls a layer equals one built by addLayer() from the edited
///   field: costs, islands (same partition; ids may differ), cheapest cost; and so does each of
///   its footprint layers (footprintLayer(): units bigger than a cell) with the footprint costs.
/// - apply() costs O(changes) unless passability changed (islands: O(cells)) or an extreme cost
///   was overwritten (min/max rescan: O(cells)).
/// - version() only grows; it changes exactly when a cost, rule or layer changed.
/// - Memory: layers whose islands come out equal (profiles that differ only in costs) share one
///   island array (paddedIslands() of both is the same pointer) until one of them changes.
///
/// \code
/// const isostar::path::CostField field(32, 16);   // CostField.hpp; or a TerrainField's costs
/// const isostar::path::MoveRules rules;
/// isostar::path::NavGrid grid;
/// grid.reset(field.width, field.height);
/// const int walker = grid.addLayer("walker", field, rules);
/// const isostar::path::CellChange wall[] = {{{5, 5}, isostar::path::Impassable}};
/// isostar::path::NavDirty dirty = grid.apply(walker, wall);    // dirty.cells == {{5, 5}}
/// std::cout << dirty.cells.size() << " cell changed\n";   // hand it to PathService::invalidate
/// grid.pollLandmarks();                                    // once per frame (owner thread)
/// \endcode
///
/// Landmarks (ALT, Landmarks.hpp): with landmarks enabled for a layer (LandmarkSettings: Auto =
/// layers of at least 128x128 cells) addLayer() builds its table synchronously -- or, under
/// LandmarkBuild::OnDemand (the game), not at all: a layer's table is built in the background
/// only once a query has asked for it (landmarks()), and queries use the plain bound until then.
/// An edit that only raises costs (or walls cells off) keeps the table valid. One that lowers a
/// cost (or opens a cell), and a change of the diagonal rule or factor, makes it unsafe at once:
/// landmarks() gives null and queries use the plain bound until a rebuild lands, so no query ever
/// sees a table that could overestimate. The rebuild runs on a background std::jthread from a
/// snapshot of the costs taken in pollLandmarks(); the old table stays alive as long as a
/// running time-sliced search holds it.
///
/// Threading contract: a NavGrid is owned by one thread (the game thread). All non-const calls,
/// including pollLandmarks() / waitLandmarks() / setLandmarks(), run there, between queries;
/// const queries may run on several threads at once while no non-const call runs. The build
/// thread touches only its own snapshot and a private result slot; its table is installed (a
/// shared_ptr assignment) only by pollLandmarks() / waitLandmarks() on the owning thread.

#include "engine/core/GridShape.hpp"
#include "engine/core/GridTopology.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/Landmarks.hpp"
#include "engine/path/MoveRules.hpp"
#include "engine/path/detail/HexSteps.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::path {

/// When a layer's landmark table is built (the tables are the same either way).
enum class LandmarkBuild {
    /// addLayer() and setLandmarks() build at once (tools, tests: every query can use it).
    Eager,
    /// Nothing is built until a query asks for the layer's table (landmarks()); the owner's
    /// next pollLandmarks() starts its build on a background thread. Layers nobody plans on
    /// (a profile no unit uses yet) never cost the time or the memory of a table.
    OnDemand,
};

/// One cost change of a layer: `cell` now costs `cost` (Impassable or finite > 0).
struct CellChange {
    TileCoord cell;
    float cost = 1.0f;
};

/// What an apply() / replaceLayer() changed.
struct NavDirty {
    int layer = -1;                 ///< the layer changed; -1: nothing was applied (bad input)
    std::vector<TileCoord> cells;   ///< cells whose cost really changed (same value -> not listed), each once
    bool islandsChanged = false;    ///< passability changed somewhere: islands were recomputed
    bool rulesChanged = false;      ///< replaceLayer() changed the move rules: every path of the layer is suspect
    std::uint64_t version = 0;      ///< the grid's version after the change
    /// What the change did to the layer's footprint layers (NavGrid::footprintLayer), one entry
    /// per footprint layer that changed (each with `derived` empty). PathService::invalidate,
    /// JumpTables::invalidate, FlowField::touchedBy and WeightedJumpGrid::update read them too.
    std::vector<NavDirty> derived;
    /// True when nothing changed (no cell, no islands, no rules) in the layer itself (its
    /// footprint layers change only when it does).
    bool empty() const { return cells.empty() && !islandsChanged && !rulesChanged; }
    /// The change of `layer`: this one, one of `derived`, or null when `layer` did not change.
    const NavDirty* of(int layer) const
    {
        if (layer == this->layer)
            return this;
        for (const NavDirty& d : derived)
            if (d.layer == layer)
                return &d;
        return nullptr;
    }
};

class NavGrid {
public:
    /// Empty grid of width x height, no layers; bumps the version (searches over the old grid
    /// stop). Returns false (grid left empty, 0 x 0) for a bad size: width or height <= 0 or
    /// above 65533, or more than 2^31 cells with the padding (GridPathfinder::init's limits).
    /// `topology`: which cells are neighbours (GridTopology.hpp; square by default). On a hex
    /// grid every search, island, landmark table, field and smoothing of engine/path steps to
    /// the six cells that share an edge, each step costing the entered cell's cost: the layers'
    /// DiagonalMode and diagonalFactor do not apply, and the heuristic is the hex distance x
    /// the cheapest cell cost (Heuristic::Zero stays Dijkstra).
    bool reset(int width, int height, const GridTopology& topology = GridTopology::square());
    /// Changes the topology of a grid that has layers: recomputes every layer's islands and
    /// heuristic scale, drops their landmark tables (rebuilt as after an edit that lowers a
    /// cost) and bumps the version. No-op when equal. Delivered paths are not reported: reload
    /// the layers (replaceLayer) to get NavDirty records.
    void setTopology(const GridTopology& topology);
    /// The grid's neighbourhood (square or one of Tiled's four hex layouts).
    const GridTopology& topology() const { return m_topology; }
    /// True on a hex grid (topology().hex).
    bool hex() const { return m_topology.hex; }

    /// Adds a layer (one movement profile): a full cost field of the grid's size + its move
    /// rules. O(cells). Returns the layer index, or -1 (field size differs, a cost neither
    /// Impassable nor finite > 0, invalid rules). Layer indices stay valid until reset().
    int addLayer(std::string name, const CostField& field, const MoveRules& rules);
    int layerCount() const { return int(m_layers.size()); }
    /// Index of the first layer named `name`; -1 if none.
    int findLayer(std::string_view name) const;
    /// Name of a layer [Limit: 0 <= layer < layerCount()].
    const std::string& layerName(int layer) const { return m_layers[std::size_t(layer)].name; }
    /// Move rules of a layer [Limit: 0 <= layer < layerCount()].
    const MoveRules& rules(int layer) const { return m_layers[std::size_t(layer)].rules; }
    /// Changes a layer's rules without touching its costs: recomputes the islands (only if the
    /// diagonal connectivity changes) and the heuristic scale; bumps the version when the rules
    /// differ. Its footprint layers take the same rules. false (nothing changed): bad layer, a
    /// footprint layer or `isValid(rules)` false. Delivered paths are not reported: use
    /// replaceLayer() to get a NavDirty for PathService::invalidate().
    bool setRules(int layer, const MoveRules& rules);

    // ---- Footprints: units bigger than a cell (Footprint.hpp) -----------------------------
    /// The footprint layer of `layer` for units of `size` x `size` cells: a layer whose cell
    /// (x, y) holds the dearest cost of the block x .. x+size-1, y .. y+size-1 of `layer`
    /// (Impassable where a cell of it is impassable or off the map), with the same rules. Every
    /// search runs on it as on any layer and gives the paths of a unit of that size. Made on
    /// the first call for (layer, size) (O(cells): the sliding maximum, the islands), later calls
    /// return the same index. Its landmark table is built as a base layer's is, but never at once
    /// (Eager: on a background thread from the next pollLandmarks(), or by waitLandmarks();
    /// OnDemand: once asked for); until it is usable, landmarks() gives `layer`'s table, an
    /// admissible and consistent bound for it (no footprint cost is below its anchor cell's).
    /// apply(), replaceLayer() and setRules()
    /// of `layer` keep it equal to a fresh one: an edit recomputes the anchors of the edit's
    /// rectangle grown by size - 1 up and left (O(that rectangle)), and the NavDirty they return
    /// lists its changes in `derived`. It cannot be edited itself (apply / replaceLayer /
    /// setRules refuse it). `size` 1: `layer` itself. -1: bad layer, a footprint layer, or
    /// `size` outside 1..MaxFootprintSize.
    int footprintLayer(int layer, int size);
    /// A layer's unit size: 1 for a layer made by addLayer(), the size for a footprint layer;
    /// 0 for a bad layer.
    int footprintSize(int layer) const;
    /// The layer a footprint layer is made from; `layer` itself for a layer made by addLayer();
    /// -1 for a bad layer.
    int footprintBase(int layer) const;

    int width() const { return m_width; }
    int height() const { return m_height; }
    /// The grid's shape: cell indices of per-cell arrays the size of the map (GridShape::index).
    GridShape shape() const { return {m_width, m_height}; }
    bool inBounds(TileCoord c) const { return c.x >= 0 && c.y >= 0 && c.x < m_width && c.y < m_height; }
    bool validLayer(int layer) const { return layer >= 0 && layer < layerCount(); }

    /// Entry cost of a cell; Impassable when off the map or the layer does not exist.
    float cost(int layer, TileCoord c) const;
    bool passable(int layer, TileCoord c) const { return cost(layer, c) < Impassable; }
    /// Island id (dense, 0-based) of a passable cell; -1 off-map / impassable / bad layer.
    int islandOf(int layer, TileCoord c) const;
    /// O(1): both cells passable and on the same island under the layer's rules.
    bool reachable(int layer, TileCoord a, TileCoord b) const;
    int islandCount(int layer) const { return validLayer(layer) ? m_layers[std::size_t(layer)].islandCount : 0; }
    /// Cheapest passable cell cost of a layer (the heuristic's scale); 0 when none is passable.
    double minCellCost(int layer) const { return validLayer(layer) ? m_layers[std::size_t(layer)].minCost : 0.0; }
    /// Dearest passable cell cost of a layer; 0 when none is passable.
    double maxCellCost(int layer) const { return validLayer(layer) ? m_layers[std::size_t(layer)].maxCost : 0.0; }

    /// Bumped by every reset and every apply/setRules/replaceLayer that changed something.
    std::uint64_t version() const { return m_version; }
    /// The version at the layer's last change (<= version()); 0 for a bad layer. A search of a
    /// layer is valid while this stays the same.
    std::uint64_t layerVersion(int layer) const
    {
        return validLayer(layer) ? m_layers[std::size_t(layer)].version : 0;
    }

    /// Updates only the given cells of `layer`; later changes of the same cell win. Off-map
    /// cells are ignored. An invalid cost or layer (or a footprint layer) -> returns a NavDirty
    /// with layer -1 and changes nothing. Islands are recomputed only if passability changed,
    /// min/max cost only if an extreme was overwritten. The version is bumped only if a cost
    /// changed. Footprint layers of `layer` follow (NavDirty::derived).
    NavDirty apply(int layer, std::span<const CellChange> changes);
    /// Replaces a whole layer (same size), e.g. after a config reload: dirty = every cell whose
    /// cost changed (+ rulesChanged). O(cells). Invalid input (or a footprint layer) -> layer
    /// -1, nothing changed. Footprint layers of `layer` follow (NavDirty::derived).
    NavDirty replaceLayer(int layer, const CostField& field, const MoveRules& rules);
    /// A copy of a layer's costs as a CostField (tools and tests only). Empty for a bad layer.
    CostField costField(int layer) const;

    // ---- Padded layout, for GridQuery's search loop --------------------------------------
    /// Cells per padded row: width + 2 (one Impassable cell of padding on each side).
    int stride() const { return m_width + 2; }
    /// Padded cells: (width + 2) * (height + 2).
    std::size_t paddedSize() const { return std::size_t(m_width + 2) * std::size_t(m_height + 2); }
    /// Padded index of an in-bounds cell.
    std::uint32_t toNode(TileCoord c) const { return std::uint32_t((c.y + 1) * stride() + c.x + 1); }
    /// Cell of a padded index.
    TileCoord toCoord(std::uint32_t node) const
    {
        const int y = int(node / std::uint32_t(stride()));
        return {int(node) - y * stride() - 1, y - 1};
    }
    /// The layer's padded costs (paddedSize() floats, the ring Impassable) [Limit: valid layer].
    const float* paddedCosts(int layer) const { return m_layers[std::size_t(layer)].cost.data(); }
    /// The layer's padded island ids (-1: impassable) [Limit: valid layer].
    const std::int32_t* paddedIslands(int layer) const { return m_layers[std::size_t(layer)].island->data(); }
    /// minCost x the heuristic's admissibility factor x weight: A*'s heuristic multiplier.
    double heuristicScale(int layer) const { return m_layers[std::size_t(layer)].hScale; }
    /// Hex grids: the padded-index offsets of a padded cell's six neighbours (detail/HexSteps.hpp).
    const detail::HexSteps& hexSteps() const { return m_hex; }
    /// Octile diagonal length clamp(diagonalFactor, 1, 2) of the layer's rules.
    double octileDiagonal(int layer) const { return m_layers[std::size_t(layer)].octileDiag; }
    /// Every passable cell of the layer costs the same (exact f ties everywhere).
    bool uniformCost(int layer) const
    {
        const Layer& l = m_layers[std::size_t(layer)];
        return l.minCost == l.maxCost;
    }

    // ---- Landmarks (ALT) ------------------------------------------------------------------
    /// Landmark settings for every layer (default: Auto, 8 per island). Changing them rebuilds
    /// (synchronously) or drops the tables of the existing layers; later layers use them too.
    /// reset() keeps the settings.
    void setLandmarks(const LandmarkSettings& settings);
    const LandmarkSettings& landmarkSettings() const { return m_landmarkSettings; }
    /// When tables are built (default Eager; reset() keeps it). Switching to OnDemand keeps the
    /// tables built so far; switching to Eager builds the missing ones now.
    void setLandmarkBuild(LandmarkBuild build);
    LandmarkBuild landmarkBuild() const { return m_landmarkBuild; }
    /// Under OnDemand, at most `tables` layers hold a landmark table or build one (0, the
    /// default: no limit; reset() keeps it). A layer's ask (landmarks()) counts for the next
    /// `idlePolls` calls of pollLandmarks(), and so does the install of its table: a build
    /// starts only for a layer asked for within them (the most recently asked first), and with
    /// `tables` held, the table of a layer not asked for within them is dropped to make room
    /// (a search running keeps the table it began with). So the tables follow the profiles
    /// units plan on now, within the memory of `tables` tables; a layer without one uses the
    /// plain bound, as while its table is built. [Limit: tables >= 0, idlePolls >= 0]
    void setLandmarkTableLimit(int tables, int idlePolls);
    int landmarkTableLimit() const { return m_tableLimit; }
    /// Layers that hold a landmark table now (usable or not).
    int landmarkTablesHeld() const;
    /// A background build of some layer's table is running (pollLandmarks() installs it).
    bool landmarksBuilding() const;
    /// The layer's table when queries may use it (enabled, built for its rules, and no cost
    /// lowered since the snapshot it was built from); for a footprint layer without one, its
    /// base layer's when that one is usable; null otherwise. Valid until the next
    /// non-const call; a query copies the shared_ptr to keep it for its whole search. Under
    /// OnDemand a null answer also marks the layer as wanted (an atomic flag, so concurrent
    /// const queries may call it): the next pollLandmarks() starts its build.
    std::shared_ptr<const LandmarkTable> landmarks(int layer) const;
    /// Enabled for the layer but not usable yet (a rebuild is pending or running).
    bool landmarksPending(int layer) const;
    /// Owner thread, e.g. once per frame: installs finished rebuilds whose snapshot is still
    /// valid and starts a background rebuild for each unsafe layer (under OnDemand: for one
    /// unsafe layer a query has asked for, when no build runs) (at most one per layer; a
    /// burst of edits between two polls costs one rebuild). Cheap when nothing is pending.
    /// Returns true when a table was installed.
    bool pollLandmarks();
    /// Owner thread: blocks until every enabled layer has a usable table (joins running
    /// rebuilds, builds the missing ones synchronously). For tools and tests.
    void waitLandmarks();

private:
    /// A background rebuild of one layer's table: its thread and result
    /// (engine/path/landmarks/LandmarkJob.hpp, private to NavGrid's .cpp files).
    struct LandmarkJob;
    /// A layer's landmark state. Copies share the (immutable) table but not a running job: a
    /// copy of an unsafe layer starts its own rebuild at its next poll.
    struct LandmarkSlot {
        std::shared_ptr<const LandmarkTable> table;
        bool safe = false;          ///< table usable: no cost lowered since its snapshot
        std::uint64_t epoch = 0;    ///< bumped by every change that lowers a cost or changes step weights
        std::unique_ptr<LandmarkJob> job;
        /// A query asked for the table (OnDemand); set by const queries, hence atomic.
        mutable std::atomic<bool> wanted{false};
        /// The poll count (m_polls) at the last ask or install (setLandmarkTableLimit).
        mutable std::atomic<std::uint64_t> askedAt{0};

        // Defined in NavGridLandmarkSlot.cpp, where LandmarkJob is complete.
        LandmarkSlot();
        ~LandmarkSlot();
        LandmarkSlot(const LandmarkSlot& o);
        LandmarkSlot& operator=(const LandmarkSlot& o);
        LandmarkSlot(LandmarkSlot&& o) noexcept;
        LandmarkSlot& operator=(LandmarkSlot&& o) noexcept;  ///< stops and joins this slot's own rebuild first
        bool isWanted() const { return wanted.load(std::memory_order_relaxed); }
        std::uint64_t lastAsked() const { return askedAt.load(std::memory_order_relaxed); }
    };

    struct Layer {
        std::string name;
        MoveRules rules;
        std::vector<float> cost;          ///< per padded cell, Impassable on the ring
        /// Per padded cell, -1 impassable. Never written in place once made: shared by layers
        /// with the same islands and by a landmark build reading them.
        std::shared_ptr<const std::vector<std::int32_t>> island;
        int islandCount = 0;
        double minCost = 0.0;
        double maxCost = 0.0;
        double hScale = 0.0;
        double octileDiag = 1.0;
        std::uint64_t version = 0;
        LandmarkSlot landmarks;
        int footprintBase = -1;   ///< a footprint layer's base layer; -1: made by addLayer()
        int footprintSize = 1;
        std::vector<int> footprints;  ///< a base layer's footprint layers
    };

    /// apply() / replaceLayer() / setRules() of any layer, footprint layers included.
    NavDirty applyChanges(int layer, std::span<const CellChange> changes);
    NavDirty replaceCosts(int layer, const CostField& field, const MoveRules& rules);
    bool changeRules(int layer, const MoveRules& rules);
    /// After an apply() of base layer `layer`: its footprint layers recompute the anchors whose
    /// block holds a cell of `dirty` (NavDirty::derived).
    void applyToFootprints(int layer, NavDirty& dirty);
    /// After a replaceLayer() of base layer `layer`: its footprint layers, whole.
    void replaceFootprints(int layer, NavDirty& dirty);
    bool sameSize(const CostField& field) const;
    void copyCosts(Layer& layer, const CostField& field) const;
    void computeIslands(Layer& layer);
    /// apply(): the islands after the passability changes listed in m_touched (sorted by node,
    /// each node's old cost first), without a flood of the whole map where that is sure to give
    /// the same partition: a closed cell's island is kept when the open cells around every closed
    /// cell of it still reach each other (a search bounded to a share of the map); an opened cell
    /// joins the one island around it, or starts a new one. False (nothing changed) where that
    /// cannot be shown: an island split, merged or vanished; computeIslands() then.
    bool updateIslands(Layer& layer);
    /// updateIslands(): m_touched[i] is the first entry of its node (the one with its old cost).
    bool touchedFirst(std::size_t i) const;
    /// updateIslands(): closed cells leave their islands; the open cells beside them become the
    /// targets (island, cell), sorted. False when an island may be gone.
    bool closeCells(const Layer& layer, std::vector<std::int32_t>& island);
    /// updateIslands(): each island's targets still reach each other (bounded). False: split.
    bool closedIslandsHold(const Layer& layer, std::vector<std::int32_t>& island);
    /// updateIslands(): opened cells labelled; `count` grows by the new islands. False: a merge.
    bool openCells(const Layer& layer, std::vector<std::int32_t>& island, int& count) const;
    /// The layer's islands become `fresh`, or an equal array another layer already has.
    void adoptIslands(Layer& layer, std::shared_ptr<std::vector<std::int32_t>> fresh);
    static void computeMinCost(Layer& layer);
    void computeHeuristicScale(Layer& layer) const;
    /// The padded offsets of `node`'s neighbours under the layer's connectivity (hex: six; square:
    /// four, or eight when diagonals may cross any corner); `count` gets how many.
    const int* linksOf(const Layer& layer, std::uint32_t node, int& count) const
    {
        if (m_topology.hex) {
            count = GridTopology::kHexNeighbours;
            return m_hex.at(node);
        }
        count = layer.rules.diagonal == DiagonalMode::Always ? 8 : 4;
        return m_offsets;
    }
    bool landmarksEnabled() const { return m_landmarkSettings.enabledFor(m_width, m_height); }
    void buildLandmarksNow(Layer& layer);
    /// The layer's table is usable by queries (landmarks() without marking it wanted).
    bool landmarksUsable(const Layer& layer) const;
    static void markLandmarksUnsafe(Layer& layer);
    void startLandmarkJob(Layer& layer);
    static bool installLandmarkJob(Layer& layer);
    /// pollLandmarks() under a table limit: starts the build of the most recently asked layer,
    /// dropping an idle layer's table when the limit is reached.
    void startLimitedBuild();
    /// Asked for (or installed) within the last m_idlePolls polls.
    bool askedRecently(const LandmarkSlot& slot) const { return m_polls - slot.lastAsked() <= std::uint64_t(m_idlePolls); }

    int m_width = 0;
    int m_height = 0;
    int m_offsets[8] = {};
    GridTopology m_topology;
    detail::HexSteps m_hex;         ///< hex grids' neighbour offsets (for m_topology, stride())
    std::uint64_t m_version = 0;
    std::vector<Layer> m_layers;
    LandmarkSettings m_landmarkSettings;
    LandmarkBuild m_landmarkBuild = LandmarkBuild::Eager;
    int m_tableLimit = 0;           ///< setLandmarkTableLimit (0: none)
    int m_idlePolls = 0;
    std::uint64_t m_polls = 0;      ///< pollLandmarks() calls (the clock of askedAt)
    std::vector<std::uint32_t> m_stack;  ///< island flood fill scratch
    /// updateIslands() scratch: (island, open cell beside a closed one), and the cells visited.
    std::vector<std::pair<std::int32_t, std::uint32_t>> m_islandTargets;
    std::vector<std::uint32_t> m_islandSeen;
    std::vector<std::pair<std::uint32_t, float>> m_touched;  ///< apply(): (node, old cost) scratch
};

} // namespace isostar::path
