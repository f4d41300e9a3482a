#pragma once
/// \file WorldHost.hpp
/// Keeps the current world of the game and its history: loading, reloading (F5 or a watched file
/// that changed), the version counter that every change bumps, and the files to watch (the map,
/// its external tilesets and templates, the terrain config, or `terrain.toml` beside the map
/// when none is used yet). A failed load never touches the current world. No window: the game
/// adopts a new world only after its view accepted it; tests drive it directly.
///
/// \code
/// game::WorldHost host;
/// if (auto problems = host.open({"maps/valley.tmx", "", ""}); !problems.empty()) fail(problems);
/// if (host.filesChanged(nowSec)) {
///     isostar::Result<game::World> next = host.loadAgain();
///     if (next) host.adopt(std::move(next).value());   // else show next.diagnostics()
/// }
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/core/Result.hpp"
#include "engine/edit/MapEditor.hpp"
#include "engine/map/MapWriter.hpp"
#include "game/world/FileWatcher.hpp"
#include "game/world/World.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace game {

/// The files a world was loaded from (map, external tilesets, templates, config or the
/// `terrain.toml` the map would pick up beside it), without duplicates.
std::vector<std::string> watchedFiles(const World& world);

/// What an edit of the world did.
struct WorldEdit {
    bool ok = false;
    std::string error;                       ///< why not ("no volcano at (3, 4)", "nothing to undo")
    std::vector<isostar::TileCoord> tiles;       ///< cells whose tiles changed (mesh chunks to rebuild)
    std::vector<isostar::TileCoord> costCells;   ///< cells whose cost changed under any profile
    std::vector<isostar::path::NavDirty> dirty;  ///< what changed in World::nav, per layer
};

/// What adopting a new world changed.
struct WorldSwap {
    /// The grid kept its shape (size, profiles): World::nav is the same object, updated layer by
    /// layer (`dirty`); paths planned on it stay valid where no cell changed.
    bool sameShape = false;
    std::vector<isostar::path::NavDirty> dirty;
};

class WorldHost {
public:
    WorldHost();
    ~WorldHost();

    /// How often filesChanged looks at the files, seconds.
    static constexpr double PollIntervalSec = 0.5;

    /// Loads the first world; returns its problems (empty: loaded and current).
    std::vector<isostar::Diagnostic> open(const WorldOptions& options);
    /// The same with the world already loaded (loadWorld, e.g. on a loading thread).
    std::vector<isostar::Diagnostic> open(isostar::Result<World> loaded);
    /// Loads the world again from the same options (not adopted: the current one is untouched).
    isostar::Result<World> loadAgain() const;
    /// Makes `world` current: bumps version(), counts a reload, watches its files. When the
    /// size and the profiles are the same, the current NavGrid is kept and its layers replaced
    /// (only the changed cells reported), so a walking party replans only what changed.
    WorldSwap adopt(World world);
    /// Counts an edit of the current world and bumps version().
    void noteEdit();

    /// Tuning (the F2 panel, `panel set`): rebuilds every profile's costs from `config` in place
    /// (TerrainField::setRules into its own layer of World::nav, NavGrid::replaceLayer: only
    /// the cells whose cost changed are reported, per layer in `dirty`; landmark tables are
    /// handled as after an edit) and makes it World::config. The map, the tiles and the mesh
    /// stay (`tiles` is empty). Costs equal those of loadWorld with the same config, cell for
    /// cell. Bumps version() when something changed; counts no edit and no reload. Refused
    /// (nothing changes, `error` says why) when `config` lacks a profile the world uses.
    WorldEdit applyConfig(const isostar::terrain::TerrainConfig& config);
    /// The caller wrote a watched file itself (the panel saved the config): its new state is
    /// not taken for a change to reload.
    void noteOwnWrite();

    // Editing the current world's map in place (the terrain brush, isostar::edit::MapEditor), on
    // every layout the game plays: a staggered or infinite map is edited in its playable form
    // (grid cells; a staggered map's brush neighbours are the cells that touch on screen, as in
    // Tiled) and saved in the file's. A grid cell that is not one of Tiled's cells (off a
    // staggered map) is refused: "(x, y) is off the map" in Tiled's coordinates. On an infinite
    // map a void cell inside the chunks' bounding box takes paint: it stops being void (and
    // becomes void again when it loses its last tile), and saving writes it in a new chunk. Each
    // successful edit that changed tiles updates every profile's terrain only where the change
    // reaches (TerrainField::setCells, bound to World::nav: one NavGrid::apply per layer, only
    // the cells whose cost changed), and counts an edit.
    WorldEdit paint(isostar::TileCoord c, const std::string& terrain);
    WorldEdit paintTile(isostar::TileCoord c, std::uint32_t gid);
    WorldEdit erase(isostar::TileCoord c);
    WorldEdit setErupting(isostar::TileCoord c, bool on);
    WorldEdit toggleErupting(isostar::TileCoord c);
    WorldEdit undo();
    WorldEdit redo();
    /// A drag: edits until endStroke() undo as one.
    void beginStroke();
    void endStroke();
    /// The brush's palette (tiles with a terrain), empty before open().
    const std::vector<isostar::edit::BrushTile>& palette() const;
    /// Saves the map's tiles as `.tmx` in the file's form (isostar::map::tiledMap: a staggered map
    /// stays staggered, an infinite one chunked; atomic, `.bak` of the previous file kept,
    /// everything the loader read and the edits did not touch kept; the `config` path property
    /// rebased). Our own write of a watched file is not taken for a change to reload.
    isostar::Result<isostar::map::SaveReport> save(const std::string& path);

    /// True when a watched file changed since the last look and its change has settled (the
    /// file stayed the same for the watcher's settle time, FileWatcher::DefaultSettleSec unless
    /// set: a file still being written is not reloaded). Looks at most every PollIntervalSec of
    /// the caller's clock `nowSec` (any monotonic seconds); while a change is settling, again
    /// once the settle time has passed. So a finished write is reported between the settle time
    /// and PollIntervalSec + the settle time after it (0.25 to 0.75 s by default).
    bool filesChanged(double nowSec);
    /// How long a changed file must stay the same before filesChanged reports it, seconds.
    void setSettleTime(double seconds);

    bool loaded() const { return m_loaded; }
    const World& world() const { return m_world; }
    World& world() { return m_world; }
    /// Bumped by every adopted world and every edit (starts at 1 after open).
    std::uint64_t version() const { return m_version; }
    /// Worlds adopted after the first.
    int reloads() const { return m_reloads; }
    /// Edits counted by noteEdit.
    int edits() const { return m_edits; }

private:
    WorldEdit applyEdit(isostar::edit::EditResult r);
    /// `edit` on the current map's editor, then applyEdit; "no map loaded" before open().
    WorldEdit editWith(const std::function<isostar::edit::EditResult(isostar::edit::MapEditor&)>& edit);
    /// editWith for an edit of cell `c`: refused when `c` is not one of Tiled's cells.
    WorldEdit editCell(isostar::TileCoord c,
                       const std::function<isostar::edit::EditResult(isostar::edit::MapEditor&)>& edit);

    World m_world;
    std::unique_ptr<isostar::edit::MapEditor> m_editor; ///< over m_world.map; new with each world
    bool m_loaded = false;
    FileWatcher m_watcher;
    double m_lastPollSec = -1e300;
    std::uint64_t m_version = 0;
    int m_reloads = 0;
    int m_edits = 0;
};

} // namespace game
