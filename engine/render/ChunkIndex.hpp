#pragma once
/// \file ChunkIndex.hpp
/// A spatial index of a MapMesh's chunks: which chunks of a layer may intersect a world
/// rectangle, found in time proportional to the rectangle's area (the chunks near it), not to
/// the number of chunks of the map. MapRenderer::draw asks it for the chunks in view, so the
/// per-frame cost of a map does not grow with its size.
///
/// A uniform grid of buckets over MapMesh::bounds; each chunk is listed in every bucket its
/// bounds overlap (tall tiles and offsets included, so nothing that reaches into view is missed).

#include "engine/render/MapMesh.hpp"

#include <SFML/Graphics/Rect.hpp>

#include <cstdint>
#include <vector>

namespace isostar::render {

class ChunkIndex {
public:
    /// Indexes every chunk of every layer of `mesh` by its current bounds, with square buckets
    /// of `bucketPixels` world pixels [Limit: >0]. Call again whenever chunk bounds change
    /// (after rebuildMapMeshCells). O(chunks x buckets each chunk overlaps).
    void build(const MapMesh& mesh, float bucketPixels = 512.f);

    /// Appends to `out` (cleared first) the indices of layer `layer`'s chunks whose bounds
    /// intersect `view` (sf::FloatRect::intersects, the test draw used on every chunk), in
    /// increasing order, each once: exactly the chunks a full scan would keep. A layer the index
    /// does not know yields nothing. O(buckets under `view` + chunks listed there).
    void query(int layer, const sf::FloatRect& view, std::vector<int>& out) const;

    /// Number of layers indexed (0 before build).
    int layerCount() const { return int(m_layers.size()); }

private:
    struct LayerIndex {
        std::vector<std::uint32_t> start;   ///< bucketsX*bucketsY+1 offsets into `chunks`
        std::vector<int> chunks;            ///< chunk indices per bucket, increasing
        std::vector<sf::FloatRect> bounds;  ///< copy of each chunk's bounds (exact final test)
        std::vector<int> outside;           ///< chunks with bounds outside the grid (none usually)
    };
    sf::FloatRect m_area; ///< world rectangle the buckets cover
    float m_bucket = 512.f;
    int m_bucketsX = 0, m_bucketsY = 0;
    std::vector<LayerIndex> m_layers;
    mutable std::vector<std::uint32_t> m_seen; ///< per chunk: stamp of the query that listed it
    mutable std::uint32_t m_stamp = 0;
};

} // namespace isostar::render
