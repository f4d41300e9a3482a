#include "game/world/WorldHost.hpp"

#include "engine/terrain/MapTerrain.hpp"

#include <algorithm>
#include <filesystem>

namespace game {

std::vector<std::string> watchedFiles(const World& world)
{
    std::vector<std::string> files;
    auto add = [&](const std::string& p) {
        if (!p.empty() && std::find(files.begin(), files.end(), p) == files.end())
            files.push_back(p);
    };
    add(world.map.path.empty() ? world.options.mapPath : world.map.path);
    for (const eng::map::Tileset& t : world.map.tilesets)
        add(t.source);
    eng::map::forEachLayer(world.map.layers, [&](const eng::map::Layer& layer) {
        for (const eng::map::Object& o : layer.objects)
            add(o.templatePath);
    });
    if (!world.configPath.empty())
        add(world.configPath);
    else if (world.options.configPath.empty()) {
        // Built-in rules: a terrain.toml saved beside the map later takes over.
        const std::filesystem::path map(world.options.mapPath);
        add((map.parent_path() / std::string(eng::terrain::DefaultConfigFileName)).string());
    }
    return files;
}

WorldHost::WorldHost() = default;

WorldHost::~WorldHost() = default;

std::vector<eng::Diagnostic> WorldHost::open(const WorldOptions& options)
{
    auto w = loadWorld(options);
    if (!w)
        return w.diagnostics();
    m_editor.reset();
    m_world = std::move(w).value();
    m_editor = std::make_unique<eng::edit::MapEditor>(m_world.map);
    m_loaded = true;
    m_version = 1;
    m_reloads = 0;
    m_edits = 0;
    m_watcher.watch(watchedFiles(m_world));
    return {};
}

eng::Result<World> WorldHost::loadAgain() const
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
        for (int i = 0; i < world.nav.layerCount(); ++i) {
            const eng::terrain::TerrainField& t = world.terrains[std::size_t(i)].terrain;
            eng::path::NavDirty d = m_world.nav.replaceLayer(i, t.costField(), t.rules().movement);
            if (!d.empty())
                swap.dirty.push_back(std::move(d));
        }
        world.nav = std::move(m_world.nav);  // the same grid object, now with the new costs
    }
    m_editor.reset();
    m_world = std::move(world);
    m_editor = std::make_unique<eng::edit::MapEditor>(m_world.map);
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

WorldEdit WorldHost::applyEdit(eng::edit::EditResult r)
{
    WorldEdit out;
    out.ok = r.ok;
    out.error = std::move(r.error);
    out.tiles = std::move(r.cells);
    if (!out.ok || out.tiles.empty())
        return out;
    std::vector<eng::TileCoord> costCells;
    for (ProfileTerrain& t : m_world.terrains) {
        for (eng::TileCoord c : out.tiles) {
            std::vector<eng::terrain::TerrainId> ids;
            for (const std::string& name : eng::terrain::terrainNamesAt(m_world.map, c))
                ids.push_back(t.terrain.terrainId(name));
            for (eng::TileCoord changed : t.terrain.setCell(c, ids))
                costCells.push_back(changed);
        }
    }
    std::sort(costCells.begin(), costCells.end());
    costCells.erase(std::unique(costCells.begin(), costCells.end()), costCells.end());
    for (std::size_t layer = 0; layer < m_world.terrains.size(); ++layer) {
        const eng::path::CostField& f = m_world.terrains[layer].terrain.costField();
        std::vector<eng::path::CellChange> changes;
        for (eng::TileCoord c : costCells)
            changes.push_back({c, f.at(c)});
        eng::path::NavDirty d = m_world.nav.apply(int(layer), changes);
        if (!d.empty())
            out.dirty.push_back(std::move(d));
    }
    out.costCells = std::move(costCells);
    noteEdit();
    return out;
}

WorldEdit WorldHost::paint(eng::TileCoord c, const std::string& terrain)
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(m_editor->paint(c, terrain));
}

WorldEdit WorldHost::paintTile(eng::TileCoord c, std::uint32_t gid)
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(m_editor->paintTile(c, gid));
}

WorldEdit WorldHost::erase(eng::TileCoord c)
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(m_editor->erase(c));
}

WorldEdit WorldHost::setErupting(eng::TileCoord c, bool on)
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(m_editor->setErupting(c, on));
}

WorldEdit WorldHost::toggleErupting(eng::TileCoord c)
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(m_editor->toggleErupting(c));
}

WorldEdit WorldHost::undo()
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(m_editor->undo());
}

WorldEdit WorldHost::redo()
{
    if (!m_editor)
        return {false, "no map loaded", {}, {}, {}};
    return applyEdit(m_editor->redo());
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

const std::vector<eng::edit::BrushTile>& WorldHost::palette() const
{
    static const std::vector<eng::edit::BrushTile> none;
    return m_editor ? m_editor->palette() : none;
}

eng::Result<eng::map::SaveReport> WorldHost::save(const std::string& path)
{
    eng::map::SaveOptions options;
    options.pathProperties.push_back(std::string(eng::terrain::ConfigProperty));
    auto saved = eng::map::saveMapTiles(m_world.map, path, true, options);
    if (saved)
        m_watcher.watch(watchedFiles(m_world));
    return saved;
}

bool WorldHost::filesChanged(double nowSec)
{
    if (nowSec - m_lastPollSec < PollIntervalSec)
        return false;
    m_lastPollSec = nowSec;
    return !m_watcher.poll().empty();
}

} // namespace game
