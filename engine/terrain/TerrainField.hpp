#pragma once
/// \file TerrainField.hpp
/// Compiles a TerrainGrid under TerrainRules into the flat `eng::path::CostField` that A* reads,
/// keeps it up to date cell by cell, and explains any cell's cost (for the game's HUD).
///
/// - Influence is computed when the field is built or changed, never per edge: a full build
///   scatters each source's factors over its disk, O(cells + sources x radius^2).
/// - `setCell` / `replaceTerrain` (e.g. a volcano erupting) recompute only the cell and, when the
///   old or new terrains of the cell have an influence, the cells within that radius. The result
///   is bit-identical to a full rebuild: every cell applies its factors in the same order
///   (sources in row-major order, a source's terrains bottom to top), in double precision.
/// - A cell's final cost is clamped into [MinCellCost, MaxCellCost] (see TerrainRules.hpp).
/// - Terrain names the rules do not know count as a terrain without any effect (base cost 1);
///   each such name gets one warning.
///
/// \code
/// eng::terrain::TerrainField field;
/// for (const eng::Diagnostic& w : field.build(grid, config.base)) std::cerr << w << '\n';
/// eng::path::GridPathfinder finder;
/// finder.init(field.costField(), field.rules().movement);
/// // a volcano starts erupting: update the field, then the pathfinder, only where it changed
/// const std::vector<eng::TileCoord>& changed = field.replaceTerrain({7, 3}, "volcano", "volcano_erupting");
/// finder.updateCells(field.costField(), changed);
/// std::cout << eng::terrain::describe(field.explain({8, 3}));
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/CostField.hpp"
#include "engine/terrain/TerrainGrid.hpp"
#include "engine/terrain/TerrainRules.hpp"

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace eng::terrain {

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
    std::string baseFrom;               ///< terrain whose base cost counts; empty: default 1
    double baseCost = 1.0;
    std::vector<std::pair<std::string, double>> multipliers; ///< terrains with multiplier != 1
    bool passable = true;
    std::string blockedBy;              ///< first impassable terrain when !passable
    std::vector<InfluenceContribution> influences; ///< in the order applied
    double unclamped = 1.0;             ///< cost before clamping (inf when impassable)
    bool clamped = false;               ///< the cost was clamped into [MinCellCost, MaxCellCost]
    float cost = 1.0f;                  ///< the value in the cost field
    bool operator==(const CellExplanation&) const = default;
};

/// Multi-line human-readable text (terrains, base, multipliers, each influence, the result).
std::string describe(const CellExplanation& e);
std::ostream& operator<<(std::ostream& os, const CellExplanation& e);

class TerrainField {
public:
    TerrainField() = default;

    /// Compiles `grid` under `rules` (full build, O(cells + sources x radius^2)). Returns the
    /// warnings: one per terrain name of the grid that the rules do not know.
    std::vector<Diagnostic> build(TerrainGrid grid, TerrainRules rules);
    /// Same grid, other rules (e.g. another unit profile): full rebuild, returns the warnings.
    std::vector<Diagnostic> setRules(TerrainRules rules);

    const path::CostField& costField() const { return m_field; }
    const TerrainGrid& grid() const { return m_grid; }
    const TerrainRules& rules() const { return m_rules; }
    int width() const { return m_grid.width; }
    int height() const { return m_grid.height; }
    /// Names of the grid that the rules do not know (each warned about once).
    const std::vector<std::string>& unknownTerrains() const { return m_unknown; }

    /// Id of a terrain name in the grid (added when new; a name the rules do not know is added
    /// to unknownTerrains() and warned about through `warning` [opt]).
    TerrainId terrainId(std::string_view name, Diagnostic* warning = nullptr);

    /// Replaces the terrains of an in-bounds cell (ids of grid(), bottom to top) and updates the
    /// cost field incrementally. Returns the cells whose cost changed (valid until the next
    /// change; feed it to GridPathfinder::updateCells). Out-of-bounds: no change, empty list.
    const std::vector<TileCoord>& setCell(TileCoord c, std::span<const TerrainId> terrains);
    /// Replaces every `from` terrain of the cell by `to` (e.g. "volcano" -> "volcano_erupting").
    /// No change (empty list) when the cell is off the grid or has no `from`.
    const std::vector<TileCoord>& replaceTerrain(TileCoord c, std::string_view from, std::string_view to);

    /// Why an in-bounds cell costs what it does. O(radius^2).
    CellExplanation explain(TileCoord c) const;

private:
    void resolveRules(std::vector<Diagnostic>* warnings);
    void computeIntrinsic(int index);
    double gatherCost(TileCoord c, CellExplanation* explanation) const;
    float finalCost(double intrinsic, double cost) const;
    double influenceRadiusOf(TileCoord c) const;
    int effectiveBegin(std::span<const TerrainId> stack) const;
    void fullBuild();

    TerrainGrid m_grid;
    TerrainRules m_rules;
    path::CostField m_field;
    std::vector<int> m_ruleOf;          ///< per grid name: index into m_rules.terrains, -1 unknown
    std::vector<std::string> m_unknown;
    std::vector<double> m_intrinsic;    ///< per cell: base x multipliers, inf when impassable
    std::vector<std::uint8_t> m_isSource; ///< per cell: 1 when an effective terrain has an influence
    int m_window = -1;                  ///< floor(max influence radius), -1: no influences
    std::vector<TileCoord> m_changed;
};

} // namespace eng::terrain
