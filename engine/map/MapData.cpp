#include "engine/map/MapData.hpp"

#include "engine/map/detail/LoadContext.hpp"

#include <algorithm>
#include <cmath>

namespace eng::map {

const Property* findProperty(const Properties& props, const std::string& name)
{
    for (const Property& p : props)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::string propertyString(const Properties& props, const std::string& name,
                           const std::string& fallback)
{
    const Property* p = findProperty(props, name);
    return p ? p->value : fallback;
}

const TileInfo* Tileset::findTile(std::uint32_t localId) const
{
    auto it = std::lower_bound(tiles.begin(), tiles.end(), localId,
                               [](const TileInfo& t, std::uint32_t id) { return t.id < id; });
    return it != tiles.end() && it->id == localId ? &*it : nullptr;
}

const Tileset* MapData::tilesetFor(Gid gid) const
{
    if (gid == 0)
        return nullptr;
    // The owner is the tileset with the largest firstGid <= gid (tilesets are sorted).
    auto it = std::upper_bound(tilesets.begin(), tilesets.end(), gid,
                               [](Gid g, const Tileset& t) { return g < t.firstGid; });
    if (it == tilesets.begin())
        return nullptr;
    const Tileset& ts = *std::prev(it);
    return ts.contains(gid) ? &ts : nullptr;
}

const TileInfo* MapData::tileInfo(Gid gid) const
{
    const Tileset* ts = tilesetFor(gid);
    return ts ? ts->findTile(gid - ts->firstGid) : nullptr;
}

TilePos objectToTile(const MapData& map, double x, double y)
{
    const double tw = map.tileWidth > 0 ? map.tileWidth : 1.0;
    const double th = map.tileHeight > 0 ? map.tileHeight : 1.0;
    switch (map.orientation) {
    case Orientation::Orthogonal:
        return {x / tw, y / th};
    case Orientation::Isometric:
        // Tiled's isometric object space: both axes in tile-height pixels along the tile axes.
        return {x / th, y / th};
    case Orientation::Staggered:
    case Orientation::Hexagonal:
        break;
    }
    // Staggered / hexagonal: objects are in plain pixels. Find the cell whose rectangle (in the
    // staggered layout) holds the point: rows (or columns) advance by half a tile plus half the
    // hex side, every other one shifted by half a tile. Fractions stay inside the chosen cell.
    const bool hex = map.orientation == Orientation::Hexagonal;
    const double side = hex ? map.hexSideLength : 0.0;
    const bool oddShift = map.staggerIndex == StaggerIndex::Odd;
    if (map.staggerAxis == StaggerAxis::Y) {
        const double rowStep = (th + side) / 2.0;
        const double row = std::floor(y / rowStep);
        const bool shifted = ((static_cast<long long>(row) & 1) != 0) == oddShift;
        return {(x - (shifted ? tw / 2.0 : 0.0)) / tw, row + (y - row * rowStep) / th};
    }
    const double colStep = (tw + side) / 2.0;
    const double col = std::floor(x / colStep);
    const bool shifted = ((static_cast<long long>(col) & 1) != 0) == oddShift;
    return {col + (x - col * colStep) / tw, (y - (shifted ? th / 2.0 : 0.0)) / th};
}

namespace detail {

LineTable::LineTable(std::string_view text)
{
    m_lineStarts.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n')
            m_lineStarts.push_back(i + 1);
}

int LineTable::lineAt(std::size_t offset) const
{
    if (m_lineStarts.empty())
        return 0;
    auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    return int(it - m_lineStarts.begin());
}

bool GidRanges::accepts(Gid gid) const
{
    Gid bestFailed = 0;
    for (Gid f : failedFirstGids)
        if (f <= gid && f > bestFailed)
            bestFailed = f;
    const Tileset* best = nullptr;
    if (tilesets)
        for (const Tileset& t : *tilesets)
            if (t.firstGid <= gid && (!best || t.firstGid > best->firstGid))
                best = &t;
    if (bestFailed != 0 && (!best || bestFailed > best->firstGid))
        return true; // its tileset failed to load; that was reported already
    return best && best->contains(gid);
}

} // namespace detail

} // namespace eng::map
