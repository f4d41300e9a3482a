#pragma once
/// \file FogOfWar.hpp
/// What a party knows of the map and what it sees now, and the grid it plans on while the fog
/// is on: the belief grid. No window; the session drives it, tests drive it directly.
///
/// Three states per cell: unknown (never seen), known (seen once: what any unit has seen is
/// known to the whole party) and visible (in sight of a unit now; visible cells are known).
/// The counts are of the map's real cells: void cells (SightMap::voids) may become known, but
/// are not counted.
///
/// The belief grid has the real grid's size, layers (names, move rules) and, on known cells,
/// its costs; an unknown cell costs OpenCost on every layer (open ground at the default
/// terrain's cost: the optimistic assumption, so a plan walks straight into the unknown and
/// replans once a wall shows). Invariant after every call:
///     belief().cost(l, c) == (known(c) ? real.cost(l, c) : OpenCost)
/// The cells whose state (unknown, known, visible) changed are kept in order for the views that
/// shade cells (the minimap): changesSince(stamp) tells a reader what changed since it last
/// read, so it reshades those cells only; cost O(cells that changed) per call of see(), none
/// per cell of the map. Each change of the belief grid is a NavDirty per layer, for Party::gridChanged (the units
/// whose remaining path crosses a changed cell replan through the path service). Landmarks are
/// off on the belief grid (its costs fall as walls turn out to be open ground).
///
/// \code
/// game::FogOfWar fog;
/// fog.reset(world.nav, game::sightBlockers(world.terrains[0].terrain));
/// party.rebind(fog.belief());
/// const game::Viewer eyes[] = {{{4, 4}, 7}};
/// party.gridChanged(fog.see(world.nav, eyes));
/// const game::FogChanges changed = fog.changesSince(stamp);  // reshade changed.cells (or all)
/// stamp = changed.stamp;
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "game/fog/Sight.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace game {

/// A unit's eyes: the cell it stands on and how far it sees. A unit bigger than a cell sees
/// from every cell of its footprint (the `size` x `size` block from `cell`).
struct Viewer {
    isostar::TileCoord cell;
    int radius = 0;
    int size = 1;
    bool operator==(const Viewer&) const = default;
};

/// What changed in a fog since a reader's stamp (FogOfWar::changesSince).
struct FogChanges {
    /// Every cell may have changed (the fog was reset or cleared since, or more cells changed
    /// than the fog keeps): the reader shades every cell again.
    bool all = false;
    /// Else the cells whose state changed, in order (a cell may repeat). Valid until the fog
    /// changes next.
    std::span<const isostar::TileCoord> cells;
    /// The stamp to pass next time.
    std::uint64_t stamp = 0;
};

class FogOfWar {
public:
    /// What an unknown cell costs on the belief grid (a cell with no terrain: cost 1).
    static constexpr float OpenCost = 1.0f;

    /// Starts over on `real`'s size and layers with `blockers`: every cell unknown and out of
    /// sight, unless `keepKnown` and the size is the same (new profiles on the same map).
    void reset(const isostar::path::NavGrid& real, SightMap blockers, bool keepKnown = false);
    /// Nothing: no grid, nothing known (the fog is off).
    void clear();
    /// The belief grid has layers (reset() ran on a real grid with layers).
    bool active() const { return m_belief.layerCount() > 0; }

    /// Sight now is exactly what `viewers` see: visible() becomes their union, and the cells
    /// seen for the first time become known (their real costs written into the belief grid).
    std::vector<isostar::path::NavDirty> see(const isostar::path::NavGrid& real, std::span<const Viewer> viewers);
    /// One more viewer's sight on top of the current one (a unit entered a cell mid-update).
    std::vector<isostar::path::NavDirty> look(const isostar::path::NavGrid& real, Viewer viewer);
    /// The real grid changed where `dirty` says (an edit, a reload, tuning): known cells take
    /// their new costs, changed move rules are copied. What changed in the belief grid.
    std::vector<isostar::path::NavDirty> realChanged(const isostar::path::NavGrid& real,
                                                 std::span<const isostar::path::NavDirty> dirty);
    /// Sight blockers changed (an edit, a reload, tuning); sight follows at the next see().
    void setBlockers(SightMap blockers);

    const isostar::path::NavGrid& belief() const { return m_belief; }
    /// The belief grid's footprint layer of `layer` for units of `size` (made on the first
    /// call, NavGrid::footprintLayer; it follows its base layer from then on).
    int footprintLayer(int layer, int size) { return m_belief.footprintLayer(layer, size); }
    /// The map's shape (empty while the fog is off).
    const isostar::GridShape& shape() const { return m_blockers.shape; }
    bool known(isostar::TileCoord c) const { return shape().inBounds(c) && m_known[shape().index(c)] != 0; }
    bool visible(isostar::TileCoord c) const { return shape().inBounds(c) && m_visible[shape().index(c)] == Seen; }
    /// The cells whose state (known, visible) changed since `stamp` (0: since ever: all), see
    /// FogChanges.
    FogChanges changesSince(std::uint64_t stamp) const;
    /// Real (not void) cells known so far.
    int knownCount() const { return m_knownCount; }
    /// Real (not void) cells of the map: the most knownCount() can reach.
    int cellCount() const { return m_cellCount; }

private:
    /// m_visible: out of sight, in sight, in the sight see() is marking (in sight after it).
    static constexpr std::uint8_t Unseen = 0, Seen = 1, Marking = 2;

    /// Marks the cells `viewer` sees `as` (Seen or Marking), appending the newly marked ones to
    /// `marked`; logs those that were out of sight, makes them known, their cells into m_fresh.
    void mark(Viewer viewer, std::uint8_t as, std::vector<isostar::TileCoord>& marked);
    /// Logs a cell whose state changed (for changesSince).
    void logChange(isostar::TileCoord c);
    /// Every reader shades every cell again (a reset or a clear).
    void forgetChanges();
    /// Counts the real cells and the known ones again (the void cells may have changed).
    void recount();
    /// Writes the real costs of m_fresh into the belief grid, one apply per layer.
    std::vector<isostar::path::NavDirty> writeFresh(const isostar::path::NavGrid& real);

    SightMap m_blockers;
    std::vector<std::uint8_t> m_known;
    std::vector<std::uint8_t> m_visible;            ///< Unseen, Seen or Marking per cell
    std::vector<isostar::TileCoord> m_visibleCells;     ///< the cells Seen
    std::vector<isostar::TileCoord> m_marked;           ///< scratch: see()'s new sight
    std::vector<isostar::TileCoord> m_changes;          ///< cells whose state changed, in order
    std::uint64_t m_changesStart = 1;               ///< the stamp of m_changes[0]
    int m_knownCount = 0;
    int m_cellCount = 0;
    isostar::path::NavGrid m_belief;
    std::vector<isostar::TileCoord> m_fresh;    ///< cells that became known, not yet written
    std::vector<isostar::TileCoord> m_scratch;  ///< cellsInSight output
};

} // namespace game
