#include "tools/artgen/Tracer.hpp"

#include <algorithm>
#include <cmath>

namespace artgen {

namespace {

constexpr float kEps = 1e-4f;

V3 mulv(V3 a, V3 b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
V3 divv(V3 a, V3 b) { return {a.x / b.x, a.y / b.y, a.z / b.z}; }

/// Smallest root > kEps of a t^2 + 2 b t + c = 0, or -1.
float firstRoot(float a, float b, float c)
{
    if (std::fabs(a) < 1e-12f)
        return -1.f;
    const float disc = b * b - a * c;
    if (disc < 0)
        return -1.f;
    const float s = std::sqrt(disc);
    float t = (-b - s) / a;
    if (t > kEps)
        return t;
    t = (-b + s) / a;
    return t > kEps ? t : -1.f;
}

bool hitEllipsoid(const Prim& p, V3 o, V3 d, Hit& h)
{
    const V3 oo = divv(o - p.a, p.r), dd = divv(d, p.r);
    const float t = firstRoot(dot(dd, dd), dot(oo, dd), dot(oo, oo) - 1.f);
    if (t < 0 || t >= h.t)
        return false;
    const V3 q = o + d * t - p.a;
    h.t = t;
    h.n = normalize(divv(q, mulv(p.r, p.r)));
    return true;
}

bool hitBox(const Prim& p, V3 o, V3 d, Hit& h)
{
    float tn = -1e30f, tf = 1e30f;
    int axis = 0;
    float sign = 1;
    const float oc[3] = {o.x - p.a.x, o.y - p.a.y, o.z - p.a.z};
    const float dc[3] = {d.x, d.y, d.z};
    const float rc[3] = {p.r.x, p.r.y, p.r.z};
    for (int i = 0; i < 3; ++i) {
        if (std::fabs(dc[i]) < 1e-12f) {
            if (std::fabs(oc[i]) > rc[i])
                return false;
            continue;
        }
        float t1 = (-rc[i] - oc[i]) / dc[i], t2 = (rc[i] - oc[i]) / dc[i];
        float s = -1;
        if (t1 > t2) {
            std::swap(t1, t2);
            s = 1;
        }
        if (t1 > tn) {
            tn = t1;
            axis = i;
            sign = s;
        }
        tf = std::min(tf, t2);
    }
    if (tn > tf || tf < kEps)
        return false;
    const float t = tn > kEps ? tn : tf;
    if (t >= h.t)
        return false;
    h.t = t;
    h.n = axis == 0 ? V3{sign, 0, 0} : axis == 1 ? V3{0, sign, 0} : V3{0, 0, sign};
    return true;
}

bool hitCapsule(const Prim& p, V3 o, V3 d, Hit& h)
{
    const float ra = p.r.x;
    const V3 ba = p.b - p.a, oa = o - p.a;
    const float baba = dot(ba, ba), bard = dot(ba, d), baoa = dot(ba, oa), rdoa = dot(d, oa), oaoa = dot(oa, oa);
    const float a = baba - bard * bard;
    float b = baba * rdoa - baoa * bard;
    float c = baba * oaoa - baoa * baoa - ra * ra * baba;
    float disc = b * b - a * c;
    float t = -1;
    if (disc >= 0 && a > 1e-12f) {
        t = (-b - std::sqrt(disc)) / a;
        const float y = baoa + t * bard;
        if (!(y > 0 && y < baba && t > kEps)) {
            // End caps: spheres at both ends.
            t = -1;
            for (int end = 0; end < 2; ++end) {
                const V3 oc = end == 0 ? oa : o - p.b;
                const float bb = dot(d, oc), cc = dot(oc, oc) - ra * ra, hh = bb * bb - cc;
                if (hh > 0) {
                    const float tt = -bb - std::sqrt(hh);
                    if (tt > kEps && (t < 0 || tt < t))
                        t = tt;
                }
            }
        }
    } else {
        for (int end = 0; end < 2; ++end) {
            const V3 oc = end == 0 ? oa : o - p.b;
            const float bb = dot(d, oc), cc = dot(oc, oc) - ra * ra, hh = bb * bb - cc;
            if (hh > 0) {
                const float tt = -bb - std::sqrt(hh);
                if (tt > kEps && (t < 0 || tt < t))
                    t = tt;
            }
        }
    }
    if (t < 0 || t >= h.t)
        return false;
    const V3 q = o + d * t;
    const V3 pa = q - p.a;
    const float k = std::clamp(dot(pa, ba) / baba, 0.f, 1.f);
    h.t = t;
    h.n = normalize(pa - ba * k);
    return true;
}

bool hitFrustum(const Prim& p, V3 o, V3 d, Hit& h)
{
    const float r0 = p.r.x, r1 = p.r.y, height = p.r.z;
    const float k = (r1 - r0) / height;
    const V3 q = o - p.a;
    bool any = false;
    // Side: x^2 + y^2 = (r0 + k z)^2.
    const float rz = r0 + k * q.z;
    const float a = d.x * d.x + d.y * d.y - k * k * d.z * d.z;
    const float b = q.x * d.x + q.y * d.y - k * d.z * rz;
    const float c = q.x * q.x + q.y * q.y - rz * rz;
    if (std::fabs(a) > 1e-12f) {
        const float disc = b * b - a * c;
        if (disc >= 0) {
            const float s = std::sqrt(disc);
            for (float t : {(-b - s) / a, (-b + s) / a}) {
                const float z = q.z + d.z * t;
                if (t > kEps && t < h.t && z >= 0 && z <= height && r0 + k * z >= 0) {
                    const V3 hp = q + d * t;
                    h.t = t;
                    h.n = normalize({hp.x, hp.y, -k * (r0 + k * z)});
                    any = true;
                    break;
                }
            }
        }
    }
    // Caps.
    if (std::fabs(d.z) > 1e-12f) {
        for (int cap = 0; cap < 2; ++cap) {
            const float zc = cap == 0 ? height : 0.f, rc = cap == 0 ? r1 : r0;
            if (rc <= 0)
                continue;
            const float t = (zc - q.z) / d.z;
            if (t <= kEps || t >= h.t)
                continue;
            const V3 hp = q + d * t;
            if (hp.x * hp.x + hp.y * hp.y <= rc * rc) {
                h.t = t;
                h.n = cap == 0 ? V3{0, 0, 1} : V3{0, 0, -1};
                any = true;
            }
        }
    }
    return any;
}

bool hitPrim(const Prim& p, V3 o, V3 d, Hit& h)
{
    switch (p.shape) {
    case Shape::Ellipsoid:
        return hitEllipsoid(p, o, d, h);
    case Shape::Box:
        return hitBox(p, o, d, h);
    case Shape::Capsule:
        return hitCapsule(p, o, d, h);
    case Shape::Frustum:
        return hitFrustum(p, o, d, h);
    }
    return false;
}

} // namespace

bool Scene::trace(V3 o, V3 d, Hit& hit) const
{
    bool any = false;
    for (std::size_t i = 0; i < m_prims.size(); ++i)
        if (hitPrim(m_prims[i], o, d, hit)) {
            hit.prim = int(i);
            any = true;
        }
    return any;
}

bool Scene::occluded(V3 o, V3 d) const
{
    Hit h;
    return trace(o, d, h);
}

namespace {
/// Slightly spread light directions for soft shadows.
const V3 kLightJitter[4] = {{0.06f, 0.0f, 0.0f}, {-0.06f, 0.0f, 0.0f}, {0.0f, 0.06f, 0.03f}, {0.0f, -0.06f, -0.03f}};
} // namespace

Rgb Scene::shade(V3 p, V3 n, const Material& m, V3 viewDir) const
{
    const Rgb albedo = m.color(p, n);
    if (m.emissive)
        return albedo;
    // Lighting in model space: the light turns with the inverse of the model's rotation.
    const V3 lw = kLight;
    const V3 l = {lw.x * m_cos + lw.y * m_sin, -lw.x * m_sin + lw.y * m_cos, lw.z};
    float lit = 0;
    for (const V3& j : kLightJitter) {
        const V3 lj = normalize(l + j);
        if (dot(n, lj) > 0 && !occluded(p + n * 0.003f, lj))
            lit += 0.25f;
    }
    const float diff = std::max(0.f, dot(n, l));
    const float sky = 0.5f + 0.5f * n.z;
    // Contact darkening near the ground: objects sit on it instead of floating.
    const float contact = 0.72f + 0.28f * std::clamp(p.z / 0.18f, 0.f, 1.f);
    float k = (m_ambient * (0.7f + 0.3f * sky) + (1.f - m_ambient) * 1.05f * diff * lit) * contact;
    Rgb c = albedo * k;
    if (m.specular > 0 && lit > 0) {
        const V3 hv = normalize(l + viewDir);
        const float s = std::pow(std::max(0.f, dot(n, hv)), m.shininess) * m.specular * lit;
        c = c + Rgb{s, s, s * 0.95f};
    }
    if (m.glow)
        c = c + m.glow(p, n);
    return c;
}

void Scene::render(Canvas& out, int ox, int oy, int w, int h, float originX, float originY, int ss) const
{
    const V3 dWorld = normalize({-1.f, -1.f, -32.f / kHeightPx});
    const float z0 = 8.f;
    auto toModel = [&](V3 v, bool point) {
        const V3 q = point ? v - m_pivot : v;
        const V3 r{q.x * m_cos + q.y * m_sin, -q.x * m_sin + q.y * m_cos, q.z};
        return point ? r * (1.f / m_scale) + m_pivot : r;
    };
    const V3 d = toModel(dWorld, false);
    const V3 view = d * -1.f;
    for (int py = 0; py < h; ++py)
        for (int px = 0; px < w; ++px) {
            float sumA = 0;
            Rgb sumC;
            for (int j = 0; j < ss; ++j)
                for (int i = 0; i < ss; ++i) {
                    const float fx = float(px) + (float(i) + 0.5f) / float(ss) - originX;
                    const float fy = float(py) + (float(j) + 0.5f) / float(ss) - originY;
                    const float a = fx / 32.f, s = (fy + z0 * kHeightPx) / 16.f;
                    const V3 oWorld{(s + a) * 0.5f, (s - a) * 0.5f, z0};
                    const V3 o = toModel(oWorld, true);
                    Hit hit;
                    if (trace(o, d, hit)) {
                        const V3 p = o + d * hit.t;
                        const Rgb c = shade(p, hit.n, m_materials[std::size_t(m_prims[std::size_t(hit.prim)].material)], view);
                        sumC = sumC + c;
                        sumA += 1.f;
                        continue;
                    }
                    if (m_shadowStrength <= 0)
                        continue;
                    // Ground plane z = 0 (world and model agree on z).
                    const float t = z0 / -dWorld.z;
                    const V3 gw = oWorld + dWorld * t;
                    if (gw.x < m_shadow.x || gw.y < m_shadow.y || gw.x > m_shadow.z || gw.y > m_shadowY1)
                        continue;
                    const V3 g = toModel(gw, true);
                    const V3 l = toModel(kLight, false);
                    float shadow = 0;
                    for (const V3& jt : kLightJitter)
                        if (occluded(g + V3{0, 0, 0.002f}, normalize(l + jt)))
                            shadow += 0.25f;
                    if (shadow > 0) {
                        const float al = shadow * m_shadowStrength;
                        sumC = sumC + Rgb{0.05f, 0.06f, 0.12f} * al;
                        sumA += al;
                    }
                }
            if (sumA <= 0)
                continue;
            Rgba& dst = out.at(ox + px, oy + py);
            dst.a = sumA / float(ss * ss);
            dst.c = sumC * (1.f / sumA);
        }
}

} // namespace artgen
