// The volcano tiles of tall.tsx: the dormant cone and the erupting one's animation frames (lava,
// fountain, smoke, embers, and the halo painted over the traced tile).

#include "tools/artgen/Layout.hpp"
#include "tools/artgen/TileArt.hpp"
#include "tools/artgen/Tracer.hpp"

#include <algorithm>
#include <cmath>

namespace artgen {

namespace {

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

} // namespace

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

} // namespace artgen
