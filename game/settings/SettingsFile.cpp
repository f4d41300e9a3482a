/// \file SettingsFile.cpp
/// SettingsFile: when the settings are saved.
#include "game/settings/SettingsFile.hpp"

#include <utility>

namespace game {

SettingsFile::SettingsFile(std::optional<std::filesystem::path> file) : m_path(std::move(file))
{
    if (m_path) {
        SettingsLoad load = loadSettings(*m_path);
        m_loaded = load.settings;
        m_problems = std::move(load.problems);
        m_saveAllowed = load.saveAllowed;
    }
    m_saved = m_loaded;
    m_pending = m_loaded;
}

std::string SettingsFile::update(const Settings& now, double nowSec)
{
    if (now != m_pending) {
        m_pending = now;
        m_pendingSinceSec = nowSec;
    }
    if (nowSec - m_pendingSinceSec < SettleSec)
        return {};
    return save(now);
}

std::string SettingsFile::flush(const Settings& now)
{
    m_pending = now;
    return save(now);
}

std::string SettingsFile::save(const Settings& now)
{
    if (!canSave() || now == m_saved || (m_failed && *m_failed == now))
        return {};
    std::string error = saveSettings(*m_path, now, m_saved);
    if (!error.empty()) {
        m_failed = now;
        return error;
    }
    m_saved = now;
    m_failed.reset();
    return {};
}

} // namespace game
