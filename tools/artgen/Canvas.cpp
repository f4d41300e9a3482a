#include "tools/artgen/Canvas.hpp"

#include <SFML/Graphics/Image.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace artgen {

void Canvas::blend(int x, int y, Rgb c, float a)
{
    if (x < 0 || y < 0 || x >= m_w || y >= m_h || a <= 0.f)
        return;
    Rgba& d = at(x, y);
    const float outA = a + d.a * (1.f - a);
    if (outA <= 0.f)
        return;
    const float k = d.a * (1.f - a);
    d.c = {(c.r * a + d.c.r * k) / outA, (c.g * a + d.c.g * k) / outA, (c.b * a + d.c.b * k) / outA};
    d.a = outA;
}

void Canvas::paste(const Canvas& src, int x0, int y0)
{
    for (int y = 0; y < src.height(); ++y)
        for (int x = 0; x < src.width(); ++x)
            if (x0 + x >= 0 && y0 + y >= 0 && x0 + x < m_w && y0 + y < m_h)
                at(x0 + x, y0 + y) = src.at(x, y);
}

namespace {
std::uint8_t to8(float v)
{
    const float c = std::clamp(v, 0.f, 1.f);
    return std::uint8_t(std::lround(c * 255.f));
}
} // namespace

bool Canvas::savePng(const std::string& path) const
{
    sf::Image img;
    img.create(unsigned(m_w), unsigned(m_h), sf::Color::Transparent);
    for (int y = 0; y < m_h; ++y)
        for (int x = 0; x < m_w; ++x) {
            const Rgba& p = at(x, y);
            const std::uint8_t a = to8(p.a);
            if (a == 0)
                continue; // stays transparent black: no colour for a filter to bleed
            img.setPixel(unsigned(x), unsigned(y), sf::Color(to8(p.c.r), to8(p.c.g), to8(p.c.b), a));
        }
    // sf::Image picks the format from the extension, so the temporary name ends in .png too.
    const std::string tmp = path + ".tmp.png";
    if (!img.saveToFile(tmp))
        return false;
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    return !ec;
}

bool writeTextFile(const std::string& path, const std::string& text)
{
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            return false;
        out << text;
        if (!out)
            return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    return !ec;
}

float vnoise3(float x, float y, float z, std::uint32_t seed)
{
    const int ix = int(std::floor(x)), iy = int(std::floor(y)), iz = int(std::floor(z));
    const float tx = smooth(x - float(ix)), ty = smooth(y - float(iy)), tz = smooth(z - float(iz));
    auto v = [&](int a, int b, int c) { return hashf(a, b, c, seed); };
    auto lerp = [](float a, float b, float t) { return a + (b - a) * t; };
    const float x00 = lerp(v(ix, iy, iz), v(ix + 1, iy, iz), tx);
    const float x10 = lerp(v(ix, iy + 1, iz), v(ix + 1, iy + 1, iz), tx);
    const float x01 = lerp(v(ix, iy, iz + 1), v(ix + 1, iy, iz + 1), tx);
    const float x11 = lerp(v(ix, iy + 1, iz + 1), v(ix + 1, iy + 1, iz + 1), tx);
    return lerp(lerp(x00, x10, ty), lerp(x01, x11, ty), tz);
}

} // namespace artgen
