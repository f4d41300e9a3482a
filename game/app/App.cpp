/// \file App.cpp
/// App: start-up, loading, the play loop and the fixed-step simulation. Input, drawing, the HUD,
/// scripts and bench mode live in Input.cpp, view/Overlays.cpp, ui/Hud.cpp, ScriptRunner.cpp and Bench.cpp.
#include "game/app/App.hpp"

#include "game/app/AppDetail.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace game {

using detail::FixedStepSec;

namespace {

const char* const FontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const char* const MonoFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
const std::vector<std::string> DefaultParty = {"knight", "ranger", "mage", "dwarf"};

/// Folder of the project's assets: $ISOSTAR_ASSETS, ./assets, or the source tree's.
std::filesystem::path assetsDir()
{
    if (const char* env = std::getenv("ISOSTAR_ASSETS"))
        return env;
    if (std::filesystem::is_directory("assets"))
        return "assets";
    return std::filesystem::path(ISOSTAR_SOURCE_DIR) / "assets";
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

App::App(Options options) : m_opts(std::move(options)) {}

App::~App() = default;

// ------------------------------------------------------------------------------------------------
// Loading

bool App::loadAll(const WorldOptions& wo, std::vector<eng::Diagnostic>& problems, bool keepUnits)
{
    auto world = loadWorld(wo);
    if (!world) {
        problems = world.diagnostics();
        return false;
    }
    auto renderer = std::make_unique<eng::render::MapRenderer>();
    if (!renderer->load(world.value().map, problems))
        return false;
    // From here on nothing can fail: swap in the new state.
    const bool sameSize = keepUnits && m_world.field.width == world.value().field.width &&
                          m_world.field.height == world.value().field.height && !m_squad.units().empty();
    m_world = std::move(world).value();
    m_renderer = std::move(renderer);
    for (const eng::Diagnostic& w : m_world.warnings)
        std::cerr << eng::formatDiagnostic(w) << '\n';
    m_squad.isometric = m_world.map.orientation == eng::map::Orientation::Isometric;
    m_squad.tileWidth = m_world.map.tileWidth;
    m_squad.tileHeight = m_world.map.tileHeight;
    if (sameSize) {
        m_squad.setField(m_world.field, m_world.rules);
    } else {
        m_squad.reset(m_world.field, m_world.rules);
        spawnParty();
    }
    m_camera.setBounds(m_renderer->worldBounds());
    m_trace.clear();
    m_hasOrder = false;
    m_previewFor.reset();
    return true;
}

void App::loadCharacters()
{
    m_characters.clear();
    const std::filesystem::path dir = assetsDir();
    for (Unit& u : m_squad.units()) {
        u.sheet = -1;
        // Several units may share a character.
        for (std::size_t i = 0; i < m_characters.size(); ++i)
            if (m_characters[i]->sheet.name == u.name)
                u.sheet = int(i);
        if (u.sheet >= 0)
            continue;
        const std::string path = (dir / "party" / (u.name + ".json")).string();
        if (!std::filesystem::exists(path))
            continue;
        auto sheet = eng::anim::loadSpriteSheet(path);
        if (!sheet) {
            for (const eng::Diagnostic& d : sheet.diagnostics())
                say(eng::formatDiagnostic(d), true);
            continue;
        }
        auto art = std::make_unique<CharacterArt>();
        art->sheet = std::move(sheet).value();
        art->sheet.name = u.name;
        if (!art->texture.loadFromFile(art->sheet.image)) {
            say(art->sheet.image + ": error: cannot load sprite sheet image", true);
            continue;
        }
        art->texture.setSmooth(false);
        m_characters.push_back(std::move(art));
        u.sheet = int(m_characters.size()) - 1;
    }
}

void App::spawnParty()
{
    const eng::path::CostField& field = m_world.field;
    std::vector<std::string> names;
    for (const SpawnPoint& p : m_world.party) {
        if (!field.passable(p.tile) || m_squad.occupied(p.tile)) {
            // A spawn on a wall or on another unit: place it on the closest free cell instead.
            m_squad.spawnAround({p.name}, p.tile, {});
            continue;
        }
        m_squad.spawn(p.name, p.tile, -1);
    }
    if (m_squad.units().empty()) {
        eng::TileCoord near{field.width / 2, field.height / 2};
        if (m_world.start)
            near = *m_world.start;
        m_squad.spawnAround(DefaultParty, near, {});
    }
    loadCharacters();
    // Frame the party.
    if (!m_squad.units().empty()) {
        sf::Vector2f sum{0.f, 0.f};
        for (const Unit& u : m_squad.units())
            sum += unitFeetWorld(u);
        m_camera.centerOn(sum / float(m_squad.units().size()));
    }
}

void App::reload()
{
    std::vector<eng::Diagnostic> problems;
    WorldOptions wo = m_world.options;
    if (!loadAll(wo, problems, true)) {
        for (const eng::Diagnostic& d : problems)
            std::cerr << eng::formatDiagnostic(d) << '\n';
        say("reload failed, keeping the last good map: " +
                (problems.empty() ? std::string("unknown error") : eng::formatDiagnostic(problems.front())),
            true);
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
    say("reloaded " + wo.mapPath + " (config: " + m_world.configUsed + ")");
}

// ------------------------------------------------------------------------------------------------
// Modes

int App::run()
{
    m_scripted = !m_opts.scriptPath.empty() || m_opts.benchFrames > 0;
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
    m_camera.setViewport({m_opts.width, m_opts.height});
    m_hasFont = m_font.loadFromFile(FontPath);
    if (!m_hasFont)
        std::cerr << "isostar: warning: " << FontPath << " not found (install fonts-dejavu-core): no HUD text\n";

    std::vector<eng::Diagnostic> problems;
    if (!loadAll({m_opts.mapPath, m_opts.configPath, m_opts.profile}, problems, false)) {
        std::cerr << eng::formatDiagnostics(problems);
        return ExitBadInput;
    }
    say("Welcome to IsoStar: select the party (Ctrl+A, a box or a click) and click the ground to move");

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
                m_camera.setViewport({e.size.width, e.size.height});
            }
            continue;
        }
        handleEvent(e);
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
        const double dt = std::min(clock.restart().asSeconds(), 0.25f);
        m_fps = m_fps <= 0.0 ? 1.0 / std::max(dt, 1e-4) : m_fps * 0.95 + 0.05 / std::max(dt, 1e-4);
        realtimeCamera(dt);
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
    m_squad.update(dtSec);
    if (m_renderer)
        m_renderer->update(float(dtSec));
    for (const std::string& e : m_squad.events)
        say(e);
    m_squad.events.clear();
    for (Message& m : m_messages)
        m.ttlSec -= dtSec;
    while (!m_messages.empty() && m_messages.front().ttlSec <= 0.0)
        m_messages.pop_front();
    m_traceAgeSec += dtSec;
    updateHover();
}

void App::updateHover()
{
    if (!m_renderer)
        return;
    std::optional<eng::TileCoord> hover;
    if (m_mouse.x >= 0) {
        const sf::Vector2f w = m_camera.pixelToWorld(m_mouse);
        hover = m_renderer->projection().pick({w.x, w.y});
    }
    m_hover = hover;
    // Path preview from the selection's leader, recomputed only when something changed.
    const std::vector<int> sel = m_squad.selection();
    if (!m_hover || sel.empty()) {
        m_previewFor.reset();
        m_preview = {};
        return;
    }
    const Unit& leader = m_squad.units()[std::size_t(sel.front())];
    const eng::TileCoord from = leader.stepping ? leader.stepTo : leader.tile;
    if (m_previewFor == m_hover && m_previewSelection == sel && !m_preview.path.empty() && m_preview.path.front() == from)
        return;
    m_previewFor = m_hover;
    m_previewSelection = sel;
    m_squad.preview(*m_hover, m_preview);
}

void App::say(const std::string& text, bool error)
{
    m_messages.push_back({text, error ? 8.0 : 4.5, error});
    m_messageLog.push_back(text);
    while (m_messageLog.size() > 100)
        m_messageLog.pop_front();
    while (m_messages.size() > 6)
        m_messages.pop_front();
}

} // namespace game
