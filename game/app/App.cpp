#include "game/app/App.hpp"

#include "engine/anim/Direction.hpp"
#include "engine/iso/Projection.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace game {

namespace {

const char* const FontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const char* const MonoFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
const std::vector<std::string> DefaultParty = {"knight", "ranger", "mage", "dwarf"};
constexpr double FixedStepSec = 1.0 / 60.0;
constexpr int DragThresholdPx = 6;
constexpr float EdgeScrollPx = 10.f;
constexpr float PanSpeedPxPerSec = 700.f;

const sf::Color UnitColors[] = {{90, 170, 255}, {110, 220, 120}, {200, 120, 255}, {255, 180, 70}};

sf::Color unitColor(std::size_t i)
{
    return UnitColors[i % (sizeof(UnitColors) / sizeof(UnitColors[0]))];
}

std::string fmt(double v, int decimals = 2)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << v;
    return s.str();
}

std::string tileStr(eng::TileCoord c)
{
    return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
}

/// Folder of the project's assets: $ISOSTAR_ASSETS, ./assets, or the source tree's.
std::filesystem::path assetsDir()
{
    if (const char* env = std::getenv("ISOSTAR_ASSETS"))
        return env;
    if (std::filesystem::is_directory("assets"))
        return "assets";
    return std::filesystem::path(ISOSTAR_SOURCE_DIR) / "assets";
}

/// Writes through a temporary file in the same folder and renames it into place.
template <typename WriteFn>
bool writeAtomically(const std::string& file, const std::string& tmpSuffix, WriteFn write, std::string& error)
{
    namespace fs = std::filesystem;
    const fs::path target(file);
    std::error_code ec;
    if (target.has_parent_path())
        fs::create_directories(target.parent_path(), ec);
    const fs::path tmp = target.parent_path() / ("." + target.stem().string() + ".tmp" + tmpSuffix);
    if (!write(tmp.string())) {
        fs::remove(tmp, ec);
        error = "cannot write " + file;
        return false;
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        error = "cannot write " + file + ": " + ec.message();
        return false;
    }
    return true;
}

sf::Vector2f toV(eng::iso::WorldPos p)
{
    return {float(p.x), float(p.y)};
}

/// Two triangles filling the diamond of `c`, shrunk around its centre by `scale`.
void addDiamond(sf::VertexArray& va, const eng::iso::Projection& proj, eng::TileCoord c, sf::Color color, float scale = 1.f)
{
    const auto corners = proj.cellCorners(c);
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    sf::Vector2f p[4];
    for (int i = 0; i < 4; ++i)
        p[i] = ctr + (toV(corners[std::size_t(i)]) - ctr) * scale;
    const int idx[6] = {0, 1, 2, 0, 2, 3};
    for (int i : idx)
        va.append(sf::Vertex(p[i], color));
}

/// A diamond outline as a ring of triangles between `outer` and `inner` scales.
void addDiamondRing(sf::VertexArray& va, const eng::iso::Projection& proj, eng::TileCoord c, sf::Color color,
                    float outer = 1.f, float inner = 0.86f)
{
    const auto corners = proj.cellCorners(c);
    const sf::Vector2f ctr = toV(proj.cellCenter(c));
    sf::Vector2f o[4], in[4];
    for (int i = 0; i < 4; ++i) {
        o[i] = ctr + (toV(corners[std::size_t(i)]) - ctr) * outer;
        in[i] = ctr + (toV(corners[std::size_t(i)]) - ctr) * inner;
    }
    for (int i = 0; i < 4; ++i) {
        const int j = (i + 1) % 4;
        va.append(sf::Vertex(o[i], color));
        va.append(sf::Vertex(o[j], color));
        va.append(sf::Vertex(in[j], color));
        va.append(sf::Vertex(o[i], color));
        va.append(sf::Vertex(in[j], color));
        va.append(sf::Vertex(in[i], color));
    }
}

/// An ellipse ring (selection circle) around `ctr` with radii rx, ry.
void addEllipseRing(sf::VertexArray& va, sf::Vector2f ctr, float rx, float ry, float thickness, sf::Color color)
{
    constexpr int Segments = 28;
    for (int i = 0; i < Segments; ++i) {
        const float a0 = float(i) / Segments * 6.2831853f, a1 = float(i + 1) / Segments * 6.2831853f;
        const sf::Vector2f d0(std::cos(a0), std::sin(a0)), d1(std::cos(a1), std::sin(a1));
        const sf::Vector2f o0(ctr.x + d0.x * rx, ctr.y + d0.y * ry), o1(ctr.x + d1.x * rx, ctr.y + d1.y * ry);
        const sf::Vector2f i0(ctr.x + d0.x * (rx - thickness), ctr.y + d0.y * (ry - thickness * 0.5f));
        const sf::Vector2f i1(ctr.x + d1.x * (rx - thickness), ctr.y + d1.y * (ry - thickness * 0.5f));
        va.append(sf::Vertex(o0, color));
        va.append(sf::Vertex(o1, color));
        va.append(sf::Vertex(i1, color));
        va.append(sf::Vertex(o0, color));
        va.append(sf::Vertex(i1, color));
        va.append(sf::Vertex(i0, color));
    }
}

/// Heat colour for the trace: cheap (near the start) blue -> expensive orange.
sf::Color heat(double t, sf::Uint8 alpha)
{
    t = std::clamp(t, 0.0, 1.0);
    const auto lerp = [&](double a, double b) { return sf::Uint8(a + (b - a) * t); };
    return {lerp(60, 255), lerp(110, 140), lerp(255, 40), alpha};
}

} // namespace

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
        if (problems.size() > 1)
            say("(" + std::to_string(problems.size() - 1) + " more problems on stderr)", true);
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
    if (!script.empty() || !m_opts.scriptPath.empty()) {
        int code = ExitOk;
        for (const ScriptCommand& c : script) {
            pumpEvents();
            std::string error;
            switch (c.type) {
            case CommandType::SelectAll: m_squad.selectAll(); break;
            case CommandType::SelectNone: m_squad.selectNone(); break;
            case CommandType::SelectName: {
                const int i = m_squad.find(c.text);
                if (i < 0)
                    error = "select: no unit called \"" + c.text + "\"";
                else
                    m_squad.selectOnly(i);
                break;
            }
            case CommandType::Move: orderTo({c.a, c.b}); break;
            case CommandType::Click:
                mouseMoved({c.a, c.b});
                mousePressed(sf::Mouse::Left, {c.a, c.b});
                mouseReleased(sf::Mouse::Left, {c.a, c.b});
                break;
            case CommandType::RClick:
                mouseMoved({c.a, c.b});
                mousePressed(sf::Mouse::Right, {c.a, c.b});
                mouseReleased(sf::Mouse::Right, {c.a, c.b});
                break;
            case CommandType::Drag:
                mouseMoved({c.a, c.b});
                mousePressed(sf::Mouse::Left, {c.a, c.b});
                mouseMoved({c.c, c.d});
                mouseReleased(sf::Mouse::Left, {c.c, c.d});
                break;
            case CommandType::MouseMove: mouseMoved({c.a, c.b}); break;
            case CommandType::Wheel: wheel({c.a, c.b}, float(c.c)); break;
            case CommandType::Key:
                keyPressed(*parseKeyChord(c.text));
                m_ctrl = m_shift = false;  // a scripted chord is pressed and released at once
                break;
            case CommandType::Wait: {
                const long steps = std::lround(c.seconds / FixedStepSec);
                for (long s = 0; s < steps; ++s) {
                    tick(FixedStepSec);
                    if (s % 120 == 119)
                        pumpEvents();
                }
                break;
            }
            case CommandType::Screenshot: screenshot(c.text, error); break;
            case CommandType::Dump: dump(c.text, error); break;
            case CommandType::Quit: return ExitOk;
            }
            if (!error.empty()) {
                std::cerr << m_opts.scriptPath << ":" << c.line << ": error: " << error << '\n';
                code = ExitBadInput;
                break;
            }
            tick(0.0);
            drawFrame(*m_window);
            m_window->display();
        }
        // A script that ends without `quit` ends the run all the same (never hang a test).
        return code;
    }
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

int App::runBench()
{
    m_window->setFramerateLimit(0);
    m_squad.selectAll();
    const int w = m_world.field.width, h = m_world.field.height;
    // Walk back and forth between two far corners of the map so the party keeps moving and the
    // camera sees units, animation and the path overlay the whole time.
    const eng::TileCoord targets[2] = {{w * 3 / 4, h * 3 / 4}, {w / 4, h / 4}};
    int next = 0;
    std::vector<double> frameMs;
    frameMs.reserve(std::size_t(m_opts.benchFrames));
    for (int f = 0; f < m_opts.benchFrames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        pumpEvents();
        if (!m_squad.anyMoving()) {
            orderTo(targets[next]);
            next ^= 1;
        }
        tick(FixedStepSec);
        // Follow the leader, as a player would.
        if (!m_squad.units().empty())
            m_camera.centerOn(unitFeetWorld(m_squad.units().front()));
        drawFrame(*m_window);
        m_window->display();
        const auto t1 = std::chrono::steady_clock::now();
        frameMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::vector<double> sorted = frameMs;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0.0;
    for (double v : frameMs)
        sum += v;
    const double mean = sum / double(frameMs.size());
    const double p99 = sorted[std::min(sorted.size() - 1, std::size_t(std::ceil(0.99 * double(sorted.size()))) - 1)];
    const sf::Vector2u size = m_window->getSize();
    std::cout << "bench: " << frameMs.size() << " frames of " << m_opts.mapPath << " at " << size.x << "x" << size.y
              << ", party of " << m_squad.units().size() << " walking\n";
    std::cout << "frame_ms_mean: " << fmt(mean, 3) << "\n";
    std::cout << "frame_ms_p99: " << fmt(p99, 3) << "\n";
    std::cout << "fps_mean: " << fmt(1000.0 / mean, 1) << "\n";
    return ExitOk;
}

// ------------------------------------------------------------------------------------------------
// Input

void App::handleEvent(const sf::Event& e)
{
    switch (e.type) {
    case sf::Event::Closed: m_window->close(); break;
    case sf::Event::Resized:
        m_window->setView(sf::View(sf::FloatRect(0.f, 0.f, float(e.size.width), float(e.size.height))));
        m_camera.setViewport({e.size.width, e.size.height});
        break;
    case sf::Event::MouseMoved: mouseMoved({e.mouseMove.x, e.mouseMove.y}); break;
    case sf::Event::MouseEntered: m_mouseInside = true; break;
    case sf::Event::MouseLeft: m_mouseInside = false; break;
    case sf::Event::MouseButtonPressed:
        mousePressed(e.mouseButton.button, {e.mouseButton.x, e.mouseButton.y});
        break;
    case sf::Event::MouseButtonReleased:
        mouseReleased(e.mouseButton.button, {e.mouseButton.x, e.mouseButton.y});
        break;
    case sf::Event::MouseWheelScrolled:
        if (e.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
            wheel({e.mouseWheelScroll.x, e.mouseWheelScroll.y}, e.mouseWheelScroll.delta);
        break;
    case sf::Event::KeyPressed: {
        KeyChord k;
        k.key = e.key.code;
        k.ctrl = e.key.control;
        k.shift = e.key.shift;
        k.alt = e.key.alt;
        keyPressed(k);
        break;
    }
    case sf::Event::KeyReleased:
        m_ctrl = e.key.control;
        m_shift = e.key.shift;
        break;
    default: break;
    }
}

void App::mouseMoved(sf::Vector2i px)
{
    const sf::Vector2i before = m_mouse;
    m_mouse = px;
    m_mouseInside = true;
    if ((m_middleDown || m_rightDown) && before.x >= 0) {
        if (m_rightDown && !m_rightPanning &&
            std::abs(px.x - m_rightPress.x) + std::abs(px.y - m_rightPress.y) > DragThresholdPx)
            m_rightPanning = true;
        if (m_middleDown || m_rightPanning)
            m_camera.panPixels(sf::Vector2f(float(m_lastDrag.x - px.x), float(m_lastDrag.y - px.y)));
        m_lastDrag = px;
    }
    if (m_leftDown && !m_boxing && std::abs(px.x - m_leftPress.x) + std::abs(px.y - m_leftPress.y) > DragThresholdPx)
        m_boxing = true;
    updateHover();
}

void App::mousePressed(sf::Mouse::Button b, sf::Vector2i px)
{
    m_mouse = px;
    if (b == sf::Mouse::Left) {
        m_leftDown = true;
        m_boxing = false;
        m_leftPress = px;
    } else if (b == sf::Mouse::Right) {
        m_rightDown = true;
        m_rightPanning = false;
        m_rightPress = px;
        m_lastDrag = px;
    } else if (b == sf::Mouse::Middle) {
        m_middleDown = true;
        m_lastDrag = px;
    }
}

void App::mouseReleased(sf::Mouse::Button b, sf::Vector2i px)
{
    m_mouse = px;
    updateHover();
    if (b == sf::Mouse::Left && m_leftDown) {
        m_leftDown = false;
        if (m_boxing) {
            m_boxing = false;
            selectInBox(m_leftPress, px, m_shift);
            return;
        }
        const int unit = unitAtPixel(px);
        if (unit >= 0) {
            toggleSelect(unit, m_shift);
            return;
        }
        if (!m_hover) {
            say("that is outside the map");
            return;
        }
        if (m_squad.selection().empty()) {
            say("select a unit first (click it, drag a box, Ctrl+A or 1-" + std::to_string(m_squad.units().size()) + ")");
            return;
        }
        orderTo(*m_hover);
    } else if (b == sf::Mouse::Right && m_rightDown) {
        m_rightDown = false;
        if (m_rightPanning) {
            m_rightPanning = false;
            return;
        }
        if (!m_hover) {
            say("that is outside the map");
            return;
        }
        if (m_squad.selection().empty()) {
            say("select a unit first");
            return;
        }
        orderTo(*m_hover);
    } else if (b == sf::Mouse::Middle) {
        m_middleDown = false;
    }
}

void App::wheel(sf::Vector2i px, float delta)
{
    m_camera.zoomAt(px, std::pow(0.87f, delta));
    updateHover();
}

void App::keyPressed(const KeyChord& k)
{
    m_ctrl = k.ctrl;
    m_shift = k.shift;
    using K = sf::Keyboard;
    const float step = 120.f;
    if (k.ctrl && k.key == K::A) {
        m_squad.selectAll();
        return;
    }
    if (k.key >= K::Num1 && k.key <= K::Num9) {
        const int i = k.key - K::Num1;
        if (i < int(m_squad.units().size()))
            toggleSelect(i, k.shift);
        return;
    }
    switch (k.key) {
    case K::Escape: m_squad.selectNone(); break;
    case K::T:
        m_showTrace = !m_showTrace;
        m_traceAgeSec = 0.0;
        say(m_showTrace ? "A* trace on: closed cells coloured by g, open cells green, numbers f (g+h)"
                        : "A* trace off");
        break;
    case K::F5: reload(); break;
    case K::H:
    case K::F1: m_showHelp = !m_showHelp; break;
    case K::Space:
    case K::Home: {
        std::vector<int> sel = m_squad.selection();
        if (sel.empty())
            for (std::size_t i = 0; i < m_squad.units().size(); ++i)
                sel.push_back(int(i));
        if (sel.empty())
            break;
        sf::Vector2f sum{0.f, 0.f};
        for (int i : sel)
            sum += unitFeetWorld(m_squad.units()[std::size_t(i)]);
        m_camera.centerOn(sum / float(sel.size()));
        break;
    }
    case K::Add:
    case K::Equal: m_camera.zoomAt({int(m_camera.viewportSize().x / 2), int(m_camera.viewportSize().y / 2)}, 0.8f); break;
    case K::Subtract:
    case K::Hyphen: m_camera.zoomAt({int(m_camera.viewportSize().x / 2), int(m_camera.viewportSize().y / 2)}, 1.25f); break;
    // Pan keys: held keys pan smoothly in play (realtimeCamera); a scripted press pans one step.
    case K::W:
    case K::Up:
        if (m_scripted)
            m_camera.panPixels({0.f, -step});
        break;
    case K::S:
    case K::Down:
        if (m_scripted)
            m_camera.panPixels({0.f, step});
        break;
    case K::A:
    case K::Left:
        if (m_scripted)
            m_camera.panPixels({-step, 0.f});
        break;
    case K::D:
    case K::Right:
        if (m_scripted)
            m_camera.panPixels({step, 0.f});
        break;
    default: break;
    }
    updateHover();
}

void App::realtimeCamera(double dtSec)
{
    if (m_scripted || !m_window->hasFocus())
        return;
    using K = sf::Keyboard;
    sf::Vector2f dir{0.f, 0.f};
    const bool ctrl = K::isKeyPressed(K::LControl) || K::isKeyPressed(K::RControl);
    if (!ctrl) {
        if (K::isKeyPressed(K::W) || K::isKeyPressed(K::Up))
            dir.y -= 1.f;
        if (K::isKeyPressed(K::S) || K::isKeyPressed(K::Down))
            dir.y += 1.f;
        if (K::isKeyPressed(K::A) || K::isKeyPressed(K::Left))
            dir.x -= 1.f;
        if (K::isKeyPressed(K::D) || K::isKeyPressed(K::Right))
            dir.x += 1.f;
    }
    // Screen-edge scrolling, only while the pointer is inside the window and no drag is going on.
    const sf::Vector2u size = m_window->getSize();
    if (m_mouseInside && !m_leftDown && !m_rightDown && !m_middleDown && m_mouse.x >= 0) {
        if (m_mouse.x < EdgeScrollPx)
            dir.x -= 1.f;
        if (m_mouse.x > float(size.x) - EdgeScrollPx)
            dir.x += 1.f;
        if (m_mouse.y < EdgeScrollPx)
            dir.y -= 1.f;
        if (m_mouse.y > float(size.y) - EdgeScrollPx)
            dir.y += 1.f;
    }
    if (dir.x != 0.f || dir.y != 0.f) {
        m_camera.panPixels(dir * float(PanSpeedPxPerSec * dtSec));
        updateHover();
    }
}

void App::orderTo(eng::TileCoord tile)
{
    if (!m_world.field.inBounds(tile)) {
        say("that is outside the map");
        return;
    }
    if (m_squad.selection().empty()) {
        say("select a unit first");
        return;
    }
    const OrderReport rep = m_squad.orderSelected(tile, &m_trace);
    if (!rep.accepted) {
        say("no unit can move there: they are all boxed in", true);
        return;
    }
    m_lastOrder = rep;
    m_hasOrder = true;
    m_traceAgeSec = 0.0;
    m_previewFor.reset();
    if (rep.anchorMoved && rep.anchor) {
        const bool wall = !m_world.field.passable(tile);
        say(std::string(wall ? "that tile is impassable" : "that tile cannot be reached") +
                ": walking to the closest reachable tile " + tileStr(*rep.anchor),
            false);
    }
}

sf::Vector2f App::unitFeetWorld(const Unit& u) const
{
    if (!m_renderer)
        return {0.f, 0.f};
    return toV(m_renderer->projection().tileToWorld(u.pos));
}

sf::Vector2f App::unitScreen(const Unit& u) const
{
    return m_camera.worldToPixel(unitFeetWorld(u));
}

int App::unitAtPixel(sf::Vector2i px) const
{
    const auto& units = m_squad.units();
    // A click right at someone's feet picks that unit, even when a taller sprite in front of it
    // covers the spot; otherwise the front-most sprite under the pointer wins.
    int nearest = -1;
    float nearestPx = 14.f;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const sf::Vector2f s = unitScreen(units[i]);
        const float d = std::hypot(s.x - float(px.x), s.y - float(px.y));
        if (d <= nearestPx) {
            nearestPx = d;
            nearest = int(i);
        }
    }
    if (nearest >= 0)
        return nearest;
    int best = -1;
    double bestDepth = -1e300;
    const sf::Vector2f world = m_camera.pixelToWorld(px);
    for (std::size_t i = 0; i < units.size(); ++i) {
        const Unit& u = units[i];
        const sf::Vector2f feet = unitFeetWorld(u);
        sf::FloatRect box(feet.x - 16.f, feet.y - 48.f, 32.f, 52.f);
        if (u.sheet >= 0) {
            const auto& s = m_characters[std::size_t(u.sheet)]->sheet;
            // The visible body is narrower than the frame: use its middle 60%.
            const float w = float(s.frameWidth) * 0.6f;
            box = sf::FloatRect(feet.x - w * 0.5f, feet.y - float(s.originY) * 0.9f, w, float(s.originY) * 0.9f + 6.f);
        }
        if (!box.contains(world))
            continue;
        const double depth = u.pos.x + u.pos.y;
        if (depth > bestDepth) {
            bestDepth = depth;
            best = int(i);
        }
    }
    return best;
}

void App::selectInBox(sf::Vector2i a, sf::Vector2i b, bool add)
{
    const sf::FloatRect box(float(std::min(a.x, b.x)), float(std::min(a.y, b.y)), float(std::abs(a.x - b.x)),
                            float(std::abs(a.y - b.y)));
    if (!add)
        m_squad.selectNone();
    int count = 0;
    for (Unit& u : m_squad.units()) {
        const sf::Vector2f s = unitScreen(u);
        // A unit counts when its feet or its body centre lies in the box.
        if (box.contains(s) || box.contains(s.x, s.y - 24.f / m_camera.zoom())) {
            u.selected = true;
            ++count;
        }
    }
    if (count == 0 && !add)
        say("no unit in the box");
}

void App::toggleSelect(int index, bool add)
{
    if (add)
        m_squad.units()[std::size_t(index)].selected = !m_squad.units()[std::size_t(index)].selected;
    else
        m_squad.selectOnly(index);
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

// ------------------------------------------------------------------------------------------------
// Drawing

std::vector<eng::render::SpriteItem> App::unitSprites() const
{
    std::vector<eng::render::SpriteItem> items;
    for (const Unit& u : m_squad.units()) {
        if (u.sheet < 0)
            continue;
        const CharacterArt& art = *m_characters[std::size_t(u.sheet)];
        const eng::anim::AnimationClip* clip = art.sheet.find(u.anim.clip, u.facing);
        if (!clip || clip->frames.empty())
            clip = art.sheet.find("idle", u.facing);
        if (!clip || clip->frames.empty())
            continue;
        const eng::anim::FrameRect r = clip->frames[std::size_t(clip->frameIndexAt(u.anim.timeSec))].rect;
        eng::render::SpriteItem item;
        item.texture = &art.texture;
        item.rect = sf::IntRect(r.x, r.y, r.w, r.h);
        item.feet = unitFeetWorld(u);
        item.origin = sf::Vector2f(float(art.sheet.originX), float(art.sheet.originY));
        item.tile = u.pos;
        items.push_back(item);
    }
    return items;
}

void App::drawFrame(sf::RenderTarget& target)
{
    const sf::Vector2u size = target.getSize();
    m_camera.setViewport(size);
    sf::Color bg(24, 28, 36);
    if (m_world.map.backgroundColor) {
        const auto& c = *m_world.map.backgroundColor;
        bg = sf::Color(c.r, c.g, c.b);
    }
    target.clear(bg);
    target.setView(m_camera.view());
    if (m_renderer)
        m_renderer->draw(target, unitSprites(), [this](sf::RenderTarget& t) { drawGroundOverlay(t); });

    // Units without art (missing sprite sheet): a plain marker so they are still playable.
    sf::VertexArray marks(sf::Triangles);
    for (std::size_t i = 0; i < m_squad.units().size(); ++i) {
        const Unit& u = m_squad.units()[i];
        if (u.sheet >= 0)
            continue;
        const sf::Vector2f f = unitFeetWorld(u);
        addEllipseRing(marks, f - sf::Vector2f(0.f, 20.f), 10.f, 20.f, 10.f, unitColor(i));
    }
    if (marks.getVertexCount() > 0)
        target.draw(marks);

    target.setView(sf::View(sf::FloatRect(0.f, 0.f, float(size.x), float(size.y))));
    drawTraceNumbers(target);
    if (m_leftDown && m_boxing) {
        sf::RectangleShape box(sf::Vector2f(float(std::abs(m_mouse.x - m_leftPress.x)), float(std::abs(m_mouse.y - m_leftPress.y))));
        box.setPosition(float(std::min(m_mouse.x, m_leftPress.x)), float(std::min(m_mouse.y, m_leftPress.y)));
        box.setFillColor(sf::Color(120, 200, 255, 40));
        box.setOutlineColor(sf::Color(160, 220, 255, 220));
        box.setOutlineThickness(1.f);
        target.draw(box);
    }
    // The previewed path's cost right at the pointer, where the eye already is.
    if (m_hasFont && m_hover && m_preview.path.size() > 1 && !m_leftDown) {
        const std::string label = m_preview.status == eng::path::PathStatus::Found
                                      ? "cost " + fmt(m_preview.cost) + "  \xC2\xB7  " + std::to_string(m_preview.path.size() - 1) + " steps"
                                      : "unreachable: closest cost " + fmt(m_preview.cost);
        sf::Text t(sf::String::fromUtf8(label.begin(), label.end()), m_font, 13);
        const sf::FloatRect b = t.getLocalBounds();
        const float x = std::min(float(m_mouse.x) + 18.f, float(size.x) - b.width - 14.f);
        const float y = std::max(float(m_mouse.y) - 30.f, 4.f);
        sf::RectangleShape bgShape(sf::Vector2f(b.width + 12.f, 20.f));
        bgShape.setPosition(std::round(x), std::round(y));
        bgShape.setFillColor(sf::Color(12, 14, 20, 200));
        target.draw(bgShape);
        t.setFillColor(m_preview.status == eng::path::PathStatus::Found ? sf::Color(255, 255, 255) : sf::Color(255, 170, 120));
        t.setPosition(std::round(x + 6.f), std::round(y + 2.f));
        target.draw(t);
    }
    drawHud(target);
}

void App::drawGroundOverlay(sf::RenderTarget& target)
{
    if (!m_renderer)
        return;
    const eng::iso::Projection& proj = m_renderer->projection();
    const eng::path::CostField& field = m_world.field;
    sf::VertexArray va(sf::Triangles);

    // The A* trace, replayed step by step after each order ("why did the path bend").
    if (m_showTrace && m_trace.stepCount() > 0 && m_trace.width == field.width && m_trace.height == field.height) {
        const int steps = m_trace.stepCount();
        const double rate = std::max(40.0, steps / 2.5);  // whole replay in about 2.5 s
        const int k = std::min(steps - 1, int(m_traceAgeSec * rate));
        const eng::path::TraceSnapshot snap = m_trace.snapshot(k);
        double maxG = 1e-9;
        for (std::size_t i = 0; i < snap.state.size(); ++i)
            if (snap.state[i] != eng::path::TraceCellState::Unvisited)
                maxG = std::max(maxG, snap.g[i]);
        for (int y = 0; y < snap.height; ++y)
            for (int x = 0; x < snap.width; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(snap.width) + std::size_t(x);
                if (snap.state[i] == eng::path::TraceCellState::Closed)
                    addDiamond(va, proj, {x, y}, heat(snap.g[i] / maxG, 150), 0.96f);
                else if (snap.state[i] == eng::path::TraceCellState::Open)
                    addDiamondRing(va, proj, {x, y}, sf::Color(90, 255, 120, 230), 0.92f, 0.8f);
            }
        if (k < steps - 1)
            addDiamondRing(va, proj, m_trace.expanded[std::size_t(k)].cell, sf::Color::White, 1.f, 0.75f);
    }

    // Paths still to walk, one colour per unit, and where each ends.
    for (std::size_t i = 0; i < m_squad.units().size(); ++i) {
        const Unit& u = m_squad.units()[i];
        if (!u.moving())
            continue;
        sf::Color c = unitColor(i);
        c.a = 200;
        for (eng::TileCoord p : u.path)
            addDiamond(va, proj, p, c, 0.22f);
        addDiamondRing(va, proj, u.goal, c, 0.8f, 0.62f);
    }

    // Hover: the tile, and with a selection the previewed path.
    if (m_hover) {
        const bool passable = field.passable(*m_hover);
        if (!m_preview.path.empty()) {
            for (std::size_t k = 1; k < m_preview.path.size(); ++k)
                addDiamond(va, proj, m_preview.path[k], sf::Color(255, 255, 255, 170), 0.16f);
        }
        addDiamond(va, proj, *m_hover, passable ? sf::Color(255, 255, 255, 55) : sf::Color(255, 60, 60, 70));
        addDiamondRing(va, proj, *m_hover, passable ? sf::Color(255, 255, 255, 230) : sf::Color(255, 80, 80, 230));
    }

    // Selection rings under the feet.
    for (std::size_t i = 0; i < m_squad.units().size(); ++i) {
        const Unit& u = m_squad.units()[i];
        if (!u.selected)
            continue;
        const sf::Vector2f f = unitFeetWorld(u);
        const float rx = float(m_world.map.tileWidth) * 0.32f, ry = float(m_world.map.tileHeight) * 0.32f;
        addEllipseRing(va, f, rx, ry, 3.f, sf::Color(255, 235, 90, 235));
    }
    target.draw(va);
}

void App::drawTraceNumbers(sf::RenderTarget& target)
{
    if (!m_showTrace || !m_hasFont || !m_renderer || m_trace.stepCount() == 0 || m_camera.zoom() > 0.9f)
        return;
    if (m_trace.width != m_world.field.width || m_trace.height != m_world.field.height)
        return;
    const int steps = m_trace.stepCount();
    const double rate = std::max(40.0, steps / 2.5);
    const int k = std::min(steps - 1, int(m_traceAgeSec * rate));
    const eng::path::TraceSnapshot snap = m_trace.snapshot(k);
    const eng::iso::Projection& proj = m_renderer->projection();
    const sf::Vector2f size = m_camera.viewportSize();
    const bool detailed = m_camera.zoom() <= 0.6f;
    sf::Text text;
    text.setFont(m_font);
    text.setCharacterSize(detailed ? 12 : 11);
    text.setOutlineColor(sf::Color(0, 0, 0, 200));
    text.setOutlineThickness(1.f);
    int drawn = 0;
    for (int y = 0; y < snap.height && drawn < 900; ++y)
        for (int x = 0; x < snap.width && drawn < 900; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(snap.width) + std::size_t(x);
            if (snap.state[i] == eng::path::TraceCellState::Unvisited)
                continue;
            const sf::Vector2f p = m_camera.worldToPixel(toV(proj.cellCenter({x, y})));
            if (p.x < -40 || p.y < -20 || p.x > size.x + 40 || p.y > size.y + 20)
                continue;
            std::string s = fmt(snap.f[i], 1);
            if (detailed)
                s = "f " + s + "\ng " + fmt(snap.g[i], 1) + " h " + fmt(snap.h[i], 1);
            text.setString(s);
            text.setFillColor(snap.state[i] == eng::path::TraceCellState::Open ? sf::Color(170, 255, 170) : sf::Color::White);
            const sf::FloatRect b = text.getLocalBounds();
            text.setPosition(std::round(p.x - b.width * 0.5f - b.left), std::round(p.y - b.height * 0.5f - b.top));
            target.draw(text);
            ++drawn;
        }
}

void App::drawHud(sf::RenderTarget& target)
{
    if (!m_hasFont)
        return;
    const sf::Vector2f size(target.getSize());
    auto panel = [&](float x, float y, const std::vector<std::pair<std::string, sf::Color>>& lines, unsigned px,
                     bool alignRight = false) {
        sf::Text t;
        t.setFont(m_font);
        t.setCharacterSize(px);
        float w = 0.f;
        const float lineH = float(px) * 1.35f;
        for (const auto& [s, c] : lines) {
            t.setString(sf::String::fromUtf8(s.begin(), s.end()));
            w = std::max(w, t.getLocalBounds().width);
        }
        const float h = lineH * float(lines.size()) + 10.f;
        if (alignRight)
            x = x - w - 20.f;
        sf::RectangleShape bgShape(sf::Vector2f(w + 20.f, h));
        bgShape.setPosition(x, y);
        bgShape.setFillColor(sf::Color(12, 14, 20, 190));
        bgShape.setOutlineColor(sf::Color(255, 255, 255, 40));
        bgShape.setOutlineThickness(1.f);
        target.draw(bgShape);
        float ly = y + 5.f;
        for (const auto& [s, c] : lines) {
            t.setString(sf::String::fromUtf8(s.begin(), s.end()));
            t.setFillColor(c);
            t.setPosition(std::round(x + 10.f), std::round(ly));
            target.draw(t);
            ly += lineH;
        }
        return h;
    };
    const sf::Color white(235, 235, 235), dim(170, 175, 185), gold(255, 220, 120), red(255, 110, 100), green(150, 240, 150);

    // Top left: map, fps, selection, last path.
    std::vector<std::pair<std::string, sf::Color>> lines;
    lines.push_back({"IsoStar  \xE2\x80\x94  " + std::filesystem::path(m_world.options.mapPath).filename().string() + "  (" +
                         std::to_string(m_world.map.width) + "x" + std::to_string(m_world.map.height) + ")",
                     gold});
    lines.push_back({m_scripted ? "scripted run  |  zoom " + fmt(1.0 / m_camera.zoom(), 2) + "x"
                                : "fps " + fmt(m_fps, 0) + "  |  zoom " + fmt(1.0 / m_camera.zoom(), 2) + "x",
                     dim});
    std::string sel;
    for (int i : m_squad.selection())
        sel += (sel.empty() ? "" : ", ") + m_squad.units()[std::size_t(i)].name;
    lines.push_back({"Selected: " + (sel.empty() ? std::string("none") : sel), white});
    if (m_hasOrder) {
        const OrderReport& o = m_lastOrder;
        lines.push_back({"Last path: " + std::string(eng::path::statusName(o.status)) + ", cost " + fmt(o.cost) + ", " +
                             std::to_string(o.length) + " tiles",
                         white});
        lines.push_back({"  " + std::to_string(o.expanded) + " nodes expanded in " + fmt(o.micros, 0) + " \xC2\xB5s", dim});
    } else {
        lines.push_back({"Last path: none yet", dim});
    }
    if (!m_preview.path.empty())
        lines.push_back({"Preview: cost " + fmt(m_preview.cost) + ", " + std::to_string(m_preview.path.size()) +
                             " tiles (" + std::string(eng::path::statusName(m_preview.status)) + ")",
                         green});
    if (m_showTrace)
        lines.push_back({"A* trace: " + std::to_string(m_trace.stepCount()) + " steps (T hides)", green});
    panel(10.f, 10.f, lines, 15);

    // Top right: the hovered tile and why it costs what it costs.
    if (m_hover) {
        std::vector<std::pair<std::string, sf::Color>> tl;
        tl.push_back({"Tile " + tileStr(*m_hover), gold});
        for (const std::string& s : m_world.explain(*m_hover))
            tl.push_back({s, white});
        panel(size.x - 10.f, 10.f, tl, 14, true);
    }

    // Messages, newest at the bottom, above the help line.
    float y = size.y - (m_showHelp ? 44.f : 14.f);
    for (auto it = m_messages.rbegin(); it != m_messages.rend(); ++it) {
        sf::Text t(sf::String::fromUtf8(it->text.begin(), it->text.end()), m_font, 15);
        sf::Color c = it->error ? red : white;
        c.a = sf::Uint8(255 * std::clamp(it->ttlSec / 1.0, 0.0, 1.0));
        const sf::FloatRect b = t.getLocalBounds();
        y -= 24.f;
        sf::RectangleShape bgShape(sf::Vector2f(b.width + 16.f, 22.f));
        bgShape.setPosition(std::round(size.x * 0.5f - b.width * 0.5f - 8.f), y);
        bgShape.setFillColor(sf::Color(12, 14, 20, sf::Uint8(170 * c.a / 255)));
        target.draw(bgShape);
        t.setFillColor(c);
        t.setPosition(std::round(size.x * 0.5f - b.width * 0.5f), y + 2.f);
        target.draw(t);
    }
    if (m_showHelp) {
        const std::string help = "LMB select / move   drag: box select   RMB move (drag: pan)   1-4, Ctrl+A select   "
                                 "WASD/arrows/edges pan   wheel zoom   T A* trace   F5 reload   H help";
        sf::Text t(help, m_font, 13);
        t.setFillColor(dim);
        const sf::FloatRect b = t.getLocalBounds();
        sf::RectangleShape bgShape(sf::Vector2f(size.x, 26.f));
        bgShape.setPosition(0.f, size.y - 26.f);
        bgShape.setFillColor(sf::Color(12, 14, 20, 200));
        target.draw(bgShape);
        t.setPosition(std::round(size.x * 0.5f - b.width * 0.5f), size.y - 21.f);
        target.draw(t);
    }
}

// ------------------------------------------------------------------------------------------------
// Script output

bool App::screenshot(const std::string& file, std::string& error)
{
    const sf::Vector2u size = m_window->getSize();
    sf::RenderTexture rt;
    if (!rt.create(size.x, size.y)) {
        error = "screenshot: cannot create an offscreen target";
        return false;
    }
    drawFrame(rt);
    rt.display();
    const sf::Image img = rt.getTexture().copyToImage();
    const std::string ext = std::filesystem::path(file).extension().string();
    return writeAtomically(file, ext.empty() ? ".png" : ext, [&](const std::string& tmp) { return img.saveToFile(tmp); },
                           error);
}

bool App::dump(const std::string& file, std::string& error)
{
    using Json = nlohmann::json;
    Json j;
    j["map"] = m_world.options.mapPath;
    j["time"] = m_gameTimeSec;
    Json units = Json::array();
    for (const Unit& u : m_squad.units()) {
        const sf::Vector2f s = unitScreen(u);
        const eng::TileCoord cell{int(std::floor(u.pos.x)), int(std::floor(u.pos.y))};
        Json path = Json::array();
        for (eng::TileCoord c : u.path)
            path.push_back({c.x, c.y});
        units.push_back({{"name", u.name},
                         {"tile", {cell.x, cell.y}},
                         {"pos", {u.pos.x, u.pos.y}},
                         {"screen", {std::lround(s.x), std::lround(s.y)}},
                         {"moving", u.moving()},
                         {"selected", u.selected},
                         {"goal", {u.goal.x, u.goal.y}},
                         {"facing", std::string(eng::anim::directionName(u.facing))},
                         {"animation", u.anim.clip},
                         {"path", path}});
    }
    j["units"] = units;
    j["hover_tile"] = m_hover ? Json{m_hover->x, m_hover->y} : Json(nullptr);
    if (m_hasOrder) {
        Json o = {{"status", std::string(eng::path::statusName(m_lastOrder.status))},
                  {"cost", m_lastOrder.cost},
                  {"length", m_lastOrder.length},
                  {"expanded", m_lastOrder.expanded},
                  {"micros", m_lastOrder.micros},
                  {"clicked", {m_lastOrder.clicked.x, m_lastOrder.clicked.y}},
                  {"anchor_moved", m_lastOrder.anchorMoved}};
        if (m_lastOrder.anchor)
            o["anchor"] = {m_lastOrder.anchor->x, m_lastOrder.anchor->y};
        j["last_path"] = o;
    } else {
        j["last_path"] = nullptr;
    }
    j["camera"] = {{"center", {m_camera.center().x, m_camera.center().y}}, {"zoom", m_camera.zoom()}};
    j["trace_visible"] = m_showTrace;
    Json shown = Json::array();
    for (const Message& m : m_messages)
        shown.push_back(m.text);
    j["messages_on_screen"] = shown;
    j["messages"] = Json(std::vector<std::string>(m_messageLog.begin(), m_messageLog.end()));
    const std::string text = j.dump(2) + "\n";
    return writeAtomically(file, ".json", [&](const std::string& tmp) {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
        return bool(out.flush());
    }, error);
}

} // namespace game
