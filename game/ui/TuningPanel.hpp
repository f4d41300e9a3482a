#pragma once
/// \file TuningPanel.hpp
/// The live tuning panel (F2): every value of the terrain config in force, editable while the
/// game runs. Terrain (per terrain: cost, multiplier, passable, and influence radius, effect,
/// base, offset, scale), Movement (diagonal mode, diagonal factor, heuristic, weight, smoothing,
/// sight: the fog of war's radius, which the fog uses from the next tick on; on a hexagonal map
/// the diagonal keys are greyed under a line saying they do not apply), for the base rules
/// or for one profile (the selector starts on the selected unit's profile and follows
/// the selection). A change applies at once through TuningActions::apply (the game rebuilds
/// the costs, lets the party replan through the path service, the overlays read the new costs).
///
/// Guarantees:
/// - The values, their limits and their validation are isostar::terrain::ConfigTuning's, i.e. the
///   config loader's: a value the loader refuses cannot be entered (the widget keeps the value in
///   force and the panel shows the loader's message). set() is the one path for widgets and for
///   the script's `panel set KEY VALUE`, so both change the costs exactly as editing the file and
///   loading it would.
/// - When apply refuses a config, the panel's model goes back to the values before the change.
/// - The config's text has one owner, the world's load: the panel tunes World::configText (the
///   text the world parsed) and never reads the config file to tune it. A change applies to the
///   config in force whatever the file on disk holds meanwhile (changed, half written, broken,
///   gone). "The file's values" below are that text's (or, after a Save, the saved text's).
/// - Reset returns to the file's values; Save writes the config file in use atomically (temp +
///   rename, `.bak` of the old file), changing only the values that changed (comments, order and
///   layout stay), then those values are the file's (and the owner is told, so its file watcher
///   does not reload our own write).
/// - Save to the config file in use first reads the file on disk. When it is not the text the
///   panel started from (someone else changed it, it is half written or broken, or it is gone),
///   Save writes nothing and says so, naming the file, as an editor does for a file changed on
///   disk; the panel keeps every value:
///     "not saved: maps/terrain.toml changed on disk since the panel read it; your values stay
///      in the panel: Save again to overwrite it (the file on disk is then kept as
///      maps/terrain.toml.bak)"
///   (with " and does not load (maps/terrain.toml:3: error: ...)" after "read it" for a broken
///   file; "is no longer on disk ... Save again to write it" for a missing one). A second Save
///   while the disk still holds what was reported overwrites it knowingly: the disk's version
///   is kept as `.bak` (as every Save keeps the old file) and the panel's values are written. If
///   the disk changed again in between, the second Save refuses again. Nothing is ever lost:
///   the user's values stay in the panel until written, the disk's version stays on disk until
///   the user chose to replace it, and then stays as `.bak`. The script's `panel save FILE`
///   takes the same path: it reports the same message as its error (`panel save: not saved:
///   ...`, which ends the script like any refusal). A save to another file checks nothing
///   (the panel did not start from it).
/// - The ImGui calls are only in draw(); everything else works without a window (tests).
///
/// A tool that wants a window of its own draws it in the same ImGui frame (App::drawUi builds
/// one frame per drawn target: this panel, then any other window).
///
/// \code
/// game::TuningActions actions;
/// actions.apply = [&](const isostar::terrain::TerrainConfig& c) { return rebuild(c); };  // "" = done
/// game::TuningPanel panel(actions);
/// panel.worldLoaded(world);                 // after every load and reload (world.configText)
/// if (auto error = panel.set("terrain.snow.cost", "-1")) say(*error);   // the loader's message
/// panel.setSelectedProfile("dwarf");
/// layer.draw(window, [&] { panel.draw(); });                 // when panel.visible()
/// if (auto error = panel.saveToConfig()) say(*error);  // "not saved: ... changed on disk ..."
/// \endcode

#include "engine/terrain/ConfigTuning.hpp"
#include "game/world/World.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace game {

/// What the panel asks of its owner. Every callback may be empty.
/// The panel's line under Movement on a hexagonal map (the diagonal keys are shown greyed).
inline constexpr const char* HexDiagonalNote =
    "hexagonal map: six neighbours, each step costs the cell entered; diagonal and diagonal_factor do not apply";

struct TuningActions {
    /// Make `config` the one in force now (costs rebuilt, party replans). "" = done, else why
    /// not (then the panel takes the change back).
    std::function<std::string(const isostar::terrain::TerrainConfig& config)> apply;
    /// The panel wrote the file `path` (Save, `panel save`): it may be watched for changes.
    std::function<void(const std::string& path)> wrote;
    /// A message for the player (text, is an error).
    std::function<void(const std::string& text, bool error)> say;
};

class TuningPanel {
public:
    explicit TuningPanel(TuningActions actions = {});

    /// After a world was loaded or reloaded (a watched file changed, F5). The panel tunes the
    /// text the world loaded its config from (World::configText of World::configPath, through
    /// ConfigTuning::fromText; the file is not read again), or the built-in defaults
    /// (World::config through ConfigTuning::fromConfig; Save needs a file then). When that text
    /// is the one the panel already tunes (a map-only reload), the panel's changes stay and are
    /// applied again. When the text changed (edited outside), the panel starts from the new
    /// text's values and puts the values tuned here and not saved back on top of them (a key
    /// the new text refuses is dropped and named): nothing the user tuned is lost to a reload.
    void worldLoaded(const World& world);

    /// The panel has a config to tune (else set() and the window say why).
    bool available() const { return m_model.has_value(); }
    /// The model (values, limits, file values); nullptr when !available().
    const isostar::terrain::ConfigTuning* model() const { return m_model ? &*m_model : nullptr; }

    /// Sets one value by its TOML key (`terrain.snow.cost`, `movement.heuristic`,
    /// `profile.dwarf.terrain.snow.cost`, ...) from text ("2.5", "true", "octile") and applies
    /// the new config. nullopt = applied; else the error (the loader's message, or apply's
    /// refusal) and nothing changed.
    std::optional<std::string> set(std::string_view key, std::string_view valueText);
    /// Back to the file's values, applied. nullopt = done.
    std::optional<std::string> reset();
    /// Writes the tuned config to `path` (atomic, `.bak` of an existing file; only the changed
    /// values' text differs from the file's). Saving to the config file in use makes the saved
    /// values the file's values; it first checks the file on disk (see the guarantees above:
    /// a changed, broken or missing file is refused once, with the message, and overwritten by
    /// the next save while the disk stays as reported). nullopt = written; else the error
    /// naming the file, and nothing was written.
    std::optional<std::string> save(const std::string& path);
    /// save() to the config file in use; an error when the world uses the built-in defaults.
    std::optional<std::string> saveToConfig();
    /// Every value now in force as (key, value text), in the model's key order; empty when
    /// !available(). The script's `dump` writes these as its `panel` object.
    std::vector<std::pair<std::string, std::string>> values() const;

    /// The selected unit's profile ("" = the base rules); the selector follows it whenever it
    /// changes (the player may pick another one in between).
    void setSelectedProfile(const std::string& profile);
    /// The last action's result as shown under the buttons ("" none).
    const std::string& status() const { return m_status; }

    bool visible() const { return m_visible; }
    void setVisible(bool on) { m_visible = on; }
    void toggle() { m_visible = !m_visible; }

    /// Draws the panel window (ImGui calls: call inside ImGuiLayer::draw's build). Closing the
    /// window hides the panel as F2 does.
    void draw();

private:
    void drawKey(const isostar::terrain::TuningKey& key);
    /// The config's name, Reset, Save, how many values differ, the last action's result.
    void drawButtons(const std::vector<isostar::terrain::TuningKey>& keys);
    /// The combo box choosing the base rules or one profile to show.
    void drawProfileChoice();
    /// The movement keys and one tree node per terrain of the shown profile.
    void drawValues(const std::vector<isostar::terrain::TuningKey>& keys);
    /// The model's edits put in force again on a reloaded world (dropped when refused).
    void reapply();
    /// The values tuned on the previous model (key, value), set again on the new one and applied.
    void carryOver(const std::vector<std::pair<std::string, std::string>>& tuned);
    /// Takes a new model (or its error).
    void adopt(isostar::Result<isostar::terrain::ConfigTuning> model);
    /// Before a save to the config file in use: nullopt when the file on disk holds the text
    /// the panel started from, or what the last refusal reported (the user saves again); else
    /// the refusal, remembering what the disk held.
    std::optional<std::string> checkDisk(const std::string& path);
    void noteResult(const std::optional<std::string>& error, const std::string& okText);

    /// The config file as a save found it on disk.
    struct DiskFile {
        bool exists = false;
        bool readable = false;
        std::string text;
        bool operator==(const DiskFile&) const = default;
    };

    TuningActions m_actions;
    std::optional<isostar::terrain::ConfigTuning> m_model;
    std::string m_unavailable = "no world loaded yet";
    std::string m_configPath;      ///< the file in use; "" = built-in defaults
    /// What the disk held when a save was refused: a save finding it still so overwrites it.
    std::optional<DiskFile> m_refusedDisk;
    std::string m_profile;         ///< shown profile ("" = base)
    std::string m_selectedProfile; ///< the selected unit's, as last told
    bool m_visible = false;
    bool m_hexMap = false;         ///< the world's map is hexagonal: the diagonal rules do not apply
    std::string m_status;          ///< the last action's result, shown under the buttons
    bool m_statusError = false;
};

} // namespace game
