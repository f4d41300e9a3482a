#include "engine/render/MapMesh.hpp"

#include "engine/map/MapEnums.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <span>
#include <string>

namespace eng::render {

namespace {

using map::Layer;
using map::LayerType;
using map::MapData;
using map::Tileset;

/// A layer with its group's state folded in.
struct FlatLayer {
    const Layer* layer = nullptr;
    double opacity = 1.0;
    sf::Color tint = sf::Color::White;
    sf::Vector2f offset;
};

sf::Color toSf(const map::Color& c)
{
    return sf::Color(c.r, c.g, c.b, c.a);
}

void flatten(const std::vector<Layer>& layers, const FlatLayer& parent, std::vector<FlatLayer>& out)
{
    for (const Layer& l : layers) {
        if (!l.visible)
            continue;
        FlatLayer f;
        f.layer = &l;
        f.opacity = parent.opacity * l.opacity;
        f.tint = parent.tint * (l.tintColor ? toSf(*l.tintColor) : sf::Color::White);
        f.offset = parent.offset + sf::Vector2f(float(l.offset.x), float(l.offset.y));
        if (l.type == LayerType::Group)
            flatten(l.layers, f, out);
        else
            out.push_back(f);
    }
}

/// Layer offsets of every layer (visible or not, as Tiled's margins do), summed through groups.
void offsetMargins(const std::vector<Layer>& layers, sf::Vector2f parent, sf::Vector2f& lo, sf::Vector2f& hi)
{
    for (const Layer& l : layers) {
        const sf::Vector2f o = parent + sf::Vector2f(float(l.offset.x), float(l.offset.y));
        lo.x = std::min(lo.x, o.x);
        lo.y = std::min(lo.y, o.y);
        hi.x = std::max(hi.x, o.x);
        hi.y = std::max(hi.y, o.y);
        if (l.type == LayerType::Group)
            offsetMargins(l.layers, o, lo, hi);
    }
}

/// The image a tile is cut from: texture index, rectangle, and its own size.
struct TileImage {
    int texture = -1;
    sf::IntRect rect;
};

class Builder {
public:
    /// `fixedTextures`: m_out.textures is complete (a renderer has loaded them); a tile needing
    /// another texture is not drawn and sets missingTexture().
    Builder(const MapData& map, const MeshOptions& options, MapMesh& out, bool fixedTextures = false)
        : m_map(map)
        , m_options(options)
        , m_out(out)
        , m_fixed(fixedTextures)
    {
    }

    int textureFor(const Tileset& ts, const std::string& path)
    {
        TextureSource src{path, ts.transparentColor, ts.name, ts.source.empty() ? m_map.path : ts.source, m_tint};
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

    /// The image of local tile `id` of `ts` (not following animations).
    TileImage tileImage(const Tileset& ts, std::uint32_t id)
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

    /// Animation index for a tile with <animation> whose frames share one texture, else -1.
    int animationFor(const Tileset& ts, std::uint32_t id)
    {
        const map::TileInfo* info = ts.findTile(id);
        if (!info || info->animation.empty())
            return -1;
        const auto key = std::make_pair(&ts, id);
        if (auto it = m_animIndex.find(key); it != m_animIndex.end() && !m_fixed)
            return it->second;
        MeshAnimation anim;
        int total = 0;
        bool ok = true;
        for (const map::AnimationFrame& f : info->animation) {
            const TileImage fi = tileImage(ts, f.tileId);
            if (anim.frameRects.empty())
                anim.texture = fi.texture;
            // Frames of an image collection may live in different images: shown as frame 0.
            ok = ok && fi.texture == anim.texture && fi.texture >= 0;
            anim.frameRects.push_back(fi.rect);
            total += std::max(1, f.durationMs);
            anim.frameEndMs.push_back(total);
        }
        int index = -1;
        if (ok && anim.frameRects.size() > 1) {
            if (m_fixed) {
                // Rebuilding chunks of a mesh: reuse an equal animation (it runs in step anyway).
                for (std::size_t i = 0; i < m_out.animations.size() && index < 0; ++i) {
                    const MeshAnimation& a = m_out.animations[i];
                    if (a.texture == anim.texture && a.frameRects == anim.frameRects && a.frameEndMs == anim.frameEndMs)
                        index = int(i);
                }
                if (index >= 0)
                    return index;
            }
            m_out.animations.push_back(std::move(anim));
            index = int(m_out.animations.size()) - 1;
        }
        m_animIndex[key] = index;
        return index;
    }

    /// The image a gid shows at time 0 (frame 0 of its animation), and its animation (-1: none).
    TileImage shownImage(const Tileset& ts, std::uint32_t id, int& animation)
    {
        animation = animationFor(ts, id);
        const map::TileInfo* info = ts.findTile(id);
        if (info && !info->animation.empty())
            return tileImage(ts, info->animation.front().tileId);
        return tileImage(ts, id);
    }

    /// Opacity (and the tint's alpha) as the vertex colour; the tint's colour is baked into the
    /// texture (TextureSource::tint).
    sf::Color vertexColor(const FlatLayer& fl) const
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

    static void fillQuad(std::array<sf::Vertex, 6>& v, const sf::Vector2f corners[4], const sf::IntRect& rect,
                         std::uint8_t flips, sf::Color color)
    {
        const int idx[6] = {0, 1, 2, 0, 2, 3};
        for (int i = 0; i < 6; ++i) {
            v[std::size_t(i)].position = corners[idx[i]];
            v[std::size_t(i)].color = color;
        }
        setQuadTexCoords(v.data(), rect, flips);
    }

    static sf::FloatRect boundsOf(const sf::Vector2f corners[4])
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

    static void grow(sf::FloatRect& r, const sf::FloatRect& add, bool& first)
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

    /// A tile image taller than the grid (rises above its cell).
    bool isTallGid(map::Gid gid) const
    {
        if (gid == 0)
            return false;
        const Tileset* ts = m_map.tilesetFor(gid);
        if (!ts)
            return false;
        int h = ts->tileHeight;
        if (ts->isCollection())
            if (const map::TileInfo* info = ts->findTile(gid - ts->firstGid))
                h = info->height > 0 ? info->height : info->imageHeight;
        if (ts->tileRenderSize == map::TileRenderSize::Grid)
            h = m_map.tileHeight;
        return h > m_map.tileHeight;
    }

    bool isTallTileLayer(const Layer& l) const
    {
        return std::any_of(l.tiles.gids.begin(), l.tiles.gids.end(), [&](map::Gid gid) { return isTallGid(gid); });
    }

    /// Whether one of `cells` (map coordinates) of tile layer `l` shows a tall tile.
    bool hasTallCell(const Layer& l, std::span<const TileCoord> cells) const
    {
        const map::TileGrid& g = l.tiles;
        for (const TileCoord& c : cells) {
            const int gx = c.x - g.originX, gy = c.y - g.originY;
            if (gx >= 0 && gy >= 0 && gx < g.width && gy < g.height && isTallGid(g.at(gx, gy)))
                return true;
        }
        return false;
    }

    /// Where the depth-sorted part starts (see the header): the index of the first sorted layer
    /// in `flat`, or flat.size(). `isTall(i)` says whether tile layer i has a tall tile.
    template <typename IsTall>
    static std::size_t sortedStartOf(const std::vector<FlatLayer>& flat, IsTall&& isTall)
    {
        bool seenTileLayer = false;
        for (std::size_t i = 0; i < flat.size(); ++i) {
            const Layer& l = *flat[i].layer;
            const map::Property* forced = map::findProperty(l.properties, "depth_sorted");
            if (forced && forced->value == "true")
                return i;
            const bool forcedGround = forced && forced->value == "false";
            if (l.type == LayerType::Tile) {
                if (seenTileLayer && !forcedGround && isTall(i))
                    return i;
                seenTileLayer = true;
            } else if (l.type == LayerType::Object && !forcedGround && hasTileObjects(l)) {
                return i;
            }
        }
        return flat.size();
    }

    static bool hasTileObjects(const Layer& l)
    {
        return std::any_of(l.objects.begin(), l.objects.end(),
                           [](const map::Object& o) { return o.visible && o.gid != 0; });
    }

    void build()
    {
        const bool iso = m_map.orientation == map::Orientation::Isometric;
        m_out.projection = iso::Projection(iso ? iso::Orientation::Isometric : iso::Orientation::Orthogonal,
                                           std::max(1, m_map.width), std::max(1, m_map.height),
                                           std::max(1, m_map.tileWidth), std::max(1, m_map.tileHeight));
        const iso::WorldPos size = m_out.projection.mapPixelSize();
        m_out.mapRect = {0.f, 0.f, size.x, size.y};
        sf::Vector2f lo, hi;
        offsetMargins(m_map.layers, {0.f, 0.f}, lo, hi);
        m_out.canvas = {lo.x, lo.y, size.x - lo.x + hi.x, size.y - lo.y + hi.y};
        m_out.background = m_map.backgroundColor;

        std::vector<FlatLayer> flat;
        flatten(m_map.layers, FlatLayer{}, flat);

        const std::size_t sortedStart =
            sortedStartOf(flat, [&](std::size_t i) { return isTallTileLayer(*flat[i].layer); });

        m_out.bounds = m_out.mapRect;
        for (std::size_t i = 0; i < flat.size(); ++i) {
            MeshLayer ml;
            ml.name = flat[i].layer->name;
            ml.type = flat[i].layer->type;
            ml.pass = i < sortedStart ? LayerPass::Ground
                                      : (ml.type == LayerType::Image ? LayerPass::Top : LayerPass::Sorted);
            m_out.layers.push_back(std::move(ml));
            const int li = int(m_out.layers.size()) - 1;
            useTintOf(flat[i]);
            switch (flat[i].layer->type) {
            case LayerType::Tile:
                buildTileLayer(flat[i], li);
                break;
            case LayerType::Object:
                buildObjectLayer(flat[i], li);
                break;
            case LayerType::Image:
                buildImageLayer(flat[i], li);
                break;
            case LayerType::Group:
                break;
            }
        }
        updateBounds();
    }

    /// The tint of the layer about to be built (textures depend on it).
    void useTintOf(const FlatLayer& fl)
    {
        const sf::Color tint(fl.tint.r, fl.tint.g, fl.tint.b);
        if (tint != m_tint)
            m_animIndex.clear(); // animations refer to textures, which depend on the tint
        m_tint = tint;
    }

    /// MapMesh::bounds: the map rectangle grown by every non-empty chunk.
    void updateBounds()
    {
        m_out.bounds = m_out.mapRect;
        for (const MeshLayer& l : m_out.layers)
            for (const MeshChunk& c : l.chunks) {
                bool first = false;
                if (c.bounds.width > 0 || c.bounds.height > 0)
                    grow(m_out.bounds, c.bounds, first);
            }
    }

    /// See rebuildMapMeshCells; m_out is the mesh to patch, built with fixed textures.
    bool rebuildCells(std::span<const TileCoord> cells, std::vector<MeshChunkRef>& rebuilt,
                      std::vector<Diagnostic>& problems)
    {
        rebuilt.clear();
        std::vector<FlatLayer> flat;
        flatten(m_map.layers, FlatLayer{}, flat);
        bool sameLayers = flat.size() == m_out.layers.size();
        for (std::size_t i = 0; sameLayers && i < flat.size(); ++i) {
            const map::TileGrid& g = flat[i].layer->tiles;
            sameLayers = flat[i].layer->type == m_out.layers[i].type && flat[i].layer->name == m_out.layers[i].name &&
                         (flat[i].layer->type != LayerType::Tile || g.width <= 0 || g.height <= 0 ||
                          m_out.layers[i].chunks.size() ==
                              std::size_t(chunkGridOf(g).chunksX) * std::size_t(chunkGridOf(g).chunksY));
        }
        if (!sameLayers || m_out.projection.mapWidth() != std::max(1, m_map.width) ||
            m_out.projection.mapHeight() != std::max(1, m_map.height)) {
            problems.push_back({m_map.path, 0, "cannot update the map's picture in place: its size or layers changed "
                                               "since it was loaded (reload it)"});
            return false;
        }

        // Does the edit move the start of the depth-sorted part? Layers before it had no tall
        // tile, so only the edited cells can have given them one; the first sorted layer keeps
        // its place if an edited cell (or else any cell) of it is tall.
        std::size_t oldStart = m_out.layers.size();
        for (std::size_t i = 0; i < m_out.layers.size() && oldStart == m_out.layers.size(); ++i)
            if (m_out.layers[i].pass != LayerPass::Ground)
                oldStart = i;
        const std::size_t newStart = sortedStartOf(flat, [&](std::size_t i) {
            const Layer& l = *flat[i].layer;
            if (i < oldStart)
                return hasTallCell(l, cells);
            if (i == oldStart && hasTallCell(l, cells))
                return true;
            return isTallTileLayer(l);
        });
        if (newStart != oldStart)
            return rebuildAll(rebuilt, problems);

        struct Pending {
            MeshChunkRef ref;
            MeshChunk chunk;
        };
        std::vector<Pending> pending;
        std::vector<MeshAnimatedQuad> quads;
        const std::size_t oldAnimations = m_out.animations.size();
        for (std::size_t i = 0; i < flat.size(); ++i) {
            const map::TileGrid& g = flat[i].layer->tiles;
            if (flat[i].layer->type != LayerType::Tile || g.width <= 0 || g.height <= 0)
                continue;
            const ChunkGrid cg = chunkGridOf(g);
            std::vector<int> chunks;
            for (const TileCoord& c : cells) {
                const int gx = c.x - g.originX, gy = c.y - g.originY;
                if (gx >= 0 && gy >= 0 && gx < g.width && gy < g.height)
                    chunks.push_back((gy / cg.size) * cg.chunksX + gx / cg.size);
            }
            std::sort(chunks.begin(), chunks.end());
            chunks.erase(std::unique(chunks.begin(), chunks.end()), chunks.end());
            useTintOf(flat[i]);
            for (int chunk : chunks) {
                Pending p{{int(i), chunk}, MeshChunk{}};
                TileCoord bad;
                if (!buildTileChunk(flat[i], int(i), chunk, p.chunk, quads, bad)) {
                    m_out.animations.resize(oldAnimations);
                    problems.push_back(noTextureProblem(*flat[i].layer, bad));
                    return false;
                }
                pending.push_back(std::move(p));
            }
        }

        for (Pending& p : pending) {
            m_out.layers[std::size_t(p.ref.layer)].chunks[std::size_t(p.ref.chunk)] = std::move(p.chunk);
            rebuilt.push_back(p.ref);
        }
        std::erase_if(m_out.animatedQuads, [&](const MeshAnimatedQuad& q) {
            return std::binary_search(rebuilt.begin(), rebuilt.end(), MeshChunkRef{q.layer, q.chunk});
        });
        m_out.animatedQuads.insert(m_out.animatedQuads.end(), quads.begin(), quads.end());
        updateBounds();
        return true;
    }

private:
    /// Rebuilds the whole of m_out from the map with its textures (the passes changed).
    bool rebuildAll(std::vector<MeshChunkRef>& rebuilt, std::vector<Diagnostic>& problems)
    {
        MapMesh fresh;
        fresh.textures = m_out.textures;
        Builder b(m_map, m_options, fresh, true);
        b.build();
        if (b.m_firstMissing) {
            problems.push_back(noTextureProblem(*b.m_firstMissing->first, b.m_firstMissing->second));
            return false;
        }
        m_out = std::move(fresh);
        for (std::size_t li = 0; li < m_out.layers.size(); ++li)
            for (std::size_t ci = 0; ci < m_out.layers[li].chunks.size(); ++ci)
                rebuilt.push_back({int(li), int(ci)});
        return true;
    }

    Diagnostic noTextureProblem(const Layer& layer, TileCoord cell) const
    {
        const map::TileGrid& g = layer.tiles;
        const map::Gid gid = g.at(cell.x - g.originX, cell.y - g.originY);
        const Tileset* ts = m_map.tilesetFor(gid);
        return {m_map.path, 0,
                "cell (" + std::to_string(cell.x) + "," + std::to_string(cell.y) + ") of layer \"" + layer.name +
                    "\" shows gid " + std::to_string(gid) +
                    (ts ? " of tileset \"" + ts->name + "\", whose image was not loaded with the map"
                        : ", which belongs to no tileset of the map") +
                    ": cannot draw it without reloading the map"};
    }

public:

    /// Chunk layout of a tile layer.
    struct ChunkGrid {
        int size = 1;                ///< cells per chunk side
        int chunksX = 0, chunksY = 0;
    };

    ChunkGrid chunkGridOf(const map::TileGrid& g) const
    {
        ChunkGrid cg;
        cg.size = m_options.exactOrder ? std::max(g.width, g.height) : std::max(1, m_options.chunkCells);
        cg.chunksX = (g.width + cg.size - 1) / cg.size;
        cg.chunksY = (g.height + cg.size - 1) / cg.size;
        return cg;
    }

    /// Where one tile layer's quads go while it is being built.
    struct TileLayerSink {
        const FlatLayer* fl = nullptr;
        int li = 0;
        bool useItems = false;
        sf::Color color;
        std::vector<MeshAnimatedQuad>* animatedQuads = nullptr;
    };

    TileLayerSink sinkFor(const FlatLayer& fl, int li, std::vector<MeshAnimatedQuad>& animatedQuads) const
    {
        const MeshLayer& ml = m_out.layers[std::size_t(li)];
        return TileLayerSink{&fl, li, m_options.exactOrder || ml.pass != LayerPass::Ground, vertexColor(fl),
                             &animatedQuads};
    }

    /// Adds cell (gx, gy) of the layer (grid coordinates) to chunk `mc` (index `chunk`). The order
    /// key is the cell's place in Tiled's draw order, so a chunk rebuilt alone gets the same keys.
    /// Returns false if the tile cannot be drawn for want of a texture (fixed textures only).
    bool emitTile(const TileLayerSink& sink, int gx, int gy, MeshChunk& mc, int chunk, bool& firstBounds)
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
        const TileImage img = shownImage(*ts, gid - ts->firstGid, animation);
        if (img.texture < 0)
            return !m_missingTexture;
        const bool iso = m_map.orientation == map::Orientation::Isometric;
        const float tw = float(m_map.tileWidth), th = float(m_map.tileHeight);
        const std::uint8_t flips = g.flipFlags.empty() ? 0 : g.flipFlags[std::size_t(gy) * std::size_t(g.width) + std::size_t(gx)];
        const int cx = g.originX + gx, cy = g.originY + gy;
        const iso::WorldPos top = m_out.projection.tileToWorld({double(cx), double(cy)});
        // Bottom-left of the cell's bounding box (Tiled's CellRenderer::BottomLeft origin).
        const float left = (iso ? top.x - tw / 2.f : top.x) + float(ts->tileOffset.x) + fl.offset.x;
        const float bottom = top.y + th + float(ts->tileOffset.y) + fl.offset.y;
        const bool gridSize = ts->tileRenderSize == map::TileRenderSize::Grid;
        const float w = gridSize ? tw : float(img.rect.width);
        const float h = gridSize ? th : float(img.rect.height);
        const sf::Vector2f corners[4] = {{left, bottom - h}, {left + w, bottom - h}, {left + w, bottom}, {left, bottom}};
        const sf::FloatRect b = boundsOf(corners);
        grow(mc.bounds, b, firstBounds);
        if (sink.useItems) {
            MeshItem item;
            item.depthKey = m_out.projection.depthKey({cx + 0.5, cy + 0.5});
            // Iso: screen rows (x + y), then x; orthogonal: rows, then x.
            item.order = iso ? (gx + gy) * g.width + gx : gy * g.width + gx;
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

    /// Visits the cells of the rectangle [x0, x1] x [y0, y1] (grid coordinates) in Tiled's draw
    /// order; stops when `f` returns false.
    template <typename F>
    bool forCellsInOrder(int x0, int y0, int x1, int y1, F&& f) const
    {
        if (m_map.orientation == map::Orientation::Isometric) {
            // Tiled draws isometric layers by screen rows (x + y), left to right (x ascending).
            for (int s = x0 + y0; s <= x1 + y1; ++s)
                for (int gx = std::max(x0, s - y1); gx <= std::min(x1, s - y0); ++gx)
                    if (!f(gx, s - gx))
                        return false;
        } else {
            // Orthogonal: right-down order (other render orders only differ where tiles overlap).
            for (int gy = y0; gy <= y1; ++gy)
                for (int gx = x0; gx <= x1; ++gx)
                    if (!f(gx, gy))
                        return false;
        }
        return true;
    }

    void buildTileLayer(const FlatLayer& fl, int li)
    {
        MeshLayer& ml = m_out.layers[std::size_t(li)];
        const map::TileGrid& g = fl.layer->tiles;
        if (g.width <= 0 || g.height <= 0)
            return;
        const ChunkGrid cg = chunkGridOf(g);
        ml.chunks.resize(std::size_t(cg.chunksX) * std::size_t(cg.chunksY));
        std::vector<bool> firstBounds(ml.chunks.size(), true);
        const TileLayerSink sink = sinkFor(fl, li, m_out.animatedQuads);
        forCellsInOrder(0, 0, g.width - 1, g.height - 1, [&](int gx, int gy) {
            const int chunk = (gy / cg.size) * cg.chunksX + gx / cg.size;
            bool fb = firstBounds[std::size_t(chunk)];
            if (!emitTile(sink, gx, gy, ml.chunks[std::size_t(chunk)], chunk, fb) && !m_firstMissing)
                m_firstMissing.emplace(fl.layer, TileCoord{g.originX + gx, g.originY + gy});
            firstBounds[std::size_t(chunk)] = fb;
            return true;
        });
    }

    /// Builds chunk `chunk` of tile layer `li` alone into `out` (its animated quads into `quads`).
    /// False (with the first cell that cannot be drawn in `badCell`) for want of a texture.
    bool buildTileChunk(const FlatLayer& fl, int li, int chunk, MeshChunk& out, std::vector<MeshAnimatedQuad>& quads,
                        TileCoord& badCell)
    {
        const map::TileGrid& g = fl.layer->tiles;
        const ChunkGrid cg = chunkGridOf(g);
        const int x0 = (chunk % cg.chunksX) * cg.size, y0 = (chunk / cg.chunksX) * cg.size;
        const int x1 = std::min(x0 + cg.size, g.width) - 1, y1 = std::min(y0 + cg.size, g.height) - 1;
        const TileLayerSink sink = sinkFor(fl, li, quads);
        bool first = true;
        return forCellsInOrder(x0, y0, x1, y1, [&](int gx, int gy) {
            if (emitTile(sink, gx, gy, out, chunk, first))
                return true;
            badCell = {g.originX + gx, g.originY + gy};
            return false;
        });
    }

    void buildObjectLayer(const FlatLayer& fl, int li)
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
            item.depthKey = m_out.projection.depthKey(tp);
            item.order = order++;
            item.texture = img.texture;
            item.bounds = boundsOf(corners);
            fillQuad(item.vertices, corners, img.rect, o->flipFlags, color);
            grow(mc.bounds, item.bounds, first);
            mc.items.push_back(item);
            if (animation >= 0)
                m_out.animatedQuads.push_back({animation, li, 0, -1, mc.items.size() - 1, o->flipFlags});
        }
    }

    void buildImageLayer(const FlatLayer& fl, int li)
    {
        const Layer& l = *fl.layer;
        if (l.image.empty())
            return;
        MeshLayer& ml = m_out.layers[std::size_t(li)];
        TextureSource src{l.image, std::nullopt, "image layer \"" + l.name + "\"", m_map.path, m_tint};
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

private:
    const MapData& m_map;
    const MeshOptions& m_options;
    MapMesh& m_out;
    std::map<std::pair<const Tileset*, std::uint32_t>, int> m_animIndex;
    sf::Color m_tint = sf::Color::White; ///< tint (alpha 255) of the layer being built
    bool m_fixed = false;                ///< m_out.textures is complete (see the constructor)
    bool m_missingTexture = false;       ///< the last textureFor found no texture (fixed only)
    /// First tile of a whole build that could not be drawn (fixed textures only).
    std::optional<std::pair<const Layer*, TileCoord>> m_firstMissing;
};

} // namespace

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

int animationFrameAt(const MeshAnimation& anim, long long timeMs)
{
    if (anim.frameEndMs.empty())
        return 0;
    const long long t = ((timeMs % anim.frameEndMs.back()) + anim.frameEndMs.back()) % anim.frameEndMs.back();
    const auto it = std::upper_bound(anim.frameEndMs.begin(), anim.frameEndMs.end(), t);
    return int(it - anim.frameEndMs.begin());
}

bool buildMapMesh(const map::MapData& map, const MeshOptions& options, MapMesh& out, std::vector<Diagnostic>& problems)
{
    out = MapMesh{};
    if (map.orientation != map::Orientation::Orthogonal && map.orientation != map::Orientation::Isometric) {
        problems.push_back({map.path, 0,
                            std::string("cannot render a ") +
                                (map.orientation == map::Orientation::Staggered ? "staggered" : "hexagonal") +
                                " map: the renderer supports orthogonal and isometric maps"});
        return false;
    }
    if (map.width <= 0 || map.height <= 0 || map.tileWidth <= 0 || map.tileHeight <= 0) {
        problems.push_back({map.path, 0, "cannot render a map without a size or tile size"});
        return false;
    }
    Builder(map, options, out).build();
    return true;
}

bool rebuildMapMeshCells(const map::MapData& map, const MeshOptions& options, std::span<const TileCoord> cells,
                         MapMesh& mesh, std::vector<MeshChunkRef>& rebuilt, std::vector<Diagnostic>& problems)
{
    rebuilt.clear();
    if (cells.empty())
        return true;
    return Builder(map, options, mesh, true).rebuildCells(cells, rebuilt, problems);
}

} // namespace eng::render
