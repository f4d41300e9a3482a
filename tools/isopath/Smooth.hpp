#pragma once
/// \file Smooth.hpp
/// `--smooth` of `isopath path` and `isopath scen`: any-angle smoothing of grid paths
/// (engine/path/AnyAngle.hpp), its output, and the rule check over Moving AI scenarios.

#include "engine/path/AnyAngle.hpp"
#include "engine/path/MovingAi.hpp"
#include "engine/path/NavGrid.hpp"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>
#include <vector>

namespace isopath {

/// `{"waypoints": [[x,y],...], "length": L, "cost": C}`.
nlohmann::ordered_json smoothJson(const isostar::path::SmoothPath& s);

/// The text lines of a smoothed path: length, cost (and the grid path's), waypoints.
void printSmoothText(std::ostream& out, const isostar::path::SmoothPath& s, double gridCost);

/// Why a smoothed path of `layer` breaks the rule or its guarantee (a segment the rule forbids,
/// cost or length not the sum of its segments, dearer than `gridCost`, wrong ends); empty when
/// it is fine.
std::string smoothViolation(const isostar::path::NavGrid& grid, int layer, const isostar::path::SmoothPath& s,
                            isostar::TileCoord start, isostar::TileCoord end, double gridCost);

/// Smooths the first `count` scenarios (A* per scenario, then AnyAngleQuery::smooth), checks
/// every result with smoothViolation() (each violation printed as `SCEN:LINE: SMOOTH VIOLATION
/// ...`) and prints the mean lengths, the per-query times against A* and
/// `smoothed_length_ratio: R` (mean smoothed length / mean optimal 8-connected length).
/// Returns the number of violations (a scenario without a path counts as one).
int runSmoothScenarios(const isostar::path::NavGrid& grid, const std::vector<int>& layerOf,
                       const std::vector<isostar::path::MovingAiScenario>& scenarios, std::size_t count,
                       const std::string& scenPath);

} // namespace isopath
