#pragma once
/// \file PathWhy.hpp
/// "Why this path": a path's cost taken apart into what the terrains cost without influence
/// (by terrain) and what each influence source added or removed (by source cell), with the
/// diagonal and straight steps and the cost of the plain straight (Bresenham) line, in numbers
/// (PathWhy), in plain words (describe) and as JSON (whyJson). A pure function of a
/// TerrainField (unbound or bound: it reads TerrainField::explain only) and the move rules.
///
/// How a step's cost is split. A step entering cell c costs `s = double(cost(c)) x k` (k = the
/// diagonal factor on a diagonal step, else 1) exactly as A* adds it (GridQuery: float cells,
/// double sums), so `total` is bit-identical to PathResult::cost of the same path from GridQuery.
/// With `I` = base cost x every multiplier of c (the cost without influence) and `l_i` = ln(factor)
/// of each influence i reaching c (ln(1/factor) for a divide effect), the step's influence change
/// `D = s - I x k` is shared among the influences in proportion to `l_i`: delta_i = D x l_i / sum(l).
/// The base part is what is left: `s - sum(delta_i)`. So the parts of every step sum to its cost
/// and `sum(base by terrain) + sum(delta by source) == total` up to double rounding (< 1e-9 for
/// game-sized paths). Where they go when the simple reading fails:
/// - **clamping** (cost clamped into [MinCellCost, MaxCellCost]): D includes the clamping, so the
///   clamp residue `(cost - unclamped) x k` is shared among the sources like the rest of D (it is
///   also reported alone in PathWhy::clampResidue). A cell clamped without any influence (extreme
///   base x multipliers) keeps it in its base part.
/// - **no influence, or influences that cancel** (sum(l) == 0 up to 1e-12 of sum|l|, e.g. x2 and
///   /2): every delta is 0 and the base part takes the whole step cost (the float rounding of the
///   cell's cost included, at most ~1e-7 x the cost).
///
/// Which terrain a step's base part belongs to (keys of `byTerrain`, plain terrain names): the
/// topmost uncovered terrain of the cell whose multiplier is not 1 (a road or bridge: "road" even
/// when it lies on snow), else the terrain giving the base cost ("grass", "snow"), else the
/// topmost uncovered terrain (one without a base cost, e.g. "tent": default cost 1), else "none".
///
/// Limits: consecutive path cells are taken as neighbours (a step is diagonal when both x and y
/// change); cells off the field or impassable (a stale path after an edit) are skipped and
/// counted in `skippedSteps`. Cost: O(path x influence window^2) plus as much for the straight
/// line; it allocates (strings), so compute it when the path changes, not every frame.
///
/// \code
/// #include "engine/path/GridPathfinder.hpp"
/// #include "engine/terrain/TerrainField.hpp"
/// isostar::terrain::TerrainGrid grid(32, 16);
/// grid.fill(grid.intern("grass"));
/// isostar::terrain::TerrainField field;
/// field.build(grid, isostar::terrain::defaultTerrainConfig().base);
/// isostar::path::GridPathfinder finder;
/// finder.init(field.costField(), field.rules().movement);
/// isostar::path::PathResult r;
/// finder.findPath({1, 1}, {30, 12}, r);
/// const isostar::terrain::PathWhy why = isostar::terrain::explainPath(field, r.path);
/// std::cout << isostar::terrain::describe(why);   // "the road detour costs 13.4; straight through ..."
/// const std::string json = isostar::terrain::whyJson(why);  // {"total":..., "base_by_terrain":{...}, ...}
/// \endcode

#include "engine/core/GridTopology.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/MoveRules.hpp"

#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace isostar::terrain {

class TerrainField;

/// One terrain's share of a path (or of the straight line).
struct WhyTerrain {
    std::string terrain;        ///< plain terrain name (see the attribution rule above), or "none"
    int cells = 0;              ///< distinct cells entered whose base part belongs to this terrain
    int steps = 0;              ///< steps entering such a cell (== cells unless the path revisits one)
    int diagonalSteps = 0;      ///< of these, diagonal ones
    double baseCost = 0.0;      ///< the base part of these steps: their cost without influence
    double stepCost = 0.0;      ///< the full cost of these steps (influence included)
    bool operator==(const WhyTerrain&) const = default;
};

/// One influence source's share of a path: one terrain (with an influence) on one cell.
struct WhySource {
    TileCoord source;           ///< the cell holding the influencing terrain
    std::string terrain;        ///< its name, e.g. "volcano_erupting"
    int cells = 0;              ///< path steps it reached
    double delta = 0.0;         ///< cost it added (> 0) or removed (< 0) along the path
    bool operator==(const WhySource&) const = default;
};

/// One step of the path: the entered cell and its split.
struct WhyStep {
    TileCoord cell;             ///< the cell entered
    bool diagonal = false;
    double cost = 0.0;          ///< double(cell cost) x (diagonal ? diagonal factor : 1)
    double base = 0.0;          ///< its base part (cost - sum of its influence deltas)
    std::string terrain;        ///< the terrain the base part belongs to
    bool clamped = false;       ///< the cell's cost was clamped (TerrainField::explain)
    bool operator==(const WhyStep&) const = default;
};

/// The plain straight line from the path's first cell to its last (Bresenham cells).
struct WhyStraightLine {
    std::vector<TileCoord> cells;       ///< first .. last cell inclusive, 8-connected
    /// Its cost under the same rules; nullopt when a cell is impassable or off the field, or a
    /// diagonal step of the line is refused by the diagonal mode (then `blockedAt` says where).
    std::optional<double> cost;
    std::optional<TileCoord> blockedAt; ///< the first cell that cannot be entered along the line
    std::string blockedBy;              ///< the impassable terrain there, or "corner rule"
    int diagonalSteps = 0;              ///< diagonal steps of the line
    std::vector<WhyTerrain> byTerrain;  ///< its steps by terrain (empty when not walkable)
    bool operator==(const WhyStraightLine&) const = default;
};

/// "Why this path": the cost of a path taken apart. Sums use the path's step order.
struct PathWhy {
    double total = 0.0;                 ///< sum of step costs, as A* sums them (== PathResult::cost)
    int steps = 0;                      ///< steps counted (path cells - 1 - skippedSteps)
    int straightSteps = 0;              ///< orthogonal steps
    int diagonalSteps = 0;              ///< diagonal steps
    double straightCost = 0.0;          ///< cost of the orthogonal steps
    double diagonalCost = 0.0;          ///< cost of the diagonal steps (diagonal factor included)
    std::vector<WhyTerrain> byTerrain;  ///< base parts by terrain, in order of first appearance
    std::vector<WhySource> bySource;    ///< influence deltas by (source cell, terrain), row-major by
                                        ///< source, then terrain name
    std::vector<WhyStep> stepList;      ///< every counted step, in path order
    int clampedSteps = 0;               ///< steps entering a clamped cell
    double clampResidue = 0.0;          ///< sum over them of (cost - unclamped) x k (inside the deltas)
    int skippedSteps = 0;               ///< steps into impassable / off-field cells (not counted)
    WhyStraightLine straightLine;       ///< the straight line from the path's first to last cell
    bool operator==(const PathWhy&) const = default;

    /// Sum of byTerrain[].baseCost.
    double baseSum() const;
    /// Sum of bySource[].delta.
    double deltaSum() const;
};

/// The Bresenham line from a to b inclusive: 8-connected cells, a first, b last, the line's cells
/// chosen as the classic integer algorithm does when walking from a (max(|dx|,|dy|) + 1 cells).
std::vector<TileCoord> bresenhamLine(TileCoord a, TileCoord b);

/// Applies `f` (TileCoord -> TileCoord) to every cell `why` names: influence sources, steps, the
/// straight line and where it is blocked. For showing them in other coordinates (Tiled's, with
/// isostar::map::CellFrame::toTiled, on staggered and infinite maps).
template <typename F>
void transformCells(PathWhy& why, F&& f)
{
    for (WhySource& s : why.bySource)
        s.source = f(s.source);
    for (WhyStep& s : why.stepList)
        s.cell = f(s.cell);
    for (TileCoord& c : why.straightLine.cells)
        c = f(c);
    if (why.straightLine.blockedAt)
        why.straightLine.blockedAt = f(*why.straightLine.blockedAt);
}

/// Explains `path` (start .. end, as PathResult::path) over `field` with the move rules
/// `movement` (diagonal mode for the straight line, diagonal factor for both). A one-cell path
/// gives total 0 and a one-cell straight line of cost 0; an empty path (no path found) gives an
/// empty PathWhy (no line cells, straight-line cost nullopt). On a hex grid (`topology`) no step
/// is diagonal (all six neighbours are one step, each the entered cell's cost) and the straight
/// line is the hex line between the two centres (GridTopology::hexLine).
PathWhy explainPath(const TerrainField& field, std::span<const TileCoord> path, const path::MoveRules& movement,
                    const GridTopology& topology = GridTopology::square());
/// Same, with the field's own rules' movement (`field.rules().movement`).
PathWhy explainPath(const TerrainField& field, std::span<const TileCoord> path);

/// Plain words, a few lines: a headline ("the road detour costs 13.4; straight through the snow
/// would cost 19.8"), the steps (straight / diagonal), the terrains without influence, each
/// influence source's delta, the straight line. Numbers rounded to 2 decimals.
std::string describe(const PathWhy& why);
std::ostream& operator<<(std::ostream& os, const PathWhy& why);

/// The `why` JSON object of `isopath path --why --json` and the game's `dump`, compact, keys in
/// this order: {"total": number, "base_by_terrain": {name: cost, ...}, "influence_by_source":
/// [{"source": [x, y], "terrain": name, "delta": number}, ...], "straight_line_cost": number|null}.
/// Numbers with 17 significant digits (they parse back to the same doubles). No JSON library is
/// needed: parse it with nlohmann::json::parse to embed it in a bigger document.
std::string whyJson(const PathWhy& why);

} // namespace isostar::terrain
