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

std::vector<eng::Diagnostic> WorldHost::open(const WorldOptions& options)
{
    auto w = loadWorld(options);
    if (!w)
        return w.diagnostics();
    m_world = std::move(w).value();
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

void WorldHost::adopt(World world)
{
    m_world = std::move(world);
    m_loaded = true;
    ++m_version;
    ++m_reloads;
    m_watcher.watch(watchedFiles(m_world));
}

void WorldHost::noteEdit()
{
    ++m_version;
    ++m_edits;
}

bool WorldHost::filesChanged(double nowSec)
{
    if (nowSec - m_lastPollSec < PollIntervalSec)
        return false;
    m_lastPollSec = nowSec;
    return !m_watcher.poll().empty();
}

} // namespace game
