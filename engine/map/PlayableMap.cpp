#include "engine/map/PlayableMap.hpp"

#include "engine/map/MapEnums.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace isostar::map {

namespace {

/// Moves objects from Tiled's object space to the playable map's.
struct ObjectMover {
    const MapData& map;
    const CellFrame& frame;

    /// A staggered map's pixel offset -> isometric object units (linear part only).
    Vec2 staggeredDelta(Vec2 d) const
    {
        const double tw = map.tileWidth, th = map.tileHeight;
        const double u = d.x / (tw / 2.0), v = d.y / (th / 2.0);
        return {(u + v) / 2.0 * th, (v - u) / 2.0 * th};
    }

    void move(Object& o) const
    {
        const double tw = map.tileWidth, th = map.tileHeight;
        if (map.orientation != Orientation::Staggered) {
            const double ux = frame.isometric() ? th : tw;
            o.x -= frame.tiledX() * ux;
            o.y -= frame.tiledY() * th;
            return;
        }
        Vec2 anchor{o.x, o.y};
        const Tileset* ts = o.gid ? map.tilesetFor(o.gid) : nullptr;
        if (ts && ts->objectAlignment == ObjectAlignment::Unspecified) {
            // Bottom-left (staggered default) -> bottom-centre (isometric default), turned
            // with the object.
            const double w = o.width > 0 ? o.width : ts->tileWidth;
            const double rad = o.rotation * 3.14159265358979323846 / 180.0;
            anchor.x += std::cos(rad) * w / 2.0;
            anchor.y += std::sin(rad) * w / 2.0;
        }
        const double wx = anchor.x - frame.tiledPixelX() - frame.originX();
        const double wy = anchor.y - frame.tiledPixelY() - frame.originY();
        const Vec2 p = staggeredDelta({wx, wy});
        o.x = p.x;
        o.y = p.y;
        for (Vec2& pt : o.points)
            pt = staggeredDelta(pt);
    }
};

void moveLayers(std::vector<Layer>& layers, const MapData& map, const CellFrame& frame)
{
    const ObjectMover mover{map, frame};
    for (Layer& l : layers) {
        if (l.type == LayerType::Group) {
            moveLayers(l.layers, map, frame);
        } else if (l.type == LayerType::Object) {
            for (Object& o : l.objects)
                mover.move(o);
        } else if (l.type == LayerType::Tile) {
            TileGrid grid;
            grid.width = frame.gridWidth();
            grid.height = frame.gridHeight();
            const std::size_t n = std::size_t(grid.width) * std::size_t(grid.height);
            grid.gids.assign(n, 0);
            grid.flipFlags.assign(n, 0);
            const TileGrid& old = l.tiles;
            for (int y = 0; y < old.height; ++y)
                for (int x = 0; x < old.width; ++x) {
                    const std::size_t from = std::size_t(y) * std::size_t(old.width) + std::size_t(x);
                    if (old.gids[from] == 0)
                        continue;
                    const TileCoord g = frame.toGrid({old.originX + x, old.originY + y});
                    if (g.x < 0 || g.y < 0 || g.x >= grid.width || g.y >= grid.height)
                        continue;
                    const std::size_t to = std::size_t(g.y) * std::size_t(grid.width) + std::size_t(g.x);
                    grid.gids[to] = old.gids[from];
                    grid.flipFlags[to] = old.flipFlags.empty() ? 0 : old.flipFlags[from];
                }
            l.tiles = std::move(grid);
        }
    }
}

} // namespace

MapData playableMap(const MapData& map, const CellFrame& frame)
{
    MapData out = map;
    if (frame.identity())
        return out;
    if (out.orientation == Orientation::Staggered)
        out.orientation = Orientation::Isometric;
    out.width = frame.gridWidth();
    out.height = frame.gridHeight();
    out.infinite = false;
    moveLayers(out.layers, map, frame);
    return out;
}

namespace {

/// Every tile layer of `layers` (groups included) from the grid back onto Tiled's cells
/// [x0, x0 + width) x [y0, y0 + height).
void layersToTiled(std::vector<Layer>& layers, const CellFrame& frame, int x0, int y0, int width, int height)
{
    for (Layer& l : layers) {
        if (l.type == LayerType::Group)
            layersToTiled(l.layers, frame, x0, y0, width, height);
        if (l.type != LayerType::Tile)
            continue;
        const TileGrid& grid = l.tiles;
        TileGrid tiled;
        tiled.originX = x0;
        tiled.originY = y0;
        tiled.width = width;
        tiled.height = height;
        const std::size_t n = std::size_t(width) * std::size_t(height);
        tiled.gids.assign(n, 0);
        tiled.flipFlags.assign(n, 0);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const TileCoord g = frame.toGrid({x0 + x, y0 + y});
                if (g.x < 0 || g.y < 0 || g.x >= grid.width || g.y >= grid.height)
                    continue;
                const std::size_t from = std::size_t(g.y) * std::size_t(grid.width) + std::size_t(g.x);
                const std::size_t to = std::size_t(y) * std::size_t(width) + std::size_t(x);
                tiled.gids[to] = grid.gids[from];
                tiled.flipFlags[to] = grid.flipFlags.empty() ? 0 : grid.flipFlags[from];
            }
        l.tiles = std::move(tiled);
    }
}

} // namespace

MapData tiledMap(const MapData& played, const CellFrame& frame, const TiledForm& form)
{
    MapData out = played;
    out.orientation = form.orientation;
    out.width = form.width;
    out.height = form.height;
    out.infinite = form.infinite;
    if (frame.identity())
        return out;
    if (form.infinite)
        layersToTiled(out.layers, frame, frame.tiledX(), frame.tiledY(), frame.tiledWidth(), frame.tiledHeight());
    else
        layersToTiled(out.layers, frame, 0, 0, std::max(0, form.width), std::max(0, form.height));
    return out;
}

std::vector<std::uint8_t> voidCells(const MapData& playable, const CellFrame& frame, bool infinite)
{
    const int w = frame.gridWidth(), h = frame.gridHeight();
    std::vector<std::uint8_t> out(std::size_t(w) * std::size_t(h), 0);
    bool any = false;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (!frame.onMap({x, y}))
                out[std::size_t(y) * std::size_t(w) + std::size_t(x)] = 1, any = true;
    if (infinite) {
        std::vector<std::uint8_t> tiled(out.size(), 0);
        forEachLayer(playable.layers, [&](const Layer& l) {
            if (l.type != LayerType::Tile || l.tiles.width != w || l.tiles.height != h)
                return;
            for (std::size_t i = 0; i < tiled.size(); ++i)
                tiled[i] |= l.tiles.gids[i] != 0 ? 1 : 0;
        });
        for (std::size_t i = 0; i < out.size(); ++i)
            if (!tiled[i] && !out[i])
                out[i] = 1, any = true;
    }
    if (!any)
        out.clear();
    return out;
}

std::optional<Diagnostic> unplayableReason(const MapData& map)
{
    if (map.width <= 0 || map.height <= 0 || map.tileWidth <= 0 || map.tileHeight <= 0)
        return Diagnostic{map.path, 0, "the map has no cells"};
    return std::nullopt;
}

Result<PlayedMap> placeMap(MapData map)
{
    if (std::optional<Diagnostic> why = unplayableReason(map))
        return Result<PlayedMap>::failure(std::move(*why));
    PlayedMap out;
    out.frame = CellFrame::of(map);
    out.form = TiledForm::of(map);
    if (std::uint64_t(out.frame.gridWidth()) * std::uint64_t(out.frame.gridHeight()) > MaxPlayableCells)
        return Result<PlayedMap>::failure(Diagnostic{
            map.path, 0,
            "the map is too large to plan on (" + std::to_string(out.frame.gridWidth()) + "x" +
                std::to_string(out.frame.gridHeight()) + " cells on the engine's grid)"});
    if (out.frame.identity()) {
        out.map = std::move(map);
        return out;
    }
    out.map = playableMap(map, out.frame);
    out.voids = voidCells(out.map, out.frame, map.infinite);
    return out;
}

Result<PlayedMap> placeMap(Result<MapData> loaded)
{
    if (!loaded)
        return Result<PlayedMap>::failure(loaded.diagnostics());
    return placeMap(std::move(loaded).value());
}

std::optional<Diagnostic> hexShapeProblem(const MapData& map)
{
    if (map.orientation != Orientation::Hexagonal)
        return std::nullopt;
    if (map.infinite)
        return Diagnostic{map.path, 0,
                          "infinite hexagonal maps are not drawn or played (their chunks are not placed on "
                          "hexagons): make the map finite in Tiled (Map > Map Properties > Infinite off)"};
    // Tiled's renderer works on even tile sizes; the flat sides must leave room for the slants.
    const bool x = map.staggerAxis == StaggerAxis::X;
    const int size = (x ? map.tileWidth : map.tileHeight) & ~1;
    if (map.hexSideLength < size)
        return std::nullopt;
    return Diagnostic{map.path, 0,
                      "hexsidelength " + std::to_string(map.hexSideLength) + " must be less than the tile " +
                          (x ? "width" : "height") + " (" + std::to_string(size) +
                          (size != (x ? map.tileWidth : map.tileHeight) ? ", rounded down to even" : "") +
                          ") on a map staggered along " + (x ? "x" : "y")};
}

} // namespace isostar::map
