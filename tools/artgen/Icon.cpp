// The application icon (desktop menus; installed by the .deb): a block of isometric ground, 4x4
// cells of grass with a pond, and a dotted path that bends around the water from a unit to a gold
// star, the goal. 256x256, drawn analytically with 4x4 samples per pixel like the UI bits.

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Canvas.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace artgen {

namespace {

constexpr int kIconSize = 256, kIconSs = 4;
constexpr float kTopX = 128.f, kTopY = 74.f;     // the top diamond's top corner
constexpr float kCellW = 28.f, kCellH = 14.f;    // half a cell's width and height on screen
constexpr float kDepth = 26.f;                   // the block's side faces
constexpr int kCells = 4;

/// Screen position of grid point (u, v) on the block's top face.
std::pair<float, float> iconScreen(float u, float v)
{
    return {kTopX + (u - v) * kCellW, kTopY + (u + v) * kCellH};
}

bool iconWater(int u, int v)
{
    return (u == 1 || u == 2) && v == 1;
}

/// The block: the top face's cells (grass, water, faint grid lines), the two side faces below.
Rgba iconGround(float sx, float sy)
{
    const float a = (sx - kTopX) / kCellW, b = (sy - kTopY) / kCellH;
    const float u = (a + b) * 0.5f, v = (b - a) * 0.5f;
    if (u >= 0 && v >= 0 && u <= kCells && v <= kCells) {
        const int cu = std::min(int(u), kCells - 1), cv = std::min(int(v), kCells - 1);
        const float edge = std::min({u - float(cu), float(cu + 1) - u, v - float(cv), float(cv + 1) - v});
        Rgb c = iconWater(cu, cv) ? mix(hex(0x2f7fc8), hex(0x5fb0ea), hashf(cu, cv, 1, 77u) * 0.5f)
                                  : mix(hex(0x4f9a3a), hex(0x6cb64a), hashf(cu, cv, 2, 77u));
        c = c * (1.05f - 0.12f * (u + v) / float(2 * kCells));  // lit from the upper left
        if (edge < 0.035f)
            c = c * 0.78f;
        return {c, 1.f};
    }
    // Side faces: below the lower left edge (v = kCells) and the lower right edge (u = kCells).
    const auto [lx, ly] = iconScreen(0, float(kCells));
    const auto [bx, by] = iconScreen(float(kCells), float(kCells));
    const auto [rx, ry] = iconScreen(float(kCells), 0);
    if (sx >= lx && sx <= bx) {
        const float top = ly + (sx - lx) / (bx - lx) * (by - ly);
        if (sy >= top && sy <= top + kDepth)
            return {mix(hex(0x8a5a34), hex(0x5e3b22), (sy - top) / kDepth), 1.f};
    } else if (sx > bx && sx <= rx) {
        const float top = by + (sx - bx) / (rx - bx) * (ry - by);
        if (sy >= top && sy <= top + kDepth)
            return {mix(hex(0x6b4428), hex(0x45291a), (sy - top) / kDepth), 1.f};
    }
    return {};
}

/// Cell centres the path visits, start to goal: round the pond.
constexpr std::array<std::pair<float, float>, 5> kIconPath{{
    {0.5f, 3.5f}, {1.5f, 2.5f}, {2.5f, 2.5f}, {3.5f, 1.5f}, {3.5f, 0.5f}}};

/// The path's dots: white discs every 11 px along the polyline, with a dark rim.
Rgba iconPath(float sx, float sy)
{
    float best = 1e9f;
    for (std::size_t i = 0; i + 1 < kIconPath.size(); ++i) {
        const auto a = iconScreen(kIconPath[i].first, kIconPath[i].second);
        const auto b = iconScreen(kIconPath[i + 1].first, kIconPath[i + 1].second);
        const float len = std::hypot(b.first - a.first, b.second - a.second);
        const int dots = std::max(1, int(std::round(len / 11.f)));
        for (int k = (i == 0 ? 1 : 0); k < dots; ++k) {
            const float t = float(k) / float(dots);
            best = std::min(best, std::hypot(sx - (a.first + t * (b.first - a.first)),
                                             sy - (a.second + t * (b.second - a.second))));
        }
    }
    if (best < 3.6f)
        return {hex(0xfbfbf2), 1.f};
    if (best < 5.f)
        return {hex(0x1d2a18), 0.75f};
    return {};
}

/// Whether (x, y) lies inside the five-pointed star centred at (cx, cy) with outer radius r.
bool iconInStar(float x, float y, float cx, float cy, float r)
{
    std::array<std::pair<float, float>, 10> p;
    for (int i = 0; i < 10; ++i) {
        const float ang = -1.5707963f + float(i) * 0.62831853f;
        const float rr = (i % 2 == 0) ? r : r * 0.42f;
        p[std::size_t(i)] = {cx + rr * std::cos(ang), cy + rr * std::sin(ang)};
    }
    bool inside = false;
    for (std::size_t i = 0, j = p.size() - 1; i < p.size(); j = i++)
        if ((p[i].second > y) != (p[j].second > y) &&
            x < (p[j].first - p[i].first) * (y - p[i].second) / (p[j].second - p[i].second) + p[i].first)
            inside = !inside;
    return inside;
}

/// The goal star above the last cell and the unit (a blue disc with a light rim) on the first.
Rgba iconMarkers(float sx, float sy)
{
    const auto [gx, gy] = iconScreen(kIconPath.back().first, kIconPath.back().second);
    const float cx = gx - 4.f, cy = gy - 44.f;
    if (iconInStar(sx, sy, cx, cy, 38.f))
        return {mix(hex(0xffe680), hex(0xe8a317), std::clamp((sy - cy + 30.f) / 60.f, 0.f, 1.f)), 1.f};
    if (iconInStar(sx, sy, cx, cy, 45.f))
        return {hex(0x5a3a08), 0.9f};
    const auto [ux, uy] = iconScreen(kIconPath.front().first, kIconPath.front().second);
    const float d = std::hypot(sx - ux, sy - (uy - 14.f));
    if (d < 13.f)
        return {mix(hex(0x6fa8ff), hex(0x2850b8), std::clamp((sy - uy + 27.f) / 26.f, 0.f, 1.f)), 1.f};
    if (d < 16.f)
        return {hex(0xf4f4ff), 1.f};
    return {};
}

/// One sample: the markers over the path over the ground ("over" compositing).
Rgba iconSample(float sx, float sy)
{
    Rgba out = iconGround(sx, sy);
    for (const Rgba& layer : {iconPath(sx, sy), iconMarkers(sx, sy)}) {
        const float a = layer.a + out.a * (1.f - layer.a);
        if (a <= 0)
            continue;
        out.c = (layer.c * layer.a + out.c * (out.a * (1.f - layer.a))) * (1.f / a);
        out.a = a;
    }
    return out;
}

} // namespace

bool writeIcon(const std::string& assetsDir, std::string& error)
{
    Canvas c(kIconSize, kIconSize);
    for (int y = 0; y < kIconSize; ++y)
        for (int x = 0; x < kIconSize; ++x) {
            float sumA = 0;
            Rgb sumC;
            for (int j = 0; j < kIconSs; ++j)
                for (int i = 0; i < kIconSs; ++i) {
                    const Rgba s = iconSample(float(x) + (float(i) + 0.5f) / kIconSs, float(y) + (float(j) + 0.5f) / kIconSs);
                    sumA += s.a;
                    sumC = sumC + s.c * s.a;
                }
            if (sumA > 0)
                c.at(x, y) = {sumC * (1.f / sumA), sumA / float(kIconSs * kIconSs)};
        }
    const std::string path = assetsDir + "/desktop/isostar.png";
    if (c.savePng(path))
        return true;
    error = path + ": cannot write";
    return false;
}

} // namespace artgen
