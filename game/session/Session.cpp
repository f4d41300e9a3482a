/// \file Session.cpp
/// Session: loading and reloading, the party following the world, edits, tuning, the brush,
/// orders and the game's tick.
#include "game/session/Session.hpp"

#include "game/common/Format.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>

namespace game {

namespace {

const std::vector<std::string> DefaultParty = {"knight", "ranger", "mage", "dwarf"};

void printWarnings(const World& world)
{
    for (const eng::Diagnostic& w : world.warnings)
        std::cerr << eng::formatDiagnostic(w) << '\n';
}

} // namespace

Session::Session(MessageLog& messages, SessionHooks hooks) : m_messages(messages), m_hooks(std::move(hooks))
{
    // A unit that enters a cell sees from there before its next step: a wall it meets is
    // impassable on the belief grid before it could step onto it.
    m_party.setCellEntered([this](int index) {
        if (!m_fog.active())
            return;
        const Unit& u = m_party.units()[std::size_t(index)];
        for (eng::path::NavDirty& d : m_fog.look(world().nav, {u.tile, world().sightOf(u.name, u.profile)}))
            m_sightDirty.push_back(std::move(d));
    });
}

std::vector<eng::Diagnostic> Session::open(const WorldOptions& options)
{
    return open(loadWorld(options));
}

std::vector<eng::Diagnostic> Session::open(eng::Result<World> loaded)
{
    std::vector<eng::Diagnostic> problems = m_host.open(std::move(loaded));
    if (!problems.empty())
        return problems;
    if (m_hooks.acceptWorld && !m_hooks.acceptWorld(m_host.world(), problems))
        return problems;
    printWarnings(m_host.world());
    applyWorld(WorldChange::New, {});
    if (m_host.world().fog)
        setFog(true);
    if (m_hooks.worldLoaded)
        m_hooks.worldLoaded(m_host.world());
    return {};
}

bool Session::reload(bool automatic)
{
    if (reloading())
        finishReload(true);
    return adoptReload(m_host.loadAgain(), automatic);
}

bool Session::beginReload(bool automatic)
{
    if (reloading() || !m_host.loaded())
        return false;
    m_reload.automatic = automatic;
    m_reload.loader.start(m_host.world().options);
    return true;
}

bool Session::finishReload(bool wait, bool* adopted)
{
    if (!reloading() || (!wait && !m_reload.loader.ready()))
        return false;
    const bool ok = adoptReload(m_reload.loader.take(), m_reload.automatic);
    if (adopted)
        *adopted = ok;
    return true;
}

bool Session::adoptReload(eng::Result<World> next, bool automatic)
{
    std::vector<eng::Diagnostic> problems;
    if (next) {
        if (m_hooks.acceptWorld)
            m_hooks.acceptWorld(next.value(), problems);
    } else {
        problems = next.diagnostics();
    }
    if (!problems.empty()) {
        for (const eng::Diagnostic& d : problems)
            std::cerr << eng::formatDiagnostic(d) << '\n';
        m_reload.error = eng::formatDiagnostic(problems.front());
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
    applyWorld(swap.sameShape ? WorldChange::SameGrid : WorldChange::NewGrid, swap.dirty);
    if (m_hooks.worldLoaded)
        m_hooks.worldLoaded(m_host.world());  // a changed config file: the panel starts from it
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

void Session::applyWorld(WorldChange change, std::span<const eng::path::NavDirty> dirty)
{
    const World& world = m_host.world();
    PartyParams params = m_party.params();
    params.isometric = world.map.orientation == eng::map::Orientation::Isometric;
    params.tileWidth = world.map.tileWidth;
    params.tileHeight = world.map.tileHeight;
    m_party.setParams(params);
    const bool sameSize = !m_party.units().empty() && m_party.layerCount() > 0 &&
                          m_party.grid().width() == world.nav.width() && m_party.grid().height() == world.nav.height();
    if (change == WorldChange::SameGrid && sameSize) {
        if (m_fog.active()) {
            std::vector<eng::path::NavDirty> belief;
            fogFollowsWorld(dirty, belief);
            replanAfter(belief);
        } else {
            replanAfter(dirty);
        }
    } else if (change != WorldChange::New && sameSize) {
        if (m_fog.active())
            resetFog(true);
        m_party.rebind(planGrid());  // new profiles: same units, everyone stops
        updateSight(true);
    } else {
        if (m_fog.active())
            resetFog(false);
        m_party.reset(planGrid());
        spawnParty();
        m_trace.clear();
        m_lastOrder.reset();
        updateSight(true);
    }
    if (m_hooks.previewStale)
        m_hooks.previewStale();
}

void Session::replanAfter(std::span<const eng::path::NavDirty> dirty, const std::string& key, const std::string& why)
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
        m_messages.sayMerged(key, why + ": " + who + " replan");
    }
    for (int i : rep.displaced)
        say(m_party.units()[std::size_t(i)].name + " steps off a cell that became impassable");
}

void Session::spawnParty()
{
    const World& world = m_host.world();
    for (const SpawnPoint& p : world.party) {
        if (!world.nav.passable(0, p.tile) || m_party.occupancy().occupied(p.tile)) {
            // A spawn on a wall or on another unit: place it on the closest free cell instead.
            m_party.spawnAround({p.name}, p.tile, {p.profile});
            continue;
        }
        m_party.spawn(p.name, p.tile, p.profile);
    }
    if (m_party.units().empty()) {
        eng::TileCoord near{world.nav.width() / 2, world.nav.height() / 2};
        if (world.start)
            near = *world.start;
        m_party.spawnAround(DefaultParty, near);
    }
    if (m_hooks.partySpawned)
        m_hooks.partySpawned();
}

std::string Session::afterEdit(const WorldEdit& edit)
{
    if (!edit.ok)
        return edit.error;
    if (edit.tiles.empty())
        return {};
    if (m_hooks.tilesChanged)
        m_hooks.tilesChanged(m_host.world(), edit.tiles);
    if (m_hooks.cellsChanged) {
        std::vector<eng::TileCoord> cells = edit.tiles;
        cells.insert(cells.end(), edit.costCells.begin(), edit.costCells.end());
        m_hooks.cellsChanged(m_host.world(), cells);
    }
    if (!edit.dirty.empty())
        applyWorld(WorldChange::SameGrid, edit.dirty);
    if (m_hooks.previewStale)
        m_hooks.previewStale();
    return {};
}

std::string Session::applyTuning(const eng::terrain::TerrainConfig& config)
{
    const WorldEdit e = m_host.applyConfig(config);
    if (!e.ok)
        return e.error;
    // The same path as an edit or a reload that kept the grid: units whose remaining paths
    // cross a changed cell replan through the path service; overlays read the new costs.
    if (m_hooks.cellsChanged && !e.costCells.empty())
        m_hooks.cellsChanged(m_host.world(), e.costCells);
    if (!e.dirty.empty())
        applyWorld(WorldChange::SameGrid, e.dirty);
    if (m_hooks.previewStale)
        m_hooks.previewStale();
    return {};
}

const eng::edit::BrushTile* Session::brush() const
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
    const eng::edit::BrushTile& b = *brush();
    m_messages.sayMerged("brush", "brush: " + b.terrain + " (" + b.tileset + " #" + std::to_string(b.localId) + ")");
}

bool Session::canOrder(eng::TileCoord tile)
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
    const eng::path::NavGrid& nav = m_host.world().nav;
    return m_traceWanted || !isBigMap(nav.width(), nav.height());
}

void Session::setTraceWanted(bool on)
{
    m_traceWanted = on;
    if (!traceRecorded())
        m_trace = eng::path::SearchTrace{};  // its storage is released too
}

void Session::order(eng::TileCoord tile)
{
    if (!traceRecorded())
        m_trace = eng::path::SearchTrace{};
    const OrderReport rep = m_party.orderSelected(tile, traceRecorded() ? &m_trace : nullptr);
    if (!rep.accepted) {
        say("no unit can move there: they are all boxed in", true);
        return;
    }
    m_lastOrder = rep;
    m_traceAgeSec = 0.0;
    if (m_hooks.previewStale)
        m_hooks.previewStale();
    if (rep.anchorMoved && rep.anchor) {
        const Unit* lead = m_party.leader();
        const int layer = lead ? lead->layer : 0;
        const bool wall = !m_party.passable(tile, layer);
        say(std::string(wall ? "that tile is impassable" : "that tile cannot be reached") +
            ": walking to the closest reachable tile " + tileStr(world().frame.toTiled(*rep.anchor)));
    }
}

void Session::tick(double dtSec)
{
    finishReload(false);
    m_gameTimeSec += dtSec;
    // Landmark tables rebuilt in the background after an edit are installed here, between
    // searches, on the thread that owns the grid (NavGrid's threading contract).
    m_host.world().nav.pollLandmarks();
    m_party.update(dtSec);
    updateSight(false);
    for (const std::string& e : m_party.takeEvents())
        say(e);
    m_traceAgeSec += dtSec;
}

} // namespace game
