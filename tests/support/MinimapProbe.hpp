#pragma once
/// \file MinimapProbe.hpp
/// What a game::Minimap did at its last colouring call, read from its private bookkeeping for
/// tests: how many texels it coloured and which texel regions its next draw updates in the
/// texture (both are work, not pixels, so a test without a GL context cannot see them otherwise).
///
///     CHECK(testsupport::MinimapProbe::coloured(minimap) == 1);
///     CHECK(testsupport::MinimapProbe::pendingUploads(minimap).back() == sf::IntRect(30, 30, 1, 1));

#include "game/view/Minimap.hpp"

#include <cstddef>
#include <vector>

namespace testsupport {

struct MinimapProbe {
    /// Texels coloured by the last rebuild, updateCells, setFog or fogChanged (one per listed
    /// in-map cell for updateCells and fogChanged).
    static std::size_t coloured(const game::Minimap& m) { return m.m_coloured; }
    /// Texel regions the next draw updates in place; after a rebuild, the whole texture.
    static const std::vector<sf::IntRect>& pendingUploads(const game::Minimap& m) { return m.m_pending; }
};

} // namespace testsupport
