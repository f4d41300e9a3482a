#pragma once
/// \file Party.hpp
/// The party as game state: units, move orders (formation + one A* path each), walking with
/// terrain-timed steps, occupancy (no two units on one cell) and replanning around a blocker.
/// No window, no SFML: the game drives it with `update(dt)`, tests drive it the same way.
///
/// Costs come from an eng::path::NavGrid the party only reads (the world's; one layer per
/// movement profile). The leader of an order is planned at once (its figures go to the HUD);
/// the others are requests to a PathService that update() serves within `pathBudgetMicros` a
/// frame. After the grid changed, gridChanged() replans exactly the units whose remaining path
/// crosses a changed cell.
///
/// Scale (hundreds of units): an occupancy grid (claims per cell + one holder's index) answers
/// occupied() and "who stands there" in O(1); nothing in update() loops over all units per
/// unit. A unit blocked by another waits `waitBeforeReplanSec`, then replans through the
/// service around a penalty (`occupiedPenalty`) on the cells that nearby units hold or their
/// next `claimCells` path cells claim (not a hard block). A blocked unit gives way to a unit of
/// higher priority (lower index) that walks into it: it steps aside to a free 4-neighbour
/// (pushing units behind it along, up to `giveWayDepth` deep) and replans from there; standing
/// units without an order are never pushed. So two groups meeting head-on in a 1-wide corridor
/// pass each other: the lower-priority group backs out.
///
/// \code
/// game::Party party;
/// party.reset(world.nav);            // or reset(field, rules): a grid of its own (tests)
/// party.spawn("knight", {3, 4}, 0);
/// party.selectAll();
/// game::OrderReport rep = party.orderSelected({10, 12});
/// while (party.anyMoving()) party.update(1.0 / 60.0);
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/GridQuery.hpp"
#include "engine/path/MoveRules.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathService.hpp"
#include "engine/path/SearchTrace.hpp"
#include "game/rules/StepTiming.hpp"
#include "game/party/Unit.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace game {

/// What a move order did, for the HUD and messages.
struct OrderReport {
    bool accepted = false;               ///< false: off the map / nothing selected / no path
    eng::TileCoord clicked;
    std::optional<eng::TileCoord> anchor; ///< formation centre actually used
    bool anchorMoved = false;            ///< clicked tile unreachable: walking to the closest one
    int units = 0;                       ///< units given a path
    // Figures of the leader's path (the first ordered unit): the HUD's "last path".
    eng::path::PathStatus status = eng::path::PathStatus::InvalidInput;
    double cost = 0.0;
    int length = 0;                      ///< cells in the path, start included
    int expanded = 0;
    double micros = 0.0;
};

/// A unit of one party, valid until the party is reset (`{index, generation}`, as Detour's
/// salted references). Default-constructed: refers to nothing.
struct UnitHandle {
    int index = -1;
    unsigned generation = 0;
    bool operator==(const UnitHandle&) const = default;
};

/// The costs of one movement profile ("dwarf") for a grid of the party's own (tests, tools): each
/// unit plans and walks on the layer of its profile. Layer 0 is the default for units without one.
struct MoveLayer {
    std::string profile;
    eng::path::CostField field;
    eng::path::MoveRules rules;
};

/// What a change of costs under a walking party did (Party::changeCosts).
struct CostChangeReport {
    std::vector<int> replanned;  ///< units whose remaining path crossed a changed cell
    std::vector<int> displaced;  ///< units moved off a cell that became impassable
    std::vector<int> stopped;    ///< units that could not replan and stopped
};

/// Path work of the party (the `--bench-units` figures).
struct PathWorkStats {
    long long requestsDone = 0;     ///< service results taken by their units since reset()
    long long requestsMade = 0;     ///< service requests made since reset()
    int waitUpdatesMax = 0;         ///< most update() calls one request waited for its result
    double lastUpdateMicros = 0.0;  ///< path work of the last update() (service slices, replans,
                                    ///< giving way) + synchronous searches since the update before
    long long giveWays = 0;         ///< units that stepped aside for another since reset()
};

class Party {
public:
    Party();
    ~Party();
    Party(const Party&) = delete;
    Party& operator=(const Party&) = delete;

    /// Plans on `grid` (not copied; it must outlive the party or the next reset); clears units.
    /// Layers are found by name (NavGrid::layerName = profile). False for a grid without layers.
    bool reset(const eng::path::NavGrid& grid);
    /// Takes the cost field and move rules as the only layer of a grid of its own; clears units.
    /// Returns false when the grid rejects them.
    bool reset(const eng::path::CostField& field, const eng::path::MoveRules& rules);
    /// Takes one layer per movement profile ([Limit: not empty, equal sizes]); clears units.
    bool reset(std::vector<MoveLayer> layers);
    /// Replaces the own grid's costs (same size or not) keeping the units: everyone stops. Units
    /// on cells that became impassable or off-map stay drawn. Returns false if rejected.
    bool setField(const eng::path::CostField& field, const eng::path::MoveRules& rules);
    /// As setField, for every profile's layer; each unit finds its layer again by profile name
    /// (a profile no longer present: layer 0).
    bool setLayers(std::vector<MoveLayer> layers);
    /// Plans on `grid` from now on, keeping the units (a reload that built a new grid): everyone
    /// stops, each unit finds its layer again by profile name.
    bool rebind(const eng::path::NavGrid& grid);
    /// The grid changed where `dirty` says (NavGrid::apply / replaceLayer on the grid in use):
    /// searches in flight restart; a unit on a cell that became impassable steps to the nearest
    /// passable free cell; a unit whose remaining path (cells still to enter, its goal included)
    /// crosses a dirty cell of its layer replans to its goal (a PathService request; it waits on
    /// its cell until the new path arrives); the others walk on untouched.
    void gridChanged(std::span<const eng::path::NavDirty> dirty, CostChangeReport* report = nullptr);

    /// New costs for the own grid, same size, while the party walks: each layer replaced
    /// (NavGrid::replaceLayer), then gridChanged. Different sizes fall back to setLayers
    /// (everyone stops). False if the layers are rejected.
    bool changeCosts(std::vector<MoveLayer> layers, CostChangeReport* report = nullptr);

    /// Adds a unit standing at the centre of `tile`, walking with the costs of `profile`
    /// (unknown or empty: layer 0). Returns its index.
    int spawn(const std::string& name, eng::TileCoord tile, int sheet, const std::string& profile = {});
    /// Spawns up to `names.size()` units on distinct passable cells as close to `near` as
    /// possible (flooding outward). Used when a map has no `party` objects.
    void spawnAround(const std::vector<std::string>& names, eng::TileCoord near, const std::vector<int>& sheets);

    std::vector<Unit>& units() { return m_units; }
    const std::vector<Unit>& units() const { return m_units; }
    /// Index of the unit called `name`, or -1.
    int find(const std::string& name) const;
    /// Handle of the unit at `index` (an invalid handle when out of range).
    UnitHandle handle(int index) const;
    /// The unit a handle refers to, or nullptr when the handle is invalid or from before a reset.
    const Unit* get(UnitHandle h) const;
    /// Index of the unit a handle refers to, or -1 (see get).
    int indexOf(UnitHandle h) const;

    void selectAll();
    void selectNone();
    void selectOnly(int index);
    std::vector<int> selection() const;

    /// Orders the selected units to `clicked`: formation goals, one A* path each (see Formation).
    /// `trace` [opt] records the leader's search.
    OrderReport orderSelected(eng::TileCoord clicked, eng::path::SearchTrace* trace = nullptr);
    /// Orders the given units.
    OrderReport order(const std::vector<int>& who, eng::TileCoord clicked, eng::path::SearchTrace* trace = nullptr);
    /// Sends one unit toward `goal` alone: no formation and no synchronous search, only a
    /// PathService request (served by update() within the budget). A goal held by another
    /// standing unit is replaced by the closest free cell when the walker gets there. False
    /// (nothing changed) for a bad index or a goal off the map.
    bool sendTo(int index, eng::TileCoord goal);
    /// A path from the leader of the selection to `tile` without ordering anything (hover
    /// preview). Returns the status; fills `out`.
    eng::path::PathStatus preview(eng::TileCoord tile, eng::path::PathResult& out, eng::path::SearchTrace* trace = nullptr);

    /// Advances walking and animation by `dtSec` ([Limit: >= 0]).
    void update(double dtSec);
    bool anyMoving() const;

    /// Is `cell` held by a unit other than `except` (its cell, or the cell it is stepping into)?
    /// O(1) on the map (occupancy grid); off the map a scan of the units.
    bool occupied(eng::TileCoord cell, int except = -1) const;
    /// A unit other than `except` holding `cell`, or -1. O(1) unless two units hold the cell.
    int holderOf(eng::TileCoord cell, int except = -1) const;
    /// Claims on `cell` in the occupancy grid: units standing on it + units stepping into it
    /// (0 off the map). Always equals a count over units() (tests check it).
    int claims(eng::TileCoord cell) const;

    /// Number of profile layers (0 before reset).
    int layerCount() const { return m_grid ? m_grid->layerCount() : 0; }
    /// Layer of a profile name ("" = layer 0), or -1 when none has it.
    int layerOf(const std::string& profile) const;
    /// The grid planned on [Limit: after a successful reset].
    const eng::path::NavGrid& grid() const { return *m_grid; }
    /// Entry cost of a cell for a layer (Impassable off the map).
    float cost(eng::TileCoord c, int layer = 0) const { return m_grid ? m_grid->cost(layer, c) : eng::path::Impassable; }
    bool passable(eng::TileCoord c, int layer = 0) const { return m_grid && m_grid->passable(layer, c); }
    /// The path requests of units not yet served (time-sliced by update()).
    std::size_t pendingPaths() const { return m_service ? m_service->pending() : 0; }
    /// Figures of the path service during the last update().
    const eng::path::ServiceStats& lastServiceStats() const { return m_lastStats; }
    /// Path work since reset() and during the last update().
    const PathWorkStats& pathWork() const { return m_work; }
    /// The path service (its limits may be tuned) [Limit: after a successful reset].
    eng::path::PathService& service() { return *m_service; }

    StepTiming timing;
    bool isometric = true;             ///< facing: project steps as on an isometric map
    double tileWidth = 64.0;           ///< grid size used for that projection, pixels
    double tileHeight = 32.0;
    double waitBeforeReplanSec = 0.4;  ///< how long a blocked unit waits before replanning
    double pathBudgetMicros = 1500.0;  ///< time the path service may spend per update()
    /// > 0: the budget per update() is this many expansions instead of time, so a scripted run
    /// gives the same paths at the same ticks on any machine (and in sanitizer builds).
    long long pathBudgetExpansions = 0;
    float occupiedPenalty = 1000.0f;   ///< extra cost of a cell another unit holds or claims (blocked replans)
    int avoidRadius = 8;               ///< blocked replans: units within this many cells are avoided
    int claimCells = 6;                ///< ... with this many cells of their path ahead
    int giveWayDepth = 12;             ///< most units asked to step aside for one walker per update (0: never give way)
    double giveWayHoldSec = 0.15;      ///< a unit that stepped aside stays put this long after the step
    int maxReplans = 6;                ///< replans without a step between them, blocked by a unit that does not
                                       ///< move (or a loop nobody can break; 5x as many behind units that
                                       ///< move); then it gives up and stops
    /// Messages raised while walking ("mage gives up: path blocked"); the game shows and clears them.
    std::vector<std::string> events;

private:
    /// Priority: does unit `a` come before unit `b`? Lower rank first, then lower index.
    bool outranks(int a, int b) const;
    void startStep(Unit& u, int index);
    /// Blocked: a replan through the service around the cells nearby units hold or claim.
    void replan(Unit& u, int index);
    /// `index` (standing, with an order) steps aside for unit `pusher` (higher priority),
    /// pushing the units behind it along if it must. True when the way is being cleared.
    bool giveWay(int index, int pusher, std::vector<int>& chain);
    /// The unit's blocker is in a line that moves (someone ahead steps, waits for a path, holds
    /// after giving way or is pushing its own blocker aside): it waits longer before giving up.
    bool waitsInMovingLine(int index) const;
    /// Starts a step of `u` to the neighbour `to` off its path, then replans from there.
    void stepAside(Unit& u, int index, eng::TileCoord to);
    /// Closest free cell to `goal` (4-neighbour flood, bounded) reachable from `from`; `goal`
    /// when none is found.
    eng::TileCoord freeCellNear(eng::TileCoord goal, eng::TileCoord from, int layer, int except);
    // Occupancy grid.
    bool onGrid(eng::TileCoord c) const { return c.x >= 0 && c.y >= 0 && c.x < m_occWidth && c.y < m_occHeight; }
    std::size_t cellIndex(eng::TileCoord c) const { return std::size_t(c.y) * std::size_t(m_occWidth) + std::size_t(c.x); }
    void claim(eng::TileCoord c, int index);
    void unclaim(eng::TileCoord c, int index);
    void rebuildOccupancy();
    void stop(Unit& u);
    void setIdle(Unit& u);
    /// Asks the service for a path from where the unit stands (or is stepping to) to `goal`.
    void requestPath(Unit& u, eng::TileCoord goal, std::vector<eng::TileCoord> avoid = {});
    void dropRequest(Unit& u);
    /// Takes finished service results into their units.
    void collectPaths();
    void takePath(Unit& u, const eng::path::PathResult& result, int skipCells);
    void relayer();
    /// Nearest passable cell not held by another unit, on the unit's layer; nullopt when none.
    std::optional<eng::TileCoord> nearestFree(eng::TileCoord from, int layer, int except) const;
    /// No units, no service, fresh path figures; bumps the generation (old handles go stale).
    void clearUnits();
    bool bind(const eng::path::NavGrid* grid);
    bool buildOwnGrid(std::vector<MoveLayer>& layers);

    const eng::path::NavGrid* m_grid = nullptr;
    std::unique_ptr<eng::path::NavGrid> m_ownGrid;          ///< reset(field, rules) and tests
    std::unique_ptr<eng::path::PathService> m_service;
    eng::path::GridQuery m_query;                            ///< leader, preview, formation, replans
    eng::path::ServiceStats m_lastStats;
    std::vector<Unit> m_units;
    unsigned m_generation = 1; ///< bumped by reset: handles of the old units go stale
    std::vector<std::uint16_t> m_holds;  ///< per cell: claims (units on it + units stepping into it)
    std::vector<std::int32_t> m_holder;  ///< per cell: one unit holding it, -1 none
    int m_occWidth = 0;
    int m_occHeight = 0;
    std::vector<std::uint32_t> m_mark;   ///< freeCellNear / replan: visited stamps per cell
    std::uint32_t m_markStamp = 0;
    long long m_updates = 0;             ///< update() calls since reset()
    double m_syncMicros = 0.0;           ///< synchronous path work since the last update()
    PathWorkStats m_work;
    std::vector<int> m_chain;            ///< giveWay(): units asked so far
    mutable std::vector<int> m_lineSeen; ///< waitsInMovingLine(): units followed so far
};

} // namespace game
