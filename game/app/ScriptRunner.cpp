/// \file ScriptRunner.cpp
/// ScriptRunner: script lines to game commands, the script's own lines, screenshots.
#include "game/app/ScriptRunner.hpp"

#include "game/app/Dump.hpp"
#include "game/common/FixedStep.hpp"
#include "game/input/KeyNames.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <thread>

namespace game {

std::optional<Command> gameCommand(const script::Command& line)
{
    return std::visit(
        [](const auto& c) -> std::optional<Command> {
            using namespace script;
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, SelectAll>) return cmd::SelectAll{};
            else if constexpr (std::is_same_v<T, SelectNone>) return cmd::SelectNone{};
            else if constexpr (std::is_same_v<T, SelectName>) return cmd::SelectName{c.name};
            else if constexpr (std::is_same_v<T, Move>) return cmd::Order{{c.x, c.y}};
            else if constexpr (std::is_same_v<T, Paint>) return cmd::Paint{{c.x, c.y}, c.terrain};
            else if constexpr (std::is_same_v<T, Erase>) return cmd::Erase{{c.x, c.y}};
            else if constexpr (std::is_same_v<T, Erupt>) return cmd::Erupt{{c.x, c.y}, c.on};
            else if constexpr (std::is_same_v<T, Undo>) return cmd::Undo{};
            else if constexpr (std::is_same_v<T, Redo>) return cmd::Redo{};
            else if constexpr (std::is_same_v<T, Save>) return cmd::SaveAs{c.file};
            else if constexpr (std::is_same_v<T, Overlay>) return cmd::ShowOverlay{c.name};
            else if constexpr (std::is_same_v<T, Step>) return cmd::Step{c.expansions};
            else if constexpr (std::is_same_v<T, Race>) return cmd::Race{{c.x, c.y}};
            else if constexpr (std::is_same_v<T, script::Follow>) return cmd::Follow{c.on};
            else if constexpr (std::is_same_v<T, script::Minimap>) return cmd::ShowMinimap{c.on};
            else if constexpr (std::is_same_v<T, Fog>) return cmd::SetFog{c.on};
            else return std::nullopt;
        },
        line);
}

script::Command toGridCells(script::Command line, const isostar::map::CellFrame& frame)
{
    std::visit(
        [&](auto& c) {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, script::Move> || std::is_same_v<T, script::Paint> ||
                          std::is_same_v<T, script::Erase> || std::is_same_v<T, script::Erupt> ||
                          std::is_same_v<T, script::Race>) {
                const isostar::TileCoord g = frame.toGrid({c.x, c.y});
                c.x = g.x;
                c.y = g.y;
            }
        },
        line);
    return line;
}

ScriptRunner::ScriptRunner(std::string scriptPath, Loop& loop, GameParts parts, Commands& commands)
    : m_path(std::move(scriptPath)), m_loop(loop), m_parts(parts), m_commands(commands)
{
}

int ScriptRunner::run(const std::vector<ScriptCommand>& script)
{
    for (const ScriptCommand& c : script) {
        m_loop.pumpEvents();
        if (std::holds_alternative<script::Quit>(c.command))
            return ExitOk;
        if (const std::string error = runLine(c.command); !error.empty()) {
            std::cerr << m_path << ":" << c.line << ": error: " << error << '\n';
            return ExitBadInput;
        }
        awaitReload();
        m_loop.tick(0.0);
        m_loop.present();
    }
    // A script that ends without `quit` ends the run all the same (never hang a test).
    return ExitOk;
}

void ScriptRunner::awaitReload()
{
    // At least one frame with the reload's band, however fast the load: what play shows.
    while (m_parts.session.reloading()) {
        m_loop.pumpEvents();
        m_loop.present();
        const SessionChange finished = m_parts.session.finishReload(false, m_parts.gate());
        m_parts.follow(finished);
        if (finished.reloadEnded)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

namespace {

/// What a script line needs before its command runs (`step` a stepped search, `race` a
/// selection and a cell on the map). The error, "" when fine.
std::string precondition(GameParts& parts, const script::Command& line)
{
    if (std::holds_alternative<script::Step>(line) && !parts.debug.stepper().active())
        return "step: no stepped search (`key G`, select a unit, then `move X Y` or a click)";
    if (const auto* race = std::get_if<script::Race>(&line)) {
        if (parts.session.party().selection().empty())
            return "race: select a unit first";
        const World& world = parts.session.world();
        if (!world.nav.inBounds(world.frame.toGrid({race->x, race->y})))
            return "race: (" + std::to_string(race->x) + ", " + std::to_string(race->y) + ") is outside the map";
    }
    return {};
}

/// A click of `button` at `px`: the ImGui panel's when it lands on it, else the game's.
void click(Loop& loop, GameParts& parts, sf::Mouse::Button button, sf::Vector2i px)
{
    if (loop.uiClick(button, px))
        return;  // on the tuning panel: ImGui's click, not the game's
    Input& input = parts.input;
    input.mouseMoved(px);
    input.mousePressed(button, px);
    input.mouseReleased(button, px);
}

std::string runOwn(Loop& loop, GameParts& parts, const script::Click& c)
{
    click(loop, parts, sf::Mouse::Left, {c.px, c.py});
    return {};
}

std::string runOwn(Loop& loop, GameParts& parts, const script::RClick& c)
{
    click(loop, parts, sf::Mouse::Right, {c.px, c.py});
    return {};
}

std::string runOwn(Loop&, GameParts& parts, const script::Drag& c)
{
    Input& input = parts.input;
    input.mouseMoved({c.px, c.py});
    input.mousePressed(sf::Mouse::Left, {c.px, c.py});
    input.mouseMoved({c.px2, c.py2});
    input.mouseReleased(sf::Mouse::Left, {c.px2, c.py2});
    return {};
}

std::string runOwn(Loop&, GameParts& parts, const script::MouseMove& c)
{
    parts.input.mouseMoved({c.px, c.py});
    return {};
}

std::string runOwn(Loop&, GameParts& parts, const script::Wheel& c)
{
    parts.input.wheel({c.px, c.py}, float(c.delta));
    return {};
}

std::string runOwn(Loop&, GameParts& parts, const script::Key& c)
{
    parts.input.keyPressed(*parseKeyChord(c.chord));
    parts.input.releaseModifiers();  // a scripted chord is pressed and released at once
    return {};
}

std::string runOwn(Loop& loop, GameParts&, const script::Wait& c)
{
    const long steps = std::lround(c.seconds / FixedStepSec);
    for (long s = 0; s < steps; ++s) {
        loop.tick(FixedStepSec);
        if (s % 120 == 119)
            loop.pumpEvents();
    }
    return {};
}

std::string runOwn(Loop& loop, GameParts& parts, const script::Sleep& c)
{
    // Real time, frame by frame: elapsed time ticks the game, watched files are polled.
    using Clock = std::chrono::steady_clock;
    const auto toClock = [](double sec) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(sec));
    };
    const Clock::time_point end = Clock::now() + toClock(c.seconds);
    Clock::time_point last = Clock::now();
    double accumulator = 0.0;
    while (Clock::now() < end && loop.window().isOpen()) {
        loop.pumpEvents();
        parts.session.pollFiles();
        const Clock::time_point now = Clock::now();
        accumulator += std::min(std::chrono::duration<double>(now - last).count(), 0.25);
        last = now;
        while (accumulator >= FixedStepSec) {
            loop.tick(FixedStepSec);
            accumulator -= FixedStepSec;
        }
        loop.present();
        // About 60 frames a second are plenty here.
        std::this_thread::sleep_until(std::min(now + toClock(FixedStepSec), end));
    }
    return {};
}

std::string runOwn(Loop& loop, GameParts&, const script::Screenshot& c)
{
    const sf::Vector2u size = loop.window().getSize();
    sf::RenderTexture rt;
    if (!rt.create(size.x, size.y))
        return "screenshot: cannot create an offscreen target";
    loop.drawFrame(rt);
    rt.display();
    const sf::Image img = rt.getTexture().copyToImage();
    const std::string ext = std::filesystem::path(c.file).extension().string();
    std::string error;
    writeAtomically(c.file, ext.empty() ? ".png" : ext, [&](const std::string& tmp) { return img.saveToFile(tmp); },
                    error);
    return error;
}

std::string runOwn(Loop&, GameParts& parts, const script::Dump& c)
{
    std::string error;
    writeDump(c.file, parts, error);
    return error;
}

std::string runOwn(Loop&, GameParts& parts, const script::PanelSet& c)
{
    if (const std::optional<std::string> refused = parts.tuning.set(c.key, c.value))
        return "panel set: " + *refused;
    return {};
}

std::string runOwn(Loop&, GameParts& parts, const script::PanelSave& c)
{
    if (const std::optional<std::string> refused = parts.tuning.save(c.file))
        return "panel save: " + *refused;
    parts.say("saved the tuned config to " + c.file);
    return {};
}

/// Lines gameCommand() takes (never reached here) and quit (run() stops before it).
template <typename T>
std::string runOwn(Loop&, GameParts&, const T&)
{
    return {};
}

} // namespace

std::string ScriptRunner::runLine(const script::Command& line)
{
    if (std::string error = precondition(m_parts, line); !error.empty())
        return error;
    if (const std::optional<Command> c = gameCommand(toGridCells(line, m_parts.session.world().frame)))
        return m_commands.run(*c);
    return std::visit([this](const auto& c) { return runOwn(m_loop, m_parts, c); }, line);
}

} // namespace game
