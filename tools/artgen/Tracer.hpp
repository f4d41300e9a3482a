#pragma once
/// \file Tracer.hpp
/// A tiny orthographic ray tracer that draws solid primitives in the game's isometric projection
/// (64x32 cells, 2:1), so tall tiles and characters get consistent perspective, soft shading from
/// one light (upper left of the screen), self shadows and anti-aliased, halo-free alpha.
///
/// World space: one cell = 1x1 unit on the ground (x right-down on screen, y left-down), z up.
/// Screen: sx = (x - y) * 32, sy = (x + y) * 16 - z * kHeightPx.

#include "tools/artgen/Canvas.hpp"

#include <functional>
#include <vector>

namespace artgen {

struct V3 {
    float x = 0, y = 0, z = 0;
};
inline V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline V3 operator*(V3 a, float k) { return {a.x * k, a.y * k, a.z * k}; }
inline float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline V3 normalize(V3 a)
{
    const float l = std::sqrt(dot(a, a));
    return l > 0 ? a * (1.f / l) : a;
}

/// Pixels per unit of height on screen (true 2:1 dimetric would be ~39; a little less reads better).
inline constexpr float kHeightPx = 36.f;
/// Direction towards the light: from the upper left of the screen (world -x+y is screen left),
/// above. It lights the faces that look down-left on screen; down-right faces are in shade.
inline const V3 kLight = normalize({-0.25f, 0.8f, 1.0f});

/// Surface look: colour as a function of the hit point (world) and normal.
struct Material {
    std::function<Rgb(V3 p, V3 n)> color;
    bool emissive = false;   ///< ignores light (lava, glowing orbs)
    float specular = 0.f;    ///< 0 = matte, ~0.6 = polished metal
    float shininess = 24.f;
    std::function<Rgb(V3 p, V3 n)> glow; ///< [opt] light the surface gives off, added after shading
};
inline Material flat(Rgb c, float specular = 0.f)
{
    return {[c](V3, V3) { return c; }, false, specular, 24.f, {}};
}
/// Base colour with 3D value noise of the given frequency and strength.
inline Material noisy(Rgb c, float freq, float amount, std::uint32_t seed, float specular = 0.f)
{
    return {[=](V3 p, V3) {
                const float n = vnoise3(p.x * freq, p.y * freq, p.z * freq, seed) * 0.6f +
                                vnoise3(p.x * freq * 3, p.y * freq * 3, p.z * freq * 3, seed + 1) * 0.4f;
                return c * (1.f + amount * (n - 0.5f) * 2.f);
            },
            false, specular, 24.f, {}};
}

enum class Shape { Ellipsoid, Box, Capsule, Frustum };

/// One solid. Ellipsoid: centre a, radii r. Box: centre a, half extents r. Capsule: segment a-b,
/// radius r.x. Frustum (vertical cone): base centre a, base radius r.x, top radius r.y, height r.z.
struct Prim {
    Shape shape = Shape::Ellipsoid;
    V3 a, b, r;
    int material = 0;
};

struct Hit {
    float t = 1e30f;
    V3 n;
    int prim = -1;
};

/// A set of primitives with materials, optionally rotated about the vertical axis through
/// `pivot` (characters turn to their eight facings this way).
class Scene {
public:
    int addMaterial(Material m)
    {
        m_materials.push_back(std::move(m));
        return int(m_materials.size()) - 1;
    }
    void ellipsoid(V3 c, V3 r, int m) { m_prims.push_back({Shape::Ellipsoid, c, {}, r, m}); }
    void sphere(V3 c, float r, int m) { ellipsoid(c, {r, r, r}, m); }
    void box(V3 c, V3 half, int m) { m_prims.push_back({Shape::Box, c, {}, half, m}); }
    /// Axis-aligned box from min corner to max corner.
    void boxMinMax(V3 lo, V3 hi, int m) { box((lo + hi) * 0.5f, (hi - lo) * 0.5f, m); }
    void capsule(V3 a, V3 b, float r, int m) { m_prims.push_back({Shape::Capsule, a, b, {r, 0, 0}, m}); }
    void frustum(V3 base, float r0, float r1, float h, int m) { m_prims.push_back({Shape::Frustum, base, {}, {r0, r1, h}, m}); }

    /// Turns the whole scene by `radians` about the vertical line through pivot (model +x becomes
    /// (cos, sin) in world).
    void setRotation(float radians, V3 pivot)
    {
        m_cos = std::cos(radians);
        m_sin = std::sin(radians);
        m_pivot = pivot;
    }
    /// Draws the model `k` times larger (about the pivot).
    void setScale(float k) { m_scale = k; }
    /// The ground shadow is drawn on z = 0 inside this rectangle (x0, y0, x1, y1) of world units.
    void setShadowArea(float x0, float y0, float x1, float y1, float strength)
    {
        m_shadow = {x0, y0, x1};
        m_shadowY1 = y1;
        m_shadowStrength = strength;
    }
    /// Extra ambient light (0..1).
    void setAmbient(float a) { m_ambient = a; }

    /// Renders into `out` (sub-rectangle at ox, oy of size w x h) with the world origin (0,0,0)
    /// drawn at pixel (originX, originY) of that rectangle; `ss` x `ss` samples per pixel.
    void render(Canvas& out, int ox, int oy, int w, int h, float originX, float originY, int ss = 4) const;

private:
    bool trace(V3 o, V3 d, Hit& hit) const;
    bool occluded(V3 o, V3 d) const;
    Rgb shade(V3 p, V3 n, const Material& m, V3 viewDir) const;

    std::vector<Material> m_materials;
    std::vector<Prim> m_prims;
    float m_cos = 1, m_sin = 0, m_scale = 1;
    V3 m_pivot;
    V3 m_shadow{0, 0, 0};
    float m_shadowY1 = 0, m_shadowStrength = 0;
    float m_ambient = 0.42f;
};

} // namespace artgen
