#pragma once
/// \file FootprintProbe.hpp
/// The footprint rule of the party, checked on every frame by the big-unit tests: no two units
/// cover one cell and no unit covers a cell its profile cannot stand on. A unit covers its
/// footprint (Unit::footprint) and, while stepping, the footprint it steps into too.
///
/// \code
/// while (session.party().anyMoving()) {
///     session.tick(1.0 / 60.0);
///     const std::vector<std::string> bad = testsupport::footprintProblems(session.party(), session.world().nav);
///     REQUIRE(bad.empty());
/// }
/// \endcode

#include "game/party/Party.hpp"

#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace testsupport {

/// Every breach of the rule now: "cart and knight both cover (12,4)", "cart covers (12,5),
/// impassable for its profile". `grid` holds the units' profile layers (Unit::profileLayer).
inline std::vector<std::string> footprintProblems(const game::Party& party, const isostar::path::NavGrid& grid)
{
    std::vector<std::string> out;
    std::map<isostar::TileCoord, int> holder;
    auto say = [&](const std::string& a, const std::string& what, isostar::TileCoord c) {
        std::ostringstream s;
        s << a << what << c;
        out.push_back(s.str());
    };
    for (std::size_t i = 0; i < party.units().size(); ++i) {
        const game::Unit& u = party.units()[i];
        std::vector<isostar::TileCoord> cells;
        u.footprint().forEachCell([&](isostar::TileCoord c) { cells.push_back(c); });
        if (u.stepping)
            u.footprintAt(u.stepTo).forEachCell([&](isostar::TileCoord c) {
                if (!u.footprint().contains(c))
                    cells.push_back(c);
            });
        for (isostar::TileCoord c : cells) {
            if (!grid.passable(u.profileLayer, c))
                say(u.name, " covers a cell impassable for its profile: ", c);
            const auto [it, fresh] = holder.emplace(c, int(i));
            if (!fresh)
                say(u.name + " and " + party.units()[std::size_t(it->second)].name, " both cover ", c);
        }
    }
    return out;
}

} // namespace testsupport
