#pragma once
/// \file HudModel.hpp
/// What the HUD shows beyond the world and the party: the hovered tile and the path preview
/// from the selection's leader (recomputed only when the tile, the selection or the leader's
/// cell changed), the hint bar (Shift+H hides it) and the help overlay (H, while Input says it
/// shows), the frame rate, and the lines for the editor's brush, the
/// selected unit's profile and a failed reload; state() turns them into the view's HudState.
///
/// \code
/// game::HudModel hud;
/// hud.update(input.hover(), session.party());    // after the pointer, camera or party moved
/// game::HudState s = hud.state(session, input, scripted);
/// view.draw(window, session.world(), session.party(), s);
/// \endcode

#include "engine/path/AnyAngle.hpp"
#include "engine/path/PathResult.hpp"
#include "game/fog/FogOfWar.hpp"
#include "game/input/Input.hpp"
#include "game/session/Session.hpp"
#include "game/view/View.hpp"

#include <optional>
#include <string>
#include <vector>

namespace game {

/// The HUD's fog line: "Fog of war: N of M cells known" (the map's real cells, FogOfWar::cellCount).
std::string fogStatusLine(const FogOfWar& fog);

class HudModel {
public:
    /// The tile under the pointer is `hover`; the preview follows it.
    void update(std::optional<isostar::TileCoord> hover, Party& party);
    /// The world or the party changed: the next update() computes the preview again.
    void previewStale() { m_previewFor.reset(); }
    void toggleHintBar() { m_showHintBar = !m_showHintBar; }
    bool hintBarShown() const { return m_showHintBar; }
    /// A frame took `dtSec`: the smoothed frame rate.
    void frameTime(double dtSec);

    /// A frame was drawn while a reload loaded (the last good world on screen, the reload's band
    /// over it); reloadFrames() counts them since the start (the dump's `world.reload_frames`).
    void reloadFrame() { ++m_reloadFrames; }
    long long reloadFrames() const { return m_reloadFrames; }

    const std::optional<isostar::TileCoord>& hover() const { return m_hover; }

    /// This frame's HUD (without the debug tools' lines and drawings, which the App adds).
    HudState state(const Session& session, const Input& input, bool scripted) const;

private:
    std::optional<isostar::TileCoord> m_hover;
    std::optional<isostar::TileCoord> m_previewFor;
    std::vector<UnitHandle> m_previewSelection;
    isostar::path::PathResult m_preview;
    isostar::path::SmoothPath m_previewSmooth;  ///< the preview pulled (movement.smoothing on), else empty
    bool m_showHintBar = true;
    double m_fps = 0.0;
    long long m_reloadFrames = 0;
};

} // namespace game
