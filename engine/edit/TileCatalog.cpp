#include "engine/edit/TileCatalog.hpp"

#include <algorithm>

namespace isostar::edit {

namespace {

std::string terrainOf(const map::TileInfo& info)
{
    return map::propertyString(info.properties, std::string(TerrainProperty));
}

std::string terrainOfLocal(const map::Tileset& ts, int localId)
{
    if (localId < 0)
        return {};
    const map::TileInfo* info = ts.findTile(std::uint32_t(localId));
    return info ? terrainOf(*info) : std::string();
}

/// Height of a tile's image in pixels: the tileset's tile height, or a collection tile's own.
int tileImageHeight(const map::Tileset& ts, const map::TileInfo& info)
{
    if (!ts.isCollection())
        return ts.tileHeight;
    return info.height > 0 ? info.height : info.imageHeight;
}

/// The names of a `connects` value: split at commas, spaces and tabs around each trimmed, empty
/// names dropped.
std::vector<std::string> connectNames(const std::string& value)
{
    std::vector<std::string> names;
    std::size_t begin = 0;
    while (begin <= value.size()) {
        std::size_t end = value.find(',', begin);
        if (end == std::string::npos)
            end = value.size();
        std::size_t a = begin, b = end;
        while (a < b && (value[a] == ' ' || value[a] == '\t'))
            ++a;
        while (b > a && (value[b - 1] == ' ' || value[b - 1] == '\t'))
            --b;
        if (b > a)
            names.push_back(value.substr(a, b - a));
        begin = end + 1;
    }
    return names;
}

// Edge slots of Tiled's wangid: top, right, bottom, left (corners at the odd indices).
constexpr int EdgeSlot[4] = {0, 2, 4, 6};

} // namespace

TileCoord neighbour(TileCoord c, unsigned edgeBit)
{
    switch (edgeBit) {
    case edge::North: return {c.x, c.y - 1};
    case edge::East: return {c.x + 1, c.y};
    case edge::South: return {c.x, c.y + 1};
    default: return {c.x - 1, c.y};
    }
}

TileCatalog::TileCatalog(const map::MapData& map)
{
    for (std::size_t ti = 0; ti < map.tilesets.size(); ++ti) {
        const map::Tileset& ts = map.tilesets[ti];
        // Families first: a tile's class depends on whether its terrain is autotiled here.
        addFamilies(ts, ti);
        addClasses(ts, ti, map.tileHeight);
    }
    // `connects` may name a family of another tileset (tall.tsx's bridges join ground.tsx's
    // roads), so it is resolved once every tileset's families are known.
    resolveJoins(map);
}

void TileCatalog::addFamilies(const map::Tileset& ts, std::size_t ti)
{
    for (std::size_t si = 0; si < ts.wangSets.size(); ++si) {
        const map::WangSet& set = ts.wangSets[si];
        if (set.type != map::WangSetType::Edge)
            continue;
        std::vector<Wang> wangs;
        for (const map::WangTile& wt : set.tiles) {
            Wang w;
            w.gid = ts.firstGid + wt.tileId;
            for (int e = 0; e < 4; ++e)
                w.edges[e] = wt.wangId[EdgeSlot[e]];
            wangs.push_back(w);
        }
        std::sort(wangs.begin(), wangs.end(), [](const Wang& a, const Wang& b) { return a.gid < b.gid; });
        for (std::size_t ci = 0; ci < set.colors.size(); ++ci)
            addFamily(ts, ti, si, ci, wangs);
    }
}

void TileCatalog::addFamily(const map::Tileset& ts, std::size_t ti, std::size_t si, std::size_t ci,
                            const std::vector<Wang>& wangs)
{
    const map::WangSet& set = ts.wangSets[si];
    const int color = int(ci) + 1;
    std::string terrain = terrainOfLocal(ts, set.colors[ci].tile);
    for (std::size_t k = 0; terrain.empty() && k < set.tiles.size(); ++k) {
        const map::WangTile& wt = set.tiles[k];
        for (int e = 0; e < 4; ++e)
            if (wt.wangId[EdgeSlot[e]] == color) {
                terrain = terrainOfLocal(ts, int(wt.tileId));
                break;
            }
    }
    const bool taken = std::any_of(m_families.begin(), m_families.end(), [&](const AutotileFamily& f) {
        return f.tileset == ti && f.terrain == terrain;
    });
    if (terrain.empty() || taken)
        return;
    AutotileFamily family;
    family.tileset = ti;
    family.wangSet = si;
    family.color = color;
    family.terrain = terrain;
    family.colorName = set.colors[ci].name;
    const int colorTile = set.colors[ci].tile;
    m_colorTile.push_back(colorTile >= 0 ? ts.firstGid + map::Gid(colorTile) : 0);
    m_setTile.push_back(set.tile >= 0 ? ts.firstGid + map::Gid(set.tile) : 0);
    for (const map::TileInfo& info : ts.tiles) { // sorted by id
        if (terrainOf(info) != terrain)
            continue;
        const map::Gid gid = ts.firstGid + info.id;
        const bool listed = std::any_of(wangs.begin(), wangs.end(), [&](const Wang& w) { return w.gid == gid; });
        if (!listed && family.isolated == 0)
            family.isolated = gid;
        if (family.representative == 0)
            family.representative = gid;
    }
    if (m_colorTile.back() != 0)
        family.representative = m_colorTile.back();
    else if (m_setTile.back() != 0)
        family.representative = m_setTile.back();
    m_families.push_back(std::move(family));
    m_wangTiles.push_back(wangs);
}

void TileCatalog::addClasses(const map::Tileset& ts, std::size_t ti, int mapTileHeight)
{
    for (const map::TileInfo& info : ts.tiles) {
        std::string terrain = terrainOf(info);
        if (terrain.empty())
            continue;
        const map::Gid gid = ts.firstGid + info.id;
        TileClass cls;
        cls.tileset = ti;
        for (std::size_t f = 0; f < m_families.size(); ++f)
            if (m_families[f].tileset == ti && m_families[f].terrain == terrain) {
                cls.family = int(f);
                break;
            }
        const std::string layer = map::propertyString(info.properties, std::string(LayerProperty));
        if (layer == "ground" || layer == "overlay")
            cls.overlay = layer == "overlay";
        else
            cls.overlay = cls.family >= 0 || tileImageHeight(ts, info) != mapTileHeight;
        const bool seen = std::any_of(m_firstOf.begin(), m_firstOf.end(), [&](const auto& e) {
            return e.first == ti && e.second.first == terrain;
        });
        if (!seen)
            m_firstOf.push_back({ti, {terrain, gid}});
        cls.terrain = std::move(terrain);
        m_classes.emplace(gid, std::move(cls));
    }
}

void TileCatalog::resolveJoins(const map::MapData& map)
{
    for (const map::Tileset& ts : map.tilesets)
        for (const map::TileInfo& info : ts.tiles) {
            const std::string value = map::propertyString(info.properties, std::string(ConnectsProperty));
            if (value.empty())
                continue;
            std::vector<int> joined;
            for (const std::string& name : connectNames(value))
                for (std::size_t f = 0; f < m_families.size(); ++f) {
                    const AutotileFamily& family = m_families[f];
                    if ((name == family.terrain || name == family.colorName) &&
                        std::find(joined.begin(), joined.end(), int(f)) == joined.end())
                        joined.push_back(int(f));
                }
            std::sort(joined.begin(), joined.end());
            if (!joined.empty())
                m_joins.emplace(ts.firstGid + info.id, std::move(joined));
        }
}

const TileClass* TileCatalog::classify(map::Gid gid) const
{
    auto it = m_classes.find(gid);
    return it == m_classes.end() ? nullptr : &it->second;
}

int TileCatalog::familyOf(map::Gid gid) const
{
    const TileClass* cls = classify(gid);
    return cls ? cls->family : -1;
}

bool TileCatalog::carries(map::Gid gid, int family) const
{
    if (family < 0)
        return false;
    if (familyOf(gid) == family)
        return true;
    const std::vector<int>& joined = joins(gid);
    return std::find(joined.begin(), joined.end(), family) != joined.end();
}

const std::vector<int>& TileCatalog::joins(map::Gid gid) const
{
    static const std::vector<int> none;
    auto it = m_joins.find(gid);
    return it == m_joins.end() ? none : it->second;
}

map::Gid TileCatalog::pickVariant(int family, unsigned mask, map::Gid current) const
{
    if (family < 0 || std::size_t(family) >= m_families.size())
        return 0;
    const std::uint8_t color = std::uint8_t(m_families[std::size_t(family)].color);
    std::uint8_t want[4];
    for (int e = 0; e < 4; ++e)
        want[e] = (mask & (1u << e)) ? color : 0;
    const std::vector<Wang>& wangs = m_wangTiles[std::size_t(family)];
    map::Gid exact = 0;
    map::Gid best = 0;
    int bestScore = -1;
    for (const Wang& w : wangs) { // by id: the first exact / best match is the lowest id
        int score = 0;
        for (int e = 0; e < 4; ++e)
            score += w.edges[e] == want[e] ? 1 : 0;
        if (score == 4) {
            if (w.gid == current)
                return current;
            if (exact == 0)
                exact = w.gid;
        }
        if (score > bestScore) {
            bestScore = score;
            best = w.gid;
        }
    }
    if (exact != 0)
        return exact;
    if (mask == 0) {
        if (m_families[std::size_t(family)].isolated != 0)
            return m_families[std::size_t(family)].isolated;
        if (m_colorTile[std::size_t(family)] != 0)
            return m_colorTile[std::size_t(family)];
        if (m_setTile[std::size_t(family)] != 0)
            return m_setTile[std::size_t(family)];
    }
    return best != 0 ? best : m_families[std::size_t(family)].representative;
}

map::Gid TileCatalog::firstTileOf(std::string_view terrain, std::size_t preferTileset) const
{
    map::Gid any = 0;
    for (const auto& [ti, entry] : m_firstOf) {
        if (entry.first != terrain)
            continue;
        if (ti == preferTileset)
            return entry.second;
        if (any == 0)
            any = entry.second;
    }
    return any;
}

} // namespace isostar::edit
