/// \file HudModel.cpp
/// HudModel: hover and preview, frame rate, and the HUD lines of the App's own state.
#include "game/app/HudModel.hpp"

#include "game/common/Format.hpp"
#include "game/input/KeyHelp.hpp"

#include <algorithm>

namespace game {

std::string fogStatusLine(const FogOfWar& fog)
{
    return "Fog of war: " + std::to_string(fog.knownCount()) + " of " + std::to_string(fog.cellCount()) +
           " cells known";
}

void HudModel::update(std::optional<isostar::TileCoord> hover, Party& party)
{
    m_hover = hover;
    const std::vector<int> selIndices = party.selection().indices();
    std::vector<UnitHandle> sel;
    for (int i : selIndices)
        sel.push_back(party.handle(i));
    if (!m_hover || sel.empty()) {
        m_previewFor.reset();
        m_preview = {};
        m_previewSmooth = {};
        return;
    }
    const Unit& leader = *party.get(sel.front());
    const isostar::TileCoord from = planCell(leader);
    if (m_previewFor == m_hover && m_previewSelection == sel && !m_preview.path.empty() && m_preview.path.front() == from)
        return;
    m_previewFor = m_hover;
    m_previewSelection = sel;
    party.preview(*m_hover, m_preview);
    // The line the leader would walk: its grid path pulled under the segment rule.
    const isostar::path::NavGrid& grid = party.grid();
    m_previewSmooth = grid.validLayer(leader.layer) && grid.rules(leader.layer).smoothing
                          ? isostar::path::pullString(grid, leader.layer, m_preview.path)
                          : isostar::path::SmoothPath{};
}

void HudModel::frameTime(double dtSec)
{
    const double dt = std::max(dtSec, 1e-4);
    m_fps = m_fps <= 0.0 ? 1.0 / dt : m_fps * 0.95 + 0.05 / dt;
}

HudState HudModel::state(const Session& session, const Input& input, bool scripted) const
{
    const World& world = session.world();
    const Party& party = session.party();
    HudState hud;
    hud.hover = m_hover;
    hud.preview = &m_preview;
    hud.previewSmooth = &m_previewSmooth;
    hud.lastOrder = session.lastOrder() ? &*session.lastOrder() : nullptr;
    hud.hintBar.shown = m_showHintBar;
    hud.scripted = scripted;
    hud.fps = m_fps;
    hud.messages = &session.messages();
    hud.mouse = input.mouse();
    hud.leftDown = input.leftDown();
    hud.selectionBox = input.selectionBox();
    hud.plan = &session.planGrid();
    if (session.fogOn()) {
        hud.fog = &session.fog();
        hud.statusLines.push_back(fogStatusLine(session.fog()));
    }
    if (const Unit* lead = party.leader()) {
        const Unit& leader = *lead;
        hud.explainLayer = leader.profileLayer;
        hud.hoverFootprint = {leader.layer, leader.size};
        const std::string profile =
            world.profileName(leader.profileLayer) + (leader.size > 1 ? ", size " + std::to_string(leader.size) : "");
        hud.statusLines.push_back("Profile: " + profile + " (" + leader.name + ")");
        if (m_hover && world.nav.inBounds(*m_hover)) {
            // Its footprint's cost there: the dearest of its cells (its layer for its size).
            const float c = party.cost(*m_hover, leader.layer);
            hud.tileLines.push_back("For " + leader.name + " (" + profile + "): " +
                                    (isostar::path::isPassableCost(c) ? "cost " + fmt(c) : std::string("impassable")));
        }
    }
    // The hint bars and the help overlay follow the binding table, which does not change while
    // the game runs.
    static const std::string PlayHints = hintBar(false), EditorHints = hintBar(true);
    static const HelpSheet Sheet = helpSheet();
    hud.hintBar.text = PlayHints;
    if (input.helpShown())
        hud.helpSheet = &Sheet;
    if (input.editing()) {
        const isostar::edit::BrushTile* b = session.brush();
        hud.statusLines.push_back("EDITOR  brush " + std::to_string(session.brushIndex() + 1) + "/" +
                                  std::to_string(session.host().palette().size()) + ": " +
                                  (b ? b->terrain + (b->overlay ? " (overlay)" : " (ground)") : std::string("none")));
        hud.statusLines.push_back("World version " + std::to_string(session.host().version()) + ", " +
                                  std::to_string(session.host().edits()) + " edits");
        hud.hintBar.text = EditorHints;
    }
    if (!session.reloadError().empty())
        hud.errorLines.push_back("Reload failed (keeping the last good world): " + session.reloadError());
    return hud;
}

} // namespace game
