#pragma once
/// \file StepThrough.hpp
/// Step-through mode: a search that advances one expansion at a time, on
/// the engine's own stepper (isostar::path::SearchStepper: GridQuery's time-sliced A*, one
/// GridQuery::step(1) per expansion), so the cells come in exactly the order the full search
/// closes them. After each expansion it shows the cell just closed, every neighbour that
/// expansion scored with its outcome (opened, improved, not better, closed, wall, corner rule)
/// and the open list's first entries in the order the engine will pop them, and keeps the whole
/// trace so far (for the search overlay). Steps come one per call (the `N` key, the script's
/// `step N`) or at a steady rate (play, `update`).
///
/// No window, no SFML: tests drive it directly.
///
/// \code
/// game::debug::StepThrough st;
/// st.begin(world.nav, layer, unitTile, clicked);   // InProgress (or a final status at once)
/// st.step(5);                                      // five expansions
/// st.trace().expanded.back().cell;                 // the fifth cell closed
/// st.setPlaying(true); st.update(dtSec);           // stepsPerSec expansions a second
/// \endcode

#include "engine/core/TileCoord.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/path/PathResult.hpp"
#include "engine/path/SearchStepper.hpp"
#include "engine/path/SearchTrace.hpp"

#include <optional>
#include <span>
#include <vector>

namespace game::debug {

class StepThrough {
public:
    /// Begins a stepped search over `layer` of `grid` from `start` to `goal` (the grid must
    /// outlive the search or the next begin / cancel). Returns InProgress, or the final status
    /// when the engine decides at once (StartInvalid, Found for start == goal, NoPath, ...).
    /// Stops playing.
    isostar::path::PathStatus begin(const isostar::path::NavGrid& grid, int layer, isostar::TileCoord start, isostar::TileCoord goal);
    /// Runs up to `n` expansions ([Limit: n >= 0]), one SearchStepper::step() each, and stops
    /// at the end of the search. Returns the number done (0 when no search runs). When the search
    /// ends, its result is in result().
    int step(int n);
    /// Playing: `stepsPerSec` expansions a second of `dtSec` (fractions carried over).
    void update(double dtSec);
    /// Drops the search (active() false, trace and result cleared).
    void cancel();
    /// The grid changed under the search: a running one is dropped (its layer's version moved).
    /// Returns true when it dropped one.
    bool gridChanged();

    /// A search has begun and not been cancelled (it may have finished).
    bool active() const { return m_active; }
    /// The search still runs (more expansions to come).
    bool running() const { return m_active && m_status == isostar::path::PathStatus::InProgress; }
    isostar::path::PathStatus status() const { return m_status; }
    /// Expansions so far.
    int expanded() const { return m_stepper.stepCount(); }
    isostar::TileCoord start() const { return m_start; }
    isostar::TileCoord goal() const { return m_goal; }
    int layer() const { return m_layer; }
    /// Every expansion so far (and what each opened), as the full search would record them.
    const isostar::path::SearchTrace& trace() const { return m_stepper.trace(); }
    /// The cell closed by the last expansion, nullopt before the first.
    std::optional<isostar::path::TraceCell> current() const;
    /// The cells the last expansion put on the open list (new or improved), in the engine's
    /// neighbour order.
    std::vector<isostar::path::TraceCell> lastOpened() const;
    /// Every neighbour the last expansion scored, with its outcome and candidate g/h/f (empty
    /// before the first expansion and for the one that closed the goal).
    std::span<const isostar::path::TraceNeighbour> neighbours() const { return m_stepper.neighbours(); }
    /// The open list's first entries in the order the engine will pop them (at most
    /// OpenHeadSize).
    std::span<const isostar::path::TraceCell> openHead() const { return m_stepper.openHead(); }
    /// How many open-list entries openHead() lists.
    static constexpr int OpenHeadSize = 6;
    /// The finished search's result (status InvalidInput while it runs).
    const isostar::path::PathResult& result() const { return m_stepper.result(); }

    bool playing() const { return m_playing; }
    void setPlaying(bool on) { m_playing = on && running(); m_carry = 0.0; }
    /// Expansions a second while playing [Limit: > 0].
    double stepsPerSec = 8.0;

private:
    isostar::path::SearchStepper m_stepper;
    isostar::path::PathStatus m_status = isostar::path::PathStatus::InvalidInput;
    bool m_active = false;
    bool m_playing = false;
    double m_carry = 0.0;
    isostar::TileCoord m_start;
    isostar::TileCoord m_goal;
    int m_layer = 0;
};

} // namespace game::debug
