/// \file MapMeshQuads.cpp
/// One quad per drawn thing: the image a tile is cut from (tileset grid or image collection) and
/// its texture, the quad's corners for a tile cell (bottom-left aligned, tile and layer offsets),
/// a tile object (alignment, size, rotation) or an image layer, its vertex colour (opacity,
/// premultiplied alpha) and its texture coordinates under Tiled's flip flags.
#include "engine/render/MapMesh.hpp"

#include "engine/map/MapEnums.hpp"
#include "engine/render/detail/MeshBuilder.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace isostar::render {

namespace detail {

int MeshBuilder::textureFor(const Tileset& ts, const std::string& path)
{
    TextureSource src{path, ts.transparentColor, ts.name, ts.source.empty() ? m_map.path : ts.source, m_tint, false, {}};
    for (std::size_t i = 0; i < m_out.textures.size(); ++i)
        if (m_out.textures[i] == src)
            return int(i);
    if (m_fixed) {
        m_missingTexture = true;
        return -1;
    }
    m_out.textures.push_back(std::move(src));
    return int(m_out.textures.size()) - 1;
}

int MeshBuilder::smoothTwin(int texture, const sf::IntRect& crop)
{
    TextureSource src = m_out.textures[std::size_t(texture)];
    src.smooth = true;
    src.crop = crop;
    for (std::size_t i = 0; i < m_out.textures.size(); ++i)
        if (m_out.textures[i] == src)
            return int(i);
    if (m_fixed) {
        m_missingTexture = true;
        return -1;
    }
    m_out.textures.push_back(std::move(src));
    return int(m_out.textures.size()) - 1;
}

TileImage MeshBuilder::tileImage(const Tileset& ts, std::uint32_t id)
{
    TileImage img;
    if (!ts.isCollection()) {
        const int cols = std::max(1, ts.columns);
        const int col = int(id % std::uint32_t(cols));
        const int row = int(id / std::uint32_t(cols));
        img.texture = textureFor(ts, ts.image);
        img.rect = sf::IntRect(ts.margin + col * (ts.tileWidth + ts.spacing),
                               ts.margin + row * (ts.tileHeight + ts.spacing), ts.tileWidth, ts.tileHeight);
        return img;
    }
    const map::TileInfo* info = ts.findTile(id);
    if (!info || info->image.empty())
        return img;
    img.texture = textureFor(ts, info->image);
    if (info->width > 0 && info->height > 0)
        img.rect = sf::IntRect(info->x, info->y, info->width, info->height);
    else
        img.rect = sf::IntRect(0, 0, info->imageWidth > 0 ? info->imageWidth : ts.tileWidth,
                               info->imageHeight > 0 ? info->imageHeight : ts.tileHeight);
    return img;
}

sf::Color MeshBuilder::vertexColor(const FlatLayer& fl) const
{
    sf::Color c = sf::Color::White;
    c.a = sf::Uint8(std::lround(double(fl.tint.a) * std::clamp(fl.opacity, 0.0, 1.0)));
    if (m_options.premultipliedAlpha) {
        c.r = sf::Uint8((c.r * c.a + 127) / 255);
        c.g = sf::Uint8((c.g * c.a + 127) / 255);
        c.b = sf::Uint8((c.b * c.a + 127) / 255);
    }
    return c;
}

void MeshBuilder::fillQuad(std::array<sf::Vertex, 6>& v, const sf::Vector2f corners[4], const sf::IntRect& rect,
                           std::uint8_t flips, sf::Color color)
{
    const int idx[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; ++i) {
        v[std::size_t(i)].position = corners[idx[i]];
        v[std::size_t(i)].color = color;
    }
    setQuadTexCoords(v.data(), rect, flips);
}

std::uint8_t MeshBuilder::turnHexQuad(sf::Vector2f corners[4], std::uint8_t flips)
{
    // On hexagonal maps Tiled reads the diagonal bit as a turn by 60 degrees and bit 28 as one by
    // 120, clockwise on screen about the image's centre, after the horizontal and vertical flips
    // (CellRenderer: the fragment's scale, then its rotation). The turn moves the corners; the
    // texture keeps only the flips.
    const int degrees = ((flips & map::flip::Diagonal) ? 60 : 0) + ((flips & map::flip::Rotated120) ? 120 : 0);
    const std::uint8_t kept = std::uint8_t(flips & ~(map::flip::Diagonal | map::flip::Rotated120));
    if (degrees == 0)
        return kept;
    const sf::Vector2f centre = (corners[0] + corners[2]) * 0.5f;
    const double rad = degrees * 3.14159265358979323846 / 180.0;
    const double cs = std::cos(rad), sn = std::sin(rad);
    for (int i = 0; i < 4; ++i) {
        const double x = corners[i].x - centre.x, y = corners[i].y - centre.y;
        corners[i] = {float(centre.x + x * cs - y * sn), float(centre.y + x * sn + y * cs)};
    }
    return kept;
}

sf::FloatRect MeshBuilder::boundsOf(const sf::Vector2f corners[4])
{
    float l = corners[0].x, r = l, t = corners[0].y, b = t;
    for (int i = 1; i < 4; ++i) {
        l = std::min(l, corners[i].x);
        r = std::max(r, corners[i].x);
        t = std::min(t, corners[i].y);
        b = std::max(b, corners[i].y);
    }
    return {l, t, r - l, b - t};
}

void MeshBuilder::grow(sf::FloatRect& r, const sf::FloatRect& add, bool& first)
{
    if (first) {
        r = add;
        first = false;
        return;
    }
    const float l = std::min(r.left, add.left), t = std::min(r.top, add.top);
    const float rr = std::max(r.left + r.width, add.left + add.width);
    const float bb = std::max(r.top + r.height, add.top + add.height);
    r = {l, t, rr - l, bb - t};
}

bool MeshBuilder::emitTile(const TileLayerSink& sink, int gx, int gy, MeshChunk& mc, int chunk, bool& firstBounds)
{
    const FlatLayer& fl = *sink.fl;
    const map::TileGrid& g = fl.layer->tiles;
    const map::Gid gid = g.at(gx, gy);
    if (gid == 0)
        return true;
    const Tileset* ts = m_map.tilesetFor(gid);
    if (!ts)
        return !m_fixed;
    m_missingTexture = false;
    int animation = -1;
    TileImage img = shownImage(*ts, gid - ts->firstGid, animation);
    if (img.texture < 0)
        return !m_missingTexture;
    const bool iso = m_map.orientation == map::Orientation::Isometric;
    const float tw = float(m_map.tileWidth), th = float(m_map.tileHeight);
    std::uint8_t flips = g.flipFlags.empty() ? 0 : g.flipFlags[std::size_t(gy) * std::size_t(g.width) + std::size_t(gx)];
    const int cx = g.originX + gx, cy = g.originY + gy;
    // Bottom-left of the cell's bounding box (Tiled's CellRenderer::BottomLeft origin).
    const iso::WorldPos anchor = m_out.projection.cellImageAnchor({cx, cy});
    const float left = anchor.x + float(ts->tileOffset.x) + fl.offset.x;
    const float bottom = anchor.y + float(ts->tileOffset.y) + fl.offset.y;
    const bool gridSize = ts->tileRenderSize == map::TileRenderSize::Grid;
    const float w = gridSize ? tw : float(img.rect.width);
    const float h = gridSize ? th : float(img.rect.height);
    sf::Vector2f corners[4] = {{left, bottom - h}, {left + w, bottom - h}, {left + w, bottom}, {left, bottom}};
    if (m_out.projection.orientation() == iso::Orientation::Hexagonal) {
        const std::uint8_t kept = turnHexQuad(corners, flips);
        if (kept != flips) {
            // Its own rectangle (animated tiles keep the sheet: their frames move in it).
            const sf::IntRect crop = animation < 0 ? img.rect : sf::IntRect();
            img.texture = smoothTwin(img.texture, crop);
            if (img.texture < 0)
                return false;
            if (animation < 0)
                img.rect = {0, 0, crop.width, crop.height};
        }
        flips = kept;
    }
    const sf::FloatRect b = boundsOf(corners);
    grow(mc.bounds, b, firstBounds);
    if (sink.useItems) {
        MeshItem item;
        item.depthKey = m_out.projection.depthKey({cx + 0.5, cy + 0.5});
        // Iso: screen rows (x + y), then x; orthogonal: rows, then x.
        item.order = iso ? (gx + gy) * g.width + gx : drawRow(cx, cy) * g.width + gx;
        item.cell = {cx, cy};
        item.texture = img.texture;
        item.bounds = b;
        fillQuad(item.vertices, corners, img.rect, flips, sink.color);
        mc.items.push_back(item);
        if (animation >= 0)
            sink.animatedQuads->push_back({animation, sink.li, chunk, -1, mc.items.size() - 1, flips});
        return true;
    }
    auto batch = std::find_if(mc.batches.begin(), mc.batches.end(),
                              [&](const MeshBatch& mb) { return mb.texture == img.texture; });
    if (batch == mc.batches.end()) {
        mc.batches.push_back(MeshBatch{img.texture, sf::VertexArray(sf::Triangles)});
        batch = mc.batches.end() - 1;
    }
    std::array<sf::Vertex, 6> v;
    fillQuad(v, corners, img.rect, flips, sink.color);
    const std::size_t first = batch->vertices.getVertexCount();
    for (const sf::Vertex& vx : v)
        batch->vertices.append(vx);
    if (animation >= 0)
        sink.animatedQuads->push_back({animation, sink.li, chunk, int(batch - mc.batches.begin()), first, flips});
    return true;
}

void MeshBuilder::buildObjectLayer(const FlatLayer& fl, int li)
{
    MeshLayer& ml = m_out.layers[std::size_t(li)];
    ml.chunks.resize(1);
    MeshChunk& mc = ml.chunks.front();
    const sf::Color color = vertexColor(fl);
    const bool iso = m_map.orientation == map::Orientation::Isometric;
    bool first = true;

    std::vector<const map::Object*> objects;
    for (const map::Object& o : fl.layer->objects)
        if (o.visible && o.gid != 0)
            objects.push_back(&o);
    // Tiled's "topdown" draw order sorts by y (stable); "index" keeps the file order.
    if (fl.layer->drawOrder != map::DrawOrder::Index)
        std::stable_sort(objects.begin(), objects.end(),
                         [](const map::Object* a, const map::Object* b) { return a->y < b->y; });
    int order = 0;
    for (const map::Object* o : objects) {
        const Tileset* ts = m_map.tilesetFor(o->gid);
        if (!ts)
            continue;
        int animation = -1;
        const TileImage img = shownImage(*ts, o->gid - ts->firstGid, animation);
        if (img.texture < 0)
            continue;
        const TilePos tp = map::objectToTile(m_map, o->x, o->y);
        const iso::WorldPos anchorW = iso ? m_out.projection.tileToWorld(tp) : iso::WorldPos{float(o->x), float(o->y)};
        const sf::Vector2f anchor(anchorW.x + fl.offset.x, anchorW.y + fl.offset.y);
        const float w = o->width > 0 ? float(o->width) : float(img.rect.width);
        const float h = o->height > 0 ? float(o->height) : float(img.rect.height);
        // The anchor inside the image, as a fraction: engine/map's one alignment rule.
        const map::Vec2 fraction = map::alignmentFraction(ts->objectAlignment, m_map.orientation);
        const float ax = float(fraction.x), ay = float(fraction.y);
        const sf::Vector2f off(float(ts->tileOffset.x), float(ts->tileOffset.y));
        sf::Vector2f corners[4] = {{-ax * w, -ay * h}, {(1 - ax) * w, -ay * h}, {(1 - ax) * w, (1 - ay) * h},
                                   {-ax * w, (1 - ay) * h}};
        const double rad = o->rotation * 3.14159265358979323846 / 180.0;
        const float cs = float(std::cos(rad)), sn = float(std::sin(rad));
        for (sf::Vector2f& c : corners) {
            const sf::Vector2f p = c + off;
            c = anchor + sf::Vector2f(p.x * cs - p.y * sn, p.x * sn + p.y * cs);
        }
        MeshItem item;
        // Hexagonal maps: objectToTile gives the cell under the anchor; the depth is the anchor's.
        const bool hex = m_out.projection.orientation() == iso::Orientation::Hexagonal;
        item.depthKey = m_out.projection.depthKey(hex ? m_out.projection.worldToTile(anchorW) : tp);
        item.order = order++;
        item.cell = {int(std::floor(tp.x)), int(std::floor(tp.y))};
        item.texture = img.texture;
        item.bounds = boundsOf(corners);
        fillQuad(item.vertices, corners, img.rect, o->flipFlags, color);
        grow(mc.bounds, item.bounds, first);
        mc.items.push_back(item);
        if (animation >= 0)
            m_out.animatedQuads.push_back({animation, li, 0, -1, mc.items.size() - 1, o->flipFlags});
    }
}

void MeshBuilder::buildImageLayer(const FlatLayer& fl, int li)
{
    const Layer& l = *fl.layer;
    if (l.image.empty())
        return;
    MeshLayer& ml = m_out.layers[std::size_t(li)];
    TextureSource src{l.image, std::nullopt, "image layer \"" + l.name + "\"", m_map.path, m_tint, false, {}};
    int tex = -1;
    for (std::size_t i = 0; i < m_out.textures.size(); ++i)
        if (m_out.textures[i] == src)
            tex = int(i);
    if (tex < 0) {
        m_out.textures.push_back(src);
        tex = int(m_out.textures.size()) - 1;
    }
    const float w = float(l.imageWidth), h = float(l.imageHeight);
    const sf::Vector2f o = fl.offset;
    const sf::Vector2f corners[4] = {{o.x, o.y}, {o.x + w, o.y}, {o.x + w, o.y + h}, {o.x, o.y + h}};
    MeshItem item;
    item.texture = tex;
    item.bounds = boundsOf(corners);
    fillQuad(item.vertices, corners, sf::IntRect(0, 0, l.imageWidth, l.imageHeight), 0, vertexColor(fl));
    MeshChunk mc;
    mc.bounds = item.bounds;
    mc.items.push_back(item);
    ml.chunks.push_back(std::move(mc));
}

} // namespace detail

void setQuadTexCoords(sf::Vertex* six, const sf::IntRect& rect, std::uint8_t flipFlags)
{
    // Destination corners tl, tr, br, bl as (u, v) in the unit square; find the source (u, v) by
    // undoing Tiled's flips in reverse order (vertical, horizontal, then the diagonal transpose).
    const float du[4] = {0, 1, 1, 0}, dv[4] = {0, 0, 1, 1};
    sf::Vector2f tex[4];
    for (int i = 0; i < 4; ++i) {
        float u = du[i], v = dv[i];
        if (flipFlags & map::flip::Vertical)
            v = 1.f - v;
        if (flipFlags & map::flip::Horizontal)
            u = 1.f - u;
        if (flipFlags & map::flip::Diagonal)
            std::swap(u, v);
        tex[i] = {float(rect.left) + u * float(rect.width), float(rect.top) + v * float(rect.height)};
    }
    const int idx[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; ++i)
        six[i].texCoords = tex[idx[i]];
}

} // namespace isostar::render
