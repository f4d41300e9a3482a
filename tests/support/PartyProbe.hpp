#pragma once
/// \file PartyProbe.hpp
/// What the party tests look at that the game never asks: the tuning changed in place, the
/// group orders alive, and the tiles an order's formation may not use, all from the party's
/// public, read-only views.
#include "game/party/OrderBlocked.hpp"
#include "game/party/Party.hpp"

#include <set>
#include <span>
#include <vector>

namespace game::test {

/// Changes one setting of the party's tuning: `change(params)` on a copy, then setParams.
template <class Change>
void tune(Party& party, Change&& change)
{
    PartyParams params = party.params();
    change(params);
    party.setParams(params);
}

/// Group orders sharing a flow field that still have units: the distinct Unit::group of the units.
inline int fieldGroups(const Party& party)
{
    std::set<int> groups;
    for (const Unit& u : party.units())
        if (u.group >= 0)
            groups.insert(u.group);
    return int(groups.size());
}

/// Which of `cells` a formation for an order of `who` may not use (what Party::order passes to
/// planFormation, from the same OrderBlocked over the party's units and occupancy). One flag
/// per cell, in order.
inline std::vector<char> formationBlocked(const Party& party, const std::vector<int>& who,
                                          std::span<const isostar::TileCoord> cells)
{
    OrderBlocked blocked;
    blocked.begin(party.units(), party.occupancy(), who);
    std::vector<char> out;
    for (isostar::TileCoord c : cells)
        out.push_back(blocked.at(c) ? 1 : 0);
    blocked.end();
    return out;
}

} // namespace game::test
