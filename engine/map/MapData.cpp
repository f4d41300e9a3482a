#include "engine/map/MapData.hpp"

#include "engine/map/detail/LoadContext.hpp"

#include <algorithm>
#include <cmath>

namespace isostar::map {

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
    // Staggered / hexagonal: objects are in plain pixels. The cell under a point is the one
    // whose centre is nearest (diamond distance for staggered maps, Euclidean for hexagons),
    // among the few candidates around it — the same hit test as Tiled's renderers. Cell centres
    // follow Tiled's HexagonalRenderer layout (a staggered map is one with side length 0).
    const bool hex = map.orientation == Orientation::Hexagonal;
    const double side = hex ? map.hexSideLength : 0.0;
    const bool staggerX = map.staggerAxis == StaggerAxis::X;
    const bool evenIndex = map.staggerIndex == StaggerIndex::Even;
    const double colStep = staggerX ? (tw + side) / 2.0 : tw;
    const double rowStep = staggerX ? th : (th + side) / 2.0;
    auto shifted = [&](long long i) { return ((i & 1) != 0) != evenIndex; };
    auto centre = [&](long long c, long long r) {
        double cx = double(c) * colStep + tw / 2.0;
        double cy = double(r) * rowStep + th / 2.0;
        if (staggerX && shifted(c))
            cy += th / 2.0;
        if (!staggerX && shifted(r))
            cx += tw / 2.0;
        return Vec2{cx, cy};
    };
    const long long c0 = static_cast<long long>(std::floor(x / colStep));
    const long long r0 = static_cast<long long>(std::floor(y / rowStep));
    long long bestC = c0, bestR = r0;
    double best = -1.0;
    for (long long r = r0 - 2; r <= r0 + 1; ++r) {
        for (long long c = c0 - 2; c <= c0 + 1; ++c) {
            const Vec2 ctr = centre(c, r);
            const double dx = x - ctr.x, dy = y - ctr.y;
            const double d = hex ? dx * dx + dy * dy
                                 : std::fabs(dx) / (tw / 2.0) + std::fabs(dy) / (th / 2.0);
            if (best < 0.0 || d < best) {
                best = d;
                bestC = c;
                bestR = r;
            }
        }
    }
    return {double(bestC), double(bestR)};
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

} // namespace isostar::map
