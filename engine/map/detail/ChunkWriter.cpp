// An infinite layer's chunks as Tiled writes them (TMX reference: "chunk"; Tiled's own writer
// keeps the chunks of the editor's chunk size that hold a tile, sorted by row then column).

#include "engine/map/detail/ChunkWriter.hpp"

#include "engine/map/detail/TileEncoding.hpp"

#include <pugixml.hpp>


namespace isostar::map::detail {

namespace {

/// floor(a / b) for b > 0, also for negative a.
int chunkFloor(int a, int b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

} // namespace

void chunkSizeOf(pugi::xml_node root, int& width, int& height)
{
    const pugi::xml_node size = root.child("editorsettings").child("chunksize");
    width = size.attribute("width").as_int(0);
    height = size.attribute("height").as_int(0);
    if (width <= 0 || height <= 0)
        width = height = DefaultChunkSize;
}

std::vector<RawChunk> chunksOf(const TileGrid& grid, int chunkWidth, int chunkHeight)
{
    std::vector<RawChunk> out;
    if (grid.width <= 0 || grid.height <= 0)
        return out;
    const std::vector<std::uint32_t> raw = rawGids(grid);
    const int x0 = chunkFloor(grid.originX, chunkWidth) * chunkWidth;
    const int y0 = chunkFloor(grid.originY, chunkHeight) * chunkHeight;
    for (int cy = y0; cy < grid.originY + grid.height; cy += chunkHeight)
        for (int cx = x0; cx < grid.originX + grid.width; cx += chunkWidth) {
            RawChunk c{cx, cy, chunkWidth, chunkHeight, {}};
            c.raw.assign(std::size_t(chunkWidth) * std::size_t(chunkHeight), 0);
            bool any = false;
            for (int y = 0; y < chunkHeight; ++y)
                for (int x = 0; x < chunkWidth; ++x) {
                    const int gx = cx + x - grid.originX, gy = cy + y - grid.originY;
                    if (gx < 0 || gy < 0 || gx >= grid.width || gy >= grid.height)
                        continue;
                    const std::uint32_t g = raw[std::size_t(gy) * std::size_t(grid.width) + std::size_t(gx)];
                    c.raw[std::size_t(y) * std::size_t(chunkWidth) + std::size_t(x)] = g;
                    any = any || g != 0;
                }
            if (any)
                out.push_back(std::move(c));
        }
    return out;
}

bool sameCells(const std::vector<RawChunk>& fileChunks, const TileGrid& grid)
{
    const std::vector<std::uint32_t> raw = rawGids(grid);
    std::size_t tilesInChunks = 0;
    for (const RawChunk& c : fileChunks)
        for (int y = 0; y < c.height; ++y)
            for (int x = 0; x < c.width; ++x) {
                const std::uint32_t fileGid = c.raw[std::size_t(y) * std::size_t(c.width) + std::size_t(x)];
                const int gx = c.x + x - grid.originX, gy = c.y + y - grid.originY;
                const bool inside = gx >= 0 && gy >= 0 && gx < grid.width && gy < grid.height;
                const std::uint32_t ours =
                    inside ? raw[std::size_t(gy) * std::size_t(grid.width) + std::size_t(gx)] : 0u;
                if (fileGid != ours)
                    return false;
                tilesInChunks += fileGid != 0 ? 1 : 0;
            }
    std::size_t tiles = 0;
    for (std::uint32_t g : raw)
        tiles += g != 0 ? 1 : 0;
    return tiles == tilesInChunks; // else the grid has tiles no chunk of the file holds
}

bool encodeChunks(const std::vector<RawChunk>& chunks, std::string_view encoding, Compression comp, int level,
                  const std::string& indent, std::string& out, std::string& err)
{
    out.clear();
    const std::string inner = indent + " ";
    for (const RawChunk& c : chunks) {
        if (!out.empty())
            out += '\n';
        out += indent + "<chunk x=\"" + std::to_string(c.x) + "\" y=\"" + std::to_string(c.y) + "\" width=\"" +
               std::to_string(c.width) + "\" height=\"" + std::to_string(c.height) + "\">";
        if (encoding == "csv") {
            out += '\n' + encodeCsv(c.raw, c.width) + '\n';
        } else if (encoding == "base64") {
            std::string body;
            if (!encodeBase64Gids(c.raw, comp, level, body, err))
                return false;
            out += '\n' + inner + body + '\n' + indent;
        } else {
            out += '\n' + inner + encodeXmlTiles(c.raw, c.width, inner) + '\n' + indent;
        }
        out += "</chunk>";
    }
    return true;
}

} // namespace isostar::map::detail
