#include "engine/edit/Palette.hpp"

#include "engine/edit/TileCatalog.hpp"

#include <ostream>

namespace isostar::edit {

std::vector<BrushTile> buildPalette(const map::MapData& map)
{
    return buildPalette(map, TileCatalog(map));
}

namespace {

bool isTransition(const map::Tileset& ts, std::uint32_t localId)
{
    for (const map::WangSet& set : ts.wangSets) {
        if (set.type == map::WangSetType::Edge)
            continue;
        for (const map::WangTile& wt : set.tiles)
            if (wt.tileId == localId && wt.cornersMixed())
                return true;
    }
    return false;
}

} // namespace

std::vector<BrushTile> buildPalette(const map::MapData& map, const TileCatalog& catalog)
{
    std::vector<BrushTile> palette;
    std::vector<bool> familyListed(catalog.families().size(), false);
    for (const map::Tileset& ts : map.tilesets)
        for (const map::TileInfo& info : ts.tiles) { // sorted by id
            const map::Gid gid = ts.firstGid + info.id;
            const TileClass* cls = catalog.classify(gid);
            if (!cls || isTransition(ts, info.id))
                continue;
            BrushTile b;
            b.gid = gid;
            b.terrain = cls->terrain;
            b.overlay = cls->overlay;
            b.autotile = cls->family >= 0;
            b.tileset = ts.name;
            b.localId = int(info.id);
            if (b.autotile) {
                if (familyListed[std::size_t(cls->family)])
                    continue;
                familyListed[std::size_t(cls->family)] = true;
                b.gid = catalog.families()[std::size_t(cls->family)].representative;
                b.localId = int(b.gid - ts.firstGid);
                if (const TileClass* rep = catalog.classify(b.gid))
                    b.overlay = rep->overlay;
            }
            palette.push_back(std::move(b));
        }
    return palette;
}

std::ostream& operator<<(std::ostream& os, const BrushTile& b)
{
    os << b.tileset << '#' << b.localId << ' ' << b.terrain << " (" << (b.overlay ? "overlay" : "ground");
    if (b.autotile)
        os << ", autotile";
    return os << ") gid " << b.gid;
}

} // namespace isostar::edit
