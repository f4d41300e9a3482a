#include "engine/edit/MapEditor.hpp"

#include <algorithm>
#include <ostream>

namespace isostar::edit {

namespace {

// Built piece by piece: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(...) in Release.
std::string cellText(TileCoord c)
{
    std::string s(1, '(');
    s += std::to_string(c.x);
    s += ", ";
    s += std::to_string(c.y);
    s += ')';
    return s;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

void collectTileLayers(std::vector<map::Layer>& layers, std::vector<map::Layer*>& out)
{
    for (map::Layer& l : layers) {
        if (l.type == map::LayerType::Tile)
            out.push_back(&l);
        else if (l.type == map::LayerType::Group)
            collectTileLayers(l.layers, out);
    }
}

void addCell(std::vector<TileCoord>& cells, TileCoord c)
{
    if (std::find(cells.begin(), cells.end(), c) == cells.end())
        cells.push_back(c);
}

constexpr unsigned EdgeBits[4] = {edge::North, edge::East, edge::South, edge::West};

} // namespace

std::ostream& operator<<(std::ostream& os, const EditResult& r)
{
    os << (r.ok ? "ok" : "failed");
    if (!r.error.empty())
        os << ": " << r.error;
    os << " cells";
    for (TileCoord c : r.cells)
        os << ' ' << c;
    return os;
}

MapEditor::MapEditor(map::MapData& map)
    : m_map(map), m_catalog(map), m_blends(map)
{
    if (map.orientation == map::Orientation::Staggered || map.orientation == map::Orientation::Hexagonal)
        m_layout = map::CellFrame(map.staggerAxis == map::StaggerAxis::X ? map::CellFrame::Layout::StaggerX
                                                                       : map::CellFrame::Layout::StaggerY,
                                  false, map.staggerIndex == map::StaggerIndex::Even, 0, 0, std::max(1, map.width),
                                  std::max(1, map.height), std::max(1, map.tileWidth), std::max(1, map.tileHeight));
    m_palette = buildPalette(map, m_catalog);
    std::vector<map::Layer*> tileLayers;
    collectTileLayers(map.layers, tileLayers);
    if (tileLayers.empty())
        return;
    m_ground = tileLayers.front();
    m_overlay = tileLayers.back();
    for (map::Layer* l : tileLayers)
        if (l->name == "ground") {
            m_ground = l;
            break;
        }
    for (map::Layer* l : tileLayers)
        if (l->name == "overlay") {
            m_overlay = l;
            break;
        }
}

EditResult MapEditor::fail(std::string message) const
{
    EditResult r;
    r.error = std::move(message);
    return r;
}

bool MapEditor::onMap(TileCoord c) const
{
    return c.x >= 0 && c.y >= 0 && c.x < m_map.width && c.y < m_map.height;
}

TileCoord MapEditor::neighbourOf(TileCoord c, unsigned edgeBit) const
{
    return fromDiamond(neighbour(toDiamond(c), edgeBit));
}

long MapEditor::slotOf(const map::Layer& layer, TileCoord c)
{
    const map::TileGrid& g = layer.tiles;
    const int lx = c.x - g.originX;
    const int ly = c.y - g.originY;
    if (lx < 0 || ly < 0 || lx >= g.width || ly >= g.height)
        return -1;
    return long(ly) * long(g.width) + long(lx);
}

map::Gid MapEditor::gidAt(const map::Layer& layer, TileCoord c) const
{
    const long slot = slotOf(layer, c);
    return slot < 0 ? 0 : layer.tiles.gids[std::size_t(slot)];
}

void MapEditor::setRaw(map::Layer& layer, TileCoord c, map::Gid gid, std::uint8_t flip, EditResult& out)
{
    const long slot = slotOf(layer, c);
    if (slot < 0)
        return;
    map::Gid& g = layer.tiles.gids[std::size_t(slot)];
    std::uint8_t& f = layer.tiles.flipFlags[std::size_t(slot)];
    if (g == gid && f == flip)
        return;
    // One entry per (layer, cell) and step: the first old value and the last new one.
    auto it = std::find_if(m_pending.begin(), m_pending.end(),
                           [&](const CellChange& ch) { return ch.layer == &layer && ch.cell == c; });
    if (it == m_pending.end())
        m_pending.push_back(CellChange{&layer, c, g, gid, f, flip});
    else {
        it->newGid = gid;
        it->newFlip = flip;
    }
    g = gid;
    f = flip;
    addCell(out.cells, c);
}

unsigned MapEditor::connections(const map::Layer& layer, TileCoord c, int family) const
{
    unsigned mask = 0;
    for (unsigned bit : EdgeBits) {
        const TileCoord n = neighbourOf(c, bit);
        if (onMap(n) && m_catalog.carries(gidAt(layer, n), family))
            mask |= bit;
    }
    return mask;
}

void MapEditor::repickNeighbours(map::Layer& layer, TileCoord c, EditResult& out)
{
    for (unsigned bit : EdgeBits) {
        const TileCoord n = neighbourOf(c, bit);
        if (!onMap(n))
            continue;
        const map::Gid g = gidAt(layer, n);
        const int family = m_catalog.familyOf(g);
        if (family < 0)
            continue;
        const map::Gid v = m_catalog.pickVariant(family, connections(layer, n, family), g);
        // A variant encodes its orientation: a re-picked tile carries no flip flags.
        if (v != g)
            setRaw(layer, n, v, 0, out);
    }
}

void MapEditor::place(map::Layer& layer, TileCoord c, map::Gid gid, std::uint8_t flip, EditResult& out)
{
    const std::size_t before = out.cells.size();
    setRaw(layer, c, gid, flip, out);
    if (out.cells.size() == before)
        return;
    repickNeighbours(layer, c, out);
    if (&layer == m_ground)
        reblend(layer, c, out);
}

void MapEditor::reblend(map::Layer& layer, TileCoord c, EditResult& out)
{
    if (m_blends.empty())
        return;
    // Kinds and picks in diamond-grid cells (the map's own cells on orthogonal and isometric maps).
    const TileCoord d = toDiamond(c);
    int kinds[5][5]; // [dy + 2][dx + 2]
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
            const TileCoord p = fromDiamond({d.x + dx, d.y + dy});
            kinds[dy + 2][dx + 2] = onMap(p) ? m_blends.kindOf(gidAt(layer, p)) : -1;
        }
    const CornerBlends::KindAt kindAt = [&](TileCoord q) { return kinds[q.y - d.y + 2][q.x - d.x + 2]; };
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const TileCoord nd{d.x + dx, d.y + dy};
            if (kindAt(nd) < 0)
                continue;
            const TileCoord n = fromDiamond(nd);
            const map::Gid g = gidAt(layer, n);
            const map::Gid v = m_blends.pick(nd, kindAt, g);
            // A blend encodes its corners: a re-picked tile carries no flip flags.
            if (v != g)
                setRaw(layer, n, v, 0, out);
        }
}

map::Gid MapEditor::blendTarget(TileCoord c, map::Gid gid) const
{
    const int kind = m_blends.kindOf(gid);
    if (kind < 0)
        return gid;
    const TileCoord d = toDiamond(c);
    const CornerBlends::KindAt kindAt = [&](TileCoord q) {
        if (q == d)
            return kind;
        const TileCoord p = fromDiamond(q);
        return onMap(p) ? m_blends.kindOf(gidAt(*m_ground, p)) : -1;
    };
    return m_blends.pick(d, kindAt, gid);
}

void MapEditor::commitPending()
{
    std::erase_if(m_pending, [](const CellChange& ch) { return ch.oldGid == ch.newGid && ch.oldFlip == ch.newFlip; });
    if (!m_pending.empty())
        m_undo.push_back(std::move(m_pending));
    m_pending.clear();
}

EditResult MapEditor::finish(EditResult r)
{
    r.ok = true;
    if (!r.cells.empty()) {
        ++m_revision;
        m_redo.clear();
    }
    if (m_strokeDepth == 0)
        commitPending();
    return r;
}

EditResult MapEditor::paintClassified(TileCoord c, map::Gid gid, bool keepSameTerrain)
{
    const TileClass* cls = m_catalog.classify(gid);
    map::Layer* layer = cls->overlay ? m_overlay : m_ground;
    if (slotOf(*layer, c) < 0)
        return fail(cellText(c) + " is off the " + layer->name + " layer's grid");
    const map::Gid current = gidAt(*layer, c);
    EditResult r;
    if (cls->family >= 0) {
        if (m_catalog.familyOf(current) == cls->family)
            return finish(std::move(r)); // already this road / wall: its variant is right
        const map::Gid v = m_catalog.pickVariant(cls->family, connections(*layer, c, cls->family));
        place(*layer, c, v, 0, r);
        return finish(std::move(r));
    }
    if (current == gid)
        return finish(std::move(r));
    if (keepSameTerrain) {
        const TileClass* now = m_catalog.classify(current);
        if (now && now->terrain == cls->terrain)
            return finish(std::move(r));
    }
    const map::Gid target = layer == m_ground ? blendTarget(c, gid) : gid;
    if (target == current)
        return finish(std::move(r)); // the cell already shows that tile's blend
    place(*layer, c, target, 0, r);
    return finish(std::move(r));
}

EditResult MapEditor::paint(TileCoord c, std::string_view terrain)
{
    if (!m_ground)
        return fail("the map has no tile layer");
    if (!onMap(c))
        return fail(cellText(c) + " is off the map");
    std::vector<std::string_view> known; // the palette's terrains, once each, in palette order
    for (const BrushTile& b : m_palette) {
        if (b.terrain == terrain)
            return paintClassified(c, b.gid, true);
        if (std::find(known.begin(), known.end(), b.terrain) == known.end())
            known.push_back(b.terrain);
    }
    std::string names;
    for (std::string_view k : known)
        names += (names.empty() ? "" : ", ") + std::string(k);
    return fail("unknown terrain \"" + std::string(terrain) + "\"" +
                (names.empty() ? std::string(" (the map's tiles have no terrain)")
                               : " (the map's tiles have: " + names + ")"));
}

EditResult MapEditor::paintTile(TileCoord c, std::uint32_t gid)
{
    if (!m_ground)
        return fail("the map has no tile layer");
    if (!onMap(c))
        return fail(cellText(c) + " is off the map");
    if (!m_catalog.classify(gid))
        return fail("gid " + std::to_string(gid) + " is not a terrain tile of the map's tilesets");
    return paintClassified(c, gid, false);
}

EditResult MapEditor::erase(TileCoord c)
{
    if (!m_overlay)
        return fail("the map has no tile layer");
    if (!onMap(c))
        return fail(cellText(c) + " is off the map");
    EditResult r;
    if (gidAt(*m_overlay, c) != 0)
        place(*m_overlay, c, 0, 0, r);
    return finish(std::move(r));
}

EditResult MapEditor::setErupting(TileCoord c, bool on)
{
    if (!m_overlay)
        return fail("the map has no tile layer");
    if (!onMap(c))
        return fail(cellText(c) + " is off the map");
    for (map::Layer* layer : {m_overlay, m_ground}) {
        const long slot = slotOf(*layer, c);
        if (slot < 0)
            continue;
        const TileClass* cls = m_catalog.classify(layer->tiles.gids[std::size_t(slot)]);
        if (!cls)
            continue;
        const bool erupting = endsWith(cls->terrain, EruptingSuffix);
        const std::string base =
            erupting ? cls->terrain.substr(0, cls->terrain.size() - EruptingSuffix.size()) : cls->terrain;
        const std::string hot = base + std::string(EruptingSuffix);
        const map::Gid target = m_catalog.firstTileOf(on ? hot : base, cls->tileset);
        const map::Gid other = m_catalog.firstTileOf(on ? base : hot, cls->tileset);
        if (target == 0 || other == 0)
            continue; // this tile has no erupting / dormant counterpart
        EditResult r;
        if (erupting != on)
            place(*layer, c, target, layer->tiles.flipFlags[std::size_t(slot)], r);
        return finish(std::move(r));
    }
    return fail("no volcano at " + cellText(c));
}

EditResult MapEditor::toggleErupting(TileCoord c)
{
    if (!m_overlay)
        return fail("the map has no tile layer");
    if (!onMap(c))
        return fail(cellText(c) + " is off the map");
    for (map::Layer* layer : {m_overlay, m_ground}) {
        const TileClass* cls = m_catalog.classify(gidAt(*layer, c));
        if (!cls)
            continue;
        EditResult r = setErupting(c, !endsWith(cls->terrain, EruptingSuffix));
        if (r.ok)
            return r;
    }
    return fail("no volcano at " + cellText(c));
}

void MapEditor::beginStroke()
{
    ++m_strokeDepth;
}

void MapEditor::endStroke()
{
    if (m_strokeDepth == 0)
        return;
    if (--m_strokeDepth == 0)
        commitPending();
}

EditResult MapEditor::apply(const Step& step, bool forward)
{
    EditResult r;
    r.ok = true;
    // Backward in reverse order, so a cell changed twice in one step ends at its first old value.
    const std::size_t n = step.size();
    for (std::size_t i = 0; i < n; ++i) {
        const CellChange& ch = step[forward ? i : n - 1 - i];
        const long slot = slotOf(*ch.layer, ch.cell);
        ch.layer->tiles.gids[std::size_t(slot)] = forward ? ch.newGid : ch.oldGid;
        ch.layer->tiles.flipFlags[std::size_t(slot)] = forward ? ch.newFlip : ch.oldFlip;
        addCell(r.cells, ch.cell);
    }
    ++m_revision;
    return r;
}

EditResult MapEditor::undo()
{
    if (m_strokeDepth > 0) {
        m_strokeDepth = 0;
        commitPending();
    }
    if (m_undo.empty())
        return fail("nothing to undo");
    Step step = std::move(m_undo.back());
    m_undo.pop_back();
    EditResult r = apply(step, false);
    m_redo.push_back(std::move(step));
    return r;
}

EditResult MapEditor::redo()
{
    if (m_strokeDepth > 0) {
        m_strokeDepth = 0;
        commitPending();
    }
    if (m_redo.empty())
        return fail("nothing to redo");
    Step step = std::move(m_redo.back());
    m_redo.pop_back();
    EditResult r = apply(step, true);
    m_undo.push_back(std::move(step));
    return r;
}

} // namespace isostar::edit
