#include "game/world/FileWatcher.hpp"

#include <algorithm>

namespace game {

FileWatcher::Stamp FileWatcher::stampOf(const std::string& path)
{
    namespace fs = std::filesystem;
    Stamp s;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::is_regular_file(st))
        return s;
    s.exists = true;
    s.size = fs::file_size(path, ec);
    if (ec)
        s.size = 0;
    s.time = fs::last_write_time(path, ec);
    if (ec)
        s.time = {};
    return s;
}

void FileWatcher::watch(const std::vector<std::string>& paths)
{
    m_entries.clear();
    for (const std::string& p : paths) {
        if (p.empty() || std::any_of(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.path == p; }))
            continue;
        m_entries.push_back({p, stampOf(p)});
    }
}

std::vector<std::string> FileWatcher::poll()
{
    std::vector<std::string> changed;
    for (Entry& e : m_entries) {
        const Stamp now = stampOf(e.path);
        if (now == e.stamp)
            continue;
        e.stamp = now;
        changed.push_back(e.path);
    }
    return changed;
}

std::vector<std::string> FileWatcher::files() const
{
    std::vector<std::string> out;
    for (const Entry& e : m_entries)
        out.push_back(e.path);
    return out;
}

} // namespace game
