// Terrain tiles: flat ground (pixel code over a tileable noise field, so neighbouring tiles meet
// without a seam) and tall features (traced solids standing on their cell).

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Layout.hpp"
#include "tools/artgen/Tracer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

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

std::string tallTerrain(int id)
{
    if (id < tall::Volcano)
        return "wall";
    if (id == tall::Volcano)
        return "volcano";
    if (id < tall::Tombstone)
        return "volcano_erupting";
    if (id <= tall::TombCross)
        return "tombstone";
    if (id == tall::Tent)
        return "tent";
    if (id == tall::Castle)
        return "castle";
    if (id <= tall::SnowPine)
        return "tree";
    if (id <= tall::Boulder)
        return "rock";
    return "bridge";
}

std::string tallConnects(int id)
{
    if (id == tall::Tent || id == tall::Castle || id == tall::BridgeX || id == tall::BridgeY)
        return "road";
    return {};
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

Canvas groundTile(int id)
{
    Canvas t(64, 32);
    const int variant = id % 4;
    forEachDiamondPixel([&](int px, int py, float u, float v) {
        Rgb c;
        if (id < ground::Snow)
            c = grassColor(u, v, variant, px, py);
        else if (id < ground::Water)
            c = snowColor(u, v, variant, px, py);
        else if (id < ground::Flowers)
            c = waterColor(u, v, variant, px, py);
        else if (id < ground::Road)
            c = grassColor(u, v, variant + 4, px, py);
        else
            c = scorchedColor(u, v, variant, px, py);
        t.at(px, py) = {c, 1.f};
    });
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

// ---------------------------------------------------------------------------------------------
// Tall tiles

Material bricks(Rgb base, std::uint32_t seed)
{
    Material m;
    m.color = [=](V3 p, V3 n) {
        if (n.z > 0.7f) { // top: worn flagstones
            const float k = vnoise3(p.x * 9, p.y * 9, 0, seed + 5);
            return base * (0.95f + 0.15f * k);
        }
        const float rowH = 0.125f, len = 0.25f;
        const float h = std::fabs(n.x) > std::fabs(n.y) ? p.y : p.x;
        const float rowF = p.z / rowH;
        const int row = int(std::floor(rowF));
        const float off = (row & 1) ? len * 0.5f : 0.f;
        const float colF = (h + off) / len;
        const int col = int(std::floor(colF));
        const float fz = rowF - float(row), fh = colF - float(col);
        const float grain = vnoise3(p.x * 24, p.y * 24, p.z * 24, seed + 1);
        if (fz < 0.12f || fh < 0.06f)
            return base * (0.55f + 0.1f * grain);
        const float tint = hashf(col, row, int(std::fabs(n.x) > 0.5f), seed);
        Rgb c = base * (0.84f + 0.26f * tint + 0.12f * (grain - 0.5f));
        if (fz > 0.82f)
            c = c * 1.06f; // bevel catches the light
        return c;
    };
    return m;
}

constexpr float kWallH = 1.25f;
constexpr float kWallHalf = 0.16f;

void addWall(Scene& s, int mask, int stone)
{
    const float t = kWallHalf, H = kWallH;
    const bool straightNS = mask == (kN | kS), straightEW = mask == (kE | kW);
    if (straightNS)
        s.boxMinMax({0.5f - t, 0, 0}, {0.5f + t, 1, H}, stone);
    else if (straightEW)
        s.boxMinMax({0, 0.5f - t, 0}, {1, 0.5f + t, H}, stone);
    else {
        if (mask & kN)
            s.boxMinMax({0.5f - t, 0, 0}, {0.5f + t, 0.5f, H}, stone);
        if (mask & kS)
            s.boxMinMax({0.5f - t, 0.5f, 0}, {0.5f + t, 1, H}, stone);
        if (mask & kW)
            s.boxMinMax({0, 0.5f - t, 0}, {0.5f, 0.5f + t, H}, stone);
        if (mask & kE)
            s.boxMinMax({0.5f, 0.5f - t, 0}, {1, 0.5f + t, H}, stone);
        // A post where the wall turns, ends or branches.
        s.boxMinMax({0.3f, 0.3f, 0}, {0.7f, 0.7f, H + 0.18f}, stone);
        for (float cx : {0.345f, 0.655f})
            for (float cy : {0.345f, 0.655f})
                s.boxMinMax({cx - 0.045f, cy - 0.045f, H + 0.18f}, {cx + 0.045f, cy + 0.045f, H + 0.3f}, stone);
    }
    // Merlons every quarter cell along each arm, so the rhythm continues into the next cell.
    auto merlon = [&](float x, float y, bool alongX) {
        const float a = 0.055f;
        if (alongX)
            s.boxMinMax({x - a, y - t, H}, {x + a, y + t, H + 0.13f}, stone);
        else
            s.boxMinMax({x - t, y - a, H}, {x + t, y + a, H + 0.13f}, stone);
    };
    const bool post = !(straightNS || straightEW);
    for (float q : {0.125f, 0.375f, 0.625f, 0.875f}) {
        const bool nearCentre = post && q > 0.25f && q < 0.75f;
        if (nearCentre)
            continue;
        if ((q < 0.5f ? (mask & kN) : (mask & kS)) || straightNS)
            merlon(0.5f, q, false);
        if ((q < 0.5f ? (mask & kW) : (mask & kE)) || straightEW)
            merlon(q, 0.5f, true);
    }
}

// The erupting volcano fills its 64x128 tile: a steep cone on a skirt as wide as the diamond
// (base radius 0.7), 2.1 units (76 px) high with a wide crater, its plume rising to the top of the
// image. The dormant cones keep their old, smaller size (1.5 units, radius 0.66), so the live one
// stands out.
constexpr float kVolH = 2.1f;
constexpr float kVolTop = 0.17f;  // crater radius at the rim
constexpr float kDormantH = 1.5f;
constexpr int kVolSteps = 4;      // animation frames: every cycle repeats after this many

/// The volcano's rock: ridged, gullied, mossy at the foot; the erupting one with a scorched rim
/// and lava runs glowing down its flanks (`phase`: 0..1 through the animation loop).
Material volcanoRock(bool erupting, int frame, float phase)
{
    Material rock;
    rock.color = [=](V3 p, V3 n) {
        const float ang = std::atan2(p.y - 0.5f, p.x - 0.5f);
        const float ridge = vnoise3(ang * 3.f, p.z * 2.f, 0, 71);
        const float grain = vnoise3(p.x * 20, p.y * 20, p.z * 20, 72);
        Rgb c = mix(hex(0x4a3c36), hex(0x6e5a4c), ridge) * (0.85f + 0.3f * grain);
        // Gullies: dark grooves running down the flanks.
        const float gully = vnoise3(ang * 9.f, p.z * 0.6f, 3, 75);
        if (gully > 0.62f)
            c = c * (0.78f + 0.2f * (1.f - (gully - 0.62f) / 0.38f));
        if (p.z < 0.3f)
            c = mix(c, hex(0x55703a), 0.6f * (1.f - p.z / 0.3f) * (erupting ? 0.25f : 1.f)); // moss at the foot
        if (erupting && p.z > kVolH - 0.35f && n.z <= 0.95f) // the rim is scorched black
            c = mix(c, hex(0x231814), std::clamp((p.z - (kVolH - 0.35f)) / 0.25f, 0.f, 1.f) * 0.8f);
        if (n.z > 0.95f)
            c = erupting ? hex(0x301a14) : hex(0x2a2522);
        return c;
    };
    if (erupting) {
        rock.glow = [=](V3 p, V3 n) {
            if (n.z > 0.95f)
                return Rgb{};
            // Lava runs: streaks down the flanks, each with a bright pulse flowing downhill, and
            // the rim glowing from the crater below.
            const float ang = std::atan2(p.y - 0.5f, p.x - 0.5f);
            float g = 0;
            for (int k = 0; k < 9; ++k) {
                const float a0 = -kPi + (float(k) + 0.6f * hashf(k, 0, 0, 73)) * (2 * kPi / 9);
                const float wob = 0.1f * std::sin(p.z * 7.f + float(k)) + 0.05f * std::sin(p.z * 17.f + float(k) * 2.f);
                const float da = std::fabs(std::remainder(ang - a0 - wob, 2 * kPi));
                const float reach = kVolH - (0.8f + 0.7f * hashf(k, 1, 0, 73)) - 0.15f * float((frame + k) % kVolSteps);
                const float width = 0.05f + 0.05f * (kVolH - p.z);
                if (p.z > reach && da < width) {
                    const float flow = 0.65f + 0.35f * std::sin(2 * kPi * (p.z * 2.2f + phase + float(k) * 0.37f));
                    g = std::max(g, (1.f - da / width) * (0.55f + 0.45f * (p.z - reach) / (kVolH - reach)) * flow);
                }
            }
            const float rim = std::clamp((p.z - (kVolH - 0.22f)) / 0.22f, 0.f, 1.f);
            const float pulse = 0.8f + 0.2f * std::sin(2 * kPi * phase);
            return Rgb{1.0f, 0.42f, 0.08f} * (g * pulse) + Rgb{0.9f, 0.3f, 0.05f} * (rim * rim * 0.7f * pulse);
        };
    }
    return rock;
}

/// The erupting crater's lava lake and the fountain over it.
void addLavaFountain(Scene& s, float phase)
{
    // The crater's lava lake, pulsing from deep orange to yellow-white.
    const float pulse = 0.5f + 0.5f * std::sin(2 * kPi * phase);
    Material lava;
    lava.emissive = true;
    lava.color = [pulse](V3 p, V3) {
        const float n = vnoise3(p.x * 30, p.y * 30, 0, 76);
        return mix(hex(0xe0501a), hex(0xfff0a0), std::clamp(0.25f + 0.45f * pulse + 0.5f * (n - 0.5f), 0.f, 1.f));
    };
    const int lm = s.addMaterial(lava);
    s.frustum({0.5f, 0.5f, kVolH - 0.02f}, kVolTop - 0.03f, kVolTop - 0.03f, 0.035f + 0.015f * pulse, lm);
    // A fountain of lava over the crater.
    Material fountain = flat(hex(0xffc050));
    fountain.emissive = true;
    const int fm = s.addMaterial(fountain);
    s.ellipsoid({0.5f, 0.5f, kVolH + 0.02f}, {0.09f, 0.09f, 0.1f + 0.08f * pulse}, fm);
}

/// The smoke plume over the erupting crater.
void addSmokePlume(Scene& s, float phase)
{
    // The smoke plume: puffs rising out of the crater, growing and drifting right (screen) as
    // they rise, so the column bends with the wind; their undersides lit by the glow. Each frame
    // moves every puff a quarter of the spacing up, so the loop rolls on without a jump.
    Material smoke = noisy(hex(0xa69ea0), 6.f, 0.22f, 74);
    smoke.glow = [](V3 p, V3 n) {
        const float near = std::clamp(1.f - (p.z - kVolH) / 0.7f, 0.f, 1.f);
        return Rgb{0.75f, 0.28f, 0.06f} * (std::max(0.f, -n.z) * 0.8f + 0.25f) * near;
    };
    const int sm = s.addMaterial(smoke);
    Material darkSmoke = noisy(hex(0x5a5254), 6.f, 0.25f, 77);
    const int dm = s.addMaterial(darkSmoke);
    constexpr int kPuffs = 9;
    for (int k = 0; k < kPuffs; ++k) {
        const float life = (float(k) + phase) / float(kPuffs);
        const float z = kVolH + 0.08f + life * 0.68f;
        const float r = (0.09f + life * 0.12f) * (0.85f + 0.3f * hashf(k, 2, 0, 78));
        const float drift = life * life * 0.16f;
        const float sway = 0.03f * std::sin(float(k) * 2.3f + 2 * kPi * phase);
        s.sphere({0.5f + drift + sway, 0.5f - drift + sway, z}, r, (k % 3 == 1) ? dm : sm);
        // Smaller puffs around it at hashed places, so the plume billows instead of stacking.
        for (int j = 0; j < 3; ++j) {
            const float a = 2 * kPi * hashf(k, j, 1, 79), rr = r * (0.55f + 0.35f * hashf(k, j, 2, 79));
            const float off = r * (0.6f + 0.3f * life);
            s.sphere({0.5f + drift + sway + off * std::cos(a), 0.5f - drift + sway + off * std::sin(a), z + (hashf(k, j, 3, 79) - 0.5f) * r},
                     rr, (k + j) % 3 == 0 ? dm : sm);
        }
    }
}

/// Embers thrown out of the erupting crater.
void addEmbers(Scene& s, float phase)
{
    // Embers: glowing specks thrown out of the crater on arcs.
    Material ember = flat(hex(0xffd070));
    ember.emissive = true;
    const int em = s.addMaterial(ember);
    for (int k = 0; k < 10; ++k) {
        const float ph = std::fmod(float(k) / 10.f + phase, 1.f);
        const float ang = float(k) * 2.1f;
        const float rr = 0.1f + ph * 0.35f;
        const float z = kVolH + 0.05f + 0.8f * ph * (1.2f - ph);
        s.sphere({0.5f + rr * std::cos(ang), 0.5f + rr * std::sin(ang), z}, 0.025f, em);
    }
}

void addVolcano(Scene& s, bool erupting, int frame)
{
    const float phase = float(frame) / float(kVolSteps); // 0..1 through the loop
    Material rock = volcanoRock(erupting, frame, phase);
    const int m = s.addMaterial(rock);
    if (!erupting) {
        s.frustum({0.5f, 0.5f, 0}, 0.66f, 0.15f, kDormantH, m);
        s.ellipsoid({0.4f, 0.58f, 0.0f}, {0.42f, 0.4f, 0.42f}, m); // a lower shoulder
        const int crater = s.addMaterial(flat(hex(0x241e1c)));
        s.frustum({0.5f, 0.5f, kDormantH - 0.02f}, 0.11f, 0.11f, 0.03f, crater);
        return;
    }
    s.frustum({0.5f, 0.5f, 0}, 0.6f, kVolTop, kVolH, m);
    // A wide skirt and lower shoulders: the concave flanks of a stratovolcano, not a perfect cone.
    s.frustum({0.5f, 0.5f, 0}, 0.7f, 0.5f, 0.4f, m);
    s.ellipsoid({0.38f, 0.6f, 0.0f}, {0.32f, 0.3f, 0.62f}, m);
    s.ellipsoid({0.66f, 0.4f, 0.0f}, {0.28f, 0.26f, 0.5f}, m);
    addLavaFountain(s, phase);
    addSmokePlume(s, phase);
    addEmbers(s, phase);
}

/// A warm halo around the erupting crater, painted over the traced tile: the lava's light on the
/// smoke and the air above the cone, pulsing with the frame. Only adds light: colour where the
/// tile is opaque, a faint glow of its own (low alpha) where it is empty.
void volcanoHalo(Canvas& t, int frame)
{
    const float pulse = 0.75f + 0.25f * std::sin(2 * kPi * float(frame) / float(kVolSteps));
    const float cx = 32.f, cy = 112.f - kVolH * kHeightPx; // the crater's centre on screen
    for (int py = 0; py < t.height(); ++py)
        for (int px = 0; px < t.width(); ++px) {
            const float dx = (float(px) + 0.5f - cx) / 22.f, dy = (float(py) + 0.5f - cy) / 16.f;
            const float d2 = dx * dx + dy * dy;
            if (d2 > 1.f)
                continue;
            const float g = (1.f - d2) * (1.f - d2) * pulse;
            Rgba& p = t.at(px, py);
            const Rgb warm{1.f, 0.5f, 0.15f};
            if (p.a > 0) {
                p.c = {std::min(1.f, p.c.r + warm.r * 0.35f * g), std::min(1.f, p.c.g + warm.g * 0.35f * g),
                       std::min(1.f, p.c.b + warm.b * 0.35f * g)};
                p.a = std::max(p.a, 0.35f * g);
            } else
                p = {warm, 0.35f * g};
        }
}

void addTombstone(Scene& s, bool cross)
{
    Material stone = noisy(hex(0x9a9a9e), 10.f, 0.15f, 81);
    auto base = stone.color;
    stone.color = [base, cross](V3 p, V3 n) {
        Rgb c = base(p, n);
        if (!cross && n.x > 0.9f &&
            ((std::fabs(p.y - 0.5f) < 0.022f && p.z > 0.24f && p.z < 0.56f) || (std::fabs(p.z - 0.47f) < 0.022f && std::fabs(p.y - 0.5f) < 0.09f)))
            c = c * 0.45f; // engraved cross
        if (p.z < 0.12f || vnoise3(p.x * 8, p.y * 8, p.z * 8, 82) > 0.72f)
            c = mix(c, hex(0x587a3a), 0.45f); // moss
        return c;
    };
    const int m = s.addMaterial(stone);
    const int earth = s.addMaterial(noisy(hex(0x5e4631), 14.f, 0.25f, 83));
    s.ellipsoid({0.72f, 0.52f, 0.0f}, {0.24f, 0.17f, 0.07f}, earth);
    if (cross) {
        s.boxMinMax({0.44f, 0.44f, 0}, {0.56f, 0.56f, 0.78f}, m);
        s.boxMinMax({0.44f, 0.29f, 0.46f}, {0.56f, 0.71f, 0.58f}, m);
        s.boxMinMax({0.39f, 0.39f, 0}, {0.61f, 0.61f, 0.09f}, m);
    } else {
        s.boxMinMax({0.43f, 0.31f, 0}, {0.57f, 0.69f, 0.5f}, m);
        s.ellipsoid({0.5f, 0.5f, 0.5f}, {0.07f, 0.19f, 0.19f}, m);
        s.boxMinMax({0.39f, 0.27f, 0}, {0.61f, 0.73f, 0.07f}, m);
    }
}

void addTent(Scene& s)
{
    Material canvas;
    canvas.color = [](V3 p, V3) {
        const float ang = std::atan2(p.y - 0.5f, p.x - 0.5f);
        const int stripe = int(std::floor((ang + kPi) / (2 * kPi) * 12.f));
        Rgb c = (stripe & 1) ? hex(0xc8463c) : hex(0xeadcc0);
        c = c * (0.92f + 0.12f * vnoise3(p.x * 30, p.y * 30, p.z * 30, 91));
        // Door flap facing the viewer (+x +y).
        const float da = std::fabs(std::remainder(ang - kPi / 4, 2 * kPi));
        if (da < 0.4f && p.z < 0.62f * (1.f - da / 0.4f))
            c = hex(0x2a1d18);
        return c;
    };
    const int m = s.addMaterial(canvas);
    s.frustum({0.5f, 0.5f, 0}, 0.56f, 0.0f, 1.25f, m);
    const int wood = s.addMaterial(flat(hex(0x6b4a2b)));
    s.capsule({0.5f, 0.5f, 1.1f}, {0.5f, 0.5f, 1.6f}, 0.02f, wood);
    const int flag = s.addMaterial(flat(hex(0xf0c030)));
    s.boxMinMax({0.49f, 0.32f, 1.46f}, {0.51f, 0.49f, 1.58f}, flag);
    // Pegs and ropes read as small dark dots on the grass.
    for (int k = 0; k < 4; ++k) {
        const float a = float(k) * kPi / 2 + kPi / 4;
        s.capsule({0.5f + 0.62f * std::cos(a), 0.5f + 0.62f * std::sin(a), 0}, {0.5f + 0.62f * std::cos(a), 0.5f + 0.62f * std::sin(a), 0.06f},
                  0.015f, wood);
    }
}

void addCastle(Scene& s)
{
    const int stone = s.addMaterial(bricks(hex(0xb4aa98), 101));
    Material keepMat = bricks(hex(0xb4aa98), 102);
    auto keepBase = keepMat.color;
    keepMat.color = [keepBase](V3 p, V3 n) {
        // Gate on both faces the viewer sees, windows above.
        if ((n.x > 0.9f && std::fabs(p.y - 0.5f) < 0.09f && p.z < 0.3f + 0.05f * std::cos((p.y - 0.5f) * 17.f)) ||
            (n.y > 0.9f && std::fabs(p.x - 0.5f) < 0.09f && p.z < 0.3f + 0.05f * std::cos((p.x - 0.5f) * 17.f)))
            return hex(0x3b2616);
        if ((n.x > 0.9f && std::fabs(p.y - 0.5f) < 0.03f && std::fabs(p.z - 0.78f) < 0.06f) ||
            (n.y > 0.9f && std::fabs(p.x - 0.5f) < 0.03f && std::fabs(p.z - 0.78f) < 0.06f))
            return hex(0x1c1820);
        return keepBase(p, n);
    };
    const int keep = s.addMaterial(keepMat);
    Material roofMat;
    roofMat.color = [](V3 p, V3) {
        const float row = p.z * 28.f;
        const float shade = (row - std::floor(row)) < 0.2f ? 0.7f : 1.f;
        return hex(0xb23a32) * shade * (0.9f + 0.2f * vnoise3(p.x * 40, p.y * 40, p.z * 40, 103));
    };
    const int roof = s.addMaterial(roofMat);
    s.boxMinMax({0.22f, 0.22f, 0}, {0.78f, 0.78f, 1.15f}, keep);
    for (float x : {0.27f, 0.41f, 0.55f, 0.69f}) {
        s.boxMinMax({x, 0.22f, 1.15f}, {x + 0.07f, 0.28f, 1.26f}, stone);
        s.boxMinMax({x, 0.72f, 1.15f}, {x + 0.07f, 0.78f, 1.26f}, stone);
        s.boxMinMax({0.22f, x, 1.15f}, {0.28f, x + 0.07f, 1.26f}, stone);
        s.boxMinMax({0.72f, x, 1.15f}, {0.78f, x + 0.07f, 1.26f}, stone);
    }
    for (float x : {0.2f, 0.8f})
        for (float y : {0.2f, 0.8f}) {
            s.frustum({x, y, 0}, 0.15f, 0.13f, 1.45f, stone);
            s.frustum({x, y, 1.45f}, 0.18f, 0.0f, 0.5f, roof);
        }
    // Central donjon with the banner.
    s.frustum({0.5f, 0.5f, 1.15f}, 0.14f, 0.14f, 0.55f, stone);
    s.frustum({0.5f, 0.5f, 1.7f}, 0.17f, 0.0f, 0.42f, roof);
    const int pole = s.addMaterial(flat(hex(0x5a4632)));
    s.capsule({0.5f, 0.5f, 2.05f}, {0.5f, 0.5f, 2.45f}, 0.015f, pole);
    Material banner;
    banner.color = [](V3 p, V3) { return std::fabs(p.z - 2.33f) < 0.025f ? hex(0xf2c94c) : hex(0x2f5fb8); };
    const int ban = s.addMaterial(banner);
    s.boxMinMax({0.49f, 0.27f, 2.24f}, {0.51f, 0.49f, 2.42f}, ban);
}

void addTree(Scene& s, int kind)
{
    const int bark = s.addMaterial(noisy(hex(0x5b4028), 30.f, 0.3f, 111));
    if (kind == tall::Oak || kind == tall::Birch) {
        const bool birch = kind == tall::Birch;
        const int trunk = birch ? s.addMaterial(noisy(hex(0xd8d2c4), 25.f, 0.35f, 112)) : bark;
        s.capsule({0.5f, 0.5f, 0}, {0.5f, 0.5f, birch ? 0.9f : 0.7f}, birch ? 0.04f : 0.065f, trunk);
        Material leaves;
        const Rgb lo = birch ? hex(0x6f9a3a) : hex(0x2f6a2a), hi = birch ? hex(0xb7cf5a) : hex(0x5c9b3c);
        leaves.color = [lo, hi](V3 p, V3) {
            const float n = vnoise3(p.x * 22, p.y * 22, p.z * 22, 113) * 0.6f + vnoise3(p.x * 60, p.y * 60, p.z * 60, 114) * 0.4f;
            return mix(lo, hi, n);
        };
        const int lm = s.addMaterial(leaves);
        if (birch) {
            s.ellipsoid({0.5f, 0.5f, 1.05f}, {0.2f, 0.2f, 0.34f}, lm);
            s.ellipsoid({0.42f, 0.56f, 0.85f}, {0.17f, 0.17f, 0.22f}, lm);
            s.ellipsoid({0.58f, 0.45f, 1.3f}, {0.12f, 0.12f, 0.18f}, lm);
        } else {
            s.ellipsoid({0.5f, 0.5f, 0.95f}, {0.33f, 0.33f, 0.3f}, lm);
            s.ellipsoid({0.36f, 0.58f, 0.8f}, {0.2f, 0.2f, 0.18f}, lm);
            s.ellipsoid({0.62f, 0.38f, 0.85f}, {0.22f, 0.2f, 0.2f}, lm);
            s.ellipsoid({0.52f, 0.56f, 1.2f}, {0.2f, 0.2f, 0.17f}, lm);
            s.ellipsoid({0.64f, 0.64f, 0.82f}, {0.17f, 0.17f, 0.15f}, lm);
        }
        return;
    }
    const bool snowy = kind == tall::SnowPine;
    Material needles;
    needles.color = [snowy](V3 p, V3 n) {
        const float k = vnoise3(p.x * 40, p.y * 40, p.z * 40, 115);
        Rgb c = mix(hex(0x1f4d2c), hex(0x3a7a45), k);
        // Layered boughs: darker bands under each ledge.
        const float band = std::fmod(p.z * 7.f, 1.f);
        c = c * (0.8f + 0.25f * band);
        if (snowy && n.z + 0.35f * (vnoise3(p.x * 25, p.y * 25, p.z * 25, 116) - 0.5f) > 0.52f)
            c = mix(hex(0xdfe8f5), hex(0xffffff), k);
        return c;
    };
    const int nm = s.addMaterial(needles);
    s.capsule({0.5f, 0.5f, 0}, {0.5f, 0.5f, 0.4f}, 0.05f, bark);
    s.frustum({0.5f, 0.5f, 0.18f}, 0.36f, 0.05f, 0.6f, nm);
    s.frustum({0.5f, 0.5f, 0.55f}, 0.29f, 0.04f, 0.55f, nm);
    s.frustum({0.5f, 0.5f, 0.9f}, 0.21f, 0.0f, 0.58f, nm);
}

void addRock(Scene& s, bool boulder)
{
    Material stone = noisy(hex(0x85827e), 9.f, 0.22f, 121);
    auto base = stone.color;
    stone.color = [base](V3 p, V3 n) {
        Rgb c = base(p, n);
        if (n.z > 0.6f && vnoise3(p.x * 7, p.y * 7, p.z * 7, 122) > 0.5f)
            c = mix(c, hex(0x6b8a3e), 0.5f);
        return c;
    };
    const int m = s.addMaterial(stone);
    if (boulder) {
        s.ellipsoid({0.5f, 0.5f, 0.12f}, {0.34f, 0.3f, 0.36f}, m);
        s.ellipsoid({0.7f, 0.3f, 0.02f}, {0.14f, 0.13f, 0.12f}, m);
    } else {
        s.ellipsoid({0.42f, 0.48f, 0.02f}, {0.26f, 0.22f, 0.2f}, m);
        s.ellipsoid({0.66f, 0.62f, 0.0f}, {0.16f, 0.14f, 0.12f}, m);
        s.ellipsoid({0.3f, 0.72f, 0.0f}, {0.1f, 0.09f, 0.07f}, m);
    }
}

void addBridge(Scene& s, bool alongX)
{
    // Geometry in (along, across); mapped to (x, y) or (y, x).
    auto P = [alongX](float a, float c, float z) { return alongX ? V3{a, c, z} : V3{c, a, z}; };
    Material planks;
    planks.color = [alongX](V3 p, V3 n) {
        const float a = alongX ? p.x : p.y;
        const float k = a * 8.f;
        const int plank = int(std::floor(k));
        Rgb c = hex(0x8a5f36) * (0.85f + 0.25f * hashf(plank, 0, 0, 131));
        c = c * (0.9f + 0.15f * vnoise3(p.x * 50, p.y * 50, p.z * 5, 132));
        if (n.z > 0.9f && k - float(plank) < 0.12f)
            c = c * 0.5f;
        return c;
    };
    const int pm = s.addMaterial(planks);
    const int wood = s.addMaterial(noisy(hex(0x5e3e22), 20.f, 0.25f, 133));
    auto boxAC = [&](float a0, float c0, float z0, float a1, float c1, float z1, int m) {
        const V3 lo = P(a0, c0, z0), hi = P(a1, c1, z1);
        s.boxMinMax({std::min(lo.x, hi.x), std::min(lo.y, hi.y), z0}, {std::max(lo.x, hi.x), std::max(lo.y, hi.y), z1}, m);
    };
    boxAC(0, 0.2f, 0.04f, 1, 0.8f, 0.12f, pm);
    for (float c : {0.22f, 0.78f}) {
        for (float a : {0.25f, 0.75f})
            s.capsule(P(a, c, 0), P(a, c, 0.38f), 0.03f, wood);
        s.capsule(P(0, c, 0.36f), P(1, c, 0.36f), 0.022f, wood);
    }
}

Canvas tallTile(int id)
{
    Scene s;
    s.setShadowArea(0, 0, 1, 1, 0.38f);
    if (id < tall::Volcano) {
        const int stone = s.addMaterial(bricks(hex(0xa49c8e), 141));
        addWall(s, id - tall::Wall, stone);
    } else if (id == tall::Volcano)
        addVolcano(s, false, 0);
    else if (id < tall::Tombstone)
        addVolcano(s, true, id - tall::VolcanoErupting);
    else if (id == tall::Tombstone || id == tall::TombCross)
        addTombstone(s, id == tall::TombCross);
    else if (id == tall::Tent)
        addTent(s);
    else if (id == tall::Castle)
        addCastle(s);
    else if (id <= tall::SnowPine)
        addTree(s, id);
    else if (id <= tall::Boulder)
        addRock(s, id == tall::Boulder);
    else {
        s.setShadowArea(0, 0, 1, 1, 0.0f); // over water: no shadow plane
        addBridge(s, id == tall::BridgeX);
    }
    Canvas t(64, 128);
    s.render(t, 0, 0, 64, 128, 32.f, 96.f, 4);
    if (id >= tall::VolcanoErupting && id < tall::VolcanoErupting + tall::VolcanoFrames)
        volcanoHalo(t, id - tall::VolcanoErupting);
    return t;
}

/// One <tile> with its properties in the order Tiled 1.8 saves them (by name): `connects` (only
/// when `connects` is not empty), then `terrain`.
std::string tileXml(int id, const std::string& terrain, const std::string& extra = {}, const std::string& connects = {})
{
    std::ostringstream o;
    o << "  <tile id=\"" << id << "\">\n   <properties>\n";
    if (!connects.empty())
        o << "    <property name=\"connects\" value=\"" << connects << "\"/>\n";
    o << "    <property name=\"terrain\" value=\"" << terrain << "\"/>\n   </properties>\n" << extra << "  </tile>\n";
    return o.str();
}

/// Tiled wang id for an edge set: top, top-right, right, ... ; only the four edges used.
/// On an isometric map Tiled's top edge is the neighbour (x, y-1) = our N.
std::string wangId(int mask)
{
    std::ostringstream o;
    o << ((mask & kN) ? 1 : 0) << ",0," << ((mask & kE) ? 1 : 0) << ",0," << ((mask & kS) ? 1 : 0) << ",0,"
      << ((mask & kW) ? 1 : 0) << ",0";
    return o.str();
}

/// Tiled wang id for a corner set: only the corner slots (top-right, bottom-right, bottom-left,
/// top-left). Our corner bits are screen vertices: on an isometric map Tiled's top-right corner
/// (between the top edge = N and the right edge = E) is the diamond's right vertex (bit 2), its
/// bottom-right the bottom vertex (4), bottom-left the left vertex (8), top-left the top (1).
/// Colour 1 is the base, 2 the other terrain.
std::string cornerWangId(int mask)
{
    auto c = [&](int bit) { return (mask & bit) ? 2 : 1; };
    std::ostringstream o;
    o << "0," << c(2) << ",0," << c(4) << ",0," << c(8) << ",0," << c(1);
    return o.str();
}

/// tiles/ground.png and ground.tsx: the flat ground tiles, with the road (edge) and blend
/// (corner) wang sets.
bool writeGroundTileset(const std::string& outDir, std::string& error)
{
    Canvas sheet(64 * ground::Columns, 32 * ((ground::Count + ground::Columns - 1) / ground::Columns));
    for (int id = 0; id < ground::Count; ++id) {
        const Canvas t = id >= ground::Road && id < ground::Scorched ? roadTile(id - ground::Road)
                         : id >= ground::GrassSnow                       ? blendTile(id)
                                                                         : groundTile(id);
        sheet.paste(t, (id % ground::Columns) * 64, (id / ground::Columns) * 32);
    }
    if (!sheet.savePng(outDir + "/tiles/ground.png")) {
        error = outDir + "/tiles/ground.png: cannot write";
        return false;
    }
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"ground\" tilewidth=\"64\" tileheight=\"32\" tilecount=\""
      << ground::Count << "\" columns=\"" << ground::Columns << "\">\n"
      << " <grid orientation=\"isometric\" width=\"64\" height=\"32\"/>\n"
      << " <image source=\"ground.png\" width=\"" << sheet.width() << "\" height=\"" << sheet.height() << "\"/>\n";
    for (int id = 0; id < ground::Count; ++id)
        x << tileXml(id, groundTerrain(id));
    x << " <wangsets>\n  <wangset name=\"roads\" type=\"edge\" tile=\"" << ground::Road + 15 << "\">\n"
      << "   <wangcolor name=\"road\" color=\"#c9a66b\" tile=\"" << ground::Road + 15 << "\" probability=\"1\"/>\n";
    for (int m = 1; m < 16; ++m)
        x << "   <wangtile tileid=\"" << ground::Road + m << "\" wangid=\"" << wangId(m) << "\"/>\n";
    x << "  </wangset>\n";
    // Corner sets: colour 1 the base, 2 the other terrain; the plain tiles (every variant)
    // stand for the all-base and all-other corners, the 14 blends for the mixed ones.
    for (const BlendSet& b : blendSets()) {
        x << "  <wangset name=\"" << b.name << "\" type=\"corner\" tile=\"" << b.first + 4 << "\">\n"
          << "   <wangcolor name=\"" << b.baseName << "\" color=\"" << b.baseColor << "\" tile=\"" << b.basePlain
          << "\" probability=\"1\"/>\n"
          << "   <wangcolor name=\"" << b.otherName << "\" color=\"" << b.otherColor << "\" tile=\"" << b.otherPlain
          << "\" probability=\"1\"/>\n";
        std::vector<std::pair<int, int>> tiles; // (tile id, corner mask)
        for (int v = 0; v < 4; ++v)
            tiles.push_back({b.basePlain + v, 0});
        for (int v = 0; v < 4; ++v)
            tiles.push_back({b.otherPlain + v, 15});
        for (int m = 1; m < 15; ++m)
            tiles.push_back({b.first + m - 1, m});
        std::sort(tiles.begin(), tiles.end());
        for (const auto& [tile, m] : tiles)
            x << "   <wangtile tileid=\"" << tile << "\" wangid=\"" << cornerWangId(m) << "\"/>\n";
        x << "  </wangset>\n";
    }
    x << " </wangsets>\n</tileset>\n";
    if (!writeTextFile(outDir + "/tiles/ground.tsx", x.str())) {
        error = outDir + "/tiles/ground.tsx: cannot write";
        return false;
    }
    return true;
}

/// tiles/tall.png and tall.tsx: the tall tiles (the erupting volcano animated), with the wall
/// (edge) wang set.
bool writeTallTileset(const std::string& outDir, std::string& error)
{
    Canvas sheet(64 * tall::Columns, 128 * ((tall::Count + tall::Columns - 1) / tall::Columns));
    for (int id = 0; id < tall::Count; ++id)
        sheet.paste(tallTile(id), (id % tall::Columns) * 64, (id / tall::Columns) * 128);
    if (!sheet.savePng(outDir + "/tiles/tall.png")) {
        error = outDir + "/tiles/tall.png: cannot write";
        return false;
    }
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"tall\" tilewidth=\"64\" tileheight=\"128\" tilecount=\""
      << tall::Count << "\" columns=\"" << tall::Columns << "\">\n"
      << " <grid orientation=\"isometric\" width=\"64\" height=\"32\"/>\n"
      << " <image source=\"tall.png\" width=\"" << sheet.width() << "\" height=\"" << sheet.height() << "\"/>\n";
    for (int id = 0; id < tall::Count; ++id) {
        std::string extra;
        if (id == tall::VolcanoErupting) {
            extra = "   <animation>\n";
            for (int f = 0; f < tall::VolcanoFrames; ++f)
                extra += "    <frame tileid=\"" + std::to_string(tall::VolcanoErupting + f) + "\" duration=\"160\"/>\n";
            extra += "   </animation>\n";
        }
        x << tileXml(id, tallTerrain(id), extra, tallConnects(id));
    }
    x << " <wangsets>\n  <wangset name=\"walls\" type=\"edge\" tile=\"" << tall::Wall + 15 << "\">\n"
      << "   <wangcolor name=\"wall\" color=\"#a49c8e\" tile=\"" << tall::Wall + 15 << "\" probability=\"1\"/>\n";
    for (int m = 1; m < 16; ++m)
        x << "   <wangtile tileid=\"" << tall::Wall + m << "\" wangid=\"" << wangId(m) << "\"/>\n";
    x << "  </wangset>\n </wangsets>\n</tileset>\n";
    if (!writeTextFile(outDir + "/tiles/tall.tsx", x.str())) {
        error = outDir + "/tiles/tall.tsx: cannot write";
        return false;
    }
    return true;
}

} // namespace

bool writeTilesets(const std::string& outDir, std::string& error)
{
    return writeGroundTileset(outDir, error) && writeTallTileset(outDir, error);
}

} // namespace artgen
