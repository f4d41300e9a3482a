#pragma once
/// \file Session.hpp
/// The game being played, without a window: the world (WorldHost) and the party on it, and
/// everything that changes them together. Loading, reloading (F5 or a watched file; a broken
/// file keeps the last good world and says why), edits of the map, live tuning of the costs,
/// the party following each change of the world (units whose paths cross a changed cell
/// replan; a new size spawns a new party), the editor's brush, and orders to the selection with
/// the last order's figures and search trace. What it says goes to a MessageLog.
///
/// The view takes part through hooks (all optional): it may refuse a new world (its mesh does
/// not build: then the world is not adopted), rebuilds the mesh where an edit changed tiles,
/// and dresses a newly spawned party. Tests leave them empty.
///
/// \code
/// game::MessageLog log;
/// game::Session session(log);
/// if (auto problems = session.open({"maps/valley.tmx", "", ""}); !problems.empty()) fail(problems);
/// session.party().selection().selectAll();
/// if (session.canOrder({12, 7})) session.order({12, 7});
/// session.tick(1.0 / 60.0);
/// session.reload(false);          // false: the file is broken, the last good world stays
/// session.beginReload(false);     // F5: loads on a worker; tick() adopts it when it is in
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/path/SearchTrace.hpp"
#include "engine/terrain/TerrainRules.hpp"
#include "game/common/MessageLog.hpp"
#include "game/fog/FogOfWar.hpp"
#include "game/party/Party.hpp"
#include "game/world/WorldHost.hpp"
#include "game/world/WorldLoader.hpp"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace game {

/// How the owner (the view) takes part in changes of the world. Each may be empty.
struct SessionHooks {
    /// A world is about to become current: build what draws it. False (and `problems`) refuses
    /// it; the current world stays.
    std::function<bool(const World& world, std::vector<eng::Diagnostic>& problems)> acceptWorld;
    /// An edit changed the tiles of `cells` in the current world.
    std::function<void(const World& world, std::span<const eng::TileCoord> cells)> tilesChanged;
    /// The tiles or the costs of `cells` changed in the current world (an edit: its tiles and
    /// cost cells; tuning: its cost cells): what shows each cell (the minimap) follows.
    std::function<void(const World& world, std::span<const eng::TileCoord> cells)> cellsChanged;
    /// A new party stands on the map (load its art, frame it).
    std::function<void()> partySpawned;
    /// A world was opened or reloaded (the tuning panel starts from its config).
    std::function<void(const World& world)> worldLoaded;
    /// The world or the party changed: a path preview is stale.
    std::function<void()> previewStale;
};

class Session {
public:
    explicit Session(MessageLog& messages, SessionHooks hooks = {});
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    void setHooks(SessionHooks hooks) { m_hooks = std::move(hooks); }

    /// Loads the first world (warnings on stderr) and spawns its party. Empty: loaded.
    std::vector<eng::Diagnostic> open(const WorldOptions& options);
    /// The same with the world already loaded (loadWorld, e.g. on a loading thread).
    std::vector<eng::Diagnostic> open(eng::Result<World> loaded);
    /// Loads the world again (F5: `automatic` false; a watched file changed: true), waiting for
    /// it (a reload begun before is finished first). A world that fails to load or that
    /// acceptWorld refuses is not adopted: the error (naming the file) is said, reloadError()
    /// keeps it, problems go to stderr. True when the new world is current.
    bool reload(bool automatic);
    /// The same without waiting: the world loads on a worker thread (WorldLoader) while the
    /// current one stays in play and on screen; tick() (or finishReload) adopts it, or says why
    /// not, once it is loaded. False (and nothing begins) while a reload is running.
    bool beginReload(bool automatic);
    /// A reload begun by beginReload() has not been adopted or refused yet.
    bool reloading() const { return m_reload.loader.running(); }
    /// What that reload's worker does now (its step and the seconds it has run).
    WorldLoader::Progress reloadProgress() const { return m_reload.loader.progress(); }
    /// Adopts (or refuses) the running reload's world when it is loaded; `wait`: waits for it.
    /// True when a reload ended here; `adopted` [opt] tells whether its world is current.
    bool finishReload(bool wait, bool* adopted = nullptr);
    /// Begins a reload when a watched file changed (WorldHost throttles the look to twice a
    /// second) and none is running.
    void pollFiles();

    /// After an edit of the world (brush, script, undo): mesh (tilesChanged), party costs
    /// (units whose paths cross a changed cell replan), preview. The edit's error ("" when it
    /// worked).
    std::string afterEdit(const WorldEdit& edit);
    /// The config in force becomes `config`: costs rebuilt in place, units whose paths cross a
    /// changed cell replan (as after an edit). "" or why not.
    std::string applyTuning(const eng::terrain::TerrainConfig& config);

    /// The editor's brush: the palette tile it paints, nullptr when the map has none.
    const eng::edit::BrushTile* brush() const;
    /// Index of brush() in the palette.
    int brushIndex() const { return m_brush; }
    /// Moves the brush `step` places along the palette (wrapping) and says which it is.
    void cycleBrush(int step);

    /// Refuses an order that cannot be given (off the map, nobody selected), saying why.
    bool canOrder(eng::TileCoord tile);
    /// Orders the selection to `tile` (after canOrder): the last order's figures and trace are
    /// kept; an order that walks to the closest reachable cell says so.
    void order(eng::TileCoord tile);
    /// The search trace's replay starts again (the search overlay was turned on).
    void restartTraceReplay() { m_traceAgeSec = 0.0; }
    /// Whether someone watches the orders' search traces (the search or numbers overlay is on).
    /// On maps of more than BigMapCells cells (World.hpp) an order records its trace only while
    /// it is watched, and turning it off releases the trace kept (a search across such a map
    /// records tens of bytes per cell it touches); smaller maps always record it.
    void setTraceWanted(bool on);

    /// One step of game time: a reload whose world is loaded adopted (finishReload), landmark
    /// tables built in the background installed, the party
    /// walks, what it says is said; with the fog on, what the units see becomes known.
    void tick(double dtSec);

    /// Fog of war on or off (`--fog`, the map's `fog` property at open, `fog on|off`, a key);
    /// says so. On: the party plans on the fog's belief grid (FogOfWar.hpp: unknown cells as
    /// open ground); each cell a unit sees for the first time takes its real cost there, and the
    /// units whose remaining path crosses such a cell replan through the path service (one
    /// message names them); edits, reloads and tuning reach the belief grid on known cells.
    /// Off: the party plans on the real grid again. Units walking keep their goals (replanned
    /// on the other grid). Nothing before open().
    void setFog(bool on);
    bool fogOn() const { return m_fog.active(); }
    /// What the party knows and sees (active() only while the fog is on).
    const FogOfWar& fog() const { return m_fog; }

    WorldHost& host() { return m_host; }
    const WorldHost& host() const { return m_host; }
    const World& world() const { return m_host.world(); }
    Party& party() { return m_party; }
    const Party& party() const { return m_party; }
    MessageLog& messages() { return m_messages; }
    const MessageLog& messages() const { return m_messages; }
    /// The last failed reload's first problem ("" after a good one).
    const std::string& reloadError() const { return m_reload.error; }
    const std::optional<OrderReport>& lastOrder() const { return m_lastOrder; }
    /// The last order's search (the leader's; empty when it was not recorded, see
    /// setTraceWanted), and the seconds since it ran.
    const eng::path::SearchTrace& trace() const { return m_trace; }
    double traceAgeSec() const { return m_traceAgeSec; }
    /// Game time played, seconds.
    double gameTimeSec() const { return m_gameTimeSec; }

private:
    /// How the current world came to be (applyWorld).
    enum class WorldChange {
        New,       ///< the first world, or another size: a new party
        NewGrid,   ///< same size, new profiles: same units on the new grid, everyone stops
        SameGrid,  ///< edits or a reload that kept the grid: `dirty` says what changed
    };
    /// After the world changed: the party follows (see WorldChange), the preview is stale.
    void applyWorld(WorldChange change, std::span<const eng::path::NavDirty> dirty);
    /// Units whose paths cross changed cells replan; one message (`key`, saying `why`) names
    /// them all.
    void replanAfter(std::span<const eng::path::NavDirty> dirty, const std::string& key = "replan",
                     const std::string& why = "the ground changed under their paths");
    /// A loaded (or failed) reload: adopted as reload() says.
    bool adoptReload(eng::Result<World> next, bool automatic);
    /// The orders' searches are recorded (setTraceWanted).
    bool traceRecorded() const;
    /// The grid the party plans on: the fog's belief grid while the fog is on, else the world's.
    const eng::path::NavGrid& planGrid() const;
    /// Fog: rebuilds the belief grid and the sight blockers for the current world (`keepKnown`:
    /// same map, new profiles).
    void resetFog(bool keepKnown);
    /// Fog: the real grid changed (`dirty`): the belief grid and the blockers follow, sight is
    /// looked at again; the belief grid's changes go to `out`.
    void fogFollowsWorld(std::span<const eng::path::NavDirty> dirty, std::vector<eng::path::NavDirty>& out);
    /// Fog: sight now (every unit's eyes); new cells known; units whose paths cross them replan.
    void updateSight(bool force);
    /// The party moves to `grid` keeping its walkers' goals (fog toggled).
    void rebindKeepingGoals(const eng::path::NavGrid& grid);
    void spawnParty();
    void say(const std::string& text, bool error = false) { m_messages.say(text, error); }

    MessageLog& m_messages;
    SessionHooks m_hooks;
    WorldHost m_host;
    Party m_party;
    /// The last reload's error and beginReload()'s worker.
    struct Reload {
        WorldLoader loader;
        bool automatic = false;  ///< the running reload was begun by a watched file
        std::string error;       ///< reloadError()
    } m_reload;
    std::vector<std::string> m_replanNames;  ///< units named in the "... replan" message on screen
    std::optional<OrderReport> m_lastOrder;
    eng::path::SearchTrace m_trace;
    bool m_traceWanted = false;
    double m_traceAgeSec = 0.0;
    double m_gameTimeSec = 0.0;
    int m_brush = 0;  ///< index into the palette
    FogOfWar m_fog;   ///< active() while the fog of war is on
    std::vector<Viewer> m_viewers;                  ///< the units' eyes at the last updateSight
    std::vector<eng::path::NavDirty> m_sightDirty;  ///< belief changes of cells units entered this tick
};

} // namespace game
