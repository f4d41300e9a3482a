#include "game/common/MessageLog.hpp"

namespace game {

void MessageLog::say(const std::string& text, bool error)
{
    m_shown.push_back({text, error ? 8.0 : 4.5, error, {}});
    m_log.push_back(text);
    while (m_log.size() > MaxLogged)
        m_log.pop_front();
    while (m_shown.size() > MaxShown)
        m_shown.pop_front();
}

void MessageLog::sayMerged(const std::string& key, const std::string& text, bool error)
{
    if (!key.empty() && newestHasKey(key)) {
        Message& m = m_shown.back();
        if (!m_log.empty() && m_log.back() == m.text)
            m_log.back() = text;
        m = {text, error ? 8.0 : 4.5, error, key};
        return;
    }
    say(text, error);
    m_shown.back().key = key;
}

bool MessageLog::newestHasKey(const std::string& key) const
{
    return !m_shown.empty() && m_shown.back().key == key;
}

void MessageLog::tick(double dtSec)
{
    for (Message& m : m_shown)
        m.ttlSec -= dtSec;
    while (!m_shown.empty() && m_shown.front().ttlSec <= 0.0)
        m_shown.pop_front();
}

} // namespace game
