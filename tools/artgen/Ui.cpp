// UI bits: hovered-tile highlight, selection ring, path dots and arrows, goal flag. The dots and
// arrows are near-white so the game can tint them (e.g. by step cost).

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Tracer.hpp"

#include <array>
#include <cmath>
#include <functional>

namespace artgen {

namespace {

constexpr int kSs = 4;

/// Fills a canvas region by sampling `f(sx, sy)` (pixel space, fractional) kSs x kSs times per
/// pixel; f returns colour + alpha. Alpha is averaged, colour weighted by alpha: no halo.
void sample(Canvas& c, int ox, int oy, int w, int h, const std::function<Rgba(float, float)>& f)
{
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float sumA = 0;
            Rgb sumC;
            for (int j = 0; j < kSs; ++j)
                for (int i = 0; i < kSs; ++i) {
                    const Rgba s = f(float(x) + (float(i) + 0.5f) / kSs, float(y) + (float(j) + 0.5f) / kSs);
                    sumA += s.a;
                    sumC = sumC + s.c * s.a;
                }
            if (sumA <= 0)
                continue;
            c.at(ox + x, oy + y) = {sumC * (1.f / sumA), sumA / float(kSs * kSs)};
        }
}

Canvas highlight()
{
    Canvas c(64, 32);
    sample(c, 0, 0, 64, 32, [](float sx, float sy) -> Rgba {
        const float d = 1.f - (std::fabs(sx - 32.f) / 32.f + std::fabs(sy - 16.f) / 16.f); // 0 at the outline
        if (d < 0)
            return {};
        if (d < 0.07f)
            return {hex(0xfff2a8), 0.95f};
        if (d < 0.11f)
            return {hex(0x6b5a20), 0.5f};
        return {hex(0xfff6c8), 0.16f + 0.1f * (1.f - d)};
    });
    return c;
}

Canvas selectionRing()
{
    Canvas c(64, 32);
    sample(c, 0, 0, 64, 32, [](float sx, float sy) -> Rgba {
        const float ex = (sx - 32.f) / 27.f, ey = (sy - 16.f) / 13.5f;
        const float r = std::sqrt(ex * ex + ey * ey);
        if (r > 0.88f && r < 1.0f) {
            // Brighter on the near (lower) half, like a ring lying on the ground in light.
            const float k = 0.8f + 0.2f * (sy - 16.f) / 16.f;
            return {hex(0x8cf58c) * k, 1.f};
        }
        if (r > 0.8f && r <= 0.88f)
            return {hex(0x1f5a2a), 0.55f};
        if (r <= 0.8f)
            return {hex(0x8cf58c), 0.1f};
        return {};
    });
    return c;
}

Canvas pathDot()
{
    Canvas c(16, 8);
    sample(c, 0, 0, 16, 8, [](float sx, float sy) -> Rgba {
        const float ex = (sx - 8.f) / 6.f, ey = (sy - 4.f) / 3.f;
        const float r = std::sqrt(ex * ex + ey * ey);
        if (r > 1.f)
            return {};
        if (r > 0.7f)
            return {hex(0x202020), 0.85f};
        return {mix(hex(0xffffff), hex(0xd8d8d8), r), 1.f};
    });
    return c;
}

/// Eight ground-plane arrows (32x16 each) in the sprite row order S, SW, W, NW, N, NE, E, SE.
Canvas pathArrows()
{
    const std::array<std::array<float, 2>, 8> dirs{{{1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}}};
    Canvas c(32 * 8, 16);
    for (int k = 0; k < 8; ++k) {
        const float len = std::sqrt(dirs[std::size_t(k)][0] * dirs[std::size_t(k)][0] + dirs[std::size_t(k)][1] * dirs[std::size_t(k)][1]);
        const float fx = dirs[std::size_t(k)][0] / len, fy = dirs[std::size_t(k)][1] / len;
        sample(c, k * 32, 0, 32, 16, [fx, fy](float sx, float sy) -> Rgba {
            // Screen offset from the centre back to ground units (a 64x32 cell = 1x1).
            const float a = (sx - 16.f) / 32.f, s = (sy - 8.f) / 16.f;
            const float u = (s + a) * 0.5f * 2.f, v = (s - a) * 0.5f * 2.f; // half-cell arrows
            const float along = u * fx + v * fy, across = -u * fy + v * fx;
            auto inside = [](float al, float ac, float grow) {
                const bool shaft = al > -0.42f - grow && al < 0.05f && std::fabs(ac) < 0.09f + grow;
                const bool head = al >= 0.0f - grow && al < 0.42f + grow && std::fabs(ac) < (0.42f - al) * 0.75f + grow;
                return shaft || head;
            };
            if (inside(along, across, 0))
                return {mix(hex(0xffffff), hex(0xdadada), (along + 0.42f) / 0.84f), 1.f};
            if (inside(along, across, 0.07f))
                return {hex(0x1a1a1a), 0.85f};
            return {};
        });
    }
    return c;
}

Canvas goalFlag()
{
    Scene s;
    const int pole = s.addMaterial(noisy(hex(0x6b4a2b), 30.f, 0.2f, 301));
    const int knob = s.addMaterial(flat(hex(0xf2c94c), 0.6f));
    Material cloth;
    cloth.color = [](V3 p, V3) {
        const bool check = (int(std::floor(p.y * 14.f)) + int(std::floor(p.z * 14.f))) & 1;
        return check ? hex(0xe04a3a) : hex(0xf4f0e8);
    };
    const int cm = s.addMaterial(cloth);
    s.capsule({0, 0, 0}, {0, 0, 1.3f}, 0.025f, pole);
    s.sphere({0, 0, 1.33f}, 0.04f, knob);
    // The flag waves: thin slabs offset along a sine.
    for (int k = 0; k < 8; ++k) {
        const float y0 = -0.04f - float(k) * 0.05f;
        const float x = 0.04f * std::sin(float(k) * 1.2f);
        s.boxMinMax({x - 0.012f, y0 - 0.05f, 0.9f + 0.01f * float(k)}, {x + 0.012f, y0, 1.25f + 0.004f * float(k)}, cm);
    }
    s.setShadowArea(-0.5f, -0.5f, 0.5f, 0.5f, 0.3f);
    Canvas c(48, 64);
    s.render(c, 0, 0, 48, 64, 24.f, 58.f, 4);
    return c;
}

bool save(const Canvas& c, const std::string& path, std::string& error)
{
    if (c.savePng(path))
        return true;
    error = path + ": cannot write";
    return false;
}

} // namespace

bool writeUi(const std::string& assetsDir, std::string& error)
{
    const std::string d = assetsDir + "/ui/";
    return save(highlight(), d + "highlight.png", error) && save(selectionRing(), d + "selection_ring.png", error) &&
           save(pathDot(), d + "path_dot.png", error) && save(pathArrows(), d + "path_arrows.png", error) &&
           save(goalFlag(), d + "goal_flag.png", error);
}

} // namespace artgen
