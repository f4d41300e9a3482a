#pragma once
/// \file PartyParams.hpp
/// The tuning of a party (Detour's dtCrowdAgentParams, for the whole party): step timing, sprite
/// facing, the path budget per update, how blocked units wait, avoid and give way. Plain values:
/// change them any time, the next update() uses them.

#include "game/rules/StepTiming.hpp"

namespace game {

struct PartyParams {
    StepTiming timing;
    bool isometric = true;             ///< facing: project steps as on an isometric map
    double tileWidth = 64.0;           ///< grid size used for that projection, pixels
    double tileHeight = 32.0;
    /// A hexagonal map (Tiled's layout): steps face and are timed by the hexagons' places on
    /// screen (every step is to an edge neighbour: no diagonal steps).
    struct Hex {
        bool on = false;
        bool staggerX = false;    ///< columns shifted (else rows)
        bool staggerEven = false; ///< even indexes shifted (else odd)
        int sideLength = 0;
        bool operator==(const Hex&) const = default;
    } hex;
    double waitBeforeReplanSec = 0.4;  ///< how long a blocked unit waits before replanning
    double pathBudgetMicros = 1500.0;  ///< time the path service may spend per update()
    /// > 0: the budget per update() is this many expansions instead of time, so a scripted run
    /// gives the same paths at the same ticks on any machine (and in sanitizer builds).
    long long pathBudgetExpansions = 0;
    float occupiedPenalty = 1000.0f;   ///< extra cost of a cell a unit of higher priority holds or claims (blocked replans)
    int avoidRadius = 8;               ///< blocked replans: units within this many cells are avoided
    int claimCells = 6;                ///< ... with this many cells of their path ahead
    int giveWayDepth = 12;             ///< most units asked to step aside for one walker per update (0: never give way)
    double giveWayHoldSec = 0.15;      ///< a unit that stepped aside stays put this long after the step
    int maxReplans = 6;                ///< replans without a step between them, blocked by a unit that does not
                                       ///< move (or a loop nobody can break; 5x as many behind units that
                                       ///< move); then it gives up and stops
    /// A group order with at least this many units of one movement profile shares one flow
    /// field (GroupFields); smaller groups: one A* path per unit.
    int fieldMinUnits = 8;
};

} // namespace game
