/// \file MapMeshAnimation.cpp
/// Tile animations: a tile with <animation> becomes one MeshAnimation (its frames' rectangles
/// and end times) shared by every quad that shows it, frame 0 at time 0; and which frame an
/// animation shows at a given time.
#include "engine/render/MapMesh.hpp"

#include "engine/render/detail/MeshBuilder.hpp"

#include <algorithm>

namespace isostar::render {

namespace detail {

int MeshBuilder::animationFor(const Tileset& ts, std::uint32_t id)
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

TileImage MeshBuilder::shownImage(const Tileset& ts, std::uint32_t id, int& animation)
{
    animation = animationFor(ts, id);
    const map::TileInfo* info = ts.findTile(id);
    if (info && !info->animation.empty())
        return tileImage(ts, info->animation.front().tileId);
    return tileImage(ts, id);
}

} // namespace detail

int animationFrameAt(const MeshAnimation& anim, long long timeMs)
{
    if (anim.frameEndMs.empty())
        return 0;
    const long long t = ((timeMs % anim.frameEndMs.back()) + anim.frameEndMs.back()) % anim.frameEndMs.back();
    const auto it = std::upper_bound(anim.frameEndMs.begin(), anim.frameEndMs.end(), t);
    return int(it - anim.frameEndMs.begin());
}

} // namespace isostar::render
