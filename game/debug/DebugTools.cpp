/// \file DebugTools.cpp
/// DebugTools: the tools' commands, the stepped search and the race started from the selection's leader, the
/// why cache, and the composition of the debug drawing (ground pass and screen panels).
#include "game/debug/DebugTools.hpp"

#include "engine/path/Race.hpp"
#include "game/debug/KnownWhy.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>
#include <utility>

namespace game::debug {

namespace {

const char* const FontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Play speeds of the stepped search (nextSpeed cycles), expansions a second.
const double StepSpeeds[] = {2.0, 8.0, 30.0, 120.0, 500.0};


std::string onOff(bool on)
{
    return on ? "on" : "off";
}

/// What toggleOverlay says: "LABEL on" + DETAIL, or "LABEL off".
struct OverlayText {
    const char* name;
    bool OverlayFlags::*flag;
    const char* label;
    const char* detail;
};

const OverlayText OverlayTexts[] = {
    {"heat", &OverlayFlags::heat, "cost heat map",
     ": the selected unit's profile, green cheap to red dear, impassable dark"},
    {"influence", &OverlayFlags::influence, "influence",
     ": volcano warmth orange, tombstone dread violet (factor in the tile panel)"},
    {"search", &OverlayFlags::search, "search overlay",
     ": closed cells by expansion order (blue first), open cells outlined green, g h f from 1.5x zoom"},
    {"numbers", &OverlayFlags::numbers, "numbers", ": g, h, f and step costs on the tiles from 1.5x zoom"},
    {"field", &OverlayFlags::field, "flow field",
     ": the selected group's shared field, an arrow per cell toward its goal (yellow near, blue far)"},
    {"clearance", &OverlayFlags::clearance, "clearance",
     ": where the selected unit's footprint may stand (its northern corner) blue, too narrow for it red"},
};

/// The colour of a neighbour's outcome in the step-through panel and on the map.
sf::Color outcomeColor(isostar::path::NeighbourOutcome o)
{
    switch (o) {
    case isostar::path::NeighbourOutcome::Opened: return {120, 255, 140};
    case isostar::path::NeighbourOutcome::Improved: return {90, 220, 255};
    case isostar::path::NeighbourOutcome::NotBetter: return {190, 190, 190};
    case isostar::path::NeighbourOutcome::Closed: return {120, 140, 255};
    case isostar::path::NeighbourOutcome::Wall: return {255, 90, 80};
    case isostar::path::NeighbourOutcome::CornerRule: return {255, 170, 60};
    }
    return {255, 255, 255};
}

} // namespace

DebugTools::DebugTools(DebugKeys keys) : m_keys(std::move(keys))
{
    // The HUD's font; without it the panels and labels are simply not drawn (View warns once).
    m_hasFont = m_font.loadFromFile(FontPath);
}

std::string DebugTools::toggleOverlay(std::string_view name)
{
    for (const OverlayText& o : OverlayTexts) {
        if (name != o.name)
            continue;
        bool& flag = m_flags.*o.flag;
        flag = !flag;
        return std::string(o.label) + " " + onOff(flag) + (flag ? o.detail : "");
    }
    return {};
}

std::string DebugTools::toggleWhy()
{
    m_showWhy = !m_showWhy;
    return "why this path " + onOff(m_showWhy) + (m_showWhy ? ": select a walking unit" : "");
}

std::string DebugTools::togglePlay()
{
    if (!m_stepper.running())
        return "nothing to play: press " + m_keys.stepMode + ", then click a tile";
    m_stepper.setPlaying(!m_stepper.playing());
    return m_stepper.playing()
               ? "playing the search at " + fmt(m_stepper.stepsPerSec, 0) + " expansions a second (" + m_keys.stepPlay + " pauses, " + m_keys.stepSpeed + " faster)"
               : "paused (" + m_keys.step + " steps, " + m_keys.stepPlay + " plays)";
}

std::string DebugTools::nextSpeed()
{
    const auto* it = std::find_if(std::begin(StepSpeeds), std::end(StepSpeeds),
                                  [&](double s) { return s > m_stepper.stepsPerSec + 1e-9; });
    m_stepper.stepsPerSec = it == std::end(StepSpeeds) ? StepSpeeds[0] : *it;
    return "step-through plays " + fmt(m_stepper.stepsPerSec, 0) + " expansions a second";
}

std::string DebugTools::clearRace()
{
    if (!m_race.active())
        return {};
    m_race.clear();
    return "race cleared";
}

std::string DebugTools::setStepMode(bool on)
{
    m_stepMode = on;
    if (!on) {
        m_stepper.cancel();
        return "step-through off: clicks move again";
    }
    return "step-through on: select a unit and click a tile; " + m_keys.step + " expands one cell, " +
           m_keys.stepPlay + " plays, " + m_keys.stepMode + " leaves";
}

std::string DebugTools::beginStep(const DebugFrame& f, isostar::TileCoord goal)
{
    const Unit* lead = f.party->leader();
    if (!lead)
        return "select a unit first";
    const isostar::TileCoord start = planCell(*lead);
    m_stepMode = true;
    m_stepOn = searchedOn(f);
    const isostar::path::PathStatus s = m_stepper.begin(*f.plan, lead->layer, start, goal);
    const auto tiled = [&](isostar::TileCoord c) { return tileStr(f.world->frame.toTiled(c)); };
    if (s != isostar::path::PathStatus::InProgress)
        return "step-through: " + std::string(isostar::path::statusName(s)) + " at once from " + tiled(start);
    return "step-through from " + lead->name + " " + tiled(start) + " to " + tiled(goal) +
           ": " + m_keys.step + " expands one cell, " + m_keys.stepPlay + " plays";
}

std::string DebugTools::step(const DebugFrame& f, int n)
{
    dropStale(f);
    if (!m_stepper.active())
        return "no stepped search: press " + m_keys.stepMode + ", select a unit and click a tile";
    if (!m_stepper.running())
        return "the search is over: " + std::string(isostar::path::statusName(m_stepper.status())) + ", cost " +
               fmt(m_stepper.result().cost) + " (click another tile)";
    m_stepper.step(n);
    if (!m_stepper.running())
        return "search done after " + std::to_string(m_stepper.expanded()) + " expansions: " +
               std::string(isostar::path::statusName(m_stepper.status())) + ", cost " + fmt(m_stepper.result().cost);
    return {};
}

std::string DebugTools::runRace(const DebugFrame& f, isostar::TileCoord goal)
{
    const Unit* lead = f.party->leader();
    if (!lead)
        return "select a unit first, then " + m_keys.race + " a tile to race the searches";
    const isostar::TileCoord start = planCell(*lead);
    isostar::path::RaceOptions options;
    options.traces = true;  // one more untimed run each, for the closed cells on the map
    const isostar::path::Race r = isostar::path::runRace(m_raceQuery, *f.plan, lead->layer, start, goal, options);
    std::vector<RaceLane> lanes;
    for (const isostar::path::RaceRow& row : r.rows) {
        RaceLane l;
        l.name = row.label;
        l.key = std::string(isostar::path::raceAlgorithmName(row.algorithm));
        l.status = row.result.status;
        l.cost = row.result.cost;
        l.expanded = row.result.expanded;
        l.micros = row.micros;
        l.optimal = row.optimal;
        l.path = row.result.path;
        l.closed.reserve(row.trace.expanded.size());
        for (const isostar::path::TraceCell& c : row.trace.expanded)
            l.closed.push_back(c.cell);
        lanes.push_back(std::move(l));
    }
    m_race.set(start, goal, lead->layer, std::move(lanes));
    m_raceOn = searchedOn(f);
    const isostar::map::CellFrame& frame = f.world->frame;
    std::string said = "race from " + lead->name + " " + tileStr(frame.toTiled(start)) + " to " +
                       tileStr(frame.toTiled(goal)) + ":";
    for (const RaceLane& l : m_race.lanes())
        said += " " + l.key + " " + std::to_string(l.expanded);
    return said + " cells (" + m_keys.clearRace + " clears)";
}

void DebugTools::update(double dtSec, const DebugFrame& f)
{
    dropStale(f);
    m_stepper.update(dtSec);
}

DebugTools::SearchedOn DebugTools::searchedOn(const DebugFrame& f)
{
    return {f.worldVersion, f.plan, f.plan ? f.plan->version() : 0};
}

void DebugTools::dropStale(const DebugFrame& f)
{
    const SearchedOn now = searchedOn(f);
    if (m_stepper.active() && now != m_stepOn)
        m_stepper.cancel();  // the search's costs are gone; the trace stays on screen
    if (m_race.active() && now != m_raceOn)
        m_race.clear();
}

bool DebugTools::stepping() const
{
    return m_stepMode && m_stepper.trace().stepCount() > 0;
}

OverlayFlags DebugTools::shownFlags() const
{
    OverlayFlags shown = m_flags;
    shown.search = shown.search || stepping();  // the stepped search is always shown
    return shown;
}

OverlayScene DebugTools::scene(const DebugFrame& f, bool stepping) const
{
    OverlayScene s;
    s.world = f.world;
    s.worldVersion = f.worldVersion;
    s.hover = f.hover;
    s.fog = f.fog;
    s.plan = f.plan;
    const int i = f.party->selection().leader();
    if (i >= 0) {
        const Unit& u = f.party->units()[std::size_t(i)];
        s.layer = u.profileLayer;
        s.unitLayer = u.layer;
        s.unitSize = u.size;
    }
    s.field = f.party->fieldOf(i);
    if (stepping) {
        s.trace = &m_stepper.trace();
        s.traceAgeSec = 1e9;
        s.layer = m_stepper.layer();
    } else {
        s.trace = f.lastSearch;
        s.traceAgeSec = f.lastSearchAgeSec;
    }
    return s;
}

void DebugTools::drawGround(sf::RenderTarget& target, const DebugFrame& f)
{
    if (!f.world)
        return;
    OverlayScene s = scene(f, stepping());
    const Unit* lead = f.party->leader();
    m_leaderPath = stepping() || !lead ? std::vector<isostar::TileCoord>{} : remainingPath(*lead);
    s.path = m_leaderPath;
    m_overlays.drawGround(target, shownFlags(), s);

    const isostar::iso::Projection& proj = f.world->projection;
    const CellRange near = cellsNear(proj, worldInView(target));
    sf::VertexArray va(sf::Triangles);
    m_race.drawGround(va, proj, near);
    if (m_stepMode && m_stepper.trace().stepCount() + (m_stepper.active() ? 1 : 0) > 0) {
        addDiamondRing(va, proj, m_stepper.start(), sf::Color(255, 255, 255, 220), 0.7f, 0.5f);
        addDiamondRing(va, proj, m_stepper.goal(), sf::Color(255, 80, 80, 240), 1.f, 0.75f);
        for (const isostar::path::TraceNeighbour& n : m_stepper.neighbours()) {
            sf::Color c = outcomeColor(n.outcome);
            c.a = 210;
            addDiamond(va, proj, n.cell, c, 0.42f);
        }
        for (const isostar::path::TraceCell& c : m_stepper.openHead())
            addDiamondRing(va, proj, c.cell, sf::Color(255, 225, 110, 230), 0.8f, 0.66f);
        if (const std::optional<isostar::path::TraceCell> cur = m_stepper.current())
            addDiamondRing(va, proj, cur->cell, sf::Color::White, 1.f, 0.62f);
        if (!m_stepper.running() && isostar::path::hasPath(m_stepper.result().status)) {
            const std::vector<isostar::TileCoord>& p = m_stepper.result().path;
            for (std::size_t k = 1; k < p.size(); ++k)
                addLine(va, toV(proj.cellCenter(p[k - 1])), toV(proj.cellCenter(p[k])), 3.f, sf::Color(255, 245, 200, 230));
        }
    }
    if (va.getVertexCount() > 0)
        target.draw(va);
}

TextLines DebugTools::stepLines(const isostar::map::CellFrame& frame) const
{
    const auto tileStr = [&](isostar::TileCoord c) { return game::tileStr(frame.toTiled(c)); };
    TextLines out;
    out.push_back({"Step-through  (" + m_keys.stepMode + " leaves, " + m_keys.step + " next, " + m_keys.stepPlay +
                       " play " + fmt(m_stepper.stepsPerSec, 0) + "/s, " + m_keys.stepSpeed + " speed)",
                   colors::Title});
    if (m_stepper.trace().stepCount() == 0 && !m_stepper.active()) {
        out.push_back({"select a unit and click a tile: the search waits for " + m_keys.step, colors::Text});
        return out;
    }
    std::string state = m_stepper.running() ? (m_stepper.playing() ? "playing" : "paused")
                                          : std::string(isostar::path::statusName(m_stepper.status()));
    if (!m_stepper.active() && m_stepper.trace().stepCount() > 0)
        state = "stopped (the world changed)";
    out.push_back({tileStr(m_stepper.start()) + " \xE2\x86\x92 " + tileStr(m_stepper.goal()) + "   expansion " +
                       std::to_string(m_stepper.expanded()) + "   " + state,
                   colors::Text});
    if (const std::optional<isostar::path::TraceCell> cur = m_stepper.current())
        out.push_back({"closed " + tileStr(cur->cell) + "  g " + fmt(cur->g) + "  h " + fmt(cur->h) + "  f " + fmt(cur->f),
                       sf::Color::White});
    for (const isostar::path::TraceNeighbour& n : m_stepper.neighbours()) {
        const std::string what(isostar::path::neighbourOutcomeName(n.outcome));
        const bool scored = n.outcome != isostar::path::NeighbourOutcome::Wall;
        out.push_back({"  " + tileStr(n.cell) + "  " + what +
                           (scored ? "  g " + fmt(n.g) + "  h " + fmt(n.h) + "  f " + fmt(n.f) : std::string()),
                       outcomeColor(n.outcome)});
    }
    if (!m_stepper.openHead().empty()) {
        out.push_back({"next from the open list (#1 pops first):", colors::Title});
        std::string head;
        int rank = 1;
        for (const isostar::path::TraceCell& c : m_stepper.openHead()) {
            head += "  #" + std::to_string(rank) + " " + tileStr(c.cell) + " f " + fmt(c.f, 1);
            if (rank++ % 3 == 0) {
                out.push_back({head, colors::Title});
                head.clear();
            }
        }
        if (!head.empty())
            out.push_back({head, colors::Title});
    }
    if (!m_stepper.running() && isostar::path::hasPath(m_stepper.result().status))
        out.push_back({"path cost " + fmt(m_stepper.result().cost) + ", " + std::to_string(m_stepper.result().path.size()) +
                           " cells",
                       colors::Title});
    return out;
}

TextLines DebugTools::whyLines(const UnitWhy& w, const isostar::map::CellFrame& frame) const
{
    TextLines out;
    isostar::terrain::PathWhy shown = w.why;
    isostar::terrain::transformCells(shown, [&](isostar::TileCoord c) { return frame.toTiled(c); });
    out.push_back({"Why this path: " + w.unit + " (" + w.profile + "), " + m_keys.why + " hides", colors::Title});
    std::istringstream in(isostar::terrain::describe(shown));
    std::string line;
    while (std::getline(in, line))
        if (!line.empty())
            out.push_back({line, colors::Text});
    if (w.smoothed) {
        const double saved = w.gridCost - w.smoothCost;
        out.push_back({"Smoothed: grid path cost " + fmt(w.gridCost) + ", straight line cost " + fmt(w.smoothCost) +
                           " (length " + fmt(w.smoothLength) + ")",
                       colors::Text});
        out.push_back({"smoothing saves " + fmt(saved) + " (" + fmt(w.gridCost > 0.0 ? 100.0 * saved / w.gridCost : 0.0) +
                           " %)",
                       colors::Text});
    }
    return out;
}

void DebugTools::drawScreen(sf::RenderTarget& target, const Camera& camera, const DebugFrame& f, float topPx,
                            float bottomMarginPx)
{
    if (!f.world || !m_hasFont)
        return;
    const bool stepping = this->stepping();
    OverlayScene s = scene(f, stepping);
    s.path = m_leaderPath;
    m_overlays.drawLabels(target, camera, m_font, shownFlags(), s, bottomMarginPx);

    // The stepped search on the map at any zoom: each scored neighbour's outcome (and f), the
    // open list's next entries by rank.
    if (stepping) {
        sf::Text t;
        t.setFont(m_font);
        t.setCharacterSize(11);
        t.setOutlineColor(sf::Color(0, 0, 0, 230));
        t.setOutlineThickness(1.5f);
        const auto put = [&](isostar::TileCoord cell, const std::string& s, sf::Color color, float dy) {
            const sf::Vector2f p = camera.worldToPixel(toV(f.world->projection.cellCenter(cell)));
            t.setString(s);
            t.setFillColor(color);
            const sf::FloatRect b = t.getLocalBounds();
            t.setPosition(std::round(p.x - b.width * 0.5f - b.left), std::round(p.y + dy - b.height * 0.5f - b.top));
            target.draw(t);
        };
        // Outcome words only where the tiles are big enough for them (the panel lists them).
        for (const isostar::path::TraceNeighbour& n : m_stepper.neighbours()) {
            if (1.f / camera.zoom() < NumbersMinZoom - 1e-4f)
                break;
            const bool scored = n.outcome != isostar::path::NeighbourOutcome::Wall &&
                                n.outcome != isostar::path::NeighbourOutcome::CornerRule;
            put(n.cell, std::string(isostar::path::neighbourOutcomeName(n.outcome)) + (scored ? "\nf " + fmt(n.f, 1) : ""),
                outcomeColor(n.outcome), 0.f);
        }
        int rank = 1;
        for (const isostar::path::TraceCell& c : m_stepper.openHead())
            put(c.cell, std::string("#").append(std::to_string(rank++)), sf::Color(255, 225, 110), -16.f);
    }

    // Panels, stacked down the left edge below the status panel.
    float top = topPx;
    const auto stackLines = [&](const TextLines& lines) {
        if (lines.empty())
            return;
        top += drawPanel(target, m_font, 10.f, top, lines, 13).y + 6.f;
    };
    if (m_showWhy) {
        const std::optional<UnitWhy>& w = why(f);
        if (w)
            stackLines(whyLines(*w, f.world->frame));
        else
            stackLines({{"Why this path: select a unit that walks (" + m_keys.why + " hides)", colors::Dim}});
    }
    if (m_stepMode)
        stackLines(stepLines(f.world->frame));
    if (m_race.active())
        top += drawTable(target, m_font, 10.f, top, m_race.table(f.world->frame, m_keys.clearRace), 13).y + 6.f;
}

std::vector<std::string> DebugTools::statusLines(const DebugFrame& f) const
{
    (void)f;
    std::vector<std::string> out;
    if (m_flags.any()) {
        std::string names;
        for (const std::string& n : m_flags.names())
            names += (names.empty() ? "" : ", ") + n;
        out.push_back("Overlays: " + names + "   (" + m_keys.overlays + ")");
    }
    if (m_stepMode)
        out.push_back("STEP-THROUGH: a click begins a stepped search (" + m_keys.stepMode + " leaves)");
    return out;
}

std::vector<std::string> DebugTools::tileLines(const DebugFrame& f)
{
    return m_overlays.tileLines(shownFlags(), scene(f, stepping()));
}

const std::optional<UnitWhy>& DebugTools::why(const DebugFrame& f)
{
    const Unit* lead = f.party->leader();
    // A smoothed walk's cells are not a grid path: its plan's grid path is explained instead.
    const bool smoothed = lead && !lead->walk.smoothed.waypoints.empty() && lead->walk.planned.size() > 1;
    std::vector<isostar::TileCoord> path = lead ? remainingPlan(*lead) : std::vector<isostar::TileCoord>{};
    if (!lead || path.size() < 2 || !f.world) {
        m_why.reset();
        return m_why;
    }
    const Unit& u = *lead;
    const int layer = std::clamp(u.profileLayer, 0, std::max(0, int(f.world->terrains.size()) - 1));
    const SearchedOn on = searchedOn(f);
    if (m_why && m_whyWorld == f.world && m_whyOn == on && m_why->unit == u.name && m_why->path == path)
        return m_why;
    const isostar::path::NavGrid& grid = *f.plan;
    UnitWhy w;
    w.unit = u.name;
    w.profile = f.world->profileName(layer);
    w.path = std::move(path);
    if (!f.world->terrains.empty() && grid.validLayer(layer)) {
        const isostar::terrain::TerrainField& field = f.world->terrains[std::size_t(layer)].terrain;
        if (u.size > 1)  // its footprint's corners: each step priced by the dearest cell after it
            w.why = explainFootprint(field, w.path, grid.rules(layer), f.fog, grid, layer, u.size);
        else
            w.why = f.fog ? explainKnown(field, w.path, grid.rules(layer), *f.fog, grid, layer)
                          : isostar::terrain::explainPath(field, w.path, grid.rules(layer), grid.topology());
    }
    if (smoothed && grid.validLayer(u.layer)) {
        w.smoothed = true;
        const std::vector<isostar::TileCoord>& plan = u.walk.planned;
        for (std::size_t k = 1; k < plan.size(); ++k)
            w.gridCost += isostar::path::segmentCost(grid, u.layer, plan[k - 1], plan[k]);
        w.smoothCost = u.walk.smoothed.cost;
        w.smoothLength = u.walk.smoothed.length;
    }
    m_why = std::move(w);
    m_whyWorld = f.world;
    m_whyOn = on;
    return m_why;
}

} // namespace game::debug
