#pragma once
/// \file StepTiming.hpp
/// How long a unit takes to walk one cell: proportional to the entered cell's cost (the same
/// cost A* pays), so snow (3) is three times slower than grass (1) and a road (0.5) twice as fast.

#include <algorithm>

namespace game {

struct StepTiming {
    double secondsPerCost = 0.34;  ///< seconds for an orthogonal step into a cell of cost 1
    double minStepSec = 0.07;      ///< clamp: volcano warmth can make costs tiny
    double maxStepSec = 2.5;       ///< clamp: stacked tombstones can make costs huge

    /// Seconds for one step into a cell of `cellCost` ([Limit: finite, > 0]); a diagonal step
    /// also pays `diagonalFactor`, as in the pathfinder.
    double stepSec(double cellCost, bool diagonal, double diagonalFactor) const
    {
        const double t = secondsPerCost * cellCost * (diagonal ? diagonalFactor : 1.0);
        return std::clamp(t, minStepSec, maxStepSec);
    }
};

} // namespace game
