// Tall tiles of tall.tsx: traced solids standing on their cell (walls, volcanoes, tombstones,
// tent, castle, trees, rocks, bridges).

#include "tools/artgen/Layout.hpp"
#include "tools/artgen/TileArt.hpp"
#include "tools/artgen/Tracer.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace artgen {

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

} // namespace

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

} // namespace artgen
