#pragma once
/// \file MeshBuilder.hpp
/// Internal to engine/render: the builder behind buildMapMesh and rebuildMapMeshCells (see
/// MapMesh.hpp for what is built). One class, its definitions spread by job:
/// - MapMesh.cpp: the whole map (layers flattened, where the depth-sorted part starts, bounds)
///   and the two entry points;
/// - MapMeshChunks.cpp: tile layers cut into chunks, and rebuilding the chunks an edit touched;
/// - MapMeshQuads.cpp: one quad per tile, tile object or image layer (images, corners, colours,
///   texture coordinates);
/// - MapMeshAnimation.cpp: tile animations.

#include "engine/render/MapMesh.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace isostar::render::detail {

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

/// Appends the visible layers of `layers` (groups flattened, in Tiled's order) to `out`, each with
/// `parent`'s and its groups' opacity, tint and offset folded in.
void flatten(const std::vector<Layer>& layers, const FlatLayer& parent, std::vector<FlatLayer>& out);

/// The image a tile is cut from: texture index, rectangle, and its own size.
struct TileImage {
    int texture = -1;
    sf::IntRect rect;
};

class MeshBuilder {
public:
    /// `fixedTextures`: m_out.textures is complete (a renderer has loaded them); a tile needing
    /// another texture is not drawn and sets missingTexture().
    MeshBuilder(const MapData& map, const MeshOptions& options, MapMesh& out, bool fixedTextures = false)
        : m_map(map)
        , m_options(options)
        , m_out(out)
        , m_fixed(fixedTextures)
    {
    }

    /// Builds the whole mesh into m_out (MapMesh.cpp); `layoutOnly`: buildMapMeshLayout's
    /// mesh (tile layer chunks unbuilt, every texture listed).
    void build(bool layoutOnly = false);
    /// See buildMapMeshChunks (MapMeshChunks.cpp).
    bool buildChunks(std::span<const MeshChunkRef> chunks, std::vector<Diagnostic>& problems);

    /// See rebuildMapMeshCells; m_out is the mesh to patch, built with fixed textures
    /// (MapMeshChunks.cpp).
    bool rebuildCells(std::span<const TileCoord> cells, std::vector<MeshChunkRef>& rebuilt,
                      std::vector<Diagnostic>& problems);

private:
    // --- The whole map (MapMesh.cpp) ---

    /// A tile image taller than the grid (rises above its cell).
    bool isTallGid(map::Gid gid) const;
    bool isTallTileLayer(const Layer& l) const;
    /// Whether one of `cells` (map coordinates) of tile layer `l` shows a tall tile.
    bool hasTallCell(const Layer& l, std::span<const TileCoord> cells) const;
    /// Where the depth-sorted part starts (see the header): the index of the first sorted layer
    /// in `flat`, or flat.size(). `isTall(i)` says whether tile layer i has a tall tile.
    template <typename IsTall>
    static std::size_t sortedStartOf(const std::vector<FlatLayer>& flat, IsTall&& isTall);
    static bool hasTileObjects(const Layer& l);
    /// The tint of the layer about to be built (textures depend on it).
    void useTintOf(const FlatLayer& fl);
    /// MapMesh::bounds: the map rectangle grown by every non-empty chunk.
    void updateBounds();

    // --- Chunks of tile layers, and rebuilding them (MapMeshChunks.cpp) ---

    /// Chunk layout of a tile layer.
    struct ChunkGrid {
        int size = 1;                ///< cells per chunk side
        int chunksX = 0, chunksY = 0;
    };

    /// Where one tile layer's quads go while it is being built.
    struct TileLayerSink {
        const FlatLayer* fl = nullptr;
        int li = 0;
        bool useItems = false;
        sf::Color color;
        std::vector<MeshAnimatedQuad>* animatedQuads = nullptr;
    };

    /// A chunk rebuilt for an edit, not yet put into m_out.
    struct PendingChunk {
        MeshChunkRef ref;
        MeshChunk chunk;
    };

    ChunkGrid chunkGridOf(const map::TileGrid& g) const;
    TileLayerSink sinkFor(const FlatLayer& fl, int li, std::vector<MeshAnimatedQuad>& animatedQuads) const;
    /// Visits the cells of the rectangle [x0, x1] x [y0, y1] (grid coordinates) in Tiled's draw
    /// order; stops when `f` returns false.
    template <typename F>
    bool forCellsInOrder(int x0, int y0, int x1, int y1, F&& f) const;
    void buildTileLayer(const FlatLayer& fl, int li);
    /// A tile layer's chunks, unbuilt, with estimated bounds; its tint's textures listed.
    void layoutTileLayer(const FlatLayer& fl, int li);
    /// Hexagonal maps: lists the smooth textures of the tiles layer grid `g` turns.
    void listTurnedTiles(const map::TileGrid& g);
    /// How far a quad may reach outside its cell's bounding box, in world pixels: the largest
    /// tile image of the map's tilesets plus the largest tile offset.
    float quadReach() const;
    /// Builds chunk `chunk` of tile layer `li` alone into `out` (its animated quads into `quads`).
    /// False (with the first cell that cannot be drawn in `badCell`) for want of a texture.
    bool buildTileChunk(const FlatLayer& fl, int li, int chunk, MeshChunk& out, std::vector<MeshAnimatedQuad>& quads,
                        TileCoord& badCell);
    /// The map still has the size and the (flattened) layers m_out was built from, each tile
    /// layer cut into as many chunks.
    bool sameLayout(const std::vector<FlatLayer>& flat) const;
    /// Whether editing `cells` moves the start of the depth-sorted part.
    bool sortedStartMoves(const std::vector<FlatLayer>& flat, std::span<const TileCoord> cells) const;
    /// The chunks of tile grid `g` (layout `cg`) that hold one of `cells`, sorted, each once.
    static std::vector<int> chunksHolding(const map::TileGrid& g, const ChunkGrid& cg,
                                          std::span<const TileCoord> cells);
    /// Builds every chunk of a tile layer that holds one of `cells` into `pending` (animated
    /// quads into `quads`). False, with the problem and m_out's animations as they were, for
    /// want of a texture.
    bool buildTouchedChunks(const std::vector<FlatLayer>& flat, std::span<const TileCoord> cells,
                            std::vector<PendingChunk>& pending, std::vector<MeshAnimatedQuad>& quads,
                            std::vector<Diagnostic>& problems);
    /// Puts the `pending` chunks into m_out (their refs into `rebuilt`), replaces the animated
    /// quads of those chunks by `quads`, and updates the bounds.
    void installChunks(std::vector<PendingChunk>& pending, const std::vector<MeshAnimatedQuad>& quads,
                       std::vector<MeshChunkRef>& rebuilt);
    /// Rebuilds the whole of m_out from the map with its textures (the passes changed).
    bool rebuildAll(std::vector<MeshChunkRef>& rebuilt, std::vector<Diagnostic>& problems);
    Diagnostic noTextureProblem(const Layer& layer, TileCoord cell) const;

    // --- Quads (MapMeshQuads.cpp) ---

    int textureFor(const Tileset& ts, const std::string& path);
    /// The same image as texture `texture`, sampled smoothly (TextureSource::smooth), cut to
    /// `crop` (empty: whole); -1 (and m_missingTexture) when the textures are fixed and hold none.
    int smoothTwin(int texture, const sf::IntRect& crop);
    /// The image of local tile `id` of `ts` (not following animations).
    TileImage tileImage(const Tileset& ts, std::uint32_t id);
    /// Opacity (and the tint's alpha) as the vertex colour; the tint's colour is baked into the
    /// texture (TextureSource::tint).
    sf::Color vertexColor(const FlatLayer& fl) const;
    static void fillQuad(std::array<sf::Vertex, 6>& v, const sf::Vector2f corners[4], const sf::IntRect& rect,
                         std::uint8_t flips, sf::Color color);
    static sf::FloatRect boundsOf(const sf::Vector2f corners[4]);
    /// Hexagonal maps: turns a tile's quad as Tiled's rotation bits say; returns the flips left
    /// for the texture coordinates (horizontal, vertical).
    static std::uint8_t turnHexQuad(sf::Vector2f corners[4], std::uint8_t flips);
    /// The row of Tiled's draw order cell (x, y) is drawn in (orthogonal and hexagonal maps): y,
    /// or on maps staggered along x, 2y for the unshifted columns and 2y+1 for the shifted ones.
    int drawRow(int x, int y) const;
    static void grow(sf::FloatRect& r, const sf::FloatRect& add, bool& first);
    /// Adds cell (gx, gy) of the layer (grid coordinates) to chunk `mc` (index `chunk`). The order
    /// key is the cell's place in Tiled's draw order, so a chunk rebuilt alone gets the same keys.
    /// Returns false if the tile cannot be drawn for want of a texture (fixed textures only).
    bool emitTile(const TileLayerSink& sink, int gx, int gy, MeshChunk& mc, int chunk, bool& firstBounds);
    void buildObjectLayer(const FlatLayer& fl, int li);
    void buildImageLayer(const FlatLayer& fl, int li);

    // --- Animations (MapMeshAnimation.cpp) ---

    /// Animation index for a tile with <animation> whose frames share one texture, else -1.
    int animationFor(const Tileset& ts, std::uint32_t id);
    /// The image a gid shows at time 0 (frame 0 of its animation), and its animation (-1: none).
    TileImage shownImage(const Tileset& ts, std::uint32_t id, int& animation);

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

template <typename IsTall>
std::size_t MeshBuilder::sortedStartOf(const std::vector<FlatLayer>& flat, IsTall&& isTall)
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

template <typename F>
bool MeshBuilder::forCellsInOrder(int x0, int y0, int x1, int y1, F&& f) const
{
    if (m_map.orientation == map::Orientation::Isometric) {
        // Tiled draws isometric layers by screen rows (x + y), left to right (x ascending).
        for (int s = x0 + y0; s <= x1 + y1; ++s)
            for (int gx = std::max(x0, s - y1); gx <= std::min(x1, s - y0); ++gx)
                if (!f(gx, s - gx))
                    return false;
    } else if (m_out.projection.orientation() == iso::Orientation::Hexagonal && m_out.projection.hex().staggerX) {
        // Tiled draws maps staggered along x by half rows: the unshifted columns of a row, then
        // the shifted ones (half a tile lower), left to right.
        for (int gy = y0; gy <= y1; ++gy)
            for (int half = 0; half < 2; ++half)
                for (int gx = x0; gx <= x1; ++gx)
                    if (drawRow(gx, gy) == 2 * gy + half && !f(gx, gy))
                        return false;
    } else {
        // Orthogonal and hexagonal staggered along y: right-down order (other render orders only
        // differ where tiles overlap).
        for (int gy = y0; gy <= y1; ++gy)
            for (int gx = x0; gx <= x1; ++gx)
                if (!f(gx, gy))
                    return false;
    }
    return true;
}

} // namespace isostar::render::detail
