/// \file MapMesh.cpp
/// The whole-map build: layers flattened through their groups, the canvas and its offset
/// margins, where the depth-sorted part starts (tall tiles, tile objects, `depth_sorted`), each
/// layer handed to its builder, and the mesh's bounds; and the two entry points, buildMapMesh and
/// rebuildMapMeshCells. Chunks, quads and animations: see detail/MeshBuilder.hpp.
#include "engine/render/MapMesh.hpp"

#include "engine/map/PlayableMap.hpp"
#include "engine/render/detail/MeshBuilder.hpp"

#include <algorithm>
#include <span>
#include <string>

namespace isostar::render {

namespace detail {

namespace {

sf::Color toSf(const map::Color& c)
{
    return sf::Color(c.r, c.g, c.b, c.a);
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

} // namespace

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

bool MeshBuilder::isTallGid(map::Gid gid) const
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

bool MeshBuilder::isTallTileLayer(const Layer& l) const
{
    return std::any_of(l.tiles.gids.begin(), l.tiles.gids.end(), [&](map::Gid gid) { return isTallGid(gid); });
}

bool MeshBuilder::hasTallCell(const Layer& l, std::span<const TileCoord> cells) const
{
    const map::TileGrid& g = l.tiles;
    for (const TileCoord& c : cells) {
        const int gx = c.x - g.originX, gy = c.y - g.originY;
        if (gx >= 0 && gy >= 0 && gx < g.width && gy < g.height && isTallGid(g.at(gx, gy)))
            return true;
    }
    return false;
}

bool MeshBuilder::hasTileObjects(const Layer& l)
{
    return std::any_of(l.objects.begin(), l.objects.end(),
                       [](const map::Object& o) { return o.visible && o.gid != 0; });
}

void MeshBuilder::build(bool layoutOnly)
{
    m_out.projection = projectionOf(m_map, m_options.frame ? &*m_options.frame : nullptr);
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
            if (layoutOnly)
                layoutTileLayer(flat[i], li);
            else
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

void MeshBuilder::useTintOf(const FlatLayer& fl)
{
    const sf::Color tint(fl.tint.r, fl.tint.g, fl.tint.b);
    if (tint != m_tint)
        m_animIndex.clear(); // animations refer to textures, which depend on the tint
    m_tint = tint;
}

void MeshBuilder::updateBounds()
{
    m_out.bounds = m_out.mapRect;
    for (const MeshLayer& l : m_out.layers)
        for (const MeshChunk& c : l.chunks) {
            bool first = false;
            if (c.bounds.width > 0 || c.bounds.height > 0)
                grow(m_out.bounds, c.bounds, first);
        }
}

} // namespace detail

iso::Projection projectionOf(const map::MapData& map, const map::CellFrame* frame)
{
    if (map.orientation == map::Orientation::Hexagonal) {
        const iso::HexShape hex{map.staggerAxis == map::StaggerAxis::X, map.staggerIndex == map::StaggerIndex::Even,
                                map.hexSideLength};
        const int w = std::max(1, map.width), h = std::max(1, map.height);
        const int tw = std::max(2, map.tileWidth), th = std::max(2, map.tileHeight);
        if (!frame)
            return iso::Projection(hex, w, h, tw, th);
        return iso::Projection(hex, w, h, tw, th, {float(frame->originX()), float(frame->originY())},
                               {float(frame->pixelWidth()), float(frame->pixelHeight())});
    }
    const iso::Orientation o =
        map.orientation == map::Orientation::Isometric ? iso::Orientation::Isometric : iso::Orientation::Orthogonal;
    const int w = std::max(1, map.width), h = std::max(1, map.height);
    const int tw = std::max(1, map.tileWidth), th = std::max(1, map.tileHeight);
    if (!frame)
        return iso::Projection(o, w, h, tw, th);
    return iso::Projection(o, w, h, tw, th, {float(frame->originX()), float(frame->originY())},
                           {float(frame->pixelWidth()), float(frame->pixelHeight())});
}

namespace {

/// The maps the renderer supports; false with a Diagnostic naming the map.
bool meshable(const map::MapData& map, std::vector<Diagnostic>& problems)
{
    if (map.orientation == map::Orientation::Staggered) {
        problems.push_back({map.path, 0,
                            "cannot render a staggered map: the renderer supports orthogonal, isometric and "
                            "hexagonal maps (a staggered one through isostar::map::playableMap and MeshOptions::frame)"});
        return false;
    }
    if (map.width <= 0 || map.height <= 0 || map.tileWidth <= 0 || map.tileHeight <= 0) {
        problems.push_back({map.path, 0, "cannot render a map without a size or tile size"});
        return false;
    }
    if (std::optional<Diagnostic> bad = map::hexShapeProblem(map)) {
        problems.push_back(std::move(*bad));
        return false;
    }
    return true;
}

} // namespace

bool buildMapMesh(const map::MapData& map, const MeshOptions& options, MapMesh& out, std::vector<Diagnostic>& problems)
{
    out = MapMesh{};
    if (!meshable(map, problems))
        return false;
    detail::MeshBuilder(map, options, out).build();
    return true;
}

bool buildMapMeshLayout(const map::MapData& map, const MeshOptions& options, MapMesh& out,
                        std::vector<Diagnostic>& problems)
{
    out = MapMesh{};
    if (!meshable(map, problems))
        return false;
    detail::MeshBuilder(map, options, out).build(true);
    return true;
}

bool buildMapMeshChunks(const map::MapData& map, const MeshOptions& options, std::span<const MeshChunkRef> chunks,
                        MapMesh& mesh, std::vector<Diagnostic>& problems)
{
    if (chunks.empty())
        return true;
    return detail::MeshBuilder(map, options, mesh, true).buildChunks(chunks, problems);
}

bool rebuildMapMeshCells(const map::MapData& map, const MeshOptions& options, std::span<const TileCoord> cells,
                         MapMesh& mesh, std::vector<MeshChunkRef>& rebuilt, std::vector<Diagnostic>& problems)
{
    rebuilt.clear();
    if (cells.empty())
        return true;
    return detail::MeshBuilder(map, options, mesh, true).rebuildCells(cells, rebuilt, problems);
}

} // namespace isostar::render
