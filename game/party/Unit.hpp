#pragma once
/// \file Unit.hpp
/// One member of the party: where it stands, where it walks, how it is animated.

#include "engine/anim/AnimationClip.hpp"
#include "engine/anim/Direction.hpp"
#include "engine/core/TileCoord.hpp"
#include "engine/path/PathService.hpp"

#include <string>
#include <vector>

namespace game {

struct Unit {
    std::string name;                 ///< "knight", "ranger", ... (script: `select NAME`)
    int sheet = -1;                   ///< index of its sprite sheet in the game's list, -1 none
    eng::TileCoord tile;              ///< the cell it stands on (while stepping: the cell it left)
    eng::TilePos pos;                 ///< continuous position; cell centre = (x + 0.5, y + 0.5)
    bool selected = false;
    std::string profile;              ///< movement profile ("dwarf"); "" = the default
    int layer = 0;                    ///< the party's cost layer for that profile

    // Order and walk state.
    std::vector<eng::TileCoord> path; ///< cells still to enter, in order (empty: standing)
    eng::TileCoord goal;              ///< where the current order ends
    bool stepping = false;            ///< between `tile` and `stepTo`
    eng::TileCoord stepTo;
    double stepElapsedSec = 0.0;
    double stepDurationSec = 0.0;
    double waitedSec = 0.0;           ///< time blocked by another unit on the next cell
    int replans = 0;                  ///< replans during the current order
    int replansSinceStep = 0;         ///< replans since its last step (gives up at Party::maxReplans)
    eng::path::PathHandle request;    ///< the path service request of its current path (or pending)
    int requestLength = 0;            ///< cells of that request's path (for the progress index)
    bool awaitingPath = false;        ///< a request is being served: the unit waits on its cell
    bool pushing = false;             ///< blocked, and the unit ahead is giving way to it
    double holdSec = 0.0;             ///< after giving way: stays put so the other unit passes first
    long long requestedAtUpdate = 0;  ///< Party update count when that request was made
    int rank = 0;                     ///< place in its latest order (0: the leader, or walking alone)

    eng::anim::Direction8 facing = eng::anim::Direction8::S;
    eng::anim::AnimationPlayback anim;

    bool moving() const { return stepping || !path.empty() || awaitingPath; }
};

/// Centre of a cell in continuous tile space.
inline eng::TilePos cellCentre(eng::TileCoord c)
{
    return {c.x + 0.5, c.y + 0.5};
}

} // namespace game
