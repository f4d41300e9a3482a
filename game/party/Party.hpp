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
    /// A path from the leader of the selection to `tile` without ordering anything (hover
    /// preview). Returns the status; fills `out`.
    eng::path::PathStatus preview(eng::TileCoord tile, eng::path::PathResult& out, eng::path::SearchTrace* trace = nullptr);

    /// Advances walking and animation by `dtSec` ([Limit: >= 0]).
    void update(double dtSec);
    bool anyMoving() const;

    /// Is `cell` held by a unit other than `except` (its cell, or the cell it is stepping into)?
    bool occupied(eng::TileCoord cell, int except = -1) const;

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

    StepTiming timing;
    bool isometric = true;             ///< facing: project steps as on an isometric map
    double tileWidth = 64.0;           ///< grid size used for that projection, pixels
    double tileHeight = 32.0;
    double waitBeforeReplanSec = 0.4;  ///< how long a blocked unit waits before replanning
    double pathBudgetMicros = 1500.0;  ///< time the path service may spend per update()
    float occupiedPenalty = 1000.0f;   ///< extra cost of a cell another unit holds (blocked replans)
    int maxReplans = 6;                ///< then it gives up and stops where it is
    /// Messages raised while walking ("mage gives up: path blocked"); the game shows and clears them.
    std::vector<std::string> events;

private:
    void startStep(Unit& u, int index);
    bool replan(Unit& u, int index);
    void stop(Unit& u);
    void setIdle(Unit& u);
    /// Asks the service for a path from where the unit stands (or is stepping to) to `goal`.
    void requestPath(Unit& u, eng::TileCoord goal);
    void dropRequest(Unit& u);
    /// Takes finished service results into their units.
    void collectPaths();
    void takePath(Unit& u, const eng::path::PathResult& result, int skipCells);
    void relayer();
    /// Nearest passable cell not held by another unit, on the unit's layer; nullopt when none.
    std::optional<eng::TileCoord> nearestFree(eng::TileCoord from, int layer, int except) const;
    bool bind(const eng::path::NavGrid* grid);
    bool buildOwnGrid(std::vector<MoveLayer>& layers);

    const eng::path::NavGrid* m_grid = nullptr;
    std::unique_ptr<eng::path::NavGrid> m_ownGrid;          ///< reset(field, rules) and tests
    std::unique_ptr<eng::path::PathService> m_service;
    eng::path::GridQuery m_query;                            ///< leader, preview, formation, replans
    eng::path::ServiceStats m_lastStats;
    std::vector<Unit> m_units;
    unsigned m_generation = 1; ///< bumped by reset: handles of the old units go stale
};

} // namespace game
