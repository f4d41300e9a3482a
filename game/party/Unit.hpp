#pragma once
/// \file Unit.hpp
/// One member of the party: where it stands, where it walks, how it is animated. The party's
/// motion (PartyMotion) is the one writer of units; everyone else reads them (Party::units()
/// is const).

#include "engine/anim/AnimationClip.hpp"
#include "engine/anim/Direction.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/AnyAngle.hpp"
#include "engine/path/PathService.hpp"
#include "game/rules/Footprint.hpp"

#include <string>
#include <vector>

namespace game {

/// Where a unit is once it has entered one cell of a smoothed walk (movement.smoothing).
struct WalkPoint {
    isostar::TilePos at;        ///< on the segment: the middle of its stretch inside the cell (a waypoint: its centre)
    bool segment = false;   ///< part of a segment longer than one grid step (timed by length)
    int gridIndex = 0;      ///< index in the planned grid path of the last waypoint at or before it
};

/// The party's bookkeeping of a unit's walk: the step under way, waiting, replans and the path
/// service request behind its path. Written by PartyMotion only.
struct UnitWalk {
    double stepElapsedSec = 0.0;
    double stepDurationSec = 0.0;
    double waitedSec = 0.0;           ///< time blocked by another unit on the next cell
    int replans = 0;                  ///< replans during the current order
    int replansSinceStep = 0;         ///< replans since its last step (gives up at PartyParams::maxReplans)
    isostar::path::PathHandle request;    ///< the path service request of its current path (or pending)
    int requestLength = 0;            ///< cells of that request's path (for the progress index)
    bool awaitingPath = false;        ///< a request is being served: the unit waits on its cell
    bool pushing = false;             ///< blocked, and the unit ahead is giving way to it
    /// A group follower whose path ends where its group's field leaves it: the last short
    /// way on to its own cell (the goal) is searched when it gets there (GroupFields::takeTail).
    bool tailPending = false;
    double holdSec = 0.0;             ///< after giving way: stays put so the other unit passes first
    long long requestedAtUpdate = 0;  ///< path update count when that request was made
    // Smoothing (movement.smoothing on): the plan behind Unit::path and the line it walks.
    std::vector<isostar::TileCoord> planned;  ///< the grid path taken, from the plan cell (empty: none)
    isostar::path::SmoothPath smoothed;       ///< that path pulled under the segment rule (empty: off)
    std::vector<WalkPoint> points;        ///< one per cell of Unit::path while smoothed (else empty)
    std::vector<isostar::TileCoord> avoid;    ///< the cells its pending request pays a penalty on
    isostar::TilePos stepFrom;                ///< the step runs from here ...
    isostar::TilePos stepEnd;                 ///< ... to here (cell centres, or points on a segment)
    isostar::TilePos restPos{-1.0, -1.0};     ///< where the last step ended (drawn while standing on `tile`)
    int gridIndex = 0;                    ///< WalkPoint::gridIndex of the cell it last entered
};

struct Unit {
    std::string name;                 ///< "knight", "ranger", ... (script: `select NAME`)
    isostar::TileCoord tile;              ///< the cell it stands on (while stepping: the cell it left)
    isostar::TilePos pos;                 ///< continuous position; cell centre = (x + 0.5, y + 0.5)
    std::string profile;              ///< movement profile ("dwarf"); "" = the default
    /// Side of its footprint in cells (1 to MaxUnitSize): it covers the size x size block from
    /// `tile` (and from `stepTo` while stepping), see Footprint.hpp.
    int size = 1;
    int layer = 0;                    ///< the cost layer it plans on: its profile's footprint layer for its size
    int profileLayer = 0;             ///< its profile's own layer (terrains, names; `layer` too at size 1)
    /// Place in its latest order: 0 for the leader (and for a unit sent alone), then 1, 2, ...
    /// in the order's unit order. With the index it gives the unit's priority (outranks()).
    int rank = 0;
    /// The group order it belongs to (GroupFields; its followers share one flow field), -1: none.
    int group = -1;

    // Order and walk state.
    std::vector<isostar::TileCoord> path; ///< cells still to enter, in order (empty: standing)
    isostar::TileCoord goal;              ///< where the current order ends
    bool stepping = false;            ///< between `tile` and `stepTo`
    isostar::TileCoord stepTo;
    UnitWalk walk;

    isostar::anim::Direction8 facing = isostar::anim::Direction8::S;
    isostar::anim::AnimationPlayback anim;

    bool moving() const { return stepping || !path.empty() || walk.awaitingPath || walk.tailPending; }
    /// The cells it covers standing on `tile`.
    Footprint footprint() const { return {tile, size}; }
    /// The cells it would cover standing on `at`.
    Footprint footprintAt(isostar::TileCoord at) const { return {at, size}; }
    /// Does it cover `c` (standing, or stepping: either footprint)?
    bool covers(isostar::TileCoord c) const { return footprint().contains(c) || (stepping && footprintAt(stepTo).contains(c)); }
};

/// The cell a unit plans from: the cell it is stepping into, else the one it stands on.
inline isostar::TileCoord planCell(const Unit& u)
{
    return u.stepping ? u.stepTo : u.tile;
}

/// The cells a unit still walks, in order: the cell it is on (the nearer of the two while
/// stepping), the cell it steps into, then its path; its goal last.
std::vector<isostar::TileCoord> remainingPath(const Unit& u);

/// The grid path a unit still follows: walking a smoothed line (movement.smoothing), its plan's
/// grid cells from the last waypoint it has passed to its goal; else remainingPath().
std::vector<isostar::TileCoord> remainingPlan(const Unit& u);

/// Priority between two units of one party (cooperative pathfinding): unit `a` at index `ia`
/// comes before unit `b` at index `ib` when its rank is lower, or the ranks are equal and its
/// index is lower. A unit's plan avoids only units that come before it (and units standing
/// without an order); a unit gives way only to units that come before it.
inline bool outranks(const Unit& a, int ia, const Unit& b, int ib)
{
    return a.rank != b.rank ? a.rank < b.rank : ia < ib;
}

/// Centre of a cell in continuous tile space.
inline isostar::TilePos cellCentre(isostar::TileCoord c)
{
    return {c.x + 0.5, c.y + 0.5};
}

/// The centre of a unit's footprint where it is now, in continuous tile space (Unit::pos is
/// the centre of the footprint's northern cell): where its sprite's feet are drawn.
inline isostar::TilePos footprintCentre(const Unit& u)
{
    const double half = (u.size - 1) * 0.5;
    return {u.pos.x + half, u.pos.y + half};
}

} // namespace game
