#pragma once
/// \file Session.hpp
/// The game being played, without a window: the world (WorldHost) and the party on it, and
/// everything that changes them together. Loading, reloading (F5 or a watched file; a broken
/// file keeps the last good world and says why), edits of the map, live tuning of the costs,
/// the party's settings, the party following each change of the world (units whose paths cross
/// a changed cell replan; a new size spawns a new party), the editor's brush, and orders to the
/// selection with the last order's figures and search trace. What it says goes to a MessageLog.
///
/// The session is the only writer of the world and of the party's settings. Each function that
/// changes them applies the whole change (costs, the party, the fog) and returns one
/// SessionChange saying what changed; the caller hands it to what shows the world (the map's
/// mesh, the minimap, the tuning panel, the HUD). A new world is first offered to a WorldGate
/// (the view builds its mesh there): a world the gate refuses is not adopted.
///
/// \code
/// game::MessageLog log;
/// game::Session session(log);
/// game::SessionChange c = session.open(game::loadWorld({"maps/valley.tmx", "", ""}));
/// if (!c.problems.empty()) fail(c.problems);
/// session.party().selection().selectAll();
/// if (session.canOrder({12, 7})) show(session.order({12, 7}));
/// show(session.edit(game::mapedit::Paint{{3, 4}, "wall"}));   // its tiles: the mesh there
/// session.beginReload(false);     // F5: loads on a worker; tick() adopts it when it is in
/// show(session.tick(1.0 / 60.0, gate));
/// \endcode

#include "engine/core/Diagnostic.hpp"
#include "engine/path/SearchTrace.hpp"
#include "engine/terrain/TerrainRules.hpp"
#include "game/common/MessageLog.hpp"
#include "game/fog/FogOfWar.hpp"
#include "game/party/Party.hpp"
#include "game/world/WorldHost.hpp"
#include "game/world/WorldLoader.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace game {

/// Offered a world about to become current (its view builds what draws it). False, with
/// `problems`, refuses it: the current world stays. An empty gate accepts every world.
using WorldGate = std::function<bool(const World& world, std::vector<isostar::Diagnostic>& problems)>;

/// How an order (Session::order) went.
enum class OrderOutcome {
    None,       ///< no order in this change
    Given,      ///< the selection walks to the tile
    CutShort,   ///< it walks to the closest reachable tile instead
    Refused,    ///< nobody can move there
};

/// What one call of the session changed, for those who show the world. Empty: nothing.
struct SessionChange {
    /// Cells whose tiles changed in the current world (an edit): the map's mesh there.
    std::vector<isostar::TileCoord> tiles;
    /// Cells whose tiles or costs changed (an edit: its tiles and cost cells; tuning: its cost
    /// cells): what shows each cell (the minimap).
    std::vector<isostar::TileCoord> cells;
    /// A world was opened or a reload adopted: its config is the one in force (the tuning
    /// panel starts from it), every cell may have changed.
    bool worldLoaded = false;
    /// A new party stands on the map (load its art, frame it).
    bool partySpawned = false;
    /// The world, the party or the grid it plans on changed: a path preview is stale.
    bool previewStale = false;
    /// A reload ended in this call (adopted or refused, see reloadAdopted).
    bool reloadEnded = false;
    bool reloadAdopted = false;
    /// An order's outcome (order()); None otherwise.
    OrderOutcome order = OrderOutcome::None;
    /// WorldHost::version() after the call.
    std::uint64_t worldVersion = 0;
    /// Why the change was refused ("" when it was applied or nothing was asked).
    std::string error;
    /// open(): why the world was not opened (empty: it is current).
    std::vector<isostar::Diagnostic> problems;
    /// The messages said during the call, oldest first (also on the MessageLog).
    std::vector<std::string> said;

    /// `later` happened after this: both in one record.
    void merge(SessionChange later);
};

/// The edits of the map Session::edit applies.
namespace mapedit {
struct Paint {
    isostar::TileCoord tile;
    std::string terrain;  ///< "" paints the brush's tile (nothing without a palette)
};
struct Erase {
    isostar::TileCoord tile;
};
/// A volcano there erupts (`on`), calms down, or (nullopt) changes over.
struct Erupt {
    isostar::TileCoord tile;
    std::optional<bool> on;
};
/// The editor's click: toggles a volcano's eruption there, else paints the brush's tile.
struct BrushClick {
    isostar::TileCoord tile;
};
struct Undo {};
struct Redo {};
/// A drag: the edits until EndStroke undo as one.
struct BeginStroke {};
struct EndStroke {};
} // namespace mapedit

using MapEdit = std::variant<mapedit::Paint, mapedit::Erase, mapedit::Erupt, mapedit::BrushClick, mapedit::Undo,
                             mapedit::Redo, mapedit::BeginStroke, mapedit::EndStroke>;

class Session {
public:
    explicit Session(MessageLog& messages);
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    /// Makes `loaded` (loadWorld, e.g. on a loading thread) the first world (warnings on
    /// stderr), offered to `gate` first, and spawns its party. problems empty: it is current.
    SessionChange open(isostar::Result<World> loaded, const WorldGate& gate = WorldGate());
    /// Begins loading the world again (F5: `automatic` false; a watched file changed: true) on a
    /// worker thread (WorldLoader) while the current one stays in play and on screen; tick()
    /// (or finishReload) adopts it, or says why not, once it is loaded. False (and nothing
    /// begins) while a reload is running.
    bool beginReload(bool automatic);
    /// A reload begun by beginReload() has not been adopted or refused yet.
    bool reloading() const { return m_reload.loader.running(); }
    /// What that reload's worker does now (its step and the seconds it has run).
    WorldLoader::Progress reloadProgress() const { return m_reload.loader.progress(); }
    /// Adopts (or refuses) the running reload's world when it is loaded; `wait`: waits for it.
    /// A world that fails to load or that `gate` refuses is not adopted: the error (naming the
    /// file) is said, reloadError() keeps it, problems go to stderr. reloadEnded / reloadAdopted
    /// of the change tell how it went.
    SessionChange finishReload(bool wait, const WorldGate& gate = WorldGate());
    /// Begins a reload when a watched file changed (WorldHost throttles the look to twice a
    /// second) and none is running.
    void pollFiles();

    /// Edits the map (brush, script, undo): the costs, the fog's belief and the party follow
    /// (units whose paths cross a changed cell replan). An edit refused says why in `error`.
    SessionChange edit(const MapEdit& edit);
    /// Saves the map's tiles as `.tmx` (WorldHost::save): our own write is not taken for a
    /// change to reload.
    isostar::Result<isostar::map::SaveReport> save(const std::string& path);
    /// The config in force becomes `config`: costs rebuilt in place, units whose paths cross a
    /// changed cell replan (as after an edit). `error`: why not.
    SessionChange applyTuning(const isostar::terrain::TerrainConfig& config);
    /// The config file was written by the game itself (the panel's Save): not a change to reload.
    void configWritten() { m_host.noteOwnWrite(); }
    /// The party's settings become `params`, except what the map decides (the projection of
    /// steps: isometric, tile size), which follows the world.
    void setPartyParams(const PartyParams& params);

    /// The editor's brush: the palette tile it paints, nullptr when the map has none.
    const isostar::edit::BrushTile* brush() const;
    /// Index of brush() in the palette.
    int brushIndex() const { return m_brush; }
    /// Moves the brush `step` places along the palette (wrapping) and says which it is.
    void cycleBrush(int step);

    /// Refuses an order that cannot be given (off the map, nobody selected), saying why.
    bool canOrder(isostar::TileCoord tile);
    /// Orders the selection to `tile` (after canOrder): the last order's figures and trace are
    /// kept; an order that walks to the closest reachable cell says so.
    SessionChange order(isostar::TileCoord tile);
    /// The search trace's replay starts again (the search overlay was turned on).
    void restartTraceReplay() { m_traceAgeSec = 0.0; }
    /// Whether someone watches the orders' search traces (the search or numbers overlay is on).
    /// On maps of more than BigMapCells cells (World.hpp) an order records its trace only while
    /// it is watched, and turning it off releases the trace kept (a search across such a map
    /// records tens of bytes per cell it touches); smaller maps always record it.
    void setTraceWanted(bool on);

    /// One step of game time: a reload whose world is loaded offered to `gate` and adopted
    /// (finishReload), landmark tables built in the background installed, the party walks, what
    /// it says is said; with the fog on, what the units see becomes known.
    SessionChange tick(double dtSec, const WorldGate& gate = WorldGate());

    /// Fog of war on or off (`--fog`, the map's `fog` property at open, `fog on|off`, a key);
    /// says so. On: the party plans on the fog's belief grid (FogOfWar.hpp: unknown cells as
    /// open ground); each cell a unit sees for the first time takes its real cost there, and the
    /// units whose remaining path crosses such a cell replan through the path service (one
    /// message names them); edits, reloads and tuning reach the belief grid on known cells.
    /// Off: the party plans on the real grid again. Units walking keep their goals (replanned
    /// on the other grid). Nothing before open().
    SessionChange setFog(bool on);
    bool fogOn() const { return m_fog.active(); }
    /// What the party knows and sees (active() only while the fog is on).
    const FogOfWar& fog() const { return m_fog; }
    /// The grid the party plans on, what its knowledge says: the fog's belief grid while the
    /// fog is on (unknown cells as open ground), else the world's. The debug tools and the
    /// hover read costs here.
    const isostar::path::NavGrid& planGrid() const;
    /// The footprint layer units of `profile` and `size` plan on (NavGrid::footprintLayer),
    /// made on the world's grid and, while the fog is on, on the belief grid (the layer of
    /// planGrid() is returned); the profile's layer for size 1, -1 for a bad size. The session
    /// makes those of the map's party objects and of the party's units itself; a caller that
    /// spawns units of other sizes (the crowd bench) makes theirs first.
    int footprintLayer(const std::string& profile, int size);

    const WorldHost& host() const { return m_host; }
    const World& world() const { return m_host.world(); }
    /// The party: its units are read, its selection chosen; its settings through setPartyParams.
    Party& party() { return m_party; }
    const Party& party() const { return m_party; }
    MessageLog& messages() { return m_messages; }
    const MessageLog& messages() const { return m_messages; }
    /// The last failed reload's first problem ("" after a good one).
    const std::string& reloadError() const { return m_reload.error; }
    const std::optional<OrderReport>& lastOrder() const { return m_lastOrder; }
    /// The last order's search (the leader's; empty when it was not recorded, see
    /// setTraceWanted), and the seconds since it ran.
    const isostar::path::SearchTrace& trace() const { return m_trace; }
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
    void applyWorld(WorldChange change, std::span<const isostar::path::NavDirty> dirty, SessionChange& out);
    /// A WorldEdit done on the host: the session follows it (as applyWorld), into `out`.
    SessionChange followEdit(const WorldEdit& edit);
    /// `c` with the world version and what was said since the last record.
    SessionChange finish(SessionChange c);
    /// Units whose paths cross changed cells replan; one message (`key`, saying `why`) names
    /// them all.
    void replanAfter(std::span<const isostar::path::NavDirty> dirty, const std::string& key = "replan",
                     const std::string& why = "the ground changed under their paths");
    /// A loaded (or failed) reload: adopted as finishReload() says.
    bool adoptReload(isostar::Result<World> next, bool automatic, const WorldGate& gate, SessionChange& out);
    /// The orders' searches are recorded (setTraceWanted).
    bool traceRecorded() const;
    /// Fog: rebuilds the belief grid and the sight blockers for the current world (`keepKnown`:
    /// same map, new profiles).
    void resetFog(bool keepKnown);
    /// Fog: the real grid changed (`dirty`): the belief grid and the blockers follow, sight is
    /// looked at again; the belief grid's changes go to `out`.
    void fogFollowsWorld(std::span<const isostar::path::NavDirty> dirty, std::vector<isostar::path::NavDirty>& out);
    /// Fog: sight now (every unit's eyes); new cells known; units whose paths cross them replan.
    /// True when the belief grid changed.
    bool updateSight(bool force);
    /// The party moves to `grid` keeping its walkers' goals (fog toggled).
    void rebindKeepingGoals(const isostar::path::NavGrid& grid);
    void spawnParty();
    /// The footprint layers of the map's party objects and of the party's units, on the grid
    /// the party plans on (and the world's): before the party plans on a new grid.
    void makeFootprintLayers();
    /// The party's settings the map decides follow the world.
    void paramsFollowWorld();
    void say(const std::string& text, bool error = false);
    void sayMerged(const std::string& key, const std::string& text);

    MessageLog& m_messages;
    std::vector<std::string> m_said;  ///< said since the last SessionChange (finish)
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
    isostar::path::SearchTrace m_trace;
    bool m_traceWanted = false;
    double m_traceAgeSec = 0.0;
    double m_gameTimeSec = 0.0;
    int m_brush = 0;  ///< index into the palette
    FogOfWar m_fog;   ///< active() while the fog of war is on
    std::vector<Viewer> m_viewers;                  ///< the units' eyes at the last updateSight
    std::vector<isostar::path::NavDirty> m_sightDirty;  ///< belief changes of cells units entered this tick
};

} // namespace game
