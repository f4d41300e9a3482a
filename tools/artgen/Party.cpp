// The party: four characters built from traced solids, posed per frame (idle breathing, walk
// cycle) and turned to eight facings. One sheet per character: rows = facings in the order
// S, SW, W, NW, N, NE, E, SE; columns = idle frames then walk frames.

#include "tools/artgen/Art.hpp"
#include "tools/artgen/Character.hpp"

#include <array>
#include <cmath>
#include <sstream>

namespace artgen {

/// Skin with eyes is drawn by the head sphere's material; `front` is model +x.
Material skinMat(Rgb skin, bool eyes)
{
    Material m;
    m.color = [skin, eyes](V3 p, V3 n) {
        (void)p;
        if (eyes && n.x > 0.75f && std::fabs(std::fabs(n.y) - 0.38f) < 0.1f && std::fabs(n.z - 0.12f) < 0.11f)
            return hex(0x1d1a24);
        return skin;
    };
    return m;
}

Limbs pose(const Pose& p, float height, float width)
{
    Limbs l;
    const float s = p.walking ? std::sin(p.phase) : 0.f, c = p.walking ? std::cos(p.phase) : 0.f;
    l.bob = p.walking ? 0.03f * (1.f - std::fabs(s)) * height : 0.008f * p.breath * height;
    const float hipZ = 0.46f * height + l.bob, shZ = 0.84f * height + l.bob;
    l.hipL = {0, 0.085f * width, hipZ};
    l.hipR = {0, -0.085f * width, hipZ};
    const float stride = 0.17f * height;
    l.footL = {stride * s, 0.095f * width, 0.06f + 0.07f * std::max(0.f, c) * height};
    l.footR = {-stride * s, -0.095f * width, 0.06f + 0.07f * std::max(0.f, -c) * height};
    l.shoulderL = {0, 0.21f * width, shZ};
    l.shoulderR = {0, -0.21f * width, shZ};
    const float armSwing = p.walking ? 0.13f * s * height : 0.01f * p.breath;
    l.handL = {-armSwing + 0.03f, 0.25f * width, 0.5f * height + l.bob};
    l.handR = {armSwing + 0.03f, -0.25f * width, 0.5f * height + l.bob};
    return l;
}

namespace {

constexpr int kIdleFrames = 4, kWalkFrames = 8;
constexpr float kIdleTime = 0.22f, kWalkTime = 0.09f;

/// Screen facings in row order and the world (tile-axis) direction each one looks along: the
/// diagonals of the screen are the tile axes, so a unit stepping (+1, 0) uses the SE row.
struct Facing {
    const char* name;
    float wx, wy;
};
const std::array<Facing, 8> kFacings{{{"S", 1, 1}, {"SW", 0, 1}, {"W", -1, 1}, {"NW", -1, 0}, {"N", -1, -1}, {"NE", 0, -1}, {"E", 1, -1}, {"SE", 1, 0}}};

void buildKnight(Scene& s, const Pose& p)
{
    const Limbs l = pose(p, 1.f, 1.f);
    const int steel = s.addMaterial(noisy(hex(0xa7b0bd), 30.f, 0.08f, 201, 0.7f));
    const int dark = s.addMaterial(noisy(hex(0x4a4f5a), 30.f, 0.1f, 202, 0.4f));
    Material tabard;
    tabard.color = [](V3 q, V3 n) {
        if (n.x > 0.2f && std::fabs(q.y) < 0.12f) {
            const bool cross = std::fabs(q.y) < 0.025f || std::fabs(q.z - 0.72f) < 0.025f;
            return cross ? hex(0xf2c94c) : hex(0x2c5cb5);
        }
        return hex(0xa7b0bd);
    };
    tabard.specular = 0.5f;
    const int torso = s.addMaterial(tabard);
    Material helm = noisy(hex(0xb8c0cc), 30.f, 0.06f, 203, 0.8f);
    auto helmBase = helm.color;
    helm.color = [helmBase](V3 q, V3 n) {
        if (n.x > 0.6f && std::fabs(q.z - 1.06f) < 0.018f)
            return hex(0x15161c); // visor slit
        return helmBase(q, n);
    };
    const int head = s.addMaterial(helm);
    const int plume = s.addMaterial(noisy(hex(0xc8322c), 40.f, 0.2f, 204));
    Material shield;
    shield.color = [](V3 q, V3) { return std::fabs(q.z - 0.62f) < 0.03f ? hex(0xf2c94c) : hex(0x2c5cb5); };
    shield.specular = 0.3f;
    const int shieldM = s.addMaterial(shield);
    const int gold = s.addMaterial(flat(hex(0xd9b04a), 0.6f));

    s.capsule(l.hipL, l.footL + V3{0, 0, 0.04f}, 0.06f, steel);
    s.capsule(l.hipR, l.footR + V3{0, 0, 0.04f}, 0.06f, steel);
    s.ellipsoid(l.footL + V3{0.04f, 0, -0.02f}, {0.09f, 0.055f, 0.05f}, dark);
    s.ellipsoid(l.footR + V3{0.04f, 0, -0.02f}, {0.09f, 0.055f, 0.05f}, dark);
    s.ellipsoid({0, 0, 0.5f + l.bob}, {0.14f, 0.17f, 0.1f}, dark); // belt / hips
    s.ellipsoid({0, 0, 0.7f + l.bob}, {0.15f, 0.2f, 0.24f}, torso);
    s.sphere(l.shoulderL, 0.085f, steel);
    s.sphere(l.shoulderR, 0.085f, steel);
    s.capsule(l.shoulderL, l.handL, 0.052f, steel);
    s.capsule(l.shoulderR, l.handR, 0.052f, steel);
    s.sphere({0.01f, 0, 1.04f + l.bob}, 0.14f, head);
    s.ellipsoid({-0.06f, 0, 1.2f + l.bob}, {0.12f, 0.035f, 0.07f}, plume);
    // Shield on the left arm, sword in the right hand pointing forward and up.
    s.ellipsoid(l.handL + V3{0.04f, 0.05f, 0.1f}, {0.03f, 0.13f, 0.17f}, shieldM);
    s.capsule(l.handR, l.handR + V3{0.0f, -0.02f, -0.02f}, 0.03f, gold);
    s.capsule(l.handR + V3{0.03f, 0, 0.03f}, l.handR + V3{0.3f, -0.02f, 0.3f}, 0.018f, steel);
    s.capsule(l.handR + V3{0.01f, -0.07f, 0.0f}, l.handR + V3{0.01f, 0.05f, 0.0f}, 0.014f, gold);
}

void buildRanger(Scene& s, const Pose& p)
{
    const Limbs l = pose(p, 1.f, 0.95f);
    const int leather = s.addMaterial(noisy(hex(0x4f8a3e), 25.f, 0.15f, 211));
    const int belt = s.addMaterial(noisy(hex(0x8a5a34), 25.f, 0.15f, 216));
    const int trousers = s.addMaterial(noisy(hex(0x4b3b2a), 25.f, 0.12f, 212));
    const int boots = s.addMaterial(noisy(hex(0x3a2a1c), 25.f, 0.12f, 213));
    const int cloak = s.addMaterial(noisy(hex(0x24482c), 18.f, 0.15f, 214));
    const int skin = s.addMaterial(skinMat(hex(0xe8b890), true));
    const int wood = s.addMaterial(noisy(hex(0x8a5a2b), 30.f, 0.2f, 215));
    const int string = s.addMaterial(flat(hex(0xe8e0d0)));
    const int feather = s.addMaterial(flat(hex(0xd04030)));

    s.capsule(l.hipL, l.footL + V3{0, 0, 0.05f}, 0.055f, trousers);
    s.capsule(l.hipR, l.footR + V3{0, 0, 0.05f}, 0.055f, trousers);
    s.ellipsoid(l.footL + V3{0.035f, 0, -0.015f}, {0.085f, 0.05f, 0.06f}, boots);
    s.ellipsoid(l.footR + V3{0.035f, 0, -0.015f}, {0.085f, 0.05f, 0.06f}, boots);
    s.ellipsoid({0, 0, 0.68f + l.bob}, {0.13f, 0.17f, 0.25f}, leather);
    // Cloak hangs behind and sways with the walk.
    const float sway = p.walking ? 0.03f * std::sin(p.phase * 2.f) : 0.f;
    s.ellipsoid({-0.09f - std::fabs(sway), 0, 0.62f + l.bob}, {0.09f, 0.22f, 0.34f}, cloak);
    s.capsule(l.shoulderL, l.handL, 0.045f, leather);
    s.capsule(l.shoulderR, l.handR, 0.045f, leather);
    s.sphere(l.handL, 0.04f, skin);
    s.sphere(l.handR, 0.04f, skin);
    s.sphere({0.02f, 0, 1.02f + l.bob}, 0.12f, skin);
    // Hood: a larger shell behind and above the face.
    s.ellipsoid({-0.03f, 0, 1.05f + l.bob}, {0.13f, 0.145f, 0.15f}, cloak);
    s.frustum({-0.08f, 0, 1.12f + l.bob}, 0.06f, 0.0f, 0.14f, cloak);
    // Bow in the left hand: three segments bent forward, and its string.
    const V3 h = l.handL;
    const V3 top = h + V3{-0.02f, 0.02f, 0.34f}, bot = h + V3{-0.02f, 0.02f, -0.3f};
    s.capsule(bot, h + V3{0.06f, 0.02f, -0.12f}, 0.016f, wood);
    s.capsule(h + V3{0.06f, 0.02f, -0.12f}, h + V3{0.06f, 0.02f, 0.14f}, 0.018f, wood);
    s.capsule(h + V3{0.06f, 0.02f, 0.14f}, top, 0.016f, wood);
    s.capsule(top, bot, 0.005f, string);
    // Quiver on the back with red fletching.
    s.capsule({-0.16f, -0.06f, 0.55f + l.bob}, {-0.2f, 0.08f, 0.95f + l.bob}, 0.045f, belt);
    s.ellipsoid({0, 0, 0.5f + l.bob}, {0.135f, 0.165f, 0.05f}, belt);
    s.sphere({-0.2f, 0.09f, 0.99f + l.bob}, 0.04f, feather);
}

void buildMage(Scene& s, const Pose& p)
{
    const Limbs l = pose(p, 1.f, 0.95f);
    Material robe;
    robe.color = [](V3 q, V3) {
        Rgb c = hex(0x5a3a9a) * (0.9f + 0.2f * vnoise3(q.x * 20, q.y * 20, q.z * 20, 221));
        if (q.z < 0.07f || std::fabs(q.z - 0.47f) < 0.02f)
            c = hex(0xe0b84a); // hem and belt
        const float st = hashf(int(std::floor(q.x * 14)), int(std::floor(q.y * 14)), int(std::floor(q.z * 14)), 222);
        if (st < 0.03f)
            c = hex(0xf0e6a0); // embroidered stars
        return c;
    };
    const int rm = s.addMaterial(robe);
    const int skin = s.addMaterial(skinMat(hex(0xf0c8a8), true));
    const int beard = s.addMaterial(noisy(hex(0xe8e8ec), 40.f, 0.12f, 223));
    const int hat = s.addMaterial(noisy(hex(0x4a2e86), 20.f, 0.12f, 224));
    const int shoes = s.addMaterial(flat(hex(0x3a2a3a)));
    const int wood = s.addMaterial(noisy(hex(0x6e4a2a), 30.f, 0.2f, 225));
    Material orbM = flat(hex(0x9ff0ff));
    orbM.emissive = true;
    const int orb = s.addMaterial(orbM);

    // Feet peek out under the robe.
    s.ellipsoid(l.footL + V3{0.06f, 0, -0.03f}, {0.08f, 0.05f, 0.045f}, shoes);
    s.ellipsoid(l.footR + V3{0.06f, 0, -0.03f}, {0.08f, 0.05f, 0.045f}, shoes);
    const float sway = p.walking ? 0.02f * std::sin(p.phase) : 0.f;
    s.frustum({sway, 0, 0.02f}, 0.25f, 0.15f, 0.78f + l.bob, rm);
    s.ellipsoid({0, 0, 0.78f + l.bob}, {0.14f, 0.19f, 0.15f}, rm);
    s.capsule(l.shoulderL, l.handL, 0.06f, rm);
    s.capsule(l.shoulderR, l.handR, 0.06f, rm);
    s.sphere(l.handL, 0.04f, skin);
    s.sphere(l.handR, 0.04f, skin);
    s.sphere({0.02f, 0, 1.0f + l.bob}, 0.115f, skin);
    s.ellipsoid({0.08f, 0, 0.9f + l.bob}, {0.07f, 0.09f, 0.14f}, beard);
    s.frustum({0, 0, 1.07f + l.bob}, 0.22f, 0.2f, 0.025f, hat);
    s.frustum({-0.01f, 0, 1.09f + l.bob}, 0.13f, 0.0f, 0.4f, hat);
    // Staff in the right hand, taller than the mage, with a glowing orb.
    const V3 h = l.handR;
    s.capsule(h + V3{0.02f, 0, -0.45f}, h + V3{0.02f, 0, 0.62f}, 0.02f, wood);
    s.sphere(h + V3{0.02f, 0, 0.68f}, 0.055f, orb);
}

void buildDwarf(Scene& s, const Pose& p)
{
    const float H = 0.78f, W = 1.3f;
    const Limbs l = pose(p, H, W);
    const int tunic = s.addMaterial(noisy(hex(0x35598f), 25.f, 0.15f, 231));
    const int mail = s.addMaterial(noisy(hex(0x7c818a), 60.f, 0.3f, 232, 0.4f));
    const int boots = s.addMaterial(noisy(hex(0x3e2a1a), 25.f, 0.12f, 233));
    const int skin = s.addMaterial(skinMat(hex(0xe0a882), true));
    const int beard = s.addMaterial(noisy(hex(0xd0782a), 45.f, 0.25f, 234));
    const int steel = s.addMaterial(noisy(hex(0xaab2bc), 30.f, 0.08f, 235, 0.7f));
    const int horn = s.addMaterial(flat(hex(0xefe6cc)));
    const int wood = s.addMaterial(noisy(hex(0x7a5230), 30.f, 0.2f, 236));

    s.capsule(l.hipL, l.footL + V3{0, 0, 0.05f}, 0.07f, mail);
    s.capsule(l.hipR, l.footR + V3{0, 0, 0.05f}, 0.07f, mail);
    s.ellipsoid(l.footL + V3{0.04f, 0, -0.01f}, {0.1f, 0.065f, 0.065f}, boots);
    s.ellipsoid(l.footR + V3{0.04f, 0, -0.01f}, {0.1f, 0.065f, 0.065f}, boots);
    s.ellipsoid({0, 0, 0.58f * H + 0.06f + l.bob}, {0.19f, 0.24f, 0.24f}, tunic);
    s.sphere(l.shoulderL, 0.1f, mail);
    s.sphere(l.shoulderR, 0.1f, mail);
    s.capsule(l.shoulderL, l.handL, 0.06f, tunic);
    s.capsule(l.shoulderR, l.handR, 0.06f, tunic);
    s.sphere(l.handL, 0.05f, skin);
    s.sphere(l.handR, 0.05f, skin);
    const float hz = 0.86f * H + 0.12f + l.bob;
    s.sphere({0.03f, 0, hz}, 0.13f, skin);
    s.ellipsoid({0.11f, 0, hz - 0.14f}, {0.09f, 0.13f, 0.19f}, beard);
    s.ellipsoid({0.0f, 0, hz + 0.03f}, {0.14f, 0.145f, 0.12f}, steel);
    for (float side : {1.f, -1.f}) {
        s.capsule({0, side * 0.12f, hz + 0.06f}, {0, side * 0.22f, hz + 0.1f}, 0.028f, horn);
        s.capsule({0, side * 0.22f, hz + 0.1f}, {0.02f, side * 0.25f, hz + 0.22f}, 0.018f, horn);
    }
    // Axe: handle up from the right hand, a broad blade on top.
    const V3 h = l.handR;
    s.capsule(h + V3{0, 0, -0.12f}, h + V3{0.05f, 0, 0.42f}, 0.022f, wood);
    s.ellipsoid(h + V3{0.1f, 0, 0.36f}, {0.09f, 0.02f, 0.11f}, steel);
}

} // namespace

bool writeCharacter(const std::string& dir, const std::string& name, CharacterBuilder build, const SheetSpec& spec,
                    std::string& error)
{
    const int kFrameW = spec.frameW, kFrameH = spec.frameH, kOriginX = spec.originX, kOriginY = spec.originY;
    const int cols = kIdleFrames + kWalkFrames;
    Canvas sheet(kFrameW * cols, kFrameH * 8);
    for (std::size_t row = 0; row < kFacings.size(); ++row) {
        const float angle = std::atan2(kFacings[row].wy, kFacings[row].wx);
        for (int col = 0; col < cols; ++col) {
            Pose p;
            if (col < kIdleFrames)
                p.breath = std::sin(2 * kPi * float(col) / float(kIdleFrames));
            else {
                p.walking = true;
                p.phase = 2 * kPi * float(col - kIdleFrames) / float(kWalkFrames);
            }
            Scene s;
            build(s, p);
            s.setRotation(angle, {0, 0, 0});
            s.setScale(spec.scale);
            s.setShadowArea(-spec.shadowHalf, -spec.shadowHalf, spec.shadowHalf, spec.shadowHalf, 0.3f);
            s.setAmbient(0.5f);
            s.render(sheet, col * kFrameW, int(row) * kFrameH, kFrameW, kFrameH, float(kOriginX), float(kOriginY), 4);
        }
    }
    // A soft contact shadow under the feet, drawn beneath everything (it reads on any ground).
    for (std::size_t row = 0; row < 8; ++row)
        for (int col = 0; col < cols; ++col)
            for (int y = -int(spec.contactRy); y <= int(spec.contactRy); ++y)
                for (int x = -int(spec.contactRx); x <= int(spec.contactRx); ++x) {
                    const float e = (float(x) * float(x)) / (spec.contactRx * spec.contactRx) +
                                    (float(y) * float(y)) / (spec.contactRy * spec.contactRy);
                    if (e > 1.f)
                        continue;
                    Rgba& px = sheet.at(col * kFrameW + kOriginX + x, int(row) * kFrameH + kOriginY + y);
                    const float a = 0.28f * (1.f - e);
                    // Under-composite: the shadow goes below what is already drawn.
                    const float outA = px.a + a * (1.f - px.a);
                    if (outA > 0)
                        px.c = (px.c * px.a + Rgb{0.04f, 0.05f, 0.1f} * (a * (1.f - px.a))) * (1.f / outA);
                    px.a = outA;
                }
    const std::string png = dir + "/party/" + name + ".png";
    if (!sheet.savePng(png)) {
        error = png + ": cannot write";
        return false;
    }
    std::ostringstream j;
    j << "{\n"
      << "  \"name\": \"" << name << "\",\n"
      << "  \"image\": \"" << name << ".png\",\n"
      << "  \"image_width\": " << sheet.width() << ",\n"
      << "  \"image_height\": " << sheet.height() << ",\n"
      << "  \"frame_width\": " << kFrameW << ",\n"
      << "  \"frame_height\": " << kFrameH << ",\n"
      << "  \"origin\": [" << kOriginX << ", " << kOriginY << "],\n"
      << "  \"directions\": [\"S\", \"SW\", \"W\", \"NW\", \"N\", \"NE\", \"E\", \"SE\"],\n"
      << "  \"clips\": {\n"
      << "    \"idle\": {\"first\": 0, \"count\": " << kIdleFrames << ", \"frame_time\": " << kIdleTime << ", \"loop\": true},\n"
      << "    \"walk\": {\"first\": " << kIdleFrames << ", \"count\": " << kWalkFrames << ", \"frame_time\": " << kWalkTime
      << ", \"loop\": true}\n"
      << "  }\n"
      << "}\n";
    const std::string json = dir + "/party/" + name + ".json";
    if (!writeTextFile(json, j.str())) {
        error = json + ": cannot write";
        return false;
    }
    return true;
}

bool writeParty(const std::string& assetsDir, std::string& error)
{
    const SheetSpec one;
    return writeCharacter(assetsDir, "knight", buildKnight, one, error) &&
           writeCharacter(assetsDir, "ranger", buildRanger, one, error) &&
           writeCharacter(assetsDir, "mage", buildMage, one, error) &&
           writeCharacter(assetsDir, "dwarf", buildDwarf, one, error) && writeBigUnits(assetsDir, error);
}

} // namespace artgen
