/// \file AppSettings.cpp
/// App and the settings file (game/settings, docs/SETTINGS.md): what the game takes from it at
/// the start and what it keeps of a run.
#include "game/app/App.hpp"

#include <filesystem>
#include <iostream>

namespace game {

static_assert(SettingsLimits::MinZoom == Camera::MinZoom && SettingsLimits::MaxZoom == Camera::MaxZoom);

bool App::benchmark() const
{
    return m_opts.benchFrames > 0 || m_opts.benchUnits > 0 || m_opts.benchLoad;
}

void App::startSettings()
{
    for (const isostar::Diagnostic& d : m_settings.problems()) {
        std::cerr << isostar::formatDiagnostic(d) << '\n';
        m_messages.say(isostar::formatDiagnostic(d), d.severity == isostar::Severity::Error);
    }
    if (!m_settings.path())
        std::cerr << "isostar: note: neither XDG_CONFIG_HOME nor HOME is set: the settings are not kept\n";
    if (benchmark())
        return;
    const Settings& s = m_settings.loaded();
    m_opts.width = s.windowWidth;
    m_opts.height = s.windowHeight;
    if (!m_opts.mapGiven) {
        const StartMap start = startMap(s, m_opts.mapPath);
        m_opts.mapPath = start.path;
        if (!start.note.empty()) {
            std::cerr << "isostar: note: " << start.note << '\n';
            m_messages.say(start.note);
        }
    }
}

void App::applyViewSettings()
{
    if (benchmark())
        return;
    const Settings& s = m_settings.loaded();
    Camera& camera = m_view.camera();
    const sf::Vector2f size = camera.viewportSize();
    camera.zoomAt({int(size.x / 2.f), int(size.y / 2.f)}, s.zoom / camera.zoom());
    m_view.minimap().setVisible(m_opts.showMinimap && s.minimap);
    m_view.setFollow(s.follow);
}

Settings App::currentSettings() const
{
    // What the App does not show or change stays as the file has it.
    Settings s = m_settings.saved();
    const sf::Vector2u size = m_window->getSize();
    s.windowWidth = size.x;
    s.windowHeight = size.y;
    s.zoom = m_view.camera().zoom();
    s.minimap = m_view.minimap().visible();
    // --no-minimap hides it for this run only: while it stays hidden the file keeps its value.
    if (!m_opts.showMinimap && !s.minimap)
        s.minimap = m_settings.saved().minimap;
    s.follow = m_view.following();
    s.audio = audioToKeep();
    const std::string& map = m_session.world().options.mapPath;
    if (!map.empty())
        s.lastMap = std::filesystem::absolute(map).lexically_normal().string();
    return s;
}

void App::keepSettings(bool atExit)
{
    if (benchmark() || !m_window)
        return;
    const Settings now = currentSettings();
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_startTime).count();
    const std::string error = atExit ? m_settings.flush(now) : m_settings.update(now, sec);
    if (error.empty())
        return;
    std::cerr << "isostar: " << error << '\n';
    m_messages.say(error, true);
}

} // namespace game
