// The units bigger than a cell: an ox cart (2x2 cells) and an ogre (3x3 cells), built from
// traced solids like the party and turned to the same eight facings. The cart's wheels turn
// through the walk cycle (two spoke gaps a cycle, so the loop is seamless) while the ox walks;
// the ogre lumbers: a long stride, a heavy bob and a sway from side to side.

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Character.hpp"

#include <cmath>

namespace artgen {

namespace {

constexpr int kSpokes = 6;

/// A wheel in the model's x-z plane centred at (cx, cz), radius `r`: an iron-shod rim, spokes
/// turned by `turn` radians and the hub; between the spokes the dark of the cart's underside.
Material wheelMat(float cx, float cz, float r, float turn)
{
    Material m;
    m.color = [=](V3 p, V3 n) {
        const float dx = p.x - cx, dz = p.z - cz;
        const float d = std::sqrt(dx * dx + dz * dz) / r;
        if (std::fabs(n.y) < 0.6f || d > 0.84f)
            return d > 0.93f || std::fabs(n.y) < 0.6f ? hex(0x3b3632) : hex(0x6a4526);  // tyre, felloe
        if (d < 0.2f)
            return hex(0x4a3320);  // hub
        const float a = std::atan2(dz, dx) + turn;
        const float gap = 2.f * kPi / float(kSpokes);
        const bool spoke = std::fabs(std::remainder(a, gap)) < 0.2f;
        return spoke ? hex(0x9a6c3c) * (0.9f + 0.2f * d) : hex(0x1e1712);
    };
    return m;
}

/// The ox, facing +x at the front of the footprint: four legs in a diagonal gait, its head low.
void addOx(Scene& s, const Pose& p)
{
    const int hide = s.addMaterial(noisy(hex(0x7a5234), 22.f, 0.14f, 301));
    const int belly = s.addMaterial(noisy(hex(0xb08a62), 22.f, 0.12f, 302));
    const int hoof = s.addMaterial(flat(hex(0x2a2320)));
    const int horn = s.addMaterial(flat(hex(0xe8dcc0), 0.2f));
    const int muzzle = s.addMaterial(flat(hex(0xc89a88)));
    const int eyeM = s.addMaterial(skinMat(hex(0x6a4630), true));
    const float w = p.walking ? std::sin(p.phase) : 0.f, c = p.walking ? std::cos(p.phase) : 0.f;
    const float bob = p.walking ? 0.012f * std::fabs(c) : 0.006f * p.breath;
    const float stride = 0.09f;
    s.ellipsoid({0.42f, 0, 0.44f + bob}, {0.32f, 0.19f, 0.17f}, hide);
    s.ellipsoid({0.42f, 0, 0.36f + bob}, {0.26f, 0.15f, 0.1f}, belly);
    s.ellipsoid({0.62f, 0, 0.52f + bob}, {0.14f, 0.17f, 0.13f}, hide);  // the shoulders' hump
    // Legs: front left with back right, front right with back left.
    for (int k = 0; k < 4; ++k) {
        const bool front = k < 2;
        const float side = (k % 2 == 0) ? 1.f : -1.f;
        const float phase = (front == (side > 0)) ? 1.f : -1.f;
        const V3 top{front ? 0.6f : 0.22f, side * 0.1f, 0.38f + bob};
        const V3 foot{top.x + stride * w * phase, side * 0.1f, 0.05f + 0.04f * std::max(0.f, c * phase)};
        s.capsule(top, foot + V3{0, 0, 0.04f}, 0.045f, hide);
        s.ellipsoid(foot, {0.05f, 0.045f, 0.04f}, hoof);
    }
    // Head low and forward, horns sweeping out and up.
    const float nod = p.walking ? 0.015f * std::sin(p.phase * 2.f) : 0.01f * p.breath;
    s.sphere({0.8f, 0, 0.47f + nod}, 0.11f, eyeM);
    s.ellipsoid({0.9f, 0, 0.42f + nod}, {0.06f, 0.075f, 0.065f}, muzzle);
    for (float side : {1.f, -1.f}) {
        s.capsule({0.78f, side * 0.07f, 0.55f + nod}, {0.77f, side * 0.19f, 0.6f + nod}, 0.022f, horn);
        s.capsule({0.77f, side * 0.19f, 0.6f + nod}, {0.8f, side * 0.21f, 0.69f + nod}, 0.015f, horn);
        s.ellipsoid({0.74f, side * 0.12f, 0.52f + nod}, {0.03f, 0.05f, 0.025f}, hide);  // ears
    }
    const float swish = p.walking ? 0.05f * std::sin(p.phase) : 0.03f * p.breath;
    s.capsule({0.12f, 0, 0.5f + bob}, {0.08f, swish, 0.24f}, 0.018f, hide);
}

void buildCart(Scene& s, const Pose& p)
{
    const int wood = s.addMaterial(noisy(hex(0x8a5c32), 18.f, 0.16f, 311));
    const int plank = s.addMaterial(noisy(hex(0xa4743f), 26.f, 0.14f, 312));
    const int sack = s.addMaterial(noisy(hex(0xd8c48e), 30.f, 0.1f, 313));
    const int cask = s.addMaterial(noisy(hex(0x6e4626), 40.f, 0.2f, 314));
    const int iron = s.addMaterial(flat(hex(0x45464c), 0.5f));
    addOx(s, p);
    // The bed and its boards.
    s.boxMinMax({-0.9f, -0.34f, 0.28f}, {-0.08f, 0.34f, 0.35f}, wood);
    for (float side : {1.f, -1.f})
        s.boxMinMax({-0.9f, side > 0 ? 0.3f : -0.34f, 0.35f}, {-0.08f, side > 0 ? 0.34f : -0.3f, 0.56f}, plank);
    s.boxMinMax({-0.9f, -0.3f, 0.35f}, {-0.86f, 0.3f, 0.56f}, plank);
    s.boxMinMax({-0.12f, -0.3f, 0.35f}, {-0.08f, 0.3f, 0.5f}, plank);
    // The load: sacks and a cask.
    s.ellipsoid({-0.66f, -0.14f, 0.5f}, {0.17f, 0.13f, 0.13f}, sack);
    s.ellipsoid({-0.63f, 0.14f, 0.5f}, {0.16f, 0.13f, 0.12f}, sack);
    s.ellipsoid({-0.62f, 0.0f, 0.64f}, {0.15f, 0.13f, 0.1f}, sack);
    s.frustum({-0.3f, 0.1f, 0.35f}, 0.12f, 0.11f, 0.3f, cask);
    s.ellipsoid({-0.3f, -0.16f, 0.46f}, {0.12f, 0.1f, 0.1f}, sack);
    // Shafts to the ox's yoke.
    for (float side : {1.f, -1.f})
        s.capsule({-0.1f, side * 0.24f, 0.34f}, {0.6f, side * 0.2f, 0.48f}, 0.024f, wood);
    s.capsule({0.64f, -0.24f, 0.58f}, {0.64f, 0.24f, 0.58f}, 0.03f, wood);
    // Wheels: two spoke gaps a walk cycle, rolling forward.
    const float r = 0.27f, cx = -0.5f, cz = r + 0.005f;
    const float turn = p.walking ? p.phase * 2.f / float(kSpokes) : 0.f;
    const int wheel = s.addMaterial(wheelMat(cx, cz, r, turn));
    for (float side : {1.f, -1.f})
        s.ellipsoid({cx, side * 0.42f, cz}, {r, 0.045f, r}, wheel);
    s.capsule({cx, -0.48f, cz}, {cx, 0.48f, cz}, 0.035f, iron);
}

void buildOgre(Scene& s, const Pose& p)
{
    const float H = 2.2f, W = 2.3f;
    // Lumbering: the stride and bob of a heavy body, swaying over the foot it stands on.
    const Limbs l = pose(p, H, W);
    const float sway = p.walking ? 0.09f * std::sin(p.phase) : 0.f;
    const float lean = p.walking ? 0.06f : 0.02f;
    const int skin = s.addMaterial(noisy(hex(0x7d9a5a), 14.f, 0.16f, 321));
    const int face = s.addMaterial(skinMat(hex(0x86a263), true));
    const int hide = s.addMaterial(noisy(hex(0x6a4a2c), 20.f, 0.2f, 322));
    const int wrap = s.addMaterial(noisy(hex(0x4a3a2c), 30.f, 0.2f, 323));
    const int tusk = s.addMaterial(flat(hex(0xf0e6c8), 0.3f));
    const int club = s.addMaterial(noisy(hex(0x5e3f22), 16.f, 0.25f, 324));
    const int stud = s.addMaterial(flat(hex(0x8c8e94), 0.6f));
    const V3 body{lean, sway, 0};
    s.capsule(l.hipL + body, l.footL + V3{0, 0, 0.12f}, 0.15f, skin);
    s.capsule(l.hipR + body, l.footR + V3{0, 0, 0.12f}, 0.15f, skin);
    s.ellipsoid(l.footL + V3{0.06f, 0, 0.04f}, {0.22f, 0.14f, 0.1f}, wrap);
    s.ellipsoid(l.footR + V3{0.06f, 0, 0.04f}, {0.22f, 0.14f, 0.1f}, wrap);
    s.frustum(V3{0, 0, 0.82f + l.bob} + body, 0.36f, 0.42f, 0.3f, hide);  // loincloth
    s.ellipsoid(V3{0.08f, 0, 1.3f + l.bob} + body, {0.44f, 0.46f, 0.42f}, skin);  // belly
    s.ellipsoid(V3{0, 0, 1.64f + l.bob} + body, {0.36f, 0.52f, 0.3f}, skin);      // chest
    s.capsule(V3{0.2f, 0.4f, 1.85f + l.bob} + body, V3{0.3f, -0.38f, 1.12f + l.bob} + body, 0.05f, hide);  // strap
    s.sphere(l.shoulderL + body, 0.19f, skin);
    s.sphere(l.shoulderR + body, 0.19f, skin);
    s.capsule(l.shoulderL + body, l.handL + body, 0.13f, skin);
    s.capsule(l.shoulderR + body, l.handR + body, 0.13f, skin);
    s.sphere(l.handL + body, 0.14f, skin);
    s.sphere(l.handR + body, 0.14f, skin);
    // A small head sunk between the shoulders, a heavy jaw with tusks.
    const V3 head = V3{0.16f + lean, 0, 2.0f + l.bob} + body;
    s.sphere(head, 0.21f, face);
    s.ellipsoid(head + V3{0.08f, 0, -0.12f}, {0.17f, 0.2f, 0.11f}, skin);
    for (float side : {1.f, -1.f})
        s.capsule(head + V3{0.2f, side * 0.09f, -0.14f}, head + V3{0.24f, side * 0.11f, -0.02f}, 0.025f, tusk);
    // The club in the right hand, resting forward over the shoulder line.
    const V3 h = l.handR + body;
    s.capsule(h + V3{-0.05f, 0, -0.15f}, h + V3{0.3f, 0, 0.55f}, 0.06f, club);
    s.ellipsoid(h + V3{0.38f, 0, 0.75f}, {0.16f, 0.16f, 0.3f}, club);
    for (int k = 0; k < 3; ++k)
        s.sphere(h + V3{0.38f + 0.14f * std::cos(float(k) * 2.1f), 0.14f * std::sin(float(k) * 2.1f), 0.8f}, 0.035f, stud);
}

} // namespace

bool writeBigUnits(const std::string& assetsDir, std::string& error)
{
    // A 2x2 footprint's diamond is 128x64 pixels round the feet, a 3x3 one 192x96.
    SheetSpec cart;
    cart.frameW = 128, cart.frameH = 120, cart.originX = 64, cart.originY = 84;
    cart.scale = 1.1f, cart.shadowHalf = 0.95f, cart.contactRx = 44.f, cart.contactRy = 16.f;
    SheetSpec ogre;
    ogre.frameW = 192, ogre.frameH = 176, ogre.originX = 96, ogre.originY = 126;
    ogre.scale = 1.3f, ogre.shadowHalf = 1.3f, ogre.contactRx = 48.f, ogre.contactRy = 20.f;
    return writeCharacter(assetsDir, "cart", buildCart, cart, error) &&
           writeCharacter(assetsDir, "ogre", buildOgre, ogre, error);
}

} // namespace artgen
