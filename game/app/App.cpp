/// \file App.cpp
/// App: start-up, the wiring of the session, view, input and debug tools, the play loop, the
/// fixed-step tick and the frame. Scripts: ScriptRunner.cpp; benches: Bench.cpp, UnitBench.cpp.
#include "game/app/App.hpp"

#include "game/app/Bench.hpp"
#include "game/app/ScriptRunner.hpp"
#include "game/common/DataDir.hpp"
#include "game/common/FixedStep.hpp"
#include "game/input/Bindings.hpp"
#include "game/input/KeyNames.hpp"
#include "game/world/WorldLoader.hpp"

#include "IsoStarVersion.hpp"

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

/// The debug tools' keys as the binding table binds them.
debug::DebugKeys debugKeys()
{
    debug::DebugKeys k;
    k.stepMode = keyOf(cmd::StepMode{});
    k.step = keyOf(cmd::Step{1});
    k.stepPlay = keyOf(cmd::StepPlay{});
    k.stepSpeed = keyOf(cmd::StepSpeed{});
    k.race = keyOf(cmd::Race{});
    k.clearRace = keyOf(cmd::ClearRace{});
    k.why = keyOf(cmd::ToggleWhy{});
    for (const char* name : {"heat", "influence", "search", "numbers", "field", "clearance"})
        k.overlays += (k.overlays.empty() ? "" : ", ") + keyOf(cmd::ToggleOverlay{name}) + " " + name;
    return k;
}

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
    : m_opts(std::move(options)), m_tuning(tuningActions()), m_session(m_messages),
      m_input(m_session.party(), m_view, [this](const Command& c) { runCommand(c); }), m_debug(debugKeys()),
      m_commands(parts()), m_settings(settingsPath())
{
}

App::~App() = default;

bool App::scripted() const
{
    return !m_opts.scriptPath.empty() || m_opts.benchFrames > 0 || m_opts.benchUnits > 0 || m_opts.benchLoad;
}

GameParts App::parts()
{
    return {m_session, m_view, m_input, m_debug, m_tuning, m_hud, m_audio};
}

void App::runCommand(const Command& c)
{
    const std::string error = m_commands.run(c);
    if (!error.empty())
        m_messages.say(error, true);
}

// ------------------------------------------------------------------------------------------------
// Modes

bool App::openWindow()
{
    if (!haveDisplay("isostar"))
        return false;
    sf::ContextSettings settings;
    m_window = std::make_unique<sf::RenderWindow>();
    m_window->create(sf::VideoMode(m_opts.width, m_opts.height), std::string("IsoStar ") + isostar::Version,
                     sf::Style::Default, settings);
    if (!m_window->isOpen()) {
        std::cerr << "isostar: error: cannot open a " << m_opts.width << "x" << m_opts.height << " window\n";
        return false;
    }
    if (!scripted())
        m_window->setVerticalSyncEnabled(true);  // play: vsync; scripts and bench run unthrottled
    m_view.camera().setViewport({m_opts.width, m_opts.height});
    if (!m_ui.init(*m_window))
        std::cerr << "isostar: warning: Dear ImGui could not start on this GL context: no tuning panel\n";
    return true;
}

std::vector<isostar::Diagnostic> App::openWorld()
{
    WorldLoader loader;
    loader.start({m_opts.mapPath, m_opts.configPath, m_opts.profile});
    const std::string title = "Opening " + std::filesystem::path(m_opts.mapPath).filename().string();
    const auto frame = [&](const std::string& step, double stepSec) {
        pumpEvents();
        if (!m_window->isOpen())
            return;  // closed while loading: play ends once the world is in
        m_view.drawLoading(*m_window, title, step, stepSec);
        m_window->display();
    };
    // A frame about every 15 ms (5 in benchmarks, which measure when the world is in): the
    // loading thread keeps the CPU, and without vsync (a virtual display) the loop does not spin.
    while (!loader.ready()) {
        const WorldLoader::Progress p = loader.progress();
        frame(p.step, p.stepSec);
        std::this_thread::sleep_for(std::chrono::milliseconds(scripted() ? 5 : 15));
    }
    frame("drawing the map", 0.0);
    const SessionChange opened = m_session.open(loader.take(), parts().gate());
    parts().follow(opened);
    return opened.problems;
}

int App::run()
{
    const auto start = std::chrono::steady_clock::now();
    // A script runs the same on any machine: its path work per tick is counted in expansions
    // (about what the play budget of 1.5 ms does here); benchmarks measure the time budget.
    if (!m_opts.scriptPath.empty() && m_opts.benchFrames == 0 && m_opts.benchUnits == 0) {
        PartyParams params = m_session.party().params();
        params.pathBudgetExpansions = ScriptPathExpansionsPerTick;
        m_session.setPartyParams(params);
    }
    std::vector<ScriptCommand> script;
    if (!m_opts.scriptPath.empty()) {
        auto parsed = loadScript(m_opts.scriptPath, &isKeyName);
        if (!parsed) {
            std::cerr << isostar::formatDiagnostics(parsed.diagnostics());
            return ExitBadInput;
        }
        script = std::move(parsed).value();
    }
    startSettings();
    if (!openWindow())
        return ExitFailure;
    m_view.loadFont();
    m_view.minimap().setVisible(m_opts.showMinimap);
    applyViewSettings();
    openAudio();
    m_input.setScripted(scripted());

    std::vector<isostar::Diagnostic> problems = openWorld();
    if (!problems.empty() && !m_opts.mapGiven && m_opts.mapPath != defaultMapPath()) {
        // The last map played (the settings file) does not open: say why, play the valley.
        const std::string note = "the last map played, " + m_opts.mapPath + ", does not open: playing " + defaultMapPath();
        std::cerr << isostar::formatDiagnostics(problems) << "isostar: note: " << note << '\n';
        m_messages.say(note, true);
        m_opts.mapPath = defaultMapPath();
        problems = openWorld();
    }
    if (!problems.empty()) {
        std::cerr << isostar::formatDiagnostics(problems);
        return ExitBadInput;
    }
    const int rc = runMode(start, script);
    keepSettings(/*atExit=*/true);
    return rc;
}

int App::runMode(std::chrono::steady_clock::time_point start, const std::vector<ScriptCommand>& script)
{
    if (m_opts.fog)
        parts().follow(m_session.setFog(true));
    m_messages.say("Welcome to IsoStar: select the party (" + keysFor({cmd::SelectAll{}}) +
                   ", a box or a click) and click the ground to move");

    if (m_opts.benchLoad)
        return runLoadBench(*this, parts(), start);
    if (m_opts.benchUnits > 0) {
        // A script given as well runs on the crowd once the bench is done (its screenshots).
        const int rc = UnitBench(m_opts, *this, parts()).run();
        if (rc != ExitOk || m_opts.scriptPath.empty())
            return rc;
        return ScriptRunner(m_opts.scriptPath, *this, parts(), m_commands).run(script);
    }
    if (m_opts.benchFrames > 0)
        return FrameBench(m_opts, *this, parts(), m_commands).run();
    if (!m_opts.scriptPath.empty())
        return ScriptRunner(m_opts.scriptPath, *this, parts(), m_commands).run(script);
    return runPlay();
}

void App::pumpEvents()
{
    sf::Event e;
    while (m_window->pollEvent(e)) {
        if (e.type == sf::Event::Resized) {
            m_window->setView(sf::View(sf::FloatRect(0.f, 0.f, float(e.size.width), float(e.size.height))));
            m_view.camera().setViewport({e.size.width, e.size.height});
            continue;
        }
        if (scripted())
            continue;  // scripts own the mouse and keyboard
        if (e.type == sf::Event::Closed) {
            m_window->close();
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
        m_session.pollFiles();
        const double dt = std::min(clock.restart().asSeconds(), 0.25f);
        m_hud.frameTime(dt);
        // Keys typed into an ImGui field (Ctrl+click on a slider) do not pan the camera.
        m_input.realtimeCamera(dt, m_window->getSize(), m_window->hasFocus() && !m_ui.wantsKeyboard());
        // Fixed-step simulation: the same steps as scripts and tests.
        accumulator += dt;
        while (accumulator >= FixedStepSec) {
            tick(FixedStepSec);
            accumulator -= FixedStepSec;
        }
        present();
    }
    return ExitOk;
}

// ------------------------------------------------------------------------------------------------
// The frame

void App::tick(double dtSec)
{
    parts().follow(m_session.tick(dtSec, parts().gate()));
    m_view.followParty(m_session.party());
    m_view.update(dtSec);
    m_audio.update(dtSec, m_session.world(), m_session.party(), m_view);
    m_messages.tick(dtSec);
    m_debug.update(dtSec, parts().debugFrame());
    parts().refreshHover();
    keepSettings(/*atExit=*/false);
}

void App::drawFrame(sf::RenderTarget& target)
{
    HudState hud = m_hud.state(m_session, m_input, scripted());
    const debug::DebugFrame frame = parts().debugFrame();
    for (std::string& s : m_debug.statusLines(frame))
        hud.statusLines.push_back(std::move(s));
    for (std::string& s : m_debug.tileLines(frame))
        hud.tileLines.push_back(std::move(s));
    hud.drawGroundExtra = [this, frame](sf::RenderTarget& t) { m_debug.drawGround(t, frame); };
    hud.drawScreenExtra = [this, frame](sf::RenderTarget& t, const HudLayout& layout) {
        m_debug.drawScreen(t, m_view.camera(), frame, layout.belowStatusPx, layout.bottomMarginPx);
    };
    m_view.draw(target, m_session.world(), m_session.party(), hud);
    drawUi(target);
    if (m_session.reloading()) {
        // The last good world stays in play and on screen while the new one loads.
        m_hud.reloadFrame();
        const WorldLoader::Progress p = m_session.reloadProgress();
        m_view.drawReloading(target,
                             "Reloading " + std::filesystem::path(m_session.world().options.mapPath).filename().string(),
                             p.step, p.stepSec);
    }
}

void App::present()
{
    drawFrame(*m_window);
    m_window->display();
}

} // namespace game
