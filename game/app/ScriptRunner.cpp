/// \file ScriptRunner.cpp
/// App: runs a parsed `--script` command by command (synthetic clicks and keys go through the
/// real input handlers) and writes its outputs: screenshots and JSON state dumps.
#include "game/app/App.hpp"

#include "game/common/FixedStep.hpp"
#include "game/common/Format.hpp"
#include "game/common/SfmlVec.hpp"
#include "game/debug/DebugJson.hpp"

#include "engine/anim/Direction.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace game {


namespace {

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

} // namespace

int App::runScript(const std::vector<ScriptCommand>& script)
{
    int code = ExitOk;
    for (const ScriptCommand& c : script) {
        pumpEvents();
        std::string error;
        switch (c.type) {
        case CommandType::SelectAll: m_party.selection().selectAll(); break;
        case CommandType::SelectNone: m_party.selection().selectNone(); break;
        case CommandType::SelectName: {
            const int i = m_party.find(c.text);
            if (i < 0)
                error = "select: no unit called \"" + c.text + "\"";
            else
                m_party.selection().selectOnly(i);
            break;
        }
        case CommandType::Move: orderTo({c.a, c.b}); break;
        case CommandType::Click:
            if (scriptedUiClick(sf::Mouse::Left, {c.a, c.b}))
                break;  // on the tuning panel: ImGui's click, not the game's
            m_input.mouseMoved({c.a, c.b});
            m_input.mousePressed(sf::Mouse::Left, {c.a, c.b});
            m_input.mouseReleased(sf::Mouse::Left, {c.a, c.b});
            break;
        case CommandType::RClick:
            if (scriptedUiClick(sf::Mouse::Right, {c.a, c.b}))
                break;
            m_input.mouseMoved({c.a, c.b});
            m_input.mousePressed(sf::Mouse::Right, {c.a, c.b});
            m_input.mouseReleased(sf::Mouse::Right, {c.a, c.b});
            break;
        case CommandType::Drag:
            m_input.mouseMoved({c.a, c.b});
            m_input.mousePressed(sf::Mouse::Left, {c.a, c.b});
            m_input.mouseMoved({c.c, c.d});
            m_input.mouseReleased(sf::Mouse::Left, {c.c, c.d});
            break;
        case CommandType::MouseMove: m_input.mouseMoved({c.a, c.b}); break;
        case CommandType::Wheel: m_input.wheel({c.a, c.b}, float(c.c)); break;
        case CommandType::Key:
            m_input.keyPressed(*parseKeyChord(c.text));
            m_input.releaseModifiers();  // a scripted chord is pressed and released at once
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
        case CommandType::Sleep: runRealTime(c.seconds); break;
        case CommandType::Paint: error = afterEdit(m_host.paint({c.a, c.b}, c.text)); break;
        case CommandType::Erase: error = afterEdit(m_host.erase({c.a, c.b})); break;
        case CommandType::Erupt: error = afterEdit(m_host.setErupting({c.a, c.b}, c.c != 0)); break;
        case CommandType::Undo: error = afterEdit(m_host.undo()); break;
        case CommandType::Redo: error = afterEdit(m_host.redo()); break;
        case CommandType::Save: {
            auto saved = m_host.save(c.text);
            if (!saved) {
                error = "save: " + eng::formatDiagnostics(saved.diagnostics());
                while (!error.empty() && error.back() == '\n')
                    error.pop_back();
            } else {
                say("saved " + c.text);
            }
            break;
        }
        case CommandType::Overlay:
            m_debug.overlays.flags.set(c.text);
            m_showTrace = m_debug.overlays.flags.search;
            break;
        case CommandType::Step:
            if (!m_debug.stepper.active())
                error = "step: no stepped search (`key G`, select a unit, then `move X Y` or a click)";
            else
                sayDebug(m_debug.step(c.a));
            break;
        case CommandType::Race:
            if (m_party.selection().empty())
                error = "race: select a unit first";
            else if (!m_host.world().nav.inBounds({c.a, c.b}))
                error = "race: (" + std::to_string(c.a) + ", " + std::to_string(c.b) + ") is outside the map";
            else
                sayDebug(m_debug.runRace(debugFrame(), {c.a, c.b}));
            break;
        case CommandType::PanelSet:
            if (const std::optional<std::string> refused = m_tuning.set(c.text, c.value))
                error = "panel set: " + *refused;
            break;
        case CommandType::PanelSave:
            if (const std::optional<std::string> refused = m_tuning.save(c.text))
                error = "panel save: " + *refused;
            else
                say("saved the tuned config to " + c.text);
            break;
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
    j["map"] = m_host.world().options.mapPath;
    j["time"] = m_gameTimeSec;
    Json units = Json::array();
    const World& world = m_host.world();
    for (std::size_t i = 0; i < m_party.units().size(); ++i) {
        const Unit& u = m_party.units()[i];
        const sf::Vector2f s = m_view.unitScreen(u);
        eng::TileCoord cell{int(std::floor(u.pos.x)), int(std::floor(u.pos.y))};
        if (cell != u.tile && !(u.stepping && cell == u.stepTo))
            cell = u.tile;  // exactly between cells on a diagonal step
        // The remaining path from the unit's tile to its goal, both included, and its cost under
        // the unit's profile in the current world.
        std::vector<eng::TileCoord> rest = {cell};
        if (u.stepping && u.stepTo != cell)
            rest.push_back(u.stepTo);
        rest.insert(rest.end(), u.path.begin(), u.path.end());
        const int layer = std::clamp(u.layer, 0, std::max(0, int(world.terrains.size()) - 1));
        double pathCost = 0.0;
        Json path = Json::array();
        for (std::size_t k = 0; k < rest.size(); ++k) {
            path.push_back({rest[k].x, rest[k].y});
            if (k == 0 || world.terrains.empty())
                continue;
            const bool diagonal = rest[k].x != rest[k - 1].x && rest[k].y != rest[k - 1].y;
            const double c = double(world.nav.cost(layer, rest[k]));  // Impassable off the map
            pathCost += diagonal ? c * world.nav.rules(layer).diagonalFactor : c;
        }
        units.push_back({{"name", u.name},
                         {"tile", {cell.x, cell.y}},
                         {"pos", {u.pos.x, u.pos.y}},
                         {"screen", {std::lround(s.x), std::lround(s.y)}},
                         {"moving", u.moving()},
                         {"selected", m_party.selection().selected(int(i))},
                         {"goal", {u.goal.x, u.goal.y}},
                         {"profile", world.profileName(layer)},
                         {"path_cost", std::isfinite(pathCost) ? Json(pathCost) : Json(nullptr)},
                         {"facing", std::string(eng::anim::directionName(u.facing))},
                         {"animation", u.anim.clip},
                         {"path", path}});
    }
    j["units"] = units;
    j["world"] = {{"version", m_host.version()},
                  {"reloads", m_host.reloads()},
                  {"edits", m_host.edits()},
                  {"config", world.configPath.empty() ? world.configUsed : world.configPath}};
    j["hover_tile"] = m_hover ? Json{m_hover->x, m_hover->y} : Json(nullptr);
    if (m_lastOrder) {
        Json o = {{"status", std::string(eng::path::statusName(m_lastOrder->status))},
                  {"cost", m_lastOrder->cost},
                  {"length", m_lastOrder->length},
                  {"expanded", m_lastOrder->expanded},
                  {"micros", m_lastOrder->micros},
                  {"clicked", {m_lastOrder->clicked.x, m_lastOrder->clicked.y}},
                  {"anchor_moved", m_lastOrder->anchorMoved}};
        if (m_lastOrder->anchor)
            o["anchor"] = {m_lastOrder->anchor->x, m_lastOrder->anchor->y};
        j["last_path"] = o;
    } else {
        j["last_path"] = nullptr;
    }
    j["camera"] = {{"center", {m_view.camera().center().x, m_view.camera().center().y}}, {"zoom", m_view.camera().zoom()}};
    j["trace_visible"] = m_showTrace;
    // The tuning panel's values now in force, {key: value}: numbers as numbers, true / false as
    // booleans, names as strings.
    Json panel = Json::object();
    for (const auto& [key, value] : m_tuning.values()) {
        double number = 0.0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
        if (value == "true" || value == "false")
            panel[key] = value == "true";
        else if (ec == std::errc() && end == value.data() + value.size())
            panel[key] = number;
        else
            panel[key] = value;
    }
    j["panel"] = panel;
    j["panel_visible"] = m_tuning.visible();
    debug::addDumpFields(j, m_debug, debugFrame());
    Json shown = Json::array();
    for (const MessageLog::Message& m : m_messages.shown())
        shown.push_back(m.text);
    j["messages_on_screen"] = shown;
    j["messages"] = Json(std::vector<std::string>(m_messages.log().begin(), m_messages.log().end()));
    // Names and messages may carry bytes from user files: invalid UTF-8 becomes U+FFFD.
    const std::string text = j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    return writeAtomically(file, ".json", [&](const std::string& tmp) {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
        return bool(out.flush());
    }, error);
}

} // namespace game
