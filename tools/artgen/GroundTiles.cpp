// Flat ground tiles of ground.tsx: pixel code over a tileable noise field, so neighbouring tiles
// meet without a seam (plain ground in variants, corner blends between two terrains, roads).

#include "tools/artgen/Layout.hpp"
#include "tools/artgen/TileArt.hpp"
#include "tools/artgen/Tracer.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace artgen {

std::string groundTerrain(int id)
{
    if (id < ground::Snow)
        return "grass";
    if (id < ground::Water)
        return "snow";
    if (id < ground::Flowers)
        return "water";
    if (id < ground::Road)
        return "flowers";
    if (id < ground::Scorched)
        return "road";
    if (id < ground::FlowersSnow)
        return "grass"; // scorched grass, and the grass transitions
    if (id < ground::SnowWater)
        return "flowers";
    return "snow";
}

std::vector<BlendSet> blendSets()
{
    // name, base terrain, other terrain, first id, base plain tile, other plain tile, colour
    return {
        {"grass-snow", "grass", "snow", ground::GrassSnow, ground::Grass, ground::Snow, "#4f8a34", "#eef2fa"},
        {"grass-water", "grass", "water", ground::GrassWater, ground::Grass, ground::Water, "#4f8a34", "#2f72b0"},
        {"grass-scorched", "grass", "scorched", ground::GrassScorched, ground::Grass, ground::Scorched, "#4f8a34", "#8a7a44"},
        {"flowers-snow", "flowers", "snow", ground::FlowersSnow, ground::Flowers, ground::Snow, "#6a9a3c", "#eef2fa"},
        {"flowers-water", "flowers", "water", ground::FlowersWater, ground::Flowers, ground::Water, "#6a9a3c", "#2f72b0"},
        {"snow-water", "snow", "water", ground::SnowWater, ground::Snow, ground::Water, "#eef2fa", "#2f72b0"},
    };
}

namespace {

/// Cell coordinates (u along x, v along y, both 0..1) of a point in a 64x32 tile image.
void cellOf(float sx, float sy, float& u, float& v)
{
    const float a = (sx - 32.f) / 32.f, s = sy / 16.f;
    u = (s + a) * 0.5f;
    v = (s - a) * 0.5f;
}
/// 0 on the diamond's outline, 1 at its centre (in "diamond norm").
float edgeDistance(float sx, float sy) { return 1.f - (std::fabs(sx - 32.f) / 32.f + std::fabs(sy - 16.f) / 16.f); }

/// Calls paint(px, py, u, v) for every pixel of a 64x32 tile whose centre lies inside the diamond,
/// with the cell coordinates of that centre. Pixel centres never fall on the outline, so diamonds
/// tile exactly: no gap, no overlap.
template <class Paint>
void forEachDiamondPixel(Paint&& paint)
{
    for (int py = 0; py < 32; ++py)
        for (int px = 0; px < 64; ++px) {
            const float sx = float(px) + 0.5f, sy = float(py) + 0.5f;
            if (edgeDistance(sx, sy) < 0)
                continue;
            float u, v;
            cellOf(sx, sy, u, v);
            paint(px, py, u, v);
        }
}

/// Lambert term of a tileable height field at (u, v), lit from kLight: gives flat ground relief
/// with the same light as the traced objects, and no seam because the field is periodic.
float bumpLight(float u, float v, int freq, std::uint32_t seed, float strength)
{
    const float e = 1.f / 256.f;
    auto hgt = [&](float a, float b) { return fbm2(a, b, freq, 3, seed); };
    const float dx = (hgt(u + e, v) - hgt(u - e, v)) / (2 * e), dy = (hgt(u, v + e) - hgt(u, v - e)) / (2 * e);
    const V3 n = normalize({-dx * strength, -dy * strength, 1.f});
    const V3 flatN{0, 0, 1};
    return std::max(0.f, dot(n, kLight)) / dot(flatN, kLight);
}

Rgb grassColor(float u, float v, int variant, int px, int py)
{
    const float tone = fbm2(u, v, 3, 3, 11);
    Rgb c = mix(hex(0x4f8a34), hex(0x78a83f), tone);
    c = mix(c, hex(0x3f7a30), std::clamp((fbm2(u, v, 5, 2, 12) - 0.55f) * 3.f, 0.f, 1.f) * 0.6f);
    c = c * (0.72f + 0.3f * bumpLight(u, v, 8, 13, 0.05f));
    // Blades: single brighter or darker pixels, per tile variant (inside the tile only).
    const float h = hashf(px, py, variant, 14);
    if (h < 0.07f)
        c = c * 1.18f;
    else if (h > 0.94f)
        c = c * 0.8f;
    return c;
}

Rgb snowColor(float u, float v, int variant, int px, int py)
{
    // Soft drifts: low relief, several scales, so the one-cell period does not read as a grid.
    const float b = 0.5f * bumpLight(u, v, 3, 21, 0.035f) + 0.5f * bumpLight(u, v, 7, 24, 0.02f);
    Rgb c = mix(hex(0xc9d4ea), hex(0xf6f8fd), std::clamp(0.1f + 0.85f * b, 0.f, 1.f));
    c = c * (0.97f + 0.05f * fbm2(u, v, 5, 2, 22));
    const float h = hashf(px, py, variant, 23);
    if (h < 0.012f)
        c = Rgb{1.f, 1.f, 1.f};
    else if (h > 0.992f)
        c = c * 0.93f;
    return c;
}

Rgb scorchedColor(float u, float v, int variant, int px, int py)
{
    const float tone = fbm2(u, v, 3, 3, 15);
    Rgb c = mix(hex(0x6f6a3a), hex(0x9a8a4a), tone);
    c = mix(c, hex(0x4a3f33), std::clamp((fbm2(u, v, 4, 2, 16) - 0.55f) * 3.f, 0.f, 1.f) * 0.7f); // ash
    c = c * (0.74f + 0.3f * bumpLight(u, v, 8, 13, 0.05f));
    const float h = hashf(px, py, variant + 8, 14);
    if (h < 0.05f)
        c = hex(0x2e2824); // cinders
    else if (h > 0.985f)
        c = hex(0xd06a2a); // a glowing ember
    return c;
}

Rgb waterColor(float u, float v, int variant, int px, int py)
{
    const float n = fbm2(u, v, 3, 2, 31);
    const float wave = std::sin(2 * kPi * (2 * u + 3 * v + 0.9f * n));
    Rgb c = mix(hex(0x1f4f8a), hex(0x2f72b0), 0.5f + 0.5f * fbm2(u, v, 2, 2, 32));
    c = c * (0.9f + 0.12f * wave);
    if (wave > 0.93f && hashf(px, py, variant, 33) < 0.5f)
        c = mix(c, hex(0xbfe3ff), 0.6f);
    return c;
}
/// Distance from (u, v) to the road's centre lines for a NESW mask.
float roadDistance(float u, float v, int mask)
{
    auto seg = [&](float ax, float ay, float bx, float by) {
        const float dx = bx - ax, dy = by - ay;
        const float k = std::clamp(((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy), 0.f, 1.f);
        const float ex = u - (ax + dx * k), ey = v - (ay + dy * k);
        return std::sqrt(ex * ex + ey * ey);
    };
    float d = std::sqrt((u - 0.5f) * (u - 0.5f) + (v - 0.5f) * (v - 0.5f)) + (mask == 0 ? -0.08f : 0.f);
    if (mask & kN)
        d = std::min(d, seg(0.5f, 0.5f, 0.5f, -0.1f));
    if (mask & kE)
        d = std::min(d, seg(0.5f, 0.5f, 1.1f, 0.5f));
    if (mask & kS)
        d = std::min(d, seg(0.5f, 0.5f, 0.5f, 1.1f));
    if (mask & kW)
        d = std::min(d, seg(0.5f, 0.5f, -0.1f, 0.5f));
    return d;
}

} // namespace

Rgb groundPixel(int id, float u, float v, int px, int py)
{
    const int variant = id % 4;
    if (id < ground::Snow)
        return grassColor(u, v, variant, px, py);
    if (id < ground::Water)
        return snowColor(u, v, variant, px, py);
    if (id < ground::Flowers)
        return waterColor(u, v, variant, px, py);
    if (id < ground::Road)
        return grassColor(u, v, variant + 4, px, py);
    return scorchedColor(u, v, variant, px, py);
}

Canvas groundTile(int id)
{
    Canvas t(64, 32);
    const int variant = id % 4;
    forEachDiamondPixel([&](int px, int py, float u, float v) { t.at(px, py) = {groundPixel(id, u, v, px, py), 1.f}; });
    // Variant details stay away from the outline, so any two tiles still meet cleanly.
    if (id < ground::Water) {
        const bool snow = id >= ground::Snow;
        const int count = variant * 3;
        for (int k = 0; k < count; ++k) {
            const int px = 10 + int(hashf(k, variant, id, 41) * 44.f), py = 6 + int(hashf(k, variant, id, 42) * 20.f);
            if (edgeDistance(float(px) + 0.5f, float(py) + 0.5f) < 0.3f)
                continue;
            if (snow) { // a small drift crest: bright top, blue shadow under it
                t.blend(px, py, hex(0xb8c6e2), 1.f);
                t.blend(px + 1, py, hex(0xc4d0e8), 1.f);
                t.blend(px, py - 1, hex(0xffffff), 1.f);
                t.blend(px + 1, py - 1, hex(0xffffff), 1.f);
            } else { // tuft: a light blade over a dark base
                t.blend(px, py, hex(0x356b26), 1.f);
                t.blend(px + 1, py, hex(0x356b26), 1.f);
                t.blend(px, py - 1, hex(0x9ccc58), 1.f);
                t.blend(px + 1, py - 2, hex(0xb5dc6c), 1.f);
            }
        }
    }
    if (id >= ground::Flowers && id < ground::Road) {
        const std::array<std::uint32_t, 4> petals{0xe84a5f, 0xffd84a, 0xf4f0ff, 0xa070e0};
        for (int k = 0; k < 9; ++k) {
            const int px = 8 + int(hashf(k, variant, 1, 51) * 48.f), py = 5 + int(hashf(k, variant, 2, 51) * 22.f);
            if (edgeDistance(float(px) + 0.5f, float(py) + 0.5f) < 0.25f)
                continue;
            const Rgb p = hex(petals[std::size_t(hash3(k, variant, 3, 52) % petals.size())]);
            t.blend(px, py + 1, hex(0x2f5e22), 1.f);
            t.blend(px, py, p, 1.f);
            t.blend(px + 1, py, p * 0.8f, 1.f);
            t.blend(px, py - 1, p * 1.1f, 1.f);
            t.blend(px - 1, py, p * 0.9f, 1.f);
        }
    }
    return t;
}

/// A corner transition tile of ground.tsx: the base's plain tile and the other terrain's plain
/// tile mixed pixel by pixel along a boundary that is the same in every tile (a bilinear field of
/// the four corners, shifted by tileable noise seeded by the other terrain only), so a blend
/// meets the plain tiles and the other blends without a seam. Then the border's own look: frost
/// on the grass by snow, a dark wet rim (grey slush on snow) and a foam line by water, ash and
/// cinders by scorched.
Canvas blendTile(int id)
{
    BlendSet set;
    for (const BlendSet& b : blendSets())
        if (id >= b.first && id < b.first + ground::BlendTiles)
            set = b;
    const int mask = id - set.first + 1;
    const int variant = mask % 4;
    const Canvas base = groundTile(set.basePlain + variant), other = groundTile(set.otherPlain + variant);
    const bool snow = set.otherName == "snow", water = set.otherName == "water", snowBase = set.baseName == "snow";
    const std::uint32_t seed = snow ? 151u : water ? 161u : 171u;
    const float c0 = (mask & 1) ? 1.f : 0.f, c1 = (mask & 2) ? 1.f : 0.f, c2 = (mask & 4) ? 1.f : 0.f, c3 = (mask & 8) ? 1.f : 0.f;
    Canvas t(64, 32);
    forEachDiamondPixel([&](int px, int py, float u, float v) {
        const float f = (1 - u) * (1 - v) * c0 + u * (1 - v) * c1 + u * v * c2 + (1 - u) * v * c3;
        const float n = (fbm2(u, v, 3, 3, seed) - 0.5f) * 0.55f + (fbm2(u, v, 12, 2, seed + 1) - 0.5f) * (water ? 0.08f : 0.2f);
        const float s = f + n - 0.58f; // > 0: the other terrain
        const Rgb b = base.at(px, py).c, o = other.at(px, py).c;
        Rgb c;
        if (snow) {
            c = mix(b, o, smooth(std::clamp((s + 0.03f) / 0.06f, 0.f, 1.f)));
            if (s < 0 && s > -0.14f) // frost on the grass by the snow
                c = mix(c, hex(0xc3d2c0), 0.45f * (1.f + s / 0.14f) * (hashf(px, py, id, 152) < 0.6f ? 1.f : 0.5f));
        } else if (water) {
            c = mix(b, o, smooth(std::clamp((s + 0.01f) / 0.03f, 0.f, 1.f)));
            if (s < 0.005f && s > -0.09f) // wet, dark earth (grey slush by the snow) at the waterline
                c = mix(c, snowBase ? hex(0x7d8ea6) : hex(0x3e3a26), (snowBase ? 0.55f : 0.7f) * smooth(1.f + std::min(0.f, s) / 0.09f));
            if (s > 0.01f && s < 0.05f) // a thin line of foam
                c = mix(c, hex(0xa9cde6), 0.55f * (1.f - std::fabs(s - 0.03f) / 0.02f));
        } else {
            c = mix(b, o, smooth(std::clamp((s + 0.06f) / 0.12f, 0.f, 1.f)));
            const float h = hashf(px, py, id, 172);
            if (s < 0.05f && s > -0.2f && h < 0.16f * (1.f + std::min(0.f, s) / 0.2f)) // ash on the grass
                c = h < 0.04f ? hex(0x2e2824) : mix(c, hex(0x5a5048), 0.7f);
        }
        t.at(px, py) = {c, 1.f};
    });
    return t;
}

/// A wide dirt road (opaque over 54% of the cell, fading out to 74%) with soft, frayed edges, two wheel ruts along each
/// arm, pebbles and a worn, lighter crown. Everything depends on the distance to the centre
/// lines and on tileable noise, so an arm meets the next cell's arm without a seam.
Canvas roadTile(int mask)
{
    constexpr float kHalf = 0.32f, kSoft = 0.05f;
    Canvas t(64, 32);
    const int ss = 4;
    for (int py = 0; py < 32; ++py)
        for (int px = 0; px < 64; ++px) {
            // The diamond is the ground tiles' (pixel centres inside), so a road pixel belongs
            // to exactly one cell; the samples only smooth the road's own edge.
            if (edgeDistance(float(px) + 0.5f, float(py) + 0.5f) < 0)
                continue;
            float cover = 0;
            const float inside = float(ss * ss);
            for (int j = 0; j < ss; ++j)
                for (int i = 0; i < ss; ++i) {
                    const float sx = float(px) + (float(i) + 0.5f) / ss, sy = float(py) + (float(j) + 0.5f) / ss;
                    float u, v;
                    cellOf(sx, sy, u, v);
                    const float edge = kHalf + (fbm2(u, v, 5, 3, 61) - 0.5f) * 0.1f + (fbm2(u, v, 16, 1, 65) - 0.5f) * 0.04f;
                    const float d = roadDistance(u, v, mask);
                    cover += 1.f - smooth(std::clamp((d - edge + kSoft) / (2 * kSoft), 0.f, 1.f));
                }
            if (cover <= 0)
                continue;
            float u, v;
            cellOf(float(px) + 0.5f, float(py) + 0.5f, u, v);
            const float d = roadDistance(u, v, mask);
            Rgb c = mix(hex(0x9c7748), hex(0xc4a067), fbm2(u, v, 5, 3, 62));
            c = c * (0.8f + 0.24f * bumpLight(u, v, 12, 63, 0.04f));
            c = c * (1.06f - 0.1f * smooth(std::clamp(d / kHalf, 0.f, 1.f))); // worn crown
            if (mask != 0) { // wheel ruts: dark grooves with a lit lip
                const float r = std::fabs(d - 0.12f);
                if (r < 0.022f)
                    c = c * (0.66f + 0.34f * r / 0.022f);
                else if (d > 0.12f && r < 0.036f)
                    c = c * 1.07f;
            }
            const float h = hashf(px, py, mask, 64);
            if (h < 0.035f)
                c = hex(0x8a8178) * (0.9f + 2.f * h); // pebble
            else if (h < 0.05f)
                c = hex(0xe2cc98);
            else if (h > 0.985f)
                c = hex(0x5e4a32);
            float a = cover / inside;
            if (a > 0.97f)
                a = 1.f;
            t.at(px, py) = {c, a < 1.f / 255.f ? 0.f : a};
        }
    return t;
}

} // namespace artgen
