#pragma once
/// \file FileWatcher.hpp
/// Notices when files change by polling their modification time, size and existence (portable,
/// no inotify): the game watches its map, the map's external tilesets and templates and the
/// terrain config, and reloads when one changes. No window, no threads: the owner calls poll().
///
/// A file that is still being written shows up as a change, fails to load, and shows up again
/// once the writer is done (its time or size changes once more): so a half-written file is
/// retried on the next change, never in a loop.
///
/// \code
/// game::FileWatcher watcher;
/// watcher.watch({"maps/valley.tmx", "maps/terrain.toml"});
/// ...                                   // each frame (the game polls twice a second)
/// if (!watcher.poll().empty()) reload();
/// \endcode

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace game {

class FileWatcher {
public:
    /// Replaces the watched set (duplicates are dropped) and records each file's current state;
    /// a file that does not exist yet is watched for appearing.
    void watch(const std::vector<std::string>& paths);
    /// The watched files whose state (exists, size, modification time) changed since the last
    /// watch() or poll(), in watch order. Records the new states.
    std::vector<std::string> poll();
    /// The watched paths.
    std::vector<std::string> files() const;

private:
    struct Stamp {
        bool exists = false;
        std::uintmax_t size = 0;
        std::filesystem::file_time_type time{};
        bool operator==(const Stamp&) const = default;
    };
    static Stamp stampOf(const std::string& path);

    struct Entry {
        std::string path;
        Stamp stamp;
    };
    std::vector<Entry> m_entries;
};

} // namespace game
