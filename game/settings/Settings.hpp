#pragma once
/// \file Settings.hpp
/// The player's settings file, `$XDG_CONFIG_HOME/isostar/settings.toml`
/// (`~/.config/isostar/settings.toml` when XDG_CONFIG_HOME is unset): what the game keeps from
/// one run to the next (docs/SETTINGS.md).
///
/// ```toml
/// [audio]
/// master = 1.0      # 0..1
/// effects = 1.0     # 0..1
/// ambience = 1.0    # 0..1
/// muted = false
///
/// [window]
/// width = 1280      # 320..16384 pixels
/// height = 720      # 240..16384 pixels
///
/// [view]
/// zoom = 1.0        # 0.25..4 (world pixels per screen pixel)
/// minimap = true
/// follow = false
///
/// [game]
/// last_map = "/usr/share/isostar/maps/valley.tmx"
/// ```
///
/// - Reading (loadSettings) never fails: a key the file lacks keeps its default; a file that does
///   not parse, or a value of the wrong type or out of range, gives one Diagnostic naming the
///   file and line and the default for what it could not use. A file that exists but could not
///   be read or parsed is never written over (SettingsLoad::saveAllowed).
/// - Writing (saveSettings) re-reads the file and changes only the values the game changed
///   (a text edit, engine/terrain/TomlTextEdit.hpp): comments, unknown keys and tables, the
///   user's layout and the values the game did not change stay as they are. A file that does
///   not exist yet is written whole. Always atomically (engine/core/AtomicFile.hpp).
///
/// \code
/// const std::optional<std::filesystem::path> file = game::settingsPath();  // nullopt: no HOME
/// game::SettingsLoad loaded = file ? game::loadSettings(*file) : game::SettingsLoad{};
/// std::cerr << isostar::formatDiagnostics(loaded.problems);  // "...settings.toml:3: error: ..."
/// game::Settings now = loaded.settings;
/// now.audio.muted = true;
/// if (file && loaded.saveAllowed)
///     if (const std::string error = game::saveSettings(*file, now, loaded.settings); !error.empty())
///         std::cerr << error << '\n';
/// \endcode

#include "engine/core/Diagnostic.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace game {

/// The `[audio]` table: volumes (0..1, multiplied: a sound plays at master x effects) and mute.
struct AudioSettings {
    float master = 1.f;    ///< `master`, 0..1: every sound
    float effects = 1.f;   ///< `effects`, 0..1: footsteps, the volcano, the interface
    float ambience = 1.f;  ///< `ambience`, 0..1: wind, birds
    bool muted = false;    ///< `muted`: silent whatever the volumes
    bool operator==(const AudioSettings&) const = default;
};

/// Everything the settings file keeps. The defaults are the game's own without a file.
struct Settings {
    AudioSettings audio;
    unsigned windowWidth = 1280;  ///< `[window] width`, pixels
    unsigned windowHeight = 720;  ///< `[window] height`, pixels
    float zoom = 1.f;             ///< `[view] zoom`: world pixels per screen pixel (Camera's)
    bool minimap = true;          ///< `[view] minimap`: shown
    bool follow = false;          ///< `[view] follow`: the camera follows the selection
    /// `[game] last_map`: the map opened last, an absolute path ("" none); a relative path in the
    /// file is read relative to the file's folder.
    std::string lastMap;
    bool operator==(const Settings&) const = default;
};

/// The limits loadSettings checks (a value outside gives a message and the default).
struct SettingsLimits {
    static constexpr unsigned MinWindowWidth = 320;
    static constexpr unsigned MinWindowHeight = 240;
    static constexpr unsigned MaxWindowSide = 16384;
    static constexpr float MinZoom = 0.25f;  ///< Camera::MinZoom
    static constexpr float MaxZoom = 4.f;    ///< Camera::MaxZoom
};

/// The settings file's place: `XDG_CONFIG_HOME/isostar/settings.toml` when `xdgConfigHome` is an
/// absolute path (the XDG spec ignores a relative one), else `HOME/.config/isostar/settings.toml`;
/// nullopt when `home` is null or empty too (no file: the game runs on the defaults and keeps
/// nothing). Either argument may be null.
std::optional<std::filesystem::path> settingsPathFor(const char* xdgConfigHome, const char* home);
/// settingsPathFor($XDG_CONFIG_HOME, $HOME).
std::optional<std::filesystem::path> settingsPath();

/// What loadSettings read.
struct SettingsLoad {
    Settings settings;  ///< the file's values; the default wherever it has none or a wrong one
    /// One per problem, in the file's line order: a file that does not parse or cannot be read
    /// (errors), a value of the wrong type or out of range (errors), a key the game does not know
    /// in one of its tables (a warning: kept as it is). Each names the file and line and says
    /// what the game uses instead.
    std::vector<isostar::Diagnostic> problems;
    /// False when the file exists but could not be read or parsed: the game then never writes
    /// over it (the user's file stays byte for byte as it was).
    bool saveAllowed = true;
};

/// Reads the settings file `file`. A missing file is no problem (the defaults, saveAllowed).
SettingsLoad loadSettings(const std::filesystem::path& file);

/// Saves `now` into `file`, which was read as `base` (what loadSettings returned, or what the
/// last save wrote): the values where `now` differs from `base` are written into the file's
/// current text, everything else in it stays (its comments, unknown keys and tables, values the
/// user changed meanwhile). A file that does not exist is written whole (every key, with a
/// header comment), its folder created. Returns "" on success (nothing changed: nothing
/// written), else the error naming the file: a file that no longer parses is not written.
/// Does not look at SettingsLoad::saveAllowed: the caller does.
std::string saveSettings(const std::filesystem::path& file, const Settings& now, const Settings& base);

/// The whole text of a settings file holding `s` (what saveSettings writes for a new file).
std::string settingsText(const Settings& s);

/// The map to play when the command line names none: `settings.lastMap` when it is a file that
/// exists, else `fallback` (the valley). `note` says why the last map was not used ("" when it
/// was, or when there was none).
struct StartMap {
    std::string path;
    std::string note;
};
StartMap startMap(const Settings& settings, const std::string& fallback);

} // namespace game
