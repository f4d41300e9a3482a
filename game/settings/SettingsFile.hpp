#pragma once
/// \file SettingsFile.hpp
/// The settings file over one run of the game: read at the start, a changed value saved once it
/// has settled (a zoom by the mouse wheel is one save, not one a step) and at the end; never a
/// write over a file that could not be read or parsed, nor anything without a file to write
/// (no HOME). The format, the checks and the merge: Settings.hpp.
///
/// \code
/// game::SettingsFile settings(game::settingsPath());
/// std::cerr << isostar::formatDiagnostics(settings.problems());
/// game::Settings now = settings.loaded();
/// // each frame, with the settings as the game has them and the time in seconds:
/// if (const std::string error = settings.update(now, clockSec); !error.empty())
///     messages.say(error, true);
/// // at the end:
/// settings.flush(now);
/// \endcode

#include "game/settings/Settings.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace game {

class SettingsFile {
public:
    /// A change is saved once the settings have not changed again for this long.
    static constexpr double SettleSec = 1.0;

    /// Reads `file` (loadSettings). nullopt: no file (the defaults; nothing is ever saved).
    explicit SettingsFile(std::optional<std::filesystem::path> file);

    const std::optional<std::filesystem::path>& path() const { return m_path; }
    /// The settings read at the start (the defaults where the file had none or a wrong one).
    const Settings& loaded() const { return m_loaded; }
    /// What reading the file found wrong (Settings.hpp, SettingsLoad::problems).
    const std::vector<isostar::Diagnostic>& problems() const { return m_problems; }
    /// There is a file and it was readable (or absent): changes are saved.
    bool canSave() const { return m_path.has_value() && m_saveAllowed; }
    /// What the file holds as far as this run knows: loaded(), then what each save wrote.
    const Settings& saved() const { return m_saved; }

    /// The settings as the game has them at `nowSec` (any clock in seconds), called as often as
    /// each frame: a value that differs from saved() is written once the settings have stayed
    /// the same for SettleSec. Returns a failed save's error, once per change ("" otherwise).
    std::string update(const Settings& now, double nowSec);
    /// Saves `now` at once if it differs from saved() (the game ends). The error, or "".
    std::string flush(const Settings& now);

private:
    std::string save(const Settings& now);

    std::optional<std::filesystem::path> m_path;
    Settings m_loaded;
    std::vector<isostar::Diagnostic> m_problems;
    bool m_saveAllowed = true;
    Settings m_saved;
    Settings m_pending;           ///< the last settings update() saw
    double m_pendingSinceSec = 0.0;
    std::optional<Settings> m_failed;  ///< a save of these failed: not tried again until they change
};

} // namespace game
