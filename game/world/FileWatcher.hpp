#pragma once
/// \file FileWatcher.hpp
/// Notices when files change by polling their modification time, size and existence (portable,
/// no inotify): the game watches its map, the map's external tilesets and templates and the
/// terrain config, and reloads when one changes. No window, no threads: the owner calls poll().
///
/// A change is reported only once it has settled: the file's state (exists, size, modification
/// time) must have stayed the same across polls for the settle time (DefaultSettleSec unless
/// set), measured on the caller's clock (`nowSec`, any monotonic seconds), as build tools'
/// watchers do. So a file that is still being written is not reported (a half-written config can
/// parse: cut after its comments it is a valid file without terrains); a file that keeps
/// changing is reported once it stays still. The first poll that sees a change never reports it
/// (unless the settle time is 0); a poll at least the settle time later that sees the same state
/// does. A writer that stalls for longer than the settle time can still be caught half way: its
/// file then fails to load (or loads what it holds) and is reported again when it changes.
///
/// \code
/// game::FileWatcher watcher;                 // settle time DefaultSettleSec
/// watcher.watch({"maps/valley.tmx", "maps/terrain.toml"});
/// ...                                        // the game polls twice a second (faster while settling)
/// if (!watcher.poll(nowSec).empty()) reload();
/// \endcode

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace game {

class FileWatcher {
public:
    /// How long a changed file's state must stay the same before the change is reported, s.
    static constexpr double DefaultSettleSec = 0.25;

    explicit FileWatcher(double settleSec = DefaultSettleSec) : m_settleSec(settleSec) {}

    /// Replaces the watched set (duplicates are dropped) and records each file's current state
    /// as known (a change not reported yet is dropped); a file that does not exist yet is
    /// watched for appearing.
    void watch(const std::vector<std::string>& paths);
    /// The watched files whose state differs from the one last reported (or recorded by watch())
    /// and has been the same at every poll since `settleTime()` or more before `nowSec`, in
    /// watch order; each change is reported once. A state seen for the first time starts its
    /// settle time at this poll's `nowSec`.
    std::vector<std::string> poll(double nowSec);
    /// A change was seen that poll() has not reported yet (still changing or settling).
    bool settling() const;
    /// The watched paths.
    std::vector<std::string> files() const;

    double settleTime() const { return m_settleSec; }
    /// Seconds a changed state must stay before it is reported (0: at the first poll that sees it).
    void setSettleTime(double seconds) { m_settleSec = seconds; }

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
        Stamp reported;        ///< the state last reported (or recorded by watch())
        Stamp seen;            ///< the state at the last poll
        double seenSince = 0;  ///< caller's time of the first poll that saw `seen`
    };
    std::vector<Entry> m_entries;
    double m_settleSec;
};

} // namespace game
