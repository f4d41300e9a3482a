#pragma once
/// \file WangReference.hpp
/// The entry cost of every cell of a Tiled map whose tiles carry only wang colours (Tiled's own
/// grass-and-water example), worked out here from the wangids as the rule reads ("the colour
/// that covers most of its corners and edges; a tie goes to the dearer terrain"), sharing no
/// code with engine/terrain. Tests hold the engine's terrain and paths on such maps against it;
/// also the Tiled example's paths and how to copy it with a colour renamed.

#include "engine/map/MapData.hpp"
#include "engine/path/CostField.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace testsupport {

/// Where the installed `tiled` package keeps its examples.
inline const std::string kTiledExamples = "/usr/share/doc/tiled/examples";
/// Tiled's isometric example with a lake: one layer, one tileset, one corner wang set.
inline const std::string kGrassAndWater = kTiledExamples + "/isometric_grass_and_water.tmx";

/// The cost of every cell: the first tile layer's tile, its wangid counted per colour (the
/// first wang set of its tileset), the most frequent colour's cost in `costOf` (keyed by the
/// colour's name as Tiled writes it; Impassable for impassable), ties to the higher cost. A cell
/// without a tile or colour costs 1.
inline isostar::path::CostField wangCostField(const isostar::map::MapData& map, const std::map<std::string, float>& costOf)
{
    isostar::path::CostField f(map.width, map.height, 1.0f);
    const isostar::map::Layer* layer = nullptr;
    for (const isostar::map::Layer& l : map.layers)
        if (!layer && l.type == isostar::map::LayerType::Tile)
            layer = &l;
    if (!layer)
        return f;
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x) {
            const isostar::map::Gid gid = layer->tiles.at(x, y);
            const isostar::map::Tileset* ts = gid ? map.tilesetFor(gid) : nullptr;
            if (!ts || ts->wangSets.empty())
                continue;
            const isostar::map::WangSet& set = ts->wangSets.front();
            for (const isostar::map::WangTile& t : set.tiles) {
                if (t.tileId != gid - ts->firstGid)
                    continue;
                std::map<int, int> count;
                for (std::uint8_t c : t.wangId)
                    if (c != 0)
                        ++count[c];
                int bestCount = 0;
                float bestCost = 1.0f;
                for (const auto& [colour, n] : count) {
                    const float cost = costOf.at(set.colors[std::size_t(colour - 1)].name);
                    if (n > bestCount || (n == bestCount && cost > bestCost)) {
                        bestCount = n;
                        bestCost = cost;
                    }
                }
                f.at({x, y}) = bestCost;
            }
        }
    return f;
}

/// Copies Tiled's grass-and-water example (and its image) into `folder` with its "Water" wang
/// colour renamed `newName`; returns the copy's path.
inline std::string grassAndWaterRenamed(const std::filesystem::path& folder, const std::string& newName)
{
    std::ifstream in(kGrassAndWater);
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    const std::string from = "name=\"Water\"";
    if (const std::size_t at = s.find(from); at != std::string::npos)
        s.replace(at, from.size(), "name=\"" + newName + "\"");
    const std::filesystem::path copy = folder / "grass_and_renamed.tmx";
    std::ofstream(copy) << s;
    std::filesystem::copy_file(kTiledExamples + "/isometric_grass_and_water.png",
                               folder / "isometric_grass_and_water.png",
                               std::filesystem::copy_options::overwrite_existing);
    return copy.string();
}

} // namespace testsupport
