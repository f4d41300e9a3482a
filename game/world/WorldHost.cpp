#include "game/world/WorldHost.hpp"

#include "engine/terrain/MapTerrain.hpp"

#include <algorithm>
#include <filesystem>

namespace game {

namespace {

/// One cost layer's change joins the edit: its cells to `costCells`, itself to `dirty` when it
/// changed something.
void addLayerChange(WorldEdit& out, isostar::path::NavDirty d)
{
    out.costCells.insert(out.costCells.end(), d.cells.begin(), d.cells.end());
    if (!d.empty())
        out.dirty.push_back(std::move(d));
}

/// True when a tile layer of `map` has a tile on grid cell `c`.
bool cellHasTile(const isostar::map::MapData& map, isostar::TileCoord c)
{
    bool any = false;
    isostar::map::forEachLayer(map.layers, [&](const isostar::map::Layer& l) {
        const isostar::map::TileGrid& g = l.tiles;
        if (l.type == isostar::map::LayerType::Tile && c.x >= g.originX && c.y >= g.originY &&
            c.x - g.originX < g.width && c.y - g.originY < g.height)
            any = any || g.at(c.x - g.originX, c.y - g.originY) != 0;
    });
    return any;
}

/// The edit's cost cells in order, each once (a cell changed under several profiles).
void sortCostCells(WorldEdit& out)
{
    std::sort(out.costCells.begin(), out.costCells.end());
    out.costCells.erase(std::unique(out.costCells.begin(), out.costCells.end()), out.costCells.end());
}

} // namespace

std::vector<std::string> watchedFiles(const World& world)
{
    std::vector<std::string> files;
    auto add = [&](const std::string& p) {
        if (!p.empty() && std::find(files.begin(), files.end(), p) == files.end())
            files.push_back(p);
    };
    add(world.map.path.empty() ? world.options.mapPath : world.map.path);
    for (const isostar::map::Tileset& t : world.map.tilesets)
        add(t.source);
    isostar::map::forEachLayer(world.map.layers, [&](const isostar::map::Layer& layer) {
        for (const isostar::map::Object& o : layer.objects)
            add(o.templatePath);
    });
    if (!world.configPath.empty())
        add(world.configPath);
    else if (world.options.configPath.empty()) {
        // Built-in rules: a terrain.toml saved beside the map later takes over.
        const std::filesystem::path map(world.options.mapPath);
        add((map.parent_path() / std::string(isostar::terrain::DefaultConfigFileName)).string());
    }
    return files;
}

WorldHost::WorldHost() = default;

WorldHost::~WorldHost() = default;

std::vector<isostar::Diagnostic> WorldHost::open(const WorldOptions& options)
{
    return open(loadWorld(options));
}

std::vector<isostar::Diagnostic> WorldHost::open(isostar::Result<World> w)
{
    if (!w)
        return w.diagnostics();
    m_editor.reset();
    m_world = std::move(w).value();
    m_editor = std::make_unique<isostar::edit::MapEditor>(m_world.map);
    m_loaded = true;
    m_version = 1;
    m_reloads = 0;
    m_edits = 0;
    m_watcher.watch(watchedFiles(m_world));
    return {};
}

isostar::Result<World> WorldHost::loadAgain() const
{
    return loadWorld(m_world.options);
}

WorldSwap WorldHost::adopt(World world)
{
    WorldSwap swap;
    swap.sameShape = m_loaded && world.nav.width() == m_world.nav.width() &&
                     world.nav.height() == m_world.nav.height() && world.nav.layerCount() == m_world.nav.layerCount();
    for (int i = 0; swap.sameShape && i < world.nav.layerCount(); ++i)
        swap.sameShape = world.nav.layerName(i) == m_world.nav.layerName(i);
    if (swap.sameShape) {
        // The new world's terrains are bound to its layers by index; the kept grid gets the same
        // layers (a transient copy per layer, freed at once), so the binding stays true.
        for (int i = 0; i < world.nav.layerCount(); ++i) {
            isostar::path::NavDirty d = m_world.nav.replaceLayer(i, world.nav.costField(i), world.nav.rules(i));
            if (!d.empty())
                swap.dirty.push_back(std::move(d));
        }
        world.nav = std::move(m_world.nav);  // the same grid object, now with the new costs
    }
    m_editor.reset();
    m_world = std::move(world);
    m_editor = std::make_unique<isostar::edit::MapEditor>(m_world.map);
    m_loaded = true;
    ++m_version;
    ++m_reloads;
    m_watcher.watch(watchedFiles(m_world));
    return swap;
}

void WorldHost::noteEdit()
{
    ++m_version;
    ++m_edits;
}

WorldEdit WorldHost::applyConfig(const isostar::terrain::TerrainConfig& config)
{
    WorldEdit out;
    if (!m_loaded) {
        out.error = "no map loaded";
        return out;
    }
    // Check every profile first, so a refusal changes nothing.
    std::vector<const isostar::terrain::TerrainRules*> rules;
    for (const ProfileTerrain& t : m_world.terrains) {
        const isostar::terrain::TerrainRules* r = t.profile.empty() ? &config.base : config.profile(t.profile);
        if (!r) {
            out.error = "the tuned config has no profile \"" + t.profile + "\", which the map uses";
            return out;
        }
        if (!isostar::path::isValid(r->movement)) {
            // A refused layer would leave the field unbound: refuse before touching anything.
            out.error = "profile \"" + m_world.profileName(int(rules.size())) +
                        "\": the movement rules are not usable for path finding";
            return out;
        }
        rules.push_back(r);
    }
    for (std::size_t i = 0; i < m_world.terrains.size(); ++i) {
        isostar::path::NavDirty d;
        m_world.terrains[i].terrain.setRules(m_world.nav, *rules[i], &d);
        addLayerChange(out, std::move(d));
    }
    sortCostCells(out);
    m_world.config = config;
    out.ok = true;
    if (!out.dirty.empty())
        ++m_version;
    return out;
}

void WorldHost::noteOwnWrite()
{
    if (m_loaded)
        m_watcher.watch(watchedFiles(m_world));
}

WorldEdit WorldHost::applyEdit(isostar::edit::EditResult r)
{
    WorldEdit out;
    out.ok = r.ok;
    out.error = std::move(r.error);
    out.tiles = std::move(r.cells);
    if (!out.ok || out.tiles.empty())
        return out;
    // Every profile's terrain writes only the cells whose cost changed into its layer of
    // World::nav, in one apply per layer (islands recomputed at most once per layer and edit).
    std::vector<isostar::terrain::CellTerrains> cells;
    for (ProfileTerrain& t : m_world.terrains) {
        cells.clear();
        for (isostar::TileCoord c : out.tiles) {
            // On an infinite map a cell is void exactly when no layer has a tile on it.
            isostar::terrain::CellTerrains ct{c, {}, std::nullopt};
            if (m_world.form.infinite && m_world.frame.onMap(c))
                ct.isVoid = !cellHasTile(m_world.map, c);
            for (const std::string& name : isostar::terrain::terrainNamesAt(m_world.map, c, &m_world.config.base))
                ct.terrains.push_back(t.terrain.addTerrain(name)); // the map's own names, warned at load
            cells.push_back(std::move(ct));
        }
        addLayerChange(out, t.terrain.setCells(m_world.nav, cells));
    }
    sortCostCells(out);
    noteEdit();
    return out;
}

WorldEdit WorldHost::editWith(const std::function<isostar::edit::EditResult(isostar::edit::MapEditor&)>& edit)
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(edit(*m_editor));
}

WorldEdit WorldHost::editCell(isostar::TileCoord c,
                              const std::function<isostar::edit::EditResult(isostar::edit::MapEditor&)>& edit)
{
    if (m_editor && !m_world.frame.identity() && !m_world.frame.onMap(c)) {
        const isostar::TileCoord t = m_world.frame.toTiled(c);
        std::string where(1, '('); // piece by piece: GCC 12 warns falsely (-Wrestrict) on "(" + to_string
        where += std::to_string(t.x);
        where += ", ";
        where += std::to_string(t.y);
        return {false, where + ") is off the map", {}, {}, {}};
    }
    return editWith(edit);
}

WorldEdit WorldHost::paint(isostar::TileCoord c, const std::string& terrain)
{
    return editCell(c, [&](isostar::edit::MapEditor& e) { return e.paint(c, terrain); });
}

WorldEdit WorldHost::paintTile(isostar::TileCoord c, std::uint32_t gid)
{
    return editCell(c, [&](isostar::edit::MapEditor& e) { return e.paintTile(c, gid); });
}

WorldEdit WorldHost::erase(isostar::TileCoord c)
{
    return editCell(c, [&](isostar::edit::MapEditor& e) { return e.erase(c); });
}

WorldEdit WorldHost::setErupting(isostar::TileCoord c, bool on)
{
    return editCell(c, [&](isostar::edit::MapEditor& e) { return e.setErupting(c, on); });
}

WorldEdit WorldHost::toggleErupting(isostar::TileCoord c)
{
    return editCell(c, [&](isostar::edit::MapEditor& e) { return e.toggleErupting(c); });
}

WorldEdit WorldHost::undo()
{
    return editWith([&](isostar::edit::MapEditor& e) { return e.undo(); });
}

WorldEdit WorldHost::redo()
{
    return editWith([&](isostar::edit::MapEditor& e) { return e.redo(); });
}

void WorldHost::beginStroke()
{
    if (m_editor)
        m_editor->beginStroke();
}

void WorldHost::endStroke()
{
    if (m_editor)
        m_editor->endStroke();
}

const std::vector<isostar::edit::BrushTile>& WorldHost::palette() const
{
    static const std::vector<isostar::edit::BrushTile> none;
    return m_editor ? m_editor->palette() : none;
}

isostar::Result<isostar::map::SaveReport> WorldHost::save(const std::string& path)
{
    isostar::map::SaveOptions options;
    options.pathProperties.push_back(std::string(isostar::terrain::ConfigProperty));
    // A staggered or infinite map goes back into its file's form (the identity frame: as is).
    auto saved = m_world.frame.identity()
                     ? isostar::map::saveMapTiles(m_world.map, path, true, options)
                     : isostar::map::saveMapTiles(isostar::map::tiledMap(m_world.map, m_world.frame, m_world.form),
                                                  path, true, options);
    if (saved)
        m_watcher.watch(watchedFiles(m_world));
    return saved;
}

bool WorldHost::filesChanged(double nowSec)
{
    // A change still settling is looked at again as soon as it may have settled.
    const double interval =
        m_watcher.settling() ? std::min(PollIntervalSec, m_watcher.settleTime()) : PollIntervalSec;
    if (nowSec - m_lastPollSec < interval)
        return false;
    m_lastPollSec = nowSec;
    return !m_watcher.poll(nowSec).empty();
}

void WorldHost::setSettleTime(double seconds)
{
    m_watcher.setSettleTime(seconds);
}

} // namespace game
