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
        const Stamp now = stampOf(p);
        m_entries.push_back({p, now, now, 0.0});
    }
}

std::vector<std::string> FileWatcher::poll(double nowSec)
{
    std::vector<std::string> changed;
    for (Entry& e : m_entries) {
        const Stamp now = stampOf(e.path);
        if (now != e.seen) {  // new or still changing: its settle time starts again
            e.seen = now;
            e.seenSince = nowSec;
        }
        if (e.seen == e.reported || nowSec - e.seenSince < m_settleSec)
            continue;
        e.reported = e.seen;
        changed.push_back(e.path);
    }
    return changed;
}

bool FileWatcher::settling() const
{
    return std::any_of(m_entries.begin(), m_entries.end(), [](const Entry& e) { return e.seen != e.reported; });
}

std::vector<std::string> FileWatcher::files() const
{
    std::vector<std::string> out;
    for (const Entry& e : m_entries)
        out.push_back(e.path);
    return out;
}

} // namespace game
