#include "engine/map/detail/Build.hpp"

#include <algorithm>
#include <limits>

namespace isostar::map::detail {

std::string reserveCells(LoadContext& ctx, std::int64_t w, std::int64_t h)
{
    const std::uint64_t cells = std::uint64_t(w) * std::uint64_t(h);
    if (cells > ctx.limits.maxCells)
        return std::to_string(w) + "x" + std::to_string(h) + " = " + std::to_string(cells) +
               " cells is more than the limit of " + std::to_string(ctx.limits.maxCells);
    if (ctx.totalCells + cells > ctx.limits.maxTotalCells)
        return "tile layers hold more than " + std::to_string(ctx.limits.maxTotalCells) +
               " cells in total";
    ctx.totalCells += cells;
    return {};
}

std::string checkChunkPlace(const RawChunk& c)
{
    constexpr std::int64_t kFar = std::int64_t(1) << 28;
    if (c.x < -kFar || c.y < -kFar || std::int64_t(c.x) + c.width > kFar ||
        std::int64_t(c.y) + c.height > kFar)
        return "chunk at (" + std::to_string(c.x) + "," + std::to_string(c.y) +
               ") is too far from the origin (limit " + std::to_string(kFar) + " cells)";
    return {};
}

void fillGrid(TileGrid& grid, int w, int h, const std::vector<std::uint32_t>& raw)
{
    const std::size_t n = std::size_t(w) * std::size_t(h);
    grid.width = w;
    grid.height = h;
    grid.gids.assign(n, 0);
    grid.flipFlags.assign(n, 0);
    for (std::size_t i = 0; i < n && i < raw.size(); ++i)
        splitGid(raw[i], grid.gids[i], grid.flipFlags[i]);
}

std::string mergeChunks(LoadContext& ctx, const std::vector<RawChunk>& chunks, TileGrid& grid)
{
    grid = TileGrid{};
    if (chunks.empty())
        return {};
    std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), y0 = x0;
    std::int64_t x1 = std::numeric_limits<std::int64_t>::min(), y1 = x1;
    for (const RawChunk& c : chunks) {
        x0 = std::min<std::int64_t>(x0, c.x);
        y0 = std::min<std::int64_t>(y0, c.y);
        x1 = std::max<std::int64_t>(x1, std::int64_t(c.x) + c.width);
        y1 = std::max<std::int64_t>(y1, std::int64_t(c.y) + c.height);
    }
    const std::int64_t w = x1 - x0, h = y1 - y0;
    if (w > std::numeric_limits<int>::max() || h > std::numeric_limits<int>::max())
        return "chunks span " + std::to_string(w) + "x" + std::to_string(h) + " cells, too large";
    if (std::string e = reserveCells(ctx, w, h); !e.empty())
        return "chunks span " + e;
    grid.originX = int(x0);
    grid.originY = int(y0);
    grid.width = int(w);
    grid.height = int(h);
    grid.gids.assign(std::size_t(w) * std::size_t(h), 0);
    grid.flipFlags.assign(grid.gids.size(), 0);
    for (const RawChunk& c : chunks) {
        for (int cy = 0; cy < c.height; ++cy) {
            for (int cx = 0; cx < c.width; ++cx) {
                const std::size_t src = std::size_t(cy) * std::size_t(c.width) + std::size_t(cx);
                if (src >= c.raw.size())
                    continue;
                const std::size_t dst = std::size_t(c.y - y0 + cy) * std::size_t(w) +
                                        std::size_t(c.x - x0 + cx);
                splitGid(c.raw[src], grid.gids[dst], grid.flipFlags[dst]);
            }
        }
    }
    return {};
}

std::string checkGids(const TileGrid& grid, const GidRanges& ranges)
{
    std::size_t bad = 0;
    std::size_t first = 0;
    Gid last = 0; // gids repeat a lot: remember the last accepted one
    for (std::size_t i = 0; i < grid.gids.size(); ++i) {
        const Gid g = grid.gids[i];
        if (g == 0 || g == last)
            continue;
        if (ranges.accepts(g)) {
            last = g;
            continue;
        }
        if (bad++ == 0)
            first = i;
    }
    if (bad == 0)
        return {};
    const int x = grid.originX + int(first % std::size_t(grid.width));
    const int y = grid.originY + int(first / std::size_t(grid.width));
    std::string msg = "tile (" + std::to_string(x) + "," + std::to_string(y) + ") has gid " +
                      std::to_string(grid.gids[first]) + ", which is outside every tileset";
    if (bad > 1)
        msg += " (and " + std::to_string(bad - 1) + " more)";
    return msg;
}

std::uint32_t tileSpan(const Tileset& ts)
{
    if (!ts.isCollection())
        return std::uint32_t(std::max(ts.tileCount, 0));
    std::uint32_t span = std::uint32_t(std::max(ts.tileCount, 0));
    for (const TileInfo& t : ts.tiles)
        span = std::max(span, t.id + 1);
    return span;
}

Gid nextFreeGid(const MapData& map, const GidRanges& ranges)
{
    Gid next = 1;
    for (const Tileset& ts : map.tilesets)
        next = std::max<Gid>(next, ts.firstGid + tileSpan(ts));
    for (Gid f : ranges.failedFirstGids)
        next = std::max<Gid>(next, f + 1);
    return next;
}

Gid mapTemplateGid(MapData& map, const GidRanges& ranges, const TemplateData& t, Gid templateGid)
{
    if (!t.tileset || templateGid < t.tileset->firstGid)
        return 0;
    const Tileset& tts = *t.tileset;
    const Gid local = templateGid - tts.firstGid;
    for (const Tileset& ts : map.tilesets) {
        const bool same = !tts.source.empty() ? ts.source == tts.source
                                              : ts.source.empty() && ts.name == tts.name;
        if (same)
            return ts.firstGid + local;
    }
    Tileset copy = tts;
    copy.firstGid = nextFreeGid(map, ranges);
    map.tilesets.push_back(std::move(copy));
    return map.tilesets.back().firstGid + local;
}

std::vector<std::pair<Gid, std::string>> checkTilesetRanges(std::vector<Tileset>& tilesets)
{
    std::vector<std::pair<Gid, std::string>> errors;
    std::stable_sort(tilesets.begin(), tilesets.end(),
                     [](const Tileset& a, const Tileset& b) { return a.firstGid < b.firstGid; });
    for (std::size_t i = 0; i < tilesets.size(); ++i) {
        const Tileset& ts = tilesets[i];
        const std::uint64_t end = std::uint64_t(ts.firstGid) + tileSpan(ts);
        if (end - 1 > (~flip::RawMask) && tileSpan(ts) > 0)
            errors.emplace_back(ts.firstGid, "tileset \"" + ts.name + "\": gids " + std::to_string(ts.firstGid) +
                             ".." + std::to_string(end - 1) + " go past the largest gid " +
                             std::to_string(~flip::RawMask));
        if (i + 1 < tilesets.size() && end > tilesets[i + 1].firstGid)
            errors.emplace_back(tilesets[i + 1].firstGid, "tileset \"" + tilesets[i + 1].name + "\" (firstgid " +
                             std::to_string(tilesets[i + 1].firstGid) + ") overlaps tileset \"" +
                             ts.name + "\" (gids " + std::to_string(ts.firstGid) + ".." +
                             std::to_string(end - 1) + ")");
    }
    return errors;
}

void addExternalTileset(MapData& map, GidRanges& ranges, Gid firstGid, const Tileset* external)
{
    if (!external) {
        ranges.failedFirstGids.push_back(firstGid);
        return;
    }
    Tileset copy = *external;
    copy.firstGid = firstGid;
    map.tilesets.push_back(std::move(copy));
}

void addInlineTileset(const LoadContext& ctx, std::size_t diagnosticsBefore, MapData& map, GidRanges& ranges,
                      Tileset ts)
{
    if (ctx.diagnostics.size() != diagnosticsBefore)
        ranges.failedFirstGids.push_back(ts.firstGid);
    else
        map.tilesets.push_back(std::move(ts));
}

} // namespace isostar::map::detail
