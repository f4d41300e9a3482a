#pragma once
/// \file TerrainField.hpp
/// Compiles a TerrainGrid under TerrainRules into the costs A* reads, keeps them up to date cell
/// by cell, and explains any cell's cost (for the game's HUD).
///
/// Two output modes:
/// - **Unbound** (`build(grid, rules)`): the field owns a flat `isostar::path::CostField`
///   (`costField()`), for tools and tests.
/// - **Bound** (`build(grid, rules, nav, name)` / `build(grid, rules, nav, layer)`): the field
///   keeps NO cost copy of its own; its costs live only in one layer of an `isostar::path::NavGrid`
///   the caller owns. The field remembers the layer index, not the grid: every change takes the
///   NavGrid again (so the grid may be moved, e.g. inside a game World, without dangling), writes
///   through `NavGrid::apply` only the cells whose cost changed (the old cost is read back from
///   the layer) and returns the `NavDirty` for `PathService::invalidate`.
///
/// - Influence is computed when the field is built or changed, never per edge: a full build
///   scatters each source's factors over its disk, O(cells + sources x radius^2).
/// - `setCell` / `replaceTerrain` (e.g. a volcano erupting) recompute only the cell and, when the
///   old or new terrains of the cell have an influence, the cells within that radius. The result
///   is bit-identical to a full rebuild: every cell applies its factors in the same order
///   (sources in row-major order, a source's terrains bottom to top), in double precision.
/// - A cell's final cost is clamped into [MinCellCost, MaxCellCost] (see TerrainRules.hpp).
/// - Memory: beyond the grid, the field keeps only per-name tables; a cell's intrinsic cost and
///   whether it is an influence source are recomputed from its terrains when needed (a full
///   build holds them for its duration only). Fields of several profiles can share one grid
///   (`build(std::shared_ptr<const TerrainGrid>, ...)`): a shared grid is never written; a field
///   takes its own copy at its first change of a cell or of the grid's names.
/// - Grid names meet the rules' through TerrainRules::find (without regard to case, aliases).
///   Names the rules do not know count as a terrain without any effect (base cost 1); each such
///   name gets one warning, in unknownTerrainText's words (naming TerrainGrid::origins).
///
/// \code
/// #include "engine/path/GridPathfinder.hpp"
/// isostar::terrain::TerrainGrid grid(16, 8);                   // or terrainGridFromMap (MapTerrain.hpp)
/// grid.fill(grid.intern("grass"));
/// grid.push({7, 3}, grid.intern("volcano"));
/// const isostar::terrain::TerrainConfig config = isostar::terrain::defaultTerrainConfig();
/// isostar::terrain::TerrainField field;
/// for (const isostar::Diagnostic& w : field.build(grid, config.base)) std::cerr << w << '\n';
/// isostar::path::GridPathfinder finder;
/// finder.init(field.costField(), field.rules().movement);
/// // a volcano starts erupting: update the field, then the pathfinder, only where it changed
/// const std::vector<isostar::TileCoord>& changed = field.replaceTerrain({7, 3}, "volcano", "volcano_erupting");
/// finder.updateCells(field.costField(), changed);
/// std::cout << isostar::terrain::describe(field.explain({8, 3}));
///
/// // Bound: the NavGrid is the only holder of the costs.
/// isostar::path::NavGrid nav;
/// nav.reset(grid.width, grid.height);
/// isostar::terrain::TerrainField dwarf;
/// dwarf.build(grid, *config.profile("dwarf"), nav, "dwarf");   // appends layer "dwarf", dwarf.layer() == 0
/// isostar::path::NavDirty dirty = dwarf.replaceTerrain(nav, {7, 3}, "volcano", "volcano_erupting");
/// // Paint by name: a name the rules do not know is refused (`unknown terrain "wal" (...)`).
/// isostar::Result<isostar::terrain::TerrainId> wall = dwarf.terrainId("wall");
/// if (!wall) { std::cerr << isostar::formatDiagnostics(wall.diagnostics()); return 2; }
/// const isostar::terrain::TerrainId stack[] = {grid.find("grass"), wall.value()};
/// dirty = dwarf.setCell(nav, {2, 2}, stack);
/// std::cout << dirty.cells.size() << " cells changed\n";   // hand `dirty` to PathService::invalidate
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/core/Result.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"
#include "engine/path/NavGrid.hpp"
#include "engine/terrain/TerrainGrid.hpp"
#include "engine/terrain/TerrainRules.hpp"

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace isostar::terrain {

/// One influence that applied to a cell.
struct InfluenceContribution {
    TileCoord source;        ///< the cell holding the influencing terrain
    std::string terrain;     ///< its name
    double distance = 0.0;   ///< Euclidean, in cells
    InfluenceEffect effect = InfluenceEffect::Multiply;
    double factor = 1.0;     ///< ((base - d) + offset) * scale
    bool operator==(const InfluenceContribution&) const = default;
};

/// Why a cell costs what it costs. Produced by TerrainField::explain.
struct CellExplanation {
    TileCoord cell;
    std::vector<std::string> terrains;  ///< all terrains, bottom to top
    int coveredCount = 0;               ///< the first coveredCount terrains are hidden by a `covers` one
    std::vector<std::string> unknown;   ///< names among them that the rules do not know
    std::vector<std::string> unknownFrom; ///< per `unknown` name: where the map gave it (TerrainGrid::origins), "" if not known
    std::string baseFrom;               ///< terrain whose base cost counts; empty: default 1
    double baseCost = 1.0;
    std::vector<std::pair<std::string, double>> multipliers; ///< terrains with multiplier != 1
    bool passable = true;
    std::string blockedBy;              ///< first impassable terrain when !passable ("void: ..." for a void cell)
    std::vector<InfluenceContribution> influences; ///< in the order applied
    double unclamped = 1.0;             ///< cost before clamping (inf when impassable)
    bool clamped = false;               ///< the cost was clamped into [MinCellCost, MaxCellCost]
    float cost = 1.0f;                  ///< the value in the cost field
    bool operator==(const CellExplanation&) const = default;
};

/// `explanationLines(e, maxInfluences)` lists every influence by default.
inline constexpr std::size_t AllInfluences = std::size_t(-1);

/// The one text form of a cell's explanation (isopath --explain, the game's HUD, the debug
/// tools), one line per item, no newline characters:
/// `cell (2,0): snow < road (bottom to top)`, then indented `covered (no effect): ...`,
/// `unknown terrain "Brick" (wang colour in desert.tsx) costs 1: add [terrain.brick] to the
/// config` (unknownTerrainText), and either `impassable (wall)` or `base cost 3 (snow)`,
/// `x 0.5 (road)` per multiplier, `/ 6 (volcano_erupting at (0,0), d = 2)` per influence (at
/// most `maxInfluences`, then `... N more influences`) and `= 0.6875` (` (clamped)`).
/// Numbers print with 6 significant digits (std::ostream's default).
std::vector<std::string> explanationLines(const CellExplanation& e, std::size_t maxInfluences = AllInfluences);
/// `impassable (wall)` for a blocked cell (`impassable` when no terrain is named), "" otherwise.
std::string impassableText(const CellExplanation& e);
/// explanationLines(e) joined, each line ending in '\n'.
std::string describe(const CellExplanation& e);
std::ostream& operator<<(std::ostream& os, const CellExplanation& e);

/// One cell's new terrains (ids of TerrainField::grid(), bottom to top), for TerrainField::setCells.
struct CellTerrains {
    TileCoord cell;
    std::vector<TerrainId> terrains;
    /// [opt] the cell's new void flag (TerrainGrid::voids: an infinite map's cell that got its
    /// first tile stops being void); nullopt = unchanged.
    std::optional<bool> isVoid = std::nullopt;
};

class TerrainField {
public:
    TerrainField() = default;

    // ---- Unbound mode: the field owns its CostField ------------------------------------------

    /// Compiles `grid` under `rules` into the field's own CostField (full build,
    /// O(cells + sources x radius^2)); unbinds a bound field. Returns the warnings: one per
    /// terrain name of the grid that the rules do not know.
    std::vector<Diagnostic> build(TerrainGrid grid, TerrainRules rules);
    /// Same grid, other rules (e.g. another unit profile): full rebuild, returns the warnings.
    /// [Limit: unbound]
    std::vector<Diagnostic> setRules(TerrainRules rules);

    /// The field's own costs. Empty (0 x 0) when bound: read the NavGrid layer instead.
    const path::CostField& costField() const { return m_field; }

    // ---- Bound mode: the costs live only in a NavGrid layer -----------------------------------

    /// Compiles `grid` under `rules` and appends the costs to `nav` as a new layer named
    /// `layerName` with `rules.movement` (NavGrid::addLayer; the temporary full field is freed on
    /// return). Returns the warnings as build(grid, rules). On success bound() is true and
    /// layer() is the new index; when the NavGrid refuses (its size differs from the grid's,
    /// or the movement rules are invalid) nothing is added and the field is left unbound with
    /// no costs anywhere (bound() false, costField() empty).
    std::vector<Diagnostic> build(TerrainGrid grid, TerrainRules rules, path::NavGrid& nav, std::string layerName);
    /// build(grid, rules, nav, layerName) reading a grid other fields may share (each profile's
    /// field of one map: one grid in memory). `grid` must not be null; it is copied, never
    /// written, when this field changes a cell or adds a name.
    std::vector<Diagnostic> build(std::shared_ptr<const TerrainGrid> grid, TerrainRules rules, path::NavGrid& nav,
                                  std::string layerName);
    /// Compiles `grid` under `rules` into the existing layer `layer` of `nav`
    /// (NavGrid::replaceLayer with `rules.movement`). What changed goes to `dirty` [opt].
    /// Refused (bad layer, size, movement rules): the field is left unbound, dirty->layer -1.
    std::vector<Diagnostic> build(TerrainGrid grid, TerrainRules rules, path::NavGrid& nav, int layer,
                                  path::NavDirty* dirty = nullptr);
    /// Same grid, other rules, rewritten into the bound layer (NavGrid::replaceLayer, which
    /// also takes `rules.movement`); what changed goes to `dirty` [opt]. [Limit: bound to `nav`]
    std::vector<Diagnostic> setRules(path::NavGrid& nav, TerrainRules rules, path::NavDirty* dirty = nullptr);

    /// True when the costs live in a NavGrid layer (and costField() is empty).
    bool bound() const { return m_layer >= 0; }
    /// The bound NavGrid layer; -1 when unbound.
    int layer() const { return m_layer; }

    const TerrainGrid& grid() const { return *m_grid; }
    /// True when this field reads the same grid object as `other` (shared, not yet copied).
    bool sharesGrid(const TerrainField& other) const { return m_grid == other.m_grid; }
    const TerrainRules& rules() const { return m_rules; }
    int width() const { return m_grid->width; }
    int height() const { return m_grid->height; }
    /// Names of the grid that the rules do not know (each warned about once).
    const std::vector<std::string>& unknownTerrains() const { return m_unknown; }

    /// Id in the grid of a terrain the rules know (TerrainRules::find: any case, aliases), added
    /// to the grid when new: what an edit by name (a brush, a script) uses. A name the rules do
    /// not know is refused, nothing added: one Diagnostic at grid().source (line 0),
    /// `unknown terrain "wal" (the terrain rules know: grass, road, wall, ...)`.
    Result<TerrainId> terrainId(std::string_view name);
    /// Id of any terrain name in the grid, added when new, even one the rules do not know (it
    /// then counts as a terrain without any effect, is added to unknownTerrains() and warned
    /// about through `warning` [opt]): for names a map itself holds (terrainNamesAt after an edit
    /// of its tiles), which the loaded field already warned about.
    TerrainId addTerrain(std::string_view name, Diagnostic* warning = nullptr);

    /// Replaces the terrains of an in-bounds cell (ids of grid(), bottom to top) and updates the
    /// cost field incrementally. Returns the cells whose cost changed (valid until the next
    /// change; feed it to GridPathfinder::updateCells). Out-of-bounds: no change, empty list.
    /// [Limit: unbound]
    const std::vector<TileCoord>& setCell(TileCoord c, std::span<const TerrainId> terrains);
    /// Replaces every `from` terrain of the cell by `to` (e.g. "volcano" -> "volcano_erupting").
    /// No change (empty list) when the cell is off the grid, has no `from`, or the rules do not
    /// know `to` (terrainId(to) says why). [Limit: unbound]
    const std::vector<TileCoord>& replaceTerrain(TileCoord c, std::string_view from, std::string_view to);

    /// Bound mode: replaces the terrains of every listed cell (off-grid ones are ignored; a cell
    /// listed twice: the last wins), then recomputes once the cells within the old or new
    /// influence radius of any of them and writes the ones whose cost changed into the bound
    /// layer with ONE NavGrid::apply (so islands are recomputed at most once). Returns its
    /// NavDirty: `cells` = exactly the cells whose cost changed, `layer` = layer(). Costs are
    /// bit-identical to a full build. [Limit: bound to `nav`]
    path::NavDirty setCells(path::NavGrid& nav, std::span<const CellTerrains> cells);
    /// Bound mode: setCells() for one cell. [Limit: bound to `nav`]
    path::NavDirty setCell(path::NavGrid& nav, TileCoord c, std::span<const TerrainId> terrains);
    /// Bound mode: replaceTerrain() writing into the bound layer; an empty NavDirty (layer()
    /// set, no cells) when the cell is off the grid, has no `from`, or the rules do not know
    /// `to`. [Limit: bound to `nav`]
    path::NavDirty replaceTerrain(path::NavGrid& nav, TileCoord c, std::string_view from, std::string_view to);

    /// Why an in-bounds cell costs what it does. O(radius^2). Works in both modes: the cost is
    /// computed from the grid and the rules (bit-identical to the stored one).
    CellExplanation explain(TileCoord c) const;

private:
    std::vector<Diagnostic> bindNew(TerrainRules rules, path::NavGrid& nav, std::string layerName);
    std::vector<Diagnostic> bindExisting(TerrainRules rules, path::NavGrid& nav, int layer, path::NavDirty* dirty);
    void resolveRules(std::vector<Diagnostic>* warnings);
    /// The grid, to be written: copied first unless this field alone holds it.
    TerrainGrid& writableGrid();
    struct CellCost {
        double intrinsic;  ///< base cost x multipliers, inf when impassable
        bool source;       ///< an effective terrain has an influence
    };
    /// What a cell's own terrains make of it (index as TerrainGrid::index).
    CellCost cellCost(int index) const;
    /// cellCost(index).intrinsic.
    double intrinsicAt(int index) const;
    /// True when an effective terrain of the cell has an influence.
    bool isSourceAt(int index) const;
    /// `intrinsic` (intrinsicAt(c)) with the influences on c applied, in fullBuild()'s order.
    double gatherCost(TileCoord c, double intrinsic, CellExplanation* explanation) const;
    /// The cost of cell c as a full build stores it.
    float costAt(TileCoord c) const;
    static float finalCost(double intrinsic, double cost);
    double influenceRadiusOf(TileCoord c) const;
    int effectiveBegin(std::span<const TerrainId> stack) const;
    void fullBuild(path::CostField& out);
    void scatterInfluences(std::vector<double>& cost, const std::vector<bool>& blocked,
                           const std::vector<bool>& source) const;
    /// Replaces a cell's terrains; appends the cells whose cost may change to `affected`.
    void changeCell(TileCoord c, std::span<const TerrainId> terrains, std::vector<TileCoord>& affected);
    void checkBound(const path::NavGrid& nav) const;

    /// Never null. Shared with other fields when built from a shared grid; written only when
    /// m_ownGrid and no one else holds it (writableGrid()).
    std::shared_ptr<TerrainGrid> m_grid = std::make_shared<TerrainGrid>();
    bool m_ownGrid = true;              ///< m_grid was made by this field (not a caller's const grid)
    TerrainRules m_rules;
    path::CostField m_field;            ///< unbound mode only; empty when bound
    int m_layer = -1;                   ///< bound NavGrid layer, -1: unbound
    std::vector<int> m_ruleOf;          ///< per grid name: index into m_rules.terrains, -1 unknown
    std::vector<std::string> m_unknown;
    int m_window = -1;                  ///< floor(max influence radius), -1: no influences
    std::vector<TileCoord> m_changed;
    std::vector<TileCoord> m_affected;  ///< setCells(): cells to recompute (scratch)
    std::vector<path::CellChange> m_writes; ///< setCells(): costs to apply (scratch)
};

} // namespace isostar::terrain
