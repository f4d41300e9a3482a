/// \file Session.cpp
/// Session: loading and reloading, the party following the world, edits, tuning, the brush,
/// orders and the game's tick.
#include "game/session/Session.hpp"

#include "game/common/Format.hpp"
#include "game/rules/ProfileLayer.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <utility>

namespace game {

namespace {

const std::vector<std::string> DefaultParty = {"knight", "ranger", "mage", "dwarf"};

void printWarnings(const World& world)
{
    for (const isostar::Diagnostic& w : world.warnings)
        std::cerr << isostar::formatDiagnostic(w) << '\n';
}

/// An edit that worked and changed nothing (a stroke's bounds, a brush without a palette).
WorldEdit nothingChanged()
{
    WorldEdit e;
    e.ok = true;
    return e;
}

/// A MapEdit done on the host (Session::edit).
struct ApplyEdit {
    WorldHost& host;
    const isostar::edit::BrushTile* brush;  ///< [opt] the editor's brush

    WorldEdit paintBrush(isostar::TileCoord tile) const { return brush ? host.paintTile(tile, brush->gid) : nothingChanged(); }
    WorldEdit operator()(const mapedit::Paint& e) const
    {
        return e.terrain.empty() ? paintBrush(e.tile) : host.paint(e.tile, e.terrain);
    }
    WorldEdit operator()(const mapedit::Erase& e) const { return host.erase(e.tile); }
    WorldEdit operator()(const mapedit::Erupt& e) const
    {
        return e.on ? host.setErupting(e.tile, *e.on) : host.toggleErupting(e.tile);
    }
    WorldEdit operator()(const mapedit::BrushClick& e) const
    {
        WorldEdit r = host.toggleErupting(e.tile);
        return r.ok ? r : paintBrush(e.tile);
    }
    WorldEdit operator()(const mapedit::Undo&) const { return host.undo(); }
    WorldEdit operator()(const mapedit::Redo&) const { return host.redo(); }
    WorldEdit operator()(const mapedit::BeginStroke&) const
    {
        host.beginStroke();
        return nothingChanged();
    }
    WorldEdit operator()(const mapedit::EndStroke&) const
    {
        host.endStroke();
        return nothingChanged();
    }
};

} // namespace

void SessionChange::merge(SessionChange later)
{
    tiles.insert(tiles.end(), later.tiles.begin(), later.tiles.end());
    cells.insert(cells.end(), later.cells.begin(), later.cells.end());
    worldLoaded = worldLoaded || later.worldLoaded;
    partySpawned = partySpawned || later.partySpawned;
    previewStale = previewStale || later.previewStale;
    reloadEnded = reloadEnded || later.reloadEnded;
    reloadAdopted = later.reloadEnded ? later.reloadAdopted : reloadAdopted;
    order = later.order != OrderOutcome::None ? later.order : order;
    worldVersion = std::max(worldVersion, later.worldVersion);
    if (!later.error.empty())
        error = std::move(later.error);
    problems.insert(problems.end(), later.problems.begin(), later.problems.end());
    said.insert(said.end(), later.said.begin(), later.said.end());
}

Session::Session(MessageLog& messages) : m_messages(messages)
{
    // A unit that enters a cell sees from there before its next step: a wall it meets is
    // impassable on the belief grid before it could step onto it.
    m_party.setCellEntered([this](int index) {
        if (!m_fog.active())
            return;
        const Unit& u = m_party.units()[std::size_t(index)];
        for (isostar::path::NavDirty& d : m_fog.look(world().nav, {u.tile, world().sightOf(u.name, u.profile), u.size}))
            m_sightDirty.push_back(std::move(d));
    });
}

void Session::say(const std::string& text, bool error)
{
    m_messages.say(text, error);
    m_said.push_back(text);
}

void Session::sayMerged(const std::string& key, const std::string& text)
{
    m_messages.sayMerged(key, text);
    m_said.push_back(text);
}

SessionChange Session::finish(SessionChange c)
{
    c.worldVersion = m_host.version();
    c.said.insert(c.said.end(), m_said.begin(), m_said.end());
    m_said.clear();
    return c;
}

SessionChange Session::open(isostar::Result<World> loaded, const WorldGate& gate)
{
    SessionChange c;
    c.problems = m_host.open(std::move(loaded));
    if (!c.problems.empty())
        return finish(std::move(c));
    if (gate && !gate(m_host.world(), c.problems))
        return finish(std::move(c));
    printWarnings(m_host.world());
    applyWorld(WorldChange::New, {}, c);
    if (m_host.world().fog)
        c.merge(setFog(true));
    c.worldLoaded = true;
    return finish(std::move(c));
}

bool Session::beginReload(bool automatic)
{
    if (reloading() || !m_host.loaded())
        return false;
    m_reload.automatic = automatic;
    m_reload.loader.start(m_host.world().options);
    return true;
}

SessionChange Session::finishReload(bool wait, const WorldGate& gate)
{
    SessionChange c;
    if (!reloading() || (!wait && !m_reload.loader.ready()))
        return finish(std::move(c));
    c.reloadEnded = true;
    c.reloadAdopted = adoptReload(m_reload.loader.take(), m_reload.automatic, gate, c);
    return finish(std::move(c));
}

bool Session::adoptReload(isostar::Result<World> next, bool automatic, const WorldGate& gate, SessionChange& out)
{
    std::vector<isostar::Diagnostic> problems;
    if (next) {
        if (gate)
            gate(next.value(), problems);
    } else {
        problems = next.diagnostics();
    }
    if (!problems.empty()) {
        for (const isostar::Diagnostic& d : problems)
            std::cerr << isostar::formatDiagnostic(d) << '\n';
        m_reload.error = isostar::formatDiagnostic(problems.front());
        say("reload failed, keeping the last good map: " + m_reload.error, true);
        if (problems.size() > 1) {
            // Appended piece by piece: `"(" + std::to_string(n) + ...` trips GCC 12's false
            // -Wrestrict (bug 105329).
            std::string more = "(";
            more += std::to_string(problems.size() - 1);
            more += " more problems on stderr)";
            say(more, true);
        }
        return false;
    }
    const WorldSwap swap = m_host.adopt(std::move(next).value());
    m_reload.error.clear();
    printWarnings(m_host.world());
    applyWorld(swap.sameShape ? WorldChange::SameGrid : WorldChange::NewGrid, swap.dirty, out);
    out.worldLoaded = true;  // a changed config file: the panel starts from it
    say(std::string(automatic ? "a file changed: reloaded " : "reloaded ") + m_host.world().options.mapPath +
        " (config: " + m_host.world().configUsed + ")");
    return true;
}

void Session::pollFiles()
{
    const double now = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (m_host.loaded() && !reloading() && m_host.filesChanged(now))
        beginReload(true);
}

void Session::paramsFollowWorld()
{
    setPartyParams(m_party.params());
}

void Session::setPartyParams(const PartyParams& params)
{
    PartyParams p = params;
    if (m_host.loaded()) {
        const World& world = m_host.world();
        p.isometric = world.map.orientation == isostar::map::Orientation::Isometric;
        p.tileWidth = world.map.tileWidth;
        p.tileHeight = world.map.tileHeight;
        p.hex = {};
        if (world.map.orientation == isostar::map::Orientation::Hexagonal)
            p.hex = {true, world.map.staggerAxis == isostar::map::StaggerAxis::X,
                     world.map.staggerIndex == isostar::map::StaggerIndex::Even, world.map.hexSideLength};
    }
    m_party.setParams(p);
}

void Session::applyWorld(WorldChange change, std::span<const isostar::path::NavDirty> dirty, SessionChange& out)
{
    const World& world = m_host.world();
    paramsFollowWorld();
    const bool sameSize = !m_party.units().empty() && m_party.layerCount() > 0 &&
                          m_party.grid().width() == world.nav.width() && m_party.grid().height() == world.nav.height();
    if (change == WorldChange::SameGrid && sameSize) {
        if (m_fog.active()) {
            std::vector<isostar::path::NavDirty> belief;
            fogFollowsWorld(dirty, belief);
            replanAfter(belief);
        } else {
            replanAfter(dirty);
        }
    } else if (change != WorldChange::New && sameSize) {
        if (m_fog.active())
            resetFog(true);
        makeFootprintLayers();
        m_party.rebind(planGrid());  // new profiles: same units, everyone stops
        updateSight(true);
    } else {
        if (m_fog.active())
            resetFog(false);
        makeFootprintLayers();
        m_party.reset(planGrid());
        spawnParty();
        out.partySpawned = true;
        m_trace.clear();
        m_lastOrder.reset();
        updateSight(true);
    }
    out.previewStale = true;
}

void Session::replanAfter(std::span<const isostar::path::NavDirty> dirty, const std::string& key, const std::string& why)
{
    CostChangeReport rep;
    m_party.gridChanged(dirty, &rep);
    // One message for a whole drag or burst of edits: the names gather in it.
    if (!m_messages.newestHasKey(key))
        m_replanNames.clear();
    for (int i : rep.replanned) {
        const std::string& name = m_party.units()[std::size_t(i)].name;
        if (std::find(m_replanNames.begin(), m_replanNames.end(), name) == m_replanNames.end())
            m_replanNames.push_back(name);
    }
    if (!rep.replanned.empty()) {
        std::string who;
        for (const std::string& name : m_replanNames)
            who += (who.empty() ? "" : ", ") + name;
        sayMerged(key, why + ": " + who + " replan");
    }
    for (int i : rep.displaced)
        say(m_party.units()[std::size_t(i)].name + " steps off a cell that became impassable");
}

int Session::footprintLayer(const std::string& profile, int size)
{
    World& world = m_host.world();
    const int layer = std::max(0, profileLayer(world.nav, profile));
    const int real = world.nav.footprintLayer(layer, size);
    return m_fog.active() ? m_fog.footprintLayer(layer, size) : real;
}

void Session::makeFootprintLayers()
{
    for (const SpawnPoint& p : world().party)
        footprintLayer(p.profile, world().unitSize(p));
    for (const Unit& u : m_party.units())
        footprintLayer(u.profile, u.size);
}

void Session::spawnParty()
{
    const World& world = m_host.world();
    for (const SpawnPoint& p : world.party) {
        const int size = world.unitSize(p);
        if (!world.nav.passable(0, p.tile) || !m_party.freeFor(p.tile, p.profile, size)) {
            // A spawn on a wall or on another unit: place it on the closest free cell instead.
            m_party.spawnAround({p.name}, p.tile, {p.profile}, {size});
            continue;
        }
        m_party.spawn(p.name, p.tile, p.profile, size);
    }
    if (m_party.units().empty()) {
        isostar::TileCoord near{world.nav.width() / 2, world.nav.height() / 2};
        if (world.start)
            near = *world.start;
        m_party.spawnAround(DefaultParty, near);
    }
}

SessionChange Session::followEdit(const WorldEdit& edit)
{
    SessionChange c;
    if (!edit.ok) {
        c.error = edit.error;
        return finish(std::move(c));
    }
    c.tiles = edit.tiles;
    c.cells = edit.tiles;
    c.cells.insert(c.cells.end(), edit.costCells.begin(), edit.costCells.end());
    // The same path for an edit, tuning and a reload that kept the grid: units whose remaining
    // paths cross a changed cell replan through the path service; overlays read the new costs.
    if (!edit.dirty.empty())
        applyWorld(WorldChange::SameGrid, edit.dirty, c);
    c.previewStale = c.previewStale || !c.cells.empty();
    return finish(std::move(c));
}

SessionChange Session::edit(const MapEdit& edit)
{
    return followEdit(std::visit(ApplyEdit{m_host, brush()}, edit));
}

isostar::Result<isostar::map::SaveReport> Session::save(const std::string& path)
{
    return m_host.save(path);
}

SessionChange Session::applyTuning(const isostar::terrain::TerrainConfig& config)
{
    return followEdit(m_host.applyConfig(config));
}

const isostar::edit::BrushTile* Session::brush() const
{
    const auto& palette = m_host.palette();
    if (palette.empty())
        return nullptr;
    return &palette[std::size_t(std::clamp(m_brush, 0, int(palette.size()) - 1))];
}

void Session::cycleBrush(int step)
{
    const int n = int(m_host.palette().size());
    if (n == 0)
        return;
    m_brush = ((m_brush + step) % n + n) % n;
    const isostar::edit::BrushTile& b = *brush();
    sayMerged("brush", "brush: " + b.terrain + " (" + b.tileset + " #" + std::to_string(b.localId) + ")");
}

bool Session::canOrder(isostar::TileCoord tile)
{
    if (!m_host.world().nav.inBounds(tile)) {
        say("that is outside the map");
        return false;
    }
    if (m_party.selection().empty()) {
        say("select a unit first");
        return false;
    }
    return true;
}

bool Session::traceRecorded() const
{
    const isostar::path::NavGrid& nav = m_host.world().nav;
    return m_traceWanted || !isBigMap(nav.width(), nav.height());
}

void Session::setTraceWanted(bool on)
{
    m_traceWanted = on;
    if (!traceRecorded())
        m_trace = isostar::path::SearchTrace{};  // its storage is released too
}

SessionChange Session::order(isostar::TileCoord tile)
{
    SessionChange c;
    if (!traceRecorded())
        m_trace = isostar::path::SearchTrace{};
    const OrderReport rep = m_party.orderSelected(tile, traceRecorded() ? &m_trace : nullptr);
    if (!rep.accepted) {
        say("no unit can move there: they are all boxed in", true);
        c.order = OrderOutcome::Refused;
        return finish(std::move(c));
    }
    m_lastOrder = rep;
    m_traceAgeSec = 0.0;
    c.previewStale = true;
    c.order = rep.anchorMoved && rep.anchor ? OrderOutcome::CutShort : OrderOutcome::Given;
    if (rep.anchorMoved && rep.anchor) {
        const Unit* lead = m_party.leader();
        const int layer = lead ? lead->layer : 0;
        const bool wall = !m_party.passable(tile, layer);
        say(std::string(wall ? "that tile is impassable" : "that tile cannot be reached") +
            ": walking to the closest reachable tile " + tileStr(world().frame.toTiled(*rep.anchor)));
    }
    return finish(std::move(c));
}

SessionChange Session::tick(double dtSec, const WorldGate& gate)
{
    SessionChange c = finishReload(false, gate);
    m_gameTimeSec += dtSec;
    // Landmark tables rebuilt in the background after an edit are installed here, between
    // searches, on the thread that owns the grid (NavGrid's threading contract).
    m_host.world().nav.pollLandmarks();
    m_party.update(dtSec);
    c.previewStale = updateSight(false) || c.previewStale;
    for (const std::string& e : m_party.takeEvents())
        say(e);
    m_traceAgeSec += dtSec;
    SessionChange walked = finish({});
    c.merge(std::move(walked));
    return c;
}

} // namespace game
