#pragma once
/// \file Canvas.hpp
/// artgen's pixel buffer (float RGBA, straight alpha), deterministic hash noise (tileable when
/// asked), and atomic PNG writing through sf::Image. Everything here is pure arithmetic on fixed
/// seeds, so the same program writes the same bytes on every run.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace artgen {

struct Rgb {
    float r = 0, g = 0, b = 0;
};
inline Rgb operator*(Rgb c, float k) { return {c.r * k, c.g * k, c.b * k}; }
inline Rgb operator*(Rgb a, Rgb b) { return {a.r * b.r, a.g * b.g, a.b * b.b}; }
inline Rgb operator+(Rgb a, Rgb b) { return {a.r + b.r, a.g + b.g, a.b + b.b}; }
inline Rgb mix(Rgb a, Rgb b, float t) { return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t}; }
/// 0xRRGGBB to a colour in 0..1.
inline Rgb hex(std::uint32_t v)
{
    return {float((v >> 16) & 255) / 255.f, float((v >> 8) & 255) / 255.f, float(v & 255) / 255.f};
}

struct Rgba {
    Rgb c;
    float a = 0;
};

/// A float RGBA image with straight (not premultiplied) alpha.
class Canvas {
public:
    Canvas(int w, int h) : m_w(w), m_h(h), m_px(std::size_t(w) * std::size_t(h)) {}
    int width() const { return m_w; }
    int height() const { return m_h; }
    Rgba& at(int x, int y) { return m_px[std::size_t(y) * std::size_t(m_w) + std::size_t(x)]; }
    const Rgba& at(int x, int y) const { return m_px[std::size_t(y) * std::size_t(m_w) + std::size_t(x)]; }
    /// "Over" composite of a straight-alpha colour onto pixel (x, y); ignores pixels outside.
    void blend(int x, int y, Rgb c, float a);
    /// Copies `src` with its top-left corner at (x, y).
    void paste(const Canvas& src, int x, int y);
    /// Writes an 8-bit PNG atomically (temporary file beside the target, then rename).
    /// Alpha below 1/255 is written as fully transparent black so no stray colour hides there.
    bool savePng(const std::string& path) const;

private:
    int m_w, m_h;
    std::vector<Rgba> m_px;
};

/// Writes text to `path` atomically (temp + rename). Returns false on failure.
bool writeTextFile(const std::string& path, const std::string& text);

// ---------------------------------------------------------------------------------------------
// Noise: integer hashing, so results never depend on the platform's rand().

inline std::uint32_t hash3(int x, int y, int z, std::uint32_t seed)
{
    std::uint32_t h = seed * 0x9E3779B1u;
    h ^= std::uint32_t(x) * 0x85EBCA77u;
    h = (h << 13) | (h >> 19);
    h ^= std::uint32_t(y) * 0xC2B2AE3Du;
    h = (h << 11) | (h >> 21);
    h ^= std::uint32_t(z) * 0x27D4EB2Fu;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return h;
}
/// Uniform in [0, 1).
inline float hashf(int x, int y, int z, std::uint32_t seed)
{
    return float(hash3(x, y, z, seed) >> 8) / 16777216.0f;
}

inline constexpr float kPi = 3.14159265f;

inline float smooth(float t) { return t * t * (3.f - 2.f * t); }
inline int wrap(int v, int period) { return period > 0 ? ((v % period) + period) % period : v; }

/// Value noise in [0,1] on a lattice of `freq` cells per unit; periodic with period 1 unit in x
/// and y when `tile` is true (so neighbouring tiles meet without a seam).
inline float vnoise2(float x, float y, int freq, std::uint32_t seed, bool tile = true)
{
    const float fx = x * float(freq), fy = y * float(freq);
    const int ix = int(std::floor(fx)), iy = int(std::floor(fy));
    const float tx = smooth(fx - float(ix)), ty = smooth(fy - float(iy));
    const int p = tile ? freq : 0;
    auto v = [&](int a, int b) { return hashf(wrap(a, p), wrap(b, p), 0, seed); };
    const float a = v(ix, iy) + (v(ix + 1, iy) - v(ix, iy)) * tx;
    const float b = v(ix, iy + 1) + (v(ix + 1, iy + 1) - v(ix, iy + 1)) * tx;
    return a + (b - a) * ty;
}
/// Fractal sum of vnoise2, octaves doubling the frequency; result in [0,1].
inline float fbm2(float x, float y, int freq, int octaves, std::uint32_t seed, bool tile = true)
{
    float sum = 0, amp = 1, norm = 0;
    for (int o = 0; o < octaves; ++o) {
        sum += amp * vnoise2(x, y, freq << o, seed + std::uint32_t(o) * 7919u, tile);
        norm += amp;
        amp *= 0.5f;
    }
    return sum / norm;
}
/// 3D value noise in [0,1] (not tileable), for textures on traced objects.
float vnoise3(float x, float y, float z, std::uint32_t seed);

} // namespace artgen
