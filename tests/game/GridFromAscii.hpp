#pragma once
// Builds a CostField from ASCII rows: '.' grass 1, 's' snow 3, 'r' road 0.5, '#' wall; and a
// NavGrid from such fields (one layer per movement profile), the one grid a Party plans on.

#include "engine/path/CostField.hpp"
#include "engine/path/MoveRules.hpp"
#include "engine/path/NavGrid.hpp"

#include <string>
#include <utility>
#include <vector>

inline isostar::path::CostField gridFromAscii(const std::vector<std::string>& rows)
{
    isostar::path::CostField f(int(rows[0].size()), int(rows.size()));
    for (int y = 0; y < f.height; ++y)
        for (int x = 0; x < f.width; ++x) {
            const char c = rows[std::size_t(y)][std::size_t(x)];
            f.at({x, y}) = c == '#' ? isostar::path::Impassable : c == 's' ? 3.0f : c == 'r' ? 0.5f : 1.0f;
        }
    return f;
}

/// A NavGrid with one layer per (profile, field), in order, all with `rules` [Limit: fields of
/// one size]. A grid without layers when the fields are rejected.
inline isostar::path::NavGrid navGrid(const std::vector<std::pair<std::string, isostar::path::CostField>>& layers,
                                  const isostar::path::MoveRules& rules = {})
{
    isostar::path::NavGrid grid;
    if (layers.empty() || !grid.reset(layers.front().second.width, layers.front().second.height))
        return grid;
    for (const auto& [profile, field] : layers)
        if (grid.addLayer(profile, field, rules) < 0)
            return isostar::path::NavGrid();
    return grid;
}

/// A NavGrid of one default layer ("") from ASCII rows.
inline isostar::path::NavGrid navFromAscii(const std::vector<std::string>& rows)
{
    return navGrid({{std::string(), gridFromAscii(rows)}});
}
