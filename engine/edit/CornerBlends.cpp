#include "engine/edit/CornerBlends.hpp"

#include <algorithm>

namespace isostar::edit {

namespace {

std::string blendTerrainOf(const map::Tileset& ts, int localId)
{
    const map::TileInfo* info = localId >= 0 ? ts.findTile(std::uint32_t(localId)) : nullptr;
    return info ? map::propertyString(info->properties, "terrain") : std::string();
}

// Tiled's corner slots of a wang id in our corner order: top vertex (x, y) = top-left (7), right
// (x+1, y) = top-right (1), bottom (x+1, y+1) = bottom-right (3), left (x, y+1) = bottom-left (5).
constexpr int CornerSlot[4] = {7, 1, 3, 5};
// Offset of each corner's vertex from the cell's (x, y).
constexpr int VertexDx[4] = {0, 1, 1, 0};
constexpr int VertexDy[4] = {0, 0, 1, 1};

int cornerCount(int mask)
{
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);
}

/// A corner set's tile: its corner mask of colour 2 (bit i = corner i), -1 when a corner is
/// neither colour 1 nor 2.
int colourTwoMask(const map::WangTile& wt)
{
    int mask = 0;
    for (int i = 0; i < 4; ++i) {
        const int colour = wt.wangId[CornerSlot[i]];
        if (colour != 1 && colour != 2)
            return -1;
        mask |= (colour == 2 ? 1 : 0) << i;
    }
    return mask;
}

} // namespace

CornerBlends::CornerBlends(const map::MapData& map)
{
    for (std::size_t ti = 0; ti < map.tilesets.size(); ++ti)
        for (std::size_t si = 0; si < map.tilesets[ti].wangSets.size(); ++si)
            addSet(map.tilesets[ti], ti, si);
}

int CornerBlends::kindId(std::size_t tileset, const std::string& name)
{
    for (std::size_t k = 0; k < m_kinds.size(); ++k)
        if (m_kinds[k].tileset == tileset && m_kinds[k].name == name)
            return int(k);
    m_kinds.push_back(Kind{tileset, name, 0, 0, {}});
    return int(m_kinds.size()) - 1;
}

void CornerBlends::addSet(const map::Tileset& ts, std::size_t ti, std::size_t si)
{
    const map::WangSet& ws = ts.wangSets[si];
    if (ws.type != map::WangSetType::Corner || ws.colors.size() != 2)
        return;
    // The mixed tiles' one terrain, and each colour's plain terrain.
    std::string mixed, plain[2];
    bool oneTerrain = true;
    for (const map::WangTile& wt : ws.tiles) {
        const int m = colourTwoMask(wt);
        const std::string t = blendTerrainOf(ts, int(wt.tileId));
        if (m > 0 && m < 15) {
            oneTerrain = oneTerrain && !t.empty() && (mixed.empty() || mixed == t);
            mixed = t;
        } else if (m >= 0 && plain[m / 15].empty())
            plain[m / 15] = t;
    }
    for (int k = 0; k < 2; ++k)
        if (const std::string t = blendTerrainOf(ts, ws.colors[std::size_t(k)].tile); !t.empty())
            plain[k] = t;
    if (!oneTerrain || mixed.empty())
        return;
    int base = -1;
    if (plain[0] == mixed && plain[1] == mixed)
        base = ws.colors[0].name == mixed ? 0 : ws.colors[1].name == mixed ? 1 : -1;
    else if (plain[0] == mixed || plain[1] == mixed)
        base = plain[0] == mixed ? 0 : 1;
    if (base < 0)
        return; // no colour's plain tiles carry the mixed tiles' terrain: a re-pick would rename cells

    Set set;
    const int setIndex = int(m_sets.size());
    for (const map::WangTile& wt : ws.tiles) {
        const int m2 = colourTwoMask(wt);
        if (m2 < 0)
            continue;
        const int mask = base == 0 ? m2 : m2 ^ 15; // bits = the other colour's corners
        const map::Gid gid = ts.firstGid + wt.tileId;
        if (set.tiles[std::size_t(mask)] == 0 || gid < set.tiles[std::size_t(mask)])
            set.tiles[std::size_t(mask)] = gid;
    }
    if (set.tiles[0] == 0)
        return; // no plain base tile to return to
    auto colourKind = [&](int k) {
        const map::WangColor& c = ws.colors[std::size_t(k)];
        return kindId(ti, c.name.empty() ? plain[k] : c.name);
    };
    set.base = colourKind(base);
    set.other = colourKind(1 - base);
    set.otherKeepsTerrain = set.tiles[15] != 0 && blendTerrainOf(ts, int(set.tiles[15] - ts.firstGid)) == mixed;
    for (const map::WangTile& wt : ws.tiles) {
        const int m2 = colourTwoMask(wt);
        if (m2 < 0)
            continue;
        const int mask = base == 0 ? m2 : m2 ^ 15;
        TileEntry e;
        e.kind = mask == 15 ? set.other : set.base;
        e.plain = mask == 0 || mask == 15;
        e.set = e.plain ? -1 : setIndex;
        e.mask = mask;
        m_tiles.emplace(ts.firstGid + wt.tileId, e); // a plain tile keeps its first set's entry
    }
    Kind& b = m_kinds[std::size_t(set.base)];
    if (b.plain == 0) {
        const int colourTile = ws.colors[std::size_t(base)].tile;
        const auto it = colourTile >= 0 ? m_tiles.find(ts.firstGid + map::Gid(colourTile)) : m_tiles.end();
        b.plain = it != m_tiles.end() && it->second.plain && it->second.kind == set.base ? it->first : set.tiles[0];
    }
    b.baseOf.push_back(setIndex);
    ++m_kinds[std::size_t(set.other)].overCount;
    m_sets.push_back(set);
}

int CornerBlends::kindOf(map::Gid gid) const
{
    const auto it = m_tiles.find(gid);
    return it == m_tiles.end() ? -1 : it->second.kind;
}

const std::string& CornerBlends::kindName(int kind) const
{
    static const std::string none;
    return kind >= 0 && std::size_t(kind) < m_kinds.size() ? m_kinds[std::size_t(kind)].name : none;
}

map::Gid CornerBlends::pick(TileCoord c, const KindAt& kindAt, map::Gid current) const
{
    const int self = kindAt(c);
    if (self < 0 || std::size_t(self) >= m_kinds.size() || m_kinds[std::size_t(self)].baseOf.empty())
        return current;
    int around[3][3]; // [dy + 1][dx + 1]
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            around[dy + 1][dx + 1] = kindAt({c.x + dx, c.y + dy});
    const auto entry = m_tiles.find(current);
    const TileEntry now = entry == m_tiles.end() ? TileEntry{} : entry->second;

    int best = -1, bestMask = 0, bestTouch[4] = {};
    for (int s : m_kinds[std::size_t(self)].baseOf) {
        const int other = m_sets[std::size_t(s)].other;
        int mask = 0, touch[4] = {};
        for (int v = 0; v < 4; ++v) {
            // The cells touching vertex v: offsets VertexD - 1 .. VertexD on each axis.
            for (int dy = VertexDy[v] - 1; dy <= VertexDy[v]; ++dy)
                for (int dx = VertexDx[v] - 1; dx <= VertexDx[v]; ++dx)
                    touch[v] += around[dy + 1][dx + 1] == other ? 1 : 0;
            mask |= (touch[v] > 0 ? 1 : 0) << v;
        }
        if (mask == 0)
            continue;
        const bool better = best < 0 || cornerCount(mask) > cornerCount(bestMask) ||
                            (cornerCount(mask) == cornerCount(bestMask) &&
                             m_kinds[std::size_t(other)].overCount >
                                 m_kinds[std::size_t(m_sets[std::size_t(best)].other)].overCount);
        if (better) {
            best = s;
            bestMask = mask;
            std::copy(touch, touch + 4, bestTouch);
        }
    }
    if (best < 0)
        return now.plain && now.kind == self ? current : m_kinds[std::size_t(self)].plain;
    const Set& set = m_sets[std::size_t(best)];
    if (bestMask == 15) {
        if (set.otherKeepsTerrain)
            return now.plain && now.kind == set.other ? current : set.tiles[15];
        int keep = 0;
        for (int v = 1; v < 4; ++v)
            if (bestTouch[v] < bestTouch[keep])
                keep = v;
        bestMask &= ~(1 << keep);
    }
    if (now.set == best && now.mask == bestMask)
        return current;
    const map::Gid tile = set.tiles[std::size_t(bestMask)];
    return tile != 0 ? tile : current; // a set without that combination: the cell keeps its tile
}

} // namespace isostar::edit
