/// \file Synth.cpp
/// sfxgen's noise, filters, envelopes and WAV writer.
#include "tools/sfxgen/Synth.hpp"

#include <algorithm>
#include <cmath>

namespace sfxgen {

double Rng::uniform()
{
    std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return double(z >> 11) * (1.0 / 9007199254740992.0);  // 53 bits
}

Biquad Biquad::lowPass(double hz, double q)
{
    Biquad f;
    f.tune(hz, q, 0);
    return f;
}

Biquad Biquad::highPass(double hz, double q)
{
    Biquad f;
    f.tune(hz, q, 1);
    return f;
}

Biquad Biquad::bandPass(double hz, double q)
{
    Biquad f;
    f.tune(hz, q, 2);
    return f;
}

void Biquad::tune(double hz, double q, int kind)
{
    // RBJ's audio EQ cookbook: low pass, high pass, band pass (constant 0 dB peak gain).
    const double w = 2.0 * Pi * hz / Rate;
    const double cw = std::cos(w), alpha = std::sin(w) / (2.0 * q), a0 = 1 + alpha;
    if (kind == 0)
        b0 = (1 - cw) / 2, b1 = 1 - cw, b2 = (1 - cw) / 2;
    else if (kind == 1)
        b0 = (1 + cw) / 2, b1 = -(1 + cw), b2 = (1 + cw) / 2;
    else
        b0 = alpha, b1 = 0, b2 = -alpha;
    b0 /= a0, b1 /= a0, b2 /= a0;
    a1 = -2 * cw / a0, a2 = (1 - alpha) / a0;
}

double Biquad::operator()(double x)
{
    const double y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1, x1 = x, y2 = y1, y1 = y;
    return y;
}

std::size_t sampleCount(double seconds)
{
    return std::size_t(std::lround(seconds * Rate));
}

double attackDecay(double t, double start, double attack, double tau)
{
    const double u = t - start;
    if (u < 0.0)
        return 0.0;
    if (u < attack)
        return u / attack;
    return std::exp(-(u - attack) / tau);
}

void normalise(Samples& s, double peak)
{
    double top = 0.0;
    for (double v : s)
        top = std::max(top, std::fabs(v));
    if (top > 0.0)
        for (double& v : s)
            v *= peak / top;
}

void mixInto(Samples& dst, const Samples& src, std::size_t at, double gain)
{
    if (dst.size() < at + src.size())
        dst.resize(at + src.size(), 0.0);
    for (std::size_t i = 0; i < src.size(); ++i)
        dst[at + i] += gain * src[i];
}

void makeLoop(Samples& s, double fadeSec)
{
    const std::size_t fade = std::min(sampleCount(fadeSec), s.size() / 2);
    const std::size_t keep = s.size() - fade;
    for (std::size_t i = 0; i < fade; ++i) {
        const double a = (double(i) + 0.5) / double(fade);  // 0 -> 1 across the seam
        s[i] = s[i] * std::sin(a * Pi / 2) + s[keep + i] * std::cos(a * Pi / 2);
    }
    s.resize(keep);
}

void fadeEdges(Samples& s, double fadeSec)
{
    const std::size_t n = std::min(sampleCount(fadeSec), s.size() / 2);
    for (std::size_t i = 0; i < n; ++i) {
        const double g = double(i) / double(n);
        s[i] *= g;
        s[s.size() - 1 - i] *= g;
    }
}

std::string wavBytes(const Samples& s)
{
    std::string out;
    const auto u32 = [&](std::uint32_t v) {
        for (int k = 0; k < 4; ++k)
            out.push_back(char((v >> (8 * k)) & 0xFF));
    };
    const auto u16 = [&](std::uint16_t v) {
        out.push_back(char(v & 0xFF));
        out.push_back(char(v >> 8));
    };
    const std::uint32_t dataBytes = std::uint32_t(s.size() * 2);
    out += "RIFF";
    u32(36 + dataBytes);
    out += "WAVEfmt ";
    u32(16);
    u16(1);                 // PCM
    u16(1);                 // mono
    u32(Rate);
    u32(Rate * 2);          // bytes per second
    u16(2);                 // bytes per frame
    u16(16);                // bits per sample
    out += "data";
    u32(dataBytes);
    for (double v : s) {
        const long q = std::lround(std::clamp(v, -1.0, 1.0) * 32767.0);
        u16(std::uint16_t(std::int16_t(q)));
    }
    return out;
}

} // namespace sfxgen
