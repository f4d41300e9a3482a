/// \file App.cpp
/// App: start-up, loading, wiring of world, party, view and input, the play loop and the
/// fixed-step simulation. Scripts and bench mode live in ScriptRunner.cpp and Bench.cpp.
#include "game/app/App.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>

namespace game {


namespace {

/// Path expansions per tick in scripted runs (see App::run).
constexpr long long ScriptPathExpansionsPerTick = 20000;

const std::vector<std::string> DefaultParty = {"knight", "ranger", "mage", "dwarf"};

} // namespace

bool haveDisplay(const char* what)
{
    const char* display = std::getenv("DISPLAY");
    if (display != nullptr && *display != '\0')
        return true;
    std::cerr << what << ": error: no display (DISPLAY is not set); run it under a virtual one, e.g. "
              << "`xvfb-run -a build/bin/isostar ...`, or use `bash tools/dev.sh run`\n";
    return false;
}

App::App(Options options)
    : m_opts(std::move(options)), m_tuning(tuningActions()), m_input(m_party, m_view, inputActions())
{
}

InputActions App::inputActions()
{
    InputActions a;
    a.order = [this](eng::TileCoord t) { orderTo(t); };
    a.reload = [this] { reload(false); };
    a.toggleTrace = [this] {
        // T is the search overlay (game/debug): closed cells by expansion order, open outlined.
        m_showTrace = !m_debug.overlays.flags.search;
        m_debug.overlays.flags.search = m_showTrace;
        m_traceAgeSec = 0.0;
        say(m_showTrace ? "search overlay on: closed cells by expansion order (blue first), open cells outlined green, "
                          "g h f from 1.5x zoom"
                        : "search overlay off");
    };
    a.debugKey = [this](const KeyChord& k) {
        const std::optional<std::string> said = m_debug.keyPressed(k, debugFrame());
        if (said)
            sayDebug(*said);
        return said.has_value();
    };
    a.race = [this](eng::TileCoord t) { sayDebug(m_debug.runRace(debugFrame(), t)); };
    a.toggleHelp = [this] { m_showHelp = !m_showHelp; };
    a.toggleTuning = [this] {
        m_tuning.toggle();
        say(m_tuning.visible() ? "tuning panel on (F2 hides it): changes apply at once, Save writes the config"
                               : "tuning panel off");
    };
    a.say = [this](const std::string& text, bool error) { say(text, error); };
    a.pointerChanged = [this] { updateHover(); };
    a.editorToggled = [this](bool on) {
        const eng::edit::BrushTile* b = brush();
        say(on ? "Editor on: click / drag paints " + (b ? b->terrain : std::string("(no palette)")) +
                     ", click a volcano to make it erupt, right click erases, Tab cycles the brush, E plays"
               : "Editor off: back to play");
    };
    a.editClick = [this](eng::TileCoord t) {
        WorldEdit e = m_host.toggleErupting(t);
        if (!e.ok) {
            const eng::edit::BrushTile* b = brush();
            if (!b)
                return;
            e = m_host.paintTile(t, b->gid);
        }
        reportEdit(e);
    };
    a.editPaint = [this](eng::TileCoord t) {
        if (const eng::edit::BrushTile* b = brush())
            reportEdit(m_host.paintTile(t, b->gid));
    };
    a.editErase = [this](eng::TileCoord t) { reportEdit(m_host.erase(t)); };
    a.editStroke = [this](bool begin) {
        if (begin)
            m_host.beginStroke();
        else
            m_host.endStroke();
    };
    a.cycleBrush = [this](int step) {
        const int n = int(m_host.palette().size());
        if (n == 0)
            return;
        m_brush = ((m_brush + step) % n + n) % n;
        m_messages.sayMerged("brush", "brush: " + brush()->terrain + " (" + brush()->tileset + " #" +
                                          std::to_string(brush()->localId) + ")");
    };
    a.undo = [this] { reportEdit(m_host.undo()); };
    a.redo = [this] { reportEdit(m_host.redo()); };
    a.save = [this] {
        const std::string path = m_host.world().map.path;
        auto saved = m_host.save(path);
        if (!saved) {
            for (const eng::Diagnostic& d : saved.diagnostics())
                say(eng::formatDiagnostic(d), true);
            return;
        }
        say("saved " + path + " (the previous file kept as .bak)");
    };
    return a;
}

const eng::edit::BrushTile* App::brush() const
{
    const auto& palette = m_host.palette();
    if (palette.empty())
        return nullptr;
    return &palette[std::size_t(std::clamp(m_brush, 0, int(palette.size()) - 1))];
}

void App::reportEdit(const WorldEdit& edit)
{
    const std::string error = afterEdit(edit);
    if (!error.empty())
        say(error, true);
}

App::~App() = default;

// ------------------------------------------------------------------------------------------------
// Loading

bool App::loadAll(const WorldOptions& wo, std::vector<eng::Diagnostic>& problems)
{
    problems = m_host.open(wo);
    if (!problems.empty())
        return false;
    if (!m_view.loadMap(m_host.world(), problems))
        return false;
    for (const eng::Diagnostic& w : m_host.world().warnings)
        std::cerr << eng::formatDiagnostic(w) << '\n';
    applyWorld(WorldChange::New, {});
    m_tuning.worldLoaded(m_host.world());
    return true;
}

void App::applyWorld(WorldChange change, std::span<const eng::path::NavDirty> dirty)
{
    const World& world = m_host.world();
    m_party.params().isometric = world.map.orientation == eng::map::Orientation::Isometric;
    m_party.params().tileWidth = world.map.tileWidth;
    m_party.params().tileHeight = world.map.tileHeight;
    const bool sameSize = !m_party.units().empty() && m_party.layerCount() > 0 &&
                          m_party.grid().width() == world.nav.width() && m_party.grid().height() == world.nav.height();
    if (change == WorldChange::SameGrid && sameSize) {
        // Edits and reloads that kept the grid: only units whose paths cross changed cells replan.
        CostChangeReport rep;
        m_party.gridChanged(dirty, &rep);
        // One message for a whole drag or burst of edits: the names gather in it.
        const std::string key = "replan";
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
            m_messages.sayMerged(key, "the ground changed under their paths: " + who + " replan");
        }
        for (int i : rep.displaced)
            say(m_party.units()[std::size_t(i)].name + " steps off a cell that became impassable");
    } else if (change != WorldChange::New && sameSize) {
        m_party.rebind(world.nav);  // new profiles: same units, everyone stops
    } else {
        m_party.reset(world.nav);
        spawnParty();
        m_trace.clear();
        m_lastOrder.reset();
    }
    m_previewFor.reset();
}

void App::spawnParty()
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
    m_view.loadCharacters(m_party, m_messages);
    // Frame the party.
    if (!m_party.units().empty()) {
        sf::Vector2f sum{0.f, 0.f};
        for (const Unit& u : m_party.units())
            sum += m_view.unitFeetWorld(u);
        m_view.camera().centerOn(sum / float(m_party.units().size()));
    }
}

void App::reload(bool automatic)
{
    auto next = m_host.loadAgain();
    std::vector<eng::Diagnostic> problems;
    if (next)
        m_view.loadMap(next.value(), problems);
    else
        problems = next.diagnostics();
    if (!problems.empty()) {
        for (const eng::Diagnostic& d : problems)
            std::cerr << eng::formatDiagnostic(d) << '\n';
        m_reloadError = eng::formatDiagnostic(problems.front());
        say("reload failed, keeping the last good map: " + m_reloadError, true);
        if (problems.size() > 1) {
            // Built piece by piece: `"(" + std::to_string(n) + ...` trips GCC 12's false -Wrestrict
            // (bug 105329) here since this function moved files; the text is the same.
            std::string more = "(";
            more += std::to_string(problems.size() - 1);
            more += " more problems on stderr)";
            say(more, true);
        }
        return;
    }
    const WorldSwap swap = m_host.adopt(std::move(next).value());
    m_reloadError.clear();
    for (const eng::Diagnostic& w : m_host.world().warnings)
        std::cerr << eng::formatDiagnostic(w) << '\n';
    applyWorld(swap.sameShape ? WorldChange::SameGrid : WorldChange::NewGrid, swap.dirty);
    m_tuning.worldLoaded(m_host.world());  // a changed config file: the panel starts from it
    say(std::string(automatic ? "a file changed: reloaded " : "reloaded ") + m_host.world().options.mapPath +
        " (config: " + m_host.world().configUsed + ")");
}

std::string App::afterEdit(const WorldEdit& edit)
{
    if (!edit.ok)
        return edit.error;
    if (edit.tiles.empty())
        return {};
    std::vector<eng::Diagnostic> problems;
    if (!m_view.updateCells(m_host.world(), edit.tiles, problems))
        for (const eng::Diagnostic& d : problems)
            std::cerr << eng::formatDiagnostic(d) << '\n';
    if (!edit.dirty.empty())
        applyWorld(WorldChange::SameGrid, edit.dirty);
    m_previewFor.reset();
    updateHover();
    return {};
}

void App::runRealTime(double seconds)
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    Clock::time_point last = Clock::now();
    double accumulator = 0.0;
    while (Clock::now() < end && m_window->isOpen()) {
        pumpEvents();
        pollFiles();
        const Clock::time_point now = Clock::now();
        accumulator += std::min(std::chrono::duration<double>(now - last).count(), 0.25);
        last = now;
        while (accumulator >= FixedStepSec) {
            tick(FixedStepSec);
            accumulator -= FixedStepSec;
        }
        drawFrame(*m_window);
        m_window->display();
        // Scripts run unthrottled; here about 60 frames a second are plenty.
        const Clock::time_point next = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(FixedStepSec));
        std::this_thread::sleep_until(std::min(next, end));
    }
}

void App::pollFiles()
{
    const double now = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (m_host.loaded() && m_host.filesChanged(now))
        reload(true);
}

// ------------------------------------------------------------------------------------------------
// Modes

int App::run()
{
    m_scripted = !m_opts.scriptPath.empty() || m_opts.benchFrames > 0 || m_opts.benchUnits > 0;
    // A script runs the same on any machine: its path work per tick is counted in expansions
    // (about what the play budget of 1.5 ms does here); benchmarks measure the time budget.
    if (!m_opts.scriptPath.empty() && m_opts.benchFrames == 0 && m_opts.benchUnits == 0)
        m_party.params().pathBudgetExpansions = ScriptPathExpansionsPerTick;
    std::vector<ScriptCommand> script;
    if (!m_opts.scriptPath.empty()) {
        auto parsed = loadScript(m_opts.scriptPath, &isKeyName);
        if (!parsed) {
            std::cerr << eng::formatDiagnostics(parsed.diagnostics());
            return ExitBadInput;
        }
        script = std::move(parsed).value();
    }

    if (!haveDisplay("isostar"))
        return ExitFailure;
    sf::ContextSettings settings;
    m_window = std::make_unique<sf::RenderWindow>();
    m_window->create(sf::VideoMode(m_opts.width, m_opts.height), "IsoStar", sf::Style::Default, settings);
    if (!m_window->isOpen()) {
        std::cerr << "isostar: error: cannot open a " << m_opts.width << "x" << m_opts.height << " window\n";
        return ExitFailure;
    }
    if (!m_scripted)
        m_window->setVerticalSyncEnabled(true);  // play: vsync; scripts and bench run unthrottled
    m_view.camera().setViewport({m_opts.width, m_opts.height});
    if (!m_ui.init(*m_window))
        std::cerr << "isostar: warning: Dear ImGui could not start on this GL context: no tuning panel\n";
    m_view.loadFont();
    m_input.setScripted(m_scripted);

    std::vector<eng::Diagnostic> problems;
    if (!loadAll({m_opts.mapPath, m_opts.configPath, m_opts.profile}, problems)) {
        std::cerr << eng::formatDiagnostics(problems);
        return ExitBadInput;
    }
    say("Welcome to IsoStar: select the party (Ctrl+A, a box or a click) and click the ground to move");

    if (m_opts.benchUnits > 0)
        return runUnitBench();
    if (m_opts.benchFrames > 0)
        return runBench();
    if (!script.empty() || !m_opts.scriptPath.empty())
        return runScript(script);
    return runPlay();
}

void App::pumpEvents()
{
    sf::Event e;
    while (m_window->pollEvent(e)) {
        if (m_scripted) {
            // Scripts own the mouse and keyboard; only keep the window sane.
            if (e.type == sf::Event::Resized) {
                m_window->setView(sf::View(sf::FloatRect(0.f, 0.f, float(e.size.width), float(e.size.height))));
                m_view.camera().setViewport({e.size.width, e.size.height});
            }
            continue;
        }
        if (e.type == sf::Event::Closed) {
            m_window->close();
        } else if (e.type == sf::Event::Resized) {
            m_window->setView(sf::View(sf::FloatRect(0.f, 0.f, float(e.size.width), float(e.size.height))));
            m_view.camera().setViewport({e.size.width, e.size.height});
        } else {
            m_ui.processEvent(e);
            if (!m_ui.captures(e))  // a click on the tuning panel is the panel's, not the party's
                m_input.handleEvent(e);
        }
    }
}

int App::runPlay()
{
    sf::Clock clock;
    double accumulator = 0.0;
    while (m_window->isOpen()) {
        pumpEvents();
        if (!m_window->isOpen())
            break;
        pollFiles();
        const double dt = std::min(clock.restart().asSeconds(), 0.25f);
        m_fps = m_fps <= 0.0 ? 1.0 / std::max(dt, 1e-4) : m_fps * 0.95 + 0.05 / std::max(dt, 1e-4);
        // Keys typed into an ImGui field (Ctrl+click on a slider) do not pan the camera.
        m_input.realtimeCamera(dt, m_window->getSize(), m_window->hasFocus() && !m_ui.wantsKeyboard());
        // Fixed-step simulation: the same steps as scripts and tests.
        accumulator += dt;
        while (accumulator >= FixedStepSec) {
            tick(FixedStepSec);
            accumulator -= FixedStepSec;
        }
        drawFrame(*m_window);
        m_window->display();
    }
    return ExitOk;
}

// ------------------------------------------------------------------------------------------------
// Simulation

void App::tick(double dtSec)
{
    m_gameTimeSec += dtSec;
    // Landmark tables rebuilt in the background after an edit are installed here, between
    // searches, on the thread that owns the grid (NavGrid's threading contract).
    m_host.world().nav.pollLandmarks();
    m_party.update(dtSec);
    m_view.update(dtSec);
    for (const std::string& e : m_party.events)
        say(e);
    m_party.events.clear();
    m_messages.tick(dtSec);
    m_traceAgeSec += dtSec;
    m_debug.update(dtSec, debugFrame());
    updateHover();
}

debug::DebugFrame App::debugFrame() const
{
    debug::DebugFrame f;
    f.world = &m_host.world();
    f.worldVersion = m_host.version();
    f.party = &m_party;
    f.lastSearch = &m_trace;
    f.lastSearchAgeSec = m_traceAgeSec;
    f.hover = m_hover;
    return f;
}

void App::sayDebug(const std::string& text)
{
    if (!text.empty())
        say(text);
}

void App::updateHover()
{
    m_hover = m_input.hover();
    // Path preview from the selection's leader, recomputed only when something changed.
    const std::vector<int> selIndices = m_party.selection().indices();
    std::vector<UnitHandle> sel;
    for (int i : selIndices)
        sel.push_back(m_party.handle(i));
    if (!m_hover || sel.empty()) {
        m_previewFor.reset();
        m_preview = {};
        return;
    }
    const Unit& leader = m_party.units()[std::size_t(m_party.selection().leader())];
    const eng::TileCoord from = planCell(leader);
    if (m_previewFor == m_hover && m_previewSelection == sel && !m_preview.path.empty() && m_preview.path.front() == from)
        return;
    m_previewFor = m_hover;
    m_previewSelection = sel;
    m_party.preview(*m_hover, m_preview);
}

void App::say(const std::string& text, bool error)
{
    m_messages.say(text, error);
}

void App::orderTo(eng::TileCoord tile)
{
    if (!m_host.world().nav.inBounds(tile)) {
        say("that is outside the map");
        return;
    }
    if (m_party.selection().empty()) {
        say("select a unit first");
        return;
    }
    if (m_debug.stepMode()) {
        // Step-through: the click begins a stepped search instead of a move.
        sayDebug(m_debug.beginStep(debugFrame(), tile));
        return;
    }
    const OrderReport rep = m_party.orderSelected(tile, &m_trace);
    if (!rep.accepted) {
        say("no unit can move there: they are all boxed in", true);
        return;
    }
    m_lastOrder = rep;
    m_traceAgeSec = 0.0;
    m_previewFor.reset();
    if (rep.anchorMoved && rep.anchor) {
        const int leader = m_party.selection().leader();
        const int layer = leader < 0 ? 0 : m_party.units()[std::size_t(leader)].layer;
        const bool wall = !m_party.passable(tile, layer);
        say(std::string(wall ? "that tile is impassable" : "that tile cannot be reached") +
                ": walking to the closest reachable tile " + tileStr(*rep.anchor),
            false);
    }
}

void App::drawFrame(sf::RenderTarget& target)
{
    HudState hud;
    hud.hover = m_hover;
    hud.preview = &m_preview;
    hud.lastOrder = m_lastOrder ? &*m_lastOrder : nullptr;
    hud.trace = &m_trace;
    hud.showTrace = false;  // the search overlay of game/debug draws the trace (T)
    hud.traceAgeSec = m_traceAgeSec;
    hud.showHelp = m_showHelp;
    hud.scripted = m_scripted;
    hud.fps = m_fps;
    hud.messages = &m_messages;
    hud.mouse = m_input.mouse();
    hud.leftDown = m_input.leftDown();
    hud.selectionBox = m_input.selectionBox();
    if (const int lead = m_party.selection().leader(); lead >= 0) {
        const Unit& leader = m_party.units()[std::size_t(lead)];
        hud.explainLayer = leader.layer;
        hud.statusLines.push_back("Profile: " + m_host.world().profileName(leader.layer) + " (" + leader.name + ")");
        if (m_hover && m_host.world().nav.inBounds(*m_hover)) {
            const float c = m_party.cost(*m_hover, leader.layer);
            hud.tileLines.push_back("For " + leader.name + " (" + m_host.world().profileName(leader.layer) + "): " +
                                    (eng::path::isPassableCost(c) ? "cost " + fmt(c) : std::string("impassable")));
        }
    }
    if (m_input.editing()) {
        const eng::edit::BrushTile* b = brush();
        hud.statusLines.push_back("EDITOR  brush " + std::to_string(m_brush + 1) + "/" +
                                  std::to_string(m_host.palette().size()) + ": " +
                                  (b ? b->terrain + (b->overlay ? " (overlay)" : " (ground)") : std::string("none")));
        hud.statusLines.push_back("World version " + std::to_string(m_host.version()) + ", " +
                                  std::to_string(m_host.edits()) + " edits");
        hud.help = "E play   LMB/drag paint   click volcano: erupt   RMB erase   Tab/Shift+Tab, Ctrl+wheel brush   "
                   "Ctrl+Z/Y undo/redo   Ctrl+S save";
    }
    const debug::DebugFrame frame = debugFrame();
    for (std::string& s : m_debug.statusLines(frame))
        hud.statusLines.push_back(std::move(s));
    for (std::string& s : m_debug.tileLines(frame))
        hud.tileLines.push_back(std::move(s));
    hud.drawGroundExtra = [this, frame](sf::RenderTarget& t) { m_debug.drawGround(t, frame); };
    hud.drawScreenExtra = [this, frame, &hud](sf::RenderTarget& t) {
        // The debug panels go below the status panel (View's HUD: 15 px text, 1.35 line
        // height, 5 px padding, at y = 10).
        const std::size_t lines = 3 + (hud.lastOrder ? 2 : 1) + (hud.preview && !hud.preview->path.empty() ? 1 : 0) +
                                  (hud.showTrace && hud.trace ? 1 : 0) + hud.statusLines.size() + hud.errorLines.size();
        m_debug.drawScreen(t, m_view.camera(), frame, 10.f + float(lines) * 15.f * 1.35f + 10.f + 8.f,
                           m_showHelp ? 34.f : 8.f);
    };
    if (!m_reloadError.empty())
        hud.errorLines.push_back("Reload failed (keeping the last good world): " + m_reloadError);
    m_view.draw(target, m_host.world(), m_party, hud);
    drawUi(target);
}

} // namespace game
